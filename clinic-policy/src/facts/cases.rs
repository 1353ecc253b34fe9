//! The cases the contract gives each error for, as the words a case of it can be said in.
//!
//! A sentence that names a code and a case ("A move to a slot with another doctor gives the
//! error `FORBIDDEN`", "`UPSTREAM_INVALID_RESPONSE` means the slot id is invalid") is read word
//! by word: each word that carries a case must be one of its code's. The lists are what the
//! contract and this server say of each code, so a case nobody wrote a rule against is refused
//! as well, where a list of the cases that are not given (`made_up_case`) misses the next one.

use crate::codes::{ANOTHER_OWNER, LOST, capital_code, http_status};
use crate::lang::predicates::NUMBER_WORDS;
use crate::lang::words::*;
use crate::vocabulary::is_function_word;

/// Words of any code's sentence: the answer, its message and its naming, the call, the caller and the
/// appointment it is about, and what is or is not made after it.
const ANY_CODE: &str = "answer answers answered error errors code codes http status gives give \
    gave given gets get got returns return returned ends end results result leads means mean \
    meaning case cases call calls called request requests tool api clinic clinic's server \
    appointment appointments appointment's patient patients patient's authenticated caller callers \
    one first second same new nothing change changes changed made kept next step steps open opens \
    booking bookings booked move moves moved cancellation cancelled rejection rejected confirmed \
    escalation escalated recorded value values name names list lists text again retry retries try \
    attempt attempts now keeps keep old version versions release confirmation fails fail failed refused \
    example stays stay remains unchanged exactly including included even message messages body";

/// The words of a lost answer's gloss beyond its case: the retry that shows what was made (with
/// the same key) and the objects of the change it may have made ("On `UPSTREAM_TIMEOUT`, the
/// slot may be booked or not; …"). Read only in its gloss, not as its case ("`UPSTREAM_TIMEOUT`
/// means the slot id is unknown").
const LOST_GLOSS: &str = "key keys idempotency idempotency-key slot slots intake intakes note \
    status whether shows show books book moves records cancels confirms rejects escalates";

/// The words of an unknown id, for each code of one.
const AN_ID: &str = "id ids unknown such exist exists known match matches wrong number numbers";

/// The words of each code's own cases, from the contract and this server's answers, and whether
/// the code is an unknown id's. A code without a list (an argument's form: `VALIDATION_ERROR`,
/// `INVALID_ARGUMENTS`) is read by `made_up_case` alone: every argument and its range is its
/// case.
fn code_cases(code: &str) -> Option<(&'static str, bool)> {
    Some(match code {
        "auth_required" | "missing_token" => (
            "sign signed sign-in token tokens key keys header headers bearer authorization \
             credentials missing access session login logged authentication anonymous public",
            false,
        ),
        "auth_invalid" | "invalid_token_format" => (
            "sign signed sign-in token tokens key keys header bearer authorization credentials \
             expired expires unknown malformed invalid old wrong session format form access \
             authentication valid longer",
            false,
        ),
        // (an owner, a role, a clinic of another tenant: never a slot, which any patient books)
        "forbidden" => (
            "role roles owner owners own someone else different id ids persons account accounts \
             protocol protocols library doctor doctors doctor's clinic clinics person people staff \
             wrong tenant tenants belongs belong allowed permitted access reading read acting acts \
             act theirs his her",
            false,
        ),
        "role_not_permitted" => (
            "role roles profile profiles doctor doctors reception kind token allowed permitted \
             registered tools session sessions",
            false,
        ),
        "doctor_not_found" => ("doctor doctors doctor's", true),
        "slot_not_found" => ("slot slots slot's", true),
        // (this server answers another's appointment as one that does not exist)
        "appointment_not_found" | "not_found" => (
            "someone doctor doctors doctor's clinic clinics intake slot hidden visible",
            true,
        ),
        "intake_not_found" => (
            "intake intakes form forms submitted recorded symptoms yet none owner own doctor \
             doctors",
            true,
        ),
        "slot_taken" => (
            "slot slots slot's taken someone else available free longer already concurrent once \
             twice time times two wins win won lost race gone book books unavailable search \
             listing listed found shown fails fail failed key keys succeeds succeed succeeded \
             other others simultaneous simultaneously together bookings",
            false,
        ),
        // (the status, said as itself or by its time: "already started")
        "invalid_transition" => (
            "pending confirmed rejected cancelled started start starts begun past over longer \
             already yet state states statuses cancellable doctor doctors doctor's visit visits \
             transition transitions allowed cancel confirm reject escalate time",
            false,
        ),
        "idempotency_key_conflict" => (
            "key keys idempotency idempotency-key idempotent slotid body bodies different differs \
             other reused reuse used slot slots arguments argument hours hour within changed \
             earlier previous before",
            false,
        ),
        "rate_limited" => (
            "rate limit limits limited many too fast quickly short time seconds second minute \
             minutes wait waits retry-after header number booking bookings later window past \
             reached hours hour key keys idempotent timeout slot slots",
            false,
        ),
        "intake_exists" => (
            "intake intakes form forms already exists submitted per only another replace replaces \
             replaced",
            false,
        ),
        "no_oncall_doctor" => (
            "oncall on-call on call duty nobody doctor doctors none available missing absent",
            false,
        ),
        "upstream_busy" => (
            "busy queue queued full many load too wait later sent calls this time",
            false,
        ),
        "upstream_unavailable" | "upstream_timeout" | "upstream_error" => (
            "reached reach reachable unreachable down network response responses time timed slow \
             late failed fault faults upstream unavailable lost unknown outcome error connection \
             seconds limit failure internal",
            false,
        ),
        "upstream_invalid_response" => (
            "response responses read unreadable invalid malformed upstream lost unknown outcome \
             shape form format expected",
            false,
        ),
        "upstream_redirect" => (
            "redirect redirects redirected address elsewhere followed follow upstream response \
             moved",
            false,
        ),
        "shutting_down" => (
            "stopping stops stop shutting shuts down restart restarts restarting",
            false,
        ),
        "audit_unavailable" => (
            "audit trail log logs written write unavailable record",
            false,
        ),
        "internal_error" => (
            "fault faults bug internal failure failed unknown outcome",
            false,
        ),
        "confirmation_declined" => (
            "confirmation person human user declined decline declines no yes said says asked \
             question questions gave ask asks prompt prompted cancelled refused refuses time \
             deadline true false client changed",
            false,
        ),
        "unknown_specialty" => (
            "specialty specialties unknown known doctor doctors match matches spelled spelling",
            false,
        ),
        "search_too_broad" => (
            "search searches covers cover doctors query words word broad short letters characters \
             character results many narrow narrower terms term specialty specialties searched sent",
            false,
        ),
        _ => return None,
    })
}

