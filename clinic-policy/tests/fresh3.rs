//! The third held-out set (`data/fresh3/`): the held-out half of a pool written by an author who
//! had read none of the rules, split by a hash of each text (`data/fresh3/split.py`) and committed
//! on its own before the rule changes it measures (see `data/fresh3/README.md`). The other half,
//! `data/train3/`, is training data (`tests/train3.rs`).
//!
//! Measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule fitted to
//! its words. The files' SHA-256 are pinned, and the figures they yield are pinned to the ones
//! `docs/POLICY.md` reports between the `fresh3` markers.

mod sets;

#[test]
fn the_fresh3_files_are_frozen_and_yield_the_documented_figures() {
    sets::assert_frozen(
        "fresh3",
        include_str!("data/fresh3/attacks.jsonl"),
        include_str!("data/fresh3/benign.jsonl"),
        "d308f63baa06e976731191c2885bc8c4bfeced38ef487f5fe7d3ad69d27892dc",
        "7ee1a0585e96f063693c4113befcb63695c172a2191b09f24d9ce017d771911c",
    );
}
