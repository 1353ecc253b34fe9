//! The source-reading red teams' probes (`data/redteam2/` to `data/redteam74/`): training data,
//! not a held-out measure. The rules were changed by class with them in view; this test pins how
//! many the strict gate still serves, so a class cannot quietly reopen, and holds the
//! counter-cases that must keep passing, with the spent writability sets' rewritten lines.

use clinic_policy::{Field, check_strict, check_strict_output};
use serde_json::Value;

const SIBLINGS: &[&str] = &[
    "list_specialties",
    "list_doctors",
    "find_available_slots",
    "get_slots",
    "get_appointment",
    "list_my_appointments",
    "get_intake",
    "get_opening_hours",
    "get_protocol",
    "search_protocols",
    "get_waiting_list_position",
    "book_appointment",
    "cancel_appointment",
    "reschedule_appointment",
    "confirm_appointment",
    "reject_appointment",
    "escalate_appointment",
    "submit_intake",
    "record_intake",
    "escalate_to_oncall",
    "join_waiting_list",
];

/// Each round's probe file, how many probes it holds, and how many the strict gate still serves.
/// The served ones are classes recorded as left in `docs/POLICY.md` Part 3, which gives each
/// round's findings and the readings that closed them; a pin moves only with a rule change, in
/// the same commit.
const ROUNDS: &[(&str, usize, usize)] = &[
    (include_str!("data/redteam2/served.jsonl"), 70, 0),
    (include_str!("data/redteam3/served.jsonl"), 52, 3),
    (include_str!("data/redteam4/served.jsonl"), 48, 1),
    (include_str!("data/redteam5/served.jsonl"), 65, 0),
    (include_str!("data/redteam6/served.jsonl"), 66, 1),
    (include_str!("data/redteam7/served.jsonl"), 78, 4),
    (include_str!("data/redteam8/served.jsonl"), 87, 12),
    (include_str!("data/redteam9/served.jsonl"), 104, 2),
    (include_str!("data/redteam10/served.jsonl"), 91, 3),
    (include_str!("data/redteam11/served.jsonl"), 76, 1),
    (include_str!("data/redteam12/served.jsonl"), 140, 4),
    (include_str!("data/redteam13/served.jsonl"), 96, 5),
    (include_str!("data/redteam14/served.jsonl"), 114, 6),
    (include_str!("data/redteam15/served.jsonl"), 80, 0),
    (include_str!("data/redteam16/served.jsonl"), 89, 1),
    (include_str!("data/redteam17/served.jsonl"), 77, 6),
    (include_str!("data/redteam18/served.jsonl"), 91, 15),
    (include_str!("data/redteam19/served.jsonl"), 38, 0),
    (include_str!("data/redteam20/served.jsonl"), 44, 1),
    (include_str!("data/redteam21/served.jsonl"), 54, 0),
    (include_str!("data/redteam22/served.jsonl"), 96, 2),
    (include_str!("data/redteam23/served.jsonl"), 97, 0),
    (include_str!("data/redteam24/served.jsonl"), 84, 3),
    (include_str!("data/redteam25/served.jsonl"), 74, 10),
    (include_str!("data/redteam26/served.jsonl"), 115, 9),
    (include_str!("data/redteam27/served.jsonl"), 112, 5),
    (include_str!("data/redteam28/served.jsonl"), 167, 17),
    (include_str!("data/redteam29/served.jsonl"), 179, 36),
    (include_str!("data/redteam30/served.jsonl"), 221, 58),
    (include_str!("data/redteam31/served.jsonl"), 234, 6),
    (include_str!("data/redteam32/served.jsonl"), 196, 23),
    (include_str!("data/redteam33/served.jsonl"), 240, 24),
    (include_str!("data/redteam34/served.jsonl"), 200, 14),
    (include_str!("data/redteam35/served.jsonl"), 211, 19),
    (include_str!("data/redteam36/served.jsonl"), 156, 37),
    (include_str!("data/redteam37/served.jsonl"), 154, 29),
    (include_str!("data/redteam38/served.jsonl"), 165, 51),
    (include_str!("data/redteam39/served.jsonl"), 129, 19),
    (include_str!("data/redteam40/served.jsonl"), 138, 29),
    (include_str!("data/redteam41/served.jsonl"), 103, 22),
    (include_str!("data/redteam42/served.jsonl"), 84, 11),
    (include_str!("data/redteam43/served.jsonl"), 82, 9),
    (include_str!("data/redteam44/served.jsonl"), 76, 12),
    (include_str!("data/redteam45/served.jsonl"), 60, 12),
    (include_str!("data/redteam46/served.jsonl"), 87, 2),
    (include_str!("data/redteam47/served.jsonl"), 84, 6),
    (include_str!("data/redteam48/served.jsonl"), 135, 5),
    (include_str!("data/redteam49/served.jsonl"), 120, 5),
    (include_str!("data/redteam50/served.jsonl"), 137, 0),
    (include_str!("data/redteam51/served.jsonl"), 196, 4),
    (include_str!("data/redteam52/served.jsonl"), 236, 7),
    (include_str!("data/redteam53/served.jsonl"), 261, 28),
    (include_str!("data/redteam54/served.jsonl"), 207, 6),
    (include_str!("data/redteam55/served.jsonl"), 130, 14),
    (include_str!("data/redteam56/served.jsonl"), 98, 1),
    (include_str!("data/redteam57/served.jsonl"), 92, 0),
    (include_str!("data/redteam58/served.jsonl"), 90, 0),
    (include_str!("data/redteam59/served.jsonl"), 46, 0),
    (include_str!("data/redteam60/served.jsonl"), 62, 0),
    (include_str!("data/redteam61/served.jsonl"), 79, 0),
    (include_str!("data/redteam62/served.jsonl"), 39, 0),
    (include_str!("data/redteam63/served.jsonl"), 36, 1),
    (include_str!("data/redteam64/served.jsonl"), 33, 0),
    (include_str!("data/redteam65/served.jsonl"), 30, 0),
    (include_str!("data/redteam66/served.jsonl"), 40, 0),
    (include_str!("data/redteam67/served.jsonl"), 44, 1),
    (include_str!("data/redteam68/served.jsonl"), 47, 0),
    (include_str!("data/redteam69/served.jsonl"), 54, 0),
    (include_str!("data/redteam70/served.jsonl"), 36, 0),
    (include_str!("data/redteam71/served.jsonl"), 44, 0),
    (include_str!("data/redteam72/served.jsonl"), 45, 0),
    (include_str!("data/redteam73/served.jsonl"), 70, 1),
    (include_str!("data/redteam74/served.jsonl"), 44, 2),
];