/// The first word of a case (the sentence a code is said in, less the codes joined to it) that
/// carries no case of theirs: not a word of any code's sentence, of the tool's name, a function
/// word, a number, a name or a literal. Codes joined by "or" or "and" share one case, read
/// against the union of their lists ("a missing or invalid sign-in gives `AUTH_REQUIRED` or
/// `AUTH_INVALID`"). In a lost answer's gloss (`glossed`), the words of its retry and of the
/// change it may have made are its own as well.
pub(super) fn word_beyond_code<'t>(
    case: &[&'t Tok],
    codes: &[&str],
    tool: &str,
    glossed: bool,
) -> Option<&'t Tok> {
    let lists: Vec<(&str, bool)> = codes.iter().filter_map(|c| code_cases(c)).collect();
    if lists.is_empty() {
        return None;
    }
    let lost_gloss = glossed && codes.iter().any(|c| LOST.contains(c));
    let among = |list: &str, w: &str| list.split_whitespace().any(|x| x == w);
    // (this server answers another's appointment as one that does not exist: another owner's
    // words are that code's case too)
    let hides_owner = codes
        .iter()
        .any(|c| matches!(*c, "appointment_not_found" | "not_found"));
    let listed = |w: &str| {
        is_function_word(w)
            || hides_owner && ANOTHER_OWNER.contains(&w)
            || among(ANY_CODE, w)
            || lists
                .iter()
                .any(|&(own, by_id)| among(own, w) || by_id && among(AN_ID, w))
            || lost_gloss && among(LOST_GLOSS, w)
            || tool.split('_').any(|p| p == w)
    };
    // (another doctor's or clinic's object is an owner's case: only a code of another's object
    // answers it, and only on a tool whose object has an owner; "a move to another doctor",
    // "a doctor of another clinic", "a booking at another clinic" are no case of theirs)
    let owners = hides_owner || lists.iter().any(|&(own, _)| among(own, "owner"));
    if let Some(x) = owner_named(case).filter(|_| !owners || !super::callers::owned_object(tool)) {
        return Some(x);
    }
    case.iter()
        .copied()
        .find(|x| x.kind == Kind::Word && !is_word(x, NUMBER_WORDS) && !listed(&x.text))
}

