//! What each route of the contract carries, tells and changes: the text a person writes (an
//! intake the symptoms, a rejection a reason, an escalation a note, a protocol search its words;
//! a booking, a move, a cancellation and a confirmation none), no one told of a change but the
//! caller, and an escalation that keeps the visit's slot.

use super::callers::has_a_route;
use crate::codes::known_route;
use crate::lang::data::{Data, WHY_WORDS, data_kind};
use crate::lang::words::*;
use crate::served::{Form, args_of, data_carried, names_an_arg, names_another_arg, takes_written};
use crate::types::{Rule, Violation};

/// A changing tool of a route of the contract (a waiting list has none).
fn changes_a_route(tool: &str, mutates: bool) -> bool {
    mutates && has_a_route(tool) && known_route(tool)
}

/// A tool that hands in an intake: its route's body is the symptoms, their duration and
/// severity.
fn takes_symptoms(tool: &str) -> bool {
    tool.split('_').any(|p| p == "intake")
        && !matches!(
            tool.split('_').next(),
            Some("get" | "read" | "list" | "show" | "find")
        )
}

/// A tool whose route's body carries a text a person writes: an intake's symptoms, a
/// rejection's reason, an escalation's note, a protocol search's words.
fn carries_text(tool: &str) -> bool {
    takes_symptoms(tool)
        || tool
            .split('_')
            .any(|p| matches!(p, "reject" | "escalate" | "protocol" | "protocols"))
}

/// Texts a person writes, as a parameter's value: a reason, a note, a comment, a message.
const WRITTEN: &[&str] = &[
    "note",
    "notes",
    "comment",
    "comments",
    "message",
    "messages",
    "remark",
    "remarks",
    "explanation",
    "words",
    "why",
];

/// What a parameter's value is: its description's first phrase, to its first verb or mark (a
/// label before it, "Optional. Reason for …", is no value of its own).
fn value_head<'t>(clauses: &[Vec<&'t Tok>]) -> Vec<&'t Tok> {
    let label = |c: &&Vec<&Tok>| {
        c.iter().filter(|t| t.kind == Kind::Word).count() <= 1
            && c.iter()
                .any(|t| is_word(t, &["optional", "required", "deprecated"]))
    };
    let Some(first) = clauses.iter().find(|c| !label(c)) else {
        return Vec::new();
    };
    first
        .iter()
        .take_while(|t| {
            t.kind == Kind::Word && !crate::vocabulary::is_listed_verb(&t.text)
                || t.kind == Kind::Ident
        })
        .copied()
        .collect()
}

/// Words that hand a value on to someone: "shown to", "seen by", "sent to".
const HANDED: &[&str] = &[
    "shown",
    "seen",
    "sent",
    "given",
    "passed",
    "visible",
    "read",
    "readable",
    "forwarded",
    "shared",
    "open",
    "available",
];

/// The value's own noun phrase: its head to the first word that opens a phrase of its own
/// ("Text" of "Text for the patient").
fn own_noun<'h, 't>(head: &'h [&'t Tok]) -> &'h [&'t Tok] {
    let end = head
        .iter()
        .position(|t| is_word(t, PHRASE_OPENERS))
        .unwrap_or(head.len());
    &head[..end]
}

/// A value said to reach a person: shown, seen, sent or given to someone, or a phrase "for" a
/// person after the value's noun or a mark ("…, for the doctor of the slot", "Text for the
/// patient").
fn said_to_reach(clauses: &[Vec<&Tok>], head: &[&Tok]) -> bool {
    let noun_end = own_noun(head).len();
    let person = |x: &Tok| {
        is_word(x, PEOPLE) || is_word(x, STAFF_MEMBERS) || is_word(x, &["clinic", "oncall"])
    };
    clauses.iter().any(|c| {
        c.iter().enumerate().any(|(k, t)| {
            let to_whom = |from: usize| {
                c.get(from)
                    .is_some_and(|x| is_word(x, &["to", "by", "with", "for"]))
                    && c[from + 1..].iter().take(3).any(|x| person(x))
            };
            // ("for" a person after the value's noun or a mark, not "only for patients under 16")
            let after_noun = head.get(noun_end).is_some_and(|h| std::ptr::eq(*h, *t));
            let opens = k == 0 || c[k - 1].kind == Kind::Comma || after_noun;
            is_word(t, HANDED) && (to_whom(k + 1) || to_whom(k + 2))
                || is_word(t, &["for"]) && opens && to_whom(k)
        })
    })
}

/// Words that end a value's own noun phrase and open one of its own ("Details for …", "Id of
/// …").
const PHRASE_OPENERS: &[&str] = &[
    "for", "of", "to", "with", "in", "on", "per", "from", "by", "about", "before", "after", "at",
];

/// What a route with no text takes as a value: an id, a key, a flag or a time, not a text.
const ROUTE_VALUES: &[&str] = &[
    "id",
    "ids",
    "key",
    "keys",
    "idempotency",
    "idempotency-key",
    "header",
    "string",
    "uuid",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "flag",
    "whether",
    "yes",
    "true",
    "false",
    "time",
    "date",
    "start",
    "page",
    "number",
];

/// Words before a value's own noun ("Optional text …", "A short note …").
const BEFORE_THE_NOUN: &[&str] = &[
    "a", "an", "the", "optional", "required", "short", "long", "plain", "one", "own", "new",
    "other", "extra", "any",
];

/// A value that is a text: a length in characters or words, or said to reach a person, and its
/// own noun phrase no id, key, flag, time or person's datum ("Details for the doctor of the
/// slot, 1 to 500 characters", "Instructions for the patient before the visit, shown to the
/// patient").
fn a_text(head: &[&Tok], clauses: &[Vec<&Tok>]) -> bool {
    // (a noun that names an id, a key or a person's datum is no text: "Optional unique key per
    // booking attempt", "Age of the patient, for the age limits …")
    let noun = own_noun(head);
    if noun.is_empty()
        || noun
            .iter()
            .any(|t| is_word(t, ROUTE_VALUES) || data_kind(&t.text, false).is_some())
    {
        return false;
    }
    let length = clauses.iter().any(|c| {
        c.windows(2).any(|w| {
            w[0].text.bytes().all(|b| b.is_ascii_digit())
                && (is_word(w[1], LENGTH_UNITS) || is_word(w[1], &["words", "word"]))
        })
    });
    length || said_to_reach(clauses, head)
}

