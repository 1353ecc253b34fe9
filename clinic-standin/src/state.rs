//! The in-memory state and every operation on it. All operations run under one lock held by
//! the caller, so each one is atomic with respect to all the others.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use jiff::{Timestamp, ToSpan, tz::TimeZone};
use serde_json::{Value, json};

use crate::RateLimit;
use crate::data::{self, DOCTORS, HORIZON_DAYS, SEED_APPOINTMENTS, SLOT_MINUTES, SLOT_START_HOURS};
use crate::error::{ApiError, ErrorCode};

/// How long an `Idempotency-Key` is remembered.
pub(crate) const IDEMPOTENCY_TTL: Duration = Duration::from_secs(24 * 60 * 60);

/// The authenticated caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Principal {
    Patient(u64),
    Doctor(u64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    Pending,
    Confirmed,
    Rejected,
    Cancelled,
}

impl Status {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Confirmed => "confirmed",
            Status::Rejected => "rejected",
            Status::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Option<Status> {
        match s {
            "pending" => Some(Status::Pending),
            "confirmed" => Some(Status::Confirmed),
            "rejected" => Some(Status::Rejected),
            "cancelled" => Some(Status::Cancelled),
            _ => None,
        }
    }

    /// `pending → confirmed | rejected | cancelled`, `confirmed → cancelled`.
    fn can_become(self, next: Status) -> bool {
        matches!(
            (self, next),
            (
                Status::Pending,
                Status::Confirmed | Status::Rejected | Status::Cancelled
            ) | (Status::Confirmed, Status::Cancelled)
        )
    }

