//! The names of the arguments, and what each argument is of.

use super::*;

/// Words of a name that say what its argument is, each read against the tool's arguments in
/// [`ARGS`] and its flags in [`FLAGS`]: the argument a name stands for is one of the tool's, so
/// a word that fits none of them says something false of whichever it is.
/// - a unit (`weeks`, `hours`; a period, `weekly`, in its unit): a number of the tool counted
///   in it (`duration_days` counts days; a page, a limit and a key count none);
/// - a filter (`only`, a status, `upcoming`, `weekday`): a flag of the tool by that name (a
///   list's page and limit narrow nothing; `upcoming` keeps pending and confirmed alike);
/// - a rank or grade: no argument is on such a scale (a severity runs 0, none, to 10, worst);
/// - an end said inclusive or exclusive: the slot search's start is inclusive, its end
///   exclusive, and no other argument has ends;
/// - a zone of the patient or clinic (`local`): an instant is read with its own offset, a date
///   at midnight UTC;
/// - a part of a searched text (`title`, `body`) alone: the search reads the title and text;
/// - the author or audience of a text (`doctor_notes`, `private_note`): the tool's caller
///   writes each text it takes, and another person reads it.
pub(crate) fn name_misstates_arg(tool: &str, parts: &[String]) -> Option<String> {
    const UNITS: &[(&str, &str)] = &[
        ("second", "seconds"),
        ("seconds", "seconds"),
        ("minute", "minutes"),
        ("minutes", "minutes"),
        ("hour", "hours"),
        ("hours", "hours"),
        ("hourly", "hours"),
        ("day", "days"),
        ("days", "days"),
        ("daily", "days"),
        ("week", "weeks"),
        ("weeks", "weeks"),
        ("weekly", "weeks"),
        ("month", "months"),
        ("months", "months"),
        ("monthly", "months"),
        ("year", "years"),
        ("years", "years"),
        ("yearly", "years"),
        ("annual", "years"),
        ("nightly", "days"),
    ];
    const FILTERS: &[&str] = &[
        "only",
        "upcoming",
        "future",
        "past",
        "pending",
        "confirmed",
        "cancelled",
        "canceled",
        "rejected",
        "completed",
        "active",
        "live",
        "weekday",
        "weekdays",
        "weekend",
        "weekends",
    ];
    const RANKS: &[&str] = &[
        "rank",
        "ranking",
        "grade",
        "tier",
        "percentile",
        "percent",
        "percentage",
        "stars",
    ];
    const ENDS: &[&str] = &["inclusive", "exclusive", "inclusively", "exclusively"];
    const ZONES: &[&str] = &[
        "local",
        "localtime",
        "cet",
        "cest",
        "est",
        "pst",
        "gmt",
        "bst",
    ];
    const TEXT_PARTS: &[(&str, &str)] = &[
        ("title", "title"),
        ("titles", "title"),
        ("heading", "title"),
        ("headings", "title"),
        ("body", "text"),
        ("text", "text"),
        ("content", "text"),
        ("excerpt", "text"),
    ];
    const TEXTS: &[&str] = &[
        "note", "notes", "text", "message", "comment", "comments", "reason", "symptoms", "remarks",
        "words", "summary",
    ];
    const AUTHORS: &[(&str, &str)] = &[
        ("doctor", "doctor"),
        ("doctors", "doctor"),
        ("physician", "doctor"),
        ("clinician", "doctor"),
        ("staff", "doctor"),
        ("patient", "patient"),
        ("patients", "patient"),
        ("nurse", "nurse"),
        ("reception", "reception"),
        ("admin", "admin"),
        ("oncall", "doctor"),
    ];
    const UNSHARED: &[&str] = &["private", "secret", "confidential", "personal", "internal"];
    role_of(tool)?;
    let has = |w: &str| parts.iter().any(|p| p == w);
    let args: Vec<&Arg> = args_of(tool).collect();
    let flags: Vec<&str> = FLAGS
        .iter()
        .filter(|f| f.tools.contains(&tool))
        .map(|f| f.field)
        .collect();
    for p in parts {
        if let Some(&(_, unit)) = UNITS.iter().find(|(w, _)| w == p)
            && !args
                .iter()
                .any(|a| a.form == Form::Number && a.name.split('_').any(|w| w == unit))
        {
            return Some(format!("counts in {unit}, and no argument of {tool} does"));
        }
    }
    let flagged = parts.iter().any(|p| flags.contains(&p.as_str()));
    if let Some(p) = parts.iter().find(|p| {
        FILTERS.contains(&p.as_str())
            && !flags.contains(&p.as_str())
            && !(p.as_str() == "only" && flagged)
    }) {
        return Some(format!(
            "holds \"{p}\", a filter {tool} takes no argument for"
        ));
    }
    if let Some(p) = parts.iter().find(|p| RANKS.contains(&p.as_str())) {
        return Some(format!(
            "holds \"{p}\": no argument of this server is a rank or grade (a severity runs 0, none, to 10, worst)"
        ));
    }
    let instants: Vec<&&Arg> = args.iter().filter(|a| a.form == Form::Instant).collect();
    if let Some(i) = parts.iter().position(|p| ENDS.contains(&p.as_str())) {
        let inclusive = parts[i].starts_with("inclusive");
        // the end the name is of, by the argument's name or a word of it (`to`, `end`)
        let end = instants.iter().find(|a| {
            parts[..i]
                .iter()
                .any(|p| p == a.name || a.words.contains(&p.as_str()))
        });
        let fits = end.is_some_and(|a| (a.name == "from") == inclusive);
        if !fits {
            return Some(format!(
                "says an end \"{}\" that is not how {tool} reads it: the slot search's start is inclusive and its end exclusive",
                parts[i]
            ));
        }
    }
    if let Some(p) = parts.iter().find(|p| ZONES.contains(&p.as_str())) {
        return Some(format!(
            "holds \"{p}\": an instant is read with its own offset, a date at midnight UTC"
        ));
    }
    if tool == PROTOCOL_SEARCH {
        let named: Vec<&str> = parts
            .iter()
            .filter_map(|p| TEXT_PARTS.iter().find(|(w, _)| w == p).map(|&(_, k)| k))
            .collect();
        let whole = named.contains(&"title") && named.contains(&"text");
        if !named.is_empty() && !whole {
            return Some(
                "names one part of a protocol as what the search reads: it reads the title and the text"
                    .to_owned(),
            );
        }
    }
    if parts.iter().any(|p| TEXTS.contains(&p.as_str())) {
        let writer = role_of(tool).flatten();
        let written = args.iter().any(|a| a.form == Form::Written);
        if let Some(p) = parts.iter().find(|p| UNSHARED.contains(&p.as_str()))
            && written
        {
            return Some(format!(
                "holds \"{p}\": each text {tool} takes is read by another person"
            ));
        }
        if let Some(&(w, who)) = AUTHORS.iter().find(|(w, _)| has(w))
            && (!written || writer != Some(who))
        {
            return Some(format!(
                "holds \"{w}\" as a text's author: {tool}'s texts are written by its caller, {}",
                writer.unwrap_or("anyone")
            ));
        }
    }
    None
}

