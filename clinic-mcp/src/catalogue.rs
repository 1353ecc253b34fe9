//! The catalogue: every tool the server can ever offer, in one explicit list.
//!
//! A list (not linker-section registration) keeps the catalogue reviewable in one place,
//! deterministic, and impossible for another linked crate to extend (ASI04). `catalogue!` also
//! asserts in const evaluation that no tool description names another tool of the list.

use crate::model::{ApiAppointment, ApiDoctor, ApiPage, ApiSlot, Appointment, Doctor, When};
use crate::tool::{ToolContext, ToolError};
use crate::{ToolArgs, ToolDef, ToolOutput, clinic_tool};
use futures::StreamExt as _;
use jiff::{SignedDuration, Timestamp};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Build the catalogue slice from tool definitions and assert, at compile time, that no tool's
/// description names another tool of the list (rule `cross_tool`).
#[macro_export]
macro_rules! catalogue {
    ($($tool:path),+ $(,)?) => {{
        const LIST: &[$crate::ToolDef] = &[$($tool),+];
        const _: () = {
            let mut i = 0;
            while i < LIST.len() {
                let mut j = 0;
                while j < LIST.len() {
                    if i != j && $crate::__private::mentions_tool(LIST[i].description, LIST[j].name) {
                        panic!("policy rule `cross_tool`: a tool description names another tool of the catalogue; describe what the tool does and returns without pointing at other tools");
                    }
                    j += 1;
                }
                i += 1;
            }
        };
        LIST
    }};
}

/// Every tool, all profiles and roles. The server registers the subset a session may reach.
pub static CATALOGUE: &[ToolDef] = catalogue![
    LIST_SPECIALTIES,
    LIST_DOCTORS,
    FIND_AVAILABLE_SLOTS,
    LIST_MY_APPOINTMENTS,
    BOOK_APPOINTMENT,
    CANCEL_APPOINTMENT,
    LIST_DOCTOR_SCHEDULE,
];

// ---------------------------------------------------------------- arguments

/// No arguments.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// Narrow the doctor list.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct ListDoctorsArgs {
    /// Exact specialty name, case-insensitive (for example Cardiology), 1 to 64 characters; without it, every doctor is listed.
    #[schemars(length(min = 1, max = 64))]
    pub specialty: Option<String>,
}

/// Which slots to find.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct FindSlotsArgs {
    /// Id of one doctor (a positive integer); give this or specialty, not both.
    #[schemars(range(min = 1))]
    pub doctor_id: Option<u64>,
    /// Exact specialty name, case-insensitive, to search every doctor of it; give this or doctor_id, not both.
    #[schemars(length(min = 1, max = 64))]
    pub specialty: Option<String>,
    /// Start of the window, inclusive: an RFC 3339 instant (2026-12-01T09:00:00Z) or a date (2026-12-01, midnight UTC). Default: now.
    pub from: Option<String>,
    /// End of the window, exclusive, same formats as from; at most 62 days after from. Default: 7 days after from.
    pub to: Option<String>,
    /// Most slots to return, 1 to 100, earliest first. Default: 20.
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u32>,
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

// ---------------------------------------------------------------- outputs

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

/// An open slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Slot {
    /// Slot id, the value to book.
    pub slot_id: u64,
    /// Doctor id.
    pub doctor_id: u64,
    /// Doctor name.
    pub doctor_name: String,
    /// Doctor specialty.
    pub specialty: String,
    /// Clinic name.
    pub clinic: String,
    /// Start of the slot.
    pub start: When,
    /// End of the slot.
    pub end: When,
}

/// Open slots in a window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Slots {
    /// Open slots, earliest first.
    pub slots: Vec<Slot>,
    /// Start of the window searched (inclusive), UTC.
    pub from: String,
    /// End of the window searched (exclusive), UTC.
    pub to: String,
    /// Open slots found in the window before the limit was applied.
    pub total_found: usize,
    /// True when more slots matched than were returned.
    pub truncated: bool,
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