fn mutates(tool: &str) -> bool {
    [
        "book",
        "cancel",
        "reschedule",
        "confirm",
        "reject",
        "escalate",
        "submit",
        "join",
        "record",
    ]
    .iter()
    .any(|p| tool.starts_with(p))
}

fn strict(tool: &str, field: &str, text: &str) -> usize {
    let others: Vec<&str> = SIBLINGS.iter().copied().filter(|s| *s != tool).collect();
    let m = mutates(tool);
    match field {
        "param_description" => check_strict(Field::ParamDescription, text, tool, &others, m),
        "output_description" => check_strict_output(Field::ParamDescription, text, tool, m),
        "title" => check_strict(Field::Title, text, tool, &others, m),
        "param_name" => check_strict(Field::ParamName, text, tool, &others, m),
        _ => check_strict(Field::ToolDescription, text, tool, &others, m),
    }
    .len()
}

/// The (tool, field, text) of each JSON line of a data file; other lines are skipped.
fn cases(file: &str) -> impl Iterator<Item = (String, String, String)> + '_ {
    file.lines().filter_map(|line| {
        let v = serde_json::from_str::<Value>(line).ok()?;
        let get = |k: &str| v[k].as_str().map(str::to_owned);
        Some((get("tool")?, get("field")?, get("text")?))
    })
}

#[test]
fn the_red_team_probes_are_refused_but_the_recorded_few() {
    for &(file, probes, still_served) in ROUNDS {
        let mut served = Vec::new();
        let mut n = 0;
        for (tool, field, text) in cases(file) {
            n += 1;
            if strict(&tool, &field, &text) == 0 {
                served.push(format!("{tool}/{field}: {text}"));
            }
        }
        assert_eq!(n, probes, "the probe file is the one committed");
        assert_eq!(served.len(), still_served, "served:\n{}", served.join("\n"));
    }
}

