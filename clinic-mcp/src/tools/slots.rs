//! Open slots: public routes, no token.

use super::doctors::{check_specialty, specialty_matches, specialty_names, unknown_specialty};
use super::{When, all_doctors};
use crate::error::{ErrorCode, ToolError};
use crate::tool::ToolContext;
use crate::upstream::{ApiDoctor, ApiSlot};
use clinic_tools_macros::{ToolArgs, ToolOutput, clinic_tool};
use futures::StreamExt as _;
use jiff::{SignedDuration, Timestamp};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which slots to find.
#[derive(Debug, Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct FindSlotsArgs {
    /// Id of one doctor (a positive integer); either this or specialty, not both. Without both, every doctor the clinic API lists is searched.
    #[schemars(range(min = 1))]
    pub doctor_id: Option<u64>,
    /// Exact specialty name, case-insensitive, 1 to 64 characters, to search every doctor of it; either this or doctor_id, not both.
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

/// The forms `from` and `to` accept, as a refusal says them.
const INSTANT_FORMS: &str = "an RFC 3339 instant with Z or an offset, such as 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00, or a date such as 2026-12-01 (midnight UTC)";

/// Instants a slot search accepts: an instant with `Z` or an offset, or a plain `YYYY-MM-DD`
/// date (midnight UTC). A date and time without either names no instant (14:00 where?), so it is
/// refused, never read as its date: jiff's `Date` parser takes a date-time and drops its time.
/// Years 2000 to 2999 only (jiff's own range ends in 9999, where adding the default window would
/// overflow).
fn parse_instant(field: &str, s: &str) -> Result<Timestamp, ToolError> {
    let ts = match s.parse::<Timestamp>() {
        Ok(ts) => ts,
        Err(_) if is_plain_date(s) => s
            .parse::<jiff::civil::Date>()
            .ok()
            .and_then(|d| d.to_zoned(jiff::tz::TimeZone::UTC).ok())
            .map(|z| z.timestamp())
            .ok_or_else(|| ToolError::field(field, format!("must be {INSTANT_FORMS}")))?,
        // A civil date-time (jiff's parser also takes a bare date; a time is written after a T or
        // a space).
        Err(_) if s.contains(['T', 't', ' ']) && s.parse::<jiff::civil::DateTime>().is_ok() => {
            return Err(ToolError::field(
                field,
                format!(
                    "has a time but no Z or offset, so it names no instant: give {INSTANT_FORMS}"
                ),
            ));
        }
        Err(_) => return Err(ToolError::field(field, format!("must be {INSTANT_FORMS}"))),
    };
    let year = ts.to_zoned(jiff::tz::TimeZone::UTC).year();
    if !(2000..=2999).contains(&year) {
        return Err(ToolError::field(
            field,
            "must be between the years 2000 and 2999",
        ));
    }
    Ok(ts)
}

/// `YYYY-MM-DD`, nothing before or after it.
fn is_plain_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        })
}

/// The window searched when `to` is not given: this many days after `from`.
pub(crate) const DEFAULT_WINDOW_DAYS: i64 = 7;

/// The longest window a search may cover, in days.
pub(crate) const MAX_WINDOW_DAYS: i64 = 62;

/// Doctors whose slots are fetched at the same time.
const SLOT_FETCHES_IN_FLIGHT: usize = 4;

/// Whose slots to search.
enum Target<'a> {
    Doctor(u64),
    Specialty(&'a str),
    /// Every doctor the clinic API lists, of every clinic: "the next free slot anywhere".
    Anywhere,
}

/// The text of a progress notification of a search: `done` of `total` doctors' slot lists read.
/// Sent to the client, so it is held to the controlled language (a test checks it).
fn searched(done: u64, total: u64) -> String {
    format!("Searched {done} of {total} doctors.")
}

