//! The patient's appointments: listing, reading one, booking, moving, cancelling.

use super::clinical::hide_existence;
use super::{
    Appointment, AppointmentPage, Booking, answer_made, confirm_about, outcome_unknown, page_of,
    zones,
};
use crate::api::Method;
use crate::error::ToolError;
use crate::tool::ToolContext;
use crate::upstream::{ApiAppointment, ApiPage};
use clinic_tools_macros::{ToolArgs, clinic_tool};
use schemars::JsonSchema;
use serde::Deserialize;

/// Which of the patient's appointments, one page at a time.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct MyAppointmentsArgs {
    /// Page number, from 1 (default 1) up to 10000.
    #[schemars(range(min = 1, max = 10000))]
    pub page: Option<u32>,
    /// Appointments per page, 1 to 100 (default 20).
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u32>,
    /// When true, only appointments that start after now and are not cancelled or rejected; the page and the total are of those only. Default: false.
    pub upcoming: Option<bool>,
}

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
    /// A key of 8 to 128 characters (letters, digits and . _ : -). With the same key, the slot is booked at most once.
    #[schemars(length(min = 8, max = 128))]
    pub idempotency_key: String,
}

/// Where to move an appointment.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct RescheduleArgs {
    /// Id of one of the patient's appointments (a positive integer), as returned by list_my_appointments.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
    /// Id of the open slot to move it to (a positive integer), as returned by find_available_slots.
    #[schemars(range(min = 1))]
    pub slot_id: u64,
    /// A key of 8 to 128 characters (letters, digits and . _ : -). With the same key, the appointment is moved at most once.
    #[schemars(length(min = 8, max = 128))]
    pub idempotency_key: String,
}

/// Which appointment.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct AppointmentArgs {
    /// Id of one of the patient's appointments (a positive integer), as returned by list_my_appointments.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
}

/// What to cancel.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct CancelArgs {
    /// Id of one of the patient's appointments (a positive integer), as returned by list_my_appointments.
    #[schemars(range(min = 1))]
    pub appointment_id: u64,
}

/// Most appointments the API answers per page: what an `upcoming` listing reads at a time.
const UPSTREAM_PAGE: u32 = 100;

/// Whether an upstream appointment starts after `now` and is neither cancelled nor rejected. An
/// appointment without a readable start is not known to be upcoming, so it is left out.
fn is_upcoming(a: &ApiAppointment, now: jiff::Timestamp) -> bool {
    !matches!(a.status.as_str(), "cancelled" | "rejected")
        && a.start_time
            .as_deref()
            .and_then(|t| t.parse::<jiff::Timestamp>().ok())
            .is_some_and(|start| start > now)
}

/// List the authenticated patient's own appointments, newest last, one page at a time, with status, doctor and times; optionally only the upcoming ones.
#[clinic_tool(profile = "readonly", role = "patient", title = "List my appointments")]
pub async fn list_my_appointments(
    ctx: &ToolContext<'_>,
    args: MyAppointmentsArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = (args.page.unwrap_or(1), args.limit.unwrap_or(20));
    let credential = ctx.credential()?;
    if args.upcoming != Some(true) {
        let path = format!("/appointments/my?page={page}&limit={limit}");
        let upstream: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
        let zones = zones(ctx, &upstream.data).await?;
        return Ok(page_of(upstream, &zones));
    }
    // The API has no such filter: every page is read (within the call's request budget), the
    // filter applied here, and the pages and totals are those of what is left.
    let now = jiff::Timestamp::now();
    let mut kept: Vec<ApiAppointment> = Vec::new();
    let mut upstream_page = 1u32;
    loop {
        let path = format!("/appointments/my?page={upstream_page}&limit={UPSTREAM_PAGE}");
        let read: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
        let last = read.data.is_empty() || u64::from(upstream_page) >= read.total_pages;
        kept.extend(read.data.into_iter().filter(|a| is_upcoming(a, now)));
        if last {
            break;
        }
        upstream_page += 1;
    }
    let total = kept.len() as u64;
    let skip = (u64::from(page) - 1) * u64::from(limit);
    let data: Vec<ApiAppointment> = kept
        .into_iter()
        .skip(usize::try_from(skip).unwrap_or(usize::MAX))
        .take(limit as usize)
        .collect();
    let filtered = ApiPage {
        data,
        total,
        page: u64::from(page),
        limit: u64::from(limit),
        total_pages: total.div_ceil(u64::from(limit)),
    };
    let zones = zones(ctx, &filtered.data).await?;
    Ok(page_of(filtered, &zones))
}

