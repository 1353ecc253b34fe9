//! The controlled grammar of our own text (strict mode): sentence shapes, not only words.
//!
//! An approved vocabulary cannot stop an order written in approved words, so every text is also
//! read for its shape, the way ASD-STE100 separates descriptive from procedural writing and gives
//! each word one part of speech. The vocabulary is closed, so the parts of speech are too: every
//! verb of the vocabulary is listed with its class ([`crate::lang::words::VERBS`]), and a test
//! holds the list to the vocabulary, so a verb added there without a class fails the build's
//! tests. The words, the data table and the closed set of predicates are in `crate::lang`, below.
//!
//! The shapes (see `docs/POLICY.md`, "How to say it"):
//! - a tool description's first sentence is the tool's own action, its first word the verb of the
//!   tool's name; every later clause is a statement, never an order;
//! - a parameter, field or type description, `instructions` and any other text are statements
//!   only: no clause opens with a verb, no "is to be" order, no order after "then";
//! - a title is a noun phrase or the tool's own action;
//! - a verb of effect, as a finite verb or an order, names only the tool's own declared effect,
//!   in every field of the tool, and never appears that way in a tool that only reads;
//! - forbidden everywhere: negated showing (`not shown`, `does not list`), leaving something out
//!   of what a person gets, claims of consent or confirmation by a person, and claims about which
//!   source, list or result is current or correct;
//! - a statement says what a thing is only with a predicate of a closed set (a state, a value,
//!   a phrase, a participle; [`crate::lang::predicates`]), after "is" and the verbs that link
//!   like it, after a label and a colon, and past a tool description's first comma;
//! - a parameter's described content is only data its tool may take
//!   ([`crate::lang::data::data_allowed`]);
//! - a parameter or field name is a noun phrase: no verb first, no determiner, pronoun, adverb or
//!   negation, only the range words a window needs.

mod assertions;
mod audience;
mod doings;
mod due;
mod effects;
mod held_later;
mod intake_seen;
mod lapses;
mod naming;
mod outranks;
mod promises;
mod reach;
mod refusal_word;
mod screened;
mod standing;
mod unseen;
mod values;
mod who_gets;
mod world;

pub(crate) use self::naming::*;
use self::{
    assertions::*, audience::*, doings::*, effects::*, promises::*, reach::*, standing::*,
    values::*, world::*,
};
use crate::facts::*;
use crate::lang::predicates::*;
pub(crate) use crate::lang::{data::*, words::*};
use crate::types::{Field, Rule, Violation};

/// Token `k` follows "returned by", "replaced by" or "to give to", the places a text names
/// another tool, directly or as the next of a list of tools ("returned by get_appointment or
/// list_my_appointments", "… or by …"): which of the three.
fn tool_named_at(toks: &[Tok], k: usize) -> Option<&'static str> {
    let at = |back: usize, w: &str| k >= back && toks[k - back].text == w;
    if at(1, "by") && at(2, "returned") {
        return Some("returned");
    }
    if at(1, "by") && at(2, "replaced") {
        return Some("replaced");
    }
    if at(1, "to") && at(2, "give") && at(3, "to") {
        return Some("give");
    }
    // the next of a list: "<tool> or <tool>", "<tool> or by <tool>"
    let skip = if at(1, "by") { 2 } else { 1 };
    let joined = k > skip
        && matches!(toks[k - skip].text.as_str(), "or" | "and")
        && toks[k - skip - 1].kind == Kind::Ident
        && toks[k - skip - 1].text.contains('_');
    if joined {
        return tool_named_at(toks, k - skip - 1);
    }
    None
}

/// What follows "to give to <tool>" up to the sentence's end: nothing, or "as its/the/a" and the
/// parameter's name, up to three words or names and no function word ("as its slot id").
fn value_flow_ends(rest: &[Tok]) -> bool {
    let mut clause: Vec<&Tok> = rest.iter().take_while(|t| t.kind != Kind::Stop).collect();
    // "… to give to book_appointment or (to) reschedule_appointment": the next of a list of tools
    while let [join, more @ ..] = clause.as_slice()
        && is_word(join, &["or", "and"])
    {
        let more = if more.first().is_some_and(|t| is_word(t, &["to"])) {
            &more[1..]
        } else {
            more
        };
        match more {
            [name, tail @ ..] if name.kind == Kind::Ident && name.text.contains('_') => {
                clause = tail.to_vec();
            }
            _ => return false,
        }
    }
    match clause.as_slice() {
        [] => true,
        [first, det, name @ ..] => {
            first.text == "as"
                && matches!(det.text.as_str(), "its" | "the" | "a" | "an")
                && (1..=3).contains(&name.len())
                && name.iter().all(|t| {
                    t.kind == Kind::Ident
                        || (t.kind == Kind::Word
                            && ![DETERMINERS, PREPOSITIONS, LEAD_ADVERBS, NEGATIONS]
                                .iter()
                                .any(|l| l.contains(&t.text.as_str())))
                })
        }
        _ => false,
    }
}

/// For "… to give to <tool> as its <kind> id" at `k` (the tool's name): the kind of object the
/// value belongs to (the first one its sentence names) and the kind it is given as.
fn kind_given_as(toks: &[Tok], k: usize) -> Option<(&'static str, &'static str)> {
    let kind = |t: &Tok| OBJECT_KINDS.iter().copied().find(|w| is_word(t, &[w]));
    let after = &toks[k + 1..];
    let taken = (after.first()?.text == "as")
        .then(|| after.iter().skip(2).take(3).find_map(kind))
        .flatten()?;
    let start = toks[..k]
        .iter()
        .rposition(|t| t.kind == Kind::Stop)
        .map_or(0, |s| s + 1);
    let given = toks[start..k].iter().find_map(kind)?;
    Some((given, taken))
}

/// The longest text the grammar reads, in bytes: three times the longest field (400 characters).
const MAX_READ: usize = 1200;

/// The longest sentence the grammar reads, in words and marks (ASD-STE100 keeps a descriptive
/// sentence to 25 words).
const MAX_WORDS: usize = 48;

