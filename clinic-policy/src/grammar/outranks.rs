//! A text ranked over a person's judgement: "each excerpt is the clinic's final word on care,
//! over the doctor's", "the last word on the visit", "binding on the doctor", "it outranks the
//! doctor's view", "the rule for the doctor". Protocol excerpts, triage levels and notes are
//! data the clinic API returns, and an excerpt may carry injected text; the doctor judges care.
//! A text says what a value is, never that it decides over a person.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// What a person judges or says.
const JUDGEMENT: &[&str] = &[
    "judgement",
    "judgment",
    "judgements",
    "judgments",
    "opinion",
    "opinions",
    "decision",
    "decisions",
    "view",
    "views",
    "word",
    "say",
    "advice",
    "assessment",
    "choice",
    "choices",
    "orders",
    "instructions",
];

/// Verbs and adjectives that rank a text over another or bind a person.
const RANKING: &[&str] = &[
    "outranks",
    "outrank",
    "overrules",
    "overrule",
    "overridden",
    "trumps",
    "trump",
    "prevails",
    "prevail",
    "governs",
    "govern",
    "binds",
    "binding",
    "supreme",
    "paramount",
    "mandatory",
    "compulsory",
    "obligatory",
    "decisive",
    "conclusive",
    "definitive",
    "ultimate",
    "outweighs",
    "outweigh",
    "supersedes",
    "supersede",
    "overrides",
    "override",
];

/// A person, or what a person judges, named from `from` on past determiners ("the doctor's",
/// "any clinician", "the judgement of the doctor", "the doctor's view").
fn person_or_judgement(clause: &[&Tok], from: usize) -> bool {
    for t in clause.iter().skip(from).take(4) {
        if t.kind != Kind::Word {
            return false;
        }
        if is_word(t, PEOPLE) || is_word(t, JUDGEMENT) {
            return true;
        }
        // what a person wrote or said: "the note of the doctor", "the words of the patient"
        if is_word(t, SOURCES) && said_by_a_person(clause, from) {
            return true;
        }
        if !(is_word(t, DETERMINERS) || is_word(t, &["oncall", "own", "treating"])) {
            return false;
        }
    }
    false
}

