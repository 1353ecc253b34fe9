//! The `charset` rule: printable ASCII (0x20..=0x7E) only — an allowlist.

use crate::types::{Rule, Violation};

/// Names of the code points that usually show up where they should not.
pub fn char_name(c: char) -> Option<&'static str> {
    let n = match c as u32 {
        0x00 => "NULL",
        0x07 => "BELL",
        0x08 => "BACKSPACE",
        0x09 => "CHARACTER TABULATION",
        0x0A => "LINE FEED",
        0x0B => "LINE TABULATION",
        0x0C => "FORM FEED",
        0x0D => "CARRIAGE RETURN",
        0x1B => "ESCAPE",
        0x7F => "DELETE",
        0x85 => "NEXT LINE",
        0x9B => "CONTROL SEQUENCE INTRODUCER",
        0xA0 => "NO-BREAK SPACE",
        0xAD => "SOFT HYPHEN",
        0x034F => "COMBINING GRAPHEME JOINER",
        0x061C => "ARABIC LETTER MARK",
        0x115F => "HANGUL CHOSEONG FILLER",
        0x1160 => "HANGUL JUNGSEONG FILLER",
        0x180E => "MONGOLIAN VOWEL SEPARATOR",
        0x2002 => "EN SPACE",
        0x2003 => "EM SPACE",
        0x2007 => "FIGURE SPACE",
        0x2009 => "THIN SPACE",
        0x200A => "HAIR SPACE",
        0x200B => "ZERO WIDTH SPACE",
        0x200C => "ZERO WIDTH NON-JOINER",
        0x200D => "ZERO WIDTH JOINER",
        0x200E => "LEFT-TO-RIGHT MARK",
        0x200F => "RIGHT-TO-LEFT MARK",
        0x2010 => "HYPHEN",
        0x2011 => "NON-BREAKING HYPHEN",
        0x2013 => "EN DASH",
        0x2014 => "EM DASH",
        0x2018 => "LEFT SINGLE QUOTATION MARK",
        0x2019 => "RIGHT SINGLE QUOTATION MARK",
        0x201C => "LEFT DOUBLE QUOTATION MARK",
        0x201D => "RIGHT DOUBLE QUOTATION MARK",
        0x2022 => "BULLET",
        0x2026 => "HORIZONTAL ELLIPSIS",
        0x2028 => "LINE SEPARATOR",
        0x2029 => "PARAGRAPH SEPARATOR",
        0x202A => "LEFT-TO-RIGHT EMBEDDING",
        0x202B => "RIGHT-TO-LEFT EMBEDDING",
        0x202C => "POP DIRECTIONAL FORMATTING",
        0x202D => "LEFT-TO-RIGHT OVERRIDE",
        0x202E => "RIGHT-TO-LEFT OVERRIDE",
        0x202F => "NARROW NO-BREAK SPACE",
        0x205F => "MEDIUM MATHEMATICAL SPACE",
        0x2060 => "WORD JOINER",
        0x2061 => "FUNCTION APPLICATION",
        0x2062 => "INVISIBLE TIMES",
        0x2063 => "INVISIBLE SEPARATOR",
        0x2064 => "INVISIBLE PLUS",
        0x2066 => "LEFT-TO-RIGHT ISOLATE",
        0x2067 => "RIGHT-TO-LEFT ISOLATE",
        0x2068 => "FIRST STRONG ISOLATE",
        0x2069 => "POP DIRECTIONAL ISOLATE",
        0x2192 => "RIGHTWARDS ARROW",
        0x3000 => "IDEOGRAPHIC SPACE",
        0x3164 => "HANGUL FILLER",
        0xFE0E => "VARIATION SELECTOR-15",
        0xFE0F => "VARIATION SELECTOR-16",
        0xFEFF => "ZERO WIDTH NO-BREAK SPACE",
        0xFFA0 => "HALFWIDTH HANGUL FILLER",
        0xFFFC => "OBJECT REPLACEMENT CHARACTER",
        0xFFFD => "REPLACEMENT CHARACTER",
        0xE0001 => "LANGUAGE TAG",
        0xE007F => "CANCEL TAG",
        _ => return None,
    };
    Some(n)
}

fn is_tag(c: char) -> bool {
    ('\u{E0000}'..='\u{E007F}').contains(&c)
}

/// `U+XXXX NAME` (or just `U+XXXX`).
pub fn describe(c: char) -> String {
    match char_name(c) {
        Some(n) => format!("U+{:04X} {n}", c as u32),
        None => format!("U+{:04X}", c as u32),
    }
}

pub(crate) fn check(text: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if (' '..='~').contains(&c) {
            continue;
        }
        let mut end = i + c.len_utf8();
        if is_tag(c) {
            let mut hidden = String::new();
            let mut n = 1usize;
            push_tag(&mut hidden, c);
            while let Some(&(j, d)) = it.peek() {
                if !is_tag(d) {
                    break;
                }
                push_tag(&mut hidden, d);
                n += 1;
                end = j + d.len_utf8();
                it.next();
            }
            let detail = if hidden.is_empty() {
                let base = describe(c);
                if n > 1 {
                    format!("{base} and {} more tag characters", n - 1)
                } else {
                    base
                }
            } else {
                format!("hidden tag text \"{hidden}\" ({n} tag characters U+E0000-U+E007F)")
            };
            out.push(Violation {
                rule: Rule::Charset,
                range: i..end,
                detail,
            });
            continue;
        }
        let mut n = 1usize;
        while let Some(&(j, d)) = it.peek() {
            if d != c {
                break;
            }
            n += 1;
            end = j + d.len_utf8();
            it.next();
        }
        let base = describe(c);
        let detail = if n > 1 { format!("{base} x{n}") } else { base };
        out.push(Violation {
            rule: Rule::Charset,
            range: i..end,
            detail,
        });
    }
    out
}

fn push_tag(s: &mut String, c: char) {
    let v = (c as u32).wrapping_sub(0xE0000);
    if let Some(a) = char::from_u32(v).filter(|a| (' '..='~').contains(a)) {
        if a == '"' || a == '\\' {
            s.push('\\');
        }
        s.push(a);
    }
}
