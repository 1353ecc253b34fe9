//! A text read as the meaning families read it: tokens with their concept classes and sentence,
//! the readings an attacker can hide behind (foreign words, phrases of several words), and the
//! small helpers every family shares (a token's window in its sentence, a word list, a person).

// Helpers written as the families are (see `meaning.rs`): token windows are cloned where they
// are read again.
#![allow(clippy::redundant_clone)]

use crate::lexicon::*;
use crate::types::{Field, Rule};

/// One word with its classes.
#[derive(Debug, Clone)]
pub(crate) struct Tok {
    pub(crate) text: String,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) cls: Classes,
    /// Index of the sentence it belongs to.
    pub(crate) sent: usize,
    /// Came from splitting a run-together or camel-case word.
    pub(crate) split: bool,
    /// Joined to the previous token by `_` in the text: a part of a snake_case name after its
    /// first (`create_issue` is `create`, then `issue` joined).
    pub(crate) joined: bool,
    /// Joined to the previous token by `.` in the text: a part of a host name or a dotted path
    /// after its first (`backup.ext-storage.net`).
    pub(crate) dotted: bool,
}

/// A hit of one family: rule, label, token span (inclusive indices into the token list).
pub(crate) struct Hit {
    pub(crate) rule: Rule,
    pub(crate) label: &'static str,
    pub(crate) a: usize,
    pub(crate) b: usize,
}

/// Byte offsets where a sentence ends: line breaks, `.!?;` followed by a blank, CJK full stops.
pub(crate) fn breaks(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let next_blank = it.peek().is_none_or(|&(_, n)| n.is_whitespace());
        if c == '\n'
            || c == '\r'
            || matches!(c, '。' | '！' | '？' | '；')
            || (matches!(c, '.' | '!' | '?' | ';' | ':') && next_blank)
        {
            out.push(i);
        }
    }
    out
}

pub(crate) fn sentence_of(brk: &[usize], at: usize) -> usize {
    brk.partition_point(|&b| b < at)
}

pub(crate) fn classify(
    words: impl IntoIterator<Item = (String, usize, usize)>,
    brk: &[usize],
) -> Vec<Tok> {
    let mut toks: Vec<Tok> = words
        .into_iter()
        .map(|(text, start, end)| Tok {
            cls: classes(&text),
            sent: sentence_of(brk, start),
            text,
            start,
            end,
            split: false,
            joined: false,
            dotted: false,
        })
        .collect();
    // phrases carry a class as a whole (only those whose first word this token is are tried)
    for i in 0..toks.len() {
        let Some(starting) = phrases_by_first_word().get(toks[i].text.as_str()) else {
            continue;
        };
        for &(ws, c) in starting {
            if i + ws.len() <= toks.len()
                && ws.iter().enumerate().all(|(k, w)| toks[i + k].text == *w)
                && toks[i + ws.len() - 1].sent == toks[i].sent
            {
                for t in &mut toks[i..i + ws.len()] {
                    t.cls |= c;
                }
            }
        }
    }
    toks
}

/// [`PHRASES`] by their first word: a token is compared with the phrases it can start, not with
/// all of them (that comparison was a fifth of the start-up catalogue check). The classes a
/// phrase adds are OR-ed in, so the order phrases are tried in does not matter.
pub(crate) type PhraseIndex =
    std::collections::BTreeMap<&'static str, Vec<(&'static [&'static str], Classes)>>;

pub(crate) fn phrases_by_first_word() -> &'static PhraseIndex {
    static INDEX: std::sync::OnceLock<PhraseIndex> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = PhraseIndex::new();
        for &(ws, c) in PHRASES {
            if let Some(first) = ws.first() {
                index.entry(*first).or_default().push((ws, c));
            }
        }
        index
    })
}

