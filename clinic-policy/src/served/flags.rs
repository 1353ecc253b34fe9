//! What the server's flags mean when true, and texts that say one the other way round.

use super::*;

/// The polarity of a condition said of a flag: +1 when it says the flag's true case, -1 its
/// false case, 0 when it says neither or both. A word of either side after a negation ("no
/// more", "not cancelled") says the other.
fn polarity(cond: &[Tok], flag: &Flag) -> i32 {
    let (mut yes, mut no) = (false, false);
    for (k, t) in cond.iter().enumerate() {
        // ("the only ones in the window": "the only" says the whole, where "only" is not a
        // word of the flag's true case)
        let the_only = is_word(t, &["only"])
            && k >= 1
            && is_word(&cond[k - 1], &["the"])
            && !flag.yes.contains(&"only");
        // ("this request", "this call" is the present one; "this answer" is not said of it)
        if is_word(t, &["this"]) && !is_word_at(cond, k + 1, &["request", "call"]) {
            continue;
        }
        let side = if is_word(t, flag.yes) && !the_only {
            true
        } else if is_word(t, flag.no) || the_only {
            false
        } else {
            continue;
        };
        let negated = cond[k.saturating_sub(3)..k]
            .iter()
            .rev()
            .take_while(|x| x.kind == Kind::Word)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "nothing"]));
        if side != negated {
            yes = true;
        } else {
            no = true;
        }
    }
    match (yes, no) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    }
}

/// A flag said the other way round: its true case said of false, or its false case of true
/// ("True when this answer is a new booking", "False when more slots matched than were
/// returned", "When true, the cancelled appointments too"), or its default as the other value.
/// The condition is read after "true when …" (or if, for, once), after "When true, …" and
/// after "If replayed is true, …", to the end of the sentence.
pub(super) fn flag_inverted(s: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    for flag in FLAGS.iter().filter(|f| f.tools.contains(&tool)) {
        for (k, t) in s.iter().enumerate() {
            let value = match t.text.as_str() {
                "true" if t.kind == Kind::Word => true,
                "false" if t.kind == Kind::Word => false,
                _ => continue,
            };
            // "Default: true", "true by default", or the value of an absent argument: "When
            // absent, true", "Without it, true"
            let absent = k >= 2
                && matches!(s[k - 1].kind, Kind::Comma | Kind::Stop)
                && s[k.saturating_sub(4)..k - 1]
                    .iter()
                    .any(|x| is_word(x, ABSENT) || is_word(x, &["without"]));
            let default = k >= 1 && is_word(&s[k - 1], &["default"])
                || k >= 2 && s[k - 1].text == ":" && is_word(&s[k - 2], &["default"])
                || is_word_at(s, k + 1, &["by"]) && is_word_at(s, k + 2, &["default"])
                || absent;
            // "… unless set to false": the value named is the one that is not the default
            let unless = s[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, &["unless"]));
            let value = if unless && !default { !value } else { value };
            if default || unless {
                if flag.default.is_some_and(|d| d != value) {
                    push(
                        out,
                        Rule::Directive,
                        t,
                        format!(
                            "the server's flag `{}` said with another default: it is {}",
                            flag.field, !value
                        ),
                    );
                    return;
                }
                continue;
            }
            let cond: &[Tok] = if is_word_at(s, k + 1, &["when", "if", "for", "once", "where"]) {
                &s[k + 2..]
            } else if k >= 1 && is_word(&s[k - 1], &["when", "if"])
                // ("If replayed is true, …": the flag named in its own condition)
                || k >= 3
                    && is_word(&s[k - 1], &["is"])
                    && s[k - 2].text.eq_ignore_ascii_case(flag.field)
                    && is_word(&s[k - 3], &["when", "if", "once", "where"])
            {
                &s[k + 1..]
            } else {
                continue;
            };
            let p = polarity(cond, flag);
            if p != 0 && (p > 0) != value {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "the server's flag `{}` said the other way round: it is true when {}",
                        flag.field, flag.meaning
                    ),
                );
                return;
            }
            // (each condition of "…, or when …" is read alone)
            let conds = cond.split(|x| is_word(x, &["or"]));
            let mut parts = conds
                .enumerate()
                .filter(|(i, c)| *i == 0 || c.first().is_some_and(|x| is_word(x, &["when", "if"])));
            if value && parts.any(|(_, c)| about_else(c, flag)) {
                push(
                    out,
                    Rule::Directive,
                    t,
                    format!(
                        "the server's flag `{}` said of something else: it is true when {}",
                        flag.field, flag.meaning
                    ),
                );
                return;
            }
        }
    }
}

/// Whether a condition of a flag's true case names nothing of what the flag is about
/// ([`Flag::about`]): "True when the patient has booked with this doctor before" of `replayed`,
/// "True when the window was made shorter" of `truncated`. On the slot search, whose answer
/// lists slots, a condition on one slot ("True when the slot is open", "True for an open slot")
/// is of a listed slot's
/// own field, not of the answer's flag.
fn about_else(cond: &[Tok], flag: &Flag) -> bool {
    let one_slot = flag.tools.contains(&SLOT_SEARCH)
        && cond.iter().skip(1).take(2).any(|x| is_word(x, &["slot"]))
        && cond.first().is_some_and(|x| is_word(x, DETERMINERS));
    // (a word of what the flag is about named only as the time of something else says
    // nothing of it: "the slot was taken by someone else before this call")
    let anchor = |k: usize| {
        let mut j = k;
        while j >= 1 && is_word(&cond[j - 1], DETERMINERS) {
            j -= 1;
        }
        j >= 1
            && is_word(
                &cond[j - 1],
                &["before", "after", "since", "until", "till", "during"],
            )
            || j >= 2
                && is_word(&cond[j - 1], &["than"])
                && is_word(&cond[j - 2], &["earlier", "later", "sooner"])
            || j >= 2
                && is_word(&cond[j - 1], &["to", "of"])
                && is_word(&cond[j - 2], &["prior", "ahead"])
    };
    !flag.about.is_empty()
        && !one_slot
        && cond.iter().any(|x| x.kind == Kind::Word)
        && !cond.iter().enumerate().any(|(k, x)| {
            let w = x.text.trim_matches('`').to_ascii_lowercase();
            flag.about.contains(&w.as_str()) && !anchor(k)
        })
}