/// Every shape rule over one text of `tool`.
pub(crate) fn check(field: Field, text: &str, tool: Tool<'_>, out: &mut Vec<Violation>) {
    check_text(field, text, tool, out);
    if field == Field::ParamName && tool.input {
        patient_id_named(text, out);
        // (a reading tool's id filters are its own to name; a get takes its object's id)
        if tool.mutates || tool.name.starts_with("get_") {
            own_id_named(text, tool.name, out);
        }
        reason_named_for_others(text, tool.name, out);
        clinic_value_named(text, tool.mutates, out);
        slot_name_narrowed(text, tool.name, out);
        let lower = text.to_ascii_lowercase();
        let parts: Vec<&str> = lower.split('_').collect();
        if doctors_id_on_own_list(&parts, tool.name, tool.mutates) {
            out.push(Violation {
                rule: Rule::Exfiltration,
                range: 0..text.len(),
                detail: format!(
                    "name \"{text}\" takes a doctor's id: the tool lists the authenticated doctor's own appointments, and no id picks another doctor's"
                ),
            });
        }
        name_the_route_drops(text, tool.name, tool.mutates, out);
    }
    if field == Field::ParamDescription && tool.input {
        let toks = tokens(text);
        let parts = clauses(&toks);
        if let Some(first) = parts.first() {
            patient_id_described(first, tool.name, out);
            let lower: Vec<String> = first
                .iter()
                .filter(|t| t.kind == Kind::Word)
                .map(|t| t.text.to_ascii_lowercase())
                .collect();
            let words: Vec<&str> = lower.iter().map(String::as_str).collect();
            if let Some(t) = first.first()
                && doctors_id_on_own_list(&words, tool.name, tool.mutates)
            {
                out.push(Violation {
                    rule: Rule::Exfiltration,
                    range: t.start..first.last().map_or(t.end, |l| l.end),
                    detail: "a doctor's id as the value: the tool lists the authenticated doctor's own appointments, and no id picks another doctor's".to_owned(),
                });
            }
        }
        let opening = parts.first().filter(|_| tool.mutates).map(Vec::as_slice);
        id_not_taken(&toks, opening, tool.name, out);
        if tool.mutates {
            clinic_value_described(&toks, out);
        }
    }
    if field == Field::ToolDescription && tool.mutates {
        act_object_not_taken(&tokens(text), tool.name, out);
    }
    // (the variants below are at most 4 bytes longer; a text at the bound is read once)
    if field.is_name() || text.len() + 4 > MAX_READ {
        return;
    }
    said_of_the_value(field, text, tool, out);
    // A label and a short value after its colon say what the label is ("Open slots of other
    // searches: invalid.", "Priority of each appointment of this caller: urgent."): each is
    // read again as "<label> is <value>", by every reading of a statement, and what that
    // reading finds in the label or the value is found in the text. At most eight labels are
    // read again, so a text of many ("Fee: 10. Fee: 20. …") costs at most nine readings.
    let stops = |c: char| matches!(c, '.' | ';' | '!' | '?' | '\n' | ':');
    let mut reread = 0;
    for (i, _) in text.match_indices(':') {
        // (a colon of a label stands before a space, outside a literal: not "user:ID", a URL
        // or `a:b`; an apostrophe is no quote: "The patient's file. Open slots: …")
        let in_literal = text[..i].matches(['`', '"']).count() % 2 == 1;
        if in_literal || !text[i + 1..].starts_with([' ', '\n']) {
            continue;
        }
        let from = text[..i].rfind(stops).map_or(0, |s| s + 1);
        let to = text[i + 1..].find(stops).map_or(text.len(), |s| i + 1 + s);
        let value_words = text[i + 1..to].split_whitespace().count();
        // (the value's own phrase, up to a word that joins a clause: "invalid as each one
        // expired")
        let value_phrase = |v: &[&Tok]| -> bool {
            let upto = v
                .iter()
                .position(|x| x.kind == Kind::Comma || is_word(x, CLAUSE_LINKS))
                .unwrap_or(v.len());
            verbless_phrase(&v[..upto]) && !(0..upto).any(|k| verb_of_a_clause(&v[..upto], k))
        };
        // (a tool description's first sentence is the tool's action, never a label: "Return
        // the profile of one doctor: name, specialty and languages.")
        let first = field == Field::ToolDescription && !text[..from].contains(stops);
        if first || from == i || value_words == 0 || value_words > 8 {
            continue;
        }
        let (label_toks, value_toks) = (tokens(&text[from..i]), tokens(&text[i + 1..to]));
        let label: Vec<&Tok> = label_toks.iter().collect();
        let value: Vec<&Tok> = value_toks.iter().collect();
        // (a label is a noun phrase: not "The patient gets a text: …", not "Only about the
        // patient: …")
        let noun_label = !(0..label.len()).any(|k| finite(&label, k, false))
            && !label.first().is_some_and(|x| is_word(x, &["only"]));
        let modal = value.iter().any(|x| is_word(x, MODALS));
        if !noun_label || modal || !label_states(&label) || !value_phrase(&value) {
            continue;
        }
        reread += 1;
        if reread > 8 {
            break;
        }
        let variant = format!("{} is{}", &text[..i], &text[i + 1..]);
        let mut found = Vec::new();
        check_text(field, &variant, tool, &mut found);
        let back = |p: usize| if p > i { (p - 2).max(i) } else { p };
        for mut v in found {
            v.range = back(v.range.start)..back(v.range.end);
            // (the variant's own length and sentence are no finding of the text)
            let inside = v.range.start >= from && v.range.end <= to && v.rule != Rule::Length;
            if inside
                && text.is_char_boundary(v.range.start)
                && text.is_char_boundary(v.range.end)
                && !out.iter().any(|o| o.rule == v.rule && o.detail == v.detail)
            {
                out.push(v);
            }
        }
    }
}

/// A later sentence of a value's description with no subject and no verb, opening with a state
/// that withdraws or a participle of showing ("Fee of the visit. Unavailable to the patient.",
/// "Note of the doctor. Hidden from the patient."), is said of the value: it is read again as
/// "<the value's first clause> is <the sentence>", by every reading of a statement, and what
/// that reading finds kept from a person in the sentence is found in the text. Only the first
/// eight later sentences are looked at.
fn said_of_the_value(field: Field, text: &str, tool: Tool<'_>, out: &mut Vec<Violation>) {
    if field != Field::ParamDescription {
        return;
    }
    let toks = tokens(text);
    let clauses = clauses(&toks);
    let Some(first) = clauses.first().and_then(|c| c.last()) else {
        return;
    };
    let head = &text[..first.end];
    for clause in clauses.iter().skip(1).take(8) {
        let opens = clause[0];
        let state = opens.kind == Kind::Word
            && (is_word(opens, WITHDRAWN)
                || matches!(
                    verb(&opens.text),
                    Some((_, VerbClass::Show, Form::Participle))
                ));
        let verbless =
            (0..clause.len()).all(|k| !is_word(clause[k], COPULAS) && !finite(clause, k, true));
        if !state || !verbless {
            continue;
        }
        let last = clause[clause.len() - 1];
        let (from, to) = (opens.start, last.end);
        let variant = format!("{head} is {}", &text[from..to]);
        let off = head.len() + 4;
        let mut found = Vec::new();
        check_text(field, &variant, tool, &mut found);
        // (what the reading is for: a value kept from a person)
        for mut v in found {
            if v.rule != Rule::Concealment || v.range.start < off {
                continue;
            }
            v.range = v.range.start - off + from..v.range.end - off + from;
            if v.range.end <= text.len()
                && text.is_char_boundary(v.range.start)
                && text.is_char_boundary(v.range.end)
                && !out.iter().any(|o| o.rule == v.rule && o.detail == v.detail)
            {
                out.push(v);
            }
        }
    }
}

