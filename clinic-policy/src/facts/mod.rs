//! What the clinic API does, against which a text is read: its changing acts are open at every
//! hour and ask for no form, an act takes the statuses it takes, the escalation goes to the
//! clinic's oncall doctor now, the next step in an emergency is the emergency line, a status
//! is said as itself, and a code or a status glossed says what the contract gives it for. A text that narrows, moves or glosses one of these tells the agent to refuse
//! or misdirect a patient.

mod acts;
mod callers;
mod errors;
mod glosses;
mod ids;
mod values;

pub(crate) use acts::*;
pub(crate) use callers::*;
pub(crate) use errors::*;
pub(crate) use glosses::*;
pub(crate) use ids::*;
pub(crate) use values::*;
