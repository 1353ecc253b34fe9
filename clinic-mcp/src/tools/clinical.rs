//! The clinical tools: a patient's intake with the triage level the API computes, the protocol
//! library a doctor searches, and escalation of an appointment to the clinic's on-call doctor.
//!
//! Clinics are tenants. The API answers 403 `FORBIDDEN` for an appointment of another patient
//! or another clinic, and 404 for an id that does not exist: both reach the agent as the same
//! `APPOINTMENT_NOT_FOUND` with the same message ([`no_such_appointment`]), so a call reveals
//! nothing about an appointment the caller may not see. Every string of every answer (protocol
//! titles and text above all: people write them) passes the output screen in
//! `ClinicServer::call`.

use super::{Appointment, When, answer_made, outcome_unknown};
use crate::error::{ErrorCode, ToolError};
use crate::tool::ToolContext;
use crate::upstream::{ApiEscalated, ApiIntake, ApiProtocol};
use clinic_tools_macros::{ToolArgs, ToolOutput, clinic_tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The answer for an appointment the caller may not see and for one that does not exist: one
/// code and one message, whatever the API said, so the agent learns nothing from the difference.
pub(crate) fn no_such_appointment(next: &str) -> ToolError {
    ToolError::new(
        ErrorCode::AppointmentNotFound,
        format!("No appointment with this id is open to this caller. {next}"),
    )
}

/// `e` with a 403 or a 404 for the appointment made the same answer ([`no_such_appointment`]).
pub(crate) fn hide_existence(e: ToolError, next: &str) -> ToolError {
    match e.code {
        ErrorCode::Forbidden | ErrorCode::AppointmentNotFound => no_such_appointment(next),
        _ => e,
    }
}

/// The symptoms of an appointment, recorded before the visit.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct IntakeArgs {
    /// Id of one of the patient's appointments (a positive integer), as returned by list_my_appointments.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
    /// The symptoms, in the patient's words, 1 to 1000 characters.
    #[schemars(length(min = 1, max = 1000))]
    pub symptoms: String,
    /// For how many days the symptoms have lasted, 0 to 3650.
    #[schemars(range(min = 0, max = 3650))]
    pub duration_days: u32,
    /// How severe the symptoms are, 0 (none) to 10 (worst).
    #[schemars(range(min = 0, max = 10))]
    pub severity: u8,
}

/// The intake of an appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Intake {
    /// Intake id.
    pub intake_id: u64,
    /// The appointment it belongs to.
    pub appointment_id: u64,
    /// The symptoms as recorded.
    pub symptoms: String,
    /// For how many days the symptoms have lasted.
    pub duration_days: u64,
    /// Severity, 0 to 10.
    pub severity: u64,
    /// Triage level set by the clinic from the severity: urgent (8 or more), elevated (5 or more) or routine.
    pub triage: String,
    /// When the intake was recorded, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<When>,
}

impl From<ApiIntake> for Intake {
    fn from(i: ApiIntake) -> Self {
        Self {
            intake_id: i.id,
            appointment_id: i.appointment_id,
            symptoms: i.symptoms,
            duration_days: i.duration_days,
            severity: i.severity,
            triage: i.triage,
            recorded: i.created_at.as_deref().and_then(|t| When::new(t, None)),
        }
    }
}

/// Record the symptoms of one of the authenticated patient's appointments before the visit: what they are, for how many days, and how severe. The clinic sets the triage level from the severity. One intake per appointment; returns the intake.
#[clinic_tool(
    profile = "booking",
    role = "patient",
    mutates,
    title = "Record an intake"
)]
pub async fn record_intake(ctx: &ToolContext<'_>, args: IntakeArgs) -> Result<Intake, ToolError> {
    const NEXT: &str = "list_my_appointments shows the patient's appointments.";
    if args.symptoms.trim().is_empty() {
        return Err(ToolError::field("symptoms", "must not be only spaces"));
    }
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation. A second intake answers INTAKE_EXISTS, so
    // a retry after a lost answer records nothing twice.
    let created: ApiIntake = ctx
        .api
        .post(
            credential,
            &format!("/appointments/{}/intake", args.appointment_id),
            serde_json::json!({
                "symptoms": args.symptoms,
                "durationDays": args.duration_days,
                "severity": args.severity,
            }),
            None,
        )
        .await
        .map_err(|e| match e.code {
            ErrorCode::IntakeExists => ToolError::new(
                ErrorCode::IntakeExists,
                "This appointment already has its intake; an appointment has one, and it cannot be recorded again.",
            ),
            _ => outcome_unknown(
                hide_existence(e, NEXT),
                "The intake may have been recorded: call again with the same arguments; INTAKE_EXISTS means it was.",
            ),
        })?;
    Ok(created.into())
}

/// What to search for in the protocols.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct ProtocolSearchArgs {
    /// Words to search for in the titles and text of the protocols, 2 to 200 characters.
    #[schemars(length(min = 2, max = 200))]
    pub query: String,
    /// Most protocols to return, 1 to 20 (default 5).
    #[schemars(range(min = 1, max = 20))]
    pub limit: Option<u32>,
}

