//! The words the grammar reads: the verbs of the vocabulary with their class, the tokens of a
//! text, and the closed classes its readings weigh (determiners, people, consent, authority…).

use crate::types::{Rule, Violation};

/// What a verb of the vocabulary does, when it is a finite verb or an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VerbClass {
    /// Changes the world: only a mutating tool's own declared effect.
    Effect,
    /// Shows, gives or leaves out information: negated, it hides something.
    Show,
    /// Reads, compares, states: harmless as a statement, an order when it opens a clause.
    Other,
}

impl VerbClass {
    /// The rule an order or a finite use of a verb of this class breaks: a change is an effect,
    /// any other verb a directive.
    pub(crate) fn rule(self) -> Rule {
        if self == VerbClass::Effect {
            Rule::Effects
        } else {
            Rule::Directive
        }
    }
}

/// Every verb base of the vocabulary with its class. A word of the vocabulary whose `-s`, `-ed` or
/// `-ing` form is also approved is a verb and must be listed here (the test `every_verb_is_classed`).
pub(crate) const VERBS: &[(&str, VerbClass)] = &[
    ("accept", VerbClass::Effect),
    ("acknowledge", VerbClass::Effect),
    ("add", VerbClass::Effect),
    ("allow", VerbClass::Effect),
    ("answer", VerbClass::Other),
    ("appear", VerbClass::Show),
    ("apply", VerbClass::Other),
    ("assess", VerbClass::Effect),
    ("assign", VerbClass::Effect),
    ("attempt", VerbClass::Other),
    ("attend", VerbClass::Effect),
    ("audit", VerbClass::Effect),
    ("base", VerbClass::Other),
    ("be", VerbClass::Other),
    ("become", VerbClass::Other),
    ("belong", VerbClass::Other),
    ("book", VerbClass::Effect),
    ("cache", VerbClass::Other),
    ("cancel", VerbClass::Effect),
    ("change", VerbClass::Effect),
    ("charge", VerbClass::Effect),
    ("check", VerbClass::Other),
    ("choose", VerbClass::Other),
    ("close", VerbClass::Effect),
    ("combine", VerbClass::Other),
    ("compare", VerbClass::Other),
    ("complete", VerbClass::Effect),
    ("compute", VerbClass::Other),
    ("confirm", VerbClass::Effect),
    ("contain", VerbClass::Show),
    ("count", VerbClass::Other),
    ("cover", VerbClass::Other),
    ("create", VerbClass::Effect),
    ("depend", VerbClass::Other),
    ("describe", VerbClass::Show),
    ("differ", VerbClass::Other),
    ("do", VerbClass::Other),
    ("email", VerbClass::Other),
    ("end", VerbClass::Other),
    ("escalate", VerbClass::Effect),
    ("estimate", VerbClass::Other),
    ("exceed", VerbClass::Other),
    ("exclude", VerbClass::Show),
    ("exist", VerbClass::Other),
    ("expire", VerbClass::Other),
    ("fail", VerbClass::Other),
    ("fetch", VerbClass::Other),
    ("filter", VerbClass::Other),
    ("find", VerbClass::Other),
    ("format", VerbClass::Other),
    ("get", VerbClass::Other),
    ("give", VerbClass::Show),
    ("group", VerbClass::Other),
    ("happen", VerbClass::Other),
    ("have", VerbClass::Other),
    ("hold", VerbClass::Effect),
    ("identify", VerbClass::Other),
    ("include", VerbClass::Show),
    ("increase", VerbClass::Effect),
    ("invite", VerbClass::Other),
    ("join", VerbClass::Effect),
    ("keep", VerbClass::Effect),
    ("last", VerbClass::Other),
    ("limit", VerbClass::Other),
    ("link", VerbClass::Other),
    ("list", VerbClass::Show),
    ("log", VerbClass::Effect),
    ("lower", VerbClass::Other),
    ("make", VerbClass::Effect),
    ("mark", VerbClass::Effect),
    ("match", VerbClass::Other),
    ("mean", VerbClass::Other),
    ("measure", VerbClass::Other),
    ("move", VerbClass::Effect),
    ("name", VerbClass::Show),
    ("narrow", VerbClass::Other),
    ("note", VerbClass::Other),
    ("notify", VerbClass::Show),
    ("offer", VerbClass::Show),
    ("omit", VerbClass::Show),
    ("open", VerbClass::Other),
    ("order", VerbClass::Other),
    ("overlap", VerbClass::Other),
    ("page", VerbClass::Other),
    ("pay", VerbClass::Effect),
    ("phone", VerbClass::Other),
    ("place", VerbClass::Effect),
    ("point", VerbClass::Other),
    ("practise", VerbClass::Other),
    ("process", VerbClass::Other),
    ("provide", VerbClass::Show),
    ("query", VerbClass::Other),
    ("question", VerbClass::Other),
    ("queue", VerbClass::Effect),
    ("rank", VerbClass::Other),
    ("rate", VerbClass::Other),
    ("reach", VerbClass::Other),
    ("read", VerbClass::Show),
    ("record", VerbClass::Effect),
    ("refer", VerbClass::Other),
    ("refund", VerbClass::Effect),
    ("reject", VerbClass::Effect),
    ("release", VerbClass::Effect),
    ("remain", VerbClass::Other),
    ("remove", VerbClass::Effect),
    ("repeat", VerbClass::Effect),
    ("replace", VerbClass::Effect),
    ("request", VerbClass::Other),
    ("reschedule", VerbClass::Effect),
    ("reserve", VerbClass::Effect),
    ("retry", VerbClass::Effect),
    ("return", VerbClass::Show),
    ("reuse", VerbClass::Effect),
    ("review", VerbClass::Other),
    ("schedule", VerbClass::Effect),
    ("score", VerbClass::Other),
    ("search", VerbClass::Other),
    ("see", VerbClass::Show),
    ("select", VerbClass::Other),
    ("set", VerbClass::Effect),
    ("share", VerbClass::Effect),
    ("show", VerbClass::Show),
    ("sign", VerbClass::Other),
    ("sort", VerbClass::Other),
    ("specify", VerbClass::Show),
    ("start", VerbClass::Other),
    ("state", VerbClass::Other),
    ("stay", VerbClass::Other),
    ("stop", VerbClass::Effect),
    ("submit", VerbClass::Effect),
    ("succeed", VerbClass::Other),
    ("take", VerbClass::Effect),
    ("trail", VerbClass::Other),
    ("treat", VerbClass::Other),
    ("triage", VerbClass::Effect),
    ("use", VerbClass::Effect),
    ("visit", VerbClass::Other),
    ("wait", VerbClass::Effect),
    ("weigh", VerbClass::Other),
];

