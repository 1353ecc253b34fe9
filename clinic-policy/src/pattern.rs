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

#[derive(Debug, Clone)]
enum Elem {
    Alt(Vec<Vec<WordPat>>),
    Gap(usize, usize),
    Not(Vec<Vec<WordPat>>),
}

#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    pub label: &'static str,
    elems: Vec<Elem>,
}

fn parse_alts(s: &str) -> Vec<Vec<WordPat>> {
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
        .collect()
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
            .collect();
        Pattern { label, elems }
    }

    /// Every non-overlapping match, as `(first word, one past the last word)`.
    pub fn find_all(&self, words: &[Word]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut s = 0;
        while s < words.len() {
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
            Elem::Alt(alts) => alts
                .iter()
                .filter_map(|seq| Self::seq_at(words, start, pos, seq))
                .find_map(|p| self.match_from(words, start, p, ei + 1)),
            Elem::Gap(lo, hi) => (*lo..=*hi).find_map(|n| {
                if (pos..pos + n).all(|k| Self::usable(words, start, k)) {
                    self.match_from(words, start, pos + n, ei + 1)
                } else {
                    None
                }
            }),
            Elem::Not(alts) => {
                let hit = alts
                    .iter()
                    .any(|seq| Self::seq_at(words, start, pos, seq).is_some());
                if hit {
                    None
                } else {
                    self.match_from(words, start, pos, ei + 1)
                }
            }
        }
    }
}
