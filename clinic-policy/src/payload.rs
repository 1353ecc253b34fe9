//! The `hidden_payload` rule: content a reviewer does not read as prose — data-carrying or scripted URLs,
//! encoded blobs, and white-space padding that pushes text out of view.

use crate::scan::Needles;
use crate::skeleton::Word;
use crate::types::{PLAIN_URL, Rule, Violation};

fn v(range: std::ops::Range<usize>, detail: String) -> Violation {
    Violation {
        rule: Rule::HiddenPayload,
        range,
        detail,
    }
}

fn excerpt(text: &str, s: usize, e: usize) -> String {
    let mut end = e.min(s + 48);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let ell = if end < e { "..." } else { "" };
    format!("{}{ell}", &text[s..end])
}

/// `low` is `text` ASCII-lower-cased; `words` its skeleton.
pub(crate) fn check(
    text: &str,
    low: &str,
    words: &[Word],
    prose: bool,
    allow_schema_url: bool,
    out: &mut Vec<Violation>,
) {
    urls(text, low, words, allow_schema_url, out);
    blobs(text, out);
    padding(text, prose, out);
}

fn url_byte(b: u8) -> bool {
    b.is_ascii_graphic()
        && !matches!(
            b,
            b'"' | b'\'' | b'<' | b'>' | b'`' | b'(' | b')' | b'[' | b']' | b','
        )
        || b == b'{'
        || b == b'}'
}

const SEND: &[&str] = &[
    "send",
    "post",
    "upload",
    "forward",
    "transmit",
    "exfiltrate",
    "submit",
    "report",
    "beacon",
    "ping",
    "leak",
    "put",
    "deliver",
    "mirror",
    "sync",
];

/// Is the word before byte `at` (same sentence, within 8 words) a verb that sends data somewhere?
fn sent_to(words: &[Word], at: usize) -> bool {
    let k = words.partition_point(|w| w.end <= at);
    let mut n = 0;
    let mut i = k;
    while i > 0 && n < 8 {
        i -= 1;
        n += 1;
        if SEND.iter().any(|s| words[i].eq_pat(s)) {
            return true;
        }
        if words[i].brk_before {
            break;
        }
    }
    false
}

/// Script and data schemes (reported in this order), then `://` and `www.`.
static URL_MARKS: Needles =
    Needles::new(&[&["javascript:", "vbscript:", "data:"], &["://", "www."]]);

fn urls(text: &str, low: &str, words: &[Word], allow_schema_url: bool, out: &mut Vec<Violation>) {
    let b = low.as_bytes();
    let marks = URL_MARKS.find(low);
    // script / data schemes: always
    for &(k, i) in marks.iter().filter(|&&(k, _)| URL_MARKS.group(k) == 0) {
        let scheme = URL_MARKS.get(k);
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        let rest = &low[i + scheme.len()..];
        if scheme == "data:" {
            // data:text/html, data:image/png;base64,...
            let mime = rest
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '/' || c == '-' || c == '+'));
            if !mime
                .clone()
                .next()
                .is_some_and(|m| m.contains('/') && m.len() > 2)
                && !rest.starts_with(";base64")
            {
                continue;
            }
        }
        let mut e = i + scheme.len();
        while e < b.len() && url_byte(b[e]) {
            e += 1;
        }
        out.push(v(
            i..e,
            format!(
                "{} URL \"{}\"",
                scheme.trim_end_matches(':'),
                excerpt(text, i, e)
            ),
        ));
    }
    // scheme://... and www. hosts
    let mut starts: Vec<usize> = Vec::new();
    for &(k, i) in marks.iter().filter(|&&(k, _)| URL_MARKS.group(k) == 1) {
        if URL_MARKS.get(k) == "://" {
            let mut s = i;
            while s > 0
                && (b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'+' | b'.' | b'-'))
            {
                s -= 1;
            }
            if s < i {
                starts.push(s);
            }
        } else if (i == 0
            || !(b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'/' | b'.' | b'-' | b'@')))
            && b.get(i + 4).is_some_and(u8::is_ascii_alphanumeric)
        {
            starts.push(i);
        }
    }
    for s in starts {
        let mut e = s;
        while e < b.len() && url_byte(b[e]) {
            e += 1;
        }
        // trailing sentence punctuation is not part of the URL
        while e > s && matches!(b[e - 1], b'.' | b':' | b';' | b'!' | b'?') {
            e -= 1;
        }
        let url = &low[s..e];
        let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
        if allow_schema_url && is_schema_url(url) {
            continue;
        }
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host = authority
            .rsplit('@')
            .next()
            .unwrap_or("")
            .split(':')
            .next()
            .unwrap_or("");
        let query = rest.find(['?', '#']).map_or("", |q| &rest[q..]);
        let web = matches!(scheme, "http" | "https");
        let reason = if matches!(
            scheme,
            "ftp" | "ftps" | "file" | "sftp" | "smb" | "gopher" | "ws" | "wss"
        ) {
            Some(format!("{scheme} URL"))
        } else if web && authority.contains('@') {
            Some("URL with embedded credentials".to_owned())
        } else if web
            && !host.is_empty()
            && host.bytes().all(|c| c.is_ascii_digit() || c == b'.')
            && host != "127.0.0.1"
            && host.split('.').count() == 4
        {
            Some("URL with a raw IP host".to_owned())
        } else if query.contains(['{', '}', '<', '$', '%'])
            && (query.contains('{') || query.contains("%s"))
        {
            Some("URL with a data template in its query".to_owned())
        } else if s >= 2 && low[..s].ends_with("](") && low[..s].contains("![") {
            Some("markdown image URL (fetched on render)".to_owned())
        } else if (web || url.starts_with("www.")) && sent_to(words, s) {
            Some("URL as a destination for data".to_owned())
        } else if web && url.len() > 200 {
            Some("overlong URL".to_owned())
        } else {
            // Any other URL still violates the rule (a description should not send the model
            // anywhere), but it is hygiene, not evidence of injection: see `Violation::is_injection`.
            Some(PLAIN_URL.to_owned())
        };
        if let Some(r) = reason {
            out.push(v(s..e, format!("{r} \"{}\"", excerpt(text, s, e))));
        }
    }
}