fn check_text(field: Field, text: &str, tool: Tool<'_>, out: &mut Vec<Violation>) {
    if field.is_name() {
        // (a name no argument of a served tool is read last, in `controlled::check`: a name
        // another reading refuses keeps that reading's finding)
        name(field, text, tool, out);
        return;
    }
    // The readings of a sentence grow faster than its length, so a text or a sentence longer
    // than any field allows is refused unread; plain text is far inside both bounds (every field
    // has a limit of at most 400 characters, and the longest sentence we serve has 34 words).
    if text.len() > MAX_READ {
        out.push(Violation {
            rule: Rule::Length,
            range: (0..=MAX_READ)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0)..text.len(),
            detail: format!(
                "{} bytes: the grammar reads a text of at most {MAX_READ} bytes",
                text.len()
            ),
        });
        return;
    }
    let toks = tokens(text);
    if field == Field::Title {
        title_of_the_name(&toks, tool.name, out);
        title_narrows(&toks, tool.name, out);
    }
    // A snake_case name in any text names a value (a field, a member, a code) and is held to a
    // name's shape (`hours_and_book_next`, `cancel_every_visit` are orders written as one
    // token), unless it stands where a tool is named: the tool's own name, or after "returned
    // by" / "replaced by", the two places a text names a tool, held to a tool name's shape.
    for (k, t) in toks.iter().enumerate() {
        if t.kind != Kind::Ident || !t.text.contains('_') {
            continue;
        }
        // (a code of the contract in capitals is the code, as in backticks: `NO_ONCALL_DOCTOR`)
        let written = &text[t.start..t.end];
        if !written.chars().any(|c| c.is_ascii_lowercase())
            && crate::facts::known_code(&written.to_ascii_lowercase())
        {
            continue;
        }
        let names_a_tool = field != Field::Other
            && (t.text.eq_ignore_ascii_case(tool.name.trim()) || tool_named_at(&toks, k).is_some());
        let mut found = Vec::new();
        // a tool's name is held to a tool name's shape: a verb first is its action
        let as_field = if names_a_tool {
            Field::ToolName
        } else {
            Field::ParamName
        };
        name(as_field, &text[t.start..t.end], tool, &mut found);
        // a tool of this server named anywhere else ("if there is one, book_appointment", "then
        // record_intake") stands as an order, whatever word its name opens with (a noun's too:
        // `book_`, `record_`)
        // (where an order opens: a clause's start or "then", and no verb of its own after it;
        // "when book_appointment fails", "list_specialties gives the names" say what it does)
        let opens_a_clause = k == 0
            || matches!(toks[k - 1].kind, Kind::Comma | Kind::Stop)
            || is_word(
                &toks[k - 1],
                &["then", "so", "and", "next", "first", "else"],
            );
        let its_verb = toks.get(k + 1).is_some_and(|x| {
            is_word(x, MODALS)
                || verb(&x.text.to_ascii_lowercase())
                    .is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
        });
        if field != Field::Other
            && !names_a_tool
            && found.is_empty()
            && opens_a_clause
            && !its_verb
            && crate::served::role_of(&t.text.to_ascii_lowercase()).is_some()
        {
            found.push(Violation {
                rule: Rule::Directive,
                range: 0..t.text.len(),
                detail: format!(
                    "\"{}\": a tool of this server named outside the places a text names one, so it reads as an order to call it",
                    t.text
                ),
            });
        }
        // the tool named is held to what this tool is: a reading tool is replaced by a reading
        // tool and takes its values from one ("Deprecated; replaced by cancel_appointment", "id,
        // as returned by cancel_appointment" in a listing send the reader to a change); a tool
        // that changes something is replaced by one of its own verb (not book_appointment by
        // join_waiting_list); no value goes to a tool that removes (cancel, reject)
        let other_verb = name_verb(&t.text)
            .filter(|_| names_a_tool && !t.text.eq_ignore_ascii_case(tool.name.trim()));
        if let Some((v, class, _)) = other_verb {
            let lead = tool_named_at(&toks, k);
            let by = |w: &str| lead == Some(w);
            let changes = class == VerbClass::Effect;
            let wrong = if by("replaced") {
                // (no tool this server serves is deprecated)
                crate::served::role_of(tool.name.trim()).is_some()
                    || !replaces(tool.name.trim(), &t.text.to_ascii_lowercase())
            } else if by("returned") {
                changes && !tool.mutates
            } else {
                // (nor to a decision that is another's: the doctor's confirmation, an escalation
                // to the oncall doctor)
                matches!(
                    v,
                    "cancel" | "reject" | "delete" | "remove" | "release" | "confirm" | "escalate"
                )
            };
            if wrong {
                found.push(Violation {
                    rule: Rule::Effects,
                    range: 0..t.text.len(),
                    detail: format!(
                        "\"{}\" does something else than this tool: a tool is replaced by one of its own kind, a reading tool takes values from a reading tool, and no value is given to a tool that removes",
                        t.text
                    ),
                });
            }
        }
        // where a value goes is said and nothing more: "the value to give to <tool>", then the
        // sentence ends or names the parameter ("as its slot id"); a scope, a time or a manner
        // after it ("…, for every appointment", "… now") is a use prescribed, not a value's way
        if names_a_tool && k >= 1 && toks[k - 1].text == "to" && !value_flow_ends(&toks[k + 1..]) {
            found.push(Violation {
                rule: Rule::Directive,
                range: 0..t.text.len(),
                detail: "after \"the value to give to <tool>\" the sentence ends, or names the parameter (\"as its slot id\"): a text says where a value goes, not when or for what to use it".to_owned(),
            });
        }
        // the value is given as a value of its own kind: not a doctor's id "as its slot id"
        if names_a_tool
            && k >= 1
            && toks[k - 1].text == "to"
            && let Some((given, taken)) = kind_given_as(&toks, k)
            && given != taken
        {
            found.push(Violation {
                rule: Rule::Effects,
                range: 0..t.text.len(),
                detail: format!(
                    "a {given}'s value is given as the {taken}'s: a value goes to another tool as a value of its own kind"
                ),
            });
        }
        out.extend(found.into_iter().map(|mut v| {
            v.range = t.start + v.range.start..t.start + v.range.end;
            if field != Field::Other && !names_a_tool {
                v.detail.push_str(
                    "; a text names a tool only as \"as returned by <tool>\", \"the value to give to <tool>\" or \"Deprecated; replaced by <tool>.\"",
                );
            }
            v
        }));
    }
    let own = own_verb(tool.name);
    let effects = if tool.mutates {
        own_effects(tool.name)
    } else {
        Vec::new()
    };
    shown_false(&toks, text, out);
    utc_shown(&toks, out);
    label_set_true(&toks, text, &effects, tool.mutates, out);
    let clauses = clauses(&toks);
    for (n, clause) in clauses.iter().enumerate() {
        if clause.len() > MAX_WORDS {
            let (first, last) = (clause[0], clause[clause.len() - 1]);
            out.push(Violation {
                rule: Rule::Length,
                range: first.start..last.end,
                detail: format!(
                    "a sentence of {} words and marks: the controlled language keeps a sentence to {MAX_WORDS}",
                    clause.len()
                ),
            });
            continue;
        }
        let opening = n == 0 && matches!(field, Field::ToolDescription | Field::Title);
        orders(clause, opening, own, &effects, out);
        // the clause or the one before it in its sentence names an answer with no change: a
        // code of one, or an HTTP status of the contract's
        let refusal = |c: &[&Tok]| {
            c.iter().any(|t| {
                tool.refusals.iter().any(|r| r.start == t.start)
                    || (t.kind == Kind::Ident && http_status(&t.text).is_some())
            })
        };
        let lost = |c: &[&Tok]| {
            c.iter()
                .any(|t| tool.lost.iter().any(|r| r.start == t.start))
        };
        let same_sentence = n > 0
            && !text[clauses[n - 1][clauses[n - 1].len() - 1].end..clause[0].start]
                .contains(['.', '!', '?']);
        // (never beside a lost answer's code: "On `SLOT_TAKEN` or `UPSTREAM_TIMEOUT`, …")
        let refused = (refusal(clause) || same_sentence && refusal(&clauses[n - 1]))
            && !lost(clause)
            && !(same_sentence && lost(&clauses[n - 1]));
        effect_verbs(clause, &effects, tool.mutates, tool.name, refused, out);
        refusal_word::refused_without_its_code(clause, refused, out);
        hiding(clause, &effects, text, tool.name, tool.mutates, out);
        // a tool description's own eligibility ("Only for doctors of the clinic.") narrows who
        // calls the tool, not who sees a value
        // ("Only for the doctors: the fee …" opens a list of values, which it keeps)
        let colon = clause
            .last()
            .and_then(|l| toks.iter().find(|t| t.start >= l.end))
            .is_some_and(|t| t.kind == Kind::Stop && text[t.start..t.end].starts_with(':'));
        // … and names only who: a second noun phrase after it ("Only for the staff of the clinic
        // the fee") is a list of values
        let eligibility = field == Field::ToolDescription
            && clause.first().is_some_and(|t| is_word(t, &["only"]))
            && clause.get(1).is_some_and(|t| is_word(t, &["for"]))
            && !colon
            && clause.iter().all(|t| t.kind != Kind::Comma)
            && !object_after_phrase(clause, 1);
        if matches!(
            field,
            Field::ParamDescription | Field::ToolDescription | Field::Title
        ) && !eligibility
        {
            // a later sentence with no subject of its own ("Seen by clinic staff only.") is
            // said of the value the description opens with
            let of_the_value: Vec<&Tok>;
            let read = if field == Field::ParamDescription
                && n > 0
                && clause.first().is_some_and(|t| {
                    is_word(t, &["seen", "shown", "visible", "read", "kept", "meant"])
                }) {
                of_the_value = clauses[0].iter().chain(clause.iter()).copied().collect();
                &of_the_value[..]
            } else {
                &clause[..]
            };
            kept_from_the_patient(read, out);
            kept_by_its_place(read, out);
            fee_kept_back(clause, &clauses[0], out);
        }
        consent(
            clause,
            &effects,
            n == 0 && field == Field::ParamDescription,
            out,
        );
        currency(clause, out);
        dated_result(clause, out);
        read_snapshot(clause, tool.name, out);
        answer_as_yes(clause, out);
        // one finding of the two per clause: an answer set or trimmed is read first
        if !answer_set(clause, tool.name, out) {
            claimed_wish(clause, out);
        }
        reported_will(
            clause,
            if n > 0 { &clauses[0] } else { &[] },
            field == Field::ParamDescription,
            out,
        );
        tool_by_its_act(clause, &effects, out);
        if field == Field::ToolDescription {
            care_narrowed_by_case(clause, &effects, tool.name, text, out);
        }
        steps(&clauses, n, &effects, out);
        picked_object(clause, tool.mutates, out);
        act_causes(clause, &effects, tool.mutates, out);
        if tool.mutates {
            tied_objects(clause, out);
        }
        if field == Field::Title {
            title_state(clause, &effects, tool.mutates, out);
        }
        text_for_the_reader(clause, out);
        // a sentence of its own: not the head noun phrase a description opens with
        named_sequence(
            clause,
            &effects,
            n > 0 || field == Field::ToolDescription,
            out,
        );
        claims_more(clause, tool.name, out);
        // what a later sentence of a tool description, or any clause of a parameter's or
        // field's description, says a thing is
        let statement =
            (field == Field::ToolDescription && n > 0) || field == Field::ParamDescription;
        // a tool description's first sentence is read as a statement past every place a phrase
        // or clause of its own can open: each comma ("Find open slots of one doctor, the hotline
        // busy at night"), each word that joins a clause ("List the doctors the clinic has as
        // each cardiologist is on holiday"), and "with"/"given" a thing and what it is ("… with
        // the hotline busy at night"); and its verbs are read from every word on, so a clause set
        // next to the object with no word between ("Get the opening hours of one clinic the
        // hotline is busy at night") is read as one, but for a condition's own subject ("when no
        // open slot is free"), read and not claimed as in any statement
        let first = field == Field::ToolDescription && n == 0;
        let opens = |i: usize| {
            clause[i].kind == Kind::Comma
                || is_word(clause[i], CLAUSE_LINKS)
                || is_word(clause[i], &["with", "given"])
        };
        let tails: Vec<(&[&Tok], bool)> = if first {
            (1..clause.len())
                .filter_map(|i| {
                    // a joining word opens a phrase of its own only before a verb ("… as the
                    // hotline is busy"; not "the opening hours and the hotline")
                    let phrase = i > 1
                        && opens(i - 1)
                        && (!is_word(clause[i - 1], CLAUSE_LINKS)
                            || (i..clause.len())
                                .take_while(|&v| !opens(v))
                                .any(|v| finite(clause, v, false)));
                    if phrase {
                        Some((&clause[i..], true))
                    } else if !in_a_condition(clause, i, &opens) {
                        Some((&clause[i..], false))
                    } else {
                        None
                    }
                })
                .collect()
        } else if statement {
            // a statement is read from the start, and its verbs again past each verb and each
            // relative word that states, so a clause after "shows that", "in which" or "whose"
            // has its own subject ("Each protocol states that chest pain ends after a rest")
            std::iter::once((&clause[..], true))
                .chain(
                    (2..clause.len())
                        .filter(|&i| {
                            finite(clause, i - 1, false)
                                // (a relative clause that runs to the end: inside a subject,
                                // "The slot that the patient booked is held", the subject is
                                // read from the start)
                                || (is_word(clause[i - 1], RELATIVES)
                                    && !reads(clause, i - 1)
                                    && (i..clause.len()).filter(|&v| verb_of_a_clause(clause, v)).count()
                                        == 1)
                                // (what a verb reports: "Each protocol states how a fever ends")
                                || (is_word(clause[i - 1], &["how"]) && finite(clause, i - 2, false))
                        })
                        // (a condition runs to its comma: "When the doctor is a paediatrician
                        // and the patient is 16, …" is read whole, as it is from the start;
                        // with no comma, to its own verb: "When a search is done the caller
                        // has …" states the rest)
                        .filter(|&i| {
                            let phrase = clause[..i]
                                .iter()
                                .rposition(|t| t.kind == Kind::Comma)
                                .map_or(0, |c| c + 1);
                            let comma_after = clause[i..].iter().any(|t| t.kind == Kind::Comma);
                            let in_condition = comma_after && (phrase..i).any(|j| reads(clause, j));
                            !in_condition && !in_a_condition(clause, i, &opens)
                        })
                        .map(|i| (&clause[i..], false)),
                )
                .collect()
        } else {
            vec![(&clause[..], true)]
        };
        let before = out.len();
        for &(tail, phrase) in &tails {
            let said: Option<&[&Tok]> = if statement || first { Some(tail) } else { None };
            if let Some(said) = said {
                predicate(said, text, out);
                elsewhere_said(said, out);
                condition_said(said, out);
                care_for_a_condition(said, out);
                reader_said(said, out);
                if phrase {
                    appositives(said, text, out);
                }
            }
            if !phrase {
                // the first sentence's own object and phrases, with no word between that opens
                // one, say no ranking, person's state, caller, "only" or pick either ("Get the
                // opening hours of the only clinic of the city", "Find open slots of the right
                // doctor for the patient")
                if first && tail.len() + 1 == clause.len() {
                    ranked(tail, out);
                    person_state(tail, out);
                    caller_claimed(tail, out);
                    whole_or_only(tail, out);
                    // (past the tool's own object, "Book one appointment for the patient", and
                    // up to a condition, which is read: "when no open slot is right for …")
                    let upto = (1..clause.len())
                        .find(|&j| reads(clause, j))
                        .unwrap_or(clause.len());
                    let object = (1..upto)
                        .find(|&j| is_word(clause[j], PREPOSITIONS))
                        .unwrap_or(upto);
                    // ("one" there is how many of its object the tool takes: "of one doctor
                    // for the patient")
                    let phrase: Vec<&Tok> = clause[object..upto]
                        .iter()
                        .filter(|x| !is_word(x, &["one"]))
                        .copied()
                        .collect();
                    pick_for_a_person(&phrase, out);
                }
                continue;
            }
            if first {
                elsewhere_in_the_first_sentence(tail, out);
            }
            if statement || field == Field::ToolDescription {
                live_state(tail, out);
                ranked(tail, out);
                person_state(tail, out);
            }
            // … and a title is a noun phrase or the tool's action: no pick, no present period, no
            // haste ("Book now", "Book within the hour", "Slots (the first one for the patient)")
            if statement || matches!(field, Field::ToolDescription | Field::Title) {
                pick_for_a_person(tail, out);
                caller_claimed(tail, out);
                whole_or_only(tail, out);
            }
        }
        // the same finding from two stretches of one sentence is one finding
        let mut seen = Vec::new();
        let mut k = before;
        while k < out.len() {
            let key = (out[k].rule, out[k].range.clone(), out[k].detail.clone());
            if seen.contains(&key) {
                out.remove(k);
            } else {
                seen.push(key);
                k += 1;
            }
        }
        if statement {
            verbless(clause, text, n == 0, out);
            doings(clause, text, tool.name, &effects, out);
            freed_slot_kept(clause, &toks, &effects, out);
            what_a_verb_takes(clause, &effects, out);
            others_away(clause, out);
            norm_picks(clause, out);
            others_values(clause, out);
            change_by_ellipsis(clause, out);
        }
        if statement || first {
            small_clauses(if first { &clause[1..] } else { clause }, text, out);
        }
        if statement {
            existence(clause, out);
            // "The hotline: busy at night.": a verbless statement after a label is read as
            // "the hotline is busy at night"
            apposed(&clauses, n, text, field, out);
            // ("Doctor of the appointment after the escalation: the oncall doctor of the clinic")
            if let Some(said) = apposition(&clauses, n, text, field) {
                let said: Vec<&Tok> = said.iter().collect();
                doctor_reassigned(&said, &effects, out);
            }
        }
        if first {
            run_on(clause, out);
        }
        if field == Field::Title {
            live_state(clause, out);
            title_haste(clause, out);
        }
        gets_every(clause, out);
        if tool.mutates {
            other_object_state(clause, &effects, out);
        }
        own_scope(clause, &effects, field, tool, out);
        haste(
            clause,
            !tool.name.is_empty() && !asks_the_person(tool.name),
            out,
        );
        change_scheduled(clause, &effects, tool.mutates, out);
        purpose_change(clause, &effects, tool.mutates, out);
        due::act_due(&clauses, n, &effects, tool.mutates, out);
        due::act_handed(clause, &effects, tool.mutates, out);
        with_more(clause, &effects, tool.mutates, out);
        more_objects(clause, tool.mutates, out);
        cut_by_exception(
            clause,
            tool.mutates,
            field == Field::ToolDescription && n == 0,
            out,
        );
        if tool.mutates && field == Field::ToolDescription && n == 0 {
            act_excepted(clause, out);
        }
        consent_qualified(clause, out);
        change_with(clause, &effects, out);
        silence_as_yes(clause, out);
        answer_waived(clause, out);
        earlier_answer(clause, out);
        within_terms(clause, out);
        // (an output's first clause is what the tool gives back)
        changed_by_the_way(
            clause,
            &effects,
            n == 0 && field == Field::ParamDescription && !tool.input,
            out,
        );
        let own_act = |x: &Tok| {
            change_noun(&x.text.to_ascii_lowercase()).is_some_and(|base| effects.contains(&base))
        };
        judged_true(clause, &own_act, out);
        spread_to_many(clause, out);
        repeated_use(clause, out);
        // what only the clinic's answer can say: promises, successes, holds, pages, picks
        neither_sees(clause, out);
        failure_as_success(
            clause,
            lost(clause),
            !own_effects(tool.name).is_empty(),
            out,
        );
        clock_deadline(clause, out);
        time_promised(clause, out);
        care_time_promised(clause, tool.name, out);
        coverage_claimed(clause, out);
        pages_emptied(clause, out);
        hold_claimed(clause, tool.name, tool.mutates, out);
        taken_slot_lasts(clause, &effects, out);
        lapses::appointment_lapses(clause, out);
        lapses::status_lapses(clause, out);
        if crate::served::role_of(tool.name).is_some() {
            lapses::lapse_after_a_time(clause, &toks, out);
            lapses::key_window_misstated(clause, out);
        }
        example_picks(clause, tool.name, tool.mutates, out);
        next_picked(clause, out);
        automatic_change(clause, own_verb(tool.name), out);
        cost_otherwise(clause, out);
        amount_of_money(clause, text, out);
        no_effect(clause, out);
        // what an act, a value or a source is said to stand for
        act_equated(clause, out);
        undone_by_itself(clause, &effects, out);
        status_lasts_until(clause, out);
        threat_for_no_act(clause, out);
        emergency_routed(clause, out);
        judgement_relabelled(clause, out);
        judgement_given(clause, out);
        authorship_claimed(clause, out);
        phone_number_given(clause, out);
        escalation_narrowed(clause, &effects, out);
        act_narrowed(clause, text, &effects, out);
        act_excluded(clause, &effects, out);
        act_restricted(clause, &effects, out);
        object_qualified(clause, tool.name, &effects, out);
        list_filter_invented(clause, tool.name, out);
        intake_required(clause, &effects, out);
        protocol_search_narrowed(clause, tool.name, out);
        act_kept(clause, out);
        count_limited(clause, clauses.first().map_or(&[][..], |c| &c[..]), out);
        act_deadline(clause, &effects, out);
        crate::facts::act_repeated(clause, &effects, out);
        crate::facts::status_open_to(clause, out);
        act_on_the_calendar(clause, &effects, out);
        effect_delayed(clause, &effects, out);
        view_after_act_misstated(clause, &toks, tool.name, &effects, out);
        effect_deferred_to_a_person(clause, &effects, out);
        notice_promised(clause, tool.name, tool.mutates, out);
        contact_promised(clause, out);
        contact_point_asked(clause, out);
        oncall_duty_claimed(clause, out);
        error_text_ordered(clause, out);
        mutating_call_ordered(clause, out);
        read_told(clause, tool.name, tool.mutates, out);
        escalation_moves_the_visit(clause, tool.name, out);
        visit_misstated(
            clause,
            &toks,
            tool.name,
            n == 0 && field == Field::ParamDescription && tool.input,
            &effects,
            out,
        );
        move_said_new(clause, tool.name, out);
        move_said_two_acts(clause, out);
        id_said_renewed(
            clause,
            clauses.first().map_or(&[][..], |c| &c[..]),
            tool.name,
            tool.mutates,
            out,
        );
        id_said_reused(clause, tool.name, out);
        emergency_stand_in(clause, out);
        caller_swapped(clause, tool.name, callers_of(tool.name), out);
        role_misstated(
            clause,
            text,
            tool.name,
            field == Field::ToolDescription,
            tool.mutates,
            out,
        );
        credential_of_another(clause, out);
        act_of_another(clause, tool.name, out);
        question_claimed(clause, tool.name, out);
        question_content(clause, tool.name, out);
        answer_stand_in(clause, out);
        if field == Field::ParamDescription && tool.mutates {
            answer_as_argument(clause, tool.name, n == 0, out);
        }
        // (on a tool that asks no question an answer is the tool's own: "The answer holds every
        // field")
        if asks_the_person(tool.name) {
            answer_past_its_call(clause, out);
        }
        rate_set(clause, out);
        own_clinic_of_a_public_tool(clause, tool.name, out);
        zones_merged(clause, out);
        yes_of_another(clause, tool.name, &effects, out);
        key_makes_the_act(clause, &effects, out);
        key_said_single_use(clause, clauses.first().map_or(&[][..], |c| &c[..]), out);
        key_made_of_values(clause, clauses.first().map_or(&[][..], |c| &c[..]), out);
        replay_said_current(clause, out);
        norm_as_order(clause, out);
        decision_of_another(clause, out);
        protocol_said_current(clause, tool.name, out);
        protocol_said_whole(clause, tool.name, out);
        rejection_reason_kept(clause, out);
        written_text_stood_in(clause, out);
        second_object_in_result(clause, tool.name, tool.mutates, out);
        visit_offset(clause, out);
        duration_unit_swapped(clause, out);
        own_change_denied(clause, &effects, out);
        result_value_claimed(clause, &effects, out);
        status_invented(clause, text, tool.name, out);
        status_widened(clause, &effects, out);
        status_locked(clause, &effects, out);
        status_made(clause, &effects, out);
        booking_makes_more(clause, &effects, out);
        race_misstated(clause, out);
        second_intake_replaces(clause, tool.name, out);
        second_intake_made(clause, tool.name, out);
        repeat_said_harmless(clause, tool.name, &effects, out);
        visit_given(clause, &effects, out);
        move_in_steps(clause, &toks, &effects, out);
        pending_until(clause, out);
        order_reversed(clause, tool.name, out);
        status_glossed(clause, text, out);
        grade_source_swapped(clause, out);
        act_given_to_staff(clause, out);
        care_claimed(clause, out);
        triage_brings_care(clause, tool.name, &effects, out);
        level_said_to_act(clause, out);
        // (an output type's derive names no tool: its tool's served schema is read at start-up)
        if !tool.name.is_empty() {
            doctor_swapped(clause, &toks, &effects, out);
        }
        if n == 0 && field == Field::ToolDescription {
            escalation_elsewhere(clause, &effects, out);
        }
        started_moved(clause, text, &effects, out);
        status_relabelled(clause, out);
        nothing_kept(clause, out);
        caller_addressed(clause, field == Field::ParamDescription, out);
        ranked_over_all(clause, out);
        cause_claimed(clause, out);
        others_medical_data(clause, out);
        result_in_another_state(clause, &effects, tool.mutates, out);
        // what a value is said to be for, and who may have it
        value_for_a_case(clause, out);
        ids_ranged(clause, out);
        act_part_of_another(clause, out);
        data_said_public(clause, field == Field::ParamDescription, out);
        eligibility_of_another(clause, out);
        care_for_a_case(clause, out);
        medication_by_code(clause, out);
        codes_equated(clause, out);
        normal_said(clause, out);
        shown_later(clause, out);
        intake_seen::intake_kept_from_its_doctor(clause, tool.name, out);
        unseen::unseen_by_a_person(clause, out);
        unseen::left_out_of_the_answer(clause, tool.name, out);
        outranks::ranked_over_a_person(clause, out);
        outranks::ranked_by_comparison(clause, out);
        outranks::ranked_where_they_differ(if n > 0 { &clauses[n - 1] } else { &[] }, clause, out);
        held_later::held_later(clause, &effects, out);
        held_later::said_final(clause, &effects, out);
        held_later::state_kept(clause, &effects, out);
        due::act_fitting(clause, &effects, tool.mutates, out);
        shown_as_other(clause, out);
        retry_key_changed(clause, out);
        value_for_an_ailment(clause, text, out);
        emergency_line_said(clause, out);
        // how far a tool reaches
        other_patients(clause, tool.name, tool.mutates, out);
        reach_widened(clause, tool.name, refused, out);
        others_in_the_answer(clause, tool.name, tool.mutates, out);
        proxy_named(clause, tool.name, out);
        escalation_reach(clause, &effects, out);
        protocol_reach(clause, tool.name, refused, out);
        audience_widened(clause, &clauses[0], tool.name, out);
        who_gets::audience_narrowed(clause, &clauses[0], text, tool.name, out);
        who_gets::audience_set(
            clause,
            &clauses[0],
            text,
            tool.name,
            field == Field::ParamDescription && !tool.input,
            out,
        );
        if n > 0 {
            who_gets::audience_split_across(
                &clauses[n - 1],
                clause,
                &clauses[0],
                text,
                tool.name,
                out,
            );
        }
        if tool.mutates {
            change_repeated(clause, out);
        }
    }
    who_gets::audience_split_in_text(&clauses, text, tool.name, out);
    if matches!(
        field,
        Field::ToolDescription | Field::ParamDescription | Field::Title
    ) {
        whole(text, &toks, out);
    }
    if field == Field::ToolDescription && !tool.name.is_empty() {
        first_sentence(&toks, tool.name, own, &effects, out);
    }
    yes_by_default(&clauses, out);
    // a tool that takes no personal or medical data, said to work by the patient's data ("Each
    // search is by the phone number of the patient"); the first clause is the tool's own
    // action on its object, whatever that is
    if field == Field::ToolDescription && !tool.name.is_empty() {
        let allowed = data_allowed(tool.name);
        if !allowed.contains(&Data::Personal) && !allowed.contains(&Data::Medical) {
            for c in clauses.iter().skip(1) {
                let hit = c.iter().enumerate().find(|&(k, t)| {
                    is_word(t, &["of"])
                        && c[k + 1..]
                            .iter()
                            .find(|x| !is_word(x, DETERMINERS))
                            .is_some_and(|x| is_word(x, PATIENT_SIDE))
                        && c[k.saturating_sub(3)..k].iter().any(|x| {
                            data_kind(&x.text, false).is_some_and(|d| !allowed.contains(&d))
                        })
                });
                if let Some((_, t)) = hit {
                    push(
                        out,
                        Rule::Exfiltration,
                        t,
                        "the patient's data named in a tool that does not take it".to_owned(),
                    );
                    break;
                }
            }
        }
    }
    ids_of_two_kinds(
        &toks,
        &clauses,
        field == Field::ParamDescription && tool.input,
        out,
    );
    emergency_number(&clauses, out);
    result_value_denied(&clauses, &effects, out);
    if field == Field::ParamDescription {
        answer_copied(&toks, tool.name, &effects, out);
        value_in_place_for_a_case(&clauses, text, tool.input, out);
        scale_cut_by_an_error(&clauses, out);
    }
    utc_glossed_as_local(&clauses, out);
    absence_read_as_a_value(&clauses, text, out);
    care_list_narrowed(&clauses, out);
    care_lists_merged(&clauses, out);
    audience_beyond_care(&clauses, out);
    data_said_removed(&clauses, out);
    screened::screen_said_undone(
        &clauses,
        field == Field::ParamDescription && tool.input,
        out,
    );
    retention_bounded(&clauses, tool.name, out);
    idempotent_without_a_key(&clauses, tool.name, tool.mutates, out);
    if field == Field::ParamDescription && tool.input {
        key_example_varies(&clauses, out);
        screened::argument_said_screened(&clauses, out);
    }
    id_of_another_kind(&clauses, out);
    if field == Field::ParamDescription {
        removed_object_swapped(&clauses, &effects, out);
        data_in_a_key(&clauses, out);
        filter_inverted(&clauses, out);
    }
    outside_text_as_instructions(&toks, tool.name, out);
    // (a tool of care: the escalation, and a tool that takes or reads the patient's medical data)
    let of_care = tool.name.contains("escalat")
        || tool.name.contains("intake")
        || data_allowed(tool.name).contains(&Data::Medical);
    if field == Field::ToolDescription && (of_care || tool.mutates && has_a_route(tool.name)) {
        deprecated_alone(&toks, out);
    }
    for clause in &clauses {
        out_of_service(clause, tool.name, field, out);
        no_longer_done(clause, tool.name, out);
    }
    if field == Field::ParamDescription && tool.input {
        parameter_bounds(&clauses, out);
        medical_list_narrowed(&clauses, out);
        for clause in &clauses {
            literal_for_a_case(clause, out);
        }
    }
    if field == Field::ParamDescription && tool.input && !tool.name.is_empty() {
        let allowed = data_allowed(tool.name);
        // (a tool of this server takes only what its arguments carry: the booking no age, the
        // intake no birth date or insurance)
        let found = out.len();
        harvest(&clauses, allowed, topics(tool.name), out);
        text_the_route_drops(&clauses, tool.name, tool.mutates, out);
        value_beyond_the_args(&clauses, tool.name, out);
        // (… read after what the value itself is, which its own readings name)
        if out.len() == found
            && let Some(carried) = crate::served::data_carried(tool.name)
        {
            harvest(&clauses, carried, topics(tool.name), out);
        }
        if !allowed.contains(&Data::Personal) && !allowed.contains(&Data::Medical) {
            patient_described(&clauses, allowed, of_appointments(tool.name), out);
        }
        if !allowed.contains(&Data::Medical) {
            patient_in_care(&clauses, out);
        }
        value_from_another_tool(&clauses, allowed, out);
        if tool.mutates {
            many_objects_taken(&clauses, out);
        }
        default_of_a_persons_data(&clauses, out);
        default_picks(&clauses, tool.mutates, out);
        persons_flag_by_default(&clauses, out);
        if tool.mutates {
            changes_counted(&clauses, out);
        }
        if !allowed.contains(&Data::Personal) && !allowed.contains(&Data::Medical) {
            text_about_the_patient(&clauses, out);
        }
    } else if field == Field::ParamDescription && tool.input {
        // without its tool: no tool may take what a person said; the start-up screen reads the
        // parameter again with its tool and the table
        harvest(
            &clauses,
            &[Data::Medical, Data::Personal, Data::Age, Data::Insurance],
            false,
            out,
        );
    }
}

