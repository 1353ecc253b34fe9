//! The normalised "skeleton" of a text: lower-case ASCII words with exact byte ranges back into the original.
//!
//! Evasions it undoes:
//! - case games (`IgNoRe`), extra whitespace, underscores and other separators between words;
//! - format / invisible characters inside words (soft hyphen, zero-width characters, bidi controls, tags,
//!   variation selectors, combining marks): they are dropped without splitting the word (`ign\u{AD}ore`);
//! - separators between single letters (`i-g-n-o-r-e`, `i.g.n.o.r.e`, `i g n o r e`): a run of three or more
//!   one-character words is joined into one word;
//! - digit-for-letter spelling inside words that contain a letter (`1gn0re`, `pr3vious`, `p@$$word`):
//!   `0→o 1→i 3→e 4→a 5→s 7→t @→a $→s` (a `1` also matches an `l` of a pattern);
//! - a few Cyrillic / Greek / full-width look-alikes of Latin letters.

/// One word of the skeleton.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Word {
    /// Lower-case ASCII letters and digits only.
    pub text: String,
    /// Bit `i` set when character `i` of `text` came from the digit `1` (it may then also stand for `l`).
    pub ones: u64,
    /// Byte offset of the first character in the original text.
    pub start: usize,
    /// Byte offset just past the last character in the original text.
    pub end: usize,
    /// A sentence or line break lies between the previous word and this one.
    pub brk_before: bool,
}

impl Word {
    /// Does this word equal `pat` (a lower-case ASCII pattern word), letting a `1`-derived `i` match an `l`?
    pub fn eq_pat(&self, pat: &str) -> bool {
        self.text.len() == pat.len() && self.prefix_pat(pat)
    }

    /// Does this word start with `pat`?
    pub fn prefix_pat(&self, pat: &str) -> bool {
        let w = self.text.as_bytes();
        let p = pat.as_bytes();
        if p.len() > w.len() {
            return false;
        }
        p.iter().enumerate().all(|(i, &pc)| {
            let wc = w[i];
            wc == pc || (wc == b'i' && pc == b'l' && i < 64 && self.ones & (1 << i) != 0)
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Part of a word; carries the mapped character (ASCII alnum, `@` or `$`).
    Token(char),
    /// Dropped without splitting the word.
    Drop,
    /// Splits words.
    Sep,
}

/// Characters that render as nothing (or nearly) and are dropped from the skeleton.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F
            | 0x1160
            | 0x17B4
            | 0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE007F
            | 0xE0100..=0xE01EF
    )
}

/// Latin look-alikes from other scripts, mapped to the Latin letter they imitate.
fn confusable(c: char) -> Option<char> {
    let m = match c {
        // Cyrillic
        'а' | 'А' => 'a',
        'в' | 'В' => 'b',
        'с' | 'С' => 'c',
        'е' | 'Е' | 'ё' | 'Ё' => 'e',
        'һ' | 'Һ' | 'н' | 'Н' => 'h',
        'і' | 'І' | 'ї' | 'Ї' => 'i',
        'ј' | 'Ј' => 'j',
        'к' | 'К' => 'k',
        'м' | 'М' => 'm',
        'о' | 'О' => 'o',
        'р' | 'Р' => 'p',
        'ѕ' | 'Ѕ' => 's',
        'т' | 'Т' => 't',
        'у' | 'У' => 'y',
        'х' | 'Х' => 'x',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        // Greek
        'α' | 'Α' => 'a',
        'β' | 'Β' => 'b',
        'ε' | 'Ε' => 'e',
        'η' | 'Η' => 'h',
        'ι' | 'Ι' => 'i',
        'κ' | 'Κ' => 'k',
        'μ' | 'Μ' => 'm',
        'ν' | 'Ν' => 'n',
        'ο' | 'Ο' => 'o',
        'ρ' | 'Ρ' => 'p',
        'τ' | 'Τ' => 't',
        'υ' | 'Υ' => 'y',
        'χ' | 'Χ' => 'x',
        'ζ' | 'Ζ' => 'z',
        _ => {
            let u = c as u32;
            // full-width Latin letters and digits
            if (0xFF21..=0xFF3A).contains(&u) {
                return char::from_u32(u - 0xFF21 + u32::from(b'a'));
            }
            if (0xFF41..=0xFF5A).contains(&u) {
                return char::from_u32(u - 0xFF41 + u32::from(b'a'));
            }
            if (0xFF10..=0xFF19).contains(&u) {
                return char::from_u32(u - 0xFF10 + u32::from(b'0'));
            }
            return None;
        }
    };
    Some(m)
}

fn kind(c: char) -> Kind {
    if c.is_ascii_alphanumeric() {
        Kind::Token(c.to_ascii_lowercase())
    } else if c == '@' || c == '$' {
        Kind::Token(c)
    } else if is_invisible(c) || ('\u{0300}'..='\u{036F}').contains(&c) {
        Kind::Drop
    } else if let Some(m) = confusable(c) {
        Kind::Token(m)
    } else {
        Kind::Sep
    }
}

fn leet(c: char) -> char {
    match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        '@' => 'a',
        other => other,
    }
}