/// The things and units an argument could be said to count or name, beside the items of a count
/// to return.
const OTHER_THINGS: &[&str] = &[
    "doctor",
    "doctors",
    "clinic",
    "clinics",
    "patient",
    "patients",
    "specialty",
    "specialties",
    "page",
    "pages",
    "intake",
    "intakes",
    "protocol",
    "protocols",
    "slot",
    "slots",
    "appointment",
    "appointments",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "hour",
    "hours",
    "city",
    "cities",
    "building",
    "buildings",
    "hospital",
    "hospitals",
    "physician",
    "physicians",
];

/// What each count to return counts: a page's appointments, the slots found, the protocols
/// found.
fn items_counted(tool: &str) -> &'static [&'static str] {
    if PAGED.contains(&tool) {
        &["appointment", "appointments"]
    } else if tool == SLOT_SEARCH {
        &["slot", "slots"]
    } else if tool == PROTOCOL_SEARCH {
        &["protocol", "protocols", "match", "matches"]
    } else {
        &[]
    }
}

/// An argument's description whose head says it is another thing than the argument: a count
/// to return said to count other things ("Most doctors to search", "Most days per page": the
/// limit counts slots, protocols or a page's appointments), a page said to be of other units
/// ("Week number": a page of the list), or a specialty said to be another thing's name ("Exact
/// name of a clinic": the only name an argument takes is a specialty's). The agent sends a value
/// of another meaning and reads the answer as it.
pub(crate) fn arg_meaning_swapped(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    let (_, head) = clause_at(toks, 0);
    let h = &toks[..head];
    let other = |x: &Tok, own: &[&str]| is_word(x, OTHER_THINGS) && !is_word(x, own);
    let items = items_counted(tool);
    let limit = args_of(tool).any(|a| a.name == "limit");
    let page = args_of(tool).any(|a| a.name == "page");
    let specialty = args_of(tool).any(|a| a.words == SPECIALTY_WORDS);
    for (k, t) in h.iter().enumerate() {
        let next = |n: usize| {
            h[k + 1..]
                .iter()
                .take(n)
                .find(|x| !is_word(x, &["the", "a", "an", "one", "of"]))
        };
        // (the count's own word: "Maximum count of X", "Highest number of X")
        let counted_thing = |n: usize| {
            h[k + 1..].iter().take(n).find(|x| {
                !is_word(
                    x,
                    &[
                        "the", "a", "an", "one", "of", "number", "count", "amount", "total",
                    ],
                )
            })
        };
        // "Most X", "Maximum number of X", "X per page"
        let counted = if limit
            && is_word(
                t,
                &[
                    "most", "maximum", "max", "highest", "greatest", "largest", "upper",
                ],
            ) {
            counted_thing(4)
        } else if limit && PAGED.contains(&tool) && is_word_at(h, k + 1, &["per"]) {
            Some(t)
        } else {
            None
        };
        if let Some(x) = counted.filter(|x| other(x, items)) {
            push(
                out,
                Rule::Directive,
                x,
                format!(
                    "a count to return said to count {}: the server's `limit` of {tool} counts {}",
                    x.text,
                    items.last().unwrap_or(&"its answer")
                ),
            );
            return;
        }
        // "Week number", "Number of the day"
        // (the number of a page's items is its size: "Number of appointments per page")
        let of_page: &[&str] = &["page", "pages", "appointment", "appointments"];
        let numbered = page
            && is_word(t, &["number", "index"])
            && !h.iter().any(|x| is_word(x, &["per"]))
            && (k >= 1 && other(&h[k - 1], of_page) || next(2).is_some_and(|x| other(x, of_page)));
        if numbered {
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "the page of {tool} said to be the number of another thing: it is a page of the list"
                ),
            );
            return;
        }
        // "Exact name of a clinic", "Clinic name"
        if specialty && is_word(t, &["name", "names"]) {
            let of = next(3).filter(|_| is_word_at(h, k + 1, &["of"]));
            let before = k.checked_sub(1).map(|j| &h[j]);
            if let Some(x) = of.or(before).filter(|x| other(x, SPECIALTY_WORDS)) {
                push(
                    out,
                    Rule::Directive,
                    x,
                    format!(
                        "a name said to be of a {}: the only name {tool} takes is a specialty's",
                        x.text
                    ),
                );
                return;
            }
        }
    }
}