/// A datum of a person (an age, a birth date, an insurance, a symptom) that a changing tool of a
/// contract route whose route carries no text takes, said to reach someone ("Date of birth of the
/// patient, shown to the doctor", "Age of the patient, seen by the doctor of the slot"): a
/// booking, a move, a cancellation and a confirmation send an id, so the datum reaches no one,
/// and the patient is told it does. A datum the server itself checks ("Age of the patient, for
/// the age limits of some specialties") is said to reach no one and passes. (An intake, a
/// rejection and an escalation carry a text, which may hold it.)
fn datum_the_route_drops(clauses: &[Vec<&Tok>], head: &[&Tok], out: &mut Vec<Violation>) {
    let Some(datum) = head
        .iter()
        .find(|t| t.kind == Kind::Word && data_kind(&t.text, false).is_some())
    else {
        return;
    };
    if said_to_reach(clauses, head) {
        push(
            out,
            Rule::Exfiltration,
            datum,
            format!(
                "\"{}\": the parameter is said to reach someone, but its route of the clinic API carries only an id: the datum reaches no one",
                datum.text
            ),
        );
    }
}

/// A parameter of a changing tool of a contract route whose route carries no text (a booking, a
/// move, a cancellation, a confirmation), said to be a text a person writes ("Reason for the
/// cancellation, shown to the doctor", "Note of the doctor to the patient", "A comment for the
/// doctor"): the text reaches no one, and the patient is told it does. Read in what the value is:
/// the description's first phrase, to its first verb or mark. A person's datum there is read
/// too ([`datum_the_route_drops`]).
pub(crate) fn text_the_route_drops(
    clauses: &[Vec<&Tok>],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    if !changes_a_route(tool, mutates) || carries_text(tool) {
        return;
    }
    let head = value_head(clauses);
    datum_the_route_drops(clauses, &head, out);
    // ("free text" is a text a person writes; "the review body text" names a value's form)
    let free_text =
        |k: usize| k >= 1 && is_word(head[k], &["text"]) && is_word(head[k - 1], &["free"]);
    let written = (0..head.len())
        .find(|&k| is_word(head[k], WRITTEN) || is_word(head[k], WHY_WORDS) || free_text(k))
        .or_else(|| {
            a_text(&head, clauses)
                .then(|| head.iter().position(|t| !is_word(t, BEFORE_THE_NOUN)))?
        });
    if let Some(t) = written.map(|k| head[k]) {
        push(
            out,
            Rule::Exfiltration,
            t,
            "the parameter asks for a text its route of the clinic API does not carry: a reason or a note given here reaches no one".to_owned(),
        );
    }
}

/// Words that name a clinic as a value: a scope no tool of this server takes (a doctor's tools
/// reach the caller's own clinic by the token, and the public lists answer every clinic).
const CLINIC_SCOPE: &[&str] = &[
    "clinic",
    "clinics",
    "tenant",
    "tenants",
    "branch",
    "branches",
    "site",
    "sites",
    "location",
    "locations",
];

/// A patient's standing records, not the symptoms of one visit: medical data the intake's
/// symptoms, duration and severity do not carry.
const RECORDS: &[&str] = &[
    "allergy",
    "allergies",
    "medication",
    "medications",
    "medicine",
    "medicines",
    "prescription",
    "prescriptions",
    "history",
    "diagnosis",
    "diagnoses",
    "weight",
    "height",
    "blood",
    "vaccination",
    "vaccinations",
    "surgery",
    "pregnancy",
    "disability",
    "disabilities",
    "lab",
];

/// What a word of a served tool's parameter asks for that none of its arguments carries: a
/// clinic (a scope), a written text on a changing tool that takes none, or a person's datum (a
/// birth date, an address, an insurance, a medication) of a kind the tool's arguments do not
/// carry, or a record beside the intake's symptoms.
fn beyond_the_args(
    word: &str,
    tool: &str,
    mutates: bool,
    carried: &[Data],
) -> Option<&'static str> {
    let w = word.to_ascii_lowercase();
    let w = w.as_str();
    if names_an_arg(tool, w) {
        return None;
    }
    if CLINIC_SCOPE.contains(&w) {
        return Some("a clinic, a scope");
    }
    if mutates
        && !takes_written(tool)
        && (WRITTEN.contains(&w) || WHY_WORDS.contains(&w) || w == "text")
    {
        return Some("a text a person writes");
    }
    let kind = data_kind(w, false)?;
    (!carried.contains(&kind) || RECORDS.contains(&w)).then(|| kind.what())
}

/// What a served tool takes, for a message: its arguments' names.
fn args_said(tool: &str) -> String {
    let names: Vec<&str> = args_of(tool).map(|a| a.name).collect();
    if names.is_empty() {
        "no argument".to_owned()
    } else {
        names.join(", ")
    }
}

/// A parameter name of a tool of this server that none of its arguments is and that asks for
/// what its route does not carry (`date_of_birth`, `medications` on the intake, `note` on a
/// cancellation, `clinic_id` on the protocol search): the server sends only its arguments, so
/// the value reaches no one, or its scope is not the one the token sets, and the patient or the
/// agent is told it does. A tool of no route of this server is read by the kind-of-tool table.
pub(crate) fn name_the_route_drops(
    name: &str,
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let Some(carried) = data_carried(tool) else {
        return;
    };
    if names_an_arg(tool, name) {
        return;
    }
    let lower = name.to_ascii_lowercase();
    let what = lower
        .split('_')
        .find_map(|p| beyond_the_args(p, tool, mutates, carried))
        .map(str::to_owned)
        // (an id of a kind the tool does not take is the id reading's, where it runs: a changing
        // tool or a get)
        .or_else(|| {
            let id_read = (mutates || tool.starts_with("get_"))
                && super::ids::id_named_not_taken(name, tool).is_some();
            other_tools_datum(&lower, tool).filter(|_| !id_read)
        });
    if let Some(what) = what {
        out.push(Violation {
            rule: Rule::Exfiltration,
            range: 0..name.len(),
            detail: format!(
                "name \"{name}\" asks for {what}, which no argument of {tool} carries: the server's {tool} takes {}",
                args_said(tool)
            ),
        });
    }
}