/// The one structural exception: the value of a `$schema` keyword naming a JSON-Schema meta-schema.
pub(crate) fn is_schema_url(url: &str) -> bool {
    let u = url.trim().to_ascii_lowercase();
    ["http://json-schema.org/", "https://json-schema.org/"]
        .iter()
        .any(|p| {
            u.strip_prefix(p).is_some_and(|r| {
                r.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || b"-/#.".contains(&c))
            })
        })
}

fn b64_val(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' | b'-' => Some(62),
        b'/' | b'_' => Some(63),
        _ => None,
    }
}

fn b64_decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &c in s {
        let Some(x) = b64_val(c) else { break };
        acc = (acc << 6) | u32::from(x);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xFF) as u8);
        }
    }
    out
}

/// Mostly printable, mostly letters and spaces: an encoded message rather than random bytes.
fn looks_like_text(bytes: &[u8]) -> bool {
    if bytes.len() < 8 {
        return false;
    }
    // random bytes are all printable with probability (95/256)^n: about 1e-5 for 12 bytes
    let printable = bytes
        .iter()
        .filter(|&&c| (0x20..0x7F).contains(&c) || c == b'\n' || c == b'\t')
        .count();
    let wordy = bytes
        .iter()
        .filter(|&&c| c.is_ascii_alphanumeric() || c == b' ')
        .count();
    printable * 20 >= bytes.len() * 19 && wordy * 2 >= bytes.len()
}

fn class(c: u8) -> u8 {
    if c.is_ascii_uppercase() {
        0
    } else if c.is_ascii_lowercase() {
        1
    } else if c.is_ascii_digit() {
        2
    } else {
        3
    }
}