/// Words of other languages, found in the raw text.
pub(crate) fn foreign(text: &str, brk: &[usize]) -> Vec<Tok> {
    let low = text.to_lowercase();
    // `to_lowercase` can change byte lengths; only use it when it did not
    if low.len() != text.len() {
        return Vec::new();
    }
    // (entry, start, end) of every match, in the order a scan entry by entry finds them.
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    // A one-word entry outside CJK matches only a whole run of letters and digits (both of its
    // neighbours must be neither), so each run is looked up once instead of every entry being
    // searched for in the whole text.
    let index = foreign_index();
    let mut run_start = None;
    for (i, ch) in low.char_indices().chain(std::iter::once((low.len(), ' '))) {
        match (ch.is_alphanumeric(), run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(s)) => {
                if let Some(entries) = index.runs.get(&low[s..i]) {
                    found.extend(entries.iter().map(|&k| (k, s, i)));
                }
                run_start = None;
            }
            _ => {}
        }
    }
    // The rest (several words, or CJK, which needs no boundary) is searched for; CJK only in a
    // text that has a character from its range at all.
    let has_cjk = low.chars().any(|ch| (ch as u32) >= 0x3000);
    for &k in &index.searched {
        if has_cjk || !is_cjk(FOREIGN[k].0) {
            search_foreign(&low, k, &mut found);
        }
    }
    found.sort_unstable();
    foreign_tokens(&found, brk)
}

/// Whether a [`FOREIGN`] entry is CJK (matched anywhere, with no word boundary).
pub(crate) fn is_cjk(w: &str) -> bool {
    w.chars().next().is_some_and(|ch| (ch as u32) >= 0x3000)
}

/// Every match of [`FOREIGN`] entry `k` in `low`, as `(k, start, end)`: non-overlapping, left to
/// right, on word boundaries unless the entry is CJK.
pub(crate) fn search_foreign(low: &str, k: usize, found: &mut Vec<(usize, usize, usize)>) {
    let w = FOREIGN[k].0;
    let cjk = is_cjk(w);
    let mut from = 0;
    while let Some(j) = low[from..].find(w) {
        let s = from + j;
        let e = s + w.len();
        from = e;
        let boundary = cjk
            || (low[..s]
                .chars()
                .next_back()
                .is_none_or(|p| !p.is_alphanumeric())
                && low[e..].chars().next().is_none_or(|n| !n.is_alphanumeric()));
        if boundary {
            found.push((k, s, e));
        }
    }
}

/// The tokens of the matches `found` (sorted by entry, then start), or none when fewer than two
/// distinct words among them are foreign beyond doubt: short words shared with English or each
/// other ("no", "non", "pas", "dire") count only beside two that are.
pub(crate) fn foreign_tokens(found: &[(usize, usize, usize)], brk: &[usize]) -> Vec<Tok> {
    let out: Vec<Tok> = found
        .iter()
        .map(|&(k, s, e)| {
            let (w, c) = FOREIGN[k];
            Tok {
                text: w.to_owned(),
                start: s,
                end: e,
                cls: c,
                sent: sentence_of(brk, s),
                split: false,
                joined: false,
                dotted: false,
            }
        })
        .collect();
    let sure: std::collections::BTreeSet<&str> = out
        .iter()
        .filter(|t| t.text.chars().count() >= 5 || !t.text.is_ascii())
        .map(|t| t.text.as_str())
        .collect();
    if sure.len() < 2 {
        return Vec::new();
    }
    out
}

/// [`FOREIGN`] arranged for [`foreign`]: the one-word entries outside CJK by word (their indices,
/// in order), and the indices of the others.
pub(crate) struct ForeignIndex {
    pub(crate) runs: std::collections::BTreeMap<&'static str, Vec<usize>>,
    pub(crate) searched: Vec<usize>,
}

pub(crate) fn foreign_index() -> &'static ForeignIndex {
    static INDEX: std::sync::OnceLock<ForeignIndex> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut runs: std::collections::BTreeMap<&'static str, Vec<usize>> =
            std::collections::BTreeMap::new();
        let mut searched = Vec::new();
        for (k, &(w, _)) in FOREIGN.iter().enumerate() {
            if !is_cjk(w) && !w.is_empty() && w.chars().all(char::is_alphanumeric) {
                runs.entry(w).or_default().push(k);
            } else {
                searched.push(k);
            }
        }
        ForeignIndex { runs, searched }
    })
}