// ---------------------------------------------------------------- validation helpers

fn check_range(field: &str, value: u64, min: u64, max: u64) -> Result<u64, ToolError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ToolError::field(
            field,
            format!("must be between {min} and {max}, got {value}"),
        ))
    }
}

fn check_specialty(field: &str, s: &str) -> Result<(), ToolError> {
    if s.is_empty() || s.len() > 64 || !s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Err(ToolError::field(
            field,
            "must be 1 to 64 printable ASCII characters, e.g. Cardiology",
        ));
    }
    Ok(())
}

/// Instants a slot search accepts: years 2000 to 2999 (jiff's own range ends in 9999, where
/// adding the default window would overflow).
fn parse_instant(field: &str, s: &str) -> Result<Timestamp, ToolError> {
    let ts = s
        .parse::<Timestamp>()
        .ok()
        .or_else(|| {
            s.parse::<jiff::civil::Date>()
                .ok()
                .and_then(|d| d.to_zoned(jiff::tz::TimeZone::UTC).ok())
                .map(|z| z.timestamp())
        })
        .ok_or_else(|| {
            ToolError::field(
                field,
                "must be an RFC 3339 instant such as 2026-12-01T09:00:00Z, or a date such as 2026-12-01",
            )
        })?;
    let year = ts.to_zoned(jiff::tz::TimeZone::UTC).year();
    if !(2000..=2999).contains(&year) {
        return Err(ToolError::field(
            field,
            "must be between the years 2000 and 2999",
        ));
    }
    Ok(ts)
}

fn paging(args: &PageArgs) -> Result<(u64, u64), ToolError> {
    Ok((
        check_range("page", args.page.map_or(1, u64::from), 1, 10_000)?,
        check_range("limit", args.limit.map_or(20, u64::from), 1, 100)?,
    ))
}

async fn all_doctors(ctx: &ToolContext<'_>) -> Result<Vec<ApiDoctor>, ToolError> {
    ctx.api.get_public::<Vec<ApiDoctor>>("/doctors").await
}

fn specialty_matches(doctor: &ApiDoctor, wanted: &str) -> bool {
    doctor.specialty.eq_ignore_ascii_case(wanted)
}

/// Most bytes of specialty names an `UNKNOWN_SPECIALTY` message lists: the whole answer (the
/// message travels twice, as structured content and as text) stays under 4 KB however many
/// specialties the upstream lists.
const KNOWN_SPECIALTIES_BYTES: usize = 700;

/// Most characters of one specialty name in that list.
const SPECIALTY_NAME_CHARS: usize = 64;

fn unknown_specialty(ctx: &ToolContext<'_>, wanted: &str, doctors: &[ApiDoctor]) -> ToolError {
    let known: std::collections::BTreeSet<&str> =
        doctors.iter().map(|d| d.specialty.as_str()).collect();
    let token = ctx.session.token.as_ref();
    let mut listed = String::new();
    let (mut shown, mut withheld) = (0usize, 0usize);
    for name in &known {
        // Each name is screened on its own, so one poisoned name costs itself, not the list.
        let screened = crate::screen::text(name, token, SPECIALTY_NAME_CHARS);
        if screened.withheld || screened.text.is_empty() {
            withheld += 1;
            continue;
        }
        if listed.len() + screened.text.len() + 2 > KNOWN_SPECIALTIES_BYTES {
            break;
        }
        if !listed.is_empty() {
            listed.push_str(", ");
        }
        listed.push_str(&screened.text);
        shown += 1;
    }
    let more = known.len() - shown - withheld;
    let mut message = format!(
        "No doctor has the specialty {:?}.",
        crate::api::truncate(wanted, SPECIALTY_NAME_CHARS)
    );
    if shown > 0 {
        message.push_str(&format!(" Known specialties: {listed}"));
        if more > 0 {
            message.push_str(&format!(", and {more} more"));
        }
        message.push('.');
    }
    if withheld > 0 {
        message.push_str(&if withheld == 1 {
            " 1 specialty name was withheld by the output screen.".to_owned()
        } else {
            format!(" {withheld} specialty names were withheld by the output screen.")
        });
    }
    message.push_str(" list_specialties lists every specialty.");
    ToolError::new("UNKNOWN_SPECIALTY", message)
}