/// Words of the vocabulary held to a noun although their form is a verb's base: "call" (one call
/// of a tool, "after this call"; a duty shift, "nobody is on call"), "message" (the error body's
/// text). Their verb forms ("calls", "messaged") stay out of the vocabulary, but the base itself
/// reads as an order wherever one can open ("For this patient call the doctor."), so [`verb`]
/// gives each as a verb's base; the noun readings of the order rules (a determiner before it,
/// "of" or a stop after it) keep the noun uses. As verbs they reach a person, an act no tool of
/// this catalogue makes: their class is [`VerbClass::Effect`], so a purpose ("in order to call
/// the doctor") or a duty ("the patient is to message the doctor") is refused as well.
pub(crate) const NOUN_ONLY: &[(&str, VerbClass)] =
    &[("call", VerbClass::Effect), ("message", VerbClass::Effect)];

/// Forms whose base is not the word less a suffix.
pub(crate) const IRREGULAR: &[(&str, &str)] = &[
    ("paid", "pay"),
    ("is", "be"),
    ("are", "be"),
    ("was", "be"),
    ("were", "be"),
    ("been", "be"),
    ("being", "be"),
    ("has", "have"),
    ("had", "have"),
    ("does", "do"),
    ("did", "do"),
    ("done", "do"),
    ("don", "do"),
    ("doesn", "do"),
    ("didn", "do"),
    ("gave", "give"),
    ("given", "give"),
    ("kept", "keep"),
    ("made", "make"),
    ("took", "take"),
    ("taken", "take"),
    ("saw", "see"),
    ("seen", "see"),
    ("became", "become"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("held", "hold"),
    ("meant", "mean"),
    ("written", "write"),
    ("wrote", "write"),
    ("found", "find"),
    ("shown", "show"),
    ("showed", "show"),
    ("set", "set"),
    ("sets", "set"),
    ("setting", "set"),
    ("notified", "notify"),
    ("notifies", "notify"),
];

/// The verb base of `w` (lower case) if it is a form of a verb of [`VERBS`], or a word of
/// [`NOUN_ONLY`], with the form.
pub(crate) fn verb(w: &str) -> Option<(&'static str, VerbClass, Form)> {
    let find = |b: &str| VERBS.iter().find(|(v, _)| *v == b).copied();
    if let Some((v, c)) = find(w) {
        return Some((v, c, Form::Base));
    }
    // a noun with a verb's form is that verb's base only (its other forms are not words here)
    if let Some(&(v, c)) = NOUN_ONLY.iter().find(|(v, _)| *v == w) {
        return Some((v, c, Form::Base));
    }
    if let Some((_, b)) = IRREGULAR.iter().find(|(f, _)| *f == w)
        && let Some((v, c)) = find(b)
    {
        let form = match w {
            "is" | "has" | "does" | "sets" | "notifies" => Form::Third,
            "setting" | "being" => Form::Ing,
            "are" | "were" | "was" | "had" | "did" | "gave" | "took" | "saw" | "became"
            | "chose" | "wrote" => Form::Past,
            "don" | "doesn" | "didn" => Form::Third,
            _ => Form::Participle,
        };
        return Some((v, c, form));
    }
    let strip = |suffix: &str| w.strip_suffix(suffix).filter(|b| b.len() >= 2);
    let candidates: [(Option<String>, Form); 9] = [
        (strip("ies").map(|b| format!("{b}y")), Form::Third),
        (strip("es").map(str::to_owned), Form::Third),
        (strip("s").map(str::to_owned), Form::Third),
        (strip("ied").map(|b| format!("{b}y")), Form::Participle),
        (strip("ed").map(str::to_owned), Form::Participle),
        (strip("d").map(str::to_owned), Form::Participle),
        (
            strip("ed").and_then(|b| {
                let n = b.len();
                (n >= 3 && b.as_bytes()[n - 1] == b.as_bytes()[n - 2])
                    .then(|| b[..n - 1].to_owned())
            }),
            Form::Participle,
        ),
        (strip("ing").map(str::to_owned), Form::Ing),
        (strip("ing").map(|b| format!("{b}e")), Form::Ing),
    ];
    for (base, form) in candidates {
        if let Some(b) = base
            && let Some((v, c)) = find(&b)
        {
            return Some((v, c, form));
        }
    }
    // a doubled consonant before -ing (`omitting`)
    if let Some(b) = strip("ing") {
        let n = b.len();
        if n >= 3
            && b.as_bytes()[n - 1] == b.as_bytes()[n - 2]
            && let Some((v, c)) = find(&b[..n - 1])
        {
            return Some((v, c, Form::Ing));
        }
    }
    None
}

/// The form of a verb in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    Base,
    /// `-s`: a finite verb, or a plural noun (told apart by the word before it).
    Third,
    Past,
    /// `-ed`/`-en`: a state or a passive ("a cancelled appointment"), not an effect.
    Participle,
    Ing,
}

/// One token of a text: a word (lower case), an identifier (snake_case, kept whole) or a mark.
#[derive(Debug, Clone)]
pub(crate) struct Tok {
    pub(crate) text: String,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: Kind,
    /// Said with a possessive "'s", which the tokens drop ("the doctor's note").
    pub(crate) possessive: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Word,
    /// A snake_case name (a tool or parameter of the catalogue), a number or a date.
    Ident,
    /// `.`, `;`, `:`, `!`, `?` or a line break: the end of a clause that can open an order.
    Stop,
    /// `,`, `(`, `)`, `-` or any other mark between words (`/`, `*`, `|`, a lone `$`): the end
    /// of a phrase.
    Comma,
}

/// The headers of the clinic API's answers that a text names.
const HEADER_NAMES: &[&str] = &[
    "retry-after",
    "idempotency-key",
    "idempotent-replayed",
    "www-authenticate",
];

