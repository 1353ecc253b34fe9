//! The training half of the fourth pool (`data/train4/`, split from `data/fresh4/` by a hash of
//! each text): rules may be fitted to it, so its figures are floors that keep a family from
//! quietly disappearing, not evidence of generalisation (that is `tests/fresh4.rs`). Run with
//! `--nocapture` to see every miss and false flag.

mod sets;

/// Plain `check`, per family: at least this many attacks caught.
const PLAIN_FLOORS: &[(&str, usize)] = &[
    ("authority_impersonation", 4),
    ("concealment", 6),
    ("consent_claims", 2),
    ("cross_tool_hijack", 4),
    ("exfiltration", 8),
    ("foreign_language", 3),
    ("harvest", 5),
    ("hidden_action", 4),
    ("name_squatting_and_shadowing", 5),
    ("override", 10),
    ("role_and_markup", 6),
    ("rugpull_and_persistence", 13),
    ("split_fields", 4),
    ("urgency_coercion", 5),
];

#[test]
fn plain_check_meets_its_floors_and_strict_refuses_every_attack() {
    sets::assert_training(
        include_str!("data/train4/attacks.jsonl"),
        include_str!("data/train4/benign.jsonl"),
        PLAIN_FLOORS,
        0,
    );
}
