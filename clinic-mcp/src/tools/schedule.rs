//! The doctor's schedule, and the doctor's answer to an appointment: confirm or reject.

use super::appointments::PageArgs;
use super::clinical::hide_existence;
use super::{
    Appointment, AppointmentPage, answer_made, confirm_about, outcome_unknown, page_of, zones,
};
use crate::api::Method;
use crate::error::ToolError;
use crate::tool::ToolContext;
use crate::upstream::{ApiAppointment, ApiPage};
use clinic_tools_macros::{ToolArgs, clinic_tool};
use schemars::JsonSchema;
use serde::Deserialize;

/// Which appointment to confirm.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct ConfirmArgs {
    /// Id of a pending appointment with the doctor (a positive integer), as returned by list_doctor_schedule.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
}

/// Which appointment to reject, with an optional reason.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct RejectArgs {
    /// Id of a pending appointment with the doctor (a positive integer), as returned by list_doctor_schedule.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
    /// Reason for the rejection, 1 to 200 characters, kept on the appointment and shown to the patient. Optional.
    #[schemars(length(min = 1, max = 200))]
    pub reason: Option<String>,
}

/// List the authenticated doctor's appointments, one page at a time, with status, patient and times.
#[clinic_tool(profile = "full", role = "doctor", title = "List my schedule")]
pub async fn list_doctor_schedule(
    ctx: &ToolContext<'_>,
    args: PageArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = args.paging();
    let credential = ctx.credential()?;
    let path = format!("/appointments/doctor?page={page}&limit={limit}");
    let mut upstream: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
    // The schedule names the patient, not the doctor; every entry is the same (authenticated)
    // doctor's, so one appointment read tells whose clinic, and so which time zone, applies. The
    // answer is kept for this caller, so that read is made once per caller, not per call.
    if let Some(first) = upstream.data.first()
        && upstream
            .data
            .iter()
            .all(|a| Appointment::doctor_id_of(a).is_none())
    {
        let doctor = match ctx.directory.own_doctor(ctx.caller) {
            Some(doctor) => Some(doctor),
            None => {
                let one: ApiAppointment = ctx
                    .api
                    .get(credential, &format!("/appointments/{}", first.id))
                    .await?;
                let doctor = Appointment::doctor_id_of(&one);
                if let Some(doctor) = doctor {
                    ctx.directory.learn_own_doctor(ctx.caller, doctor);
                }
                doctor
            }
        };
        if let Some(doctor) = doctor {
            for a in &mut upstream.data {
                a.doctor_id = Some(doctor);
            }
        }
    }
    let zones = zones(ctx, &upstream.data).await?;
    Ok(page_of(upstream, &zones))
}

/// Confirm a pending appointment with the authenticated doctor. The appointment becomes confirmed; returns the appointment.
#[clinic_tool(
    profile = "full",
    role = "doctor",
    mutates,
    title = "Confirm an appointment"
)]
pub async fn confirm_appointment(
    ctx: &ToolContext<'_>,
    args: ConfirmArgs,
) -> Result<Appointment, ToolError> {
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation.
    let confirmed = ctx
        .api
        .mutate::<ApiAppointment>(
            credential,
            Method::PATCH,
            &format!("/appointments/{}/confirm", args.appointment_id),
            None,
            None,
        )
        .await
        .map_err(|e| {
            hide_existence(
                outcome_unknown(
                    e,
                    "The confirmation may have been made: list_doctor_schedule shows the appointment's status.",
                ),
                "Check the id with list_doctor_schedule.",
            )
        })?;
    Ok(answer_made(ctx, confirmed.value).await)
}

/// Reject a pending appointment with the authenticated doctor, with an optional reason shown to the patient. The appointment becomes rejected and its slot is released; returns the appointment.
#[clinic_tool(
    profile = "full",
    role = "doctor",
    mutates,
    destructive,
    title = "Reject an appointment"
)]
pub async fn reject_appointment(
    ctx: &ToolContext<'_>,
    args: RejectArgs,
) -> Result<Appointment, ToolError> {
    let body = match &args.reason {
        None => None,
        Some(reason) => {
            if reason.trim().is_empty() || reason.chars().any(char::is_control) {
                return Err(ToolError::field(
                    "reason",
                    "must be text without control characters, not only spaces",
                ));
            }
            Some(serde_json::json!({ "reason": reason }))
        }
    };
    let credential = ctx.credential()?;
    // The human confirms what the API says this appointment is, and the reason the patient will
    // read (the assistant's words, quoted and said to be), before anything is sent.
    confirm_about(
        ctx,
        crate::confirm::Action::Reject,
        args.appointment_id,
        args.reason.as_deref(),
        "Check the id with list_doctor_schedule.",
    )
    .await?;
    // Sent once: the server never retries a mutation.
    let rejected = ctx
        .api
        .mutate::<ApiAppointment>(
            credential,
            Method::PATCH,
            &format!("/appointments/{}/reject", args.appointment_id),
            body,
            None,
        )
        .await
        .map_err(|e| {
            hide_existence(
                outcome_unknown(
                    e,
                    "The rejection may have been made: list_doctor_schedule shows the appointment's status.",
                ),
                "Check the id with list_doctor_schedule.",
            )
        })?;
    Ok(answer_made(ctx, rejected.value).await)
}