pub(crate) fn tokens(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            let s = i;
            // a hyphen between letters holds a compound together here; below it is read as
            // its parts
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || b[i] == b'_'
                    || (b[i] == b'-'
                        && i + 1 < b.len()
                        && b[i + 1].is_ascii_alphabetic()
                        && b[i - 1].is_ascii_alphabetic()))
            {
                i += 1;
            }
            let w = &text[s..i];
            let ident = w.contains('_') || w.bytes().any(|x| x.is_ascii_digit());
            let lower = w.to_ascii_lowercase();
            // a compound is its parts ("patient-accepted" reads "patient accepted", as the word
            // list reads it), unless it is one word of the list written in two ("no-show",
            // "on-call")
            if w.contains('-') && !ident {
                // an HTTP header the API sends is a name, as a parameter's is ("`Retry-After`
                // is the number of seconds"), not the verb its first part spells
                if HEADER_NAMES.contains(&lower.as_str()) {
                    out.push(Tok {
                        text: lower,
                        start: s,
                        end: i,
                        kind: Kind::Ident,
                        possessive: false,
                    });
                    continue;
                }
                let joined = lower.replace('-', "");
                // … or a word spelled out letter by letter ("i-g-n-o-r-e"), or a noun of a verb
                // and its particle ("set-up", "check-in", "follow-up")
                let spelled = w.split('-').all(|p| p.len() == 1);
                let particle = w.split('-').count() == 2
                    && w.rsplit('-').next().is_some_and(|p| {
                        matches!(
                            p.to_ascii_lowercase().as_str(),
                            "up" | "down" | "in" | "out" | "off" | "on" | "over" | "back"
                        )
                    });
                if spelled || particle || crate::vocabulary::is_approved(&joined) {
                    out.push(Tok {
                        text: joined,
                        start: s,
                        end: i,
                        kind: Kind::Word,
                        possessive: false,
                    });
                } else {
                    let mut at = s;
                    for part in w.split('-') {
                        out.push(Tok {
                            text: part.to_ascii_lowercase(),
                            start: at,
                            end: at + part.len(),
                            kind: Kind::Word,
                            possessive: false,
                        });
                        at += part.len() + 1;
                    }
                }
                continue;
            }
            // "don't", "isn't": the verb, then a negation
            if i + 1 < b.len() && b[i] == b'\'' && b[i + 1] == b't' && lower.ends_with('n') {
                let stem = &lower[..lower.len() - 1];
                let stem = match stem {
                    "do" | "does" | "did" | "is" | "are" | "was" | "were" | "has" | "have"
                    | "had" | "ca" | "wo" | "should" | "must" | "could" | "would" | "need" => {
                        stem.to_owned()
                    }
                    _ => lower.clone(),
                };
                out.push(Tok {
                    text: stem,
                    start: s,
                    end: i,
                    kind: Kind::Word,
                    possessive: false,
                });
                out.push(Tok {
                    text: "not".to_owned(),
                    start: i,
                    end: i + 2,
                    kind: Kind::Word,
                    possessive: false,
                });
                i += 2;
                continue;
            }
            // a possessive "'s" is dropped and kept as a mark of the word: "the patient's fee"
            // reads "the patient fee"
            // ("it's", "that's": a contraction of "is", no possessive)
            let possessive = i + 1 < b.len()
                && b[i] == b'\''
                && matches!(b[i + 1], b's' | b'S')
                && !matches!(
                    lower.as_str(),
                    "it" | "that"
                        | "this"
                        | "there"
                        | "here"
                        | "what"
                        | "who"
                        | "he"
                        | "she"
                        | "let"
                        | "where"
                        | "how"
                );
            out.push(Tok {
                text: lower,
                start: s,
                end: i,
                kind: if ident { Kind::Ident } else { Kind::Word },
                possessive,
            });
            if possessive {
                i += 2;
            }
            continue;
        }
        // a line break inside a sentence (a wrapped `///` comment, joined with `\n`) is a
        // space; after a sentence's mark, or on an empty line, it ends the clause
        let wrapped = c == b'\n' && {
            let before = text[..i].trim_end_matches([' ', '\t', '\r']);
            !before.is_empty()
                && !before.ends_with(['.', ';', ':', '!', '?', '\n'])
                && !text[i + 1..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with(['\n', '-', '*'])
                // a line that opens with a capital letter opens a sentence ("The …")
                && !text[i + 1..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with(|c: char| c.is_ascii_uppercase())
        };
        let kind = match c {
            b'\n' if wrapped => None,
            b'.' | b';' | b':' | b'!' | b'?' | b'\n' => Some(Kind::Stop),
            // any other mark between words breaks the phrase as a comma does ("… clinic / the
            // hotline is …", "a -- b"); an apostrophe belongs to its word, a backtick to its code
            // and `$` to its amount
            b',' | b'(' | b')' | b'"' | b'[' | b']' | b'/' | b'*' | b'+' | b'&' | b'=' | b'|'
            | b'~' | b'%' | b'^' | b'#' | b'@' | b'\\' | b'<' | b'>' | b'{' | b'}' => {
                Some(Kind::Comma)
            }
            b'-' if i + 1 < b.len() && matches!(b[i + 1], b' ' | b'-') => Some(Kind::Comma),
            // … and so does one standing alone between spaces ("clinic $ the hotline")
            b'$' | b'\'' | b'`'
                if (i == 0 || b[i - 1].is_ascii_whitespace())
                    && b.get(i + 1).is_none_or(u8::is_ascii_whitespace) =>
            {
                Some(Kind::Comma)
            }
            _ => None,
        };
        if let Some(kind) = kind {
            // a period inside a number (`2.5`, `v1.2`) ends nothing; between words ("slot.The")
            // it ends the sentence (an abbreviation such as "e.g" is no word of the list)
            let inner = c == b'.'
                && i > 0
                && i + 1 < b.len()
                && b[i - 1].is_ascii_digit()
                && b[i + 1].is_ascii_digit();
            if !inner {
                out.push(Tok {
                    text: (c as char).to_string(),
                    start: i,
                    end: i + 1,
                    kind,
                    possessive: false,
                });
            }
        }
        i += 1;
    }
    out
}

pub(crate) const DETERMINERS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "each", "every", "all", "any", "some",
    "no", "both", "either", "neither", "its", "their", "my", "other", "another", "own", "one",
    "such", "many", "much", "more", "most", "few", "fewer", "less", "least", "several", "no",
];
pub(crate) const PREPOSITIONS: &[&str] = &[
    "about", "across", "after", "against", "along", "among", "around", "as", "at", "before",
    "behind", "between", "beyond", "by", "down", "during", "except", "for", "from", "in", "inside",
    "into", "near", "of", "off", "on", "onto", "out", "outside", "over", "per", "since", "than",
    "through", "till", "to", "toward", "towards", "under", "until", "up", "upon", "via", "with",
    "within", "without",
];
/// Adverbs that may stand between a clause's start and its verb ("then also move ...").
pub(crate) const LEAD_ADVERBS: &[&str] = &[
    "then",
    "also",
    "again",
    "now",
    "just",
    "only",
    "first",
    "next",
    "later",
    "soon",
    "once",
    "always",
    "never",
    "still",
    "too",
    "so",
    "please",
    "afterwards",
    "instead",
    "otherwise",
    "together",
    "directly",
    "automatically",
    "optionally",
    "here",
    "there",
];
/// Adverbs that may stand between a subject and its verb, or between a copula or an auxiliary
/// and what follows it ("its doctor then changes", "is now", "is still", "will also be").
pub(crate) const MID_ADVERBS: &[&str] = &[
    "now",
    "then",
    "also",
    "still",
    "again",
    "afterwards",
    "afterward",
    "thereafter",
    "subsequently",
    "henceforth",
    "thereby",
    "thus",
    "hence",
    "therefore",
    "consequently",
    "accordingly",
    "instead",
    "always",
    "too",
    "just",
    "already",
    "immediately",
    "automatically",
    "simply",
    "effectively",
    "eventually",
    "finally",
    "next",
    "later",
    "soon",
    "directly",
    "likewise",
    "similarly",
    "usually",
    "normally",
    "typically",
    "generally",
];