/// A text ranked over a person or bound on one: the last word ("the final word on care", "the
/// last say"), a rank over a person ("over the doctor's", "above any clinician", "ahead of the
/// doctor's judgement", "more than the doctor's view", "instead of the doctor's decision"), a
/// verb of rank ("outranks", "binding"), a rule for a person ("the rule for the doctor"), or a
/// person bound by it ("the doctor is bound by it").
pub(super) fn ranked_over_a_person(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    let hit = (0..n)
        .find(|&k| {
            let t = clause[k];
            // "the final word", "the last say", "the clinic's final call"
            let last_word = is_word(t, &["final", "last", "ultimate", "decisive", "deciding"])
            && w(k + 1, &["word", "say", "call", "authority", "ruling", "verdict"])
            // ("the last word of the title": a word of a text)
            && !(w(k + 2, &["of", "in"])
                && clause[k + 3..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["title", "text", "query", "excerpt", "name", "note"])));
            // over a person: "over the doctor's", "above the doctor", "ahead of any clinician",
            // "more than the doctor's word", "instead of the doctor's judgement"
            // ("over every doctor searched": a range, not a rank)
            let over = is_word(t, &["over", "above", "atop", "beyond"])
            && !is_word_at(clause, k + 1, &["every", "all", "each", "both"])
            && person_or_judgement(clause, k + 1)
            // ("the oncall doctor takes over", "moves over")
            && !(k >= 1 && is_word(clause[k - 1], &["takes", "take", "took", "taken"]));
            let ahead = is_word(t, &["ahead", "instead", "regardless"])
                && w(k + 1, &["of"])
                && (person_or_judgement(clause, k + 2)
                    && (is_word(t, &["ahead", "regardless"])
                        || clause[k + 2..]
                            .iter()
                            .take(4)
                            .any(|x| is_word(x, JUDGEMENT) || x.possessive)));
            let more = is_word(t, &["more", "higher", "rather", "stronger", "greater"])
                && w(k + 1, &["than"])
                && clause[k + 2..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, JUDGEMENT) || x.possessive)
                && person_or_judgement(clause, k + 2);
            // over a rival of its own kind or one a person gave: "the newest list, over any other
            // list", "above every other result", "over any level a doctor gave"
            let rival = is_word(t, &["over", "above", "atop"])
                && !(k >= 1 && is_word(clause[k - 1], &["takes", "take", "took", "taken"]))
                && !clause[..k]
                    .iter()
                    .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
                && rival_at(clause, k + 1);
            // a weight with no "than", the other side after it: "the excerpt counts for more, the
            // doctor's note for less", "its level weighs more, the note of the doctor less"
            let weighs = is_word(t, WEIGHS)
                && clause[k + 1..]
                    .iter()
                    .take(3)
                    .position(|x| is_word(x, WEIGHTS))
                    .is_some_and(|c| {
                        clause[k + 2 + c..]
                            .iter()
                            .any(|x| is_word(x, PEOPLE) || is_word(x, JUDGEMENT))
                    });
            let ranks = is_word(t, RANKING) || rival || weighs;
            // "the rule for the doctor", "rules on the doctor", "the law of the doctor"
            let rule = is_word(t, &["rule", "rules", "law", "laws", "command", "commands"])
                && w(k + 1, &["for", "on", "to", "of", "over"])
                && person_or_judgement(clause, k + 2);
            // a person bound by it: "the doctor is bound by it", "the doctor follows it"
            let bound = k >= 1
                && (is_word(t, &["bound", "obliged", "obligated"])
                    && w(k + 1, &["by", "to"])
                    && clause[..k].iter().any(|x| is_word(x, PEOPLE))
                    || is_word(t, &["follows", "obeys", "defers", "heeds", "submits"])
                        && is_word(clause[k - 1], PEOPLE));
            last_word || over || ahead || more || ranks || rule || bound
        })
        .or_else(|| ranked_in_a_pair(clause));
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            format!(
                "\"{}\" ranks a text over a person's judgement; say what the value is, not that it decides",
                clause[k].text
            ),
        );
    }
}

/// Verbs of weight ("counts for more", "weighs less", "matters most").
const WEIGHS: &[&str] = &[
    "counts", "count", "weighs", "weigh", "matters", "matter", "ranks", "rank", "carries", "carry",
    "comes", "come", "goes", "go", "stands", "stand",
];

/// What a verb of weight gives ("for more", "less", "first").
const WEIGHTS: &[&str] = &[
    "more", "less", "most", "least", "higher", "lower", "highest", "lowest", "first", "last",
    "heavier", "lighter", "above", "below",
];

/// A rival of the thing ranked, from `from`: another of its kind ("any other list", "every
/// other result", "another source", "the others"), or a thing a person gave, the person in a
/// clause after its head ("any level a doctor gave", "any time the patient named"). Pages and
/// spans of time are a range ("over every other page", "over a day the doctor works").
fn rival_at(clause: &[&Tok], from: usize) -> bool {
    let phrase: Vec<&Tok> = clause[from.min(clause.len())..]
        .iter()
        .take_while(|t| t.kind == Kind::Word)
        .take(7)
        .copied()
        .collect();
    let Some(h) = phrase
        .iter()
        .position(|t| {
            !is_word(t, DETERMINERS)
                && !is_word(t, SCOPE)
                && !is_word(t, &["other", "another", "else"])
        })
        .or_else(|| {
            phrase
                .iter()
                .rposition(|t| is_word(t, &["other", "others", "another"]))
        })
    else {
        return false;
    };
    if is_word(phrase[h], TIME_UNITS)
        || is_word(
            phrase[h],
            &[
                "page", "pages", "week", "weeks", "month", "months", "year", "years",
            ],
        )
    {
        return false;
    }
    let other = phrase[..=h]
        .iter()
        .any(|t| is_word(t, &["other", "others", "another", "else"]));
    // the head's own clause: a person as its subject, right after it ("level a doctor gave")
    let given = !is_word(phrase[h], PEOPLE)
        && is_word_at(&phrase, h + 1, DETERMINERS)
        && phrase[h + 1..].iter().take(3).any(|t| is_word(t, PEOPLE));
    other || given
}