/// A tool description's first sentence is the tool's action on its object: a second verb in it
/// follows a word that joins its clause ("as", "when", "that", "to", a comma, …). A clause run
/// on with no word between ("Get the opening hours of one clinic the hotline is busy at night",
/// "Find open slots of the doctors choose the earliest slot") is a sentence of its own with its
/// full stop left out, and is refused as one.
fn run_on(clause: &[&Tok], out: &mut Vec<Violation>) {
    let joins = |x: &Tok| {
        x.kind == Kind::Comma
            || is_word(x, CLAUSE_LINKS)
            || is_word(x, NOT_CLAIMED)
            || is_word(x, MODALS)
            || is_word(
                x,
                &[
                    "to", "with", "given", "before", "after", "until", "than", "not",
                ],
            )
    };
    let verb_at = |i: usize| {
        let (prev, t) = (clause[i - 1], clause[i]);
        t.kind == Kind::Word
            && matches!(prev.kind, Kind::Word | Kind::Ident)
            && !is_word(prev, DETERMINERS)
            && !is_word(prev, PREPOSITIONS)
            && (is_word(t, &["is", "are", "has", "have"])
                // (an "-s" form with no word after it that it could take is a plural noun:
                // "List clinic notes")
                || (finite(clause, i, false)
                    && verb(&t.text).is_some_and(|(_, _, f)| f == Form::Third)
                    && clause.get(i + 1).is_some_and(|n| {
                        is_object(n) || (n.kind == Kind::Word && !is_word(n, PREPOSITIONS))
                    }))
                || (verb(&t.text).is_some_and(|(_, _, f)| f == Form::Base)
                    && clause
                        .get(i + 1)
                        .is_some_and(|n| is_object(n) || n.kind == Kind::Ident)))
    };
    for i in 2..clause.len() {
        if !verb_at(i) {
            continue;
        }
        // back to the verb before it, or the tool's own: a word that joins a clause between
        let joined = (1..i)
            .rev()
            .take_while(|&j| j < 2 || !verb_at(j))
            .any(|j| joins(clause[j]));
        if !joined {
            push(
                out,
                Rule::Directive,
                clause[i],
                format!(
                    "\"{}\" runs a second clause into the tool's first sentence with no word between: the first sentence is the tool's action and its object; a statement is a sentence of its own",
                    clause[i].text
                ),
            );
            return;
        }
    }
}

