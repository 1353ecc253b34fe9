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

/// Is `word` (lower case) a word of the list's verb sections ("core: auxiliary verbs", "core:
/// basic operations", "core: verbs")? A text of the controlled language writes its verbs with
/// these words, so a reading that needs "the verb of this clause" finds it here.
pub(crate) fn is_listed_verb(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        let mut verbs = Vec::new();
        let mut inside = false;
        for l in VOCABULARY.lines().map(str::trim) {
            if let Some(h) = l.strip_prefix('#') {
                let h = h.trim();
                if h.starts_with("core:") || h.starts_with("clinic:") {
                    inside = h.ends_with("verbs") || h.ends_with("basic operations");
                }
            } else if inside && !l.is_empty() {
                verbs.push(l);
            }
        }
        verbs.sort_unstable();
        verbs
    })
    .binary_search(&word)
    .is_ok()
}