/// What a person or the clinic writes or says, that a value may be set against.
const SOURCES: &[&str] = &[
    "note",
    "notes",
    "word",
    "words",
    "advice",
    "guideline",
    "guidelines",
    "instruction",
    "instructions",
    "record",
    "records",
    "text",
    "texts",
    "answer",
    "answers",
    "account",
    "statement",
    "statements",
    "history",
    "report",
    "reports",
    "plan",
    "policy",
    "policies",
    "rule",
    "rules",
    "protocol",
    "protocols",
    "standard",
    "standards",
    "guidance",
    "letter",
    "letters",
    "message",
    "messages",
    "view",
    "views",
    "judgement",
    "judgment",
    "opinion",
    "decision",
    "decisions",
    "diagnosis",
    "recommendation",
    "recommendations",
    "orders",
    "say",
];

/// Nouns a comparison ranks by: "a higher rank than …", "more weight than …", "a later version
/// than …".
const RANK_NOUNS: &[&str] = &[
    "rank",
    "ranks",
    "level",
    "levels",
    "priority",
    "priorities",
    "weight",
    "grade",
    "precedence",
    "authority",
    "importance",
    "standing",
    "say",
    "trust",
    "version",
    "validity",
    "relevance",
];

/// Values of the clinic's scales and states: a comparison with one is an order of the scale.
const SCALE_VALUES: &[&str] = &[
    "routine",
    "urgent",
    "normal",
    "emergency",
    "low",
    "high",
    "medium",
    "mild",
    "moderate",
    "severe",
    "critical",
    "none",
    "zero",
    "pending",
    "confirmed",
    "rejected",
    "cancelled",
];

/// Words of a comparison.
const COMPARATIVES: &[&str] = &[
    "higher", "lower", "greater", "lesser", "later", "earlier", "newer", "older", "more", "less",
    "stronger", "weaker", "better", "worse", "superior", "inferior", "fresher",
];

/// Superlatives of a rank: "the highest rank of any text".
const SUPERLATIVES: &[&str] = &[
    "highest",
    "lowest",
    "top",
    "latest",
    "newest",
    "greatest",
    "most",
    "strongest",
    "best",
];

/// What a time is compared with: another time, which a text may order ("a later time than its
/// start").
const TIMES: &[&str] = &[
    "date", "dates", "time", "times", "start", "starts", "end", "ends", "now", "today", "day",
    "days", "moment", "hour", "hours", "minute", "minutes", "window", "booking", "visit", "slot",
];

/// The items of a list ranked among themselves: an order, read elsewhere ("title matches rank
/// higher than body matches").
const LIST_ITEMS: &[&str] = &[
    "match",
    "matches",
    "result",
    "results",
    "hit",
    "hits",
    "one",
    "ones",
    "those",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "entry",
    "entries",
];

/// Whether the phrase from `from` names something a person wrote or said: a source, then "of"
/// or "from" and a person ("the note of the doctor", "the words from the patient").
fn said_by_a_person(clause: &[&Tok], from: usize) -> bool {
    let Some(s) = (from..clause.len().min(from + 4)).find(|&j| is_word(clause[j], SOURCES)) else {
        return false;
    };
    is_word_at(clause, s + 1, &["of", "from", "by"])
        && clause[s + 2..]
            .iter()
            .take(4)
            .take_while(|t| t.kind == Kind::Word)
            .any(|t| is_word(t, PEOPLE))
}

/// The head of the noun phrase from `from` (past determiners and an owner, to a preposition or
/// a mark: "the triage level of the intake" gives "level"), or `None` for a literal value (a
/// number, a code, a value in backticks) or no noun.
fn head_of(clause: &[&Tok], from: usize) -> Option<usize> {
    let mut head = None;
    for (j, t) in clause.iter().enumerate().skip(from).take(6) {
        if t.kind != Kind::Word {
            // (a number, a name in backticks or a code is a value: "higher than 7")
            return head;
        }
        if is_word(t, PREPOSITIONS) || is_word(t, &["that", "which", "who", "and", "or"]) {
            break;
        }
        if is_word(t, DETERMINERS) || t.possessive {
            continue;
        }
        // (a value of a scale: "a higher level than `routine`")
        if head.is_none() && is_word(t, SCALE_VALUES) {
            return None;
        }
        head = Some(j);
    }
    head
}

