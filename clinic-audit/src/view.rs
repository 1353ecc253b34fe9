//! MCP Apps views (`ui://` resources, `text/html;profile=mcp-app`): what of a view a person reads.
//!
//! A view is a page shown to a person, not text read by a model, so it is not held to the
//! controlled language: its visible words go through plain `check` (no text aimed at a model),
//! and its bytes are pinned whole (see [`crate::pin`]).

/// Attributes whose values a person (or a screen reader) is shown.
const SHOWN_ATTRIBUTES: &[&str] = &[
    "title",
    "alt",
    "aria-label",
    "aria-description",
    "placeholder",
];

/// The words a view shows, in document order: the markup's text outside `<script>`, `<style>`,
/// `<template>` and comments, and the values of the attributes a person is shown (`title`, `alt`,
/// `aria-label`, `aria-description`, `placeholder`). Text a script writes at run time is not
/// seen here (the pin holds the script's bytes). Entities are left as written.
pub fn visible_text(html: &str) -> Vec<String> {
    let mut markup = html.to_owned();
    for (open, close) in [
        ("<!--", "-->"),
        ("<script", "</script>"),
        ("<style", "</style>"),
        ("<template", "</template>"),
    ] {
        let mut from = 0;
        while let Some(a) = find_ci(&markup[from..], open).map(|a| from + a) {
            let b = find_ci(&markup[a..], close).map_or(markup.len(), |b| a + b + close.len());
            markup.replace_range(a..b, " ");
            from = a;
        }
    }
    let mut out = Vec::new();
    let mut push = |t: &str| {
        let t = t.trim();
        if !t.is_empty() {
            out.push(t.to_owned());
        }
    };
    for (i, piece) in markup.split('<').enumerate() {
        if i == 0 {
            push(piece);
            continue;
        }
        let Some((tag, text)) = piece.split_once('>') else {
            push(piece);
            continue;
        };
        for value in shown_attributes(tag) {
            push(&value);
        }
        push(text);
    }
    out
}

/// Where `needle` (ASCII) is in `hay`, ignoring ASCII case.
fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    (0..h.len().saturating_sub(n.len() - 1)).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// The values of [`SHOWN_ATTRIBUTES`] in one tag's text (`button class=a title="b"`).
fn shown_attributes(tag: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = tag.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // an attribute name
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"=/>".contains(&bytes[i]) {
            i += 1;
        }
        let name = tag[start..i].to_ascii_lowercase();
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let value = match bytes.get(i) {
                Some(&q) if q == b'"' || q == b'\'' => {
                    let end = tag[i + 1..]
                        .find(q as char)
                        .map_or(tag.len(), |e| i + 1 + e);
                    let v = &tag[i + 1..end];
                    i = end + 1;
                    v
                }
                _ => {
                    let s = i;
                    while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    &tag[s..i]
                }
            };
            if SHOWN_ATTRIBUTES.contains(&name.as_str()) {
                out.push(value.to_owned());
            }
        } else if i == start {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code

    use super::*;

    #[test]
    fn the_words_a_person_sees_and_nothing_a_script_or_a_style_holds() {
        let html = r#"<!doctype html><html><head><title>Pick a slot</title>
            <style>.a{content:"hidden style"}</style><SCRIPT>const s = "hidden script";</SCRIPT>
            </head><body><!-- a comment --><h1 class=x>Open slots</h1>
            <button aria-label="Book 09:00" title='UTC 14:00' data-x="not shown">09:00</button>
            <img alt=Logo src=x.png></body></html>"#;
        assert_eq!(
            visible_text(html),
            [
                "Pick a slot",
                "Open slots",
                "Book 09:00",
                "UTC 14:00",
                "09:00",
                "Logo"
            ]
        );
    }
}