/// Get one of the authenticated patient's appointments by id, with status, doctor, times and any reason for a rejection.
#[clinic_tool(profile = "readonly", role = "patient", title = "Get an appointment")]
pub async fn get_appointment(
    ctx: &ToolContext<'_>,
    args: AppointmentArgs,
) -> Result<Appointment, ToolError> {
    let credential = ctx.credential()?;
    let path = format!("/appointments/{}", args.appointment_id);
    let one: ApiAppointment = ctx
        .api
        .get(credential, &path)
        .await
        .map_err(|e| hide_existence(e, "Check the id with list_my_appointments."))?;
    let zones = zones(ctx, std::slice::from_ref(&one)).await?;
    let zone = Appointment::doctor_id_of(&one).and_then(|id| zones.get(&id));
    Ok(Appointment::from_api(one, zone.map(String::as_str)))
}

/// Book an open slot for the authenticated patient. Creates a pending appointment and takes the slot; returns the appointment.
#[clinic_tool(
    profile = "booking",
    role = "patient",
    mutates,
    idempotent,
    title = "Book an appointment"
)]
pub async fn book_appointment(ctx: &ToolContext<'_>, args: BookArgs) -> Result<Booking, ToolError> {
    let slot_id = args.slot_id;
    let key = &args.idempotency_key;
    check_idempotency_key(key)?;
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation. When the answer is lost the model is told
    // how to learn the outcome; the same key makes the retry book nothing new.
    let created = ctx
        .api
        .mutate::<ApiAppointment>(
            credential,
            Method::POST,
            "/appointments",
            Some(serde_json::json!({ "slotId": slot_id })),
            Some(key),
        )
        .await
        .map_err(|e| {
            outcome_unknown(
                e,
                "The booking may have been made: call again with the same idempotency_key to learn its outcome; it is made at most once.",
            )
        })?;
    Ok(Booking::new(
        answer_made(ctx, created.value).await,
        created.replayed,
    ))
}

/// Move one of the authenticated patient's appointments to another open slot in one step: the new slot is taken and the old one released, or nothing changes. Returns the appointment.
#[clinic_tool(
    profile = "booking",
    role = "patient",
    mutates,
    idempotent,
    title = "Reschedule an appointment"
)]
pub async fn reschedule_appointment(
    ctx: &ToolContext<'_>,
    args: RescheduleArgs,
) -> Result<Booking, ToolError> {
    check_idempotency_key(&args.idempotency_key)?;
    let credential = ctx.credential()?;
    // Sent once: the server never retries a mutation; the API moves the appointment atomically.
    let moved = ctx
        .api
        .mutate::<ApiAppointment>(
            credential,
            Method::PATCH,
            &format!("/appointments/{}/reschedule", args.appointment_id),
            Some(serde_json::json!({ "slotId": args.slot_id })),
            Some(&args.idempotency_key),
        )
        .await
        .map_err(|e| {
            hide_existence(
                outcome_unknown(
                    e,
                    "The move may have been made: call again with the same idempotency_key to learn its outcome; it is made at most once.",
                ),
                "Check the id with list_my_appointments.",
            )
        })?;
    Ok(Booking::new(
        answer_made(ctx, moved.value).await,
        moved.replayed,
    ))
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
    // The human confirms what the API says this appointment is, before anything is sent.
    confirm_about(
        ctx,
        crate::confirm::Action::Cancel,
        id,
        None,
        "Check the id with list_my_appointments.",
    )
    .await?;
    // Sent once: the server never retries a mutation.
    let cancelled: ApiAppointment = ctx
        .api
        .patch(credential, &format!("/appointments/{id}/cancel"))
        .await
        .map_err(|e| {
            hide_existence(
                outcome_unknown(
                    e,
                    "The cancellation may have been made: list_my_appointments shows the appointment's status.",
                ),
                "Check the id with list_my_appointments.",
            )
        })?;
    Ok(answer_made(ctx, cancelled).await)
}