/// One clinical protocol.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Protocol {
    /// Protocol id.
    pub protocol_id: u64,
    /// Title of the protocol.
    pub title: String,
    /// The start of the protocol text.
    pub excerpt: String,
    /// Date of the last review (for example 2026-03-02), when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviewed: Option<String>,
    /// True for a protocol shared by every clinic; false for one of the doctor's own clinic.
    pub shared: bool,
}

/// The matching protocols, ranked by relevance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Protocols {
    /// Matching protocols, ranked by relevance: a match in the title weighs three times a match in the text.
    pub protocols: Vec<Protocol>,
}

/// `text` for a query string: every byte but the unreserved ones (RFC 3986) percent-encoded.
fn query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Search the clinical protocols of the authenticated doctor's clinic and the shared ones by words. Returns the matches ranked by relevance, each with its title, the start of its text and its review date; a match in the title weighs three times a match in the text.
#[clinic_tool(profile = "full", role = "doctor", title = "Search the protocols")]
pub async fn search_protocols(
    ctx: &ToolContext<'_>,
    args: ProtocolSearchArgs,
) -> Result<Protocols, ToolError> {
    // The API trims the query and then holds it to 2 to 200 characters: so does this.
    let query = args.query.trim();
    let chars = query.chars().count();
    if !(2..=200).contains(&chars) {
        return Err(ToolError::field(
            "query",
            format!(
                "must be 2 to 200 characters once spaces at either end are removed, got {chars}"
            ),
        ));
    }
    let limit = args.limit.unwrap_or(5);
    let credential = ctx.credential()?;
    let path = format!("/protocols?q={}&limit={limit}", query_value(query));
    let found: Vec<ApiProtocol> = ctx.api.get(credential, &path).await?;
    Ok(Protocols {
        protocols: found
            .into_iter()
            // The API answers at most `limit`; a longer answer is cut, not passed on.
            .take(limit as usize)
            .map(|p| Protocol {
                protocol_id: p.id,
                title: p.title,
                excerpt: p.excerpt,
                reviewed: p.reviewed_at,
                shared: p.clinic_id.is_none(),
            })
            .collect(),
    })
}

/// Which appointment to escalate, with a note.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct EscalateArgs {
    /// Id of one of the doctor's appointments (a positive integer), as returned by list_doctor_schedule.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
    /// The reason the appointment is urgent, for the oncall doctor, 1 to 500 characters.
    #[schemars(length(min = 1, max = 500))]
    pub note: String,
}

/// An appointment after its escalation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Escalation {
    /// The appointment, now with the oncall doctor of the clinic.
    pub appointment: Appointment,
    /// Priority of the appointment: urgent after the escalation.
    pub priority: String,
}

/// Escalate one of the authenticated doctor's appointments: it becomes urgent and moves to the oncall doctor of the same clinic, with a note. The status stays as it was. Returns the appointment with its new doctor.
#[clinic_tool(
    profile = "full",
    role = "doctor",
    mutates,
    title = "Escalate to the oncall doctor"
)]
pub async fn escalate_to_oncall(
    ctx: &ToolContext<'_>,
    args: EscalateArgs,
) -> Result<Escalation, ToolError> {
    const NEXT: &str = "list_doctor_schedule shows the doctor's appointments.";
    if args.note.trim().is_empty() {
        return Err(ToolError::field("note", "must not be only spaces"));
    }
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation. After an escalation the appointment is the
    // oncall doctor's, so a repeat answers APPOINTMENT_NOT_FOUND to this doctor.
    let escalated: ApiEscalated = ctx
        .api
        .patch_json(
            credential,
            &format!("/appointments/{}/escalate", args.appointment_id),
            serde_json::json!({ "note": args.note }),
        )
        .await
        .map_err(|e| match e.code {
            ErrorCode::NoOncallDoctor => ToolError::new(
                ErrorCode::NoOncallDoctor,
                "Nobody is on call at this clinic; nothing was changed. The appointment stays with this doctor.",
            ),
            _ => outcome_unknown(
                hide_existence(e, NEXT),
                "The escalation may have been made: list_doctor_schedule no longer shows the appointment when it was.",
            ),
        })?;
    Ok(Escalation {
        priority: escalated.priority.unwrap_or_else(|| "urgent".to_owned()),
        appointment: answer_made(ctx, escalated.appointment).await,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_percent_encoded_whole() {
        assert_eq!(query_value("chest pain"), "chest%20pain");
        assert_eq!(query_value("a&limit=20#x"), "a%26limit%3D20%23x");
        assert_eq!(query_value("fièvre"), "fi%C3%A8vre");
        assert_eq!(query_value("A-z_0.~"), "A-z_0.~");
    }

    #[test]
    fn forbidden_and_not_found_answer_the_same() {
        let next = "list_doctor_schedule shows the doctor's appointments.";
        let forbidden = hide_existence(
            ToolError::new(ErrorCode::Forbidden, "You do not have access. Not allowed."),
            next,
        );
        let missing = hide_existence(
            ToolError::new(ErrorCode::AppointmentNotFound, "Appointment not found."),
            next,
        );
        assert_eq!(forbidden, missing);
        assert_eq!(forbidden.code, ErrorCode::AppointmentNotFound);
        let other = ToolError::new(ErrorCode::InvalidTransition, "cancelled");
        assert_eq!(hide_existence(other.clone(), next), other);
    }
}
