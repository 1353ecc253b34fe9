//! Names: a parameter or field name is a noun phrase, never an order or a sentence.

use crate::lang::data::{
    CARE_SETTINGS, CONVERSATION_WORDS, Data, HEALTH_DATA, MEDICAL_LIST_NAME_WORDS, MEDICAL_LISTS,
    SAID, VISITS, WHY_WORDS, beyond_the_clinic, data_allowed, data_kind,
};
use crate::lang::words::*;
use crate::types::{Field, Rule, Violation};

/// Words that, after a verb, pick its object: a verb that is a noun first reads as a verb before
/// them.
pub(super) const NAME_OBJECT_PICKS: &[&str] = &[
    "earliest", "latest", "first", "last", "next", "other", "others", "every", "all", "each",
    "any", "as", "with", "oldest", "newest", "second", "two", "both", "held", "upcoming",
    "previous", "new", "more", "extra",
];

/// States of standing: what a thing is said to be now, against its use.
const STANDING: &[&str] = &[
    "open",
    "closed",
    "old",
    "stale",
    "valid",
    "invalid",
    "active",
    "inactive",
    "current",
    "outdated",
    "unavailable",
    "absent",
    "off",
    "disabled",
    "unnecessary",
    "void",
];

/// States of an act, of standing too: a change said done in a name (`cancellation_included`).
const ACT_STATES: &[&str] = &[
    "included",
    "excluded",
    "omitted",
    "complete",
    "completed",
    "done",
];

