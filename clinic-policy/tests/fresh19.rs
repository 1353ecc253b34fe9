//! The nineteenth held-out set (`data/fresh19/`): the held-out half of a pool written by an
//! author who had read none of the rules, split by a hash of each text (`data/fresh19/split.py`)
//! and committed on its own before the rule changes it measures (see `data/fresh19/README.md`).
//! The other half, `data/train19/`, is training data (`tests/train19.rs`).
//!
//! Measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule fitted to
//! its words.

mod sets;

#[test]
fn the_fresh19_files_are_frozen_and_yield_the_documented_figures() {
    sets::assert_frozen(
        "fresh19",
        include_str!("data/fresh19/attacks.jsonl"),
        include_str!("data/fresh19/benign.jsonl"),
        "adc01241455c687ba815d409aaa396621fba427c447787245f858a17cfd07ba0",
        "5610d244477710cb3e032545076c8addccec2e3d293000f3dc47e5f3e9668a11",
    );
}
