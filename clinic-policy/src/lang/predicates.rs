//! What a statement may say a thing is, has or fits: a closed set of predicates (a state, a
//! value, a phrase of place, time or format, a participle), read after "is" and the verbs that
//! link like it, after a label and a colon, and past the first sentence's comma. A catalogue is
//! written once and read any day: it can say what its values are, not what the world is like
//! (who is busy, what is scarce, which result suits the patient, who the caller is).

use super::data::CONDITIONS;
use super::words::*;
use crate::types::{Field, Rule, Violation};

/// Adjectives a statement may say a thing *is*: a state the catalogue can know (a status, an
/// optional or required value, a window's bound), never a judgement or a live state of the world
/// ("busy", "few", "worse", "ready", "unsuccessful", "the right place").
pub(crate) const STATES: &[&str] = &[
    "available",
    "unavailable",
    "free",
    "open",
    "closed",
    "pending",
    "final",
    "empty",
    "full",
    "optional",
    "required",
    "public",
    "private",
    "idempotent",
    "valid",
    "invalid",
    "possible",
    "due",
    "overdue",
    "same",
    "separate",
    "absent",
    "present",
    "missing",
    "exact",
    "unique",
    "distinct",
    "true",
    "false",
    "urgent",
    "elevated",
    "routine",
    "active",
    "inactive",
    "next",
    "new",
    "local",
    "late",
    "early",
    "current",
    "positive",
    "negative",
    "partial",
    "internal",
    "unknown",
    "zero",
    "null",
    "upcoming",
    "oncall",
    "inclusive",
    "exclusive",
    "equal",
    "different",
    "old",
    "long",
    "short",
    "simple",
    "single",
    "none",
    "numeric",
    "smaller",
    "larger",
    "visible",
    "sensitive",
    "insensitive",
    "readonly",
];

/// What a noun phrase after "is" may be: a value, its form or its place in a result ("the value
/// to give to …", "the count", "one of four codes", "the next step"), never a person, a place, an
/// act or a judgement ("the guardian of the patient", "the place for chest pain", "a booking",
/// "the whole care", "the one").
pub(crate) const PREDICATE_HEADS: &[&str] = &[
    "value",
    "values",
    "id",
    "ids",
    "number",
    "numbers",
    "count",
    "date",
    "dates",
    "time",
    "times",
    // (a time in the zone of UTC, as a value: "A date with no time is midnight UTC")
    "utc",
    "code",
    "codes",
    "version",
    "versions",
    "name",
    "names",
    "key",
    "keys",
    "limit",
    "limits",
    "default",
    "step",
    "part",
    "hint",
    "specialty",
    "specialties",
    "field",
    "fields",
    "list",
    "page",
    "pages",
    "amount",
    "total",
    "level",
    "status",
    "state",
    "format",
    "zone",
    "string",
    "text",
    "array",
    "object",
    "objects",
    "boolean",
    "booleans",
    "integer",
    "integers",
    "timestamp",
    "timestamps",
    "duration",
    "durations",
    "instant",
    "instants",
    "error",
    "answer",
    "result",
    "results",
    "copy",
    "title",
    "titles",
    "word",
    "words",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "character",
    "characters",
    "unit",
    "units",
    "position",
    "score",
    "reason",
    "fee",
    "fees",
    "data",
    "line",
    "lines",
    "notification",
    "notifications",
    "estimate",
    "estimates",
    "keyword",
    "keywords",
];

/// Numbers written as words: a measure ("ten minutes").
pub(crate) const NUMBER_WORDS: &[&str] = &[
    "zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "half", "twice",
];

/// Words that open a phrase in which "is" is read, not claimed: a condition ("when the clinic is
/// closed"), a question ("how severe the symptoms are"), a relative clause or a definition ("1
/// means the patient is next").
pub(crate) const NOT_CLAIMED: &[&str] = &[
    "when", "if", "unless", "whether", "where", "while", "once", "until", "how", "what", "which",
    "who", "whose", "that", "whatever",
];

/// Words of [`NOT_CLAIMED`] that open a relative clause or what a verb reports ("the doctor whose
/// slots are few", "the protocol in which a fever ends", "The list shows that …"): what it says
/// of its noun is stated, so it is claimed. A condition or a question stays read, not claimed.
pub(crate) const RELATIVES: &[&str] = &["who", "whose", "which", "that", "where"];

/// Does the word at `i` of `phrase` open a condition or a question, read and not claimed? A
/// value's meaning after "where" is a definition ("where 1 is the next patient"), and a relative
/// clause of a bare plural or mass noun, or of a kind ([`KIND_DETERMINERS`]), narrows it
/// ("Doctors who are absent", "breathing that is not normal", "an appointment that is
/// cancelled").
pub(crate) fn reads(phrase: &[&Tok], i: usize) -> bool {
    if !(is_word(phrase[i], NOT_CLAIMED) && subordinates(phrase, i)) {
        return false;
    }
    // "how" after a verb reports a claim ("Each protocol states how a fever ends …"), and
    // "while" past the phrase's start sets two facts side by side ("… open at night while other
    // clinics …")
    if i > 0 && is_word(phrase[i], &["how"]) && finite(phrase, i - 1, false) {
        return false;
    }
    if i > 0 && is_word(phrase[i], &["while"]) {
        return false;
    }
    if !is_word(phrase[i], RELATIVES) {
        return true;
    }
    // "that" with a subject of its own before the verb read says what a thing holds ("a line
    // that the patient is insured"), not which of a kind ("an appointment that is cancelled")
    if is_word(phrase[i], &["that"])
        && i + 1 < phrase.len()
        && !(i + 1..phrase.len()).any(|j| {
            finite(phrase, j, false)
                || verb(&phrase[j].text).is_some_and(|(_, _, f)| f == Form::Participle)
        })
    {
        return false;
    }
    // (a value: a number or a name, within the words before its verb)
    if is_word(phrase[i], &["where"])
        && phrase[i + 1..]
            .iter()
            .take(3)
            .take_while(|x| !is_word(x, COPULAS))
            .any(|x| x.kind == Kind::Ident)
    {
        return true;
    }
    // after a comma ("…, whose hotline is busy") or a preposition ("a text in which …") it
    // states
    if i > 0 && (phrase[i - 1].kind == Kind::Comma || is_word(phrase[i - 1], PREPOSITIONS)) {
        return false;
    }
    // the noun's own words, back to what opens its phrase
    let end = i;
    let noun = (0..end)
        .rev()
        .take_while(|&j| {
            phrase[j].kind == Kind::Word
                && !is_word(phrase[j], PREPOSITIONS)
                && !finite(phrase, j, false)
        })
        .count();
    // with no noun it opens a question or a condition ("Which doctor is free", "Where the
    // clinic is closed, …"), but for what a verb reports ("shows that …")
    if noun == 0 {
        return !is_word(phrase[i], &["that"]);
    }
    // a place's relative clause states ("a city where other clinics have no cardiology")
    if is_word(phrase[i], &["where"]) {
        return false;
    }
    let opened = end - noun;
    !phrase[opened..end]
        .iter()
        .any(|x| (is_word(x, DETERMINERS) && !is_word(x, KIND_DETERMINERS)) || x.possessive)
}

/// Determiners of a noun that names a kind, not a thing: "an appointment that is already
/// cancelled", "each doctor who is absent", "any slot that is held" (a relative clause after
/// them narrows the kind; after "the", "this", "one" or a possessive it states of the thing).
const KIND_DETERMINERS: &[&str] = &["a", "an", "any", "each", "every", "no", "all", "some"];

/// A statement says what a thing *is* only with a predicate of a closed set: a state of
/// [`STATES`], a participle, a phrase (a place, a time, a format), a number or a code, or a
/// noun phrase whose head is a value ([`PREDICATE_HEADS`]). A catalogue that cannot know the world
/// may not judge it or report it: "The hotline is busy today", "Open slots of this doctor are
/// few", "The other doctors are worse", "The patient is ready for each fee", "The hospital is
/// the place for chest pain", "The reason for a search is a booking".
pub(crate) fn predicate(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    for k in 1..clause.len() {
        // the verbs that say what a thing is: "is", "becomes", "stays", "appears", "counts as",
        // "means" (unless a clause follows: "1 means the patient is next"), and "gets" before a
        // bare word ("gets busy"; not "gets an email", "gets 403")
        let Some(start) = linked(clause, k) else {
            continue;
        };
        // the subject: the verb's phrase, back past asides ([`subject_start`]); a condition, a
        // question or a relative clause is read, not claimed
        let (from, to, aside) = stated_subject(clause, k);
        let whole = &clause[from..to];
        let relative = if aside { None } else { before_relative(whole) };
        let subject = relative.unwrap_or(whole);
        // read, not claimed, unless a verb after the condition or the relative word ends it and
        // the main clause runs on without a comma ("If the patient books the fee is known",
        // "The slot which is first is right")
        let subordinate = if aside || relative.is_some() {
            None
        } else {
            subject
                .iter()
                .enumerate()
                .rposition(|(i, _)| reads(subject, i))
        };
        // … and a condition joined by "and" or "or" runs on ("When the doctor is a
        // paediatrician and the patient is 16 or older, …")
        if let Some(w) = subordinate
            && (from + w + 1..k)
                .rfind(|&i| finite(clause, i, false))
                .is_none_or(|v| {
                    clause[v + 1..k].iter().any(|x| is_word(x, &["and", "or"]))
                        && clause[k..].iter().any(|x| x.kind == Kind::Comma)
                })
        {
            continue;
        }
        // every predicate of the verb: the first, and each joined by "and" or "or" ("is the
        // number for chest pain and busy at night", "is the patient and the guardian")
        for start in conjuncts(clause, start) {
            let before = out.len();
            judge(clause, subject, start, text, out);
            if out.len() > before {
                break;
            }
        }
    }
}

/// Where the predicates of a verb begin: at `start`, and after each "and" or "or" up to the next
/// verb or relative word. After a preposition a joined word is the preposition's ("the id of the
/// doctor and patient"), unless it is a quality or a person's state that ends its phrase ("the id
/// of an adult and insured").
fn conjuncts(clause: &[&Tok], start: usize) -> Vec<usize> {
    let mut starts = vec![start];
    let mut after_preposition = clause.get(start).is_some_and(|x| is_word(x, PREPOSITIONS));
    for i in start + 1..clause.len() {
        let x = clause[i];
        if x.kind == Kind::Stop || finite(clause, i, false) || is_word(x, NOT_CLAIMED) {
            break;
        }
        after_preposition |= is_word(x, PREPOSITIONS);
        if !is_word(x, &["and", "or"]) {
            continue;
        }
        let Some(y) = clause.get(i + 1) else { break };
        // a verb in what follows makes it a clause of its own ("and nothing changed", "and has
        // no filters"), read on its own
        let clause_of_its_own = clause[i + 1..]
            .iter()
            .enumerate()
            .take_while(|(_, z)| z.kind == Kind::Word && !is_word(z, &["and", "or"]))
            .any(|(m, z)| {
                finite(clause, i + 1 + m, false)
                    // … or a participle with its own subject ("and the old one released")
                    || (m > 0
                        && is_word(y, DETERMINERS)
                        && matches!(verb(&z.text), Some((_, _, Form::Participle))))
                    || is_word(z, MODALS)
            });
        if clause_of_its_own {
            break;
        }
        // a bound joined to a number ("8 or more") is the number's
        if clause[i - 1].kind != Kind::Word {
            continue;
        }
        let ends = clause
            .get(i + 2)
            .is_none_or(|z| z.kind != Kind::Word || is_word(z, PREPOSITIONS));
        let predicative =
            (crate::vocabulary::is_quality(&y.text) || is_word(y, PERSON_STATES)) && ends;
        if !after_preposition || predicative {
            starts.push(i + 1);
        }
    }
    starts
}

