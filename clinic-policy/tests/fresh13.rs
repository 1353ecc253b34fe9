//! The thirteenth held-out set (`data/fresh13/`): the held-out half of a pool written by an
//! author who had read none of the rules, split by a hash of each text (`data/fresh13/split.py`)
//! and committed on its own before the rule changes it measures (see `data/fresh13/README.md`).
//! The other half, `data/train13/`, is training data (`tests/train13.rs`).
//!
//! Measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule fitted to
//! its words.

mod sets;

#[test]
fn the_fresh13_files_are_frozen_and_yield_the_documented_figures() {
    sets::assert_frozen(
        "fresh13",
        include_str!("data/fresh13/attacks.jsonl"),
        include_str!("data/fresh13/benign.jsonl"),
        "c4ca6d87d1e0c3406de72fbac1ac6d8f9ab5dd1b4c36bc25bd2084170fab749b",
        "a67681be5beca163a443082dae43b1ee8374f462ea73496bf5b89f5af2ff948b",
    );
}
