//! The compile errors a poisoned or malformed tool must produce (`fail/`), and what must compile
//! (`pass/`). `.stderr` files are pinned to the toolchain in `rust-toolchain.toml`; regenerate
//! with `TRYBUILD=overwrite cargo test -p clinic-ui-tests` and review the diff like code.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/fail/*.rs");
    t.pass("tests/pass/*.rs");
}