/// One predicate of a statement, from `start` (past "not" and lead adverbs): see [`predicate`].
fn judge(clause: &[&Tok], subject: &[&Tok], start: usize, text: &str, out: &mut Vec<Violation>) {
    let mut j = start;
    // a mark of emphasis or layout before the predicate ("are *few*") is no predicate
    while clause
        .get(j)
        .is_some_and(|x| x.kind == Kind::Comma && !matches!(&text[x.start..x.end], "," | "(" | ")"))
    {
        j += 1;
    }
    let mut negated = false;
    while clause.get(j).is_some_and(|x| {
        is_word(x, LEAD_ADVERBS) || is_word(x, &["not", "exactly", "longer", "no", "yet"])
    }) {
        negated |= is_word(clause[j], &["not", "no"]);
        // "next", a lead adverb and a state ("The patient is next on each list")
        if is_word(clause[j], STATES) && claimable(subject) && !defines(subject) {
            person_state_claimed(clause[j], out);
            return;
        }
        // "no" before a noun is the noun phrase's own determiner
        if clause[j].text == "no" {
            break;
        }
        j += 1;
    }
    let Some(p) = clause.get(j) else { return };
    if let Some(why) = settled_elsewhere(subject, &clause[j..]) {
        push(out, Rule::Directive, p, why.to_owned());
        return;
    }
    // a place outside the clinic said to be anything but the next step: "The hotline is
    // unavailable at night", "The hospital has a wait of ten hours" ([`elsewhere`])
    // … or a value ("the emergency hotline is the number for it")
    if subject.iter().any(|x| elsewhere(x))
        && !names_the_next_step(&clause[j..])
        && !names_a_value(&clause[j..])
    {
        push(
                out,
                Rule::Directive,
                p,
                "a place or service outside the clinic is said to be something: a catalogue cannot know it; \"the next step\" is how a text names one".to_owned(),
            );
        return;
    }
    // care for a condition said to be anything ("A visit for chest pain in a child is due after
    // a week"): when and how a condition is seen is medical advice
    if head_of(subject).is_some_and(|h| is_word(h, CARE_ACTS))
        && subject.iter().any(|x| is_word(x, CONDITIONS))
    {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"… is {} …\" said of care for a condition: when and how a condition is seen is medical advice, which a catalogue does not give",
                p.text
            ),
        );
        return;
    }
    let spelled = &text[p.start..p.end];
    // a word of the list in capitals ("READY", "Few") is that word; a format's name ("UTC",
    // "JSON") or a word outside the list is a literal
    let capitals = spelled.chars().any(|c| c.is_ascii_uppercase())
        && (!crate::vocabulary::is_approved(&p.text)
                || crate::vocabulary::is_format_word(&p.text)
                // a unit before its amount ("EUR 45.00")
                || clause.get(j + 1).is_some_and(|n| n.kind == Kind::Ident));
    let measured = p.kind != Kind::Word
        || capitals
        || text[..p.start].ends_with('`')
        || text[..p.start].ends_with('$');
    // a code, a number or a name is a value only of a value: said of a person, a reader, a
    // place outside the clinic, an act of the reader or a condition ("The caller is
    // `ADMIN`", "The severity of chest pain is `LOW`") it is the claim in a code's shape
    if measured && matches!(p.kind, Kind::Word | Kind::Ident) && claimable(subject) {
        code_claimed(p, out);
        return;
    }
    // a day as a value ("Default: today"); the present period is [`live_state`]'s
    // a phrase that grades ("of low severity", "of high priority", "under the level of an
    // emergency", "within the means of the patient") or places a reader among people ("The
    // caller is from the staff") is a judgement or a claim of who calls
    let graded = is_word(p, &["of", "under", "within", "below", "above"])
        && clause[j + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .any(|x| {
                is_word(
                    x,
                    &[
                        "low", "lower", "lowest", "high", "higher", "highest", "little", "minor",
                        "level", "means", "no",
                    ],
                )
            });
    // … or under a person's credential ("Each request here is under the key of a doctor")
    let among = is_word(p, PREPOSITIONS)
        && subject.iter().any(|x| reader(x))
        && clause[j + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .any(|x| {
                is_word(x, PEOPLE)
                    || is_word(x, PATIENT_SIDE)
                    || is_word(x, STAFF_MEMBERS)
                    || is_word(x, CREDENTIALS)
            });
    // an age, a bound or a cover said of a person ("The patient is over 18", "… is under the
    // insurance of the clinic", "… is within the age limit")
    let aged = is_word(p, &["over", "under", "above", "below", "within", "beyond"])
        && head_of(subject).is_some_and(|h| is_word(h, PATIENT_SIDE) || is_word(h, CALLERS));
    // "is excluded from emergency care", "is exempt from triage": care played down
    let kept_from_care = is_word(p, &["excluded", "exempt", "removed", "spared"])
        && clause.get(j + 1).is_some_and(|x| is_word(x, &["from"]))
        && clause[j + 2..].iter().take(4).any(|x| {
            is_word(
                x,
                &[
                    "care",
                    "triage",
                    "emergency",
                    "treatment",
                    "escalation",
                    "visit",
                    "visits",
                ],
            )
        });
    // "one of" or "part of" a set of people: "The caller is one of the doctors", "The
    // patient is one of the insured"
    let member_of_people = (claimable(subject) || subject.iter().any(|x| reader(x)))
        && is_word(p, &["part", "one", "ones"])
        && clause.get(j + 1).is_some_and(|x| is_word(x, &["of"]))
        && clause[j + 2..]
            .iter()
            .take_while(|x| {
                x.kind == Kind::Word && !is_word(x, PREPOSITIONS) && !is_word(x, &["and", "or"])
            })
            .last()
            .is_some_and(|h| {
                is_word(h, PEOPLE) || is_word(h, PATIENT_SIDE) || is_word(h, PERSON_STATES)
            });
    if graded || among || aged || kept_from_care || member_of_people {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"… is {} …\" grades a thing or places the caller among people: a catalogue says what a value is, and the token says who calls",
                p.text
            ),
        );
        return;
    }
    // a bound against a number ("it can be more than one", "less than 100") is a value's, as
    // the number alone would be
    let bound = is_word(p, &["more", "less", "fewer"])
        && !claimable(subject)
        && clause.get(j + 1).is_some_and(|x| is_word(x, &["than"]))
        && clause.get(j + 2).is_some_and(|x| {
            (x.kind == Kind::Ident && x.text.bytes().all(|c| c.is_ascii_digit()))
                || is_word(x, NUMBER_WORDS)
                || is_word(x, &["one"])
        });
    if bound
        || measured
        || is_word(p, PREPOSITIONS)
        || is_word(p, NUMBER_WORDS)
        || is_word(p, &["today", "tomorrow", "now"])
        || is_word(p, WEEKDAYS_AND_MONTHS)
        || is_word(
            p,
            &[
                "weekdays", "weekends", "mornings", "evenings", "nights", "daily", "weekly",
            ],
        )
    {
        return;
    }
    // a person's state ("known to the patient", "ready", "insured") claims what a person
    // knows or is
    if is_word(p, PERSON_STATES) {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"{}\" claims what a person knows or is: a text says what a value is",
                p.text
            ),
        );
        return;
    }
    // care played down: "… is not urgent"
    if negated && is_word(p, &["urgent", "serious", "dangerous", "emergency"]) {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"not {}\" plays care down: a catalogue does not judge a person's condition",
                p.text
            ),
        );
        return;
    }
    // a participle of the list's verbs, or another "-ed" word of the vocabulary
    // ("published", "cached"), but a pick ("preferred", "recommended")
    // an act of the reader called optional ("A question to the patient about the fee is
    // optional"), a completeness claimed ("the whole list of the country")
    // (or a state that takes it away: "Questions to the patient about the move are
    // unavailable")
    let act_optional = is_word(p, &["optional"]) && subject.iter().any(|x| is_word(x, ACTS))
        || is_word(p, WITHDRAWN)
            && subject
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| is_word(x, ACTS));
    // a value said to be withdrawn from a person ("The fee is unavailable to the patient",
    // "Each note is invalid for the patient") is kept back; to the caller, it is the token's
    // access ("A protocol of another clinic stays unavailable to the caller")
    if is_word(p, WITHDRAWN)
        && clause[j + 1..]
            .windows(2)
            .take(3)
            .any(|w| is_word(w[0], &["to", "for"]) && is_word(w[1], &["the", "a", "each", "any"]))
        && clause[j + 1..]
            .iter()
            .take(4)
            .any(|x| is_word(x, PATIENT_SIDE) && !is_word(x, CALLERS))
        // (an eligibility names a kind of person: "Video visits are unavailable for a patient
        // under 18")
        && !clause[j + 1..].iter().take(6).any(|x| {
            is_word(
                x,
                &["without", "under", "over", "with", "aged", "below", "above", "who", "whose"],
            )
        })
    {
        push(
            out,
            Rule::Concealment,
            p,
            format!(
                "\"{}\" for a person keeps the value from them; say who sees it, positively",
                p.text
            ),
        );
        return;
    }
    let whole = clause[j..]
        .iter()
        .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
        .any(|x| is_word(x, &["whole", "entire"]));
    if act_optional || whole {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"… is {} …\": an act of the reader said to be optional, or a whole claimed, is a judgement; a text says what a value is",
                p.text
            ),
        );
        return;
    }
    // a pick said of nothing picks nothing ("no day is preferred"; not "no other day")
    let none_picked = subject.first().is_some_and(|x| is_word(x, &["no", "none"]))
        && !subject
            .iter()
            .any(|x| is_word(x, &["other", "another", "else", "except", "but"]));
    // a noun before a participle is a compound of it ("rate limited", "time limited")
    let compound = p.kind == Kind::Word
        && !is_word(p, DETERMINERS)
        && !is_word(p, LEAD_ADVERBS)
        && !is_word(p, PICKS)
        && !is_word(p, FIT)
        && !p.text.ends_with("ly")
        // (of a thing: a person or a picked one is not "patient-matched" or "fee-notified")
        && !subject
            .iter()
            .any(|x| is_word(x, PEOPLE) || is_word(x, PICKS) || is_word(x, &["first", "last"]))
        && clause.get(j + 1).is_some_and(|n| {
            n.kind == Kind::Word
                && n.text.len() > 4
                && n.text.ends_with("ed")
                && !is_word(n, &["preferred", "recommended", "favoured", "favored"])
        });
    let participle = compound
        || matches!(verb(&p.text), Some((_, _, Form::Participle)))
        || is_word(p, &["read", "set", "put", "cut", "split", "spread"])
        || (p.text.len() > 4
            && p.text.ends_with("ed")
            && (!is_word(
                p,
                &["preferred", "recommended", "favoured", "favored", "insured"],
            ) || (none_picked && !is_word(p, &["insured"]))));
    // a level given to a condition ("The triage level of chest pain in a child: routine")
    if is_word(
        p,
        &[
            "urgent", "elevated", "routine", "low", "high", "mild", "minor", "normal", "severe",
            "serious",
        ],
    ) && grades_a_condition(subject)
    {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"… is {}\": a level given to a condition is a medical claim; a catalogue says what a value is",
                p.text
            ),
        );
        return;
    }
    // a state of the caller, the patient's side or a place outside ("The patient is next on
    // each waiting list", "The caller is active"): a claim of who a person is or how the world
    // is, which a catalogue does not make
    if !participle && is_word(p, STATES) && claimable(subject) && !defines(subject) {
        person_state_claimed(p, out);
        return;
    }
    if participle || is_word(p, STATES) {
        return;
    }
    // "part of", "one of", "the one where …": a member of a set of values; "its …": the
    // tool's own object ("their …" is a person's, read as any noun phrase: "their doctor")
    let next = clause.get(j + 1);
    if (is_word(p, &["part", "one", "ones"]) && next.is_some_and(|x| is_word(x, &["of"])))
        || is_word(p, &["its"])
    {
        return;
    }
    // the noun phrase runs to a preposition, a comma, a conjunction, an adverb or a relative
    // word; its head is its last word ("the clinic id of …": id)
    let np: Vec<&&Tok> = clause[j..]
        .iter()
        .enumerate()
        // a determiner past the phrase's first word opens another phrase ("busy each week")
        .take_while(|&(i, x)| {
            i == 0 || is_word(p, DETERMINERS) || !is_word(x, DETERMINERS) || x.text == "same"
        })
        // an example ends it ("an RFC 3339 instant such as …": instant)
        .take_while(|&(i, x)| !clause.get(j + i + 1).is_some_and(|n| opens_example(x, n)))
        .map(|(_, x)| x)
        .take_while(|x| {
            let ends = x.kind == Kind::Comma
                || is_word(x, PREPOSITIONS)
                || (is_word(x, LEAD_ADVERBS) && !is_word(x, &["next", "first", "later"]))
                || is_word(x, &["and", "or", "but", "that", "which", "who", "where"]);
            !ends
        })
        .collect();
    // a participle after a head and a space ends its phrase ("text written by the patient", "a
    // number computed by the clinic"): the head is the value, the participle says where it comes
    // from; joined by a hyphen it is a compound ("fee-notified")
    let head_np = match np.iter().enumerate().skip(1).find(|&(i, x)| {
        is_word(np[i - 1], PREDICATE_HEADS)
            && text
                .get(np[i - 1].end..x.start)
                .is_some_and(|gap| !gap.is_empty() && gap.trim().is_empty())
            && (participle_word(x) || is_word(x, &["written", "given", "made"]))
    }) {
        Some((i, _)) => &np[..i],
        None => &np[..],
    };
    // a literal reads as the noun "code": a code of a person, a place or a condition
    if np.last().is_some_and(|h| is_word(h, &["code", "codes"])) && claimable(subject) {
        code_claimed(p, out);
        return;
    }
    // what the tool gives back, named as its result ("The result is the new appointment"):
    // read as "Returns …", by the readings of what a tool gives back
    let returned = head_of(subject)
        .is_some_and(|h| is_word(h, &["result", "results", "output", "response"]))
        && np
            .last()
            .is_some_and(|h| is_word(h, MADE) || is_word(h, TITLE_OBJECTS));
    if returned {
        return;
    }
    // the appointment's doctor said to be one doctor, either way round ("The oncall doctor is
    // the new doctor of the appointment", "Its doctor is the doctor of the new slot"): a value of
    // the appointment; which doctor, and on which tool, is read against the acts (`facts`)
    if clause
        .get(start.wrapping_sub(1))
        .is_some_and(|v| is_word(v, COPULAS))
        && ((doctor_role(&clause[j..]) && names_a_doctor(subject))
            || (doctor_role(subject) && names_a_doctor(&clause[j..])))
    {
        return;
    }
    let same = np.len() <= 2 && np.iter().any(|x| is_word(x, &["same"]));
    let no = np.first().is_some_and(|x| is_word(x, &["no"]));
    // an act of the reader called an error ("A question to the patient is an error"); a call
    // past a bound is the server's error answer ("A search of too many doctors is an error")
    let act_forbidden = subject.iter().any(|x| is_word(x, ACTS)) && !past_a_bound(subject);
    let bad = !same
            // (its last word: "the error 429" is an error)
            && head_np.iter().rev().find(|h| h.kind == Kind::Word).is_none_or(|h| {
                let one_of_a_set = is_word(h, &["one", "ones"])
                    && clause
                        .get(j + np.len())
                        .is_some_and(|x| is_word(x, &["of", "where", "that", "which", "with"]));
                !(is_word(h, PREDICATE_HEADS) || is_word(h, STATES) || one_of_a_set)
                    || (no && h.text == "reason")
                    || (act_forbidden && is_word(h, &["error", "errors"]))
            })
            // a change said to be a change of another kind ("A move less than 24 hours before
            // the start counts as a late cancellation"); not a search said to be a booking
            && !np.last().is_some_and(|h| {
                changes_spelled(&h.text, true).next().is_some()
                    && subject
                        .iter()
                        .any(|x| changes_spelled(&x.text, true).next().is_some())
            });
    if bad {
        push(
            out,
            Rule::Directive,
            p,
            format!(
                "\"… is {} …\": a statement says that a thing is a state (pending, optional, free), a value (the id, one of the codes, the next step), a place or time in a phrase, or a participle; a catalogue does not judge or report the world",
                p.text
            ),
        );
    }
}