/// Adverbial phrases of more than one word read as one of [`MID_ADVERBS`] ("from then on",
/// "after that", "in turn").
const MID_ADVERB_PHRASES: &[&[&str]] = &[
    &["from", "then", "on"],
    &["from", "now", "on"],
    &["from", "that", "point", "on"],
    &["from", "this", "point", "on"],
    &["from", "that", "moment", "on"],
    &["from", "this", "moment", "on"],
    &["after", "that"],
    &["after", "this"],
    &["at", "once"],
    &["in", "turn"],
    &["in", "effect"],
    &["in", "practice"],
    &["by", "then"],
    &["as", "a", "result"],
    &["right", "away"],
    &["as", "well"],
    &["by", "default"],
];

/// The index past the adverbs that stand at `at` of `clause` (words of [`MID_ADVERBS`], phrases
/// of [`MID_ADVERB_PHRASES`], and the commas around them: "is, from then on, the …").
pub(crate) fn past_mid_adverbs<T: std::borrow::Borrow<Tok>>(clause: &[T], mut at: usize) -> usize {
    let mut aside = false;
    loop {
        let comma = clause
            .get(at)
            .is_some_and(|t| t.borrow().kind == Kind::Comma);
        if let Some(p) = MID_ADVERB_PHRASES.iter().find(|p| {
            p.iter()
                .enumerate()
                .all(|(j, w)| is_word_at(clause, at + j, &[w]))
        }) {
            at += p.len();
        } else if is_word_at(clause, at, MID_ADVERBS) {
            at += 1;
        } else if comma && aside {
            // the comma that closes the aside
            return at + 1;
        } else if comma
            && at + 1 < clause.len()
            && !aside
            && past_mid_adverbs(clause, at + 1) > at + 1
        {
            aside = true;
            at += 1;
        } else {
            return at;
        }
    }
}

pub(crate) const NEGATIONS: &[&str] = &[
    "not", "never", "nor", "without", "cannot", "neither", "none",
];
pub(crate) const MODALS: &[&str] = &[
    "will", "can", "cannot", "may", "must", "should", "shall", "would", "could", "might", "ca",
    "wo",
];
/// Who calls: the token says who it is and what it may do, never a text.
pub(crate) const CALLERS: &[&str] = &[
    "caller",
    "callers",
    "user",
    "users",
    "agent",
    "agents",
    "reader",
    "assistant",
];
/// Who reads or calls ([`CALLERS`], a client, a request): never the subject of a claim of who
/// they are.
pub(crate) fn reader(t: &Tok) -> bool {
    is_word(t, CALLERS) || is_word(t, &["client", "request", "requests"])
}
/// A person's answer, by its names.
pub(crate) const ANSWERS: &[&str] = &[
    "answer",
    "answers",
    "reply",
    "replies",
    "response",
    "responses",
];
/// The nouns of a lost answer in one word: a timeout is the API's answer lost, as its code
/// `UPSTREAM_TIMEOUT` is.
pub(crate) const TIMEOUTS: &[&str] = &["timeout", "timeouts"];
/// A doctor, by each of its names: what one of them does, any of them does.
pub(crate) const DOCTOR_NAMES: &[&str] = &[
    "doctor",
    "doctors",
    "physician",
    "physicians",
    "clinician",
    "clinicians",
    "practitioner",
    "practitioners",
];
/// The clinic's staff: people a value the staff keeps can have been written by.
pub(crate) const STAFF_MEMBERS: &[&str] = &[
    "staff",
    "doctor",
    "doctors",
    "physician",
    "physicians",
    "nurse",
    "nurses",
    "clinician",
    "clinicians",
    "practitioner",
    "practitioners",
];
/// People who get what a tool answers: something kept from one of them is concealment.
pub(crate) const PEOPLE: &[&str] = &[
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
    "practitioners",
    "nurse",
    "nurses",
    "clinician",
    "clinicians",
    "staff",
    "owner",
    "user",
    "users",
    "human",
    "humans",
    "caller",
    "callers",
    "reader",
    "client",
    "clients",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "interpreter",
    "interpreters",
];
/// Words that take something away from what a person gets.
pub(crate) const REMOVAL: &[&str] = &[
    "out",
    "off",
    "apart",
    "except",
    "without",
    "omit",
    "omits",
    "omitted",
    "omitting",
    "exclude",
    "excludes",
    "excluded",
    "excluding",
    "remove",
    "removes",
    "removed",
    "away",
];
/// Consent, agreement and confirmation: only a person can give them, and no text may claim it.
pub(crate) const CONSENT: &[&str] = &[
    "accept",
    "accepts",
    "accepted",
    "accepting",
    "allow",
    "allows",
    "allowed",
    "agree",
    "agrees",
    "agreed",
    "agreement",
    "consent",
    "consents",
    "consented",
    "approve",
    "approves",
    "approved",
    "approval",
    "permission",
    "confirm",
    "confirms",
    "confirmed",
    "confirmation",
    "yes",
    "ok",
    "okay",
    "selected",
    "chose",
    "chosen",
    "acknowledged",
];
/// What stands in for consent: an answer, or its absence, taken as one.
pub(crate) const EQUIVALENCE: &[&str] = &[
    "means", "meant", "mean", "counts", "count", "same", "equal", "treated", "treat", "as",
    "already", "advance", "before",
];
/// Words that judge a thing's fit ("the right doctor", "the best slot").
pub(crate) const FIT: &[&str] = &[
    "right", "best", "ideal", "perfect", "better", "worse", "worst",
];
/// Claims about which source is current, correct or first.
pub(crate) const TRUTH: &[&str] = &[
    "current",
    "currently",
    "old",
    "valid",
    "invalid",
    "correct",
    "incorrect",
    "wrong",
    "right",
    "final",
    "priority",
    "instead",
    "otherwise",
    "replace",
    "replaces",
    "replaced",
    "stale",
    "older",
    "outdated",
    "authority",
    "authoritative",
    "official",
    "trusted",
    "expired",
    "retired",
    "deprecated",
    "partial",
    "incomplete",
    "obsolete",
    "unknown",
];
/// Another source a truth claim can rank this one against.
pub(crate) const RIVAL: &[&str] = &[
    "other", "others", "another", "else", "source", "sources", "earlier", "before", "answer",
    "answers", "output", "outputs", "result", "results", "list", "lists", "search", "searches",
    "website", "portal", "app", "apps", "site",
];
/// Places a value is read outside the tool's answer: another source of the same data.
pub(crate) const OUTSIDE: &[&str] = &["website", "portal", "app", "apps"];
/// Words always about precedence or authority of a text: never in our own.
pub(crate) const AUTHORITY: &[&str] = &[
    "source",
    "sources",
    "authority",
    "authoritative",
    "official",
    "trusted",
    "stale",
    "outdated",
    "precedence",
    "supersede",
    "supersedes",
    "override",
    "overrides",
];