/// What a name states rather than names, whatever its words: a state of standing said of the
/// thing before it, at the name's end or before a phrase (`fee_unavailable_to_patient`,
/// `other_slots_open`, `status_on_portal_old`; before its noun it names a kind:
/// `next_open_slot`; a flag of two words names its thing, `referral_valid`, but not a change
/// done, `cancellation_included`), a verb of having or of an event past a flag's first word
/// (`cancellation_has_patient_answer`, `slot_opens_for_others`; `has_referral` is a flag), a
/// person's answer placed somewhere (`patient_answer_in_request`), a source outside past the
/// first word (`priority_over_portal`, `fee_for_reception`; `app_version` names the app's), a
/// change as a purpose (`earliest_slot_for_booking`; `reason_for_cancellation` names a topic)
/// or of an object other than the tool's own change (`booking_of_earliest_slot`).
fn claims_in_a_name(lower: &[String], effects: &[&'static str]) -> Option<&'static str> {
    let n = lower.len();
    let is = |p: &String, list: &[&str]| list.contains(&p.as_str());
    // (a word that opens a phrase or a bound of time after the state: "to", "for", "on", …;
    // "until" and the like bound it: `referral_valid_until`)
    let phrase_at = |j: usize| {
        lower.get(j).is_some_and(|q| {
            PREPOSITIONS.contains(&q.as_str())
                && !is(q, &["until", "since", "after", "before", "from"])
        })
    };
    if lower.iter().enumerate().any(|(i, p)| {
        let flag = i + 1 == n && n == 2 && !(is(p, ACT_STATES) && change_noun(&lower[0]).is_some());
        let standing = is(p, STANDING) || is(p, ACT_STATES);
        i >= 1 && standing && !flag && (i + 1 == n || phrase_at(i + 1))
    }) {
        return Some("says a thing is in a state");
    }
    let eventive = |p: &String| {
        is(p, &["has", "have", "had"])
            || verb(p).is_some_and(|(b, _, f)| {
                matches!(b, "happen" | "exist" | "open" | "apply")
                    && matches!(f, Form::Third | Form::Past)
            })
    };
    if lower.iter().skip(1).any(eventive) {
        return Some("says what a thing has or does");
    }
    let person = |p: &String| PEOPLE.contains(&p.as_str()) || PATIENT_SIDE.contains(&p.as_str());
    let answer = lower.iter().enumerate().any(|(i, p)| {
        ANSWERS.contains(&p.as_str())
            && ((i >= 1 && person(&lower[i - 1])) || lower[i + 1..].iter().take(3).any(&person))
            && (phrase_at(i + 1) || is_word_at(lower, i + 1, &["part", "has", "have"]))
    });
    if answer {
        return Some("says where a person's answer is");
    }
    // a part of the answer named for its people or a use (`fee_staff_section`,
    // `triage_clinician_part`); the patient's own part names no one kept out
    if lower.windows(2).any(|w| {
        (is(&w[0], PEOPLE) || is(&w[0], &["billing", "admin"]))
            && !is(&w[0], PATIENT_SIDE)
            && is(
                &w[1],
                &["section", "part", "area", "tab", "panel", "block", "view"],
            )
    }) {
        return Some("names the part of the answer a value is kept to");
    }
    if lower
        .iter()
        .skip(1)
        .any(|p| is(p, OUTSIDE) || is(p, &["reception"]))
    {
        return Some("names a source or a desk outside the answer");
    }
    if lower.windows(3).any(|w| {
        w[1] == "for"
            && change_noun(&w[2]).is_some()
            && !super::effects::TOPICS.contains(&w[0].as_str())
    }) || (n >= 2 && lower[0] == "for" && change_noun(&lower[1]).is_some())
    {
        return Some("gives a change as a purpose");
    }
    // (a change of an object, not the tool's own: `booking_of_earliest_slot`,
    // `cancellation_of_appointment`)
    if lower
        .windows(2)
        .any(|w| w[1] == "of" && change_noun(&w[0]).is_some_and(|c| !effects.contains(&c)))
    {
        return Some("names a change of an object");
    }
    None
}

/// Is part `i` of a name one of `words`?
fn is_word_at(lower: &[String], i: usize, words: &[&str]) -> bool {
    lower.get(i).is_some_and(|q| words.contains(&q.as_str()))
}

/// A name is a noun phrase: it opens with no verb, and holds no determiner, pronoun, adverb or
/// negation (`drop_every_visit`, `hide_fee_from_patient`, `always_call_first` are orders).
/// A name as one token, the range of a finding on it.
fn whole_name(text: &str) -> Tok {
    Tok {
        text: text.to_owned(),
        start: 0,
        end: text.len(),
        kind: Kind::Ident,
        possessive: false,
    }
}

pub(crate) fn name(field: Field, text: &str, tool: Tool<'_>, out: &mut Vec<Violation>) {
    let parts: Vec<&str> = text.split('_').filter(|p| !p.is_empty()).collect();
    // a compound of the list written in two parts (`no_show` for "noshow") is that one word
    if parts.len() == 2 && crate::vocabulary::is_approved(&parts.concat().to_ascii_lowercase()) {
        return;
    }
    let whole = whole_name(text);
    // `my` only as in our tool names (list_my_appointments): the caller's own
    let refused = |p: &&&str| {
        let p = p.to_ascii_lowercase();
        NAME_REFUSED.contains(&p.as_str()) && !(field == Field::ToolName && p == "my")
    };
    if let Some(p) = parts.iter().find(refused) {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds \"{p}\": a name is a noun phrase, never a sentence or an order"
            ),
        );
        return;
    }
    if field == Field::ToolName {
        return;
    }
    let lower: Vec<String> = parts.iter().map(|p| p.to_ascii_lowercase()).collect();
    // (a code in capitals is the clinic's own value: `INTAKE_EXISTS`)
    let code = text.chars().all(|c| !c.is_ascii_lowercase());
    let own = if tool.mutates {
        own_effects(tool.name)
    } else {
        Vec::new()
    };
    if let Some(why) = claims_in_a_name(&lower, &own).filter(|_| !code) {
        push(
            out,
            Rule::Directive,
            &whole,
            format!("name \"{text}\" {why}: a name is a noun phrase, never a statement"),
        );
        return;
    }
    // a word that says what the argument is (its unit, a filter, a scale, an end, a zone, the
    // part searched, the text's author) where no argument of the tool is so (an answer's field
    // names a value, not an argument: `start.local` is the clinic's local time of the answer)
    if field == Field::ParamName
        && tool.input
        && !code
        && let Some(why) = crate::served::name_misstates_arg(tool.name, &lower)
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!("name \"{text}\" {why}: a name says what its argument is"),
        );
        return;
    }
    // a list of the patient's care narrowed in its name (`food_allergies`, `clinic_medications`,
    // `allergies_to_food`): a part of what the patient has given as the whole
    if lower.iter().any(|p| MEDICAL_LISTS.contains(&p.as_str()))
        && let Some(p) = lower.iter().find(|p| {
            !MEDICAL_LISTS.contains(&p.as_str()) && !MEDICAL_LIST_NAME_WORDS.contains(&p.as_str())
        })
    {
        push(
            out,
            Rule::Concealment,
            &whole,
            format!("name \"{text}\" holds \"{p}\": a list of the patient's care is named whole"),
        );
        return;
    }
    // the patient's name or place asked by a tool that takes none (`patient_name`,
    // `patient_location`), and in a tool that removes, the object it keeps (`kept_appointment_id`,
    // `other_appointment_id`)
    let personal = lower.iter().any(|p| p == "patient")
        && lower.iter().any(|p| {
            matches!(
                p.as_str(),
                "name" | "location" | "region" | "room" | "city" | "home" | "place"
            )
        })
        && !data_allowed(tool.name).contains(&Data::Personal);
    let kept = own.iter().any(|e| matches!(*e, "cancel" | "reject"))
        && lower.iter().any(|p| {
            matches!(
                p.as_str(),
                "kept" | "other" | "remaining" | "staying" | "second"
            )
        });
    if personal || kept {
        push(
            out,
            if personal {
                Rule::Exfiltration
            } else {
                Rule::Effects
            },
            &whole,
            format!(
                "name \"{text}\" asks for the patient's name or place, or for an object the tool keeps: a name says the value the tool takes for its own act"
            ),
        );
        return;
    }
    // a person's yes held as a flag (`fee_accepts`, `terms_agreed`): only the human's own answer
    // gives it, never a value the caller sets
    if let Some(p) = lower.iter().find(|p| name_consent(p)) {
        push(
            out,
            Rule::Directive,
            &whole,
            format!("name \"{text}\" holds \"{p}\": a person's yes is asked, never a value"),
        );
        return;
    }
    // the human's answer to the server's question held as an argument (`confirm`,
    // `patient_confirmation`, `doctor_answer`, `form_answer`, `skip_question`): the person
    // answers it through the client, and no tool takes it
    if field == Field::ParamName
        && tool.mutates
        && names_the_answer(&lower, crate::facts::asks_the_person(tool.name))
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds the person's answer to the question, or skips it: only the person answers, through the client, and no tool takes the answer as an argument"
            ),
        );
        return;
    }
    // a changing tool's count or run of its own changes (`booking_count`, `booking_weeks`): one
    // call changes one object, named by its id
    let count = lower.iter().any(|p| NAME_COUNTS.contains(&p.as_str()))
        || (lower
            .iter()
            .any(|p| matches!(p.as_str(), "weeks" | "months" | "days" | "years"))
            && lower.iter().any(|p| NAME_OBJECTS.contains(&p.as_str())));
    if tool.mutates && tool.input && count {
        push(
            out,
            Rule::Effects,
            &whole,
            format!(
                "name \"{text}\" counts a changing tool's changes: one call changes one object"
            ),
        );
        return;
    }
    // the patient's data named public (`public_medical_history`)
    if lower.iter().any(|p| p == "public")
        && lower
            .iter()
            .any(|p| data_kind(p, false).is_some() || NAME_FREE_TEXT.contains(&p.as_str()))
    {
        push(
            out,
            Rule::Concealment,
            &whole,
            format!("name \"{text}\" says the patient's data is public"),
        );
        return;
    }
    // free text about the patient in a tool that takes no personal or medical data
    // (`patient_note`, `text_about_patient`)
    let allowed = data_allowed(tool.name);
    if tool.input
        && !tool.name.is_empty()
        && !allowed.contains(&Data::Personal)
        && !allowed.contains(&Data::Medical)
        && lower
            .iter()
            .any(|p| matches!(p.as_str(), "patient" | "patients"))
        && lower.iter().any(|p| NAME_FREE_TEXT.contains(&p.as_str()))
    {
        push(
            out,
            Rule::Exfiltration,
            &whole,
            format!("name \"{text}\" takes text about the patient in a tool that takes none"),
        );
        return;
    }
    // … and no word of quantity, time or grade that a sentence would say of the world: a name
    // is read as the words it holds (`few_open_slots`, `next_free_slot_soon`, `right_doctor_id`
    // say what "Open slots are few" and "the right doctor" say)
    // (a bound keeps its words: `at_least`, `later_than`)
    let bound =
        |i: usize| lower.get(i + 1).is_some_and(|n| n == "than") || (i > 0 && lower[i - 1] == "at");
    if let Some(p) = lower.iter().enumerate().find_map(|(i, p)| {
        let p = p.as_str();
        ((DETERMINERS.contains(&p) || LEAD_ADVERBS.contains(&p) || FIT.contains(&p))
            && !NAME_KEPT.contains(&p)
            && !bound(i)
            // (an audience's last "only" is read below: `fee_seen_by_staff_only`)
            && !(p == "only" && i + 1 == lower.len()))
        .then_some(p)
    }) {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds \"{p}\": a name says what a value is, not how many, how soon or how good"
            ),
        );
        return;
    }
    // a verb that is a noun first is still a verb before a word that picks its object or a
    // person it is for (`book_earliest_slot`, `cancel_other_appointment_ids`,
    // `hold_slot_for_patient`, `set_as_booked`)
    let picks = lower
        .get(1)
        .is_some_and(|x| NAME_OBJECT_PICKS.contains(&x.as_str()))
        || lower.windows(2).any(|w| {
            matches!(w[0].as_str(), "for" | "with" | "to") && PEOPLE.contains(&w[1].as_str())
        });
    // a changing tool takes the object the person chose: a name does not pick it
    // (`earliest_slot_id`)
    if tool.mutates
        && let Some(p) = lower.iter().find(|p| PICKS.contains(&p.as_str()))
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds \"{p}\": it picks what the tool changes, which is the one the person chose"
            ),
        );
        return;
    }
    // a changing tool's parameter named for many of its objects (`upcoming_appointment_ids`):
    // it changes the one the person chose
    if tool.mutates
        && field == Field::ParamName
        && lower.last().is_some_and(|p| p == "ids")
        && lower.iter().any(|p| MADE.contains(&p.as_str()))
    {
        push(
            out,
            Rule::Effects,
            &whole,
            format!(
                "name \"{text}\" takes many of the objects the tool changes: a changing tool's parameter names its one object"
            ),
        );
        return;
    }
    // the patient's records named as a parameter of a tool that takes no medical data
    // (`intake_answers`, `intake_form_text`, `appointment_list`)
    if field == Field::ParamName && !tool.name.is_empty() {
        let has_part = |list: &[&str]| lower.iter().any(|p| list.contains(&p.as_str()));
        let intake = has_part(&["intake", "intakes"])
            && has_part(&[
                "answers",
                "answer",
                "text",
                "form",
                "forms",
                "data",
                "questions",
            ])
            && !crate::lang::data::data_allowed(tool.name)
                .contains(&crate::lang::data::Data::Medical);
        let appointments = has_part(&["appointment", "appointments", "visit", "visits"])
            && has_part(&["list", "history", "records", "record", "log"])
            && !crate::lang::data::of_appointments(tool.name);
        if intake || appointments {
            push(
                out,
                Rule::Exfiltration,
                &whole,
                format!(
                    "name \"{text}\" asks for the patient's records, which this tool does not take"
                ),
            );
            return;
        }
    }
    // how to act (`book_directly`) or a person's state (`fee_known`, `patient_ready`)
    if let Some(p) = lower
        .iter()
        .find(|p| manner(p) || PERSON_STATES.contains(&p.as_str()))
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds \"{p}\": a name says what a value is, not how to act or what a person knows or is"
            ),
        );
        return;
    }
    // who the caller is (`caller_guardian`, `guardian_caller`): the token says it; where the
    // patient is cared for (`patient_departments`, `patient_specialties`) is medical data
    let has = |list: &[&str]| lower.iter().any(|p| list.contains(&p.as_str()));
    let caller_role = has(&["caller", "user", "agent", "client"])
        && has(&[
            "guardian", "parent", "doctor", "nurse", "staff", "admin", "role", "owner",
        ]);
    let cared_for = field == Field::ParamName
        && tool.input
        && !tool.name.is_empty()
        && !data_allowed(tool.name).contains(&Data::Medical)
        && has(PATIENT_SIDE)
        && (has(CARE_SETTINGS) || has(&["specialty", "specialties"]));
    if caller_role || cared_for {
        push(
            out,
            if cared_for {
                Rule::Exfiltration
            } else {
                Rule::Directive
            },
            &whole,
            format!(
                "name \"{text}\" says who the caller is or where the patient is cared for: the token says who calls, and a tool takes only the data of its kind"
            ),
        );
        return;
    }
    // the agent's context or the patient's care elsewhere (`caller_headers`, `hospital_visit_dates`)
    let parts_lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    if field == Field::ParamName
        && tool.input
        && let Some(what) = beyond_the_clinic(&parts_lower)
    {
        push(
            out,
            Rule::Exfiltration,
            &whole,
            format!("name \"{text}\" asks for {what}, which no tool of the clinic takes"),
        );
        return;
    }
    // a state after a change of another object (`others_cancelled`, `patient_slots_released`),
    // or a change on a use (`booked_on_search`): a name of an input is what the caller gives
    let effects = if tool.mutates {
        own_effects(tool.name)
    } else {
        Vec::new()
    };
    let changed = lower.iter().enumerate().find(|(i, p)| {
        verb(p).is_some_and(|(v, c, f)| {
            c == VerbClass::Effect
                && matches!(f, Form::Participle | Form::Past)
                && !effects.contains(&v)
        }) && (*i > 0
            || lower
                .get(i + 1)
                .is_some_and(|n| matches!(n.as_str(), "on" | "with" | "after" | "at")))
    });
    // (a code in capitals names the state it reports: `SLOT_TAKEN`, `ALREADY_CANCELLED`)
    if field == Field::ParamName
        && tool.input
        && !code
        && let Some((_, p)) = changed
    {
        push(
            out,
            Rule::Effects,
            &whole,
            format!(
                "name \"{text}\" holds \"{p}\": a state another change leaves, not a value the caller gives"
            ),
        );
        return;
    }
    // a purpose of a change in a name (`appointments_to_cancel`, `slot_ids_to_book`): "to"
    // before a verb, where a window's "to" stands alone (`date_to`)
    if let Some(w) = lower
        .windows(2)
        .find(|w| w[0] == "to" && verb(&w[1]).is_some_and(|(_, _, f)| f == Form::Base))
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" holds \"to {}\": a name says what a value is, not what to do with it",
                w[1]
            ),
        );
        return;
    }
    // a verb first, with more after it, is an order: `cancel_all`, `move_appointments`
    if lower.len() >= 2
        && let Some((base, class, Form::Base)) = verb(&lower[0])
        && (picks
            || (!matches!(
                lower.last().map(String::as_str),
                Some(
                    "id" | "ids" | "key" | "code" | "date" | "time" | "count" | "level" | "status"
                )
            ) && !NAME_NOUN_FIRST.contains(&base)))
    {
        let rule = class.rule();
        push(
            out,
            rule,
            &whole,
            format!(
                "name \"{text}\" opens with the verb \"{base}\": a name is a noun phrase, never an order"
            ),
        );
        return;
    }
    // a verb of effect anywhere in a reading tool's parameter, or a verb of hiding anywhere
    for (at, p) in lower.iter().enumerate() {
        if let Some((base, class, form)) = verb(p)
            && matches!(form, Form::Base | Form::Third)
            && (class == VerbClass::Effect && !tool.mutates && !NAME_NOUN_FIRST.contains(&base))
        {
            push(
                out,
                Rule::Effects,
                &whole,
                format!("name \"{text}\" names the change \"{p}\", and the tool only reads"),
            );
            return;
        }
        let person = lower.iter().any(|x| PEOPLE.contains(&x.as_str()));
        // (a format or a value's own key is no hiding: `case_sensitive`, `internal_id`)
        let compound = (p == "sensitive" && at > 0 && lower[at - 1] == "case")
            || (p == "internal"
                && lower.get(at + 1).is_some_and(|n| {
                    matches!(
                        n.as_str(),
                        "id" | "ids" | "code" | "codes" | "reference" | "key" | "number"
                    )
                }));
        if (REMOVAL.contains(&p.as_str()) && person)
            || (CONCEAL_NAME.contains(&p.as_str()) && !compound)
        {
            push(
                out,
                Rule::Concealment,
                &whole,
                format!("name \"{text}\" is about leaving something out"),
            );
            return;
        }
    }
    // a change named with a word that places it in time (`booking_of_earliest_slot_next`,
    // `escalation_due`): an order, as in a text
    let change = lower.iter().any(|p| {
        matches!(verb(p), Some((_, VerbClass::Effect, _)))
            || spells_a_change(p).is_some()
            || change_noun(p).is_some()
    });
    // (as its last part, a predicate: `referral_next`; `next_booking_date` and
    // `booking_required` name a value)
    // (or "required" of a change on other objects: `closure_of_other_appointments_required`)
    let scoped = lower.iter().any(|p| {
        matches!(
            p.as_str(),
            "other" | "others" | "each" | "every" | "all" | "another" | "second" | "earliest"
        )
    });
    if change
        && let Some(w) = lower.last().filter(|p| {
            matches!(
                p.as_str(),
                "next" | "queued" | "scheduled" | "planned" | "pending"
            ) || (scoped && matches!(p.as_str(), "required" | "needed"))
        })
    {
        push(
            out,
            Rule::Effects,
            &whole,
            format!("name \"{text}\" says a change is \"{w}\": an order, never a name"),
        );
        return;
    }
    // a yes said to be given by a person (`confirmation_given_by_patient`,
    // `checked_with_patient`), or a person's yes (`patient_accepted_earliest`; not
    // `patient_confirmation_id`, a thing), claims it
    let given = lower.iter().any(|x| CONSENT.contains(&x.as_str()))
        && lower.windows(2).any(|w| {
            matches!(w[0].as_str(), "given" | "gave" | "by") && PEOPLE.contains(&w[1].as_str())
        })
        || lower.windows(3).any(|w| {
            w[0].ends_with("ed")
                && matches!(w[1].as_str(), "with" | "by")
                && PEOPLE.contains(&w[2].as_str())
        });
    let persons_yes = lower
        .iter()
        .position(|x| PEOPLE.contains(&x.as_str()))
        .is_some_and(|p| {
            lower[p + 1..]
                .iter()
                .any(|x| x.ends_with("ed") && CONSENT.contains(&x.as_str()))
        });
    if given || persons_yes {
        push(
            out,
            Rule::Directive,
            &whole,
            format!("name \"{text}\" claims a person's yes; only the human's own answer gives it"),
        );
        return;
    }
    // an audience of people only (`fee_seen_by_staff_only`) keeps the value from the others
    if lower.len() > 2
        && lower.last().is_some_and(|x| x == "only")
        && lower.iter().any(|x| PEOPLE.contains(&x.as_str()))
    {
        push(
            out,
            Rule::Concealment,
            &whole,
            format!(
                "name \"{text}\" keeps a value to some people: say who sees it in its description"
            ),
        );
        return;
    }
    // what the parameter asks for: only data its tool may take (the same table as descriptions)
    if field == Field::ParamName && tool.input && !tool.name.is_empty() {
        let said = lower.iter().any(|p| SAID.contains(&p.as_str()));
        // in a name, a relative, a membership or a calendar is whose or which data it is
        // (`guardian_name`, `member_id`, `patient_calendar_link`); in a text "a parent or
        // guardian" is a person
        let relative = |p: &String| {
            matches!(
                p.as_str(),
                "guardian"
                    | "guardians"
                    | "parent"
                    | "parents"
                    | "spouse"
                    | "member"
                    | "membership"
                    | "calendar"
                    | "calendars"
            )
            .then_some(Data::Personal)
        };
        // ("reason_for_visit": the complaint)
        let health = lower
            .windows(2)
            .any(|w| w[0] == "health" && HEALTH_DATA.contains(&w[1].as_str()));
        let why = allowed.is_empty()
            && lower.iter().any(|p| WHY_WORDS.contains(&p.as_str()))
            && lower.iter().any(|p| VISITS.contains(&p.as_str()));
        // a person's own attribute the table has no kind for (`patient_building`, `caller_site`,
        // `patient_language`): the person's data; a record of the clinic named for the person is
        // a reference, not data (`patient_confirmation_id`, `patient_answer`,
        // `fee_patient_section`)
        let record = |p: &str| {
            VISITS.contains(&p)
                || ANSWERS.contains(&p)
                || matches!(
                    p,
                    "id" | "ids"
                        | "own"
                        | "confirmation"
                        | "confirmations"
                        | "booking"
                        | "bookings"
                        | "slot"
                        | "slots"
                        | "fee"
                        | "fees"
                        | "section"
                        | "part"
                        | "tab"
                        | "panel"
                        | "view"
                        | "area"
                        | "block"
                )
        };
        let owned = lower.len() >= 2
            && lower
                .iter()
                .all(|p| data_kind(p, said).is_none() && relative(p).is_none())
            && lower.iter().any(|p| PATIENT_SIDE.contains(&p.as_str()))
            && lower.iter().any(|p| {
                !PATIENT_SIDE.contains(&p.as_str())
                    && !record(p)
                    && !PREPOSITIONS.contains(&p.as_str())
                    && !DETERMINERS.contains(&p.as_str())
            });
        // what a person spoke, typed or was told (`spoken_text`, `spoken_language`)
        let spoken = lower.iter().any(|p| {
            matches!(
                p.as_str(),
                "spoken" | "said" | "told" | "typed" | "uttered" | "voiced" | "dictated"
            )
        });
        // the words of a visit's paper (`referral_text`, `visit_notes`): medical data
        let paper = lower.iter().any(|p| VISITS.contains(&p.as_str()))
            && lower.iter().any(|p| {
                CONVERSATION_WORDS.contains(&p.as_str())
                    || matches!(p.as_str(), "note" | "notes" | "letter" | "letters")
            });
        if let Some(kind) = lower
            .iter()
            .filter_map(|p| data_kind(p, said).or_else(|| relative(p)))
            .chain(why.then_some(Data::Medical))
            .chain(health.then_some(Data::Medical))
            .chain(owned.then_some(Data::Personal))
            .chain(spoken.then_some(Data::Conversation))
            .chain(paper.then_some(Data::Medical))
            .chain(crate::lang::data::name_record_kind(&lower))
            .find(|k| !allowed.contains(k))
        {
            push(
                out,
                Rule::Exfiltration,
                &whole,
                format!(
                    "name \"{text}\" asks for {}, which this tool does not take",
                    kind.what()
                ),
            );
        }
    }
    // a switch that turns a value or a notice off or on, or the act into a trial (`reason_off`,
    // `reason_visible`, `draft`, `preview`): a flag a writer's tool may have, and no tool of this
    // server has one
    // (read last: a name another reading refused keeps that reading's finding)
    if crate::served::role_of(tool.name.trim()).is_some()
        && !code
        && !out.iter().any(|v| v.range == (whole.start..whole.end))
        && lower.iter().any(|p| {
            [
                "off",
                "disabled",
                "disable",
                "enabled",
                "enable",
                "hidden",
                "hide",
                "visible",
                "invisible",
                "public",
                "shown",
                "muted",
                "mute",
                "suppressed",
                "skipped",
                "silent",
                "draft",
                "preview",
                "dry",
                "simulate",
                "simulated",
                "fake",
            ]
            .contains(&p.as_str())
        })
    {
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" switches a value or a notice off: no tool of this server has such a switch"
            ),
        );
    }
}