    /// Whether an appointment in this status holds its slot.
    fn holds_slot(self) -> bool {
        matches!(self, Status::Pending | Status::Confirmed)
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Slot {
    pub id: u64,
    pub doctor_id: u64,
    pub start: Timestamp,
    pub end: Timestamp,
    pub available: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct Appointment {
    pub id: u64,
    pub patient_id: u64,
    pub doctor_id: u64,
    pub slot_id: u64,
    pub status: Status,
}

#[derive(Debug)]
struct IdempotencyEntry {
    body: Value,
    response: Value,
    at: Instant,
}

/// What a successful booking answers.
#[derive(Debug)]
pub(crate) enum Booked {
    Created(Value),
    Replayed(Value),
}

#[derive(Debug)]
pub(crate) struct State {
    slots: Vec<Slot>,
    appointments: BTreeMap<u64, Appointment>,
    next_appointment_id: u64,
    idempotency: BTreeMap<(u64, String), IdempotencyEntry>,
    booking_attempts: BTreeMap<u64, VecDeque<Instant>>,
    rate_limit: Option<RateLimit>,
}

/// Which side of an appointment a list shows.
#[derive(Debug, Clone, Copy)]
pub(crate) enum View {
    Patient,
    Doctor,
}

impl State {
    /// Generates the deterministic data relative to `now`.
    pub(crate) fn seed(
        now: Timestamp,
        rate_limit: Option<RateLimit>,
    ) -> Result<State, jiff::Error> {
        let horizon = now.checked_add((HORIZON_DAYS * 24).hours())?;
        let mut slots = Vec::new();
        for doctor in DOCTORS {
            let Some(clinic) = data::clinic(doctor.clinic_id) else {
                continue;
            };
            let tz = TimeZone::get(clinic.time_zone)?;
            let today = now.to_zoned(tz.clone()).date();
            for day in 0..=HORIZON_DAYS {
                let date = today.checked_add(day.days())?;
                if matches!(
                    date.weekday(),
                    jiff::civil::Weekday::Saturday | jiff::civil::Weekday::Sunday
                ) {
                    continue;
                }
                let (from, to) = SLOT_START_HOURS;
                let mut local = date.at(from, 0, 0, 0);
                let close = date.at(to, 0, 0, 0);
                while local < close {
                    let start = local.to_zoned(tz.clone())?.timestamp();
                    let end = start.checked_add(SLOT_MINUTES.minutes())?;
                    if start > now && start < horizon {
                        slots.push(Slot {
                            id: u64::try_from(slots.len())
                                .unwrap_or(u64::MAX)
                                .saturating_add(1),
                            doctor_id: doctor.id,
                            start,
                            end,
                            available: true,
                        });
                    }
                    local = local.checked_add(SLOT_MINUTES.minutes())?;
                }
            }
        }

        let mut state = State {
            slots,
            appointments: BTreeMap::new(),
            next_appointment_id: 1,
            idempotency: BTreeMap::new(),
            booking_attempts: BTreeMap::new(),
            rate_limit,
        };
        for &(patient_id, doctor_id, nth, status) in SEED_APPOINTMENTS {
            let Some(slot_id) = state
                .slots
                .iter()
                .filter(|s| s.doctor_id == doctor_id && s.available)
                .nth(nth)
                .map(|s| s.id)
            else {
                continue;
            };
            let status = Status::parse(status).unwrap_or(Status::Pending);
            let id = state.create(patient_id, doctor_id, slot_id);
            if let Some(a) = state.appointments.get_mut(&id) {
                a.status = status;
            }
            if !status.holds_slot() {
                state.set_slot_available(slot_id, true);
            }
        }
        Ok(state)
    }

    fn slot(&self, id: u64) -> Option<&Slot> {
        let index = usize::try_from(id.checked_sub(1)?).ok()?;
        self.slots.get(index).filter(|s| s.id == id)
    }

    fn set_slot_available(&mut self, id: u64, available: bool) {
        if let Some(index) = id.checked_sub(1).and_then(|i| usize::try_from(i).ok())
            && let Some(slot) = self.slots.get_mut(index)
        {
            slot.available = available;
        }
    }

    fn create(&mut self, patient_id: u64, doctor_id: u64, slot_id: u64) -> u64 {
        let id = self.next_appointment_id;
        self.next_appointment_id = self.next_appointment_id.saturating_add(1);
        self.appointments.insert(
            id,
            Appointment {
                id,
                patient_id,
                doctor_id,
                slot_id,
                status: Status::Pending,
            },
        );
        self.set_slot_available(slot_id, false);
        id
    }

    pub(crate) fn slot_available(&self, id: u64) -> Option<bool> {
        self.slot(id).map(|s| s.available)
    }

    pub(crate) fn appointments_count(&self) -> usize {
        self.appointments.len()
    }

    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots
    }

    // ---- rendering -------------------------------------------------------------------

    pub(crate) fn doctor_json(doctor: &data::Doctor) -> Value {
        let clinic = data::clinic(doctor.clinic_id).map(
            |c| json!({"id": c.id, "name": c.name, "address": c.address, "timeZone": c.time_zone}),
        );
        json!({
            "id": doctor.id,
            "name": doctor.name,
            "specialty": doctor.specialty,
            "clinic": clinic,
        })
    }

    pub(crate) fn doctors_json() -> Value {
        Value::Array(DOCTORS.iter().map(State::doctor_json).collect())
    }

    /// The doctor's available slots ordered by start time; `None` for an unknown doctor.
    pub(crate) fn doctor_slots_json(&self, doctor_id: u64) -> Option<Value> {
        data::doctor(doctor_id)?;
        let mut slots: Vec<&Slot> = self
            .slots
            .iter()
            .filter(|s| s.doctor_id == doctor_id && s.available)
            .collect();
        slots.sort_by_key(|s| (s.start, s.id));
        Some(Value::Array(
            slots
                .into_iter()
                .map(|s| {
                    json!({
                        "id": s.id,
                        "doctorId": s.doctor_id,
                        "startTime": s.start.to_string(),
                        "endTime": s.end.to_string(),
                        // The public API's known bug: an integer, not a boolean.
                        "isAvailable": 1,
                    })
                })
                .collect(),
        ))
    }

    fn times(&self, slot_id: u64) -> (Value, Value) {
        match self.slot(slot_id) {
            Some(s) => (json!(s.start.to_string()), json!(s.end.to_string())),
            None => (Value::Null, Value::Null),
        }
    }

    fn doctor_summary(doctor_id: u64) -> Value {
        match data::doctor(doctor_id) {
            Some(d) => json!({"id": d.id, "name": d.name, "specialty": d.specialty}),
            None => Value::Null,
        }
    }

    fn patient_summary(patient_id: u64) -> Value {
        match data::patient(patient_id) {
            Some(p) => json!({"id": p.id, "name": p.name}),
            None => Value::Null,
        }
    }

    /// The full appointment, as `GET /appointments/:id` and the mutating routes answer it.
    pub(crate) fn appointment_json(&self, a: &Appointment) -> Value {
        let (start, end) = self.times(a.slot_id);
        json!({
            "id": a.id,
            "status": a.status.as_str(),
            "slotId": a.slot_id,
            "startTime": start,
            "endTime": end,
            "doctor": State::doctor_summary(a.doctor_id),
            "patient": State::patient_summary(a.patient_id),
        })
    }

    pub(crate) fn appointment_by_id(&self, id: u64) -> Option<Value> {
        self.appointments.get(&id).map(|a| self.appointment_json(a))
    }

    fn list_item(&self, a: &Appointment, view: View) -> Value {
        let (start, end) = self.times(a.slot_id);
        let mut item = json!({
            "id": a.id,
            "status": a.status.as_str(),
            "slotId": a.slot_id,
            "startTime": start,
            "endTime": end,
        });
        if let Value::Object(map) = &mut item {
            match view {
                View::Patient => map.insert("doctor".into(), State::doctor_summary(a.doctor_id)),
                View::Doctor => map.insert("patient".into(), State::patient_summary(a.patient_id)),
            };
        }
        item
    }

    /// One page of the caller's appointments, ordered by id.
    pub(crate) fn page(&self, view: View, owner_id: u64, page: u64, limit: u64) -> Value {
        let mine: Vec<&Appointment> = self
            .appointments
            .values()
            .filter(|a| match view {
                View::Patient => a.patient_id == owner_id,
                View::Doctor => a.doctor_id == owner_id,
            })
            .collect();
        let total = u64::try_from(mine.len()).unwrap_or(u64::MAX);
        let skip =
            usize::try_from(page.saturating_sub(1).saturating_mul(limit)).unwrap_or(usize::MAX);
        let take = usize::try_from(limit).unwrap_or(usize::MAX);
        let data: Vec<Value> = mine
            .into_iter()
            .skip(skip)
            .take(take)
            .map(|a| self.list_item(a, view))
            .collect();
        json!({
            "data": data,
            "total": total,
            "page": page,
            "limit": limit,
            "totalPages": total.div_ceil(limit.max(1)),
        })
    }

    // ---- operations ------------------------------------------------------------------

    /// `GET /appointments/:id`: the owner patient or the appointment's doctor.
    pub(crate) fn read(&self, who: Principal, id: u64) -> Result<Value, ApiError> {
        let a = self
            .appointments
            .get(&id)
            .ok_or_else(appointment_not_found)?;
        let allowed = match who {
            Principal::Patient(p) => a.patient_id == p,
            Principal::Doctor(d) => a.doctor_id == d,
        };
        if !allowed {
            return Err(ApiError::forbidden(
                "You do not have access to this appointment",
            ));
        }
        Ok(self.appointment_json(a))
    }

    /// Cancel (owner patient), confirm or reject (the appointment's doctor).
    pub(crate) fn transition(
        &mut self,
        who: Principal,
        id: u64,
        next: Status,
    ) -> Result<Value, ApiError> {
        let a = self
            .appointments
            .get(&id)
            .ok_or_else(appointment_not_found)?;
        let allowed = match (who, next) {
            (Principal::Patient(p), Status::Cancelled) => a.patient_id == p,
            (Principal::Doctor(d), Status::Confirmed | Status::Rejected) => a.doctor_id == d,
            _ => false,
        };
        if !allowed {
            return Err(ApiError::forbidden(
                "You do not have access to this appointment",
            ));
        }
        if !a.status.can_become(next) {
            return Err(ApiError::new(
                ErrorCode::InvalidTransition,
                format!(
                    "Cannot change an appointment from {} to {}",
                    a.status.as_str(),
                    next.as_str()
                ),
            ));
        }
        let slot_id = a.slot_id;
        if let Some(a) = self.appointments.get_mut(&id) {
            a.status = next;
        }
        if !next.holds_slot() {
            self.set_slot_available(slot_id, true);
        }
        self.appointment_by_id(id).ok_or_else(appointment_not_found)
    }

    /// `POST /appointments` for `patient_id`, after the body and headers were validated.
    pub(crate) fn book(
        &mut self,
        patient_id: u64,
        slot_id: u64,
        body: &Value,
        idempotency_key: Option<&str>,
        now: Instant,
    ) -> Result<Booked, ApiError> {
        // 1. Idempotency: a replay answers the original response; nothing else happens.
        if let Some(key) = idempotency_key {
            let k = (patient_id, key.to_owned());
            let fresh = self
                .idempotency
                .get(&k)
                .filter(|e| now.saturating_duration_since(e.at) < IDEMPOTENCY_TTL);
            if let Some(entry) = fresh {
                if entry.body == *body {
                    return Ok(Booked::Replayed(entry.response.clone()));
                }
                return Err(ApiError::new(
                    ErrorCode::IdempotencyKeyConflict,
                    "Idempotency-Key was already used with a different request body",
                ));
            }
        }

        // 2. Rate limit: counts booking attempts that get this far.
        if let Some(limit) = self.rate_limit {
            let attempts = self.booking_attempts.entry(patient_id).or_default();
            while attempts
                .front()
                .is_some_and(|t| now.saturating_duration_since(*t) >= limit.window)
            {
                attempts.pop_front();
            }
            if attempts.len() >= usize::try_from(limit.max_bookings).unwrap_or(usize::MAX) {
                let wait = attempts.front().map_or(limit.window, |oldest| {
                    limit
                        .window
                        .saturating_sub(now.saturating_duration_since(*oldest))
                });
                let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                return Err(ApiError::rate_limited(secs.max(1)));
            }
            attempts.push_back(now);
        }

        // 3. The slot.
        let slot = self.slot(slot_id).ok_or_else(|| {
            ApiError::new(ErrorCode::SlotNotFound, format!("Slot {slot_id} not found"))
        })?;
        if !slot.available {
            return Err(ApiError::new(
                ErrorCode::SlotTaken,
                "The slot was booked by someone else",
            ));
        }
        let doctor_id = slot.doctor_id;
        let id = self.create(patient_id, doctor_id, slot_id);
        let response = self
            .appointment_by_id(id)
            .ok_or_else(appointment_not_found)?;
        if let Some(key) = idempotency_key {
            self.idempotency.insert(
                (patient_id, key.to_owned()),
                IdempotencyEntry {
                    body: body.clone(),
                    response: response.clone(),
                    at: now,
                },
            );
        }
        Ok(Booked::Created(response))
    }
}

fn appointment_not_found() -> ApiError {
    ApiError::new(ErrorCode::AppointmentNotFound, "Appointment not found")
}

#[cfg(test)]
mod tests {
    use super::Status::{self, *};

    #[test]
    fn transitions() {
        let all = [Pending, Confirmed, Rejected, Cancelled];
        let allowed: Vec<(Status, Status)> = all
            .iter()
            .flat_map(|&a| all.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| a.can_become(b))
            .collect();
        assert_eq!(
            allowed,
            [
                (Pending, Confirmed),
                (Pending, Rejected),
                (Pending, Cancelled),
                (Confirmed, Cancelled)
            ]
        );
    }
}