struct Raw {
    /// Its characters: `chars[from..to]` of [`words`]' buffer.
    from: usize,
    to: usize,
    start: usize,
    end: usize,
    brk_before: bool,
}

/// Split `text` into skeleton words.
pub(crate) fn words(text: &str) -> Vec<Word> {
    // 1. raw tokens: their characters, one after another in `chars` (one buffer for all, not one
    //    allocation per token)
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    let mut raws: Vec<Raw> = Vec::new();
    let mut cur: Option<Raw> = None;
    let mut pending_break = false;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        match kind(c) {
            Kind::Token(m) => {
                chars.push(m);
                match cur.as_mut() {
                    Some(r) => {
                        r.to = chars.len();
                        r.end = i + c.len_utf8();
                    }
                    None => {
                        cur = Some(Raw {
                            from: chars.len() - 1,
                            to: chars.len(),
                            start: i,
                            end: i + c.len_utf8(),
                            brk_before: pending_break,
                        });
                        pending_break = false;
                    }
                }
            }
            Kind::Drop => {}
            Kind::Sep => {
                if let Some(r) = cur.take() {
                    raws.push(r);
                }
                let next_blank = iter.peek().is_none_or(|&(_, n)| n.is_whitespace());
                if c == '\n' || c == '\r' || (matches!(c, '.' | '!' | '?' | ';') && next_blank) {
                    pending_break = true;
                }
            }
        }
    }
    if let Some(r) = cur.take() {
        raws.push(r);
    }
    // 2. tokens without a letter keep only their digits (compacted in place); tokens with
    //    nothing left are dropped
    let mut toks: Vec<Raw> = Vec::with_capacity(raws.len());
    pending_break = false;
    for mut r in raws {
        if !chars[r.from..r.to].iter().any(char::is_ascii_lowercase) {
            let mut kept = r.from;
            for k in r.from..r.to {
                if chars[k].is_ascii_digit() {
                    chars[kept] = chars[k];
                    kept += 1;
                }
            }
            r.to = kept;
        }
        if r.from == r.to {
            // a dropped token's break still separates what follows
            if r.brk_before {
                pending_break = true;
            }
            continue;
        }
        if pending_break {
            r.brk_before = true;
            pending_break = false;
        }
        toks.push(r);
    }
    // 3. join runs of three or more one-character tokens
    let mut out: Vec<Word> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let mut j = i;
        while j < toks.len() && toks[j].to - toks[j].from == 1 {
            j += 1;
        }
        if j - i >= 3 {
            let joined: Vec<char> = toks[i..j].iter().map(|t| chars[t.from]).collect();
            out.push(finish(
                &joined,
                toks[i].start,
                toks[j - 1].end,
                toks[i].brk_before,
            ));
            i = j;
        } else {
            let t = &toks[i];
            out.push(finish(&chars[t.from..t.to], t.start, t.end, t.brk_before));
            i += 1;
        }
    }
    out
}

/// Apply the digit-for-letter map to a word that contains a letter.
fn finish(chars: &[char], start: usize, end: usize, brk_before: bool) -> Word {
    let lettered = chars.iter().any(char::is_ascii_lowercase);
    let mut text = String::with_capacity(chars.len());
    let mut ones = 0u64;
    for (k, &c) in chars.iter().enumerate() {
        if lettered {
            if c == '1' && k < 64 {
                ones |= 1 << k;
            }
            text.push(leet(c));
        } else if c.is_ascii_digit() {
            text.push(c);
        }
    }
    Word {
        text,
        ones,
        start,
        end,
        brk_before,
    }
}

/// The normalised skeleton of `text`: its words, lower-case ASCII, joined by single spaces.
/// Idempotent: `normalize(&normalize(x)) == normalize(x)`.
pub fn normalize(text: &str) -> String {
    let ws = words(text);
    let mut s = String::with_capacity(text.len());
    for (k, w) in ws.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(&w.text);
    }
    s
}