/// A value or a text ranked against a person's judgement, a source or another value by a
/// comparison ("a higher rank than the note of the doctor", "a lower level than the triage level
/// of the intake", "a later date than each guideline of the clinic", "more weight than the words
/// of the patient", "the highest rank of any text"): an order of authority a catalogue cannot
/// give; the doctor judges care. A comparison with a value ("higher than 7", "a higher level
/// than `routine`"), with a time ("a later time than its start") or among the items of a list
/// ("title matches rank higher than body matches") passes, and so does a quantity ("more slots
/// than the limit").
pub(super) fn ranked_by_comparison(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    let hit = (0..n).find(|&k| {
        let t = clause[k];
        if is_word(t, SUPERLATIVES) {
            // "the highest rank of any text", "the top priority over every note"
            let Some(r) = (k + 1..(k + 3).min(n)).find(|&j| is_word(clause[j], RANK_NOUNS)) else {
                return false;
            };
            return is_word_at(clause, r + 1, &["of", "among", "over", "above"])
                && is_word_at(clause, r + 2, &["any", "all", "every", "each"])
                && clause[r + 2..].iter().take(4).any(|x| {
                    is_word(x, SOURCES) || is_word(x, PEOPLE) || is_word(x, &["source", "sources"])
                });
        }
        if !is_word(t, COMPARATIVES) {
            return false;
        }
        let Some(than) = (k + 1..(k + 4).min(n)).find(|&j| is_word(clause[j], &["than"])) else {
            return false;
        };
        let between = &clause[k + 1..than];
        if between.iter().any(|x| x.kind != Kind::Word) {
            return false;
        }
        let ranked = between.iter().any(|x| is_word(x, RANK_NOUNS));
        let timed = between.iter().any(|x| is_word(x, TIMES));
        // (a quantity of a thing: "more slots than the limit")
        if !between.is_empty()
            && !ranked
            && !timed
            && !between
                .iter()
                .all(|x| is_word(x, &["in", "of", "recent", "current"]))
        {
            return false;
        }
        let Some(h) = head_of(clause, than + 1) else {
            return false;
        };
        let head = clause[h];
        if is_word(head, LIST_ITEMS) || is_word(head, TIMES) && !ranked {
            return false;
        }
        let person = clause[than + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind == Kind::Word)
            .any(|x| is_word(x, PEOPLE));
        is_word(head, SOURCES)
            || is_word(head, JUDGEMENT)
            || is_word(head, PEOPLE)
            || person
            || ranked && !is_word(head, TIMES)
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            format!(
                "\"{}\" ranks a value or a text over a person's judgement, a source or another value: a catalogue gives no order of authority; say what the value is",
                clause[k].text
            ),
        );
    }
}

/// Words of an order or a weight said of a part ("the doctor's advice second", "… less so").
const ORDER: &[&str] = &[
    "first",
    "second",
    "third",
    "last",
    "next",
    "less",
    "more",
    "most",
    "least",
    "higher",
    "lower",
    "highest",
    "lowest",
    "primary",
    "secondary",
    "foremost",
    "lesser",
    "greater",
    "above",
    "below",
    "behind",
    "ahead",
    "top",
    "bottom",
];