/// The rewritten lines of the spent writability sets (`data/fresh2/` to `data/fresh50/`, written
/// by people who read only `docs/POLICY.md`): how many pass the strict gate with their tool is
/// pinned, so a rule that refuses a plain statement shows here before it reaches a writer.
const REWRITTEN: &[(&str, usize)] = &[
    (include_str!("data/fresh2/rewritten.jsonl"), 10),
    (include_str!("data/fresh3/rewritten.jsonl"), 11),
    (include_str!("data/fresh4/rewritten.jsonl"), 8),
    (include_str!("data/fresh5/rewritten.jsonl"), 11),
    (include_str!("data/fresh6/rewritten.jsonl"), 18),
    (include_str!("data/fresh7/rewritten.jsonl"), 16),
    (include_str!("data/fresh8/rewritten.jsonl"), 15),
    (include_str!("data/fresh9/rewritten.jsonl"), 20),
    (include_str!("data/fresh10/rewritten.jsonl"), 23),
    (include_str!("data/fresh11/rewritten.jsonl"), 22),
    (include_str!("data/fresh12/rewritten.jsonl"), 23),
    (include_str!("data/fresh14/rewritten.jsonl"), 24),
    (include_str!("data/fresh15/rewritten.jsonl"), 22),
    (include_str!("data/fresh16/rewritten.jsonl"), 20),
    (include_str!("data/fresh17/rewritten.jsonl"), 23),
    (include_str!("data/fresh18/rewritten.jsonl"), 22),
    (include_str!("data/fresh20/rewritten.jsonl"), 27),
    (include_str!("data/fresh21/rewritten.jsonl"), 24),
    (include_str!("data/fresh22/rewritten.jsonl"), 21),
    (include_str!("data/fresh23/rewritten.jsonl"), 26),
    (include_str!("data/fresh24/rewritten.jsonl"), 25),
    (include_str!("data/fresh25/rewritten.jsonl"), 23),
    (include_str!("data/fresh26/rewritten.jsonl"), 27),
    (include_str!("data/fresh27/rewritten.jsonl"), 24),
    (include_str!("data/fresh28/rewritten.jsonl"), 25),
    (include_str!("data/fresh29/rewritten.jsonl"), 24),
    (include_str!("data/fresh30/rewritten.jsonl"), 23),
    (include_str!("data/fresh31/rewritten.jsonl"), 27),
    (include_str!("data/fresh32/rewritten.jsonl"), 20),
    (include_str!("data/fresh33/rewritten.jsonl"), 20),
    (include_str!("data/fresh34/rewritten.jsonl"), 20),
    (include_str!("data/fresh35/rewritten.jsonl"), 23),
    (include_str!("data/fresh36/rewritten.jsonl"), 22),
    (include_str!("data/fresh37/rewritten.jsonl"), 22),
    (include_str!("data/fresh38/rewritten.jsonl"), 28),
    (include_str!("data/fresh39/rewritten.jsonl"), 29),
    (include_str!("data/fresh40/rewritten.jsonl"), 28),
    (include_str!("data/fresh41/rewritten.jsonl"), 27),
    (include_str!("data/fresh42/rewritten.jsonl"), 29),
    (include_str!("data/fresh43/rewritten.jsonl"), 28),
    (include_str!("data/fresh44/rewritten.jsonl"), 29),
    (include_str!("data/fresh45/rewritten.jsonl"), 25),
    (include_str!("data/fresh46/rewritten.jsonl"), 27),
    (include_str!("data/fresh47/rewritten.jsonl"), 27),
    (include_str!("data/fresh48/rewritten.jsonl"), 27),
    (include_str!("data/fresh49/rewritten.jsonl"), 29),
    (include_str!("data/fresh50/rewritten.jsonl"), 30),
];

#[test]
fn the_spent_writability_sets_pass_as_pinned() {
    for &(file, pinned) in REWRITTEN {
        let mut passed = 0;
        let mut refused = Vec::new();
        for (tool, field, text) in cases(file) {
            if strict(&tool, &field, &text) == 0 {
                passed += 1;
            } else {
                refused.push(format!("{tool}/{field}: {text}"));
            }
        }
        assert_eq!(passed, pinned, "refused:\n{}", refused.join("\n"));
    }
}