/// The head noun of a served tool's parameter name (its last word, or the word before a last
/// "id" or "name") that names an argument of another served tool picking a thing by its id or
/// its words, and none of its own, nor the thing the tool itself is of (`specialty` on the
/// booking or the protocol search, `oncall_doctor_id` on the escalation; not `next_open_slot`
/// on the slot search): the route sends only the tool's arguments, so the value picks nothing,
/// and the agent is told it does.
fn other_tools_datum(name: &str, tool: &str) -> Option<String> {
    let parts: Vec<&str> = name.split('_').collect();
    let end = parts
        .iter()
        .rposition(|p| !matches!(*p, "id" | "ids" | "name" | "names"))?;
    let head = parts[end];
    let own = tool
        .split('_')
        .any(|p| p == head || p.strip_suffix('s') == Some(head));
    if own {
        return None;
    }
    names_another_arg(tool, head)
        .filter(|a| matches!(a.form, Form::Id | Form::Words))
        .map(|a| format!("\"{head}\" ({} of {})", a.name, a.tool))
}

/// A parameter description of a tool of this server whose value (its first phrase) is none of
/// the tool's arguments by its own noun and names a clinic, a person's datum of a kind its arguments do not
/// carry, or a record beside the intake's symptoms ("Id of the clinic whose protocols to
/// search", "Age of the patient in years", "Allergies of the patient"): the server takes no
/// such argument. A value that names an argument ("Severity of the pain, 0 to 10") passes.
pub(crate) fn value_beyond_the_args(clauses: &[Vec<&Tok>], tool: &str, out: &mut Vec<Violation>) {
    let Some(carried) = data_carried(tool) else {
        return;
    };
    let head = value_head(clauses);
    if own_noun(&head).iter().any(|t| names_an_arg(tool, &t.text)) {
        return;
    }
    // the value's own noun, and after an id's or a name's "of" the thing it names ("Id of one
    // clinic"); a clinic further on says where the value is from ("in the clinic currency")
    let noun = own_noun(&head);
    let named = noun
        .last()
        .filter(|t| is_word(t, &["id", "ids", "name", "names", "number", "code", "key"]))
        .and_then(|_| {
            head[noun.len()..]
                .iter()
                .find(|t| !is_word(t, &["of", "a", "an", "the", "one", "each"]))
        });
    let scope = noun
        .iter()
        .chain(named)
        .find(|t| is_word(t, CLINIC_SCOPE))
        .map(|t| (*t, "a clinic, a scope"));
    let hit = scope.or_else(|| {
        head.iter()
            .filter(|t| t.kind == Kind::Word && !is_word(t, CLINIC_SCOPE))
            .find_map(|t| beyond_the_args(&t.text, tool, false, carried).map(|w| (*t, w)))
    });
    if let Some((t, what)) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            format!(
                "\"{}\": the parameter asks for {what}, which no argument of {tool} carries: the server's {tool} takes {}",
                t.text,
                args_said(tool)
            ),
        );
    }
}

/// What carries a change to a person: a notification, a notice, a message, an email, a text, a
/// call, an alert. (A reminder before a visit is the clinic's standing practice, the how-to
/// table's own row, not this act's.)
const MESSAGES: &[&str] = &[
    "notification",
    "notifications",
    "notice",
    "notices",
    "message",
    "messages",
    "email",
    "emails",
    "e-mail",
    "sms",
    "text",
    "texts",
    "call",
    "calls",
    "alert",
    "alerts",
    "letter",
    "letters",
    "page",
    "pages",
    "push",
];

/// Verbs of receiving or seeing: what a person is said to get or see.
const RECEIVING: &[&str] = &[
    "gets", "get", "receives", "receive", "sees", "see", "hears", "hear", "reads", "finds", "find",
    "obtains", "obtain", "has", "have",
];

/// A literal in a message's place, read as the noun "code" ("gets a `SMS` of the move"): after
/// "a" or "an", and with its own object after it.
fn literal_message(after: &[&Tok], j: usize) -> bool {
    is_word(after[j], &["code", "codes"])
        && j >= 1
        && is_word(after[j - 1], &["a", "an", "one"])
        && after
            .get(j + 1)
            .is_some_and(|x| is_word(x, &["of", "about", "with", "for"]))
}

/// Any noun a person other than the caller is said to get or have of the change ("the patient
/// gets word of the rejection", "the doctor of the slot gets a summary of the booking", "the
/// oncall doctor has word of it"): the verb at `k`, and a phrase of a few words whose "of" or
/// "about" names the change ("of the cancellation", "of it"). What the change makes theirs ("the
/// oncall doctor gets the appointment of the escalation") is no notice, and the caller gets the
/// answer ("the authenticated patient gets a summary of the booking"). Gives the noun's place
/// after the verb.
fn word_of_the_change(clause: &[&Tok], k: usize, tool: &str) -> Option<usize> {
    const GETTING: &[&str] = &[
        "gets", "get", "receives", "receive", "has", "have", "hears", "hear", "obtains", "obtain",
    ];
    const CHANGES: &[&str] = &[
        "change",
        "changes",
        "cancellation",
        "rejection",
        "booking",
        "move",
        "escalation",
        "confirmation",
        "intake",
        "it",
        "this",
        "that",
    ];
    const THEIRS: &[&str] = &[
        "appointment",
        "appointments",
        "slot",
        "slots",
        "visit",
        "visits",
        "patient",
        "patients",
        "case",
        "cases",
    ];
    if !is_word(clause[k], GETTING) {
        return None;
    }
    // (the caller: "the authenticated doctor", or the one person the tool acts for, named alone)
    let role: &[&str] = if super::callers::doctors_only(tool) {
        &["doctor"]
    } else {
        &["patient"]
    };
    let subject: Vec<&Tok> = clause[..k]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma)
        .filter(|x| x.kind == Kind::Word)
        .copied()
        .collect();
    let caller = subject.iter().any(|x| is_word(x, &["authenticated"]))
        || subject
            .iter()
            .all(|x| is_word(x, DETERMINERS) || is_word(x, role));
    if caller {
        return None;
    }
    let after = &clause[k + 1..];
    let of = after
        .iter()
        .take(5)
        .take_while(|x| x.kind == Kind::Word)
        .position(|x| is_word(x, PREPOSITIONS))?;
    if of == 0 || !is_word(after[of], &["of", "about"]) {
        return None;
    }
    let n = of - 1;
    if is_word(after[n], DETERMINERS) || is_word(after[n], THEIRS) {
        return None;
    }
    after[of + 1..]
        .iter()
        .find(|x| !is_word(x, DETERMINERS))
        .is_some_and(|x| is_word(x, CHANGES))
        .then_some(n)
}