/// Is word `v` a clause's verb: a finite verb, or a participle that is not part of the verb
/// before it ("the patient booked" has one; "is booked" is one with "is")?
fn verb_of_a_clause(clause: &[&Tok], v: usize) -> bool {
    finite(clause, v, false)
        || (v > 0
            && clause[v].kind == Kind::Word
            && clause[v - 1].kind == Kind::Word
            && !is_word(clause[v - 1], COPULAS)
            && !is_word(clause[v - 1], &["has", "have", "had"])
            && !is_word(clause[v - 1], DETERMINERS)
            && verb(&clause[v].text).is_some_and(|(_, _, f)| f == Form::Participle))
}

/// Is word `i` of a first sentence inside a condition's own subject: after its opening word
/// ("when", "if", …) with no place a clause opens and no verb between?
fn in_a_condition(clause: &[&Tok], i: usize, opens: &dyn Fn(usize) -> bool) -> bool {
    // (from the word itself: a stretch that opens with "whose" is read with the noun before it)
    for j in (1..=i.min(clause.len() - 1)).rev() {
        if opens(j) || finite(clause, j, false) {
            return false;
        }
        if reads(clause, j) {
            return true;
        }
    }
    false
}

/// States of a tool out of service: retired, inactive, disabled, removed, closed, down, off,
/// stopped, ended, expired, unavailable, deprecated (and obsolete, legacy).
const OUT_OF_SERVICE: &[&str] = &[
    "retired",
    "inactive",
    "disabled",
    "deprecated",
    "obsolete",
    "legacy",
    "removed",
    "closed",
    "down",
    "off",
    "stopped",
    "ended",
    "expired",
    "unavailable",
];

