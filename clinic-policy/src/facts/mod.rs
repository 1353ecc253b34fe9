//! What the clinic API does, against which a text is read: its changing acts are open at every
//! hour and ask for no form, an act takes the statuses it takes, the escalation goes to the
//! clinic's oncall doctor now, the next step in an emergency is the emergency line, a status
//! is said as itself, and a code or a status glossed says what the contract gives it for. A
//! text that narrows, moves or glosses one of these tells the agent to refuse or misdirect a
//! patient.

mod actors;
mod acts;
pub mod answers;
mod bodies;
mod bounds;
mod callers;
mod cases;
mod duty;
mod errors;
mod examples;
mod filters;
mod glosses;
mod hidden;
mod holdings;
mod ids;
mod kept;
mod outcomes;
mod practice;
mod precision;
mod restrictions;
mod roles;
mod search;
mod values;
mod views;
mod visit;
mod waits;

use crate::codes::known_route;
pub(crate) use crate::codes::{http_status, known_code, lost_code, refused_code};
pub(crate) use acts::*;
pub(crate) use bodies::{
    contact_point_asked, contact_promised, escalation_moves_the_visit, move_said_new,
    move_said_two_acts, name_the_route_drops, notice_promised, read_told, text_the_route_drops,
    value_beyond_the_args,
};
use bounds::*;
pub(crate) use callers::*;
pub(crate) use duty::{error_text_ordered, oncall_duty_claimed};
use errors::*;
pub(crate) use filters::{flag_said, list_filter_invented, matched_in_any_case};
use glosses::*;
use hidden::hidden_code_misstated;
pub(crate) use holdings::{holding_invented, person_datum_held};
pub(crate) use ids::*;
use kept::{free_text_logged, kept_by_the_server};
pub(crate) use practice::practice_claimed;
pub(crate) use restrictions::*;
pub(crate) use roles::{callers_of, credential_of_another, role_misstated};
pub(crate) use values::*;
pub(crate) use views::{effect_deferred_to_a_person, view_after_act_misstated};
pub(crate) use visit::{doctor_reassigned, earlier_held, slot_name_narrowed, visit_misstated};

use crate::lang::words::{own_effects, tokens};
use crate::types::Violation;

/// The triage levels and the bands of severity the clinic API computes them from (0 to 10):
/// severity 8 or more is `urgent`, 5 or more `elevated`, else `routine`.
const TRIAGE_BANDS: [(&str, u32, u32); 3] =
    [("routine", 0, 4), ("elevated", 5, 7), ("urgent", 8, 10)];

/// The triage levels' names, as [`TRIAGE_BANDS`] gives them.
const TRIAGE_LEVELS: [&str; 3] = [TRIAGE_BANDS[0].0, TRIAGE_BANDS[1].0, TRIAGE_BANDS[2].0];

/// The values an appointment's priority takes (the contract): `normal`, and `urgent` after the
/// escalation.
const PRIORITIES: &[&str] = &["normal", "urgent"];

/// What a text says of the contract's codes and values, read on one tokenization: an error said
/// for a case the contract does not give it for, a code or a status glossed with none of its
/// meaning, `isAvailable` glossed against the API, a length or a range the API does not hold a
/// value to, a triage level said with another band of severity, and a rejection's reason written
/// for the clinic's people rather than its patient. `answer`: the text describes a field of the
/// tool's answer, not an argument.
pub(crate) fn codes_and_values(text: &str, tool: &str, answer: bool, out: &mut Vec<Violation>) {
    let toks = tokens(text);
    let takes = statuses_an_act_takes(&own_effects(tool));
    made_up_error(text, &toks, tool, takes, out);
    code_of_another_tool(text, &toks, tool, out);
    rate_misstated(text, &toks, tool, out);
    examples::example_plays_down(&toks, tool, out);
    waits::act_waits_for_release(&toks, tool, out);
    precision::time_said_coarse(&toks, tool, out);
    page_past_end(&toks, tool, out);
    key_reuse_refused(&toks, out);
    status_of_another_code(text, &toks, out);
    hidden_code_misstated(text, &toks, tool, out);
    free_text_logged(&toks, out);
    kept_by_the_server(&toks, out);
    code_glossed(text, &toks, takes, known_route(tool), out);
    failure_unmade(text, &toks, tool, out);
    outcomes::code_glossed_as_empty(text, &toks, tool, out);
    outcomes::unknown_specialty_said_empty(&toks, tool, out);
    outcomes::too_broad_misread(&toks, tool, out);
    outcomes::empty_search_widened(text, &toks, tool, out);
    bodies::text_said_to_choose(text, &toks, tool, out);
    search::question_answered(&toks, tool, out);
    search::excerpt_at_the_match(&toks, tool, out);
    answers::open_slots_said(&toks, tool, out);
    outcomes::unknown_doctor_misread(&toks, tool, out);
    status_value_glossed(text, &toks, out);
    actors::status_actor_misstated(&toks, out);
    actors::act_by_another_role(text, &toks, out);
    actors::reason_writer_misstated(text, &toks, tool, out);
    actors::text_default_invented(text, &toks, out);
    actors::move_said_to_keep(&toks, tool, out);
    availability_glossed(text, &toks, out);
    bound_misstated(text, &toks, tool, out);
    let bounded_arg = crate::served::args_of(tool).any(|a| a.bounds.is_some());
    bound_bent(text, &toks, tool, bounded_arg, answer, out);
    value_said_absent(text, &toks, out);
    band_misstated(text, &toks, tool, out);
    patients_value_withheld(&toks, out);
    reason_kept_among_staff(&toks, tool, out);
    let doctors_only = callers_of(tool).is_some_and(|c| c.contains(&"doctor") && c.len() == 2);
    crate::served::served_misstated(
        text,
        &toks,
        tool,
        (lists_over_all_time(tool), doctors_only),
        out,
    );
    crate::served::absence_misread(&toks, tool, answer, out);
    // (what this server's answers hold and its doctors have is read for its own tools)
    if answers::output_of(tool).is_some() {
        answers::one_said_many(&toks, out);
        answers::one_held_said_many(&toks, out);
        answers::level_values_invented(&toks, out);
    }
    id_source_misstated(&toks, tool, out);
    id_order_claimed(&toks, out);
    crate::served::one_id_said_many(&toks, tool, answer, out);
}

/// Whether a tool answers a list and takes no time to narrow it by: its list holds what it holds
/// whenever it happened (a patient's or a doctor's appointments, the protocols, the doctors).
fn lists_over_all_time(tool: &str) -> bool {
    answers::output_of(tool)
        .is_some_and(|fields| fields.iter().any(|f| f.value == answers::Value::List))
        && !crate::served::args_of(tool).any(|a| a.form == crate::served::Form::Instant)
}