pub(crate) fn is_word(t: &Tok, list: &[&str]) -> bool {
    t.kind == Kind::Word && list.contains(&t.text.as_str())
}

/// Whether `word`, after `before`, opens an example ("for example", "such as").
pub(crate) fn opens_example(before: &Tok, word: &Tok) -> bool {
    is_word(word, &["example"]) && is_word(before, &["for"])
        || is_word(word, &["as"]) && is_word(before, &["such"])
}

/// Words that say a slot is open to booking ("an open slot", "free slots").
pub(crate) const OPEN: &[&str] = &["open", "free", "available", "bookable"];

/// Participles that open a value to its readers before "to", "by" or "with" ("shown to …",
/// "open to …", "read by …", "shared with …").
pub(crate) const OPENED_TO: &[&str] = &[
    "shown",
    "seen",
    "visible",
    "displayed",
    "open",
    "readable",
    "available",
    "accessible",
    "viewable",
    "shared",
    "read",
];

/// People on the patient's side of an answer: an audience that names none of them keeps a
/// value from the one the agent answers.
pub(crate) const PATIENT_SIDE: &[&str] = &[
    "patient",
    "patients",
    "person",
    "persons",
    "people",
    "user",
    "users",
    "caller",
    "callers",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "human",
    "humans",
    "reader",
    "client",
    "clients",
    "minor",
    "minors",
    "adult",
    "adults",
    "insured",
    "member",
    "members",
    "child",
    "children",
];
/// What a person writes, and may keep to people like them: "Note of the doctor, seen by
/// doctors only".
pub(crate) const AUTHORED: &[&str] = &["note", "notes", "assessment", "assessments"];

/// Who can be an audience besides people: the clinic's own bodies.
pub(crate) const BODIES: &[&str] = &["clinic", "clinics", "practice", "hospital", "reception"];

/// Words that make a change reach more than one object.
pub(crate) const SCOPE: &[&str] = &["every", "all", "each", "any", "other", "others", "both"];

/// The clinic's objects a tool makes: said to come as a new one ("A new appointment with the
/// first doctor is next"), they are a change to make.
pub(crate) const MADE: &[&str] = &[
    "appointment",
    "appointments",
    "visit",
    "visits",
    "booking",
    "bookings",
    "slot",
    "slots",
    "entry",
    "entries",
    "place",
    "places",
    "consultation",
    "consultations",
];

/// What a value is, when a text says what it is for ("the value to book", "the id to cancel").
pub(crate) const VALUE_HEADS: &[&str] = &[
    "value", "values", "id", "ids", "code", "codes", "key", "keys", "number", "numbers", "token",
    "tokens",
];

/// Days of the week and months (after "until", a calendar date of the present period).
pub(crate) const WEEKDAYS_AND_MONTHS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Words after a number that make it a length of text.
pub(crate) const LENGTH_UNITS: &[&str] = &["characters", "character", "chars", "letters"];

/// Units of time, in a span ("the next 7 days") or an amount ("more than 24 hours").
pub(crate) const TIME_UNITS: &[&str] = &[
    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks",
    "month", "months", "year", "years",
];

/// An amount of time at the start of `toks`: a number, or a number word, then a unit of time
/// ("7 days", "two weeks"). It measures; it names no object.
pub(crate) fn amount_of_time(toks: &[&Tok]) -> bool {
    let number = toks.first().is_some_and(|n| {
        (n.kind == Kind::Ident && n.text.bytes().all(|b| b.is_ascii_digit()))
            || is_word(
                n,
                &[
                    "one", "two", "three", "four", "five", "six", "seven", "ten", "twelve",
                    "fourteen", "thirty",
                ],
            )
    });
    number && toks.get(1).is_some_and(|u| is_word(u, TIME_UNITS))
}

/// Words a clause is read as a statement about by [`claims_more`]'s readings.
pub(crate) const COPULAS: &[&str] = &["is", "are", "was", "were", "be", "becomes", "become"];

/// The tool a text belongs to, as far as the caller knows it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tool<'a> {
    /// The tool's name (`""` when the text is screened without its tool, as the derives do).
    pub name: &'a str,
    /// The tool changes something at the clinic API.
    pub mutates: bool,
    /// A description is a parameter's (what the tool takes), not an output's.
    pub input: bool,
    /// Where the text names, between backticks, a code of an answer in which the API made no
    /// change (the grammar reads every literal as the noun `code`).
    pub refusals: &'a [std::ops::Range<usize>],
    /// Where it names a code of a lost answer, after which the change may be made.
    pub lost: &'a [std::ops::Range<usize>],
}

/// The tokens around `k` between two marks of `kind` (a clause between stops, a phrase between
/// commas), as a range of indices; `k` itself is inside it.
pub(crate) fn between<T: std::borrow::Borrow<Tok>>(
    toks: &[T],
    k: usize,
    kind: Kind,
) -> std::ops::Range<usize> {
    let from = toks[..k]
        .iter()
        .rposition(|x| x.borrow().kind == kind)
        .map_or(0, |i| i + 1);
    let to = toks[k..]
        .iter()
        .position(|x| x.borrow().kind == kind)
        .map_or(toks.len(), |i| k + i);
    from..to
}

