//! End-to-end suites live in `tests/`.
