//! The tools, one module per domain, each holding its arguments, outputs and handlers. The list
//! of tools the server can offer is `crate::catalogue`; this module holds what several domains
//! share: the answer shapes of doctors, instants and appointments, and the helpers that build them.

pub mod appointments;
pub mod clinical;
pub mod doctors;
pub mod schedule;
pub mod slots;

use crate::error::ToolError;
use crate::tool::ToolContext;
use crate::upstream::{ApiAppointment, ApiDoctor, ApiPage};
use clinic_tools_macros::{ToolArgs, ToolOutput};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// No arguments.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// An instant, in UTC and in the clinic's local time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct When {
    /// The instant in UTC, RFC 3339 (for example 2026-12-01T14:00:00Z).
    pub utc: String,
    /// The same instant in the clinic's local time, RFC 3339 with offset; absent when the clinic's zone is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
    /// IANA time zone of the clinic (for example Europe/Berlin); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

impl When {
    /// `None` when `utc` is not an RFC 3339 instant.
    pub fn new(utc: &str, zone: Option<&str>) -> Option<Self> {
        let ts: Timestamp = utc.parse().ok()?;
        Some(Self::at(ts, zone))
    }

    pub fn at(ts: Timestamp, zone: Option<&str>) -> Self {
        let tz = clinic_zone(zone);
        Self {
            utc: ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string(),
            local: tz.as_ref().map(|(_, tz)| {
                ts.to_zoned(tz.clone())
                    .strftime("%Y-%m-%dT%H:%M:%S%:z")
                    .to_string()
            }),
            time_zone: tz.map(|(z, _)| z.to_owned()),
        }
    }
}

/// A clinic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Clinic {
    /// Clinic id.
    pub id: u64,
    /// Clinic name.
    pub name: String,
    /// Street address.
    pub address: String,
    /// IANA time zone of the clinic.
    pub time_zone: String,
}

/// A doctor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Doctor {
    /// Doctor id.
    pub id: u64,
    /// Full name.
    pub name: String,
    /// Medical specialty.
    pub specialty: String,
    /// Where the doctor practises.
    pub clinic: Clinic,
}

impl From<ApiDoctor> for Doctor {
    fn from(d: ApiDoctor) -> Self {
        Self {
            id: d.id,
            name: d.name,
            specialty: d.specialty,
            clinic: Clinic {
                id: d.clinic.id,
                name: d.clinic.name,
                address: d.clinic.address,
                time_zone: d.clinic.time_zone,
            },
        }
    }
}

/// A doctor as named on an appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct DoctorRef {
    /// Doctor id.
    pub id: u64,
    /// Full name.
    pub name: String,
    /// Medical specialty, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specialty: Option<String>,
}

/// A patient as named on an appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct PatientRef {
    /// Patient id.
    pub id: u64,
    /// Full name.
    pub name: String,
}

/// An appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Appointment {
    /// Appointment id.
    pub appointment_id: u64,
    /// One of pending, confirmed, rejected, cancelled.
    pub status: String,
    /// The booked slot.
    pub slot_id: u64,
    /// Start of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<When>,
    /// End of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<When>,
    /// The doctor, on a patient's appointments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doctor: Option<DoctorRef>,
    /// The patient, on a doctor's schedule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patient: Option<PatientRef>,
    /// The reason for a rejection, when the doctor has written one; shown to the patient.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejection_reason: Option<String>,
}

/// An appointment that was booked or moved, and whether this answer is one made before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Booking {
    /// Appointment id.
    pub appointment_id: u64,
    /// True when a request with the same idempotency_key was made before: this answer is its appointment again, and nothing changed this time.
    pub replayed: bool,
    /// One of pending, confirmed, rejected, cancelled.
    pub status: String,
    /// The booked slot.
    pub slot_id: u64,
    /// Start of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<When>,
    /// End of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<When>,
    /// The doctor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doctor: Option<DoctorRef>,
}

impl Booking {
    pub fn new(a: Appointment, replayed: bool) -> Self {
        Self {
            appointment_id: a.appointment_id,
            replayed,
            status: a.status,
            slot_id: a.slot_id,
            start: a.start,
            end: a.end,
            doctor: a.doctor,
        }
    }
}