/// Find open appointment slots of one doctor, of every doctor of a specialty, or of every doctor the clinic API lists, within a time window (default: the next 7 days). Returns slots earliest first, in UTC and clinic local time. Too many doctors is an error that lists the specialties.
#[clinic_tool(profile = "readonly", title = "Find available slots")]
pub async fn find_available_slots(
    ctx: &ToolContext<'_>,
    args: FindSlotsArgs,
) -> Result<Slots, ToolError> {
    let limit = args.limit.unwrap_or(20);
    let target = match (args.doctor_id, args.specialty.as_deref()) {
        (Some(id), None) => Target::Doctor(id),
        (None, Some(s)) => {
            check_specialty("specialty", s)?;
            Target::Specialty(s)
        }
        (None, None) => Target::Anywhere,
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_arguments(
                "doctor_id, specialty: give at most one of them",
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
            .checked_add(SignedDuration::from_hours(DEFAULT_WINDOW_DAYS * 24))
            .map_err(|_| ToolError::field("from", "is too far in the future"))?,
    };
    if to <= from {
        return Err(ToolError::field("to", "must be later than from"));
    }
    if to.duration_since(from) > SignedDuration::from_hours(MAX_WINDOW_DAYS * 24) {
        return Err(ToolError::field("to", "must be at most 62 days after from"));
    }
    let all = all_doctors(ctx).await?;
    let doctors: Vec<&ApiDoctor> = match target {
        Target::Doctor(id) => {
            let found: Vec<_> = all.iter().filter(|d| d.id == id).collect();
            if found.is_empty() {
                return Err(ToolError::new(
                    ErrorCode::DoctorNotFound,
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
        Target::Anywhere => all.iter().collect(),
    };
    // One request for the list, one per doctor: past the call's cap, say how to narrow it
    // before sending any of them.
    let cap = ctx.api.max_requests_per_call();
    if doctors.len() + 1 > cap && matches!(target, Target::Anywhere) {
        return Err(anywhere_too_broad(ctx, &all, cap));
    }
    if doctors.len() + 1 > cap {
        return Err(ToolError::new(
            ErrorCode::SearchTooBroad,
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
    // Progress across several doctors, as each one's list has been read (one doctor: nothing to
    // report). Only a client that asked for it is sent any.
    let mut progress = match target {
        Target::Doctor(_) => None,
        Target::Specialty(_) | Target::Anywhere => Some(ctx.progress(ids.len() as u64, searched)),
    };
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
        if let Some(progress) = progress.as_mut() {
            progress.step().await;
        }
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

/// `SEARCH_TOO_BROAD` for a search of every doctor past the cap of `cap` requests: how to narrow
/// it, and the specialties a search can cover in one call (with their numbers of doctors).
fn anywhere_too_broad(ctx: &ToolContext<'_>, all: &[ApiDoctor], cap: usize) -> ToolError {
    // Specialty name → doctors, matched as a specialty search matches it (ASCII case aside),
    // spelled as first listed.
    let mut by_specialty: std::collections::BTreeMap<String, (&str, usize)> =
        std::collections::BTreeMap::new();
    for d in all {
        by_specialty
            .entry(d.specialty.to_ascii_lowercase())
            .or_insert((d.specialty.as_str(), 0))
            .1 += 1;
    }
    let fits: Vec<(&str, String)> = by_specialty
        .values()
        // Its doctors plus the list, within the cap.
        .filter(|(_, n)| *n < cap)
        .map(|(name, n)| (*name, format!(" ({n})")))
        .collect();
    let too_many = by_specialty.len() - fits.len();
    let mut message = format!(
        "This search covers every doctor, {} of them, and one call may make at most {cap} requests to the clinic API (one per doctor, plus the doctor list); nothing more was sent. Narrow it: give specialty to search the doctors of one specialty, or doctor_id to search one doctor.",
        all.len()
    );
    message.push_str(&specialty_names(
        ctx,
        "Specialties one call can search, with their numbers of doctors",
        fits.into_iter(),
    ));
    match too_many {
        0 => {}
        1 => message.push_str(
            " 1 more specialty has too many doctors for one call: search its doctors by doctor_id.",
        ),
        n => message.push_str(&format!(
            " {n} more specialties have too many doctors for one call: search their doctors by doctor_id."
        )),
    }
    message.push_str(" list_specialties lists every specialty.");
    ToolError::new(ErrorCode::SearchTooBroad, message)
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    type JsonObject = serde_json::Map<String, Value>;

    fn args(v: Value) -> JsonObject {
        match v {
            Value::Object(o) => o,
            _ => JsonObject::new(),
        }
    }

    #[test]
    fn the_schema_s_bounds_are_the_check() {
        let def = FIND_AVAILABLE_SLOTS;
        let ok = |v: Value| crate::bounds::check(def.name, def.input_schema, &args(v));
        assert!(ok(serde_json::json!({"limit": 1, "specialty": "Cardiology"})).is_ok());
        assert!(ok(serde_json::json!({"limit": 100})).is_ok());
        let e = ok(serde_json::json!({"limit": 101})).unwrap_err();
        assert_eq!(e.code, "INVALID_ARGUMENTS");
        assert_eq!(e.message, "limit: must be between 1 and 100, got 101");
        let e = ok(serde_json::json!({"doctor_id": 0})).unwrap_err();
        assert_eq!(e.message, "doctor_id: must be at least 1, got 0");
        let e = ok(serde_json::json!({"doctor_id": 9_223_372_036_854_775_808u64})).unwrap_err();
        assert!(
            e.message.starts_with("doctor_id: must be at most"),
            "{}",
            e.message
        );
        let e = ok(serde_json::json!({"specialty": ""})).unwrap_err();
        assert_eq!(e.message, "specialty: must be 1 to 64 characters, got 0");
        let e = ok(serde_json::json!({"specialty": "é".repeat(65)})).unwrap_err();
        assert_eq!(e.message, "specialty: must be 1 to 64 characters, got 65");
        // The wrong type is deserialisation's to name.
        assert!(ok(serde_json::json!({"limit": "ten"})).is_ok());
    }

    /// A progress notification's message reaches the client's display and maybe the model: it
    /// passes the strict screen, as a description would.
    #[test]
    fn the_progress_message_is_in_the_controlled_language() {
        for (done, total) in [(1, 1), (1, 2), (7, 40), (63, 63)] {
            let message = searched(done, total);
            for field in [
                clinic_policy::Field::Other,
                clinic_policy::Field::ParamDescription,
            ] {
                let found = clinic_policy::check_strict(
                    field,
                    &message,
                    "find_available_slots",
                    &[],
                    false,
                );
                assert!(found.is_empty(), "{message:?} as {field:?}: {found:?}");
            }
        }
    }

    /// The policy's table (`clinic_policy::served`) says the window is read and reported in
    /// UTC: a bare date is midnight UTC, and the window's ends are written with `Z`.
    #[test]
    fn the_window_is_read_and_reported_in_utc_as_the_policy_table_says() {
        assert_eq!(
            clinic_policy::served::SLOT_SEARCH,
            FIND_AVAILABLE_SLOTS.name
        );
        assert_eq!(read("2026-12-01").as_deref(), Ok("2026-12-01T00:00:00Z"));
        let from = parse_instant("from", "2026-12-01T10:00:00+01:00").expect("an instant");
        assert_eq!(When::at(from, None).utc, "2026-12-01T09:00:00Z");
    }

    /// The policy's cap of doctors per search (`clinic_policy::served::SEARCH_DOCTOR_CAP`) is
    /// this server's default: one request for the doctor list and one per doctor, within the
    /// call's budget of requests.
    #[test]
    fn the_policy_cap_of_doctors_is_the_default_budget_less_the_list() {
        let cap = usize::try_from(clinic_policy::served::SEARCH_DOCTOR_CAP).expect("a small cap");
        assert_eq!(cap + 1, crate::session::DEFAULT_MAX_REQUESTS_PER_CALL);
    }

    fn read(s: &str) -> Result<String, String> {
        parse_instant("from", s)
            .map(|ts| ts.to_string())
            .map_err(|e| e.message)
    }

    #[test]
    fn an_instant_needs_z_or_an_offset_and_a_date_stands_alone() {
        for (given, instant) in [
            ("2026-12-01T14:00:00Z", "2026-12-01T14:00:00Z"),
            ("2026-12-01t14:00:00z", "2026-12-01T14:00:00Z"),
            ("2026-12-01T15:00:00+01:00", "2026-12-01T14:00:00Z"),
            ("2026-12-01T14:00:00.5-00:00", "2026-12-01T14:00:00.5Z"),
            ("2026-12-01", "2026-12-01T00:00:00Z"),
        ] {
            assert_eq!(read(given).as_deref(), Ok(instant), "{given}");
        }
        for given in [
            "2026-12-01T14:00:00",
            "2026-12-01T14:00",
            "2026-12-01 14:00:00",
            "2026-12-01T00:00:00",
            "20261201T140000",
            "2026-12-01T14:00:00[Europe/Berlin]",
        ] {
            let refused = read(given).expect_err(given);
            assert!(
                refused.starts_with("from: has a time but no Z or offset"),
                "{given}: {refused}"
            );
            assert!(refused.contains(INSTANT_FORMS), "{given}: {refused}");
        }
        for given in [
            "20261201",
            "+002026-12-01",
            "2026-12-1",
            " 2026-12-01",
            "2026-12-01 ",
            "tomorrow",
            "",
        ] {
            let refused = read(given).expect_err(given);
            assert_eq!(refused, format!("from: must be {INSTANT_FORMS}"), "{given}");
        }
    }
}