/// Doctor id → IANA zone of that doctor's clinic, for local times on these appointments.
async fn zones(
    ctx: &ToolContext<'_>,
    appointments: &[ApiAppointment],
) -> Result<std::sync::Arc<BTreeMap<u64, String>>, ToolError> {
    let doctors: Vec<u64> = appointments
        .iter()
        .filter_map(Appointment::doctor_id_of)
        .collect();
    if doctors.is_empty() {
        return Ok(std::sync::Arc::default());
    }
    ctx.api.clinic_zones(&doctors).await
}

fn page_of(page: ApiPage<ApiAppointment>, zones: &BTreeMap<u64, String>) -> AppointmentPage {
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

// ---------------------------------------------------------------- tools

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

/// Doctors whose slots are fetched at the same time.
const SLOT_FETCHES_IN_FLIGHT: usize = 4;

/// Whose slots to search.
enum Target<'a> {
    Doctor(u64),
    Specialty(&'a str),
}

/// Find open appointment slots of one doctor, or of every doctor of a specialty, within a time window (default: the next 7 days). Returns slots earliest first, in UTC and clinic local time.
#[clinic_tool(profile = "readonly", title = "Find available slots")]
pub async fn find_available_slots(
    ctx: &ToolContext<'_>,
    args: FindSlotsArgs,
) -> Result<Slots, ToolError> {
    let limit = check_range("limit", args.limit.map_or(20, u64::from), 1, 100)?;
    let target = match (args.doctor_id, args.specialty.as_deref()) {
        (Some(id), None) => Target::Doctor(check_range("doctor_id", id, 1, i64::MAX as u64)?),
        (None, Some(s)) => {
            check_specialty("specialty", s)?;
            Target::Specialty(s)
        }
        _ => {
            return Err(ToolError::invalid_arguments(
                "doctor_id, specialty: give exactly one of them",
            ));
        }
    };
    let from = match &args.from {
        Some(s) => parse_instant("from", s)?,
        None => Timestamp::now(),
    };
    let to = match &args.to {
        Some(s) => parse_instant("to", s)?,
        None => from
            .checked_add(SignedDuration::from_hours(7 * 24))
            .map_err(|_| ToolError::field("from", "is too far in the future"))?,
    };
    if to <= from {
        return Err(ToolError::field("to", "must be later than from"));
    }
    if to.duration_since(from) > SignedDuration::from_hours(62 * 24) {
        return Err(ToolError::field("to", "must be at most 62 days after from"));
    }
    let all = all_doctors(ctx).await?;
    let doctors: Vec<&ApiDoctor> = match target {
        Target::Doctor(id) => {
            let found: Vec<_> = all.iter().filter(|d| d.id == id).collect();
            if found.is_empty() {
                return Err(ToolError::new(
                    "DOCTOR_NOT_FOUND",
                    format!("No doctor has id {id}. List the doctors to find a valid id."),
                ));
            }
            found
        }
        Target::Specialty(wanted) => {
            let found: Vec<_> = all
                .iter()
                .filter(|d| specialty_matches(d, wanted))
                .collect();
            if found.is_empty() {
                return Err(unknown_specialty(ctx, wanted, &all));
            }
            found
        }
    };
    // One request for the list, one per doctor: past the call's cap, say how to narrow it
    // before sending any of them.
    let cap = ctx.api.max_requests_per_call();
    if doctors.len() + 1 > cap {
        return Err(ToolError::new(
            "SEARCH_TOO_BROAD",
            format!(
                "This search covers {} doctors, and one call may make at most {cap} requests to the clinic API (one per doctor, plus the doctor list); nothing more was sent. Narrow it: give doctor_id to search one doctor, a narrower specialty, or a shorter window between from and to.",
                doctors.len()
            ),
        ));
    }
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    // One request per doctor, a few at a time, over the shared connection pool. Each answer is
    // filtered while it is read: only the `limit` earliest slots are kept, so memory holds what
    // can be returned, not what the upstream listed.
    let mut best = Best::new(limit);
    let ids: Vec<u64> = doctors.iter().map(|d| d.id).collect();
    let mut fetches = futures::stream::iter((0..ids.len()).map(|index| {
        let doctor = ids[index];
        let path = format!("/doctors/{doctor}/slots");
        async move {
            ctx.api
                .get_public_with(&path, |body| {
                    let mut found = Best::new(limit);
                    let mut de = serde_json::Deserializer::from_slice(body);
                    serde::de::DeserializeSeed::deserialize(
                        SlotFilter {
                            best: &mut found,
                            doctor,
                            index,
                            from,
                            to,
                        },
                        &mut de,
                    )?;
                    de.end()?;
                    Ok(found)
                })
                .await
        }
    }))
    .buffer_unordered(SLOT_FETCHES_IN_FLIGHT);
    while let Some(found) = futures::StreamExt::next(&mut fetches).await {
        best.merge(found?);
    }
    drop(fetches);
    let total_found = best.found;
    let slots = best
        .into_sorted()
        .into_iter()
        .map(|c| {
            let doctor = doctors[c.index];
            let zone = Some(doctor.clinic.time_zone.as_str());
            Slot {
                slot_id: c.slot_id,
                doctor_id: doctor.id,
                doctor_name: doctor.name.clone(),
                specialty: doctor.specialty.clone(),
                clinic: doctor.clinic.name.clone(),
                start: When::at(c.start, zone),
                end: When::at(c.end, zone),
            }
        })
        .collect();
    Ok(Slots {
        slots,
        from: When::at(from, None).utc,
        to: When::at(to, None).utc,
        total_found,
        truncated: total_found > limit,
    })
}

/// A slot that may be returned: no strings, so keeping `limit` of them costs a few kilobytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    start: Timestamp,
    slot_id: u64,
    index: usize,
    end: Timestamp,
}

