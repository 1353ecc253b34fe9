//! `length`, `name` and the naming half of `cross_tool`.

use crate::names::{ToolNames, find_tool};
#[cfg(test)]
use crate::names::{is_word, tool_at};
use crate::types::{Rule, Violation};

/// Over `max` characters: the range covers the excess.
pub(crate) fn length(text: &str, max: usize, out: &mut Vec<Violation>) {
    let n = text.chars().count();
    if n > max {
        let cut = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
        out.push(Violation {
            rule: Rule::Length,
            range: cut..text.len(),
            detail: format!("{n} characters, limit {max}"),
        });
    }
}

/// The longest name allowed.
pub const MAX_NAME: usize = 64;

/// `^[a-z][a-z0-9_]{0,63}$`, hand-written. Returns the first problem as a violation.
pub(crate) fn name(text: &str, out: &mut Vec<Violation>) {
    let mut push = |range: std::ops::Range<usize>, detail: String| {
        out.push(Violation {
            rule: Rule::Name,
            range,
            detail,
        });
    };
    let Some(first) = text.chars().next() else {
        push(0..0, "empty name".to_owned());
        return;
    };
    if !first.is_ascii_lowercase() {
        push(
            0..first.len_utf8(),
            format!("starts with {first:?}; a name starts with a lower-case letter a-z"),
        );
        return;
    }
    if let Some((i, c)) = text
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
    {
        let what = if c.is_ascii_uppercase() {
            "an upper-case letter"
        } else {
            "a character outside a-z, 0-9, _"
        };
        push(i..i + c.len_utf8(), format!("contains {c:?} ({what})"));
        return;
    }
    if text.len() > MAX_NAME {
        push(
            MAX_NAME..text.len(),
            format!("{} characters, limit {MAX_NAME}", text.len()),
        );
    }
}

/// Names of other tools, matched as whole words with separators normalised: each mention once,
/// under the first name (in `names`' priority) that it mentions.
pub(crate) fn cross_tool(text: &str, own_name: &str, names: &ToolNames, out: &mut Vec<Violation>) {
    let tb = text.as_bytes();
    names.mentions(tb, own_name.trim(), |i, e, tool| {
        // a name that is contained in our own name as a word would match our own mentions: skip those hits
        let inside_own = !own_name.is_empty() && own_mention_covers(tb, own_name.as_bytes(), i, e);
        if !inside_own
            && text.is_char_boundary(i)
            && text.is_char_boundary(e)
            && !is_replacement_note(text, i, e)
            && !is_value_flow(text, i)
        {
            out.push(Violation {
                rule: Rule::CrossTool,
                range: i..e,
                detail: format!("names tool \"{tool}\""),
            });
        }
    });
}

/// A value's way between tools: "… as returned by <name>" (where an argument comes from) and
/// "… the value to give to <name>" (where a returned value goes). They say what a value is, the
/// same clauses a parameter or an output field may hold; every other rule still reads the text.
fn is_value_flow(text: &str, i: usize) -> bool {
    let mut before = text[..i].trim_end().as_bytes();
    // the next of a list of tools: "as returned by get_appointment or (by) list_my_appointments"
    for _ in 0..4 {
        let led = ["as returned by", "to give to"].iter().any(|lead| {
            let Some(start) = before.len().checked_sub(lead.len()) else {
                return false;
            };
            before[start..].eq_ignore_ascii_case(lead.as_bytes())
                && before[..start]
                    .last()
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        });
        if led {
            return true;
        }
        let Some(rest) = [" or by", " and by", " or", " and"]
            .iter()
            .find_map(|j| before.strip_suffix(j.as_bytes()))
        else {
            return false;
        };
        let name_start = rest
            .iter()
            .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            .map_or(0, |p| p + 1);
        if !rest[name_start..].contains(&b'_') {
            return false;
        }
        before = rest[..name_start].trim_ascii_end();
    }
    false
}

/// The one sentence in which a tool may name another: its own retirement, as the text's last
/// sentence, `Deprecated; replaced by <name>.` (`:` or `,` for `;`, the full stop optional). It
/// names a successor and asks nothing; every other rule still reads it.
fn is_replacement_note(text: &str, i: usize, e: usize) -> bool {
    const NOTE: &str = "deprecated; replaced by";
    let before = text[..i].trim_end();
    let Some(start) = before.len().checked_sub(NOTE.len()) else {
        return false;
    };
    let (Some(lead), Some(note)) = (before.get(..start), before.get(start..)) else {
        return false;
    };
    let (lead, note) = (lead.trim_end(), note.as_bytes());
    let shaped = note
        .iter()
        .zip(NOTE.as_bytes())
        .enumerate()
        .all(|(k, (&c, &n))| {
            if k == 10 {
                matches!(c, b';' | b':' | b',')
            } else {
                c.to_ascii_lowercase() == n
            }
        });
    let after = text[e..].trim();
    shaped && (lead.is_empty() || lead.ends_with(['.', ';'])) && (after.is_empty() || after == ".")
}

/// [`cross_tool`] as it was first written, every name tried at every word start: the oracle the
/// indexed look-up is tested against. It reports a mention once per name that it mentions (the
/// screen keeps the first of equal ranges).
#[cfg(test)]
pub(crate) fn cross_tool_by_scan(
    text: &str,
    own_name: &str,
    other_tools: &[&str],
    out: &mut Vec<Violation>,
) {
    let tb = text.as_bytes();
    let starts: Vec<usize> = (0..tb.len())
        .filter(|&i| i == 0 || !is_word(tb[i - 1]))
        .collect();
    let own_trimmed = own_name.trim();
    for tool in other_tools {
        let tool = tool.trim();
        if tool.is_empty() || tool.eq_ignore_ascii_case(own_trimmed) {
            continue;
        }
        let m = tool.len();
        let mentions = starts
            .iter()
            .copied()
            .take_while(|&i| i + m <= tb.len())
            .filter(|&i| tool_at(tb, tool.as_bytes(), i));
        for i in mentions {
            let e = i + m;
            let inside_own =
                !own_name.is_empty() && own_mention_covers(tb, own_name.as_bytes(), i, e);
            if !inside_own
                && text.is_char_boundary(i)
                && text.is_char_boundary(e)
                && !is_replacement_note(text, i, e)
            {
                out.push(Violation {
                    rule: Rule::CrossTool,
                    range: i..e,
                    detail: format!("names tool \"{tool}\""),
                });
            }
        }
    }
}

/// Is `i..e` part of a mention of `own` in `text`?
fn own_mention_covers(text: &[u8], own: &[u8], i: usize, e: usize) -> bool {
    let lo = i.saturating_sub(own.len());
    let mut from = lo;
    while let Some(j) = find_tool(text, own, from) {
        if j > i {
            return false;
        }
        if j + own.len() >= e {
            return true;
        }
        from = j + 1;
    }
    false
}