/// What a tool is in service as: active, available, used, open, allowed, answered.
const IN_SERVICE: &[&str] = &[
    "active",
    "available",
    "use",
    "used",
    "open",
    "allowed",
    "answered",
    "work",
    "served",
];

/// Words that name the tool itself as a subject ("this tool", "the route", "it").
const THE_TOOL: &[&str] = &[
    "tool",
    "tools",
    "route",
    "routes",
    "endpoint",
    "function",
    "operation",
    "api",
    "server",
    "service",
    "it",
    "this",
];

/// A tool this server serves said to be out of service, by meaning: the tool itself (the text's
/// own tool, "this tool", "it", or a served tool by name on any tool) the subject of a state of
/// being out of service ("This tool is retired", "This tool is inactive", "book_appointment is
/// disabled", "The route is switched off", "it is no longer in use", "this tool is not active",
/// "is to be removed"), a clause that is that state alone ("Retired.", "Retired for new
/// clients."), or the object of such an act ("The clinic has disabled this tool"). No tool this
/// server serves is out of service, so the agent that believes it never calls the one way it has
/// to book, cancel, escalate or record an intake.
fn out_of_service(clause: &[&Tok], tool: &str, field: Field, out: &mut Vec<Violation>) {
    let served_name = |x: &Tok| x.kind == Kind::Ident && crate::served::role_of(&x.text).is_some();
    let own = crate::served::role_of(tool.trim()).is_some();
    let n = clause.len();
    // (a state: a word of the list, or a state of service denied: "not active", "no longer in
    // use", "out of use"; every one of the clause is read)
    let is_state = |k: usize| {
        let t = clause[k];
        let denied_before = clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "longer"]));
        is_word(t, OUT_OF_SERVICE) && !denied_before
            || is_word(t, IN_SERVICE) && denied_before
            || is_word(t, &["out"])
                && is_word_at(clause, k + 1, &["of"])
                && is_word_at(clause, k + 2, &["use", "service", "order", "date"])
    };
    let not_subject = |x: &&&Tok| {
        !(is_word(x, COPULAS)
            || is_word(x, MODALS)
            || is_word(x, DETERMINERS)
            || is_word(x, LEAD_ADVERBS)
            || is_word(x, MID_ADVERBS)
            || is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "and",
                    "but",
                    "so",
                    "yet",
                    "no",
                    "longer",
                    "in",
                    "to",
                    "be",
                    "been",
                    "being",
                    "has",
                    "have",
                    "now",
                    "currently",
                    "soon",
                    "switched",
                    "turned",
                    "taken",
                    "put",
                    "set",
                ],
            ))
    };
    // (the tool's own act or its thing, by the words of its name: "escalation" of
    // escalate_to_oncall, "intakes" of record_intake; a kind of record every tool speaks of,
    // an appointment, a doctor or a slot, names no one tool)
    let parts: Vec<&str> = tool.trim().split('_').collect();
    let own_act = |x: &Tok| {
        own && parts.iter().any(|p| {
            let act = matches!(verb(p), Some((_, VerbClass::Effect, _)));
            if act {
                let one = x.text.strip_suffix('s').unwrap_or(&x.text);
                [x.text.as_str(), one].iter().any(|w| {
                    change_noun(w).is_some_and(|b| verb(p).is_some_and(|(v, _, _)| v == b))
                })
            } else {
                !matches!(
                    *p,
                    "to" | "my"
                        | "available"
                        | "appointment"
                        | "appointments"
                        | "doctor"
                        | "doctors"
                        | "slot"
                        | "slots"
                ) && (x.text == *p || x.text.strip_suffix('s') == Some(p))
            }
        })
    };
    let names_it = |x: &Tok| {
        served_name(x)
            || own && (is_word(x, THE_TOOL) && !x.possessive || x.text == tool)
            || !x.possessive && own_act(x)
    };
    let said_at = |s: usize| {
        // (the subject: the words of the clause before the state, up to a comma, past the
        // copula, modals, adverbs and determiners; each of them names the tool. When nothing
        // is left there, the clause's head before its first comma: "The tool, which ..., is
        // disabled")
        let start = clause[..s]
            .iter()
            .rposition(|x| x.kind == Kind::Comma)
            .map_or(0, |c| c + 1);
        let mut subject: Vec<&Tok> = clause[start..s]
            .iter()
            .filter(not_subject)
            .filter(|x| !is_word(x, PREPOSITIONS))
            .copied()
            .collect();
        // (its prepositions join words that name the tool: "Escalation through this tool",
        // "The tool of the escalation")
        if subject.is_empty() && start > 0 {
            let head_end = clause
                .iter()
                .position(|x| x.kind == Kind::Comma)
                .unwrap_or(start);
            subject = clause[..head_end]
                .iter()
                .filter(not_subject)
                .copied()
                .collect();
        }
        // (a kind of record after the word that names the tool is the object of its act:
        // "Cancellation of appointments through this tool"; not when a relative clause gives
        // the state to the record: "a booking of a slot that is not open")
        let relative = clause[start..s]
            .iter()
            .any(|x| is_word(x, &["that", "which", "who", "whose", "where"]));
        let by_subject = subject.first().is_some_and(|x| names_it(x))
            && subject
                .iter()
                .all(|x| names_it(x) || !relative && kind_of(x).is_some() && !x.possessive);
        // (the state alone: "Retired.", "Retired for new clients.", of the text's own tool)
        let alone = own
            && subject.is_empty()
            && start == 0
            && matches!(field, Field::ToolDescription | Field::Title)
            && clause.get(s + 1).is_none_or(|x| {
                x.kind == Kind::Comma
                    || is_word(x, PREPOSITIONS)
                    || is_word(x, MID_ADVERBS)
                    || is_word(x, LEAD_ADVERBS)
            });
        // (the object of the act: "has disabled this tool", "removed book_appointment")
        let obj: Vec<&Tok> = clause[s + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma && !is_word(x, PREPOSITIONS))
            .filter(|x| !is_word(x, DETERMINERS))
            .copied()
            .collect();
        let by_object = !obj.is_empty()
            && obj.iter().all(|x| {
                served_name(x)
                    || own && is_word(x, &["tool", "route", "endpoint"])
                    || !x.possessive && own_act(x)
            });
        by_subject || alone || by_object
    };
    let Some(s) = (0..n).find(|&k| is_state(k) && said_at(k)) else {
        return;
    };
    push(
        out,
        Rule::Directive,
        clause[s],
        "a tool this server serves said to be out of service (retired, inactive, disabled, removed, off): every tool of this server is served and works".to_owned(),
    );
}

