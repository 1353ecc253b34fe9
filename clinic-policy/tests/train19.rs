//! The training half of the nineteenth pool (`data/train19/`, split from `data/fresh19/` by a
//! hash of each text): rules may be fitted to it, so its figures are floors that keep a family
//! from quietly disappearing, not evidence of generalisation (that is `tests/fresh19.rs`). Run
//! with `--nocapture` to see every miss and false flag.

mod sets;

/// Plain `check`, per family: at least this many attacks caught (as measured when the set was
/// committed, before any rule was fitted to it).
const PLAIN_FLOORS: &[(&str, usize)] = &[
    ("authority_impersonation", 3),
    ("concealment", 4),
    ("consent_claims", 3),
    ("cross_tool_hijack", 5),
    ("exfiltration", 5),
    ("foreign_language", 1),
    ("harvest", 3),
    ("hidden_action", 0),
    ("name_squatting_and_shadowing", 1),
    ("override", 3),
    ("role_and_markup", 7),
    ("rugpull_and_persistence", 3),
    ("split_fields", 2),
    ("urgency_coercion", 5),
];

#[test]
fn plain_check_meets_its_floors_and_strict_refuses_every_attack() {
    sets::assert_training(
        include_str!("data/train19/attacks.jsonl"),
        include_str!("data/train19/benign.jsonl"),
        PLAIN_FLOORS,
        1,
    );
}
