//! The patient's appointments: listing, booking, cancelling.

use super::{Appointment, AppointmentPage, answer_made, outcome_unknown, page_of, zones};
use crate::error::ToolError;
use crate::tool::ToolContext;
use crate::upstream::{ApiAppointment, ApiPage};
use crate::{ToolArgs, clinic_tool};
use schemars::JsonSchema;
use serde::Deserialize;

/// Which page of appointments.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct PageArgs {
    /// Page number, from 1 (default 1) up to 10000.
    #[schemars(range(min = 1, max = 10000))]
    pub page: Option<u32>,
    /// Appointments per page, 1 to 100 (default 20).
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u32>,
}

impl PageArgs {
    /// The page and its size, defaults applied (the bounds are the schema's, checked before the
    /// handler runs).
    pub fn paging(&self) -> (u32, u32) {
        (self.page.unwrap_or(1), self.limit.unwrap_or(20))
    }
}

/// Whether `key` is made of the characters an idempotency key may use (its length is the
/// schema's): letters, digits and `. _ : -`.
pub(crate) fn check_idempotency_key(key: &str) -> Result<(), ToolError> {
    if key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
    {
        Ok(())
    } else {
        Err(ToolError::field(
            "idempotency_key",
            "must use only the characters A-Z a-z 0-9 . _ : -",
        ))
    }
}

/// What to book.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct BookArgs {
    /// Id of an open slot (a positive integer), as returned by find_available_slots.
    #[schemars(range(min = 1))]
    pub slot_id: u64,
    /// A key of 8 to 128 characters (letters, digits and . _ : -). A retry of this booking with the same key books the slot at most once.
    #[schemars(length(min = 8, max = 128))]
    pub idempotency_key: String,
}

/// What to cancel.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct CancelArgs {
    /// Id of one of the patient's appointments (a positive integer), as returned by list_my_appointments.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
}

/// List the authenticated patient's own appointments, newest last, one page at a time, with status, doctor and times.
#[clinic_tool(profile = "readonly", role = "patient", title = "List my appointments")]
pub async fn list_my_appointments(
    ctx: &ToolContext<'_>,
    args: PageArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = args.paging();
    let credential = ctx.credential()?;
    let path = format!("/appointments/my?page={page}&limit={limit}");
    let upstream: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
    let zones = zones(ctx, &upstream.data).await?;
    Ok(page_of(upstream, &zones))
}

/// Book an open slot for the authenticated patient. Creates a pending appointment and takes the slot; returns the appointment.
#[clinic_tool(
    profile = "booking",
    role = "patient",
    mutates,
    idempotent,
    title = "Book an appointment"
)]
pub async fn book_appointment(
    ctx: &ToolContext<'_>,
    args: BookArgs,
) -> Result<Appointment, ToolError> {
    let slot_id = args.slot_id;
    let key = &args.idempotency_key;
    check_idempotency_key(key)?;
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation. When the answer is lost the model is told
    // how to learn the outcome; the same key makes the retry book nothing new.
    let created: ApiAppointment = ctx
        .api
        .post(
            credential,
            "/appointments",
            serde_json::json!({ "slotId": slot_id }),
            Some(key),
        )
        .await
        .map_err(|e| {
            outcome_unknown(
                e,
                "The booking may have been made: call again with the same idempotency_key to learn its outcome; it is made at most once.",
            )
        })?;
    Ok(answer_made(ctx, created).await)
}

/// Cancel one of the authenticated patient's appointments. The appointment becomes cancelled and its slot is released; returns the appointment.
#[clinic_tool(
    profile = "booking",
    role = "patient",
    mutates,
    destructive,
    title = "Cancel an appointment"
)]
pub async fn cancel_appointment(
    ctx: &ToolContext<'_>,
    args: CancelArgs,
) -> Result<Appointment, ToolError> {
    let id = args.appointment_id;
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation.
    let cancelled: ApiAppointment = ctx
        .api
        .patch(credential, &format!("/appointments/{id}/cancel"))
        .await
        .map_err(|e| {
            outcome_unknown(
                e,
                "The cancellation may have been made: list_my_appointments shows the appointment's status.",
            )
        })?;
    Ok(answer_made(ctx, cancelled).await)
}