/// No phrase after a reminder makes it of anything but the visit: every object of "of", "about",
/// "with" or "on" in it is the visit, the appointment or its time ("a reminder of the visit",
/// "a reminder one day before the visit", "gets a reminder"); a reminder of the act, its note or
/// its case ("a reminder of the cancellation", "a reminder with the triage level") is sent
/// because of the act.
fn of_the_visit(rest: &[&Tok]) -> bool {
    const VISIT: &[&str] = &[
        "visit",
        "visits",
        "appointment",
        "appointments",
        "time",
        "times",
        "start",
        "day",
        "date",
        "slot",
    ];
    let phrase: Vec<&Tok> = rest
        .iter()
        .take_while(|x| x.kind != Kind::Stop)
        .copied()
        .collect();
    (0..phrase.len())
        .filter(|&i| is_word(phrase[i], &["of", "about", "with", "on"]))
        .all(|i| {
            phrase[i + 1..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS) && !x.possessive)
                .is_some_and(|h| is_word(h, VISIT))
        })
}

/// A person told of the change a changing tool of a contract route makes ("the patient gets an
/// email of the cancellation", "the oncall doctor gets a notification with the note", "the
/// oncall doctor, who receives an alert"): the clinic API answers the caller and tells no one
/// else, so the agent, told that someone else does, tells no one, and an escalation or a
/// rejection waits unseen. Said with a negation ("the patient gets no notification") it is true
/// and passes. On a route that carries only an id, a text a person writes said to be received
/// ("the doctor gets the reason", "the patient sees the note of the doctor") is such a notice
/// too: no reason or note is sent.
pub(crate) fn notice_promised(
    clause: &[&Tok],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    if !changes_a_route(tool, mutates) {
        return;
    }
    let person =
        |t: &Tok| is_word(t, PEOPLE) || is_word(t, STAFF_MEMBERS) || is_word(t, &["oncall"]);
    // a person with a participle of telling, no verb between ("the doctor also notified",
    // "with the patient informed", "the staff then alerted by email")
    const TOLD: &[&str] = &[
        "notified",
        "informed",
        "alerted",
        "told",
        "emailed",
        "messaged",
        "paged",
        "texted",
        "warned",
        "contacted",
        "reminded",
        "advised",
        "updated",
    ];
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, TOLD) || k == 0 {
            continue;
        }
        let before: Vec<&&Tok> = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind == Kind::Word || x.kind == Kind::Ident)
            .take_while(|x| !is_word(x, COPULAS) && !is_word(x, MODALS))
            .collect();
        let adverbs = before
            .iter()
            .take_while(|x| is_word(x, MID_ADVERBS) || is_word(x, &["also", "then", "too", "both"]))
            .count();
        // (not a verb with its object, "staff notified the patient", nor a condition, "when
        // the patient is notified")
        let told_one = before.get(adverbs).is_some_and(|x| person(x))
            && !clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, DETERMINERS) || person(x) || x.possessive)
            && !clause[..k].iter().any(|x| {
                is_word(
                    x,
                    &["when", "if", "unless", "once", "after", "whether", "until"],
                )
            });
        let denied = before
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "without"]));
        if told_one && !denied {
            push(
                out,
                Rule::Directive,
                t,
                "a person said to be told of the change: the clinic API answers the caller and tells no one else".to_owned(),
            );
            return;
        }
    }
    for (k, t) in clause.iter().enumerate() {
        // "gets an email", "sees a notification of …", "receives a reminder of the move": the
        // message within the phrase of a verb of receiving or seeing
        let told = is_word(t, RECEIVING)
            .then(|| {
                let after = &clause[k + 1..];
                after
                    .iter()
                    .enumerate()
                    .take(4)
                    .take_while(|(_, x)| x.kind == Kind::Word)
                    .find(|&(j, x)| {
                        is_word(x, MESSAGES)
                            || is_word(x, &["reminder", "reminders"])
                            || literal_message(after, j)
                            || !carries_text(tool) && (is_word(x, WRITTEN) || is_word(x, WHY_WORDS))
                    })
                    .map(|(j, _)| j)
            })
            .flatten();
        let Some(j) = told.or_else(|| word_of_the_change(clause, k, tool)) else {
            continue;
        };
        let m = clause[k + 1 + j];
        // (a channel names the reminder it carries: "an email and SMS reminder")
        let r = k
            + 1
            + j
            + clause[k + 1 + j..]
                .iter()
                .take_while(|x| {
                    is_word(x, MESSAGES) || is_word(x, &["and", "or", "reminder", "reminders"])
                })
                .position(|x| is_word(x, &["reminder", "reminders"]))
                .unwrap_or(0);
        // (a reminder of the visit, before it, is the how-to table's standing practice of a
        // writer's own tool; a reminder of anything else is a notice of the change, and this
        // server's tools send none, the clinic API answering only the caller)
        if is_word(clause[r], &["reminder", "reminders"])
            && of_the_visit(&clause[r + 1..])
            && crate::served::role_of(tool).is_none()
        {
            continue;
        }
        // (the receiver: a person in the verb's phrase before it, or "who" after one; no
        // negation on the verb or the message)
        let receiver = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| person(x) || is_word(x, &["who"]));
        let denied = clause[k.saturating_sub(2)..]
            .iter()
            .take_while(|x| x.start <= m.start)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
        if receiver && !denied {
            push(
                out,
                Rule::Directive,
                m,
                "a person said to be told of the change: the clinic API answers the caller and tells no one else".to_owned(),
            );
            return;
        }
    }
}