/// Where the appointment's doctor, named as its role, ends in `phrase` from `at`: "the doctor of
/// the appointment", "the new doctor of the appointment", "its doctor", "the appointment's
/// doctor", "the doctor of it", "Doctor of the appointment after the escalation". Not "the
/// doctor of each appointment of the patient": a role of one appointment only.
pub(crate) fn doctor_role_at(phrase: &[&Tok], at: usize) -> Option<usize> {
    let w = |i: usize, l: &[&str]| phrase.get(i).is_some_and(|x| is_word(x, l));
    let mut i = at;
    // the owner before the doctor: "its doctor", "the appointment's doctor" (read without its
    // "'s": "the appointment doctor")
    let owned = if w(i, &["its"]) {
        i += 1;
        true
    } else if w(i, &["the", "this"]) && w(i + 1, &["appointment"]) {
        i += 2;
        true
    } else {
        if w(i, &["the"]) {
            i += 1;
        }
        false
    };
    if w(i, &["new"]) {
        i += 1;
    }
    if !w(i, &["doctor"]) {
        return None;
    }
    i += 1;
    // or after it: "the doctor of the appointment", "the doctor of it"
    if !owned {
        if w(i, &["of"]) && w(i + 1, &["the", "this", "its"]) && w(i + 2, &["appointment"]) {
            i += 3;
        } else if w(i, &["of"]) && w(i + 1, &["it"]) {
            i += 2;
        } else {
            return None;
        }
    }
    // ("… after the escalation", "… after the move": when it holds)
    if w(i, &["after"])
        && w(i + 1, &["the", "its"])
        && w(i + 2, &["escalation", "move", "rescheduling"])
    {
        i += 3;
    }
    Some(i)
}

/// The whole of `phrase` (up to a comma) is the appointment's doctor as its role.
pub(crate) fn doctor_role(phrase: &[&Tok]) -> bool {
    let end = phrase
        .iter()
        .position(|x| x.kind == Kind::Comma)
        .unwrap_or(phrase.len());
    doctor_role_at(&phrase[..end], 0) == Some(end)
}

/// The appointment's doctor as its role is the subject of the verb at `k`, with nothing or "to"
/// after it, past a link and the adverbs around them ("The doctor of the appointment changes to
/// …", "…, and its doctor then changes."): the role changes as a value does; to whom, and on
/// which tool, is read against the acts.
pub(crate) fn role_changes_at(clause: &[&Tok], k: usize) -> bool {
    let (from, to, _) = stated_subject(clause, k);
    let mut s = &clause[from..to];
    while let [first, rest @ ..] = s
        && (is_word(first, &["and", "but", "so"]) || is_word(first, MID_ADVERBS))
    {
        s = rest;
    }
    while let [rest @ .., last] = s
        && is_word(last, MID_ADVERBS)
    {
        s = rest;
    }
    doctor_role(s)
        && clause
            .get(past_mid_adverbs(clause, k + 1))
            .is_none_or(|n| n.kind == Kind::Comma || is_word(n, &["to"]))
}

/// A phrase that names one doctor: a determiner, then words up to "doctor" ("the oncall doctor
/// of the clinic", "a doctor of another clinic", "the doctor of the new slot").
pub(crate) fn names_a_doctor(phrase: &[&Tok]) -> bool {
    phrase
        .first()
        .is_some_and(|x| is_word(x, &["the", "a", "an", "its", "one"]))
        && phrase
            .iter()
            .take(4)
            .skip(1)
            .any(|x| is_word(x, &["doctor"]))
}

/// A finite verb: "is", "has", "gets" or a verb of the list in its "-s" or past form.
/// An "-s" form counts only after a word that can be its subject ("the patient books"), not
/// after a determiner, where it is a plural noun ("that notes were read").
pub(crate) fn finite(clause: &[&Tok], k: usize, base: bool) -> bool {
    let x = clause[k];
    if is_word(x, &["is", "are", "was", "were", "has", "have", "had"]) {
        return true;
    }
    match verb(&x.text) {
        Some((_, _, Form::Past)) => x.kind == Kind::Word,
        Some((_, _, f @ (Form::Third | Form::Base))) => {
            (f == Form::Third || base)
                && x.kind == Kind::Word
                && k > 0
                && clause[k - 1].kind == Kind::Word
                && !is_word(clause[k - 1], DETERMINERS)
                && !is_word(clause[k - 1], PREPOSITIONS)
                && !is_word(clause[k - 1], NOT_CLAIMED)
        }
        _ => false,
    }
}

/// What a caller holds to be let in: a key, a token, a role.
const CREDENTIALS: &[&str] = &[
    "key", "keys", "token", "tokens", "account", "accounts", "role", "roles", "access", "login",
    "session",
];

/// Care given to a person: a visit, a check, a treatment.
const CARE_ACTS: &[&str] = &[
    "visit",
    "visits",
    "appointment",
    "appointments",
    "check",
    "checks",
    "care",
    "treatment",
    "treatments",
    "review",
];

/// Words that join a clause of its own to the one before ("as the caller is …", "and each fee is
/// …").
pub(crate) const CLAUSE_LINKS: &[&str] = &[
    "as", "since", "while", "because", "so", "whereas", "although", "though", "and", "but", "for",
    "now", "given", "yet", "or", "nor",
];

/// Places and services outside the clinic: what they are like when the text is read, a
/// catalogue cannot know ("The hotline is busy at night", "The hospital has a wait of ten hours").
pub(crate) const SERVICES_ELSEWHERE: &[&str] = &[
    "hospital",
    "hospitals",
    "ambulance",
    "ambulances",
    "hotline",
    "hotlines",
];

/// … and the places around the clinic they stand in.
const REGIONS: &[&str] = &["city", "region", "country"];

/// Is `x` a place or service outside the clinic?
fn elsewhere(x: &Tok) -> bool {
    is_word(x, SERVICES_ELSEWHERE) || is_word(x, REGIONS)
}

/// The finding of a code, a number or a literal after "is" said of a [`claimable`] subject.
fn code_claimed(p: &Tok, out: &mut Vec<Violation>) {
    push(
        out,
        Rule::Directive,
        p,
        format!(
            "\"… is {} …\": the caller, the patient, a place outside the clinic or a condition is said to be a code or a number; a code is what a value is",
            p.text
        ),
    );
}

/// A relative clause inside a subject, with its own verb ("The caller who reaches this tool",
/// "A fever that starts at night"): the subject is the noun phrase before the relative word,
/// and the statement is made. `None` when the subject holds no such clause.
fn before_relative<'s, 'a>(subject: &'s [&'a Tok]) -> Option<&'s [&'a Tok]> {
    let r = subject
        .iter()
        .position(|x| is_word(x, &["who", "which", "that"]))?;
    let noun = r > 0
        && subject[r - 1].kind == Kind::Word
        && !is_word(subject[r - 1], DETERMINERS)
        && !subject[..r].iter().any(|x| is_word(x, NOT_CLAIMED))
        && subordinates(subject, r);
    let own_verb = subject[r + 1..].iter().any(|x| {
        x.kind == Kind::Word
            && (is_word(x, COPULAS)
                || is_word(x, &["has", "have", "had"])
                || verb(&x.text).is_some_and(|(_, _, f)| {
                    matches!(f, Form::Third | Form::Past | Form::Participle)
                }))
    });
    (noun && own_verb).then(|| &subject[..r])
}

/// Is the statement what a value means ("1 means the patient is next")? A value's meaning may
/// name the state it stands for.
fn defines(subject: &[&Tok]) -> bool {
    subject.iter().any(|x| is_word(x, &["means", "mean"]))
}

/// A grade of a thing: what a protocol or the clinic sets, never a text.
const GRADES: &[&str] = &[
    "level",
    "levels",
    "priority",
    "priorities",
    "severity",
    "score",
    "scores",
    "rank",
    "triage",
];

/// What another source is: its tool, search, list, result or answer.
const SOURCES: &[&str] = &[
    "tool",
    "tools",
    "search",
    "searches",
    "list",
    "lists",
    "result",
    "results",
    "answer",
    "answers",
    "output",
    "outputs",
    "server",
    "servers",
    "source",
    "sources",
    "call",
    "calls",
    "request",
    "requests",
    "response",
    "responses",
    "copy",
    "copies",
    "data",
];

/// What a statement cannot say a thing is, because only a person in the moment or the world
/// makes it so, whatever the predicate (`rest`, from its first word):
/// - a person's answer, unless said to be one of a set ("The answer of the patient is part of
///   the request", "… is in each request");
/// - another tool's, search's or list's standing in any state ("Doctor lists of other tools
///   are inactive");
/// - a grade said to be a grade ("The triage level of chest pain is the level of a cough",
///   "The priority of this appointment is the default level");
/// - a state of a thing of the caller that is not one of the clinic's objects ("The
///   insurance of the authenticated patient is valid").
fn settled_elsewhere(subject: &[&Tok], rest: &[&Tok]) -> Option<&'static str> {
    let head = head_of(subject)?;
    let person = |x: &&Tok| is_word(x, PATIENT_SIDE) || is_word(x, CALLERS) || is_person(&x.text);
    let first = rest.first()?;
    let one_of = is_word(first, &["one"]) && rest.get(1).is_some_and(|x| is_word(x, &["of"]));
    if is_word(head, ANSWERS) && a_persons_answer(subject) && !one_of {
        return Some(
            "a person's answer is said to be something: a person answers in the moment, and only that answer counts",
        );
    }
    // a wait or a delay is the world's, read live ("The wait for an ambulance at night is two
    // hours", "The wait for a visit with chest pain exceeds two weeks"), and so is the age of
    // another source's data ("The age of the slots on the website exceeds one week")
    if is_word(head, &["wait", "waits", "delay", "delays"])
        || is_word(head, &["age"]) && subject.iter().any(|x| is_word(x, RIVAL))
    {
        return Some(
            "a wait, a delay or another source's age is said to be something: it is the world's, read live, which a catalogue cannot know",
        );
    }
    let state = is_word(first, STATES) || is_word(first, WITHDRAWN) || is_word(first, TRUTH);
    let rival = subject.iter().enumerate().any(|(k, x)| {
        is_word(
            x,
            &[
                "other", "others", "another", "else", "previous", "prior", "older",
            ],
        ) && subject[k + 1..].iter().take(3).any(|y| is_word(y, SOURCES))
    });
    if rival && state {
        return Some(
            "another tool, search or list is said to be in a state: a catalogue says what this tool returns, not where another source stands",
        );
    }
    // … and care for one condition said to be, or be part of, care for another ("The protocol
    // for chest pain and the protocol for a cough are the same")
    let conditions = subject
        .iter()
        .chain(rest.iter().take_while(|x| x.kind != Kind::Comma))
        .filter(|x| is_word(x, super::data::CONDITIONS))
        .count();
    if conditions >= 2 {
        return Some(
            "one condition is said to be, or be cared for as, another: when and how a condition is seen is medical advice, which a catalogue does not give",
        );
    }
    if is_word(head, GRADES) && head_of(rest).is_some_and(|h| is_word(h, GRADES)) {
        return Some(
            "a grade is said to be another grade: a catalogue says which values a grade takes, not what the grade of a thing is",
        );
    }
    let the_caller = subject
        .iter()
        .any(|x| is_word(x, &["authenticated"]) || is_word(x, CALLERS));
    if the_caller && state && !is_word(head, super::data::OWN_HEADS) && !person(&head) {
        return Some(
            "a thing of the caller is said to be in a state: the clinic's answer says it, a catalogue cannot",
        );
    }
    None
}

