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

/// The words of the list's sections whose header (`# …`) `header` accepts, sorted.
fn section_words(header: impl Fn(&str) -> bool) -> Vec<&'static str> {
    let mut words = Vec::new();
    let mut inside = false;
    let mut after_comment = false;
    for l in VOCABULARY.lines().map(str::trim) {
        // a section's header is the first line of a comment; the lines after it note its words
        if let Some(h) = l.strip_prefix('#') {
            if !after_comment {
                inside = header(h.trim());
            }
            after_comment = true;
        } else {
            after_comment = false;
            if inside && !l.is_empty() {
                words.push(l);
            }
        }
    }
    words.sort_unstable();
    words
}

/// Is `word` (lower case) a word of the list's verb sections ("core: auxiliary verbs", "core:
/// basic operations", "core: verbs")? A text of the controlled language writes its verbs with
/// these words, so a reading that needs "the verb of this clause" finds it here.
pub(crate) fn is_listed_verb(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        section_words(|h| {
            h.ends_with("verbs") || h.ends_with("basic operations") || h.starts_with("the verb of")
        })
    })
    .binary_search(&word)
    .is_ok()
}

/// Is `word` (lower case) a word of the list's function sections ("core: articles and
/// determiners", pronouns, prepositions, conjunctions, adverbs, auxiliary verbs)? Such a word
/// carries no case of its own: a reading that asks what a clause is about skips it.
pub(crate) fn is_function_word(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        section_words(|h| {
            [
                "core: articles",
                "core: pronouns",
                "core: prepositions",
                "core: conjunctions",
                "core: adverbs",
                "core: auxiliary",
            ]
            .iter()
            .any(|s| h.starts_with(s))
        })
    })
    .binary_search(&word)
    .is_ok()
}

/// Is `word` (lower case) a word of the list's "formats and standards" section (`utc`, `iso`,
/// `json`)? Written in capitals, such a word is a format's name, not a word of the sentence.
pub(crate) fn is_format_word(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| section_words(|h| h.starts_with("formats and standards")))
        .binary_search(&word)
        .is_ok()
}

/// Is `word` (lower case) a word of the list's "core: qualities" section (`busy`, `ready`,
/// `open`)? After "and" such a word, ending its phrase, is a second predicate ("is the number
/// for it and busy at night"), not a noun joined to the one before.
pub(crate) fn is_quality(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| section_words(|h| h.starts_with("core: qualities")))
        .binary_search(&word)
        .is_ok()
}

/// The words of the sections `headers` that end in one of `endings`, sorted, less the generic
/// doctors ("physician", "clinician"), which name no field of care.
fn of_one_field(headers: &[&str], endings: &[&str]) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = headers
        .iter()
        .flat_map(|h| section_words(|x| x.starts_with(h)))
        .filter(|w| {
            endings.iter().any(|e| w.ends_with(e))
                && !matches!(*w, "physician" | "physicians" | "clinician" | "clinicians")
        })
        .collect();
    v.sort_unstable();
    v
}

/// Is `word` (lower case) a kind of doctor of the list's people ("pediatricians", "surgeon",
/// "dentist"), not a generic one ("physician", "clinician") and not another word of the same
/// ending elsewhere in the list ("waitlist", "guardian")?
pub(crate) fn is_specialist(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        of_one_field(
            &["clinic: people and roles"],
            &["ist", "ists", "ian", "ians", "eon", "eons"],
        )
    })
    .binary_search(&word)
    .is_ok()
}

/// Is `word` (lower case) a specialty or a specialist of the list ("psychiatry", "oncologist")?
/// Said of the patient, it is where the patient is cared for. Only the words of one field of
/// care count (by their endings: -ology, -iatry, -ics, -ist, -ian, surgery, dentistry, and so
/// "a specialist"); the generic ones ("specialty", "physician", "family", "emergency",
/// "practice") do not.
pub(crate) fn is_specialty_or_specialist(word: &str) -> bool {
    static V: OnceLock<Vec<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        of_one_field(
            &["clinic: specialties", "clinic: people and roles"],
            &[
                "ology", "ologies", "iatry", "ics", "ist", "ists", "ian", "ians", "surgery",
                "istry",
            ],
        )
    })
    .binary_search(&word)
    .is_ok()
}