impl Appointment {
    /// `zone_of` maps a doctor id to the IANA zone of that doctor's clinic.
    pub fn from_api(a: ApiAppointment, zone: Option<&str>) -> Self {
        let when = |t: &Option<String>| t.as_deref().and_then(|t| When::new(t, zone));
        Self {
            appointment_id: a.id,
            status: a.status.clone(),
            slot_id: a.slot_id,
            start: when(&a.start_time),
            end: when(&a.end_time),
            doctor: a.doctor.map(|d| DoctorRef {
                id: d.id,
                name: d.name,
                specialty: d.specialty,
            }),
            patient: a.patient.map(|p| PatientRef {
                id: p.id,
                name: p.name,
            }),
            rejection_reason: a.rejection_reason.filter(|r| !r.is_empty()),
        }
    }

    /// The doctor id of an upstream appointment, wherever the API put it.
    pub fn doctor_id_of(a: &ApiAppointment) -> Option<u64> {
        a.doctor.as_ref().map(|d| d.id).or(a.doctor_id)
    }
}

/// One page of appointments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct AppointmentPage {
    /// The appointments on this page.
    pub appointments: Vec<Appointment>,
    /// This page number.
    pub page: u64,
    /// Page size.
    pub limit: u64,
    /// Appointments in all pages.
    pub total: u64,
    /// Number of pages.
    pub total_pages: u64,
}

// ---------------------------------------------------------------- helpers

pub(crate) async fn all_doctors(ctx: &ToolContext<'_>) -> Result<Vec<ApiDoctor>, ToolError> {
    ctx.api.get_public::<Vec<ApiDoctor>>("/doctors").await
}

/// Doctor id → IANA zone of that doctor's clinic, for local times on these appointments.
pub(crate) async fn zones(
    ctx: &ToolContext<'_>,
    appointments: &[ApiAppointment],
) -> Result<Arc<BTreeMap<u64, String>>, ToolError> {
    let doctors: Vec<u64> = appointments
        .iter()
        .filter_map(Appointment::doctor_id_of)
        .collect();
    if doctors.is_empty() {
        return Ok(Arc::default());
    }
    ctx.directory.clinic_zones(ctx.api, &doctors).await
}

pub(crate) fn page_of(
    page: ApiPage<ApiAppointment>,
    zones: &BTreeMap<u64, String>,
) -> AppointmentPage {
    AppointmentPage {
        appointments: page
            .data
            .into_iter()
            .map(|a| {
                let zone = Appointment::doctor_id_of(&a).and_then(|id| zones.get(&id));
                Appointment::from_api(a, zone.map(String::as_str))
            })
            .collect(),
        page: page.page,
        limit: page.limit,
        total: page.total,
        total_pages: page.total_pages,
    }
}

/// A mutation whose answer was lost (no answer, or not a usable one) may have been made upstream:
/// say so, and how to learn the outcome.
pub(crate) fn outcome_unknown(mut e: ToolError, next: &str) -> ToolError {
    if e.code.outcome_unknown() {
        e.message.push(' ');
        e.message.push_str(next);
    }
    e
}

/// The answer of a mutation that was made: local times if the clinics' zones can be read, and
/// the appointment without them if not (an error now would hide a change that happened).
pub(crate) async fn answer_made(ctx: &ToolContext<'_>, made: ApiAppointment) -> Appointment {
    let zone = match zones(ctx, std::slice::from_ref(&made)).await {
        Ok(zones) => Appointment::doctor_id_of(&made).and_then(|id| zones.get(&id).cloned()),
        Err(e) => {
            tracing::warn!(code = %e.code, "appointment answered without local times: the clinics' zones could not be read");
            None
        }
    };
    Appointment::from_api(made, zone.as_deref())
}

