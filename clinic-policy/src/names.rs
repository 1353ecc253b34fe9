//! The tool names a text is screened against, arranged once for the two look-ups every text
//! makes: is the text naming another tool at a word start (`cross_tool`), and is a tool-shaped
//! name one that exists (steering). Building takes O(n log n) for n names; a look-up costs a
//! logarithm of n, so screening a catalogue grows linearly with it.

use std::collections::BTreeMap;

/// A name's key: what [`tool_at`] compares, ASCII case folded and every separator
/// (`_`, `-`, space) read as `_`. Two names match the same text exactly when their keys are equal.
fn key_byte(b: u8) -> u8 {
    if matches!(b, b'_' | b'-' | b' ') {
        b'_'
    } else {
        b.to_ascii_lowercase()
    }
}

/// One key's names that are equal ignoring ASCII case: the first of them (by priority) speaks for
/// all, since a text mentions each of them at the same places.
#[derive(Debug)]
struct Spelling<'a> {
    /// The trimmed name, ASCII lower-cased.
    lower: Vec<u8>,
    /// The trimmed name reported.
    name: &'a str,
}

/// Keys of one length, each with its spellings in priority order.
type Keys<'a> = BTreeMap<Vec<u8>, Vec<Spelling<'a>>>;

/// A set of tool names. Priority is the order of the list given to [`ToolNames::new`]: where
/// names with the same key are mentioned, the first of them is the one reported.
#[derive(Debug)]
pub(crate) struct ToolNames<'a> {
    /// Every name as given, sorted and deduplicated: membership by binary search.
    sorted: Vec<&'a str>,
    /// By key length (ascending), then key: that key's spellings in priority order, each once.
    by_len: Vec<(usize, Keys<'a>)>,
}

impl<'a> ToolNames<'a> {
    pub(crate) fn new(names: &[&'a str]) -> ToolNames<'a> {
        let mut sorted = names.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut by_len: BTreeMap<usize, Keys<'a>> = BTreeMap::new();
        for name in names {
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            let key: Vec<u8> = name.bytes().map(key_byte).collect();
            let lower = name.as_bytes().to_ascii_lowercase();
            let spellings = by_len
                .entry(name.len())
                .or_default()
                .entry(key)
                .or_default();
            if !spellings.iter().any(|s| s.lower == lower) {
                spellings.push(Spelling { lower, name });
            }
        }
        ToolNames {
            sorted,
            by_len: by_len.into_iter().collect(),
        }
    }

    /// Is `name` one of the names, exactly as given?
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.sorted.binary_search(&name).is_ok()
    }

    /// Is there a name other than `own` (compared exactly)?
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    pub(crate) fn any_other_than(&self, own: &str) -> bool {
        match self.sorted.as_slice() {
            [] => false,
            [only] => *only != own,
            _ => true,
        }
    }

    /// Every whole-word mention in `text` of a name that is not `own_trimmed` (ASCII case
    /// ignored), as `(start, end, name)`, in order of start, then length; a name is a whole word
    /// as [`tool_at`] reads it. Where several names have the mention's key, the one first
    /// in priority is given.
    pub(crate) fn mentions(
        &self,
        text: &[u8],
        own_trimmed: &str,
        mut found: impl FnMut(usize, usize, &'a str),
    ) {
        let n = text.len();
        let key: Vec<u8> = text.iter().copied().map(key_byte).collect();
        for i in 0..n {
            if i > 0 && is_word(text[i - 1]) {
                continue;
            }
            for (m, keys) in &self.by_len {
                let e = i + m;
                if e > n {
                    break;
                }
                if e < n && is_word(text[e]) {
                    continue;
                }
                // at most one spelling is our own name's, so this looks at two at most
                if let Some(s) = keys.get(&key[i..e]).and_then(|spellings| {
                    spellings
                        .iter()
                        .find(|s| !s.lower.eq_ignore_ascii_case(own_trimmed.as_bytes()))
                }) {
                    found(i, e, s.name);
                }
            }
        }
    }
}

/// Const check used by the explicit catalogue: does `text` name `tool` as a whole word (ASCII case-insensitive)?
///
/// A separator (`_`, `-`, space) in `tool` matches any one of `_`, `-`, space in `text`, so `book-appointment`
/// and `book appointment` both name `book_appointment`. Whole word: the neighbours of the match are not
/// `[A-Za-z0-9_]`. An empty `tool` is never mentioned.
pub const fn mentions_tool(text: &str, tool: &str) -> bool {
    find_tool(text.as_bytes(), tool.as_bytes(), 0).is_some()
}

pub(crate) const fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

const fn is_sep(b: u8) -> bool {
    b == b'_' || b == b'-' || b == b' '
}

/// Byte offset of the first whole-word mention of `tool` in `text` at or after `from`.
pub(crate) const fn find_tool(text: &[u8], tool: &[u8], from: usize) -> Option<usize> {
    let n = text.len();
    let m = tool.len();
    if m == 0 || m > n {
        return None;
    }
    let mut i = from;
    while i + m <= n {
        if tool_at(text, tool, i) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Is there a whole-word mention of `tool` (non-empty) in `text` at byte `i` (`i + tool.len() <= text.len()`)?
pub(crate) const fn tool_at(text: &[u8], tool: &[u8], i: usize) -> bool {
    let n = text.len();
    let m = tool.len();
    if i > 0 && is_word(text[i - 1]) {
        return false;
    }
    let mut k = 0;
    while k < m {
        let a = text[i + k];
        let b = tool[k];
        let same = a.eq_ignore_ascii_case(&b) || (is_sep(a) && is_sep(b));
        if !same {
            return false;
        }
        k += 1;
    }
    i + m == n || !is_word(text[i + m])
}