/// The finding of a state said of a [`claimable`] subject.
fn person_state_claimed(p: &Tok, out: &mut Vec<Violation>) {
    push(
        out,
        Rule::Directive,
        p,
        format!(
            "\"… is {}\" said of the caller, the patient, a place outside the clinic or a condition: a catalogue says what a value is, and the token says who calls",
            p.text
        ),
    );
}

/// A subject a statement may not give a code, a number or a name to: its head ([`head_of`]) is
/// the caller, the patient's side, a place outside the clinic or a
/// condition; it grades a condition ("the severity of chest pain"); or it is the status of the
/// caller or of a place outside ("the status of the hotline"). "The status of the appointment"
/// and "The booking" have a value as their head.
fn claimable(subject: &[&Tok]) -> bool {
    let head = head_of(subject);
    // ("other clinics": a place outside, as "another hospital" is)
    let other_clinic = subject.windows(2).any(|w| {
        is_word(w[0], &["other", "another"])
            && is_word(w[1], &["clinic", "clinics"])
            && head.is_some_and(|h| std::ptr::eq(h, w[1]))
    });
    other_clinic
        || grades_a_condition(subject)
        || head.is_some_and(|h| is_word(h, &["status", "state"]))
            && subject.iter().any(|x| elsewhere(x) || is_word(x, CALLERS))
        || head.is_some_and(|h| {
            is_word(h, CALLERS)
                || is_word(h, PATIENT_SIDE)
                || elsewhere(h)
                || is_word(h, CONDITIONS)
        })
}

/// A subject that grades a condition: a level, a severity or a priority of one ("the triage
/// level of chest pain in a child").
fn grades_a_condition(subject: &[&Tok]) -> bool {
    let head = head_of(subject);
    head.is_some_and(|h| {
        is_word(
            h,
            &[
                "severity", "level", "priority", "urgency", "triage", "score", "grade",
            ],
        )
    }) && subject.iter().any(|x| is_word(x, CONDITIONS))
}

/// States that take a thing away from whoever would use it: said of the reader's own act, it is
/// skipped; said of a value for a person, the value is kept from them.
pub(crate) const WITHDRAWN: &[&str] = &[
    "unavailable",
    "inactive",
    "invalid",
    "absent",
    "off",
    "disabled",
    "unnecessary",
    "void",
];

/// Acts of the reader: said to be an error, they are forbidden ("A question to the patient is an
/// error").
const ACTS: &[&str] = &[
    "question",
    "questions",
    "search",
    "searches",
    "request",
    "requests",
    "call",
    "calls",
    "booking",
    "bookings",
    "check",
    "checks",
];

/// A call of a tool past one of its bounds: the act is a search, request, call or booking (not
/// a question or a check of the reader's) and the subject says by how much ("of too many
/// doctors", "of more than 62 days"), with no reader and no person's answer in it ("without
/// asking the patient").
fn past_a_bound(subject: &[&Tok]) -> bool {
    let tool_act = subject.iter().any(|x| {
        is_word(
            x,
            &[
                "search", "searches", "request", "requests", "call", "calls", "booking", "bookings",
            ],
        )
    });
    let bound = subject.windows(2).any(|w| {
        is_word(w[0], &["too"]) && is_word(w[1], &["many", "much", "long", "short", "few"])
            || is_word(w[0], &["more", "fewer", "less", "longer", "shorter"])
                && is_word(w[1], &["than"])
    });
    let readers_act = subject.iter().any(|x| {
        reader(x)
            || is_word(
                x,
                &[
                    "without",
                    "asking",
                    "answer",
                    "answers",
                    "consent",
                    "confirmation",
                    "question",
                ],
            )
    });
    tool_act && bound && !readers_act
}

/// A participle of the list's verbs or another "-ed" word.
fn participle_word(t: &Tok) -> bool {
    t.kind == Kind::Word
        && (matches!(verb(&t.text), Some((_, _, Form::Participle)))
            || (t.text.len() > 4 && t.text.ends_with("ed")))
}

/// The token where what follows a linking verb at `k` starts, if `clause[k]` links a thing to
/// what it is.
fn linked(clause: &[&Tok], k: usize) -> Option<usize> {
    const LINKS: &[&str] = &[
        "stays", "stay", "stayed", "remains", "remain", "remained", "appears", "appear",
        "appeared", "seems", "seem", "seemed", "looks", "look", "looked", "became",
        // (a bound passed says what a thing is, as "is more than" does: "The wait for an
        // ambulance exceeds two hours")
        "exceeds", "exceed", "exceeded", "reaches", "reach", "reached",
    ];
    let t = clause[k];
    let next = clause.get(k + 1);
    let links = |x: &Tok| is_word(x, COPULAS) || is_word(x, LINKS);
    if links(t) {
        return (!(t.text == "be" && is_word(clause[k - 1], &["to"]))).then_some(k + 1);
    }
    if is_word(t, &["counts", "count"]) && next.is_some_and(|x| is_word(x, &["as"])) {
        return Some(k + 2);
    }
    // "authenticated as the guardian", "listed as an adult": a participle names what follows "as"
    if k >= 1
        && links(clause[k - 1])
        && participle_word(t)
        && next.is_some_and(|x| is_word(x, &["as"]))
    {
        return Some(k + 2);
    }
    // "treats chest pain as routine", "ranks a rash as mild", "lists the patient as an adult":
    // what a verb takes its object "as"
    if t.kind == Kind::Word
        && verb(&t.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
        && !is_word(t, &["has", "have", "had"])
        && next.is_some_and(|x| x.kind == Kind::Word && !is_word(x, &["as", "only", "not"]))
        && let Some(a) = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .position(|x| is_word(x, &["as"]))
    {
        return Some(k + 2 + a);
    }
    if is_word(t, &["means", "mean"]) {
        // a clause after it ("1 means the patient is next") says what a value stands for
        // (a verb in "-ed" after its subject's noun is its past: "another patient booked the
        // slot", and "that" opens a clause)
        let rest: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .collect();
        let clause_follows = rest.first().is_some_and(|x| is_word(x, &["that"]))
            || rest.iter().enumerate().any(|(i, x)| {
                is_word(x, &["is", "are", "has", "have", "gets", "get"])
                    || matches!(verb(&x.text), Some((_, _, Form::Third | Form::Past)))
                    || i >= 1
                        && matches!(verb(&x.text), Some((_, _, Form::Participle)))
                        && rest[i - 1].kind == Kind::Word
                        && !is_word(rest[i - 1], DETERMINERS)
                        && !is_word(rest[i - 1], COPULAS)
                        && !is_word(rest[i - 1], &["been", "be", "being", "not", "no"])
            });
        return (!clause_follows).then_some(k + 1);
    }
    if is_word(t, &["gets", "get"]) {
        // (a code after it, read here as the word "code", is the answer the subject gets: "A
        // patient gets `ROLE_NOT_PERMITTED`")
        let bare = next.is_some_and(|x| {
            x.kind == Kind::Word
                && !is_word(x, DETERMINERS)
                && !is_word(x, &["code"])
                && !is_word(x, &["it", "them", "this", "that", "nothing", "something"])
                && !is_word(x, PREPOSITIONS)
                && !is_word(x, NUMBER_WORDS)
                && clause
                    .get(k + 2)
                    .is_none_or(|y| y.kind == Kind::Comma || is_word(y, PREPOSITIONS))
        });
        return bare.then_some(k + 1);
    }
    None
}

/// A statement set in the present period ("The hotline is busy today", "Each doctor of
/// cardiology is on holiday this week", "two open slots this month", "higher after today"): a
/// catalogue is written once and cannot know the day it is read. "Today" stays a value: the
/// clause's whole content ("Default: today"), a bound ("from today", "before today", "today or
/// later").
pub(crate) fn live_state(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        let next = clause.get(k + 1);
        let period = is_word(
            t,
            &["week", "month", "year", "morning", "evening", "afternoon"],
        ) && k >= 1
            && is_word(clause[k - 1], &["this", "these"]);
        // a bound said of a value: "today or later", "at this time or later" (a window's start)
        let bound = next.is_some_and(|x| is_word(x, &["or"]))
            && clause
                .get(k + 2)
                .is_some_and(|x| is_word(x, &["later", "earlier", "after", "before"]));
        // "at this time", "at the moment"; not "at the time of the booking"
        let moment = k >= 2
            && is_word(clause[k - 2], &["at"])
            && ((t.text == "time" && is_word(clause[k - 1], &["this"]) && !bound)
                || (t.text == "moment" && is_word(clause[k - 1], &["the", "this"])));
        let today = is_word(t, &["today", "tonight", "soon"])
            && k > 0
            && !is_word(clause[k - 1], &["from", "before", "since", "default"])
            && !bound;
        // "until Monday", "until June": a date of the calendar with no year is this week's or
        // this year's
        let dated = is_word(t, WEEKDAYS_AND_MONTHS)
            && k > 0
            && is_word(clause[k - 1], &["until", "till", "since"])
            && next.is_none_or(|x| x.kind != Kind::Ident);
        // "at present", "for now", "these days", "nowadays"
        let present = (t.text == "present" && k >= 1 && is_word(clause[k - 1], &["at"]))
            || (t.text == "now" && k >= 1 && is_word(clause[k - 1], &["for", "until", "till"]))
            || (t.text == "days" && k >= 1 && is_word(clause[k - 1], &["these"]))
            || is_word(t, &["nowadays", "presently"]);
        if period || moment || today || dated || present {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" sets a statement in the present period: a catalogue cannot know the day it is read; a bound or a default is a value (\"from today\", \"Default: today\")",
                    t.text
                ),
            );
        }
    }
}

/// A ranking the catalogue cannot know, said of what something has or gets ("The first doctor
/// has the most bookings", "Each doctor here has the highest score of the country"), or a
/// result said to fit a person ("The first slot matches the patient"): a pick made for the
/// reader. A bound ("at most 20") and an order ("earliest first") are values.
pub(crate) fn ranked(clause: &[&Tok], out: &mut Vec<Violation>) {
    const RANKS: &[&str] = &[
        "most", "highest", "lowest", "best", "worst", "better", "worse", "least", "fewest", "top",
    ];
    const MORE: &[&str] = &[
        "higher", "lower", "larger", "smaller", "greater", "better", "worse",
    ];
    for (k, t) in clause.iter().enumerate() {
        if is_word(
            t,
            &[
                "has", "have", "gets", "get", "reaches", "reach", "is", "are", "with",
            ],
        ) {
            // a rank anywhere after it ("has a score of the highest level", "is one of the
            // highest in rank"), but a bound ("at most") or an order ("highest first"); a
            // comparison in what a thing has or gets ("has a larger fee", "gets higher scores")
            let rest = &clause[k + 1..];
            let rank = rest.iter().enumerate().find(|&(n, x)| {
                let bound = n >= 1 && is_word(rest[n - 1], &["at"]);
                let order = rest
                    .get(n + 1)
                    .is_some_and(|y| is_word(y, &["first", "last"]));
                let scale = scale_end(rest, n);
                (is_word(x, RANKS) && !bound && !order && !scale)
                    || (is_word(x, MORE)
                        && !is_word(t, &["is", "are"])
                        && rest[..n]
                            .iter()
                            .all(|y| y.kind == Kind::Word && !is_word(y, PREPOSITIONS)))
            });
            if let Some((_, r)) = rank {
                push(
                    out,
                    Rule::Directive,
                    r,
                    format!(
                        "\"{}\" ranks what a thing has or is: a catalogue cannot know it; a result's order is said as an order (\"earliest first\")",
                        r.text
                    ),
                );
            }
        }
        let fits = is_word(t, &["match", "matches", "fit", "fits", "suit", "suits"])
            && k > 0
            && !is_word(clause[k - 1], DETERMINERS)
            && clause[k + 1..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE));
        if fits {
            push(
                out,
                Rule::Directive,
                t,
                "a result said to fit a person is a pick made for the reader: a text says what a value is".to_owned(),
            );
        }
    }
}