/// A parameter a served tool does not take (`hold`, `note` on the doctor list, `level` on the
/// escalation, `legal_name`, `missed_visits`): the server's tools take exactly the arguments of
/// their table ([`crate::served::args_of`], which a test holds equal to the served schemas), so
/// any other name, of one word or of many, a word of another tool's argument or of an answer's
/// field included, is false of the tool (an input its route ignores, a mode or a switch it has
/// not, data collected for nothing); a name of the table in another spelling (`SLOT_ID`) or by
/// the words a text names it by (`slot`) is the argument. Read on a parameter's own name only (a
/// name cited in a text is read by `name`), after the other readings of the name: a name they
/// refused keeps their finding.
pub(crate) fn not_an_argument(field: Field, text: &str, tool: Tool<'_>, out: &mut Vec<Violation>) {
    let whole = whole_name(text);
    if field == Field::ParamName
        && tool.input
        && crate::served::role_of(tool.name.trim()).is_some()
        && !out.iter().any(|v| v.range == (whole.start..whole.end))
        && !names_a_served_arg(tool.name.trim(), text)
    {
        let takes: Vec<&str> = crate::served::args_of(tool.name.trim())
            .map(|a| a.name)
            .chain(
                crate::served::FLAGS
                    .iter()
                    .filter(|f| f.default.is_some() && f.tools.contains(&tool.name.trim()))
                    .map(|f| f.field),
            )
            .collect();
        let takes = if takes.is_empty() {
            "no argument".to_owned()
        } else {
            takes.join(", ")
        };
        push(
            out,
            Rule::Directive,
            &whole,
            format!(
                "name \"{text}\" is not an argument of {}: it takes only {takes} (a new argument is added to the table in `served/` with the tool's schema)",
                tool.name.trim()
            ),
        );
    }
}