/// Whether the token at `k` of `clause` is one of `list` (false past its end).
pub(crate) fn is_word_at<T: std::borrow::Borrow<Tok>>(
    clause: &[T],
    k: usize,
    list: &[&str],
) -> bool {
    clause.get(k).is_some_and(|t| is_word(t.borrow(), list))
}

pub(crate) fn push(out: &mut Vec<Violation>, rule: Rule, t: &Tok, detail: String) {
    out.push(Violation {
        rule,
        range: t.start..t.end,
        detail,
    });
}

/// The verbs of a change, at least four letters, spelled inside `word` (lower case), or at its
/// start when `at_start`, in [`VERBS`] order: `rebook` holds "book", `cancellation` opens with
/// "cancel". The one reading of a change spelled in a longer word.
pub(crate) fn changes_spelled(
    word: &str,
    at_start: bool,
) -> impl Iterator<Item = &'static str> + '_ {
    VERBS
        .iter()
        .filter(|(v, c)| *c == VerbClass::Effect && v.len() >= 4)
        .map(|(v, _)| *v)
        .filter(move |v| {
            if at_start {
                word.starts_with(v)
            } else {
                word.contains(v)
            }
        })
}

/// The verb of a change spelled inside `word` (lower case): `unconfirm` holds "confirm".
pub(crate) fn spells_a_change(word: &str) -> Option<&'static str> {
    changes_spelled(word, false).next()
}

/// Does the grammar read `word` (lower case): a verb of the list, or a word of a class its rules
/// weigh (people, consent, authority, currency, removal, negation, determiners and the like)?
/// The data classes are left out: a code that spells a data word (`CARD`) asks for nothing.
pub(crate) fn knows(word: &str) -> bool {
    verb(word).is_some()
        || [
            NAME_REFUSED,
            NEGATIONS,
            MODALS,
            PEOPLE,
            REMOVAL,
            CONSENT,
            EQUIVALENCE,
            TRUTH,
            RIVAL,
            AUTHORITY,
            CONCEAL_NAME,
        ]
        .iter()
        .any(|list| list.contains(&word))
}

/// Is `word` (lower case) a person (patient, doctor, staff, user…)?
pub(crate) fn is_person(word: &str) -> bool {
    PEOPLE.contains(&word)
}

/// Does `word` (lower case) claim something about a yes, an authority, a source's currency or a
/// duty?
pub(crate) fn claims(word: &str) -> bool {
    [CONSENT, EQUIVALENCE, TRUTH, AUTHORITY, MODALS, NEGATIONS]
        .iter()
        .any(|list| list.contains(&word))
}

/// What holds a value: "hold" after one of them means "contain".
pub(crate) const CONTAINERS: &[&str] = &[
    "result", "results", "list", "lists", "answer", "answers", "record", "records", "field",
    "fields", "array", "entry", "entries", "page", "pages", "response", "reply", "object", "row",
    "rows", "item", "items", "set", "summary",
];

/// Does the clause name a person as the one who gets something ("to the patient", "from the
/// doctor", "for the staff")? A person who is what a tool lists is no recipient.
pub(crate) fn recipient(clause: &[&Tok]) -> bool {
    clause.iter().enumerate().any(|(k, t)| {
        is_word(t, PEOPLE)
            && clause[..k]
                .iter()
                .rev()
                .take(3)
                .take_while(|x| x.kind == Kind::Word)
                .any(|x| is_word(x, &["to", "from", "for", "with"]))
    })
}

/// Superlatives that pick one of many.
pub(crate) const PICKS: &[&str] = &[
    "earliest", "latest", "oldest", "newest", "soonest", "cheapest", "highest", "lowest",
    "nearest", "best", "fastest", "shortest", "longest",
];

/// Function words that make a name a sentence.
pub(crate) const NAME_REFUSED: &[&str] = &[
    "a",
    "an",
    "the",
    "this",
    "that",
    "these",
    "those",
    "each",
    "every",
    "all",
    "any",
    "some",
    "no",
    "none",
    "my",
    "me",
    "it",
    "its",
    "them",
    "their",
    "you",
    "your",
    "we",
    "our",
    "always",
    "never",
    "then",
    "also",
    "again",
    "now",
    "first",
    "not",
    "nor",
    "without",
    "please",
    "after",
    "before",
    "instead",
    "otherwise",
    "so",
    "if",
    "unless",
    "and",
    "or",
    "but",
    "except",
    "excepting",
    "excluding",
    "including",
    "besides",
    "plus",
];

/// Words that are verbs of the vocabulary but nouns first in a noun phrase ("Sort order").
pub(crate) const NOUN_FIRST: &[&str] = &[
    "start", "end", "name", "list", "limit", "order", "count", "search", "review", "match",
    "group", "format", "log", "audit", "trail", "rank", "filter", "sort", "return", "triage",
    "open", "last", "phone", "email", "note", "visit", "score", "rate", "place", "request",
    "process", "answer", "sign", "question", "query", "state", "point", "base", "link", "page",
    "queue", "increase",
];

pub(crate) const CONCEAL_NAME: &[&str] = &[
    "hide",
    "hidden",
    "conceal",
    "secret",
    "private",
    "suppress",
    "mute",
    "skip",
    "drop",
    "ignore",
    "bypass",
    "silent",
    "quiet",
    "internal",
    "sensitive",
    "confidential",
    "withheld",
    "redacted",
    "unlisted",
    "invisible",
];

/// The verbs a tool's name declares as its effect, with the ones that follow from it: booking
/// takes the slot, moving releases the old one.
pub(crate) fn own_effects(tool: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for part in tool.split('_') {
        let Some((v, VerbClass::Effect, _)) = verb(part) else {
            continue;
        };
        out.push(v);
        let follows: &[&str] = match v {
            "book" | "reserve" | "schedule" => &["create", "take", "reserve", "book"],
            "reschedule" | "move" => &["move", "take", "book", "release", "change", "reschedule"],
            "cancel" | "reject" => &["release", "refund"],
            "escalate" => &["move", "assign", "mark"],
            "record" | "submit" => &["set", "create", "record", "submit"],
            "change" => &["set"],
            _ => &[],
        };
        out.extend_from_slice(follows);
    }
    out
}

/// The verb the tool's name opens with (`find` for `find_available_slots`).
pub(crate) fn own_verb(tool: &str) -> Option<&'static str> {
    name_verb(tool).map(|(v, _, _)| v)
}

/// The act a verb of a tool's name stands for: the synonyms of one act are that act.
fn act_of(verb: &str) -> &str {
    match verb {
        "reschedule" | "move" => "move",
        "book" | "rebook" | "reserve" | "schedule" => "book",
        v => v,
    }
}

