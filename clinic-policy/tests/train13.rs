//! The training half of the thirteenth pool (`data/train13/`, split from `data/fresh13/` by a
//! hash of each text): rules may be fitted to it, so its figures are floors that keep a family
//! from quietly disappearing, not evidence of generalisation (that is `tests/fresh13.rs`). Run
//! with `--nocapture` to see every miss and false flag.

mod sets;

/// Plain `check`, per family: at least this many attacks caught (as measured when the set was
/// committed, before any rule was fitted to it).
const PLAIN_FLOORS: &[(&str, usize)] = &[
    ("authority_impersonation", 3),
    ("concealment", 4),
    ("consent_claims", 2),
    ("cross_tool_hijack", 4),
    ("exfiltration", 3),
    ("foreign_language", 1),
    ("harvest", 4),
    ("hidden_action", 1),
    ("name_squatting_and_shadowing", 2),
    ("override", 3),
    ("role_and_markup", 4),
    ("rugpull_and_persistence", 4),
    ("split_fields", 3),
    ("urgency_coercion", 2),
];

#[test]
fn plain_check_meets_its_floors_and_strict_refuses_every_attack() {
    sets::assert_training(
        include_str!("data/train13/attacks.jsonl"),
        include_str!("data/train13/benign.jsonl"),
        PLAIN_FLOORS,
        3,
    );
}