#[test]
fn texts_of_the_same_shapes_still_pass() {
    for (tool, field, text) in [
        // fresh22's first-try lines a writer could not foresee being refused: a code in capitals
        // names the state it reports, "rate" opens a code as a noun, an unknown value of a kind
        // ranks no source, and a birth date is an age
        (
            "find_available_slots",
            "tool_description",
            "Find open slots of one doctor. A slot open at the search can be unavailable at the booking, with the error `SLOT_TAKEN`.",
        ),
        // a JSON type is a value's form after "is", as "a string" is (fresh22's first try)
        (
            "get_slots",
            "tool_description",
            "Get every open slot of one doctor, earliest first. The field `isAvailable` of each slot is a boolean.",
        ),
        (
            "submit_intake",
            "param_description",
            "Severity of the pain; the value is an integer from 0 to 10.",
        ),
        (
            "book_appointment",
            "tool_description",
            "Book an open slot for the authenticated patient. Over the rate limit, the answer is the error `RATE_LIMITED`.",
        ),
        (
            "list_doctors",
            "param_description",
            "Optional specialty, as returned by list_specialties. An unknown specialty gives an error, not an empty list.",
        ),
        (
            "join_waiting_list",
            "param_description",
            "Birth date of the patient, in the format `YYYY-MM-DD`.",
        ),
        (
            "book_appointment",
            "tool_description",
            "Book the given slot for the authenticated patient. The booking fails with `SLOT_TAKEN` when the slot is taken.",
        ),
        (
            "list_doctor_appointments",
            "output_description",
            "Note of the doctor, seen by doctors only.",
        ),
        (
            "find_available_slots",
            "output_description",
            "Slot id, the value to give to book_appointment.",
        ),
        (
            "cancel_appointment",
            "param_description",
            "Id of the appointment, as returned by list_my_appointments.",
        ),
        (
            "book_visit",
            "tool_description",
            "Book an open slot for the authenticated patient. The patient gets a reminder one day before the visit.",
        ),
        (
            "confirm_appointment",
            "tool_description",
            "Confirm one pending appointment. Only for doctors of the clinic.",
        ),
        (
            "register_patient",
            "param_description",
            "Phone number of the patient, for example +15550100.",
        ),
        (
            "search_protocols",
            "param_description",
            "Words to search for in the protocols, for example asthma.",
        ),
        ("get_appointment", "param_name", "appointment_id"),
        ("book_appointment", "param_name", "slot_id"),
        (
            "list_clinic_doctors",
            "tool_description",
            "List the doctors of the clinic. Deprecated; replaced by find_doctors.",
        ),
        (
            "list_my_appointments",
            "tool_description",
            "List the appointments of the authenticated patient, newest last.",
        ),
        (
            "find_available_slots",
            "output_description",
            "Slot id, the value to book.",
        ),
        (
            "get_intake",
            "output_description",
            "Question of the intake form, as shown to the patient.",
        ),
        (
            "find_available_slots",
            "param_description",
            "Number of the page of results, from 1. Default: 1.",
        ),
        ("list_doctor_schedule", "title", "List my schedule"),
        (
            "join_waiting_list",
            "param_description",
            "Latest date of a slot offered to the patient.",
        ),
        (
            "book_appointment",
            "output_description",
            "`SLOT_TAKEN` means the slot was booked by another patient first.",
        ),
        (
            "get_intake",
            "param_description",
            "Id of the appointment, as returned by get_appointment or list_my_appointments.",
        ),
        (
            "confirm_appointment",
            "tool_description",
            "Confirm one pending appointment. An appointment that is not pending gives 422 `INVALID_TRANSITION`.",
        ),
        (
            "reschedule_appointment",
            "tool_description",
            "Move one appointment to another open slot. Only for pending or confirmed appointments, before the visit starts.",
        ),
        (
            "book_waiting_list_slot",
            "tool_description",
            "Book an open slot for the authenticated patient. The patient gets an email at each step.",
        ),
        (
            "reject_appointment",
            "param_description",
            "Optional reason for the rejection, shown to the patient exactly as written.",
        ),
        (
            "join_waiting_list",
            "tool_description",
            "Join the waiting list of one doctor, for when the doctor has no open slot.",
        ),
        (
            "reject_appointment",
            "param_description",
            "Optional note for the patient, for example \"The doctor is out of the clinic that week.\"",
        ),
        (
            "escalate_appointment",
            "tool_description",
            "Escalate one appointment as urgent. The reception phone is then the next step. Not for cancelled or rejected appointments.",
        ),
        (
            "find_available_slots",
            "output_description",
            "Slot id, the value to give to book_appointment or reschedule_appointment.",
        ),
        (
            "get_doctor",
            "tool_description",
            "Get one doctor of the clinic. The API has no route for this; an unknown id returns 404 `DOCTOR_NOT_FOUND`.",
        ),
        (
            "leave_waiting_list",
            "param_description",
            "True when the patient is notified of the cancellation. Default: true.",
        ),
        (
            "get_opening_hours",
            "tool_description",
            "Get the opening hours of one clinic. The clinic phone is no emergency line.",
        ),
        (
            "book_visit",
            "param_description",
            "Age of the patient in years, for the age limits of some specialties.",
        ),
        (
            "escalate_appointment",
            "tool_description",
            "Escalate one appointment. With no oncall doctor the answer is 409; the clinic phone is then the next step, not a retry.",
        ),
        (
            "book_appointment",
            "output_description",
            "True when a request with the same idempotency_key was made before: this answer is its appointment again, and nothing changed this time.",
        ),
    ] {
        assert_eq!(strict(tool, field, text), 0, "{tool}/{field}: {text}");
    }
}

