//! A clinic's scope: the clinics are tenants, and a tool a doctor calls reaches the doctor's own
//! clinic alone (and, for the protocols, the shared ones every clinic reads).

use super::*;

/// The places a tenant's reach is said over (and whose own time a text may name).
pub(super) const CLINICS: &[&str] = &[
    "clinic",
    "clinics",
    "tenant",
    "tenants",
    "practice",
    "practices",
    "site",
    "sites",
    "hospital",
    "hospitals",
    "location",
    "locations",
    "branch",
    "branches",
    "network",
];

/// Words that say many or others of a kind ("every clinic", "the other clinics", "any site").
const MANY: &[&str] = &[
    "every",
    "all",
    "each",
    "any",
    "other",
    "others",
    "another",
    "different",
    "several",
    "many",
    "whatever",
    "whichever",
    "both",
    "whole",
    "entire",
    "across",
    "throughout",
    "everywhere",
    "anywhere",
    "wide",
];

/// A doctor's tool said to reach many or other clinics, by any verb or phrase ("The list
/// covers every clinic", "The search reaches other clinics too", "appointments of all clinics
/// are listed", "it spans the clinics", "across clinics"): a doctor's tool answers only the
/// doctor's own clinic (and the shared protocols), so the agent tells a doctor another clinic's
/// data is in the answer, or that no other clinic has a protocol. Read in each sentence; a
/// sentence that denies or refuses the reach ("Protocols of other clinics are not searched",
/// "another clinic's appointment gives `FORBIDDEN`"), the shared protocols ("shared by every
/// clinic"), or a clinic's own fact ("each clinic has its own oncall doctor") passes.
/// `doctors_only`: the tool's callers are the doctors alone.
pub(super) fn clinic_scope_widened(
    s: &[Tok],
    tool: &str,
    doctors_only: bool,
    out: &mut Vec<Violation>,
) {
    if !doctors_only {
        return;
    }
    // (a denial or a refusal anywhere in the sentence bounds the reach it names; "not only"
    // widens it)
    let bounded = s.iter().enumerate().any(|(k, x)| {
        (is_word(x, NEGATIONS) || is_word(x, &["no"]))
            && !is_word_at(s, k + 1, &["only", "just", "merely", "solely"])
            || is_word(
                x,
                &[
                    "except",
                    "excluded",
                    "excludes",
                    "outside",
                    "beyond",
                    "refused",
                    "forbidden",
                    "hidden",
                    "denied",
                    "instead",
                    "rather",
                    "unlike",
                    "nobody",
                    "none",
                    "out",
                    "omitted",
                    "omits",
                    "unavailable",
                    "invisible",
                    "unless",
                    "apart",
                    "without",
                    "unknown",
                    "error",
                    "errors",
                ],
            )
            || x.kind == Kind::Ident && crate::codes::http_status(&x.text).is_some()
            || is_word(x, &["only"]) && !(k >= 1 && is_word(&s[k - 1], NEGATIONS))
            || x.kind == Kind::Ident && crate::codes::known_code(x.text.trim_matches('`'))
    });
    if bounded {
        return;
    }
    let hit = (0..s.len()).find(|&k| {
        if !is_word(&s[k], CLINICS) {
            return false;
        }
        // many or others: "every clinic", "the other clinics", "all the clinics", "clinics
        // all", "across clinics"
        let mut j = k;
        while j >= 1 && (is_word(&s[j - 1], DETERMINERS) || is_word(&s[j - 1], MANY)) {
            j -= 1;
        }
        // (a plural alone names no reach: "Ids of the clinics of the protocol")
        let many = s[j..k].iter().any(|x| is_word(x, MANY))
            || is_word_at(s, k + 1, &["all", "alike", "too", "wide"]);
        if !many {
            return false;
        }
        // the shared protocols are every clinic's: "shared by every clinic", "common to all
        // clinics", "protocols for every clinic"
        let shared = tool.contains("protocol")
            && (is_word_at(s, j.wrapping_sub(1), &["for"])
                || s.iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "shared",
                            "share",
                            "shares",
                            "common",
                            "general",
                            "open",
                            "visible",
                            "available",
                            "public",
                            "null",
                        ],
                    )
                }));
        // a clinic's own fact: "every clinic has an oncall doctor", "each clinic keeps its
        // zone"
        let own_fact = is_word_at(s, k + 1, &["has", "have", "keeps", "keep", "owns", "own"])
            && (j == 0 || s[j - 1].kind != Kind::Word);
        !shared && !own_fact
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            &s[k],
            "a doctor's tool said to reach many or other clinics: the clinics are tenants, and it answers only the doctor's own clinic (and the shared protocols)".to_owned(),
        );
    }
}
