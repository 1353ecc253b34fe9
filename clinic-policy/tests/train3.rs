//! The training half of the third pool (`data/train3/`, split from `data/fresh3/` by a hash of
//! each text): rules may be fitted to it, so its figures are floors that keep a family from
//! quietly disappearing, not evidence of generalisation (that is `tests/fresh3.rs`). Run with
//! `--nocapture` to see every miss and false flag.

mod sets;

use clinic_policy::Mode;

const ATTACKS: &str = include_str!("data/train3/attacks.jsonl");
const BENIGN: &str = include_str!("data/train3/benign.jsonl");

#[test]
fn every_line_is_a_case_of_a_known_field() {
    assert!(sets::well_formed(ATTACKS));
    assert!(sets::well_formed(BENIGN));
}

/// Plain `check`, per family: at least this many attacks caught.
const PLAIN_FLOORS: &[(&str, usize)] = &[
    ("authority_impersonation", 8),
    ("concealment", 10),
    ("consent_claims", 11),
    ("cross_tool_hijack", 11),
    ("exfiltration", 7),
    ("foreign_language", 3),
    ("harvest", 10),
    ("hidden_action", 9),
    ("name_squatting_and_shadowing", 10),
    ("override", 11),
    ("role_and_markup", 13),
    ("rugpull_and_persistence", 13),
    ("split_fields", 9),
    ("urgency_coercion", 8),
];

#[test]
fn plain_check_meets_its_floors_per_family() {
    println!("{}", sets::errors(ATTACKS, BENIGN, Mode::Plain));
    let m = sets::measure(ATTACKS, BENIGN, Mode::Plain);
    println!("{}{}", sets::table(&m.caught), sets::table(&m.flagged));
    assert_eq!(m.caught.len(), PLAIN_FLOORS.len(), "a family is missing");
    for (family, floor) in PLAIN_FLOORS {
        let (hit, of) = m.caught.get(*family).copied().unwrap_or_default();
        assert!(hit >= *floor, "{family}: {hit}/{of} caught, floor {floor}");
    }
    let flagged: usize = m.flagged.values().map(|(h, _)| h).sum();
    assert!(flagged <= 4, "{flagged} benign lines flagged (at most 4)");
    assert!(m.variants_kept * 10 >= m.variants_of * 9);
}

#[test]
fn strict_refuses_every_attack() {
    println!("{}", sets::errors(ATTACKS, BENIGN, Mode::Strict));
    let m = sets::measure(ATTACKS, BENIGN, Mode::Strict);
    assert_eq!(m.caught.len(), PLAIN_FLOORS.len(), "a family is missing");
    for (family, (hit, of)) in &m.caught {
        assert_eq!(hit, of, "{family}: strict caught {hit}/{of}");
    }
}
