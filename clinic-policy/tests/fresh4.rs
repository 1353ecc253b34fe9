//! The fourth held-out set (`data/fresh4/`): the held-out half of a pool written by an author who
//! had read none of the rules, split by a hash of each text (`data/fresh4/split.py`) and committed
//! on its own (076f359) before the rule changes it measures (see `data/fresh4/README.md`). The
//! other half, `data/train4/`, is training data (`tests/train4.rs`).
//!
//! Measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule fitted to
//! its words.

mod sets;

#[test]
fn the_fresh4_files_are_frozen_and_yield_the_documented_figures() {
    sets::assert_frozen(
        "fresh4",
        include_str!("data/fresh4/attacks.jsonl"),
        include_str!("data/fresh4/benign.jsonl"),
        "895dcfbecd6302d97b1b4dae68d304d7d0a0f3e4e00c5ba6f53e628e3e5eb768",
        "a0520321efa2ee4b9696a24565382bd9e50743b045de5510b5067904d3c46c73",
    );
}
