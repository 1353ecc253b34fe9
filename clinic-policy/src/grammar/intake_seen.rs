//! An intake said kept from the appointment's doctor: "seen by no one but the patient before
//! the visit", "The intake stays with the patient until the visit", "The doctor of the
//! appointment sees the intake at the visit, not before". The clinic API answers an intake to
//! its patient and to the appointment's doctor as soon as it is recorded; a doctor told it is
//! not theirs yet does not read an urgent intake before the visit.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that say a person sees or reads a value.
const SEEING: &[&str] = &[
    "see", "sees", "seen", "saw", "read", "reads", "shown", "visible", "readable", "opened",
    "accessed", "access", "accesses", "viewed", "views", "view",
];

/// The words of an intake.
const INTAKE: &[&str] = &[
    "intake",
    "intakes",
    "symptoms",
    "symptom",
    "severity",
    "questionnaire",
];

/// An intake kept to its patient ("no one but the patient sees it", "stays with the patient",
/// "seen by the patient only"), or its doctor's reading put at or after the visit ("the doctor
/// sees it at the visit", "not before the visit"). For a tool of intakes, or a clause that
/// names one.
pub(super) fn intake_kept_from_its_doctor(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let n = clause.len();
    if !(tool.contains("intake") || clause.iter().any(|x| is_word(x, INTAKE))) {
        return;
    }
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    let patient = |j: usize| w(j, &["patient", "patients", "owner", "patient's"]);
    // (a patient within the next three words: "but the patient", "except its patient")
    let patient_near = |j: usize| (j + 1..(j + 4).min(n)).any(patient);
    let seeing = (0..n).any(|j| w(j, SEEING));
    // (the patient with a doctor is the contract's own audience: "Only the patient and its
    // doctor see the form", "Seen only by the patient and the doctor"; a doctor denied is none:
    // "not the doctor")
    // (the audience runs from a few words before "only" to the verb of seeing after it)
    let with_doctor = |j: usize| {
        let to = (j + 1..n).find(|&v| w(v, SEEING)).unwrap_or(n);
        (j.saturating_sub(4)..to).any(|d| {
            w(d, &["doctor", "doctors", "physician", "physicians"])
                && !(d.saturating_sub(3)..d).any(|x| w(x, &["not", "no", "never", "nor"]))
        })
    };
    // the patient alone: "no one but the patient", "nobody except its patient", "only the
    // patient", "the patient only"
    let alone = (0..n).find(|&j| {
        let no_one = w(j, &["nobody", "none"]) || w(j, &["no"]) && w(j + 1, &["one", "other"]);
        no_one
            && (j + 1..(j + 4).min(n))
                .any(|b| w(b, &["but", "except", "besides", "save"]) && patient_near(b))
            || w(j, &["only", "alone"])
                && (patient_near(j) || j >= 1 && patient(j - 1))
                && (j + 1..(j + 4).min(n)).all(|b| !w(b, &["can", "may", "records", "record"]))
                && !with_doctor(j)
    });
    // kept with the patient: "stays with the patient", "remains with its patient"
    let kept_with = (0..n).find(|&j| {
        w(
            j,
            &["stays", "stay", "remains", "remain", "kept", "private"],
        ) && w(j + 1, &["with", "to"])
            && patient_near(j + 1)
    });
    // the doctor's reading put at or after the visit: "the doctor sees it at the visit",
    // "read by the doctor after the visit", "not before the visit"
    let doctor = clause.iter().any(|x| {
        is_word(
            x,
            &["doctor", "doctors", "physician", "physicians", "clinician"],
        )
    });
    let later = (0..n).find(|&j| {
        let at = w(j, &["at", "after", "during", "until", "till", "from"])
            && (j + 1..(j + 4).min(n)).any(|v| w(v, &["visit", "visits", "consultation"]));
        let not_before = w(j, &["before"]) && j >= 1 && w(j - 1, &["not", "never"]);
        at || not_before
    });
    let hit = alone
        .filter(|_| seeing)
        .or(kept_with)
        .or(later.filter(|_| seeing && doctor));
    if let Some(k) = hit {
        push(
            out,
            Rule::Concealment,
            clause[k],
            "an intake said kept from the appointment's doctor, or from it until the visit: the clinic API answers an intake to its patient and to the appointment's doctor as soon as it is recorded".to_owned(),
        );
    }
}