/// [`foreign`] as it was first written, every entry searched for in the whole text: the oracle
/// the indexed look-up is tested against.
#[cfg(test)]
pub(crate) fn foreign_by_search(text: &str, brk: &[usize]) -> Vec<Tok> {
    let low = text.to_lowercase();
    if low.len() != text.len() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for k in 0..FOREIGN.len() {
        search_foreign(&low, k, &mut found);
    }
    foreign_tokens(&found, brk)
}

/// The first token index `j` in `range` with class `c`.
pub(crate) fn find(t: &[Tok], range: std::ops::Range<usize>, c: Classes) -> Option<usize> {
    range
        .into_iter()
        .find(|&j| j < t.len() && t[j].cls & c != 0)
}

/// Indices of the tokens of sentence `s` (contiguous).
pub(crate) fn window(t: &[Tok], i: usize, before: usize, after: usize) -> std::ops::Range<usize> {
    let s = t[i].sent;
    let mut lo = i;
    while lo > 0 && i - lo < before && t[lo - 1].sent == s {
        lo -= 1;
    }
    let mut hi = i + 1;
    while hi < t.len() && hi - i <= after && t[hi].sent == s {
        hi += 1;
    }
    lo..hi
}

pub(crate) fn is(t: &Tok, words: &[&str]) -> bool {
    words.contains(&t.text.as_str())
}

/// Words of the HUMAN class that never name the person a tool serves: a business's clients,
/// the members and owners of things.
pub(crate) const NOT_THE_USER: &[&str] = &["client", "clients", "member", "members", "owner"];

/// A person the tool serves ("the user", "the patient", "them"), in the sense every family
/// shares: a HUMAN word that is not [`NOT_THE_USER`].
pub(crate) fn is_user(t: &Tok) -> bool {
    t.cls & HUMAN != 0 && !is(t, NOT_THE_USER)
}

/// Words that name a conversation by themselves.
pub(crate) const CORE_CONV: &[&str] = &[
    "conversation",
    "conversations",
    "chat",
    "chats",
    "dialogue",
    "dialog",
    "transcript",
    "transcripts",
];

/// A conversation reference that points at *this* conversation: a conversation word qualified as
/// this one ("the entire chat", "this conversation", "the dialogue so far"), earlier messages of a
/// person or of a conversation ("the patient's previous messages", "earlier exchanges in the
/// chat"),
/// "everything the user typed", or a phrase that can mean nothing else (system prompt, context
/// window).
pub(crate) fn strong_conv(t: &[Tok], i: usize) -> bool {
    if t[i].cls & CONV == 0 {
        return false;
    }
    let w = window(t, i, 4, 3);
    let qual = |j: usize| {
        j != i
            && (earlier_word(&t[j])
                || (j + 2 >= i
                    && is(
                        &t[j],
                        &[
                            "this", "current", "ongoing", "our", "your", "active", "present",
                        ],
                    )))
    };
    let person = |j: usize| j != i && (t[j].cls & ACTOR_YOU != 0 || is_user(&t[j]));
    let text = t[i].text.as_str();
    if is(&t[i], &["prompt", "prompts"]) {
        return (i > 0 && is(&t[i - 1], &["your", "initial", "original", "hidden"]))
            || (i > 1
                && is(&t[i - 1], &["system"])
                && is(
                    &t[i - 2],
                    &[
                        "your", "the", "this", "current", "entire", "my", "own", "full", "whole",
                        "complete",
                    ],
                ));
    }
    if is(
        &t[i],
        &[
            "said",
            "wrote",
            "written",
            "typed",
            "shared",
            "asked",
            "mentioned",
            "answered",
            "dicho",
        ],
    ) {
        let b = window(t, i, 6, 0);
        return b.clone().any(person)
            && b.clone().any(|j| {
                is(
                    &t[j],
                    &[
                        "everything",
                        "all",
                        "whatever",
                        "anything",
                        "every",
                        "each",
                        "todo",
                        "complete",
                        "entire",
                        "full",
                        "earlier",
                    ],
                )
            });
    }
    if is(&t[i], &["context"]) {
        return (i + 1 < t.len() && is(&t[i + 1], &["window"]))
            || (i > 0
                && is(
                    &t[i - 1],
                    &["your", "this", "entire", "whole", "conversation", "chat"],
                ));
    }
    if is(&t[i], &["memory", "memories"]) {
        return i > 0
            && is(
                &t[i - 1],
                &["your", "entire", "whole", "conversation", "chat"],
            );
    }
    let of_session = (i + 1..(i + 4).min(t.len())).any(|j| {
        t[j].sent == t[i].sent && is(&t[j], &["session", "conversation", "chat", "dialogue"])
    }) && (i + 1 < t.len() && is(&t[i + 1], &["of", "in", "from", "during"]));
    if CORE_CONV.contains(&text) {
        let later = window(t, i, 0, 7).any(|j| j != i && t[j].cls & QUALIFIER != 0);
        return w.clone().any(qual) || of_session || later;
    }
    // messages, exchanges, turns, history, discussion, thread, interactions, replies: earlier or
    // all of them, and of this conversation or of a person
    let earlier = |j: usize| j != i && earlier_word(&t[j]);
    let so_far = window(t, i, 0, 7).any(|j| j != i && t[j].cls & QUALIFIER != 0);
    (w.clone().any(earlier) || so_far)
        && (w.clone().any(person)
            || of_session
            || w.clone()
                .any(|j| j != i && CORE_CONV.contains(&t[j].text.as_str())))
        && !is(&t[i], &["session", "thread"])
}