/// A doctor, a clinic or a tenant said to be another's ("another doctor", "a clinic other than
/// the patient's", "a different clinic"): whose the object is.
fn owner_named<'t>(case: &[&'t Tok]) -> Option<&'t Tok> {
    let words: Vec<&Tok> = case
        .iter()
        .copied()
        .filter(|x| x.kind == Kind::Word)
        .collect();
    words.iter().enumerate().find_map(|(i, x)| {
        let party = is_word(
            x,
            &[
                "doctor", "doctors", "clinic", "clinics", "tenant", "tenants",
            ],
        );
        let other = |y: &Tok| is_word(y, &["another", "other", "different"]);
        (party
            && (words[i.saturating_sub(2)..i].iter().any(|y| other(y))
                || words.get(i + 1).is_some_and(|y| other(y))))
        .then_some(*x)
    })
}

/// The codes joined to the code at `k` by "or", "and", "/" or a comma, in a chain of codes
/// ("`AUTH_REQUIRED` or `AUTH_INVALID`", "`A`, `B` or `C`"), `k` first.
pub(super) fn joined_codes(toks: &[Tok], text: &str, k: usize) -> Vec<usize> {
    let joins = |t: &Tok| t.kind == Kind::Comma || is_word(t, &["or", "and"]) || t.text == "/";
    let code = |j: usize| capital_code(&toks[j], text);
    let mut out = vec![k];
    let mut j = k;
    while j >= 2 && joins(&toks[j - 1]) && code(j - 2) {
        j -= 2;
        out.push(j);
    }
    let mut j = k;
    while j + 2 < toks.len() && joins(&toks[j + 1]) && code(j + 2) {
        j += 2;
        out.push(j);
    }
    out
}

/// Words that open a phrase of a case after its code ("`SLOT_TAKEN`, when …", "…, for a
/// cancelled appointment").
pub(super) const CASE_OPENERS: &[&str] = &[
    "when",
    "if",
    "for",
    "with",
    "without",
    "after",
    "before",
    "on",
    "once",
    "because",
    "since",
    "unless",
    "where",
    "whose",
    "which",
    "that",
    "including",
    "as",
    "even",
    "while",
];

/// The words a code at `joined[0]` is said for, in its sentence `start..end`: its own phrase
/// (between marks), the phrases before it back to another code's, and after it the phrases that
/// open a case ("…, when …") or, after "On `X`," (`glossed`), the one phrase of its gloss; less
/// the codes joined to it ([`joined_codes`]).
pub(super) fn case_of<'t>(
    toks: &'t [Tok],
    text: &str,
    joined: &[usize],
    start: usize,
    end: usize,
    glossed: bool,
) -> Vec<&'t Tok> {
    let k = joined[0];
    let another_code = |j: usize| {
        let t = &toks[j];
        j != k && (capital_code(t, text) || t.kind == Kind::Ident && http_status(&t.text).is_some())
    };
    let mark = |j: usize| toks[j].kind == Kind::Comma;
    let own_start = (start..k).rev().find(|&j| mark(j)).map_or(start, |j| j + 1);
    let own_end = (k + 1..end).find(|&j| mark(j)).unwrap_or(end);
    let mut from = own_start;
    // (a clause joined with its own subject is its own case: "only `true` rejects it, and a
    // question with no answer gives `CONFIRMATION_DECLINED`")
    let joined_clause = own_start < k
        && is_word(&toks[own_start], &["and", "but"])
        && toks
            .get(own_start + 1)
            .is_some_and(|t| is_word(t, DETERMINERS));
    // (back, phrase by phrase, to a phrase with a code of its own)
    while from > start && !joined_clause {
        let prev = (start..from - 1)
            .rev()
            .find(|&j| mark(j))
            .map_or(start, |j| j + 1);
        // (a phrase that opens a case after an earlier code is that code's: "`NO_ONCALL_DOCTOR`
        // (409) with no oncall doctor, `INVALID_TRANSITION` for …")
        let after_a_code = toks.get(prev).is_some_and(|t| is_word(t, CASE_OPENERS))
            && (start..prev).any(another_code);
        if after_a_code || (prev..from - 1).any(another_code) {
            break;
        }
        from = prev;
    }
    let mut to = own_end;
    let mut first = true;
    while to < end {
        let next = (to + 1..end).find(|&j| mark(j)).unwrap_or(end);
        let phrase = &toks[to + 1..next];
        let opens = phrase.first().is_some_and(|t| is_word(t, CASE_OPENERS));
        if !(opens || glossed && first) || (to + 1..next).any(another_code) {
            break;
        }
        to = next;
        first = false;
    }
    toks[from..to]
        .iter()
        .enumerate()
        .filter(|&(j, _)| !joined.contains(&(from + j)))
        .map(|(_, t)| t)
        .collect()
}

/// The words that deny what follows them in a case ("not free", "no longer taken", "nobody
/// has booked", "without an intake").
const DENIALS: &[&str] = &[
    "not", "no", "nobody", "never", "none", "without", "nothing", "neither", "nor",
];

/// The words that end a denial's reach ("not free but taken").
const DENIAL_ENDS: &[&str] = &["but", "and", "although", "though", "while", "now"];