/// People a message or a call can be said to reach. (The caller, the client and the user are the
/// agent's side: the answer, error message and all, goes to them.)
const ADDRESSEES: &[&str] = &[
    "patient",
    "patients",
    "person",
    "persons",
    "people",
    "doctor",
    "doctors",
    "physician",
    "physicians",
    "practitioner",
    "nurse",
    "nurses",
    "clinician",
    "clinicians",
    "staff",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "oncall",
];

/// Nouns of a message or a call that reaches a person.
const CONTACTS: &[&str] = &[
    "message",
    "messages",
    "call",
    "calls",
    "notice",
    "notices",
    "notification",
    "notifications",
    "email",
    "emails",
    "sms",
    "alert",
    "alerts",
    "letter",
    "letters",
];

/// Does a person (or the clinic, after "from") open `rest`, past its articles and modifiers?
fn names_an_addressee(rest: &[&Tok], from: bool) -> bool {
    rest.iter()
        .take(5)
        .take_while(|x| x.kind == Kind::Word)
        .find(|x| {
            !is_word(
                x,
                &[
                    "the", "a", "an", "its", "their", "his", "her", "each", "every", "new", "same",
                    "other", "another",
                ],
            )
        })
        .is_some_and(|x| {
            is_word(x, ADDRESSEES) || from && is_word(x, &["clinic", "office", "hospital", "desk"])
        })
        && !rest
            .iter()
            .take(5)
            .any(|x| is_word(x, &["api", "server", "tool", "route"]))
}

/// A message, a call or a notice said to go to a person, or to come from one or the clinic, in
/// any shape ("…, with a message to the doctor", "a call to the patient", "a message is sent
/// to the doctor", "a call from the clinic"): the clinic API answers the caller and tells no one
/// else, so the agent tells the patient that the doctor knows, and nobody acts. An error's
/// message, "this call" or "on call" name no addressee and pass.
pub(crate) fn contact_promised(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, CONTACTS) {
            continue;
        }
        // (the noun itself, not "call" as a verb: an article, a number word or a comma before
        // it, or "with"/"and")
        let noun = k > 0
            && is_word(
                clause[k - 1],
                &[
                    "a", "an", "the", "one", "no", "any", "with", "and", "or", "its", "their",
                    "each", "every", "another", "optional", "second",
                ],
            );
        if !noun {
            continue;
        }
        let mut i = k + 1;
        // ("is sent to", "are made to", "placed to")
        while i < clause.len()
            && is_word(
                clause[i],
                &["is", "are", "sent", "made", "placed", "given", "also"],
            )
        {
            i += 1;
        }
        let Some(p) = clause.get(i) else { continue };
        let from = is_word(p, &["from"]);
        if !(from || is_word(p, &["to"])) || !names_an_addressee(&clause[i + 1..], from) {
            continue;
        }
        let denied = clause[k.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
        if !denied {
            push(
                out,
                Rule::Directive,
                t,
                "a message or a call said to reach a person: the clinic API answers the caller and tells no one else".to_owned(),
            );
            return;
        }
    }
}

/// A number, an address or a contact asked "for a call" or "for a message" ("…, and a number
/// for a call", "a number for a message when urgent"): a person's contact point, which no tool
/// takes and no route carries, so the agent asks the patient for it or hides it in a text that
/// others read. A page number "for the next call" is the list's own.
pub(crate) fn contact_point_asked(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(
            t,
            &[
                "number",
                "numbers",
                "address",
                "addresses",
                "contact",
                "contacts",
                "phone",
                "line",
            ],
        ) || k > 0
            && (is_word(clause[k - 1], &["page", "id", "slot"])
                || clause[k - 1].kind == Kind::Ident)
        {
            continue;
        }
        let Some(f) = clause.get(k + 1) else { continue };
        if !is_word(f, &["for"]) {
            continue;
        }
        let rest = &clause[k + 2..];
        let Some(j) = rest
            .iter()
            .take(3)
            .take_while(|x| x.kind == Kind::Word)
            .position(|x| {
                is_word(x, CONTACTS) || is_word(x, &["callback", "callbacks", "reply", "replies"])
            })
        else {
            continue;
        };
        // (a call of a tool, or the next call of the list, is the agent's own)
        if rest[..j].iter().any(|x| {
            is_word(
                x,
                &[
                    "next",
                    "this",
                    "that",
                    "later",
                    "following",
                    "same",
                    "each",
                    "every",
                    "another",
                ],
            )
        }) || rest
            .get(j + 1)
            .is_some_and(|x| is_word(x, &["of"]) || x.kind == Kind::Ident)
            || rest.get(j + 1).is_some_and(|x| is_word(x, &["to"]))
                && rest.get(j + 2).is_some_and(|x| x.kind == Kind::Ident)
        {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "a contact point asked for a call or a message: no tool takes one and the clinic API carries none".to_owned(),
        );
        return;
    }
}