/// "entire", "so far", "previous", "earlier": a word that makes a conversation word mean this
/// one (not "system", "existing", "default": those qualify settings, not a conversation).
pub(crate) fn earlier_word(t: &Tok) -> bool {
    t.cls & QUALIFIER != 0
        || (t.cls & PRIOR != 0
            && !is(
                t,
                &[
                    "system",
                    "developer",
                    "safety",
                    "existing",
                    "default",
                    "all",
                    "old",
                ],
            ))
}

/// Is token `i` negated: is one of the three tokens before it in its sentence of the lexicon's
/// NEG class (any language the lexicon reads)? Unlike `phrases::negated`, which reads skeleton
/// words against its own short list of English negations, passive voice does not count here.
pub(crate) fn negation_before(t: &[Tok], i: usize) -> bool {
    window(t, i, 3, 0).any(|j| j != i && t[j].cls & NEG != 0)
}

/// One reading of a text as the families see it, and what they found in it.
pub(crate) struct Reading<'a> {
    pub(crate) t: &'a [Tok],
    pub(crate) field: Field,
    pub(crate) hits: &'a mut Vec<Hit>,
}

impl Reading<'_> {
    pub(crate) fn hit(&mut self, rule: Rule, label: &'static str, a: usize, b: usize) {
        self.hits.push(Hit {
            rule,
            label,
            a: a.min(b),
            b: a.max(b),
        });
    }
}

/// First words of a tool name that does something.
pub(crate) const TOOL_VERBS: &[&str] = &[
    "get",
    "list",
    "send",
    "read",
    "write",
    "create",
    "delete",
    "update",
    "search",
    "find",
    "fetch",
    "book",
    "cancel",
    "export",
    "import",
    "call",
    "run",
    "add",
    "set",
    "remove",
    "post",
    "upload",
    "download",
    "query",
    "notify",
    "sync",
    "confirm",
    "reject",
    "reschedule",
    "escalate",
    "record",
    "save",
    "open",
    "close",
    "submit",
    "execute",
    "make",
    "check",
    "verify",
    "lookup",
    "browse",
    "scan",
    "share",
    "forward",
    "transfer",
    "log",
    "store",
    "load",
    "edit",
    "move",
    "copy",
    "email",
    "mail",
    "message",
    "publish",
    "approve",
    "grant",
    "issue",
    "dump",
    "collect",
    "archive",
];