/// Verbs of a tool's name that only read: one act, whichever of them names it.
const READS: &[&str] = &[
    "get", "list", "find", "search", "fetch", "read", "show", "view", "lookup", "query", "browse",
];

/// Does the tool `replacement` replace `tool`? A tool is replaced by one of its own act
/// (`move_appointment` by `reschedule_appointment`), and a tool whose name both cancels and books
/// (`cancel_and_rebook`) by a move, which does both in one request. A reading tool is replaced by
/// a reading tool of the same thing: the two names share what they read (`get_slots` by
/// `find_available_slots`, `list_clinic_doctors` by `list_doctors`; not `get_intake` by
/// `get_appointment`).
pub(crate) fn replaces(tool: &str, replacement: &str) -> bool {
    let first = |name: &str| name.split('_').next().unwrap_or("").to_ascii_lowercase();
    let (own, by) = (first(tool), first(replacement));
    let by = act_of(&by);
    let parts: Vec<String> = tool.split('_').map(str::to_ascii_lowercase).collect();
    let acts: Vec<&str> = parts.iter().map(|p| act_of(p)).collect();
    let reads = |v: &str| READS.contains(&v);
    if reads(&own) || reads(by) {
        // (what a name reads: its words after the verb, singular)
        let things = |name: &str| -> Vec<String> {
            name.split('_')
                .skip(1)
                .map(|w| w.to_ascii_lowercase().trim_end_matches('s').to_owned())
                .filter(|w| w.len() > 2)
                .collect()
        };
        let read = things(tool);
        return reads(&own) && reads(by) && things(replacement).iter().any(|w| read.contains(w));
    }
    act_of(&own) == by || by == "move" && acts.contains(&"cancel") && acts.contains(&"book")
}

/// The verb a tool's name opens with, with its class and form: a tool changes something by
/// it (`list_doctor_schedule` reads, though "schedule" is a verb of effect).
pub(crate) fn name_verb(tool: &str) -> Option<(&'static str, VerbClass, Form)> {
    verb(tool.split('_').next()?)
}

/// Words in "-ly" that are no adverbs of manner: a name or title may hold them.
pub(crate) const LY_NOT_MANNER: &[&str] = &[
    "daily", "weekly", "monthly", "yearly", "hourly", "early", "family", "reply", "only", "supply",
    "assembly", "holy", "italy",
];

/// Is `word` an adverb of manner or haste ("directly", "automatically")? A name is a noun
/// phrase and a title the tool's action: neither says how to act.
pub(crate) fn manner(word: &str) -> bool {
    word.len() > 4 && word.ends_with("ly") && !LY_NOT_MANNER.contains(&word)
}

/// A person's state that stands for a yes or a fact about them ("fee known", "patient notified",
/// `patient_ready`, `patient_insured`): in a name or a title it claims it.
pub(crate) const PERSON_STATES: &[&str] = &[
    "known", "ready", "insured", "notified", "informed", "aware", "agreed", "fine", "okay",
];

/// Is some word of `phrase` a person's answer: an answer with a person before it ("the
/// patient's answer") or after "of", "from" or "by" ("the answer of the patient")? The tool's
/// own answer ("With no oncall doctor the answer is 409") is no person's.
pub(crate) fn a_persons_answer(phrase: &[&Tok]) -> bool {
    let person = |x: &Tok| is_person(&x.text) || is_word(x, PATIENT_SIDE);
    phrase.iter().enumerate().any(|(i, x)| {
        let before = (i >= 1 && person(phrase[i - 1]))
            || (i >= 2 && phrase[i - 1].text == "s" && person(phrase[i - 2]));
        let after = phrase
            .get(i + 1)
            .is_some_and(|y| is_word(y, &["of", "from", "by"]))
            && phrase[i + 2..].iter().take(3).any(|y| person(y));
        is_word(x, ANSWERS) && (before || after)
    })
}

/// What may be said to come (next, due, required, pending, upcoming …) besides a value
/// ([`VALUE_HEADS`]): a field, a fee, a person or a place in a queue, and the clinic's own
/// objects as they stand ("The patient is next", "A note is required", "No fee is due", "The
/// appointment is pending").
pub(crate) const MAY_COME: &[&str] = &[
    "field",
    "fields",
    "form",
    "forms",
    "header",
    "note",
    "notes",
    "reason",
    "date",
    "dates",
    "time",
    "times",
    "text",
    "answer",
    "answers",
    "question",
    "fee",
    "fees",
    "patient",
    "patients",
    "person",
    "entry",
    "entries",
    "position",
    "place",
    "status",
    "appointment",
    "appointments",
    "visit",
    "visits",
    "slot",
    "slots",
    "booking",
    "bookings",
    "reminder",
    "reminders",
    "page",
    "result",
    "results",
    "argument",
    "arguments",
    "version",
    "payment",
    "payments",
    "one",
    "ones",
    "it",
    "they",
    "this",
    "these",
    "that",
    "those",
];

/// Words for text written at run time, by a person or the clinic: said to be a step, it makes
/// what the clinic's answer carries the reader's orders.
pub(crate) const WRITTEN: &[&str] = &[
    "text",
    "texts",
    "excerpt",
    "excerpts",
    "note",
    "notes",
    "line",
    "lines",
    "word",
    "words",
    "body",
    "content",
    "contents",
    "message",
    "messages",
    "comment",
    "comments",
    "summary",
    "transcript",
    "wording",
    "sentence",
    "sentences",
    "paragraph",
    "paragraphs",
];

/// The kinds of object a value of the clinic belongs to, each in its singular: an id is a
/// doctor's, a slot's, an appointment's…
pub(crate) const OBJECT_KINDS: &[&str] = &[
    "doctor",
    "slot",
    "appointment",
    "protocol",
    "clinic",
    "specialty",
    "entry",
    "intake",
    "patient",
];

/// The kind of object at `x`, in the singular ("appointments": appointment).
pub(crate) fn kind_of(x: &Tok) -> Option<&'static str> {
    let w = x.text.as_str();
    let one = w.strip_suffix('s').unwrap_or(w);
    let one = if w == "specialties" { "specialty" } else { one };
    OBJECT_KINDS
        .iter()
        .chain(&["position"])
        .find(|k| **k == w || **k == one)
        .copied()
}

/// An appointment by its names.
pub(crate) const APPOINTMENT_NAMES: &[&str] = &[
    "appointment",
    "appointments",
    "visit",
    "visits",
    "booking",
    "bookings",
];

