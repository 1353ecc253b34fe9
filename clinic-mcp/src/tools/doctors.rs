//! The doctors and their specialties: public routes, no token.

use super::{Doctor, NoArgs, all_doctors};
use crate::error::{ErrorCode, ToolError};
use crate::tool::ToolContext;
use crate::upstream::ApiDoctor;
use clinic_tools_macros::{ToolArgs, ToolOutput, clinic_tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Which doctors to list.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct ListDoctorsArgs {
    /// Exact specialty name, case-insensitive (for example Cardiology), 1 to 64 characters; without it, every doctor is listed.
    #[schemars(length(min = 1, max = 64))]
    pub specialty: Option<String>,
}

/// A specialty and how many doctors practise it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Specialty {
    /// Specialty name.
    pub name: String,
    /// Number of doctors with this specialty.
    pub doctors: usize,
}

/// The specialties offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Specialties {
    /// Distinct specialties, sorted by name.
    pub specialties: Vec<Specialty>,
}

/// Doctors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Doctors {
    /// The doctors, ordered by id.
    pub doctors: Vec<Doctor>,
    /// How many doctors are listed.
    pub count: usize,
}

/// A specialty name is printable ASCII (its length is the schema's, checked before the handler).
pub(crate) fn check_specialty(field: &str, s: &str) -> Result<(), ToolError> {
    if !s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Err(ToolError::field(
            field,
            "must be printable ASCII characters, e.g. Cardiology",
        ));
    }
    Ok(())
}

pub(crate) fn specialty_matches(doctor: &ApiDoctor, wanted: &str) -> bool {
    doctor.specialty.eq_ignore_ascii_case(wanted)
}

/// Most bytes of specialty names an `UNKNOWN_SPECIALTY` message lists: the whole answer (the
/// message travels twice, as structured content and as text) stays under 4 KB however many
/// specialties the upstream lists.
const KNOWN_SPECIALTIES_BYTES: usize = 700;

/// Most characters of one specialty name in that list.
const SPECIALTY_NAME_CHARS: usize = 64;

pub(crate) fn unknown_specialty(
    ctx: &ToolContext<'_>,
    wanted: &str,
    doctors: &[ApiDoctor],
) -> ToolError {
    let known: std::collections::BTreeSet<&str> =
        doctors.iter().map(|d| d.specialty.as_str()).collect();
    let mut message = format!(
        "No doctor has the specialty {:?}.",
        crate::screen::truncate(wanted, SPECIALTY_NAME_CHARS)
    );
    message.push_str(&specialty_names(
        ctx,
        "Known specialties",
        known.into_iter().map(|name| (name, String::new())),
    ));
    message.push_str(" list_specialties lists every specialty.");
    ToolError::new(ErrorCode::UnknownSpecialty, message)
}

/// ` {heading}: A, B, and 3 more.` over `names` (each with a suffix of our own, such as a
/// count), for a message: each name screened on its own, so one poisoned name costs itself, not
/// the list; at most [`KNOWN_SPECIALTIES_BYTES`] of them; and how many the screen withheld.
/// Empty when there is nothing to say.
pub(crate) fn specialty_names<'n>(
    ctx: &ToolContext<'_>,
    heading: &str,
    names: impl ExactSizeIterator<Item = (&'n str, String)>,
) -> String {
    let token = ctx.caller.token.as_ref();
    let count = names.len();
    let mut listed = String::new();
    let (mut shown, mut withheld) = (0usize, 0usize);
    for (name, suffix) in names {
        let screened = crate::screen::text(name, token, SPECIALTY_NAME_CHARS);
        if screened.withheld || screened.text.is_empty() {
            withheld += 1;
            continue;
        }
        if listed.len() + screened.text.len() + suffix.len() + 2 > KNOWN_SPECIALTIES_BYTES {
            break;
        }
        if !listed.is_empty() {
            listed.push_str(", ");
        }
        listed.push_str(&screened.text);
        listed.push_str(&suffix);
        shown += 1;
    }
    let more = count - shown - withheld;
    let mut out = String::new();
    if shown > 0 {
        out.push_str(&format!(" {heading}: {listed}"));
        if more > 0 {
            out.push_str(&format!(", and {more} more"));
        }
        out.push('.');
    }
    if withheld > 0 {
        out.push_str(&if withheld == 1 {
            " 1 specialty name was withheld by the output screen.".to_owned()
        } else {
            format!(" {withheld} specialty names were withheld by the output screen.")
        });
    }
    out
}

/// List the distinct medical specialties offered, sorted by name, each with its number of doctors.
#[clinic_tool(profile = "readonly", title = "List specialties")]
pub async fn list_specialties(
    ctx: &ToolContext<'_>,
    _args: NoArgs,
) -> Result<Specialties, ToolError> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for d in all_doctors(ctx).await? {
        *counts.entry(d.specialty).or_default() += 1;
    }
    Ok(Specialties {
        specialties: counts
            .into_iter()
            .map(|(name, doctors)| Specialty { name, doctors })
            .collect(),
    })
}

/// List doctors, optionally narrowed to one specialty. Returns each doctor's id, name, specialty and clinic with its time zone.
#[clinic_tool(profile = "readonly", title = "List doctors")]
pub async fn list_doctors(
    ctx: &ToolContext<'_>,
    args: ListDoctorsArgs,
) -> Result<Doctors, ToolError> {
    if let Some(s) = &args.specialty {
        check_specialty("specialty", s)?;
    }
    let all = all_doctors(ctx).await?;
    // The API ignores `?specialty=` and would silently return everyone: narrow here.
    let doctors: Vec<Doctor> = match &args.specialty {
        None => all.into_iter().map(Doctor::from).collect(),
        Some(wanted) => {
            if !all.iter().any(|d| specialty_matches(d, wanted)) {
                return Err(unknown_specialty(ctx, wanted, &all));
            }
            all.into_iter()
                .filter(|d| specialty_matches(d, wanted))
                .map(Doctor::from)
                .collect()
        }
    };
    Ok(Doctors {
        count: doctors.len(),
        doctors,
    })
}