/// The visit of an escalated appointment said to move in time or place ("The visit moves to the
/// start of the shift of the oncall doctor", "… at the hospital of the clinic"): the escalation
/// changes the appointment's doctor and priority, and its slot stays, so the patient comes at
/// the wrong time or to the wrong place. "The slot and the time of the visit stay the same"
/// passes.
pub(crate) fn escalation_moves_the_visit(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    // (on any tool, a clause of the escalation: "an escalated appointment moves to …")
    if !tool.split('_').any(|p| p == "escalate")
        && !clause.iter().any(|t| {
            is_word(
                t,
                &[
                    "escalation",
                    "escalated",
                    "escalate",
                    "escalates",
                    "escalating",
                ],
            )
        })
    {
        return;
    }
    const VISIT: &[&str] = &["visit", "visits", "appointment", "slot", "time", "times"];
    const WHEN_OR_WHERE: &[&str] = &[
        "shift",
        "shifts",
        "room",
        "rooms",
        "hospital",
        "ward",
        "building",
        "site",
        "department",
        "unit",
        "floor",
        "wing",
        "hour",
        "day",
        "date",
        "morning",
        "afternoon",
        "noon",
        "evening",
        "night",
        "later",
        "earlier",
        "sooner",
        "tomorrow",
        "week",
    ];
    // a word of keeping governs the time or place it is said of, in its noun phrase: "at the
    // same hour", "keeps its day, its hour and its room", and, of a subject, "the day and the
    // hour stay the same"
    const KEEPS: &[&str] = &["same", "original", "usual", "old", "keeps", "keep"];
    const STAYS: &[&str] = &["stays", "stay", "remains", "remain", "unchanged"];
    // (what may stand between a word of keeping and what it keeps)
    const NOUN_PHRASE: &[&str] = &[
        "the",
        "its",
        "their",
        "a",
        "and",
        "or",
        "of",
        "visit",
        "visit's",
        "appointment",
        "appointment's",
        "slot",
        "time",
        "place",
    ];
    if !clause.iter().any(|t| is_word(t, VISIT)) {
        return;
    }
    // (or a new one of them: "the appointment gets a new slot", "the visit is at another time",
    // "at the first open slot of that doctor": the oncall doctor's free times are never read;
    // another clinic is a tenant's, read by the error's case)
    let new_one = |k: usize| {
        k >= 1
            && is_word(
                clause[k - 1],
                &[
                    "new",
                    "another",
                    "other",
                    "different",
                    "open",
                    "free",
                    "earliest",
                    "soonest",
                    "next",
                    "empty",
                    "vacant",
                ],
            )
            && is_word(
                clause[k],
                &["slot", "slots", "time", "times", "place", "address"],
            )
    };
    let filler =
        |x: &&Tok| x.kind == Kind::Comma || is_word(x, NOUN_PHRASE) || is_word(x, WHEN_OR_WHERE);
    let kept = |k: usize| {
        let before = clause[..k].iter().rev().find(|x| !filler(x));
        let after = clause[k + 1..]
            .iter()
            .position(|x| !filler(x))
            .map(|j| k + 1 + j);
        // (a subject: nothing but its own noun phrase before it)
        let subject = before.is_none();
        let stays = after.is_some_and(|j| {
            is_word(clause[j], STAYS)
                || (is_word(clause[j], &["is", "are"])
                    && clause[j + 1..]
                        .iter()
                        .find(|x| !filler(x))
                        .is_some_and(|x| is_word(x, &["same", "unchanged"])))
        });
        // a negation governs the rest of its phrase: "not at the room of the first doctor",
        // not what follows a comma or "but" ("…, with no other change")
        let denied = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, &["but"]))
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
        before.is_some_and(|x| is_word(x, KEEPS)) || (subject && stays) || denied
    };
    let moved = clause
        .iter()
        .enumerate()
        .find(|&(k, t)| (is_word(t, WHEN_OR_WHERE) || new_one(k)) && !kept(k))
        .map(|(_, t)| t);
    if let Some(t) = moved {
        push(
            out,
            Rule::Directive,
            t,
            "the visit of an escalated appointment said to move: the escalation changes its doctor and priority, and its slot stays".to_owned(),
        );
    }
}

/// A move said to be a cancellation and a new booking, on any tool ("A move is a cancellation
/// and a new booking", "a reschedule is a new booking", "after a move, a new booking"): the move
/// is one act, atomic, and the same appointment and id come back; an agent that cancels and then
/// books loses the old slot when the new one is taken. "A move is not a cancellation" passes.
pub(crate) fn move_said_two_acts(clause: &[&Tok], out: &mut Vec<Violation>) {
    const MOVE: &[&str] = &["move", "moves", "moving", "reschedule", "rescheduling"];
    const CANCEL: &[&str] = &[
        "cancellation",
        "cancellations",
        "cancel",
        "cancels",
        "cancelling",
        "canceling",
        "rebooking",
        "rebook",
    ];
    const BOOKING: &[&str] = &["booking", "bookings", "appointment", "appointments"];
    // (the move named as a thing, not as the tool's own act: "a move", "the move", "moving")
    let Some(m) = (0..clause.len()).find(|&k| {
        is_word(clause[k], &["moving", "rescheduling"])
            || is_word(clause[k], MOVE)
                && k >= 1
                && is_word(clause[k - 1], &["a", "the", "each", "every", "any", "one"])
    }) else {
        return;
    };
    let rest = &clause[m + 1..];
    // a negation governs what follows it in the clause: "is not a cancellation"
    let denied = |j: usize| {
        rest[..j]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "never", "nor", "instead"]))
    };
    let hit = rest.iter().enumerate().find(|&(j, t)| {
        // (a late cancellation is a fee's case, read with the fees)
        let second = is_word(t, CANCEL) && !(j >= 1 && is_word(rest[j - 1], &["late"]))
            || is_word(t, BOOKING)
                && j >= 1
                && is_word(rest[j - 1], &["new", "second", "another", "fresh"]);
        second && !denied(j)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a move said to be a cancellation and a new booking: the move is one atomic act (the new slot is taken and the old one released, or nothing changes), and the same appointment and id come back".to_owned(),
        );
    }
}