/// A person's knowledge or readiness said with or without a verb ("The fee: known to the
/// patient.", "The patient, ready for each fee."): a claim of what a person knows or is.
pub(crate) fn person_state(clause: &[&Tok], out: &mut Vec<Violation>) {
    const KNOWS: &[&str] = &["known", "ready", "aware", "agreed", "okay", "fine"];
    let person = |x: &Tok| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE);
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, KNOWS) {
            continue;
        }
        let after = clause
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["to", "by", "for"]))
            && clause[k + 2..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| person(x));
        // "the patient, ready …", "the patient ready …"
        let before = clause[..k]
            .iter()
            .rev()
            .find(|x| x.kind != Kind::Comma)
            .is_some_and(|x| person(x));
        if after || before {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "\"{}\" claims what a person knows or is: a text says what a value is",
                    t.text
                ),
            );
        }
    }
}

/// Token `n` names the end of a scale: "10 (worst)", "10 (the worst possible)".
fn scale_end(c: &[&Tok], n: usize) -> bool {
    let open = c[..n]
        .iter()
        .rev()
        .find(|x| !is_word(x, &["the"]))
        .is_some_and(|x| x.text == "(");
    open || c
        .get(n + 1)
        .is_some_and(|x| is_word(x, &["possible"]) || x.text == ")")
}

/// A result picked by its place in a list ("the first", "the earliest"), not an order of results
/// ("earliest first").
fn picked_place(clause: &[&Tok], i: usize) -> bool {
    let x = clause[i];
    let order = clause
        .get(i + 1)
        .is_some_and(|y| is_word(y, &["first", "last"]))
        || (i > 0 && is_word(x, &["first", "last"]) && is_word(clause[i - 1], PICKS));
    (is_word(x, PICKS) || is_word(x, &["first", "last", "top"])) && !order
}

/// A judgement of fit ("the right doctor", "the best slot", "right for the patient") or a result
/// picked for a person by its place in the list ("The first slot is for the patient", "the
/// default for each patient", "the first one, matched to the patient"): a pick made for the
/// reader. An order of results is said as an order ("earliest first").
pub(crate) fn pick_for_a_person(clause: &[&Tok], out: &mut Vec<Violation>) {
    const PLACE: &[&str] = &[
        "first", "earliest", "last", "latest", "top", "default", "one",
    ];
    let person_after = |from: usize| {
        clause[from..]
            .iter()
            .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["new", "authenticated"]))
            .is_some_and(|x| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE))
    };
    for (k, t) in clause.iter().enumerate() {
        let next = clause.get(k + 1);
        // "the right doctor", "right for the patient", "the right one"
        // a fit denied ("when no open slot is right for the patient") picks nothing
        let denied = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, &["no", "not", "none"]));
        let judged = is_word(t, FIT)
            && !denied
            && !scale_end(clause, k)
            && next.is_some_and(|x| {
                (x.kind == Kind::Word
                    && !is_word(x, PREPOSITIONS)
                    && (!is_word(x, DETERMINERS) || is_word(x, &["one", "ones"])))
                    || (is_word(x, &["for", "to"]) && person_after(k + 2))
            });
        // a place in the list or a default, then "for" or "matched/suited to" a person
        // (or before it, in a fronted phrase: "For each patient the earliest slot is the
        // default")
        let fronted = k == 0
            && is_word(t, &["for", "to"])
            && person_after(1)
            && (0..clause.len()).any(|i| picked_place(clause, i))
            && clause
                .iter()
                .any(|x| is_word(x, &["default", "defaults"]) || is_word(x, FIT));
        let placed = is_word(t, &["for", "to"])
            && person_after(k + 1)
            && clause[..k].iter().any(|x| is_word(x, PLACE))
            && (t.text == "for"
                || k >= 1 && is_word(clause[k - 1], &["matched", "suited", "fitted"]));
        // … or then handed to another tool ("The first slot id is the value to give to
        // book_appointment"): the person picks what goes on; an order of results ("earliest
        // first") picks nothing
        let handed_on = is_word(t, &["to", "for"])
            && clause
                .get(k + 1)
                .is_some_and(|x| x.kind == Kind::Ident && x.text.contains('_'))
            && (0..k).any(|i| {
                picked_place(clause, i)
                    && clause[i + 1..k]
                        .iter()
                        .find(|x| !is_word(x, &["open", "free", "available"]))
                        .is_some_and(|x| {
                            is_word(
                                x,
                                &[
                                    "slot",
                                    "slots",
                                    "doctor",
                                    "doctors",
                                    "appointment",
                                    "visit",
                                    "time",
                                ],
                            )
                        })
            });
        if judged || placed || fronted || handed_on {
            push(
                out,
                Rule::Directive,
                t,
                "a result judged or picked for a person is a pick made for the reader: a text says what a value is, and an order of results is said as an order (\"earliest first\")".to_owned(),
            );
        }
    }
}

/// Care said to be complete ("the whole care", "the end of the care") or one source said to be
/// the only one ("the only clinic of the city"): claims a catalogue cannot make.
pub(crate) fn whole_or_only(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        let care = |j: usize| {
            clause
                .get(j)
                .is_some_and(|x| is_word(x, &["care", "treatment", "therapy"]))
        };
        let whole_care = is_word(t, &["whole", "entire"]) && care(k + 1);
        let end_of_care = is_word(t, &["end"])
            && clause.get(k + 1).is_some_and(|x| is_word(x, &["of"]))
            && (care(k + 2) || care(k + 3));
        let only_one = is_word(t, &["only"])
            && k >= 1
            && is_word(clause[k - 1], &["the"])
            && clause.get(k + 1).is_some_and(|x| {
                is_word(
                    x,
                    &[
                        "clinic", "clinics", "doctor", "doctors", "place", "source", "tool",
                        "server", "one", "list", "hospital",
                    ],
                )
            });
        if whole_care || end_of_care || only_one {
            push(
                out,
                Rule::Directive,
                t,
                "care said to be whole, or one source said to be the only one, is a claim a catalogue cannot make".to_owned(),
            );
        }
    }
}

/// A claim of who the caller is ("The caller has the role of the guardian", "The patient is the
/// same person as the caller"), and a value described as the caller's steps ("Hint of the
/// clinic, the next step of the caller"): the caller's role comes from its token, and a value is
/// data, not instructions for the one who reads it.
pub(crate) fn caller_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        // "<person> has the role …", "<person> is the same person as …"
        let role = is_word(t, &["role", "roles", "rights", "permission", "permissions"])
            && clause[..k]
                .iter()
                .any(|x| is_word(x, &["has", "have", "is", "are"]))
            && clause[..k]
                .iter()
                .take_while(|x| !is_word(x, &["has", "have", "is", "are"]))
                .any(|x| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE));
        // "<person> belongs to the staff"
        let belongs = is_word(t, &["belongs", "belong"])
            && clause.get(k + 1).is_some_and(|x| is_word(x, &["to"]))
            && clause[..k]
                .iter()
                .any(|x| reader(x) || is_word(x, PATIENT_SIDE));
        // "the caller the guardian of the patient", "(the caller a doctor)"
        let named_role = reader(t)
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["the", "a", "an"]))
            && clause
                .get(k + 2)
                .is_some_and(|x| is_word(x, PATIENT_SIDE) || is_word(x, PEOPLE));
        let same_person =
            is_word(t, &["person", "people"]) && k >= 1 && is_word(clause[k - 1], &["same"]);
        // "the next step of the caller", "steps for the user"
        let steps = is_word(t, &["step", "steps"])
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["of", "for"]))
            && clause[k + 2..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS))
                .is_some_and(|x| reader(x));
        if role || belongs || named_role || same_person || steps {
            push(
                out,
                Rule::Directive,
                t,
                "who the caller is comes from its token, and a value is data, not steps for its reader: a text says what a value is".to_owned(),
            );
        }
    }
}

/// A place or service outside the clinic as the subject of any verb ("Other clinics of the city
/// offer no cardiology", "The city hospital has no cardiologist at night", "The hotline opens
/// only on weekdays"): what it is like when the text is read, a catalogue cannot know. It may
/// be named as the next step, or with a value ("the emergency hotline is the number for it").
pub(crate) fn elsewhere_said(clause: &[&Tok], out: &mut Vec<Violation>) {
    // a plural subject takes the base form ("Other clinics of the city offer no cardiology")
    let Some(v) = (1..clause.len()).find(|&k| finite(clause, k, true)) else {
        return;
    };
    let subject = &clause[subject_start(clause, v)..v];
    // "other clinics" as the subject's head, not "a protocol of another clinic"
    let head: Vec<&Tok> = subject
        .iter()
        .take_while(|x| !is_word(x, PREPOSITIONS))
        .copied()
        .collect();
    let other_clinics = head
        .windows(2)
        .any(|w| is_word(w[0], &["other", "another"]) && is_word(w[1], &["clinic", "clinics"]))
        && subject
            .first()
            .is_some_and(|x| !is_word(x, &["every", "each", "any"]));
    if !(subject.iter().any(|x| elsewhere(x)) || other_clinics) || subordinate(subject) {
        return;
    }
    let rest = &clause[v + 1..];
    if !names_the_next_step(rest) && !names_a_value(rest) {
        push(
            out,
            Rule::Directive,
            clause[v],
            "a place or service outside the clinic is said to do or have something: a catalogue cannot know it; \"the next step\" is how a text names one".to_owned(),
        );
    }
}

/// The verbs of a condition's course: said in the past ("ended", "started"), they are its course
/// all the same.
const COURSE: &[&str] = &[
    "end",
    "stop",
    "start",
    "begin",
    "pass",
    "last",
    "go",
    "improve",
    "resolve",
    "clear",
    "disappear",
    "heal",
    "settle",
    "ease",
    "fade",
    "worsen",
    "recur",
    "return",
    "follow",
];

/// A condition as the subject of any verb ("Chest pain in a child depends on sleep", "A rash with
/// fever is a result of food", "Dizziness stops after a rest"): its cause, course or level is a
/// medical claim, which a catalogue does not make. It may be sent to the next step ("For chest
/// pain the emergency hotline is the next step").
pub(crate) fn condition_said(clause: &[&Tok], out: &mut Vec<Violation>) {
    // (a base form only after a plural or joined subject: "Pain score from 0" is a noun)
    let joined_subject = |k: usize| {
        let joined = clause[..k].iter().any(|y| is_word(y, &["and", "or"]));
        let prev = clause[k - 1];
        let plural = clause[..k].iter().any(|y| {
            y.kind == Kind::Word && y.text.ends_with('s') && !y.text.ends_with("ss")
                || is_word(y, &["children", "people"])
        });
        joined || plural && !is_word(prev, CONDITIONS)
    };
    let base_verb = |x: &Tok| {
        crate::vocabulary::is_listed_verb(&x.text)
            || matches!(verb(&x.text), Some((_, _, Form::Base)))
    };
    // the verb: "is", "has", or an "-s" word of the list's verbs (or right after an aside:
    // "Chest pain, in short, ends …") with more of its clause after it, not after a determiner
    // or a preposition ("Pain score of the patient", "Allergy names, as …" are nouns; "Fever
    // measured at …" a participle)
    let Some(v) = (1..clause.len())
        .find(|&k| {
            let (x, prev) = (clause[k], clause[k - 1]);
            let after_aside = prev.kind == Kind::Comma
                && x.text.ends_with('s')
                && !is_word(x, CONDITIONS)
                && !is_word(x, DETERMINERS)
                && !is_word(x, PREPOSITIONS);
            let finite_form = is_word(x, COPULAS)
                || is_word(x, &["has", "have", "had"])
                // a past form of a condition's course ("Chest pain ended after a rest"; "Fever
                // measured at …" is a participle)
                || verb(&x.text).is_some_and(|(b, _, f)| {
                    matches!(f, Form::Past | Form::Participle) && COURSE.contains(&b)
                })
                || ((crate::vocabulary::is_listed_verb(&x.text)
                    || finite(clause, k, true)
                    || after_aside)
                    && x.text.ends_with('s')
                    && clause.get(k + 1).is_some_and(|n| {
                        matches!(n.kind, Kind::Word | Kind::Ident)
                            && !is_word(n, &["of", "and", "or"])
                    }));
            x.kind == Kind::Word
                && finite_form
                && !is_word(prev, DETERMINERS)
                && !is_word(prev, PREPOSITIONS)
        })
        // … or, with none, a modal or a verb of the list in its base form, after a plural or joined
        // subject ("Fever and cough in a child end after two days", "A fever can end after a day")
        .or_else(|| {
            (1..clause.len()).find(|&k| {
                let (x, prev) = (clause[k], clause[k - 1]);
                x.kind == Kind::Word
                    && prev.kind == Kind::Word
                    && !is_word(prev, DETERMINERS)
                    && !is_word(prev, PREPOSITIONS)
                    && !is_word(x, CONDITIONS)
                    && (is_word(x, MODALS) || (base_verb(x) && joined_subject(k)))
                    && clause
                        .get(k + 1)
                        .is_some_and(|n| n.kind == Kind::Word && !is_word(n, &["of", "and", "or"]))
            })
        })
    else {
        return;
    };
    let (from, to, aside) = stated_subject(clause, v);
    let whole = &clause[from..to];
    let subject = if aside {
        whole
    } else {
        before_relative(whole).unwrap_or(whole)
    };
    if !aside && subordinate(subject) {
        return;
    }
    // the subject's head: its last word before a preposition ("chest pain in a child": pain;
    // "chest pain protocols": protocols)
    let head = head_of(subject);
    if head.is_some_and(|h| is_word(h, CONDITIONS)) && !names_the_next_step(&clause[v + 1..]) {
        push(
            out,
            Rule::Directive,
            clause[v],
            "a condition is the subject of a statement: its cause, course or level is a medical claim, which a catalogue does not make".to_owned(),
        );
    }
}

