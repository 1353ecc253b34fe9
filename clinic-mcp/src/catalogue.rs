//! The catalogue: every tool the server can ever offer, in one explicit list. The tools
//! themselves (arguments, outputs, handlers) live in `crate::tools`, one module per domain.
//!
//! A list (not linker-section registration) keeps the catalogue reviewable in one place,
//! deterministic, and impossible for another linked crate to extend (ASI04). `catalogue!` also
//! asserts in const evaluation that no tool description names another tool of the list.

use crate::tool::ToolDef;
pub use crate::tools::NoArgs;
pub use crate::tools::appointments::{
    BOOK_APPOINTMENT, CANCEL_APPOINTMENT, GET_APPOINTMENT, LIST_MY_APPOINTMENTS,
    RESCHEDULE_APPOINTMENT,
};
pub use crate::tools::clinical::{ESCALATE_TO_ONCALL, RECORD_INTAKE, SEARCH_PROTOCOLS};
pub use crate::tools::doctors::{LIST_DOCTORS, LIST_SPECIALTIES, Specialties};
pub use crate::tools::schedule::{CONFIRM_APPOINTMENT, LIST_DOCTOR_SCHEDULE, REJECT_APPOINTMENT};
pub use crate::tools::slots::FIND_AVAILABLE_SLOTS;

/// Build the catalogue slice from tool definitions and assert, at compile time, that no tool's
/// description names another tool of the list (rule `cross_tool`).
#[macro_export]
macro_rules! catalogue {
    ($($tool:path),+ $(,)?) => {{
        const LIST: &[$crate::ToolDef] = &[$($tool),+];
        const _: () = {
            let mut i = 0;
            while i < LIST.len() {
                let mut j = 0;
                while j < LIST.len() {
                    if i != j && $crate::__private::mentions_tool(LIST[i].description, LIST[j].name) {
                        panic!("policy rule `cross_tool`: a tool description names another tool of the catalogue; describe what the tool does and returns without pointing at other tools");
                    }
                    j += 1;
                }
                i += 1;
            }
        };
        LIST
    }};
}

/// Every tool, all profiles and roles. The server registers the subset a session may reach.
pub static CATALOGUE: &[ToolDef] = catalogue![
    LIST_SPECIALTIES,
    LIST_DOCTORS,
    FIND_AVAILABLE_SLOTS,
    LIST_MY_APPOINTMENTS,
    GET_APPOINTMENT,
    BOOK_APPOINTMENT,
    RESCHEDULE_APPOINTMENT,
    CANCEL_APPOINTMENT,
    RECORD_INTAKE,
    LIST_DOCTOR_SCHEDULE,
    CONFIRM_APPOINTMENT,
    REJECT_APPOINTMENT,
    SEARCH_PROTOCOLS,
    ESCALATE_TO_ONCALL,
];
