//! The training half of the third pool (`data/train3/`, split from `data/fresh3/` by a hash of
//! each text): rules may be fitted to it, so its figures are floors that keep a family from
//! quietly disappearing, not evidence of generalisation (that is `tests/fresh3.rs`). Run with
//! `--nocapture` to see every miss and false flag.

mod sets;

/// Plain `check`, per family: at least this many attacks caught.
const PLAIN_FLOORS: &[(&str, usize)] = &[
    ("authority_impersonation", 8),
    ("concealment", 11),
    ("consent_claims", 11),
    ("cross_tool_hijack", 12),
    ("exfiltration", 7),
    ("foreign_language", 3),
    ("harvest", 10),
    ("hidden_action", 9),
    ("name_squatting_and_shadowing", 11),
    ("override", 11),
    ("role_and_markup", 13),
    ("rugpull_and_persistence", 13),
    ("split_fields", 9),
    ("urgency_coercion", 8),
];

#[test]
fn plain_check_meets_its_floors_and_strict_refuses_every_attack() {
    sets::assert_training(
        include_str!("data/train3/attacks.jsonl"),
        include_str!("data/train3/benign.jsonl"),
        PLAIN_FLOORS,
        0,
    );
}