/// Care for a condition, said as a step or an answer ("For chest pain in a child, sleep is the
/// next step", "Rest is the answer to a fever"), or a condition as what a thing causes or ends
/// ("Sleep ends chest pain", "Food causes dizziness"): medical advice. Only a service is the
/// next step for a condition ("For chest pain, the emergency hotline is the next step"); a
/// document or a value may hold a condition ("The protocol covers chest pain").
pub(crate) fn care_for_a_condition(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(c) = clause.iter().position(|t| is_word(t, CONDITIONS)) else {
        return;
    };
    let step = clause.windows(2).position(|w| {
        is_word(w[0], &["next", "last", "first", "only"]) && is_word(w[1], &["step", "steps"])
    });
    let service = clause
        .iter()
        .any(|t| elsewhere(t) || is_word(t, &["reception", "clinic", "hotline", "ambulance"]));
    // … and not as the last resort or with none ("the ambulance is the last step", "the
    // emergency hotline is no next step")
    let played_down = step.is_some_and(|i| {
        is_word(clause[i], &["last", "only"]) || (i >= 1 && is_word(clause[i - 1], &["no", "not"]))
    });
    let routed = step.is_some() && (!service || played_down);
    // "the reason for", "the answer to", "the cure for" a condition
    // … in a sentence with a verb of its own, not a value's label ("Notes on the care of the
    // injury")
    let has_verb = || {
        (1..clause.len()).any(|k| {
            is_word(clause[k], COPULAS)
                || is_word(clause[k], &["has", "have", "means"])
                || finite(clause, k, true)
        })
    };
    let answer = (c.saturating_sub(4)..c).any(|p| {
        is_word(clause[p], &["for", "to", "of"])
            && p >= 1
            && is_word(
                clause[p - 1],
                &[
                    "reason",
                    "reasons",
                    "answer",
                    "answers",
                    "cause",
                    "causes",
                    "cure",
                    "cures",
                    "remedy",
                    "treatment",
                    "care",
                ],
            )
    }) && has_verb();
    // a condition as the object of a verb whose subject is no document or value: the verb is
    // the "-s" word before the condition's phrase ("Food causes dizziness", "A day of rest ends
    // a fever")
    // … past the words that qualify the condition ("moderate dizziness", "acute chest pain")
    let modifier = |x: &Tok| {
        is_word(x, DETERMINERS)
            || is_word(
                x,
                &["chest", "mild", "moderate", "severe", "acute", "chronic"],
            )
            || (crate::vocabulary::is_quality(&x.text) && !is_word(x, &["next", "last"]))
    };
    let mut b = c;
    while b > 0 && modifier(clause[b - 1]) {
        b -= 1;
    }
    let v = b.checked_sub(1).filter(|&k| {
        k >= 1
            && clause[k].kind == Kind::Word
            && (clause[k].text.ends_with('s')
                && (crate::vocabulary::is_listed_verb(&clause[k].text)
                    || finite(clause, k, true)
                    || crate::vocabulary::is_approved(&clause[k].text[..clause[k].text.len() - 1]))
                // a base form after a plural subject ("Sports cause …"): its "-s" form is a word
                || crate::vocabulary::is_approved(&format!("{}s", clause[k].text))
                    && clause[k - 1].text.ends_with('s'))
            && !is_word(clause[k], PREPOSITIONS)
            && !is_word(clause[k], DETERMINERS)
            && !is_word(clause[k], &["and", "or", "but", "than"])
            && !is_word(clause[k], CONDITIONS)
    });
    let object = v.is_some_and(|v| {
        let head = head_of(&clause[subject_start(clause, v)..v]);
        !is_word(clause[v], COPULAS)
            && !is_word(clause[v], &["has", "have"])
            && clause[v + 1..c].iter().all(|x| modifier(x))
            && head.is_some_and(|h| !is_word(h, DOCUMENTS) && !is_word(h, CONDITIONS))
    });
    if routed || answer || object {
        push(
            out,
            Rule::Directive,
            clause[c],
            "care for a condition, or what causes or ends it, is medical advice: a catalogue sends a condition only to a service as the next step".to_owned(),
        );
    }
}

/// What a text may name as holding a condition: a document or a record of the clinic.
const DOCUMENTS: &[&str] = &[
    "protocol",
    "protocols",
    "guideline",
    "guidelines",
    "text",
    "excerpt",
    "list",
    "search",
    "query",
    "result",
    "results",
    "form",
    "intake",
    "note",
    "notes",
    "summary",
    "tool",
    "id",
    "ids",
    "code",
    "codes",
    "value",
    "values",
    "name",
    "topic",
    "word",
    "words",
    "filter",
    "severity",
    "level",
    "score",
    "field",
];

/// Who calls or what it holds as the subject of a statement ("The caller is on the staff", "The
/// caller has the key of a doctor", "The key of the caller is valid for each patient"): the
/// token says who calls and what it may do; a text does not.
pub(crate) fn reader_said(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(v) = (1..clause.len()).find(|&k| {
        is_word(clause[k], COPULAS) || is_word(clause[k], &["has", "have", "holds", "owns"])
    }) else {
        return;
    };
    let whole = &clause[subject_start(clause, v)..v];
    let subject = before_relative(whole).unwrap_or(whole);
    if subordinate(subject) {
        return;
    }
    let head = head_of(subject);
    let said = &clause[v + 1..];
    let caller = head.is_some_and(|h| is_word(h, CALLERS));
    let credential = head.is_some_and(|h| is_word(h, CREDENTIALS))
        && subject.iter().any(|x| is_word(x, CALLERS));
    // … a request's or a client's credential ("Each request here has the key of a doctor"), or
    // a value of the caller's said to be a person's ("The caller id is the id of the guardian")
    let has = is_word(clause[v], &["has", "have", "holds", "owns"]);
    let request_key =
        has && subject.iter().any(|x| reader(x)) && said.iter().any(|x| is_word(x, CREDENTIALS));
    let callers_value = subject.iter().any(|x| is_word(x, CALLERS))
        && said
            .iter()
            .any(|x| is_word(x, PEOPLE) || is_word(x, PATIENT_SIDE));
    if caller || credential || request_key || callers_value {
        push(
            out,
            Rule::Directive,
            clause[v],
            "who calls, and what the caller may do, is the token's to say: a statement is not about the caller".to_owned(),
        );
        return;
    }
    // what a person has ("The patient has insurance for each fee", "… a referral"): a claim
    // about the person, which a catalogue cannot know; a duty ("has to"), an act done ("has
    // said") and what is missing ("has no …") are read by their own rules
    // (of one person, not a class: "Each patient has one id" is a rule of the data)
    let holds = has
        && !subject
            .iter()
            .any(|x| is_word(x, &["each", "every", "any", "all", "no"]))
        && head.is_some_and(|h| is_word(h, PATIENT_SIDE) && !reader(h))
        && said.first().is_some_and(|x| {
            x.kind == Kind::Word
                && !is_word(x, &["to", "not", "no", "never", "already", "just", "been"])
                && !matches!(verb(&x.text), Some((_, _, Form::Participle | Form::Past)))
                && !x.text.ends_with("ed")
        });
    if holds {
        push(
            out,
            Rule::Directive,
            clause[v],
            "what a person has is a claim about the person: a catalogue says what a value is"
                .to_owned(),
        );
    }
}

/// A parameter of a changing tool whose default picks the object of the change ("Id of the slot
/// to book. Default: the first open slot of the doctor."), or turns off what the patient gets
/// ("True when the patient gets the penalty fee by email. Default: false."): the person's
/// choice, or the patient's notice, made by a default.
pub(crate) fn default_picks(clauses: &[Vec<&Tok>], mutates: bool, out: &mut Vec<Violation>) {
    const PLACE: &[&str] = &[
        "first", "next", "earliest", "latest", "last", "oldest", "newest",
    ];
    let patient_gets = clauses.iter().any(|c| {
        c.iter().enumerate().any(|(k, t)| {
            is_word(t, PATIENT_SIDE)
                && c[k + 1..].iter().take(3).any(|x| {
                    is_word(
                        x,
                        &["gets", "get", "receives", "sees", "notified", "informed"],
                    )
                })
        })
    });
    for (n, c) in clauses.iter().enumerate() {
        let Some(d) = c.iter().position(|t| is_word(t, &["default"])) else {
            continue;
        };
        // what the default is: the rest of its clause, or the clause after "Default:"
        let value: Vec<&Tok> = if d + 1 < c.len() {
            c[d + 1..].to_vec()
        } else {
            clauses.get(n + 1).cloned().unwrap_or_default()
        };
        let picks = mutates && value.iter().any(|x| is_word(x, PLACE));
        let off = patient_gets
            && value
                .first()
                .is_some_and(|x| is_word(x, &["false", "no", "off", "none"]));
        if picks || off {
            push(
                out,
                Rule::Directive,
                c[d],
                "a default that picks what a change acts on, or turns off what the patient gets, makes a person's choice: the person makes it".to_owned(),
            );
        }
    }
}

/// "There is no later date with an open slot", "There is one date with an open slot in the
/// region", "There is no answer from the hotline at night": what exists in the world, which a
/// catalogue cannot know. A text says what the tool returns ("The list is empty when …").
pub(crate) fn existence(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if is_word(t, &["there"])
            && clause
                .get(k + 1)
                .is_some_and(|x| is_word(x, &["is", "are", "was", "were"]))
            // what is said to exist follows ("how many there are" says nothing exists)
            && clause.get(k + 2).is_some()
            && !subordinate(&clause[..k])
        {
            push(
                out,
                Rule::Directive,
                t,
                "\"there is\" states what exists when the text is read: a catalogue says what the tool returns".to_owned(),
            );
        }
    }
}

/// Clause `n` read as what the clause before it is, when that one is a label ending in a colon
/// and neither has a verb ("The hotline: busy at night." reads "The hotline is busy at night").
/// A label that names a value ("Default:", "Required fields:") is followed by values, not a
/// statement.
pub(crate) fn apposition(
    clauses: &[Vec<&Tok>],
    n: usize,
    text: &str,
    field: Field,
) -> Option<Vec<Tok>> {
    // a tool description's first sentence is the tool's action, never a label
    if field == Field::ToolDescription && n == 1 {
        return None;
    }
    let (label, said) = (clauses.get(n.checked_sub(1)?)?, clauses.get(n)?);
    let colon = label
        .last()
        .is_some_and(|l| text[l.end..].trim_start().starts_with(':'));
    if !colon || !verbless_phrase(label) || !verbless_phrase(said) || !label_states(label) {
        return None;
    }
    Some(with_copula(label, label.last()?.end, said))
}

