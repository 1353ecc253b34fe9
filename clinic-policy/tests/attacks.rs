//! Detection on the committed attack corpus (`tests/data/attacks.json`): every case is a tool
//! definition from a published tool-poisoning technique or a rewording of one, each with its source.
//! Plain `check` must give each case an injection-class finding.

use std::collections::BTreeMap;

use clinic_policy::{Field, Mode, Rule, check_catalogue, check_catalogue_mode, check_strict};
use serde_json::Value;

fn cases() -> Vec<Value> {
    // an unreadable corpus is empty, and every test below asserts it is not
    serde_json::from_str(include_str!("data/attacks.json")).unwrap_or_default()
}

#[test]
fn plain_check_catches_every_family() {
    let mut per: BTreeMap<String, (usize, usize, usize, usize)> = BTreeMap::new();
    let mut missed = Vec::new();
    for c in cases() {
        let fam = c["family"].as_str().unwrap_or("?").to_owned();
        let rewording = c["kind"] == "rewording";
        let tool = c["tool"].clone();
        let found = check_catalogue(std::slice::from_ref(&tool));
        let hit = found.iter().any(|f| f.violation.is_injection());
        let e = per.entry(fam).or_default();
        if rewording {
            e.2 += 1;
            e.3 += usize::from(hit);
        } else {
            e.0 += 1;
            e.1 += usize::from(hit);
        }
        if !hit {
            missed.push(format!("{} {}", c["id"], tool));
        }
    }
    eprintln!("family                 originals  rewordings");
    for (f, (o, oh, r, rh)) in &per {
        eprintln!("{f:<22} {oh:>3}/{o:<3}     {rh:>3}/{r:<3}");
    }
    for m in &missed {
        eprintln!("MISSED {m}");
    }
    assert!(per.len() >= 15, "at least 15 families");
    let (o, oh, r, rh) = per.values().fold((0, 0, 0, 0), |a, x| {
        (a.0 + x.0, a.1 + x.1, a.2 + x.2, a.3 + x.3)
    });
    eprintln!("all originals {oh}/{o}, all rewordings {rh}/{r}");
    // floors at the time of writing (see docs/POLICY.md for the families below 9 in 10); a rule
    // change that loses detection fails here. These cases are training data: the rules were
    // fitted to them, so the floors guard against losing ground, they do not measure it.
    assert!(oh * 100 >= o * 97, "originals caught: {oh}/{o}");
    assert!(rh * 100 >= r * 88, "rewordings caught: {rh}/{r}");
    // and per family, so that one family cannot quietly disappear behind the totals
    let mut below = Vec::new();
    for (family, floor) in FAMILY_FLOORS {
        let caught = per.get(*family).map_or(0, |e| e.1 + e.3);
        if caught < *floor {
            below.push(format!("{family}: {caught} caught, floor {floor}"));
        }
    }
    assert_eq!(per.len(), FAMILY_FLOORS.len(), "a family without a floor");
    assert!(below.is_empty(), "{}", below.join("\n"));
}

/// Cases caught per family (originals and rewordings), measured when the floors were set.
const FAMILY_FLOORS: &[(&str, usize)] = &[
    ("annotation_lie", 8),
    ("ansi_line_jumping", 9),
    ("concealment", 8),
    ("foreign_language", 7),
    ("harvest_conversation", 10),
    ("harvest_secrets", 8),
    ("markup", 10),
    ("obfuscation", 13),
    ("override", 9),
    ("precedence", 8),
    ("reviewer", 8),
    ("rules_file_backdoor", 8),
    ("schema_poisoning", 10),
    ("shadowing", 7),
    ("split_fields", 3),
    ("steering", 7),
    ("third_party", 7),
    ("tool_name_injection", 9),
];

