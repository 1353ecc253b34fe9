//! Every finding of both judges over every committed corpus, pinned by a SHA-256 digest: a change
//! that claims "no behaviour change" (a refactor, a speed-up) keeps this test green, and a rule
//! change updates [`PINNED`] in the same commit, where the diff shows it.
//!
//! To see the new digest after a deliberate rule change, run this test: it prints the digest and
//! the count of findings per corpus.

mod common;

use clinic_policy::{Mode, check_catalogue_mode};
use common::{by_server, load};
use serde_json::Value;
use sha2::{Digest, Sha256};

const PINNED: &str = "63fdbe4ad3e0f03f13497b70e1c32cba4d3b8fcda0570233642ab7fc8cc8afc3";

fn digest() -> (String, String) {
    let mut h = Sha256::new();
    let mut counts = String::new();
    for file in ["benign-tools.json", "registry-tools.json", "attacks.json"] {
        let entries = load(file).unwrap_or_default();
        for mode in [Mode::Plain, Mode::Strict] {
            let mut n = 0usize;
            for tools in by_server(&entries).values() {
                for f in check_catalogue_mode(tools, &[], mode) {
                    h.update(format!("{f:?}\n").as_bytes());
                    n += 1;
                }
            }
            counts.push_str(&format!("{file} {mode:?}: {n}\n"));
        }
    }
    for file in [
        include_str!("data/blind-attacks.txt"),
        include_str!("data/blind-benign.txt"),
    ] {
        for line in file.lines() {
            let text = line.split_once('\t').map_or(line, |(_, t)| t);
            let tool = serde_json::json!({"name": "some_tool", "description": text});
            for mode in [Mode::Plain, Mode::Strict] {
                for f in check_catalogue_mode(std::slice::from_ref(&tool), &[], mode) {
                    h.update(format!("{f:?}\n").as_bytes());
                }
            }
        }
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    (hex, counts)
}

#[test]
fn every_finding_over_the_corpora_is_pinned() {
    let (hex, counts) = digest();
    eprintln!("{counts}digest {hex}");
    // every corpus and mode contributes (a corpus that failed to load would yield none)
    assert!(!counts.contains(": 0\n"), "{counts}");
    assert_eq!(
        hex, PINNED,
        "the findings over the committed corpora changed; if the change is meant, update PINNED"
    );
}

#[test]
fn the_corpora_are_there() {
    for file in ["benign-tools.json", "registry-tools.json", "attacks.json"] {
        let entries: Vec<Value> = load(file).unwrap_or_default();
        assert!(entries.len() >= 50, "{file}: {}", entries.len());
    }
}