/// A move said to give a new appointment or a new id ("Returns the appointment under a new id",
/// "Id of the new appointment; the old id is invalid after the move"): the move keeps the
/// appointment and its id, and changes its slot, so the agent drops the id it holds and loses
/// the appointment.
pub(crate) fn move_said_new(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if !matches!(tool.split('_').next(), Some("reschedule" | "move")) {
        return;
    }
    // (a booking is the act as much as what it makes: "the new booking fails" is the move's
    // taking of its slot, "the new booking, with its own id" a second appointment)
    let ided = clause.iter().any(|x| is_word(x, &["id", "ids"]));
    // (a record or an entry is the appointment as stored: "the id of a new record")
    let of: &[&str] = if ided {
        &[
            "id",
            "ids",
            "appointment",
            "appointments",
            "booking",
            "bookings",
            "record",
            "records",
            "entry",
        ]
    } else {
        &[
            "id",
            "ids",
            "appointment",
            "appointments",
            "record",
            "records",
        ]
    };
    // (the nouns "one" may stand for: "a different one than before" is of the nearest)
    const NOUNS: &[&str] = &[
        "id",
        "ids",
        "appointment",
        "appointments",
        "booking",
        "bookings",
        "slot",
        "slots",
        "doctor",
        "time",
        "times",
        "status",
        "key",
    ];
    let one_of_ours = |k: usize| {
        is_word_at(clause, k, &["one"])
            && clause[..k]
                .iter()
                .rev()
                .find(|x| is_word(x, NOUNS))
                .is_some_and(|x| is_word(x, of))
    };
    // a difference said of the id or the appointment: "a new id", "under a different id", "a
    // different one than before"; "no new id" denies it
    let new = (0..clause.len())
        .find(|&k| {
            is_word(
                clause[k],
                &["new", "another", "second", "different", "distinct", "fresh"],
            ) && !(k >= 1 && is_word(clause[k - 1], &["no", "not"]))
                && !(k >= 2 && is_word(clause[k - 2], &["no", "not"]))
                && (is_word_at(clause, k + 1, of)
                    || one_of_ours(k + 1)
                    || is_word_at(clause, k + 1, &["appointment's"])
                        && is_word_at(clause, k + 2, of))
        })
        .map(|k| clause[k]);
    // … or the id before the move set against the one after: "not the id before it"
    let not_the_old = (0..clause.len())
        .find(|&k| {
            is_word(clause[k], NEGATIONS)
                && clause[k + 1..]
                    .iter()
                    .position(|x| !is_word(x, DETERMINERS))
                    .is_some_and(|j| {
                        is_word_at(clause, k + 1 + j, &["id", "ids"])
                            && is_word_at(clause, k + 2 + j, &["before", "earlier"])
                    })
        })
        .map(|k| clause[k]);
    // … or an id of its own: "with an id of its own" (not "the same id as its own")
    let own_id = (0..clause.len())
        .find(|&k| {
            is_word(clause[k], &["a", "an"])
                && is_word_at(clause, k + 1, &["id"])
                && is_word_at(clause, k + 2, &["of"])
                && is_word_at(clause, k + 3, &["its", "their"])
                && is_word_at(clause, k + 4, &["own"])
        })
        .map(|k| clause[k + 1]);
    let new = new.or(not_the_old).or(own_id);
    let old_gone = clause
        .windows(2)
        .find_map(|w| {
            (is_word(w[0], &["old", "previous", "former", "first"]) && is_word(w[1], of))
                .then_some(w[0])
        })
        .filter(|_| {
            clause.iter().any(|t| {
                is_word(
                    t,
                    &[
                        "invalid",
                        "gone",
                        "removed",
                        "deleted",
                        "cancelled",
                        "closed",
                        "void",
                        "replaced",
                    ],
                )
            })
        });
    if let Some(t) = new.or(old_gone) {
        push(
            out,
            Rule::Directive,
            t,
            "a move said to give a new appointment or id: the move keeps the appointment and its id, and changes its slot".to_owned(),
        );
        return;
    }
    // the status said kept: "with the same id and status", "its status stays", "keeps its
    // status": the moved appointment comes back `pending`, so the agent tells a patient a
    // confirmed visit is still confirmed
    let status = clause.iter().position(|x| is_word(x, &["status"]));
    let kept = status.and_then(|k| {
        let near = &clause[k.saturating_sub(4)..(k + 4).min(clause.len())];
        near.iter().copied().find(|x| {
            is_word(
                x,
                &[
                    "same",
                    "stays",
                    "stay",
                    "kept",
                    "keeps",
                    "keep",
                    "unchanged",
                    "remains",
                    "unaltered",
                    "retains",
                ],
            )
        })
    });
    // (a status said as it becomes, or kept where the move fails: "On `SLOT_TAKEN`, the
    // appointment keeps its slot and status")
    let pending = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "pending",
                "becomes",
                "changes",
                "if",
                "when",
                "on",
                "fails",
                "failure",
                "error",
                "nothing",
                "otherwise",
            ],
        ) || x.kind == Kind::Ident && x.text.contains('_')
    });
    if let Some(t) = kept.filter(|_| !pending) {
        push(
            out,
            Rule::Directive,
            t,
            "a move said to keep the appointment's status: the moved appointment comes back pending".to_owned(),
        );
    }
}

/// A reading tool of a contract route said to let someone know of the read ("the doctor sees
/// that the patient read it", "the patient is told when the doctor opens it", "the doctor
/// learns that it was read"): a read changes nothing and tells no one, so the agent, told it
/// does, takes a read for a message sent. The knowing verb takes a clause ("that", "when",
/// "whether") whose verb is a read, or is said of the read itself ("is told of the read").
pub(crate) fn read_told(clause: &[&Tok], tool: &str, mutates: bool, out: &mut Vec<Violation>) {
    if mutates || !has_a_route(tool) || !known_route(tool) {
        return;
    }
    const KNOWING: &[&str] = &[
        "sees", "see", "learns", "learn", "knows", "know", "told", "notified", "alerted",
        "informed", "hears", "hear", "finds",
    ];
    const READS: &[&str] = &[
        "read", "reads", "opened", "opens", "open", "viewed", "views", "looked", "looks",
        "checked", "checks", "fetched", "fetches", "got", "gets", "accessed", "accesses",
    ];
    if clause
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    {
        return;
    }
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, KNOWING) {
            return None;
        }
        let after = &clause[k + 1..];
        let that = is_word_at(after, 0, &["that", "when", "whether", "if"])
            || is_word_at(after, 0, &["of", "about"])
                && is_word_at(after, 1, &["the", "a", "each", "every"])
                && is_word_at(after, 2, &["read", "reads", "view", "views", "access"]);
        (that
            && after
                .iter()
                .take(6)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, READS)))
        .then_some(*t)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a read said to tell someone: a tool that reads changes nothing and tells no one of the read".to_owned(),
        );
    }
}