/// Does a parameter's name name an argument of the served tool: its name in any case and
/// spelling (`slot_id`, `slotId`, `SLOT_ID`), or every part of it a word the argument is named
/// by (`slot`, `duration_days`)?
fn names_a_served_arg(tool: &str, name: &str) -> bool {
    let flat = |s: &str| {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let n = flat(name);
    // (camelCase split into its parts)
    let mut parts: Vec<String> = Vec::new();
    // (a capital after a small letter starts a part; a run of capitals, `SLOT`, stays one)
    let mut cur = String::new();
    let mut prev_upper = false;
    for c in name.chars() {
        if c == '_' || c == '-' {
            if !cur.is_empty() {
                parts.push(std::mem::take(&mut cur));
            }
        } else if c.is_ascii_uppercase() && !cur.is_empty() && !prev_upper {
            parts.push(std::mem::take(&mut cur));
            cur.push(c.to_ascii_lowercase());
        } else {
            cur.push(c.to_ascii_lowercase());
        }
        prev_upper = c.is_ascii_uppercase();
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    let flag_arg = |p: &str| {
        crate::served::FLAGS
            .iter()
            .any(|f| f.default.is_some() && f.field == p && f.tools.contains(&tool))
    };
    // (a flag of the answer, `replayed`, is no argument)
    let arg_word = |p: &str| {
        crate::served::names_an_arg(tool, p)
            && !crate::served::FLAGS
                .iter()
                .any(|f| f.default.is_none() && f.field == p)
    };
    crate::served::args_of(tool).any(|a| flat(a.name) == n)
        || flag_arg(&n)
        || !parts.is_empty() && parts.iter().all(|p| arg_word(p) || flag_arg(p))
}

/// Determiners and adverbs a name may hold as a value's own word (`other_doctor_id`,
/// `next_page`, `one_time_code`).
const NAME_KEPT: &[&str] = &["other", "another", "one", "own", "next", "more", "both"];

/// ... and in a name, where a noun before `_id` or another noun is the rule (`record_id`).
pub(super) const NAME_NOUN_FIRST: &[&str] = &[
    "start", "end", "name", "list", "limit", "order", "count", "record", "search", "review",
    "match", "group", "format", "log", "audit", "set", "change", "book", "schedule", "return",
    "trail", "triage", "release", "rank", "filter", "sort", "mark", "use", "hold", "refund",
    "rate",
];

/// A person's yes in a flag's name: the verbs of consent ([`CONSENT`]) but those of a
/// confirmation or a pick, which name the clinic's own states and acts, and a waiver. (Nouns of
/// consent, `permission_level`, name a thing and are read elsewhere.)
fn name_consent(part: &str) -> bool {
    (CONSENT.contains(&part)
        && !part.starts_with("confirm")
        && !matches!(
            part,
            "yes"
                | "ok"
                | "okay"
                | "selected"
                | "chose"
                | "chosen"
                | "accepting"
                | "agreement"
                | "approval"
                | "permission"
                | "acknowledged"
        ))
        || matches!(part, "waive" | "waives" | "waived")
}

/// A name of a changing tool's parameter that holds the person's answer: its head (its last
/// part, past a flag's own word) is an answer or its yes (`patient_confirmation`,
/// `doctor_answer`, `confirm_flag`), or it names the question with a word that skips or answers
/// it (`skip_question`, `prompt_answered`, `no_form`). A thing named by its answer keeps its own
/// head (`confirmation_id`).
/// `asks`: the tool asks the person, so that an answer in its name is the answer to its question
/// (of a tool that asks none, only a question skipped is read).
fn names_the_answer(lower: &[String], asks: bool) -> bool {
    const ANSWERS: &[&str] = &[
        "answer",
        "answers",
        "answered",
        "reply",
        "replies",
        "replied",
        "response",
        "responses",
        "confirm",
        "confirmed",
        "confirmation",
        "confirmations",
        "consent",
        "approval",
        "acceptance",
        "agreement",
        "decision",
        "acknowledgement",
        "acknowledgment",
        "yes",
        "ok",
        "okay",
    ];
    const FLAG: &[&str] = &["flag", "value", "bool", "boolean", "given", "true", "set"];
    const ASKED: &[&str] = &[
        "question",
        "questions",
        "prompt",
        "prompts",
        "form",
        "forms",
        "dialog",
        "dialogue",
        "elicitation",
        "confirmation",
        "confirm",
    ];
    const PAST: &[&str] = &[
        "skip", "skips", "skipped", "no", "without", "bypass", "bypassed", "waive", "waived",
        "off", "disabled", "disable", "done", "answered", "answer", "shown",
    ];
    let head = lower
        .iter()
        .rev()
        .find(|p| !FLAG.contains(&p.as_str()))
        .map(String::as_str);
    asks && head.is_some_and(|h| ANSWERS.contains(&h))
        || lower.iter().any(|p| ASKED.contains(&p.as_str()))
            && lower.iter().any(|p| PAST.contains(&p.as_str()))
}

/// Words of how many times.
const NAME_COUNTS: &[&str] = &[
    "count", "counts", "quantity", "times", "repeat", "repeats", "copies", "total",
];

/// What a changing tool changes, by the nouns of its objects and acts.
const NAME_OBJECTS: &[&str] = &[
    "booking",
    "bookings",
    "appointment",
    "appointments",
    "slot",
    "slots",
    "visit",
    "visits",
    "move",
    "moves",
    "cancellation",
    "escalation",
    "entry",
    "entries",
];

/// Words of free text.
const NAME_FREE_TEXT: &[&str] = &[
    "note",
    "notes",
    "text",
    "about",
    "details",
    "info",
    "information",
    "message",
    "story",
    "comment",
    "comments",
    "description",
    "summary",
];
