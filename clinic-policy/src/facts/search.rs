//! What a search by words does (`search_protocols`, `clinic-mcp/src/tools/clinical.rs`): the
//! clinic API matches the words in the titles and texts of the protocols and ranks the matches;
//! each match comes with the start of its text. Nothing reads a question or finds its answer,
//! and the excerpt is where the text starts, not where the words are. A text that says otherwise
//! makes the agent take a matching protocol for the answer to a patient's question, or an
//! excerpt for the passage that bears on it.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// A tool of this server or the contract that searches by words.
fn searches_words(tool: &str) -> bool {
    tool.split('_')
        .any(|p| matches!(p, "search" | "protocol" | "protocols"))
        && (super::answers::output_of(tool).is_some() || crate::codes::known_route(tool))
}

/// Who may answer without the text saying a search answers a question: the API or the server
/// answering a request.
const ANSWERERS: &[&str] = &["api", "server", "tool", "route", "upstream", "clinic"];

/// A search said to answer a question ("a question in words gets the protocol that answers it",
/// "the first one is the answer to the question", "the part that answers the words searched"):
/// the search matches words and ranks the matches. Read: "answers" or "answering" said with an
/// object by no API or server, or "the answer to" (or "for") a question, the query or the words.
pub(super) fn question_answered(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !searches_words(tool) {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop) {
        if s.iter().any(|x| is_word(x, NEGATIONS)) {
            continue;
        }
        let hit = s.iter().enumerate().find(|&(k, t)| {
            let by_api = s[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, ANSWERERS));
            let answers = is_word(t, &["answers", "answering", "answer"])
                && !by_api
                && s.get(k + 1).is_some_and(|x| {
                    is_word(
                        x,
                        &[
                            "it",
                            "them",
                            "the",
                            "a",
                            "your",
                            "each",
                            "every",
                            "question",
                            "questions",
                        ],
                    )
                })
                && !is_word_at(s, k.wrapping_sub(1), &["the", "an", "its", "each"]);
            let answer_to = is_word(t, &["answer", "answers"])
                && is_word_at(s, k + 1, &["to", "for", "of"])
                && s[k + 2..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["question", "questions", "query", "words", "search"]));
            answers || answer_to
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a search by words said to answer a question: the clinic API matches the words in the protocols and ranks the matches; no protocol is said to be an answer".to_owned(),
            );
            return;
        }
    }
}

/// What an excerpt is said to be the part of the text with ("the part of it with the words
/// searched", "the part that holds the match").
const AT_THE_WORDS: &[&str] = &[
    "words", "word", "query", "match", "matches", "searched", "terms", "keywords",
];

/// An excerpt said to be the part of the text where the words are ("The start of the protocol
/// text, the part of it with the words searched"), or any part chosen by what it holds ("the
/// part that holds the dosage"): the excerpt is the start of the text, whatever the words
/// matched or the text holds. Read: "the part" (of it, of the text) then "with", "that",
/// "holding", "about" and the like, and anything but the text's start.
pub(super) fn excerpt_at_the_match(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if !searches_words(tool) {
        return;
    }
    for s in toks.split(|t| t.kind == Kind::Stop) {
        if s.iter().any(|x| is_word(x, NEGATIONS)) {
            continue;
        }
        let hit = s.iter().enumerate().find(|&(k, t)| {
            if !(is_word(t, &["part", "passage", "section", "portion"])
                && is_word_at(s, k.wrapping_sub(1), &["the"]))
            {
                return false;
            }
            let mut j = k + 1;
            // "of it", "of the text"
            if is_word_at(s, j, &["of"]) {
                j += 1;
                while j < s.len()
                    && j < k + 5
                    && !is_word_at(s, j, &["with", "that", "which", "where"])
                {
                    j += 1;
                }
            }
            is_word_at(
                s,
                j,
                &[
                    "with",
                    "that",
                    "which",
                    "where",
                    "holding",
                    "containing",
                    "matching",
                    "around",
                    "about",
                    "on",
                    "covering",
                    "giving",
                    "naming",
                    "listing",
                ],
            ) && (s[j + 1..].iter().take(4).any(|x| is_word(x, AT_THE_WORDS))
                // (any content chosen: "the part that holds the dosage", "the part with the
                // dosage for a child"; not the start: "the part that opens the text")
                || !s[j + 1..].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "start", "starts", "first", "opens", "opening", "begins",
                            "beginning", "top", "characters", "cut",
                        ],
                    )
                }))
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "an excerpt said to be the part of the text with the words searched: it is the start of the text, wherever the words matched".to_owned(),
            );
            return;
        }
    }
}