/// A person's judgement or what a person wrote, ranked in a pair of parts with no "than" ("each
/// excerpt counts, the doctor's advice less so", "the excerpt first, the doctor's advice
/// second", "its triage level counts, the note of the doctor less so"): a part with no verb
/// takes the weight of the part before it, so the pair is a rank of authority. Returns the
/// order word of the person's part.
fn ranked_in_a_pair(clause: &[&Tok]) -> Option<usize> {
    use super::who_gets::{WEIGHT_VERBS, finite, parts_of, phrase_end};
    let parts = parts_of(clause);
    if parts.len() < 2 {
        return None;
    }
    let offset = |p: &[&Tok]| {
        clause
            .iter()
            .position(|t| std::ptr::eq(*t, p[0]))
            .unwrap_or(0)
    };
    // (part, a person's judgement named in its noun phrase, its order word or verb of weight)
    let read: Vec<(bool, Option<usize>)> = parts
        .iter()
        .map(|p| {
            let e = phrase_end(p, 0);
            let phrase = &p[..e];
            let judged = phrase.iter().enumerate().any(|(j, t)| {
                is_word(t, JUDGEMENT) && !is_word(t, &["word", "say"])
                    || is_word(t, SOURCES)
                        && (phrase[..j]
                            .iter()
                            .any(|x| x.possessive && is_word(x, PEOPLE))
                            || said_by_a_person(phrase, j))
            }) || phrase.iter().any(|t| t.possessive && is_word(t, PEOPLE))
                && phrase
                    .iter()
                    .any(|t| is_word(t, JUDGEMENT) || is_word(t, SOURCES));
            let order = (e..p.len())
                .find(|&j| is_word(p[j], ORDER))
                .or_else(|| (0..p.len()).find(|&j| is_word(p[j], WEIGHT_VERBS) && finite(p, j)))
                .map(|j| offset(p) + j);
            (judged, order)
        })
        .collect();
    read.iter().enumerate().find_map(|(i, &(judged, order))| {
        let other = read
            .iter()
            .enumerate()
            .any(|(j, &(_, o))| j != i && o.is_some());
        (judged && other).then_some(order).flatten()
    })
}