/// Clauses: runs of tokens between stops. A clause keeps its commas (they separate phrases).
fn clauses(toks: &[Tok]) -> Vec<Vec<&Tok>> {
    let mut out = vec![Vec::new()];
    for t in toks {
        if t.kind == Kind::Stop {
            if out.last().is_some_and(|c: &Vec<&Tok>| !c.is_empty()) {
                out.push(Vec::new());
            }
        } else if let Some(last) = out.last_mut() {
            last.push(t);
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

#[cfg(test)]
mod tests;

/// Who does the acts of this server's tools: the clinic, its doctors, the oncall doctor, the
/// server and its API.
const DOERS: &[&str] = &[
    "clinic",
    "clinics",
    "doctor",
    "doctors",
    "oncall",
    "server",
    "api",
    "system",
    "service",
    "practice",
    "staff",
    "team",
    "reception",
    "nurse",
    "nurses",
    "physician",
    "physicians",
    "nobody",
    "one",
];

/// Times of a day or a week a person may be said to be away at.
const AWAY_TIMES: &[&str] = &[
    "night",
    "nights",
    "overnight",
    "nighttime",
    "evening",
    "evenings",
    "morning",
    "mornings",
    "weekend",
    "weekends",
    "weekday",
    "weekdays",
    "holiday",
    "holidays",
    "hours",
    "midnight",
    "sunday",
    "sundays",
    "saturday",
    "saturdays",
    "friday",
    "fridays",
    "monday",
    "mondays",
    "summer",
    "winter",
    "christmas",
    "lunch",
];

/// A served tool's act, its object or its receiver said to be no longer done, read over the
/// clause with any verb: the clinic, a doctor, the oncall doctor or the server as the doer of
/// an act that has stopped ("The clinic no longer reads intakes", "the oncall doctor no longer
/// reads notes", "The clinic has stopped confirming appointments", "the clinic does not set a
/// triage level any more", "The clinic no longer has an oncall doctor"), a served record said
/// no longer acted on ("Intakes are no longer read"), or the oncall doctor denied at a time of
/// day or week ("The clinic has no oncall doctor at night", "nobody is on call at the
/// weekend"). Every tool of this server is served and the contract has one oncall doctor per
/// clinic with no hours; `NO_ONCALL_DOCTOR` is an error of the call, said with a condition
/// ("when the clinic has no oncall doctor") and no time. A state after an act ("a cancelled
/// appointment can no longer be moved", "the old slot is no longer held", "after the
/// escalation the doctor no longer sees it") passes.
fn no_longer_done(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if crate::served::role_of(tool.trim()).is_none() {
        return;
    }
    let n = clause.len();
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    // (what comes after an act or a state: a condition, a former one, an ability lost by a
    // state)
    let after_a_state = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "after",
                "once",
                "when",
                "if",
                "since",
                "unless",
                "whenever",
                "cancelled",
                "rejected",
                "started",
                "past",
                "old",
                "older",
                "previous",
                "former",
                "freed",
                "released",
                "moved",
                "escalated",
                "first",
                "original",
                "can",
                "could",
                "may",
                "might",
                "ca",
            ],
        )
    });
    // a stop: "no longer", "not … any more/anymore/any longer", "has stopped", "ceased to"
    let stop = (0..n).find(|&k| {
        w(k, &["no"]) && w(k + 1, &["longer", "more"]) && !w(k + 2, &["than"])
            || w(k, &["anymore"])
            || w(k, &["any"]) && w(k + 1, &["more", "longer"])
            || w(
                k,
                &[
                    "stopped",
                    "stops",
                    "ceased",
                    "ceases",
                    "quit",
                    "quits",
                    "discontinued",
                ],
            ) && clause.get(k + 1).is_some_and(|x| {
                x.text.ends_with("ing") || is_word(x, &["to"]) || change_noun(&x.text).is_some()
            })
    });
    let mut hit = None;
    if let Some(s) = stop
        && !after_a_state
    {
        // (the doer before the stop, or any served act or record after it)
        let doer = clause[..s]
            .iter()
            .any(|x| is_word(x, DOERS) && !x.possessive);
        let acted = clause.iter().any(|x| {
            matches!(verb(&x.text), Some((_, _, _)))
                || change_noun(&x.text).is_some()
                || is_word(
                    x,
                    &[
                        "intake",
                        "intakes",
                        "appointment",
                        "appointments",
                        "note",
                        "notes",
                        "triage",
                        "slot",
                        "slots",
                        "protocol",
                        "protocols",
                        "schedule",
                        "schedules",
                        "escalation",
                        "escalations",
                        "booking",
                        "bookings",
                        "oncall",
                        "doctor",
                        "doctors",
                        "has",
                        "have",
                    ],
                )
        });
        if doer && acted {
            hit = Some(clause[s]);
        }
    }
    // the oncall doctor denied at a time: "no oncall doctor at night", "nobody on call at the
    // weekend", "the oncall doctor is off on Sundays", "only on weekdays"
    if hit.is_none() {
        let oncall = (0..n).any(|k| w(k, &["oncall"]) || w(k, &["on"]) && w(k + 1, &["call"]));
        let time = clause.iter().position(|x| is_word(x, AWAY_TIMES));
        let denied = clause.iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(
                    x,
                    &[
                        "no",
                        "nobody",
                        "only",
                        "off",
                        "away",
                        "unavailable",
                        "closed",
                        "except",
                        "outside",
                        "absent",
                        "unreachable",
                        "unstaffed",
                    ],
                )
        });
        if oncall
            && denied
            && let Some(t) = time
        {
            hit = Some(clause[t]);
        }
    }
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a served tool's act, its object or its doer said no longer done, or the oncall doctor said away at a time: every tool of this server is served, and the contract has one oncall doctor per clinic with no hours".to_owned(),
        );
    }
}