/// The question a destructive tool asks before it changes `appointment_id`: what the API answers
/// about that appointment now (read here, never taken from the arguments), with its doctor, the
/// doctor's clinic and its start in the clinic's time and in UTC. What of the API's text may be
/// shown, and how, is [`crate::confirm::Question::about`]'s to decide. A 403 or 404 answers as
/// [`clinical::hide_existence`] does.
pub(crate) async fn question_about(
    ctx: &ToolContext<'_>,
    action: crate::confirm::Action,
    appointment_id: u64,
    reason: Option<&str>,
    next: &str,
) -> Result<crate::confirm::Question, ToolError> {
    let credential = ctx.credential()?;
    let one: ApiAppointment = ctx
        .api
        .get(credential, &format!("/appointments/{appointment_id}"))
        .await
        .map_err(|e| clinical::hide_existence(e, next))?;
    let doctor_id = Appointment::doctor_id_of(&one);
    let listed = match doctor_id {
        // The names and the zone are a courtesy to the human: a failed read of the public doctor
        // list leaves them out rather than the question.
        Some(id) => ctx.directory.doctor(ctx.api, id).await.unwrap_or_else(|e| {
            tracing::warn!(code = %e.code, "confirmation asked without the doctor's clinic: the doctor list could not be read");
            None
        }),
        None => None,
    };
    let facts = crate::confirm::Facts {
        doctor: one
            .doctor
            .as_ref()
            .map(|d| d.name.as_str())
            .or_else(|| listed.as_ref().map(|d| d.name.as_str())),
        specialty: one
            .doctor
            .as_ref()
            .and_then(|d| d.specialty.as_deref())
            .or_else(|| listed.as_ref().map(|d| d.specialty.as_str())),
        clinic: listed.as_ref().map(|d| d.clinic.name.as_str()),
        patient: one.patient.as_ref().map(|p| p.name.as_str()),
        start: one
            .start_time
            .as_deref()
            .and_then(|t| t.parse::<Timestamp>().ok()),
        time_zone: listed.as_ref().map(|d| d.clinic.time_zone.as_str()),
        status: Some(one.status.as_str()),
    };
    Ok(crate::confirm::Question::about(
        action,
        appointment_id,
        &facts,
        reason,
        ctx.caller.token.as_ref(),
    ))
}

/// Ask the user about `appointment_id` ([`question_about`]) and wait for a yes; then read the
/// appointment again: when what the API says now is not what the user was shown (moved, changed
/// status, another doctor), the yes does not hold and nothing is sent (`CONFIRMATION_DECLINED`).
pub(crate) async fn confirm_about(
    ctx: &ToolContext<'_>,
    action: crate::confirm::Action,
    appointment_id: u64,
    reason: Option<&str>,
    next: &str,
) -> Result<(), ToolError> {
    let asked = question_about(ctx, action, appointment_id, reason, next).await?;
    ctx.confirm(&asked).await?;
    let now = question_about(ctx, action, appointment_id, reason, next).await?;
    if now != asked {
        return Err(crate::confirm::Refusal::Changed.to_error());
    }
    Ok(())
}