/// Words that name a conflict between two sides ("where they differ", "a difference between
/// …", "where they are different"); "match", "same", "equal" name one only after a negation
/// ("where they do not match", "when the two are not the same").
fn conflict_at(c: &[&Tok], k: usize) -> bool {
    const OPPOSED: &[&str] = &[
        "differ",
        "differs",
        "differed",
        "difference",
        "differences",
        "disagree",
        "disagrees",
        "disagreement",
        "clash",
        "clashes",
        "conflict",
        "conflicts",
        "contradict",
        "contradicts",
        "mismatch",
        "diverge",
        "diverges",
    ];
    const AGREEING: &[&str] = &[
        "match", "matches", "same", "equal", "agree", "agrees", "align", "aligns", "overlap",
        "overlaps",
    ];
    let t = c[k];
    if is_word(t, OPPOSED) {
        return true;
    }
    // "are different", "is different from": the two said apart, not a different thing named
    if is_word(t, &["different"]) && k >= 1 && is_word(c[k - 1], COPULAS) {
        return true;
    }
    // (the negation right before it, past "do" and a copula: "do not match", "are not the same")
    is_word(t, AGREEING)
        && c[..k]
            .iter()
            .rev()
            .find(|x| !is_word(x, &["the", "do", "does", "quite", "exactly"]))
            .is_some_and(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
}

/// Verbs and states of a side that prevails ("counts", "holds", "applies", "is used", "is
/// right", "has priority", "comes first"), said of the side before them.
const PREVAILS: &[&str] = &[
    "count",
    "counts",
    "counted",
    "hold",
    "holds",
    "apply",
    "applies",
    "applied",
    "used",
    "taken",
    "kept",
    "chosen",
    "preferred",
    "followed",
    "trusted",
    "stands",
    "wins",
    "prevails",
    "governs",
    "rules",
    "decides",
    "matters",
    "leads",
    "right",
    "correct",
    "valid",
    "final",
    "binding",
    "priority",
    "precedence",
    "weight",
    "first",
];

/// Verbs that take the prevailing side as their object ("use the excerpt", "the doctor keeps
/// the triage level").
const TAKES_SIDE: &[&str] = &[
    "use", "uses", "keep", "keeps", "choose", "chooses", "take", "takes", "apply", "applies",
    "follow", "follows", "trust", "trusts", "prefer", "prefers", "select", "selects",
];

/// Whether a phrase names a person or a person's judgement or words ("the doctor's advice",
/// "the patient's words", "the note of the doctor", "the doctor").
fn a_persons_side(p: &[&Tok]) -> bool {
    p.iter().enumerate().any(|(j, t)| {
        is_word(t, PEOPLE)
            || is_word(t, JUDGEMENT) && !is_word(t, &["word", "say"])
            || is_word(t, SOURCES)
                && (p[..j].iter().any(|x| x.possessive) || said_by_a_person(p, j))
    })
}

/// A conflict named and one side said to prevail ("Where an excerpt and the doctor's advice
/// differ, the excerpt counts", "where they do not match, the triage level is used", "When the
/// two are different, use the excerpt", "where they differ, the doctor's advice does not
/// count"): where the sides are a text the clinic API returns and a person's judgement or words,
/// a rank of the text over the person, whatever the verb of weight. `prev` is the clause
/// before, where the conflict may be named. A person's side said to prevail passes.
pub(super) fn ranked_where_they_differ(prev: &[&Tok], clause: &[&Tok], out: &mut Vec<Violation>) {
    use super::who_gets::parts_of;
    let here_conflict = (0..clause.len()).any(|k| conflict_at(clause, k));
    if !here_conflict && !(0..prev.len()).any(|k| conflict_at(prev, k)) {
        return;
    }
    // a person's judgement or words is one of the sides, in the conflict's clause or this one
    let window: Vec<&Tok> = if here_conflict {
        clause.to_vec()
    } else {
        prev.iter().chain(clause).copied().collect()
    };
    let persons = parts_of(&window).into_iter().any(|p| {
        let judging = (0..p.len()).any(|j| {
            is_word(p[j], JUDGEMENT) && !is_word(p[j], &["word", "say"])
                || is_word(p[j], SOURCES)
                    && (p[..j].iter().any(|x| x.possessive && is_word(x, PEOPLE))
                        || said_by_a_person(p, j))
        });
        // (a person as a side: "where the doctor differs")
        let differs = (1..p.len()).any(|j| {
            conflict_at(p, j)
                && p[..j]
                    .iter()
                    .rev()
                    .find(|x| !is_word(x, MODALS) && !is_word(x, &["do", "does", "often", "not"]))
                    .is_some_and(|x| is_word(x, PEOPLE) && !x.possessive)
        });
        judging || differs
    });
    if !persons {
        return;
    }
    // (the side that prevails is said after the conflict: "where they differ, the excerpt
    // counts")
    let mut after = !here_conflict;
    for part in parts_of(clause) {
        // (the conflict's own part names the sides, not the one that prevails)
        if (0..part.len()).any(|k| conflict_at(part, k)) {
            after = true;
            continue;
        }
        if !after {
            continue;
        }
        let negated = part
            .iter()
            .any(|t| is_word(t, NEGATIONS) || is_word(t, &["no", "nothing"]));
        let skip = |t: &&Tok| {
            is_word(t, DETERMINERS)
                || is_word(t, COPULAS)
                || is_word(t, MODALS)
                || is_word(
                    t,
                    &[
                        "then", "also", "still", "always", "only", "what", "one", "the", "does",
                        "do", "did", "has", "have", "gets", "get", "comes", "come", "goes", "go",
                        "instead", "so", "it",
                    ],
                )
        };
        // the side before a verb of prevailing, or the object of a verb that takes a side
        let side: Option<(usize, Vec<&Tok>)> = (0..part.len())
            .find(|&v| is_word(part[v], PREVAILS))
            .map(|v| (v, part[..v].iter().filter(|t| !skip(t)).copied().collect()))
            .filter(|(_, s): &(usize, Vec<&Tok>)| !s.is_empty())
            .or_else(|| {
                (0..part.len())
                    .find(|&v| is_word(part[v], TAKES_SIDE))
                    .map(|v| {
                        (
                            v,
                            part[v + 1..]
                                .iter()
                                .filter(|t| !skip(t))
                                .copied()
                                .collect::<Vec<&Tok>>(),
                        )
                    })
                    .filter(|(_, s)| !s.is_empty())
            });
        let Some((v, side)) = side else {
            continue;
        };
        // a text said to prevail, or a person's judgement said not to
        let person = a_persons_side(&side);
        if person == negated {
            push(
                out,
                Rule::Directive,
                part[v],
                format!(
                    "\"{}\": a conflict named and a text said to prevail over a person's judgement; say what the value is, not that it decides",
                    part[v].text
                ),
            );
            return;
        }
    }
}