fn blobs(text: &str, out: &mut Vec<Violation>) {
    let b = text.as_bytes();
    let is_b64 = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=' | b'_' | b'-');
    let mut flagged: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !is_b64(b[i]) {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && is_b64(b[i]) {
            i += 1;
        }
        let run = &b[s..i];
        if run.len() < 16 {
            continue;
        }
        let body: Vec<u8> = run.iter().copied().filter(|&c| c != b'=').collect();
        let decoded = b64_decode(&body);
        let (up, lo, dg) = (
            run.iter().any(u8::is_ascii_uppercase),
            run.iter().any(u8::is_ascii_lowercase),
            run.iter().any(u8::is_ascii_digit),
        );
        let transitions = run
            .windows(2)
            .filter(|w| class(w[0]) != class(w[1]))
            .count();
        let encoded_text = decoded.len() >= 12 && looks_like_text(&decoded) && (up || dg);
        let random = run.len() >= 32 && up && lo && dg && transitions * 10 >= run.len() * 3;
        if encoded_text || random {
            let what = if encoded_text {
                let shown: String = decoded
                    .iter()
                    .take(40)
                    .map(|&c| {
                        if c.is_ascii_graphic() || c == b' ' {
                            c as char
                        } else {
                            '.'
                        }
                    })
                    .collect();
                format!(
                    "base64 run of {} characters decoding to \"{shown}\"",
                    run.len()
                )
            } else {
                format!("base64-like run of {} characters", run.len())
            };
            out.push(v(s..i, what));
            flagged.push((s, i));
        }
    }
    // hex runs
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_hexdigit() {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        let run = &b[s..i];
        if run.len() < 16 || flagged.iter().any(|&(a, z)| a <= s && i <= z) {
            continue;
        }
        let decoded: Vec<u8> = run
            .chunks_exact(2)
            .map(|p| {
                let h = (p[0] as char).to_digit(16).unwrap_or(0);
                let l = (p[1] as char).to_digit(16).unwrap_or(0);
                (h * 16 + l) as u8
            })
            .collect();
        if looks_like_text(&decoded) {
            let shown: String = decoded
                .iter()
                .take(40)
                .map(|&c| {
                    if c.is_ascii_graphic() || c == b' ' {
                        c as char
                    } else {
                        '.'
                    }
                })
                .collect();
            out.push(v(
                s..i,
                format!("hex run of {} digits decoding to \"{shown}\"", run.len()),
            ));
        } else if run.len() >= 128 {
            out.push(v(s..i, format!("hex run of {} digits", run.len())));
        }
    }
}

/// Mid-line runs of spaces at least this long are padding; shorter ones are column alignment.
const PAD_RUN: usize = 32;
/// Indentation at least this deep is padding.
const PAD_INDENT: usize = 32;
/// Leading or trailing white space this long (or with three line breaks) is padding.
const PAD_EDGE: usize = 12;
/// This many line breaks in a row (three blank lines) are padding.
const PAD_LINES: usize = 4;

/// `prose`: descriptions, titles and names, which must not be only white space. Other strings (enum values,
/// defaults such as a `"\t"` delimiter) may legitimately be white space.
fn padding(text: &str, prose: bool, out: &mut Vec<Violation>) {
    let b = text.as_bytes();
    let lead = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    if lead == b.len() {
        if b.len() >= 3 || (prose && !b.is_empty()) {
            out.push(v(
                0..b.len(),
                format!("text is only white space ({} characters)", b.len()),
            ));
        }
        return;
    }
    let trail = b
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_whitespace())
        .count();
    // a docstring's "\n    " at either end is layout; more is padding
    let heavy = |ws: &[u8]| ws.iter().filter(|&&c| c == b'\n').count() >= 3 || ws.len() >= PAD_EDGE;
    if lead > 0 && heavy(&b[..lead]) {
        out.push(v(
            0..lead,
            format!("leading white space ({lead} characters)"),
        ));
    }
    if trail > 0 && heavy(&b[b.len() - trail..]) {
        let s = b.len() - trail;
        out.push(v(
            s..b.len(),
            format!("trailing white space ({trail} characters)"),
        ));
    }
    // runs inside the text
    let mut i = lead;
    let end = b.len() - trail;
    let mut line_start = true;
    while i < end {
        let c = b[i];
        if c == b'\n' || c == b'\r' {
            let s = i;
            let mut newlines = 0;
            while i < end && b[i].is_ascii_whitespace() {
                if b[i] == b'\n' {
                    newlines += 1;
                }
                i += 1;
            }
            if newlines >= PAD_LINES {
                out.push(v(s..i, format!("{newlines} consecutive line breaks")));
            }
            line_start = true;
            // the last line's indentation counts as indentation
            let mut k = i;
            while k > s && (b[k - 1] == b' ' || b[k - 1] == b'\t') {
                k -= 1;
            }
            let indent = i - k;
            if indent >= PAD_INDENT {
                out.push(v(k..i, format!("indentation of {indent} characters")));
            }
            continue;
        }
        if c == b' ' || c == b'\t' {
            let s = i;
            while i < end && (b[i] == b' ' || b[i] == b'\t') {
                i += 1;
            }
            let n = i - s;
            if line_start {
                if n >= PAD_INDENT {
                    out.push(v(s..i, format!("indentation of {n} characters")));
                }
            } else if n >= PAD_RUN {
                out.push(v(s..i, format!("run of {n} spaces")));
            }
            continue;
        }
        line_start = false;
        i += 1;
    }
}