/// The `limit` earliest open slots seen (by start, then id), and how many were seen.
#[derive(Debug)]
struct Best {
    limit: usize,
    found: usize,
    /// A max-heap: its top is the latest kept, the first to go.
    heap: std::collections::BinaryHeap<Candidate>,
}

impl Best {
    fn new(limit: usize) -> Self {
        Self {
            limit,
            found: 0,
            heap: std::collections::BinaryHeap::with_capacity(limit.min(128) + 1),
        }
    }

    fn offer(&mut self, c: Candidate) {
        if self.heap.len() == self.limit {
            if self.heap.peek().is_some_and(|top| c < *top) {
                self.heap.pop();
            } else {
                return;
            }
        }
        self.heap.push(c);
    }

    fn merge(&mut self, other: Best) {
        self.found += other.found;
        for c in other.heap {
            self.offer(c);
        }
    }

    fn into_sorted(self) -> Vec<Candidate> {
        self.heap.into_sorted_vec()
    }
}

/// Reads one doctor's slot list element by element, keeping only open slots of that doctor in
/// the window, and only the earliest `limit` of them.
struct SlotFilter<'a> {
    best: &'a mut Best,
    doctor: u64,
    index: usize,
    from: Timestamp,
    to: Timestamp,
}

impl<'de> serde::de::DeserializeSeed<'de> for SlotFilter<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for SlotFilter<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of slots")
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(s) = seq.next_element::<ApiSlot>()? {
            // The API's window handling cannot be trusted (it ignores one): apply it here.
            let (Ok(start), Ok(end)) = (
                s.start_time.parse::<Timestamp>(),
                s.end_time.parse::<Timestamp>(),
            ) else {
                return Err(serde::de::Error::custom("a slot with an unreadable time"));
            };
            if !s.is_available.is_true()
                || s.doctor_id != self.doctor
                || start < self.from
                || start >= self.to
            {
                continue;
            }
            self.best.found += 1;
            self.best.offer(Candidate {
                start,
                slot_id: s.id,
                index: self.index,
                end,
            });
        }
        Ok(())
    }
}