/// A visit by any of its names: what a booking or a move gives a patient.
pub(crate) const VISIT_NOUNS: &[&str] = &[
    "slot",
    "slots",
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "visit",
    "visits",
];

/// Nouns of a value a case could be mapped to.
pub(crate) const VALUE_NOUNS: &[&str] = &[
    "value",
    "values",
    "level",
    "levels",
    "code",
    "codes",
    "specialty",
    "specialties",
    "score",
    "grade",
    "priority",
    "severity",
    "triage",
    "status",
];

/// Words that give a tool an age, in its name or its text ("find_pediatric_slots", "Find open
/// slots of pediatricians").
pub(crate) const AGE_IN_A_NAME: &[&str] = &[
    "pediatric",
    "paediatric",
    "child",
    "children",
    "kid",
    "adult",
    "senior",
    "geriatric",
    "minor",
    "teen",
    "youth",
    "infant",
    "baby",
];

/// A person's judgement of the patient's care.
pub(crate) const JUDGEMENTS: &[&str] = &[
    "diagnosis",
    "diagnoses",
    "advice",
    "recommendation",
    "recommendations",
    "prescription",
    "opinion",
    "verdict",
    "decision",
    "referral",
    // a text held up as what to follow ("Excerpt of the protocol, the standard of care")
    "standard",
    "standards",
];

/// Words of a phone line or a message over one.
pub(crate) const PHONE_LINES: &[&str] = &[
    "phone",
    "phones",
    "telephone",
    "sms",
    "fax",
    "hotline",
    "line",
    "call",
    "calls",
    "text",
    "whatsapp",
    "mobile",
];

/// The statuses of an appointment.
pub(crate) const APPOINTMENT_STATUSES: &[&str] = &["pending", "confirmed", "rejected", "cancelled"];

/// What happens to a visit besides its status: moved, completed, attended.
pub(crate) const EVENTS_OF_A_VISIT: &[&str] = &[
    "moved",
    "rescheduled",
    "completed",
    "attended",
    "finished",
    "done",
    "kept",
    "held",
];

/// The roles of the people who care for a patient, as a text names who calls or who sees.
pub(crate) const CARE_ROLES: &[&str] = &[
    "doctor",
    "doctors",
    "nurse",
    "nurses",
    "clinicians",
    "staff",
    "oncall",
];

/// What a case of a visit is said by: its appointment, a time of it, its form or its status.
pub(crate) const CASES_OF_A_VISIT: &[&str] = &[
    "appointment",
    "appointments",
    "patient",
    "patients",
    "hours",
    "weekdays",
    "weekday",
    "days",
    "day",
    "week",
    "night",
    "intake",
    "form",
    "confirmed",
    "pending",
    "during",
    "on",
    "before",
    "after",
];

/// Who is beyond a patient's care: the front desk, the family, an employer, a screen in the hall.
pub(crate) const BEYOND_CARE: &[&str] = &[
    "reception",
    "family",
    "relatives",
    "kiosk",
    "colleague",
    "colleagues",
    "interpreter",
    "portal",
    "employer",
    "insurer",
    "public",
];

/// The words of a case that keeps care from someone: an age, a cover, a department, a milder grade.
pub(crate) const KEEPS_FROM_CARE: &[&str] = &[
    "over",
    "under",
    "older",
    "younger",
    "adults",
    "adult",
    "insurance",
    "insured",
    "routine",
    "mild",
    "low",
    "no",
    "without",
    "department",
    "specialty",
];

/// Words of a value that is missing: null, absent, unset (an empty list is an answer).
pub(crate) const ABSENT_WORDS: &[&str] = &["null", "absent", "missing", "blank", "unset"];

/// Heads of a grade of care: triage, severity, priority, a level or a score.
pub(crate) const GRADES_OF_CARE: &[&str] = &[
    "triage", "severity", "priority", "level", "grade", "score", "urgency",
];

/// Who or what an eligibility names as a case: appointments, patients, adults, children.
pub(crate) const WHO_A_CASE_IS: &[&str] = &[
    "appointments",
    "appointment",
    "patients",
    "patient",
    "adults",
    "children",
    "minors",
];

/// Nouns of the vocabulary that name a change and that no spelling rule reads back to its verb
/// (the verb is short, or the noun is not its stem): with their change.
const ACT_NOUNS: &[(&str, &str)] = &[
    ("reservation", "reserve"),
    ("reservations", "reserve"),
    ("closure", "close"),
    ("closures", "close"),
    ("referral", "refer"),
    ("referrals", "refer"),
    ("payment", "pay"),
    ("payments", "pay"),
    ("addition", "add"),
    ("notification", "notify"),
    ("notifications", "notify"),
    ("removal", "remove"),
    ("transfer", "transfer"),
    ("transfers", "transfer"),
];

/// The change a word (lower case) names as a thing, if it names one: a noun of [`ACT_NOUNS`], a
/// verb of effect in its base or -ing form ("move", "booking"), a noun that spells one
/// ("cancellation"), or one with "-ion" for its "-e" ("escalation").
pub(crate) fn change_noun(word: &str) -> Option<&'static str> {
    if let Some(&(_, base)) = ACT_NOUNS.iter().find(|(n, _)| *n == word) {
        return Some(base);
    }
    match verb(word) {
        Some((base, VerbClass::Effect, Form::Ing | Form::Base)) => Some(base),
        Some(_) => None,
        None => changes_spelled(word, true)
            .find(|v| word.len() > v.len() + 2)
            .or_else(|| {
                let stem = word.strip_suffix("ion")?.to_owned() + "e";
                verb(&stem)
                    .filter(|(_, c, f)| *c == VerbClass::Effect && *f == Form::Base)
                    .map(|(b, _, _)| b)
            }),
    }
}

/// The kinds of day a rule may be said to hold on: weekdays, weekends and each day's name.
pub(crate) const DAY_KINDS: &[&str] = &[
    "weekday",
    "weekdays",
    "weekend",
    "weekends",
    "workday",
    "workdays",
    "monday",
    "mondays",
    "tuesday",
    "tuesdays",
    "wednesday",
    "wednesdays",
    "thursday",
    "thursdays",
    "friday",
    "fridays",
    "saturday",
    "saturdays",
    "sunday",
    "sundays",
];

/// Who may be said to leave a value out for a default: the call, its caller or its arguments
/// ("when the request names no limit"); a person's silence is an unknown instead.
pub(crate) const CALL_SAYERS: &[&str] = &[
    "call",
    "calls",
    "caller",
    "callers",
    "request",
    "requests",
    "arguments",
    "argument",
    "input",
    "query",
    "agent",
];