/// The words that say each code's own condition and the words that say its opposite (a first
/// intake, a free slot, a known id, an oncall doctor present): a word of either list that is
/// denied says the other. `takes` (the statuses the act takes) is the opposite of
/// `INVALID_TRANSITION`'s own, and the statuses it does not take are its own.
fn polar_words(code: &str, takes: &[&str]) -> Option<(Vec<&'static str>, Vec<&'static str>)> {
    let split = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
    let (own, opposite) = match code {
        "slot_taken" => (
            split(
                "taken booked gone unavailable lost wins won win concurrent race someone else another twice already",
            ),
            split("free open available unbooked vacant empty untaken"),
        ),
        "intake_exists" => (
            split("second another again twice already exists repeated more existing"),
            split("first initial new"),
        ),
        "invalid_transition" => {
            let mut own = split("started begun past over already again second twice longer");
            own.extend(STATUSES_OF_CODE.iter().filter(|s| !takes.contains(s)));
            let mut opposite = split("first");
            opposite.extend(STATUSES_OF_CODE.iter().filter(|s| takes.contains(s)));
            (own, opposite)
        }
        "appointment_not_found" | "not_found" | "slot_not_found" | "doctor_not_found" => (
            split("unknown wrong another other someone else deleted invalid mistyped"),
            split("known valid existing exists real right correct own"),
        ),
        "intake_not_found" => (
            split("unknown wrong another other yet missing"),
            split("recorded submitted exists existing already"),
        ),
        "no_oncall_doctor" => (split("nobody missing absent none"), split("present")),
        _ => return None,
    };
    Some((own, opposite))
}

/// The statuses of the contract an `INVALID_TRANSITION` case is said in.
const STATUSES_OF_CODE: &[&str] = &["pending", "confirmed", "rejected", "cancelled"];

/// The word of a code's case that says the opposite of the code's own condition, when the case
/// says none of its own ("A first intake gives `INTAKE_EXISTS`", "A move to a free slot fails
/// with `SLOT_TAKEN`", "A slot nobody has booked gives `SLOT_TAKEN`", "The patient's own
/// appointment gives `APPOINTMENT_NOT_FOUND`"): a code answers its own condition only, and the
/// agent tells the patient the act cannot be made where it can. A word is denied by a denial
/// up to four words before it, not past a "but" or an "and".
pub(super) fn opposite_case<'t>(case: &[&'t Tok], code: &str, takes: &[&str]) -> Option<&'t Tok> {
    let (own, opposite) = polar_words(code, takes)?;
    let words: Vec<&Tok> = case
        .iter()
        .copied()
        .filter(|x| x.kind == Kind::Word)
        .collect();
    let denied = |i: usize| {
        words[..i]
            .iter()
            .rev()
            .take(4)
            .take_while(|x| !is_word(x, DENIAL_ENDS))
            .any(|x| is_word(x, DENIALS))
    };
    let among = |list: &[&str], x: &Tok| list.iter().any(|w| x.text == *w);
    let mut says_own = false;
    let mut says_opposite = None;
    for (i, x) in words.iter().enumerate() {
        let d = denied(i);
        if among(&own, x) && !d || among(&opposite, x) && d {
            says_own = true;
        }
        if among(&opposite, x) && !d || among(&own, x) && d {
            says_opposite = says_opposite.or(Some(*x));
        }
    }
    // (the object denied outright is the opposite of an intake that exists: "an appointment
    // with no intake", "without an intake"; and of a missing oncall doctor, one said present)
    let object = match code {
        "intake_exists" => Some(&["intake", "intakes", "form"][..]),
        _ => None,
    };
    if let Some(object) = object {
        for (i, x) in words.iter().enumerate() {
            if is_word(x, object) && denied(i) {
                says_opposite = says_opposite.or(Some(*x));
            }
        }
    }
    if code == "intake_not_found" {
        // (an intake said with no denial in the case: "An appointment with an intake gives …")
        let any_denial = words.iter().any(|x| is_word(x, DENIALS));
        if !any_denial && let Some(x) = words.iter().find(|x| is_word(x, &["intake", "intakes"])) {
            says_opposite = says_opposite.or(Some(*x));
        }
        if any_denial {
            says_own = true;
        }
    }
    if code == "no_oncall_doctor" {
        let any_denial = words.iter().any(|x| is_word(x, DENIALS));
        if any_denial {
            says_own = true;
        } else if let Some(x) = words
            .iter()
            .find(|x| is_word(x, &["oncall", "on-call", "call", "duty"]))
        {
            says_opposite = says_opposite.or(Some(*x));
        }
    }
    says_opposite.filter(|_| !says_own)
}