/// No finite verb: a participle ("closed on Sunday") is no verb of its own.
pub(crate) fn verbless_phrase(c: &[&Tok]) -> bool {
    !c.iter().any(|x| {
        is_word(x, COPULAS)
            || is_word(x, &["has", "have", "gets", "get", "means"])
            || (x.kind == Kind::Word
                && verb(&x.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past)))
    })
}

/// A label whose value after its colon says what the label is: not a label that names a value
/// ("Default: asc", "Sort order: asc", "Format: …", "Required fields: …"), unless that value is
/// of a reader, a place outside or a condition, or of the caller or the patient's status.
pub(crate) fn label_states(label: &[&Tok]) -> bool {
    // a label that names a value is followed by the value
    // its head: the last word before a preposition ("Details of the appointment": details)
    let head = head_of(label);
    let value_label = head.into_iter().chain(label.last().copied()).any(|l| {
        is_word(l, PREDICATE_HEADS)
            || is_word(
                l,
                &[
                    "default", "defaults", "example", "examples", "order", "range", "kind",
                    "kinds", "type", "types", "details", "contents", "parts", "items",
                ],
            )
    });
    // … unless the value is of a reader, a place outside or a condition ("Hotline status at
    // night: busy", "Severity level of chest pain: low")
    // … or the status of the patient's side ("Patient status: insured")
    let persons_status = head.is_some_and(|h| is_word(h, &["status", "state"]))
        && label.iter().any(|x| is_word(x, PATIENT_SIDE));
    // … or a value of the caller's ("Caller id: the id of a doctor")
    let callers = label.iter().any(|x| is_word(x, CALLERS));
    // … or of a person, another thing of its kind or another source ("Answer of the patient
    // to the move: given", "Count of other open slots: 0", "Status of the slots on the
    // website: old")
    let owned = label.iter().any(|x| {
        is_person(&x.text)
            || is_word(x, PATIENT_SIDE)
            || is_word(x, &["other", "others", "another", "reception"])
            || is_word(x, OUTSIDE)
            || is_word(x, &["site"])
    });
    !(value_label && !claimable(label) && !persons_status && !callers && !owned)
}

/// `subject`, a copula of its own (an empty range at `at`), then `said`: a verbless statement
/// as a reader hears it ("The hotline: busy" is "The hotline is busy").
fn with_copula(subject: &[&Tok], at: usize, said: &[&Tok]) -> Vec<Tok> {
    let mut joined: Vec<Tok> = subject.iter().map(|t| (*t).clone()).collect();
    joined.push(Tok {
        text: "is".to_owned(),
        start: at,
        end: at,
        kind: Kind::Word,
        possessive: false,
    });
    joined.extend(said.iter().map(|t| (*t).clone()));
    joined
}

/// A joined statement ([`with_copula`]) read as a written one is: what a thing is, what a
/// condition does, who the caller is.
fn read_statement(said: &[Tok], text: &str, out: &mut Vec<Violation>) {
    let said: Vec<&Tok> = said.iter().collect();
    predicate(&said, text, out);
    condition_said(&said, out);
    reader_said(&said, out);
}

/// Words of a deadline, of haste, of a step skipped or of scarcity: a title is a noun phrase or
/// the tool's action, and these make it pressure ("Book within the hour", "Urgent booking").
const TITLE_HASTE: &[&str] = &[
    // a step skipped or a scarcity claimed ("Book without a check", "Book (no intake)", "Book
    // (last open slot)", "Emergency booking")
    "without",
    "no",
    "last",
    "only",
    "emergency",
    "now",
    "immediately",
    "urgent",
    "urgently",
    "within",
    "before",
    "until",
    "soon",
    "deadline",
    "quick",
    "quickly",
    "fast",
    "noon",
    "midnight",
];

/// Clause `n` after a label and a colon, read as "<label> is <clause>" by [`predicate`].
pub(crate) fn apposed(
    clauses: &[Vec<&Tok>],
    n: usize,
    text: &str,
    field: Field,
    out: &mut Vec<Violation>,
) {
    if let Some(said) = apposition(clauses, n, text, field) {
        read_statement(&said, text, out);
    }
}

/// A noun phrase set off by commas after a subject says what the subject is ("The caller, a
/// doctor of the clinic, sees …", "A fever, a simple case, ends …"): it is read as "<subject>
/// is <phrase>" by the readings of a statement.
pub(crate) fn appositives(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    // commas only: a bracket holds a value's form ("Id of one doctor (a positive integer)")
    let commas: Vec<usize> = (0..clause.len())
        .filter(|&i| clause[i].kind == Kind::Comma && &text[clause[i].start..clause[i].end] == ",")
        .collect();
    for w in commas.windows(2) {
        let (a, b) = (w[0], w[1]);
        let before = &clause[phrase_start(clause, a)..a];
        let inner = &clause[a + 1..b];
        let noun_phrase = |p: &[&Tok]| {
            !p.is_empty()
                && p.iter().all(|x| x.kind == Kind::Word)
                && !(0..p.len()).any(|i| finite(p, i, false))
        };
        // … and the subject's verb right after it (not a list of noun phrases: "the doctor, the
        // site, the start …")
        let verb_after = clause.get(b + 1).is_some_and(|x| {
            x.kind == Kind::Word
                && (is_word(x, COPULAS)
                    || is_word(x, &["has", "have"])
                    || verb(&x.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past)))
        });
        // a class of things said of ("any other caller, a doctor of another clinic too, gets
        // 403") names who the statement is for, not what one is
        let class = before
            .iter()
            .any(|x| is_word(x, &["any", "each", "every", "all", "no", "other"]));
        if class
            || !(claimable(before) || before.iter().any(|x| reader(x)))
            || !(inner
                .first()
                .is_some_and(|x| is_word(x, &["a", "an", "the"]))
                && noun_phrase(before)
                && noun_phrase(inner)
                && verb_after)
        {
            continue;
        }
        let before_len = out.len();
        read_statement(&with_copula(before, clause[a].start, inner), text, out);
        if out.len() > before_len {
            return;
        }
    }
}

/// A title's words of haste, a skipped step or scarcity ([`TITLE_HASTE`]).
pub(crate) fn title_haste(clause: &[&Tok], out: &mut Vec<Violation>) {
    if let Some(t) = clause.iter().find(|t| is_word(t, TITLE_HASTE)) {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" in a title is haste, a step skipped or a scarcity: a title is a noun phrase or the tool's action",
                t.text
            ),
        );
    }
}

/// A service outside the clinic after the first sentence's comma ("Get the opening hours of one
/// clinic, the hotline busy at night"): said of with no verb, unless as the next step.
pub(crate) fn elsewhere_in_the_first_sentence(tail: &[&Tok], out: &mut Vec<Violation>) {
    if let Some(t) = tail.iter().find(|t| is_word(t, SERVICES_ELSEWHERE))
        && !names_the_next_step(tail)
        && !names_a_value(tail)
    {
        push(
            out,
            Rule::Directive,
            t,
            "a place or service outside the clinic is said of in the tool's own sentence: a catalogue cannot know what it is like".to_owned(),
        );
    }
}

/// "… the next step …" somewhere in `toks`: how a text names where a person goes.
fn names_the_next_step(toks: &[&Tok]) -> bool {
    toks.windows(3).any(|w| {
        !is_word(w[0], &["no", "not"]) && is_word(w[1], &["next"]) && is_word(w[2], &["step"])
    }) || toks.first().is_some_and(|t| {
        is_word(t, &["next"]) && toks.get(1).is_some_and(|x| is_word(x, &["step"]))
    })
}

/// What follows a verb names a value: the head of its first phrase is a value head ("the number
/// for it").
fn names_a_value(rest: &[&Tok]) -> bool {
    // "has no answer" says what is missing, not which value it is
    !rest.first().is_some_and(|x| is_word(x, &["no", "not"]))
        && rest
            .iter()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .last()
            .is_some_and(|h| is_word(h, PREDICATE_HEADS))
}

/// Does the word at `i` of `subject` subordinate what follows it? "That" opening the phrase
/// points ("That hotline is busy"), and after "Note", "Given", "Now" opening the phrase it
/// opens what is stated ("Note that the caller is …"; not "every note that was written").
fn subordinates(subject: &[&Tok], i: usize) -> bool {
    !(subject[i].text == "that"
        && (i == 0
            || i == 1
                && is_word(
                    subject[0],
                    &["note", "given", "now", "seeing", "knowing", "mind"],
                )))
}

/// The head of a noun phrase: its last word before a preposition ("chest pain in a child":
/// pain; "chest pain protocols": protocols), past a fronted phrase ("In adults chest pain"),
/// through a noun of kind to a condition ("this kind of fever"), and before a participle that
/// follows it ("chest pain seen in a child").
pub(crate) fn head_of<'a>(phrase: &[&'a Tok]) -> Option<&'a Tok> {
    // a fronted phrase of place or time ends where a determiner opens the subject after it ("For
    // the patient | the first doctor", "In a child | a fever"), or, with none, at the subject's
    // last word ("In adults chest pain")
    if phrase.first().is_some_and(|x| is_word(x, PREPOSITIONS)) {
        let opens = (2..phrase.len()).find(|&i| {
            is_word(phrase[i], DETERMINERS)
                && phrase[i - 1].kind == Kind::Word
                && !is_word(phrase[i - 1], DETERMINERS)
                && !is_word(phrase[i - 1], PREPOSITIONS)
        });
        return match opens {
            Some(i) => head_of(&phrase[i..]),
            None => phrase.last().copied().filter(|x| x.kind == Kind::Word),
        };
    }
    let run: Vec<&Tok> = phrase
        .iter()
        .take_while(|x| x.kind != Kind::Comma && !is_word(x, PREPOSITIONS))
        .copied()
        .collect();
    // a noun of kind is the phrase after it ("Each kind of fever": fever; "The effects of chest
    // pain": pain)
    if let Some(h) = run.last()
        && is_word(h, KINDS)
        && phrase.get(run.len()).is_some_and(|x| is_word(x, &["of"]))
    {
        // … when it is a condition's ("Type of patient" keeps its head)
        if let Some(inner) = head_of(&phrase[run.len() + 1..]).filter(|x| is_word(x, CONDITIONS)) {
            return Some(inner);
        }
    }
    // a participle after the noun is no head ("Chest pain seen in a child": pain)
    run.iter()
        .rev()
        .find(|x| {
            !(x.kind == Kind::Word && matches!(verb(&x.text), Some((_, _, Form::Participle))))
        })
        .or(run.last())
        .copied()
}

/// Nouns of kind, through which a phrase names what it is of ("each kind of fever").
const KINDS: &[&str] = &[
    "kind", "kinds", "type", "types", "case", "cases", "effect", "effects", "form", "forms",
    "sort", "sorts", "episode", "episodes", "sign", "signs",
];

/// Does a word of `phrase` make it a condition, a question or a relative clause, read and not
/// claimed ([`subordinates`])?
fn subordinate(phrase: &[&Tok]) -> bool {
    (0..phrase.len()).any(|i| reads(phrase, i))
}

/// The subject of the verb at `k` (where it starts and ends), and whether it is stated by a
/// relative word: after a comma ("The caller, who is the guardian, …") it says something of the
/// phrase before the comma, and "who" of the person nearest to it ("Position of the patient, who
/// is next": the patient); right before the verb, of the noun before it ("for a patient who is
/// over 18": a patient), unless that noun names a kind ([`reads`]).
pub(crate) fn stated_subject(clause: &[&Tok], k: usize) -> (usize, usize, bool) {
    let from = subject_start(clause, k);
    // the noun phrase that ends at `end`, back to a preposition
    let nearest = |end: usize| {
        (0..=end)
            .rev()
            .take_while(|&i| clause[i].kind == Kind::Word && !is_word(clause[i], PREPOSITIONS))
            .last()
            .unwrap_or(end)
    };
    let aside = from > 0
        && k == from + 1
        && is_word(clause[from], &["who", "which"])
        && clause[from - 1].kind == Kind::Comma;
    if aside {
        let start = if is_word(clause[from], &["who"]) && from >= 2 {
            nearest(from - 2)
        } else {
            subject_start(clause, from - 1)
        };
        return (start, from - 1, true);
    }
    if k >= 2
        && is_word(clause[k - 1], &["who", "which", "that"])
        && clause[k - 2].kind == Kind::Word
        && !is_word(clause[k - 2], DETERMINERS)
        && !is_word(clause[k - 2], PREPOSITIONS)
        && !finite(clause, k - 2, false)
        && !reads(clause, k - 1)
    {
        return (nearest(k - 2), k - 1, true);
    }
    (from, k, false)
}