/// A mutation whose answer was lost (no answer, or not a usable one) may have been made upstream:
/// say so, and how to learn the outcome.
fn outcome_unknown(mut e: ToolError, next: &str) -> ToolError {
    if matches!(
        e.code.as_ref(),
        "UPSTREAM_TIMEOUT"
            | "UPSTREAM_UNAVAILABLE"
            | "UPSTREAM_ERROR"
            | "UPSTREAM_INVALID_RESPONSE"
    ) {
        e.message.push(' ');
        e.message.push_str(next);
    }
    e
}

/// The answer of a mutation that was made: local times if the clinics' zones can be read, and
/// the appointment without them if not (an error now would hide a change that happened).
async fn answer_made(ctx: &ToolContext<'_>, made: ApiAppointment) -> Appointment {
    let zone = match zones(ctx, std::slice::from_ref(&made)).await {
        Ok(zones) => Appointment::doctor_id_of(&made).and_then(|id| zones.get(&id).cloned()),
        Err(e) => {
            tracing::warn!(code = %e.code, "appointment answered without local times: the clinics' zones could not be read");
            None
        }
    };
    Appointment::from_api(made, zone.as_deref())
}

/// List the authenticated patient's own appointments, newest last, one page at a time, with status, doctor and times.
#[clinic_tool(profile = "readonly", role = "patient", title = "List my appointments")]
pub async fn list_my_appointments(
    ctx: &ToolContext<'_>,
    args: PageArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = paging(&args)?;
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
    let slot_id = check_range("slot_id", args.slot_id, 1, i64::MAX as u64)?;
    let key = &args.idempotency_key;
    if !(8..=128).contains(&key.len())
        || !key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
    {
        return Err(ToolError::field(
            "idempotency_key",
            "must be 8 to 128 characters from A-Z a-z 0-9 . _ : -",
        ));
    }
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
    let id = check_range("appointment_id", args.appointment_id, 1, i64::MAX as u64)?;
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

/// List the authenticated doctor's appointments, one page at a time, with status, patient and times.
#[clinic_tool(profile = "full", role = "doctor", title = "List my schedule")]
pub async fn list_doctor_schedule(
    ctx: &ToolContext<'_>,
    args: PageArgs,
) -> Result<AppointmentPage, ToolError> {
    let (page, limit) = paging(&args)?;
    let credential = ctx.credential()?;
    let path = format!("/appointments/doctor?page={page}&limit={limit}");
    let mut upstream: ApiPage<ApiAppointment> = ctx.api.get(credential, &path).await?;
    // The schedule names the patient, not the doctor; every entry is the same (authenticated)
    // doctor's, so one appointment read tells whose clinic, and so which time zone, applies. The
    // token is the process's, so that read is made once, not per call.
    if let Some(first) = upstream.data.first()
        && upstream
            .data
            .iter()
            .all(|a| Appointment::doctor_id_of(a).is_none())
    {
        let doctor = match ctx.api.own_doctor() {
            Some(doctor) => Some(doctor),
            None => {
                let one: ApiAppointment = ctx
                    .api
                    .get(credential, &format!("/appointments/{}", first.id))
                    .await?;
                let doctor = Appointment::doctor_id_of(&one);
                if let Some(doctor) = doctor {
                    ctx.api.learn_own_doctor(doctor);
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