/// Under `--strict` (the controlled language) every case fails; and apart from the vocabulary,
/// the other rules on their own still fail the cases that can be written as Rust.
#[test]
fn strict_check_fails_every_case() {
    let mut without_vocab_missed = Vec::new();
    let mut rust = 0;
    for c in cases() {
        let tool = c["tool"].clone();
        let found = check_catalogue_mode(std::slice::from_ref(&tool), &[], Mode::Strict);
        assert!(!found.is_empty(), "strict passed {}", c["id"]);
        if c["rust"] == true {
            rust += 1;
            if !found.iter().any(|f| f.violation.rule != Rule::Vocabulary) {
                without_vocab_missed.push(format!("{} {}", c["id"], tool));
            }
        }
    }
    for m in &without_vocab_missed {
        eprintln!("ONLY VOCABULARY {m}");
    }
    let others = rust - without_vocab_missed.len();
    eprintln!("rust-writable cases failed by a rule other than vocabulary: {others}/{rust}");
    assert!(rust >= 120, "{rust} rust-writable cases");
    // the other rules alone, without the vocabulary, still fail at least 9 in 10
    assert!(others * 10 >= rust * 9, "{others}/{rust}");
}

/// Plain clinic descriptions in the declarative style pass every rule but the vocabulary.
#[test]
fn benign_clinic_descriptions_pass_strict_but_vocabulary() {
    let v: Value =
        serde_json::from_str(include_str!("data/clinic-benign.json")).unwrap_or(Value::Null);
    let mut bad = Vec::new();
    let mut n = 0;
    for e in v.as_array().into_iter().flatten() {
        n += 1;
        let text = e["text"].as_str().unwrap_or("");
        let field = if e["field"] == "tool_description" {
            Field::ToolDescription
        } else {
            Field::ParamDescription
        };
        let mutates = e["mutates"] == true;
        // these lines carry no tool name: a description's tool is named for its own first verb
        let verb = text.split(' ').next().unwrap_or("").to_ascii_lowercase();
        let tool = if field == Field::ToolDescription {
            format!("{verb}_item")
        } else {
            String::new()
        };
        for f in check_strict(field, text, &tool, &[], mutates) {
            if f.rule != Rule::Vocabulary {
                bad.push(format!("{text:?}: [{}] {}", f.rule, f.detail));
            }
        }
    }
    assert!(n >= 60);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Training data, despite its name: this set was written blind (by an author who saw neither the
/// rules nor the first corpus), but words found only in its lines went into the lexicon in the
/// commit that added it, so it measures nothing held out. The held-out figure is in
/// `tests/heldout.rs` (frozen before the rules it measures).
///
/// A second set, written blind (by an author who saw neither the rules nor the first corpus),
/// after the rules: 90 one-line attacks in 15 families and 80 benign descriptions in vendors'
/// own style ("You must provide a valid API key", "Call list_projects first"). Each line is
/// screened alone, as a tool description (or a tool name for `NAME: ...`).
#[test]
fn blind_set_is_caught_and_its_benign_lines_pass() {
    let screen = |line: &str| {
        let (field, text) = match line.strip_prefix("NAME: ") {
            Some(name) => (Field::ToolName, name),
            None => (Field::ToolDescription, line),
        };
        clinic_policy::check_text(field, text, "x", &[])
            .iter()
            .any(clinic_policy::Violation::is_injection)
    };
    let mut per: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for line in include_str!("data/blind-attacks.txt").lines() {
        let Some((family, text)) = line.split_once('\t') else {
            continue;
        };
        let e = per.entry(family).or_default();
        e.0 += 1;
        e.1 += usize::from(screen(text));
    }
    let (n, hit) = per.values().fold((0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
    for (f, (n, h)) in &per {
        eprintln!("{f:<22} {h}/{n}");
    }
    assert_eq!(n, 90);
    assert!(hit * 100 >= n * 95, "blind attacks caught: {hit}/{n}");
    let benign: Vec<&str> = include_str!("data/blind-benign.txt").lines().collect();
    let flagged: Vec<&&str> = benign.iter().filter(|l| screen(l)).collect();
    assert_eq!(benign.len(), 80);
    assert!(flagged.len() <= 1, "benign lines flagged: {flagged:#?}");
}