/// The texts a person writes that a route carries, and the pronouns a description of one names
/// it by.
const FREE_TEXTS: &[&str] = &[
    "reason",
    "note",
    "text",
    "message",
    "symptoms",
    "words",
    "comment",
    "description",
];

/// The people a text could be said to name as the one who gets the visit.
const WHO: &[&str] = &[
    "doctor",
    "doctors",
    "clinician",
    "physician",
    "person",
    "colleague",
];

/// A free text said to choose who gets the visit ("the oncall doctor it names gets the
/// appointment", "the doctor named in the reason", "moves to the doctor the note names"): a
/// route reads no person out of a reason, a note or the symptoms. An escalation goes to the
/// clinic's oncall doctor, a rejection moves the visit to no one; the agent that writes a name
/// into the text believes it picked the doctor. A person is chosen by the text when "named",
/// "mentioned" or "cited" follows them with "in" or "by" and a text (or "it" in a description of
/// one), or when a text (or "it") then "names" follows them. Of an escalation a person is no
/// chooser either ("an oncall doctor the doctor selects in the note", "the doctor picks the
/// oncall doctor", "chosen by the patient", "the doctor decides who gets it"): the clinic's
/// oncall doctor gets the case, whoever escalates.
pub(super) fn text_said_to_choose(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    // (a route of the contract, served or not)
    if !known_route(tool) {
        return;
    }
    let of_text = toks.iter().any(|x| is_word(x, FREE_TEXTS));
    let a_text = |x: Option<&Tok>| {
        x.is_some_and(|x| is_word(x, FREE_TEXTS) || (of_text && is_word(x, &["it", "this"])))
    };
    // (of an escalation, a person too: "the doctor selects", "you pick")
    let escalation = tool.split('_').next() == Some("escalate");
    let chooser = |x: Option<&Tok>| {
        a_text(x)
            || escalation
                && x.is_some_and(|x| {
                    is_word(x, PEOPLE)
                        || is_word(x, &["you", "agent", "assistant", "model", "colleague"])
                })
    };
    const CHOOSES: &[&str] = &[
        "names",
        "name",
        "mentions",
        "cites",
        "picks",
        "pick",
        "chooses",
        "choose",
        "selects",
        "select",
        "decides",
        "decide",
        "sets",
        "set",
        "assigns",
        "assign",
        "designates",
        "nominates",
    ];
    const CHOSEN: &[&str] = &[
        "named",
        "mentioned",
        "cited",
        "given",
        "chosen",
        "picked",
        "selected",
        "decided",
        "set",
        "assigned",
        "designated",
        "nominated",
    ];
    for s in toks.split(|t| matches!(t.kind, Kind::Stop | Kind::Comma)) {
        if s.iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
        {
            continue;
        }
        let hit = s.iter().enumerate().find_map(|(k, t)| {
            if escalation
                && chooser(Some(t))
                && !is_word(t, &["it", "this"])
                && is_word_at(&s[k + 1..], 0, CHOOSES)
                && picks_a_person(text, &s[k + 2..])
            {
                return Some(t);
            }
            if !is_word(t, WHO) {
                return None;
            }
            let rest = &s[k + 1..];
            let at = |i: usize| rest.get(i);
            // "the doctor named in it", "the doctor mentioned by the note"
            let by = usize::from(is_word_at(rest, 0, &["is", "are"]));
            let named = (is_word_at(rest, by, &["named", "mentioned", "cited", "given"])
                || escalation && is_word_at(rest, by, CHOSEN))
                && is_word_at(rest, by + 1, &["in", "by"])
                && (chooser(at(by + 2))
                    || (is_word_at(rest, by + 2, &["the", "its", "that", "a", "an"])
                        && chooser(at(by + 3))));
            // "the doctor it names", "the doctor the note names"
            let names = |i: usize| is_word_at(rest, i, CHOOSES);
            let said = (chooser(at(0)) && names(1))
                || (is_word_at(rest, 0, &["the", "its", "that", "a", "an"])
                    && chooser(at(1))
                    && names(2));
            (named || said).then_some(t)
        });
        if let Some(t) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a free text said to choose who gets the visit: a route reads no person out of a reason, a note or the symptoms; an escalation goes to the clinic's oncall doctor".to_owned(),
            );
            return;
        }
    }
}

/// Whether the object after a verb of choosing is a person ("the doctor picks the oncall doctor",
/// "the doctor decides who gets it", "selects which doctor gets it"): the person word heads its
/// noun phrase, not said of another thing ("picks the doctor's appointment").
fn picks_a_person(text: &str, object: &[Tok]) -> bool {
    let at = object.iter().position(|x| {
        !(is_word(x, DETERMINERS) || is_word(x, &["oncall", "new", "other", "another", "next"]))
    });
    let Some(at) = at else {
        return false;
    };
    let x = &object[at];
    if is_word(x, &["who", "whom"]) {
        return true;
    }
    if is_word(x, &["which"]) {
        return object[at + 1..].iter().take(2).any(|x| is_word(x, WHO));
    }
    // (the head: no possessive, and no noun after it: a mark, a preposition, a relative, a
    // conjunction or a verb follows, or nothing)
    let head = !super::roles::possessive(x, text)
        && object.get(at + 1).is_none_or(|n| {
            n.kind != Kind::Word
                || is_word(n, PREPOSITIONS)
                || is_word(n, &["who", "whom", "which", "that", "and", "or", "to"])
                || verb(&n.text).is_some()
        });
    is_word(x, WHO) && head
}