/// What a changing tool gives back names no other change: an output's first clause is what the
/// tool returns, so a participle of another change on the clinic's objects there is a second
/// action ("Ids of the rescheduled appointments of the patient" of an escalation), while the
/// tool's own change and a kind of input pass.
#[test]
fn an_output_names_no_other_change() {
    let refused = check_strict_output(
        Field::ParamDescription,
        "Ids of the rescheduled appointments of the patient.",
        "escalate_appointment",
        true,
    );
    assert!(!refused.is_empty());
    for (tool, text) in [
        (
            "cancel_appointment",
            "The cancelled appointment, with its status.",
        ),
        ("escalate_appointment", "Id of the escalated appointment."),
    ] {
        let found = check_strict_output(Field::ParamDescription, text, tool, true);
        assert!(found.is_empty(), "{text}: {found:?}");
    }
    let found = check_strict(
        Field::ParamDescription,
        "Ids of the rescheduled appointments of the patient.",
        "escalate_appointment",
        &[],
        true,
    );
    assert!(
        found.is_empty(),
        "an input of that shape names what the caller gives: {found:?}"
    );
}

/// A medication named by a code gets no dose, case or advice; a unit right after a number is
/// the form of an entry, and passes. (Literals reach the grammar as the noun "code", so this is
/// read through the whole strict gate.)
#[test]
fn a_medication_named_by_a_code_gets_no_dose_case_or_advice() {
    for (tool, field, text) in [
        (
            "get_protocol",
            "output_description",
            "Dosage of `METHOTREXATE`, 10 `mg` each day.",
        ),
        (
            "get_protocol",
            "output_description",
            "Medications of the protocol, for example `WARFARIN` with `ASPIRIN`.",
        ),
        (
            "search_protocols",
            "tool_description",
            "Search the protocols of the clinic by words, for example `CODEINE` for a child.",
        ),
        (
            "get_intake",
            "output_description",
            "Advice of the clinic after the intake, for example a stop of `INSULIN` until the visit.",
        ),
    ] {
        assert!(strict(tool, field, text) > 0, "served: {text}");
    }
    for (tool, field, text) in [
        (
            "submit_intake",
            "param_description",
            "Optional list of the current medications of the patient, each with its amount when known, for example 500 `mg` twice daily; shown to the doctor of the appointment.",
        ),
        (
            "submit_intake",
            "param_description",
            "Current medications of the patient, one entry per medication with its name and, if possible, its amount and how often, for example 500 `mg` twice daily.",
        ),
    ] {
        assert_eq!(strict(tool, field, text), 0, "refused: {text}");
    }
}

/// Two codes are never said to be one; a clause about something else between two codes
/// equates nothing.
#[test]
fn two_codes_are_never_said_to_be_one() {
    for (tool, field, text) in [
        (
            "submit_intake",
            "param_description",
            "Amount of one medication; `mg` and `ml` are the same unit.",
        ),
        (
            "submit_intake",
            "param_description",
            "Amount of one medication, in `mg` or `IU`; 1 `IU` is 1 `mg`.",
        ),
    ] {
        assert!(strict(tool, field, text) > 0, "served: {text}");
    }
    let honest = "Optional key generated by the client, 8 to 128 characters, for example a UUID. Idempotent for the same key and slot; another `slotId` with the same key returns `IDEMPOTENCY_KEY_CONFLICT` (422).";
    assert_eq!(
        strict("book_appointment", "param_description", honest),
        0,
        "refused: {honest}"
    );
}
