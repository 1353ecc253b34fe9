//! The approved word list (`vocabulary.txt`) and its look-up: the ground every rule of the
//! controlled language and every reading that asks "is this a word of ours" stands on.

use std::sync::OnceLock;

/// The approved words, one per line (`#` starts a comment). Adding a word is a one-line change.
pub const VOCABULARY: &str = include_str!("vocabulary.txt");

/// The approved words, looked up by hash (`wordhash`): every word of every catalogue text is
/// looked up, and a B-tree search was a tenth of the start-up check. Only looked up, never iterated, so no order
/// can leak out of it (the reason for the lint).
#[allow(clippy::disallowed_types)]
type Vocabulary = std::collections::HashSet<&'static str, crate::wordhash::Words>;

#[allow(clippy::disallowed_types)]
fn vocabulary() -> &'static Vocabulary {
    static V: OnceLock<Vocabulary> = OnceLock::new();
    V.get_or_init(|| {
        VOCABULARY
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect()
    })
}

/// Is `word` (any case) an approved word?
pub fn is_approved(word: &str) -> bool {
    if word.bytes().any(|b| b.is_ascii_uppercase()) {
        vocabulary().contains(word.to_ascii_lowercase().as_str())
    } else {
        // Already lower case (every skeleton word is): no copy.
        vocabulary().contains(word)
    }
}