/// The clinic's zone by its IANA name, with that name; `None` when there is none or it is unknown.
fn clinic_zone(zone: Option<&str>) -> Option<(&str, TimeZone)> {
    zone.and_then(|z| TimeZone::get(z).ok().map(|tz| (z, tz)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_carry_utc_and_local_time() {
        let w = When::new("2026-12-01T14:00:00Z", Some("America/New_York")).unwrap();
        assert_eq!(w.utc, "2026-12-01T14:00:00Z");
        assert_eq!(w.local.as_deref(), Some("2026-12-01T09:00:00-05:00"));
        let w = When::new("2026-07-01T07:00:00Z", Some("Europe/Berlin")).unwrap();
        assert_eq!(w.local.as_deref(), Some("2026-07-01T09:00:00+02:00"));
        let w = When::new("2026-07-01T07:00:00Z", Some("Mars/Olympus")).unwrap();
        assert_eq!((w.local, w.time_zone), (None, None));
        assert!(When::new("yesterday", None).is_none());
    }

    fn tool(name: &str) -> &'static crate::tool::ToolDef {
        crate::catalogue::CATALOGUE
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("the policy's table names {name}, which is no tool"))
    }

    /// A property of a schema: of the object itself, or of an object it defines (an item of a
    /// list it answers).
    fn property_of<'s>(schema: &'s crate::tool::JsonObject, field: &str) -> &'s serde_json::Value {
        let own = &schema["properties"][field];
        if !own.is_null() {
            return own;
        }
        let lists = schema
            .get("properties")
            .and_then(|p| p.as_object())
            .into_iter()
            .flat_map(|p| p.values())
            .map(|p| &p["items"]);
        let defined = ["$defs", "definitions"]
            .iter()
            .filter_map(|k| schema.get(*k).and_then(|d| d.as_object()))
            .flat_map(|d| d.values());
        lists
            .chain(defined)
            .map(|d| &d["properties"][field])
            .find(|p| !p.is_null())
            .unwrap_or(own)
    }

    /// The policy's table of this server's arguments (`clinic_policy::served::ARGS`) is this
    /// server's schemas: every argument of every tool is in it (or is a flag of its table), and
    /// each is required as the schema requires it, held to the schema's bounds (a number's
    /// minimum and maximum, a text's length), an id from 1, and served with its default.
    #[test]
    fn the_policy_table_of_arguments_is_this_servers_schemas() {
        use clinic_policy::served::{self, Form};
        for def in crate::catalogue::CATALOGUE {
            let input = (def.input_schema)();
            let properties = input
                .get("properties")
                .and_then(|p| p.as_object())
                .cloned()
                .unwrap_or_default();
            for key in properties.keys() {
                let listed = served::ARGS
                    .iter()
                    .any(|a| a.tool == def.name && a.name == key)
                    || served::FLAGS.iter().any(|f| {
                        f.field == key && f.default.is_some() && f.tools.contains(&def.name)
                    });
                assert!(listed, "{}.{key} is not in the policy's table", def.name);
            }
        }
        for arg in served::ARGS {
            let input = (tool(arg.tool).input_schema)();
            let property = &input["properties"][arg.name];
            let at = format!("{}.{}", arg.tool, arg.name);
            assert!(property.is_object(), "{at} is no argument");
            let required = input
                .get("required")
                .and_then(|r| r.as_array())
                .is_some_and(|r| r.iter().any(|x| x == arg.name));
            assert_eq!(required, arg.required, "{at}: required");
            let number = |k: &str| property[k].as_u64();
            match (arg.form, arg.bounds) {
                (Form::Id, _) => assert_eq!(number("minimum"), Some(1), "{at}"),
                (Form::Count | Form::Number, Some((lo, hi))) => {
                    assert_eq!(number("minimum"), Some(u64::from(lo)), "{at}");
                    assert_eq!(number("maximum"), Some(u64::from(hi)), "{at}");
                }
                (Form::Key | Form::Words | Form::Written, Some((lo, hi))) => {
                    assert_eq!(number("minLength"), Some(u64::from(lo)), "{at}");
                    assert_eq!(number("maxLength"), Some(u64::from(hi)), "{at}");
                }
                (Form::Instant, None) => {}
                (form, bounds) => panic!("{at}: {form:?} with {bounds:?}"),
            }
            let description = property["description"].as_str().unwrap_or_default();
            if let Some(d) = arg.default {
                assert!(
                    description.contains(&format!("(default {d})"))
                        || description.contains(&format!("Default: {d}.")),
                    "{at}: {description}"
                );
            }
            if arg.any_case {
                assert!(
                    description.contains("case-insensitive"),
                    "{at}: {description}"
                );
            }
        }
    }

    /// The policy's table of roles (`clinic_policy::served::ROLES`) is this server's: every tool
    /// of the catalogue in it once, with the role its `#[clinic_tool]` declares (`None`: public).
    #[test]
    fn the_policy_table_of_roles_is_this_servers() {
        use clinic_policy::served::{ROLES, role_of};
        assert_eq!(ROLES.len(), crate::catalogue::CATALOGUE.len());
        for def in crate::catalogue::CATALOGUE {
            let declared = def.role.map(|r| r.as_str());
            assert_eq!(role_of(def.name), Some(declared), "{}", def.name);
        }
    }

    /// The policy's table of the tools that answer each code (`clinic_policy::served::
    /// tools_answering`), which refuses a code said of a tool that never gives it, is this
    /// server's: it names served tools only; a token's and a role's codes are every tool with a
    /// role (a public tool takes no token); a slot's codes every tool with a `slot_id`, a key's
    /// every tool with an `idempotency_key`; `APPOINTMENT_NOT_FOUND` every tool with an
    /// `appointment_id` (and the schedule, which reads one of its appointments by id),
    /// `INVALID_TRANSITION` every changing one of them.
    #[test]
    fn the_policy_table_of_codes_is_this_servers() {
        use clinic_policy::served::{ARGS, tools_answering};
        let catalogue = crate::catalogue::CATALOGUE;
        let sorted = |mut v: Vec<&'static str>| {
            v.sort_unstable();
            v.dedup();
            v
        };
        let table = |code: &str| sorted(tools_answering(code).unwrap_or_default().to_vec());
        let with_arg = |name: &str| {
            sorted(
                ARGS.iter()
                    .filter(|a| a.name == name)
                    .map(|a| a.tool)
                    .collect(),
            )
        };
        for &code in crate::error::ErrorCode::ALL {
            for name in table(code.as_str()) {
                tool(name);
            }
        }
        let signed_in = sorted(
            catalogue
                .iter()
                .filter(|d| d.role.is_some())
                .map(|d| d.name)
                .collect(),
        );
        for code in [
            "ROLE_NOT_PERMITTED",
            "MISSING_TOKEN",
            "INVALID_TOKEN_FORMAT",
        ] {
            assert_eq!(table(code), signed_in, "{code}");
        }
        for code in ["SLOT_TAKEN", "SLOT_NOT_FOUND"] {
            assert_eq!(table(code), with_arg("slot_id"), "{code}");
        }
        assert_eq!(
            table("IDEMPOTENCY_KEY_CONFLICT"),
            with_arg("idempotency_key")
        );
        let one = with_arg("appointment_id");
        let mut reading = one.clone();
        reading.push("list_doctor_schedule");
        assert_eq!(table("APPOINTMENT_NOT_FOUND"), sorted(reading));
        let changing = one.into_iter().filter(|n| tool(n).mutates).collect();
        assert_eq!(table("INVALID_TRANSITION"), sorted(changing));
        // Only a destructive tool asks its human, so only it answers a declined question.
        let asking = catalogue
            .iter()
            .filter(|d| d.destructive)
            .map(|d| d.name)
            .collect();
        assert_eq!(table("CONFIRMATION_DECLINED"), sorted(asking));
        assert_eq!(table("UNKNOWN_SPECIALTY"), with_arg("specialty"));
    }

    /// The properties of an output schema, nested ones too, by path ("appointments.doctor.name"),
    /// each with its JSON types (an optional field's `null` left out).
    fn output_paths(schema: &serde_json::Value, prefix: &str, out: &mut Vec<(String, String)>) {
        let types = |p: &serde_json::Value| -> String {
            let mut all: Vec<String> = Vec::new();
            let mut stack = vec![p];
            while let Some(v) = stack.pop() {
                match &v["type"] {
                    serde_json::Value::String(t) => all.push(t.clone()),
                    serde_json::Value::Array(ts) => {
                        all.extend(ts.iter().filter_map(|t| t.as_str().map(str::to_owned)));
                    }
                    _ => {}
                }
                for k in ["anyOf", "oneOf", "allOf"] {
                    stack.extend(v[k].as_array().into_iter().flatten());
                }
            }
            all.retain(|t| t != "null");
            all.sort();
            all.dedup();
            all.join("|")
        };
        let mut objects = vec![schema];
        let mut k = 0;
        while k < objects.len() {
            let v = objects[k];
            for key in ["anyOf", "oneOf", "allOf"] {
                objects.extend(v[key].as_array().into_iter().flatten());
            }
            if !v["items"].is_null() {
                objects.push(&v["items"]);
            }
            k += 1;
        }
        for v in objects {
            let Some(properties) = v["properties"].as_object() else {
                continue;
            };
            for (name, p) in properties {
                let path = if prefix.is_empty() {
                    name.clone()
                } else {
                    format!("{prefix}.{name}")
                };
                out.push((path.clone(), types(p)));
                output_paths(p, &path, out);
            }
        }
    }

    /// The policy's table of this server's answers (`clinic_policy::answers::OUTPUTS`) is this
    /// server's output schemas, both ways: every property of every tool's output schema, nested
    /// ones too, is a row of its tool's table, of the JSON type its kind is; every row is served.
    #[test]
    fn the_policy_table_of_outputs_is_this_servers_schemas() {
        use clinic_policy::answers::{self, Value};
        for (name, _) in answers::OUTPUTS {
            tool(name);
        }
        for def in crate::catalogue::CATALOGUE {
            let fields = answers::output_of(def.name)
                .unwrap_or_else(|| panic!("{} is not in the policy's table of outputs", def.name));
            let output = serde_json::Value::Object((def.output_schema)());
            let mut served = Vec::new();
            output_paths(&output, "", &mut served);
            served.sort();
            served.dedup();
            let table = answers::paths(fields);
            for (path, types) in &served {
                let row = table
                    .iter()
                    .find(|(p, _)| p == path)
                    .unwrap_or_else(|| panic!("{}.{path} is not in the policy's table", def.name));
                let want = match row.1.value {
                    Value::Id | Value::Count => "integer",
                    Value::Flag => "boolean",
                    Value::Object => "object",
                    Value::List => "array",
                    _ => "string",
                };
                assert_eq!(types, want, "{}.{path}", def.name);
            }
            for (path, _) in &table {
                assert!(
                    served.iter().any(|(p, _)| p == path),
                    "{}.{path} is in the policy's table but not served",
                    def.name
                );
            }
        }
    }

    /// The policy's table of this server's own values (`clinic_policy::served`), which its screen
    /// reads served text against, is this server's: each flag is a boolean of its tools (an
    /// argument when it has a default, served with that default, else a field of the answer), and
    /// the slot search's window is the handler's.
    #[test]
    fn the_policy_table_of_served_values_is_this_servers() {
        use clinic_policy::served;
        for flag in served::FLAGS {
            for name in flag.tools {
                let def = tool(name);
                let schema = match flag.default {
                    Some(_) => (def.input_schema)(),
                    None => (def.output_schema)(),
                };
                let property = property_of(&schema, flag.field);
                let types = property["type"].to_string();
                assert!(types.contains("boolean"), "{name}.{}: {types}", flag.field);
                let description = property["description"].as_str().unwrap_or_default();
                if let Some(default) = flag.default {
                    assert!(
                        description.ends_with(&format!("Default: {default}.")),
                        "{name}.{}: {description}",
                        flag.field
                    );
                }
            }
        }
        assert_eq!(served::SLOT_SEARCH, slots::FIND_AVAILABLE_SLOTS.name);
        assert_eq!(
            i64::from(served::SLOT_WINDOW_DEFAULT_DAYS),
            slots::DEFAULT_WINDOW_DAYS
        );
        assert_eq!(
            i64::from(served::SLOT_WINDOW_CAP_DAYS),
            slots::MAX_WINDOW_DAYS
        );
        // the lists by id: doctors as the API orders them, pages of appointments as it pages them
        for name in served::ORDERED_BY_ID {
            tool(name);
        }
        let doctors = (tool("list_doctors").output_schema)();
        assert_eq!(
            doctors["properties"]["doctors"]["description"],
            "The doctors, ordered by id."
        );
        assert!(
            tool("list_my_appointments")
                .description
                .contains("newest last")
        );
        // every doctor: the specialty is the one argument that narrows the doctors
        for name in served::EVERY_DOCTOR {
            let input = (tool(name).input_schema)();
            let args: Vec<&String> = input
                .get("properties")
                .and_then(|p| p.as_object())
                .map(|p| p.keys().collect())
                .unwrap_or_default();
            assert!(
                args.iter().all(|a| *a == "specialty"),
                "{name} takes {args:?}"
            );
        }
        // the totals of a page count every page
        for name in served::PAGED {
            let output = (tool(name).output_schema)();
            assert_eq!(
                output["properties"]["total"]["description"],
                "Appointments in all pages."
            );
            assert_eq!(
                output["properties"]["total_pages"]["description"],
                "Number of pages."
            );
        }
    }
}
