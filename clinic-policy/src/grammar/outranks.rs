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
        let owner = t.text.trim_end_matches("'s");
        if is_word(t, PEOPLE) || PEOPLE.contains(&owner) || is_word(t, JUDGEMENT) {
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
    let hit = (0..n).find(|&k| {
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
                        .any(|x| is_word(x, JUDGEMENT) || x.text.ends_with("'s"))));
        let more = is_word(t, &["more", "higher", "rather", "stronger", "greater"])
            && w(k + 1, &["than"])
            && clause[k + 2..]
                .iter()
                .take(4)
                .any(|x| is_word(x, JUDGEMENT) || x.text.ends_with("'s"))
            && person_or_judgement(clause, k + 2);
        let ranks = is_word(t, RANKING);
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
    });
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
