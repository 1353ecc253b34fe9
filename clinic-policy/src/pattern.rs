//! A tiny phrase-pattern language over skeleton words.
//!
//! A pattern is a whitespace-separated list of elements:
//! - `a|b|c_d|e*` — one of the alternatives; `_` joins consecutive words (`do_not`), a trailing `*` makes a
//!   word a prefix (`instruction*`);
//! - `~N` / `~M-N` — skip between M (default 0) and N arbitrary words;
//! - `!a|b` — the next word (if any) must not be one of these (consumes nothing).
//!
//! A match never crosses a sentence or line break.

use crate::skeleton::Word;

#[derive(Debug, Clone)]
struct WordPat {
    text: String,
    prefix: bool,
}

impl WordPat {
    fn matches(&self, w: &Word) -> bool {
        if self.prefix {
            w.prefix_pat(&self.text)
        } else {
            w.eq_pat(&self.text)
        }
    }
}

/// A set of alternatives, indexed by the first byte a word must have to start one of them.
///
/// Skeleton words are non-empty lower-case ASCII letters and digits, so most words only need the alternatives
/// of their first byte's bucket; each bucket keeps the alternatives in source order, so the first alternative
/// that leads to a match is the same one a plain scan over every alternative finds.
#[derive(Debug, Clone)]
struct Alts {
    seqs: Vec<Vec<WordPat>>,
    /// `buckets[slot(b)]`: indices into `seqs`, ascending, of every alternative that can start at a word whose
    /// first byte is `b` (a superset: the full test still runs).
    buckets: Vec<Vec<usize>>,
    /// `0..seqs.len()`.
    all: Vec<usize>,
}

/// Bucket of a word's first byte: `a`-`z` then `0`-`9`; `None` for anything else (scan every alternative).
fn slot(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some(usize::from(b - b'a')),
        b'0'..=b'9' => Some(26 + usize::from(b - b'0')),
        _ => None,
    }
}

impl Alts {
    fn new(seqs: Vec<Vec<WordPat>>) -> Alts {
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 36];
        let all: Vec<usize> = (0..seqs.len()).collect();
        for (&k, seq) in all.iter().zip(&seqs) {
            let first = seq.first().and_then(|wp| wp.text.bytes().next());
            for (sl, bucket) in buckets.iter_mut().enumerate() {
                let wb = if sl < 26 {
                    b'a' + sl as u8
                } else {
                    b'0' + (sl - 26) as u8
                };
                // an empty sequence or an empty prefix word can start anywhere; a pattern `l` can match a
                // word `i` that came from the digit `1`
                let can = match first {
                    None => true,
                    Some(pb) => pb == wb || (wb == b'i' && pb == b'l'),
                };
                if can {
                    bucket.push(k);
                }
            }
        }
        Alts { seqs, buckets, all }
    }

    /// Indices (ascending) of the alternatives that can start at word `pos`; every alternative when `pos` is
    /// past the end (only an empty sequence matches there) or the word's first byte has no bucket.
    fn candidates(&self, words: &[Word], pos: usize) -> &[usize] {
        match words
            .get(pos)
            .and_then(|w| w.text.bytes().next())
            .and_then(slot)
        {
            Some(sl) => &self.buckets[sl],
            None => &self.all,
        }
    }

    fn seq(&self, k: usize) -> &[WordPat] {
        &self.seqs[k]
    }
}

#[derive(Debug, Clone)]
enum Elem {
    Alt(Alts),
    Gap(usize, usize),
    Not(Alts),
}

#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    pub label: &'static str,
    elems: Vec<Elem>,
    /// When the first element is a set of alternatives: bit `slot(b)` set when a match can start at a word
    /// whose first byte is `b`.
    first: Option<u64>,
}

fn parse_alts(s: &str) -> Alts {
    Alts::new(
        s.split('|')
            .filter(|a| !a.is_empty())
            .map(|a| {
                a.split('_')
                    .filter(|w| !w.is_empty())
                    .map(|w| match w.strip_suffix('*') {
                        Some(p) => WordPat {
                            text: p.to_owned(),
                            prefix: true,
                        },
                        None => WordPat {
                            text: w.to_owned(),
                            prefix: false,
                        },
                    })
                    .collect()
            })
            .collect(),
    )
}

impl Pattern {
    pub fn new(label: &'static str, src: &str) -> Pattern {
        let elems = src
            .split_whitespace()
            .map(|e| {
                if let Some(g) = e.strip_prefix('~') {
                    let (lo, hi) = match g.split_once('-') {
                        Some((a, b)) => (a.parse().unwrap_or(0), b.parse().unwrap_or(0)),
                        None => (0, g.parse().unwrap_or(0)),
                    };
                    Elem::Gap(lo, hi.max(lo))
                } else if let Some(n) = e.strip_prefix('!') {
                    Elem::Not(parse_alts(n))
                } else {
                    Elem::Alt(parse_alts(e))
                }
            })
            .collect::<Vec<_>>();
        let first = match elems.first() {
            Some(Elem::Alt(alts)) => Some(
                alts.buckets
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| !b.is_empty())
                    .fold(0u64, |m, (sl, _)| m | 1 << sl),
            ),
            _ => None,
        };
        Pattern {
            label,
            elems,
            first,
        }
    }

    /// Every non-overlapping match, as `(first word, one past the last word)`.
    pub fn find_all(&self, words: &[Word]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut s = 0;
        while s < words.len() {
            // a word no first alternative can start at: no match here (what `match_from` would find, sooner)
            if let Some(mask) = self.first
                && let Some(sl) = words[s].text.bytes().next().and_then(slot)
                && mask & 1 << sl == 0
            {
                s += 1;
                continue;
            }
            match self.match_from(words, s, s, 0) {
                Some(e) if e > s => {
                    out.push((s, e));
                    s = e;
                }
                _ => s += 1,
            }
        }
        out
    }

    /// Can word `k` be consumed by a match that started at `start`?
    fn usable(words: &[Word], start: usize, k: usize) -> bool {
        k < words.len() && (k == start || !words[k].brk_before)
    }

    fn seq_at(words: &[Word], start: usize, pos: usize, seq: &[WordPat]) -> Option<usize> {
        let mut p = pos;
        for wp in seq {
            if !Self::usable(words, start, p) || !wp.matches(&words[p]) {
                return None;
            }
            p += 1;
        }
        Some(p)
    }

    fn match_from(&self, words: &[Word], start: usize, pos: usize, ei: usize) -> Option<usize> {
        let Some(elem) = self.elems.get(ei) else {
            return Some(pos);
        };
        match elem {
            Elem::Alt(alts) => {
                // the first alternative (in source order) that leads to a match decides
                for &k in alts.candidates(words, pos) {
                    if let Some(p) = Self::seq_at(words, start, pos, alts.seq(k))
                        && let Some(e) = self.match_from(words, start, p, ei + 1)
                    {
                        return Some(e);
                    }
                }
                None
            }
            Elem::Gap(lo, hi) => (*lo..=*hi).find_map(|n| {
                if (pos..pos + n).all(|k| Self::usable(words, start, k)) {
                    self.match_from(words, start, pos + n, ei + 1)
                } else {
                    None
                }
            }),
            Elem::Not(alts) => {
                let hit = alts
                    .candidates(words, pos)
                    .iter()
                    .any(|&k| Self::seq_at(words, start, pos, alts.seq(k)).is_some());
                if hit {
                    None
                } else {
                    self.match_from(words, start, pos, ei + 1)
                }
            }
        }
    }
}