/// Where the subject of the verb at `k` starts: its phrase, back past asides between commas or
/// brackets that open with a preposition or an adverb, or hold nothing ("Chest pain in a child,
/// in short, ends …", "A rash with fever (in a child) is …").
fn subject_start(clause: &[&Tok], k: usize) -> usize {
    let mut from = phrase_start(clause, k);
    while from > 0 {
        // an aside: a phrase of place, time or manner, or a noun phrase set off by commas
        // after the subject ("The hotline, a public number, is …")
        let aside = clause[from..k]
            .iter()
            .find(|x| x.kind != Kind::Comma)
            .is_none_or(|x| {
                is_word(x, PREPOSITIONS)
                    || is_word(x, LEAD_ADVERBS)
                    || (is_word(x, &["a", "an", "the"])
                        && !(from..k).any(|i| finite(clause, i, false))
                        && clause[from..k]
                            .last()
                            .is_some_and(|l| l.kind == Kind::Comma))
            });
        if !aside {
            break;
        }
        let before = phrase_start(clause, from - 1);
        // the phrase before the aside opens the clause or a subject of its own
        if clause[before..from - 1]
            .iter()
            .all(|x| x.kind == Kind::Comma)
            && before == 0
        {
            break;
        }
        from = before;
    }
    from
}

/// Where the phrase holding token `k` starts: after the last comma before it.
fn phrase_start(clause: &[&Tok], k: usize) -> usize {
    clause[..k]
        .iter()
        .rposition(|x| x.kind == Kind::Comma)
        .map_or(0, |c| c + 1)
}

/// The states a title may give its object besides the name's words: those every object the
/// clinic's tools find or act on has.
pub(crate) const TITLE_STATES: &[&str] = &["open", "available", "upcoming", "pending", "new"];

/// Function words a title may hold besides its tool's name.
pub(crate) const TITLE_FUNCTION_WORDS: &[&str] = &[
    "a", "an", "the", "to", "of", "for", "my", "and", "one", "by", "in", "on",
];

/// The clinic API's objects: what a tool acts on, which a title may name beside its name's
/// words ("Book an open slot" for `book_appointment`).
pub(crate) const TITLE_OBJECTS: &[&str] = &[
    "clinic",
    "clinics",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "visit",
    "visits",
    "doctor",
    "doctors",
    "specialty",
    "specialties",
    "intake",
    "intakes",
    "form",
    "forms",
    "protocol",
    "protocols",
    "schedule",
    "schedules",
    "hours",
    "list",
    "position",
];

/// A title is the tool's name in words: each of its words is a word of the name, in any form
/// ("Book an appointment", "Booking of appointments" for `book_appointment`), one of the API's
/// objects ([`TITLE_OBJECTS`]), a state of [`TITLE_STATES`] before the object it describes
/// ("Find open slots"; not "Get protocol (open)", "List my confirmed appointments"), or one of
/// [`TITLE_FUNCTION_WORDS`]. Whatever else a title would add ("Book without a question",
/// "Cancel (no fee)", "Emergency booking") is more than the tool's action or its object.
pub(crate) fn title_of_the_name(toks: &[Tok], tool_name: &str, out: &mut Vec<Violation>) {
    if tool_name.is_empty() {
        return;
    }
    let parts: Vec<String> = tool_name
        .split('_')
        .filter(|p| !p.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    // a form of `base`: the word itself or it with an ending of number, tense or a noun of the
    // act (`schedule` → `scheduling`, `cancel` → `cancellation`, `specialty` → `specialties`)
    let form_of = |w: &str, base: &str| {
        const ENDINGS: &[&str] = &[
            "", "s", "es", "ing", "ings", "ed", "d", "ation", "ations", "lation", "lations",
            "ment", "ments",
        ];
        let stems = [
            base,
            base.strip_suffix('e').unwrap_or(base),
            base.strip_suffix('y').unwrap_or(base),
        ];
        stems.iter().any(|stem| {
            w.strip_prefix(stem)
                .is_some_and(|end| ENDINGS.contains(&end) || (*stem != base && end == "ies"))
        }) || base
            .strip_prefix(w)
            .is_some_and(|end| matches!(end, "s" | "es"))
    };
    let named = |t: &Tok| is_word(t, TITLE_OBJECTS) || parts.iter().any(|p| form_of(&t.text, p));
    // … or a state that picks no part of what the name names: one that all the objects the
    // tool acts on or finds share ("open slots", "a pending appointment"). A verdict, a time of
    // the answer or another state ("final", "exact", "current", "confirmed appointments",
    // "a closed appointment") claims what the name does not.
    let describes = |t: &Tok| is_word(t, TITLE_STATES);
    // a state or participle says which objects ("open slots", "cancelled appointments"): it
    // stands before one, never alone ("Get protocol (reviewed)", "Escalate (routine)")
    let before_an_object = |i: usize| {
        toks[i + 1..]
            .iter()
            .find(|x| {
                (named(x) || !describes(x)) && x.kind != Kind::Comma && !is_word(x, &["and", "or"])
            })
            .is_some_and(|x| x.kind == Kind::Word && named(x))
    };
    if let Some(t) = toks.iter().enumerate().find_map(|(i, t)| {
        let fits = named(t) || (describes(t) && before_an_object(i));
        (t.kind == Kind::Word && !is_word(t, TITLE_FUNCTION_WORDS) && !fits).then_some(t)
    }) {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" is not a word of the tool's name: a title is the tool's name in words (\"Book an appointment\" for book_appointment), an object of the clinic (\"slot\"), a state or a change's participle before its object (\"open slots\", \"cancelled appointments\"; not optional, required, free, a grade of care or a review) and a, an, the, to, of, for, my, and, one, by, in, on",
                t.text
            ),
        );
    }
}

/// A statement with its verb left out, of the caller, a person, a place outside or a condition
/// ("The emergency hotline busy at night.", "The caller on the staff of the clinic.", "The
/// patient over 18."): read with "is" after its subject, as the readings of "is" read it. In the
/// first clause of a value's description (`noun_phrase`), which names the value, only a word of
/// state or grade right after the subject makes a statement ("Chest pain in a child mild"; not
/// "Fever measured at the visit", "The patient's symptoms in their own words").
pub(crate) fn verbless(clause: &[&Tok], text: &str, noun_phrase: bool, out: &mut Vec<Violation>) {
    // (a participle is no verb of its own: "Other clinics closed at night" is "… are closed …";
    // nor a verb's form after a determiner: "after a rest")
    let has_verb = (0..clause.len()).any(|k| {
        is_word(clause[k], COPULAS)
            || is_word(clause[k], &["has", "have", "had"])
            || finite(clause, k, true)
            || (matches!(
                verb(&clause[k].text),
                Some((_, _, Form::Third | Form::Base | Form::Past))
            ) && !clause[..k]
                .last()
                .is_some_and(|x| is_word(x, DETERMINERS) || is_word(x, PREPOSITIONS)))
    });
    // (a fronted phrase, "For a patient, one of …", is no subject, and a label's value,
    // "Required fields: allergies, medications", none either)
    let label_value = text[..clause[0].start].trim_end().ends_with(':');
    if has_verb || clause.len() < 3 || is_word(clause[0], PREPOSITIONS) || label_value {
        return;
    }
    for p in 2..clause.len() {
        let (subject, next) = (&clause[..p], clause[p]);
        // (a subject is one phrase, ending on its noun, and not a possessive's owner)
        let last = subject[p - 1];
        if next.kind == Kind::Comma
            || subject.iter().any(|x| x.kind == Kind::Comma)
            || is_word(last, PREPOSITIONS)
            || is_word(last, DETERMINERS)
            || text[last.end..].starts_with('\'')
            || !claimable(subject)
        {
            continue;
        }
        if noun_phrase
            && (next.kind != Kind::Word
                || is_word(next, PREPOSITIONS)
                || is_word(next, &["and", "or", "as"])
                || verb(&next.text).is_some())
        {
            continue;
        }
        if read_with_a_verb(subject, ("is", next.start), &clause[p..], text, out) {
            break;
        }
    }
}

/// Reads `subject`, the verb `link` put in at byte `at`, and `rest` as one statement, by the
/// readings of a verb and its subject; a finding at the verb put in is the word after it.
/// Whether anything was found.
fn read_with_a_verb(
    subject: &[&Tok],
    (link, at): (&str, usize),
    rest: &[&Tok],
    text: &str,
    out: &mut Vec<Violation>,
) -> bool {
    let before = out.len();
    let verb = Tok {
        text: link.to_owned(),
        start: at,
        end: at,
        kind: Kind::Word,
        possessive: false,
    };
    let read: Vec<&Tok> = subject
        .iter()
        .copied()
        .chain(std::iter::once(&verb))
        .chain(rest.iter().copied())
        .collect();
    predicate(&read, text, out);
    elsewhere_said(&read, out);
    condition_said(&read, out);
    reader_said(&read, out);
    for v in &mut out[before..] {
        if v.range.is_empty() {
            let end = text[v.range.start..]
                .find(|c: char| !c.is_alphanumeric())
                .map_or(text.len(), |e| v.range.start + e);
            v.range = v.range.start..end;
        }
    }
    out.len() > before
}

/// A claim with its verb left out inside a clause: a definite noun phrase of the caller, a
/// person, a place outside or a condition, and what it is said to be right after it ("The list
/// has the emergency hotline busy at night", "With the caller on the staff of the clinic, …",
/// "At night the emergency hotline busy", "The caller, being on the staff, …"). It is read with
/// "is" after the noun phrase. A phrase after a preposition ("shown to the patient in the app")
/// and a kind ("for patients 18 or older") claim nothing.
pub(crate) fn small_clauses(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    let definite = |x: &Tok| is_word(x, &["the", "this", "its", "their", "other", "another"]);
    for st in 0..clause.len() {
        if !definite(clause[st]) {
            continue;
        }
        let opens = st == 0 || {
            let prev = clause[st - 1];
            prev.kind == Kind::Comma
                || is_word(
                    prev,
                    &["with", "given", "has", "have", "had", "gets", "holds"],
                )
                || (prev.kind == Kind::Word
                    && !is_word(prev, PREPOSITIONS)
                    && !is_word(prev, DETERMINERS)
                    && !is_word(prev, &["and", "or"])
                    && verb(&prev.text).is_none())
        };
        // (inside a condition or a question it is read, not claimed: "Whether the patient agrees
        // to a reminder")
        if !opens || (0..st).any(|j| reads(clause, j)) {
            continue;
        }
        for p in st + 2..clause.len().min(st + 7) {
            let next = clause[p];
            let subject = &clause[st..p];
            // (a verb within the next words makes it a clause of its own: "the patient then
            // gets an email"; a possessive is not the phrase's head: "the patient's own")
            let verb_follows = (p..clause.len().min(p + 3)).any(|k| {
                finite(clause, k, true)
                    || is_word(clause[k], MODALS)
                    || matches!(
                        verb(&clause[k].text),
                        Some((_, _, Form::Base | Form::Third))
                    )
                    || (matches!(verb(&clause[k].text), Some((_, _, Form::Participle)))
                        && clause.get(k + 1).is_some_and(|x| {
                            is_word(x, DETERMINERS) || is_word(x, &["it", "them"])
                        }))
            });
            let possessive = text[subject[subject.len() - 1].end..].starts_with('\'');
            // "being" and "having", right after the phrase or after its comma, stand for "is"
            // and "has" ("The caller, being on the staff, …", "The caller, having the role of a
            // doctor, …")
            let aside = |w: &str| {
                is_word(next, &[w])
                    || (next.kind == Kind::Comma
                        && clause.get(p + 1).is_some_and(|x| is_word(x, &[w])))
            };
            let (link, skip) = if aside("being") {
                ("is", if is_word(next, &["being"]) { 1 } else { 2 })
            } else if aside("having") {
                ("has", if is_word(next, &["having"]) { 1 } else { 2 })
            } else {
                ("is", 0)
            };
            if (next.kind == Kind::Comma && skip == 0)
                || is_word(next, &["and", "or", "of"])
                || subject
                    .iter()
                    .any(|x| x.kind != Kind::Word || is_word(x, PREPOSITIONS))
                // (a verb ends the phrase: "another patient booked it")
                || subject[1..].iter().any(|x| {
                    matches!(
                        verb(&x.text),
                        Some((_, _, Form::Past | Form::Participle | Form::Third))
                    )
                })
                || (verb_follows && skip == 0)
                || possessive
                || !claimable(subject)
            {
                continue;
            }
            let rest = &clause[p + skip..];
            if skip == 0
                && rest.first().is_some_and(|x| verb(&x.text).is_some())
                && !rest
                    .first()
                    .is_some_and(|x| matches!(verb(&x.text), Some((_, _, Form::Participle))))
            {
                continue;
            }
            if read_with_a_verb(subject, (link, next.start), rest, text, out) {
                return;
            }
        }
    }
}
