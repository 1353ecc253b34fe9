//! The in-memory state and every operation on it. All operations run under one lock held by
//! the caller, so each one is atomic with respect to all the others.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use jiff::{SignedDuration, Timestamp, ToSpan, tz::TimeZone};
use serde_json::{Value, json};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Priority {
    Normal,
    Urgent,
}

impl Priority {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Priority::Normal => "normal",
            Priority::Urgent => "urgent",
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Appointment {
    pub id: u64,
    pub patient_id: u64,
    /// The doctor it is with: the slot's doctor, or the on-call doctor after an escalation.
    pub doctor_id: u64,
    pub slot_id: u64,
    pub status: Status,
    pub priority: Priority,
    pub rejection_reason: Option<String>,
    /// Kept, not answered: the contract gives the note no place in the appointment.
    pub escalation_note: Option<String>,
}

#[derive(Debug, Clone)]
pub(crate) struct Intake {
    pub id: u64,
    pub appointment_id: u64,
    pub symptoms: String,
    pub duration_days: u64,
    pub severity: u64,
    pub created_at: Timestamp,
}

/// The triage level the API computes: severity ≥ 8 urgent, ≥ 5 elevated, else routine.
pub(crate) fn triage(severity: u64) -> &'static str {
    match severity {
        8.. => "urgent",
        5..=7 => "elevated",
        _ => "routine",
    }
}

/// A validated intake body.
#[derive(Debug)]
pub(crate) struct IntakeRequest {
    pub symptoms: String,
    pub duration_days: u64,
    pub severity: u64,
}

#[derive(Debug)]
struct IdempotencyEntry {
    /// The request the key was first used for, e.g. `POST /appointments`: the same key on
    /// another route or appointment is a different request.
    request: String,
    body: Value,
    response: Value,
    at: Instant,
}

/// What a successful idempotent operation (booking, rescheduling) answers.
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
    intakes: BTreeMap<u64, Intake>,
    next_intake_id: u64,
    /// The stand-in's clock: `clock_base` at `clock_started`, plus the time elapsed since, plus
    /// `clock_offset` (moved by [`crate::Standin::advance_clock`]).
    clock_base: Timestamp,
    clock_started: Instant,
    clock_offset: SignedDuration,
    /// Doctors' names answered instead of the built-in ones ([`crate::Config::doctor_names`]).
    pub(crate) doctor_names: BTreeMap<u64, String>,
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
            intakes: BTreeMap::new(),
            next_intake_id: 1,
            clock_base: now,
            clock_started: Instant::now(),
            clock_offset: SignedDuration::ZERO,
            doctor_names: BTreeMap::new(),
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
                priority: Priority::Normal,
                rejection_reason: None,
                escalation_note: None,
            },
        );
        self.set_slot_available(slot_id, false);
        id
    }

    /// The stand-in's current instant (see [`crate::Config::now`]).
    pub(crate) fn now(&self) -> Timestamp {
        let elapsed = SignedDuration::try_from(self.clock_started.elapsed())
            .unwrap_or(SignedDuration::MAX)
            .saturating_add(self.clock_offset);
        self.clock_base
            .checked_add(elapsed)
            .unwrap_or(self.clock_base)
    }

    pub(crate) fn advance_clock(&mut self, by: SignedDuration) {
        self.clock_offset = self.clock_offset.saturating_add(by);
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

    fn doctor_name<'a>(&'a self, doctor: &'a data::Doctor) -> &'a str {
        self.doctor_names
            .get(&doctor.id)
            .map_or(doctor.name, String::as_str)
    }

    pub(crate) fn doctor_json(&self, doctor: &data::Doctor) -> Value {
        let clinic = data::clinic(doctor.clinic_id).map(
            |c| json!({"id": c.id, "name": c.name, "address": c.address, "timeZone": c.time_zone}),
        );
        json!({
            "id": doctor.id,
            "name": self.doctor_name(doctor),
            "specialty": doctor.specialty,
            "clinic": clinic,
        })
    }

    pub(crate) fn doctors_json(&self) -> Value {
        Value::Array(DOCTORS.iter().map(|d| self.doctor_json(d)).collect())
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

    fn doctor_summary(&self, doctor_id: u64) -> Value {
        match data::doctor(doctor_id) {
            Some(d) => json!({"id": d.id, "name": self.doctor_name(d), "specialty": d.specialty}),
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
            "doctor": self.doctor_summary(a.doctor_id),
            "patient": State::patient_summary(a.patient_id),
            "priority": a.priority.as_str(),
            "rejectionReason": a.rejection_reason,
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
            "priority": a.priority.as_str(),
            "rejectionReason": a.rejection_reason,
        });
        if let Value::Object(map) = &mut item {
            match view {
                View::Patient => map.insert("doctor".into(), self.doctor_summary(a.doctor_id)),
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

    /// The appointment, if `who` may read it: its patient, or the doctor it is with (a doctor
    /// of another clinic, or another doctor of the same clinic, is not). 404 before 403.
    fn readable(&self, who: Principal, id: u64) -> Result<&Appointment, ApiError> {
        let a = self
            .appointments
            .get(&id)
            .ok_or_else(appointment_not_found)?;
        let allowed = match who {
            Principal::Patient(p) => a.patient_id == p,
            Principal::Doctor(d) => a.doctor_id == d,
        };
        if !allowed {
            return Err(no_access());
        }
        Ok(a)
    }

    /// `GET /appointments/:id`: the owner patient or the appointment's doctor.
    pub(crate) fn read(&self, who: Principal, id: u64) -> Result<Value, ApiError> {
        let a = self.readable(who, id)?;
        Ok(self.appointment_json(a))
    }

    /// Cancel (owner patient), confirm or reject (the appointment's doctor). A rejection may
    /// carry a reason, stored as `rejectionReason`.
    pub(crate) fn transition(
        &mut self,
        who: Principal,
        id: u64,
        next: Status,
        reason: Option<String>,
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
            return Err(no_access());
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
            if next == Status::Rejected {
                a.rejection_reason = reason;
            }
        }
        if !next.holds_slot() {
            self.set_slot_available(slot_id, true);
        }
        self.appointment_by_id(id).ok_or_else(appointment_not_found)
    }

    /// The remembered answer for `key`, if it is a replay of the same request; 422 if the key
    /// was used for another request (route, appointment or body) within the TTL.
    fn replay(
        &self,
        patient_id: u64,
        key: Option<&str>,
        request: &str,
        body: &Value,
        now: Instant,
    ) -> Result<Option<Value>, ApiError> {
        let Some(key) = key else {
            return Ok(None);
        };
        let fresh = self
            .idempotency
            .get(&(patient_id, key.to_owned()))
            .filter(|e| now.saturating_duration_since(e.at) < IDEMPOTENCY_TTL);
        match fresh {
            None => Ok(None),
            Some(entry) if entry.request == request && entry.body == *body => {
                Ok(Some(entry.response.clone()))
            }
            Some(_) => Err(ApiError::new(
                ErrorCode::IdempotencyKeyConflict,
                "Idempotency-Key was already used with a different request",
            )),
        }
    }

    fn remember(
        &mut self,
        patient_id: u64,
        key: Option<&str>,
        request: &str,
        body: &Value,
        response: &Value,
        now: Instant,
    ) {
        if let Some(key) = key {
            self.idempotency.insert(
                (patient_id, key.to_owned()),
                IdempotencyEntry {
                    request: request.to_owned(),
                    body: body.clone(),
                    response: response.clone(),
                    at: now,
                },
            );
        }
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
        const REQUEST: &str = "POST /appointments";
        // 1. Idempotency: a replay answers the original response; nothing else happens.
        if let Some(original) = self.replay(patient_id, idempotency_key, REQUEST, body, now)? {
            return Ok(Booked::Replayed(original));
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
        let slot = self.slot(slot_id).ok_or_else(|| slot_not_found(slot_id))?;
        if !slot.available {
            return Err(slot_taken());
        }
        let doctor_id = slot.doctor_id;
        let id = self.create(patient_id, doctor_id, slot_id);
        let response = self
            .appointment_by_id(id)
            .ok_or_else(appointment_not_found)?;
        self.remember(patient_id, idempotency_key, REQUEST, body, &response, now);
        Ok(Booked::Created(response))
    }

    /// `PATCH /appointments/:id/reschedule`: one step under the lock, so the new slot is taken
    /// and the old one released together, or nothing changes.
    pub(crate) fn reschedule(
        &mut self,
        patient_id: u64,
        id: u64,
        slot_id: u64,
        body: &Value,
        idempotency_key: Option<&str>,
        now: Instant,
    ) -> Result<Booked, ApiError> {
        let request = format!("PATCH /appointments/{id}/reschedule");
        if let Some(original) = self.replay(patient_id, idempotency_key, &request, body, now)? {
            return Ok(Booked::Replayed(original));
        }
        let a = self.readable(Principal::Patient(patient_id), id)?;
        let old_slot = a.slot_id;
        let status = a.status;
        let new_slot = self.slot(slot_id).ok_or_else(|| slot_not_found(slot_id))?;
        let new_doctor = new_slot.doctor_id;
        let new_available = new_slot.available;
        if !status.holds_slot() {
            return Err(ApiError::new(
                ErrorCode::InvalidTransition,
                format!("Cannot reschedule a {} appointment", status.as_str()),
            ));
        }
        if self.slot(old_slot).is_some_and(|s| s.start <= self.now()) {
            return Err(ApiError::new(
                ErrorCode::InvalidTransition,
                "Cannot reschedule an appointment that has already started",
            ));
        }
        if !new_available {
            return Err(slot_taken());
        }
        self.set_slot_available(slot_id, false);
        self.set_slot_available(old_slot, true);
        if let Some(a) = self.appointments.get_mut(&id) {
            a.slot_id = slot_id;
            a.doctor_id = new_doctor;
            a.status = Status::Pending;
        }
        let response = self
            .appointment_by_id(id)
            .ok_or_else(appointment_not_found)?;
        self.remember(patient_id, idempotency_key, &request, body, &response, now);
        Ok(Booked::Created(response))
    }

    /// `POST /appointments/:id/intake` (owner patient).
    pub(crate) fn create_intake(
        &mut self,
        patient_id: u64,
        id: u64,
        intake: IntakeRequest,
    ) -> Result<Value, ApiError> {
        let a = self.readable(Principal::Patient(patient_id), id)?;
        if !a.status.holds_slot() {
            return Err(ApiError::new(
                ErrorCode::InvalidTransition,
                format!(
                    "Cannot record an intake for a {} appointment",
                    a.status.as_str()
                ),
            ));
        }
        if self.intakes.contains_key(&id) {
            return Err(ApiError::new(
                ErrorCode::IntakeExists,
                "This appointment already has an intake",
            ));
        }
        let intake = Intake {
            id: self.next_intake_id,
            appointment_id: id,
            symptoms: intake.symptoms,
            duration_days: intake.duration_days,
            severity: intake.severity,
            created_at: self.now(),
        };
        self.next_intake_id = self.next_intake_id.saturating_add(1);
        let json = intake_json(&intake);
        self.intakes.insert(id, intake);
        Ok(json)
    }

    /// `GET /appointments/:id/intake` (owner patient or the appointment's doctor).
    pub(crate) fn read_intake(&self, who: Principal, id: u64) -> Result<Value, ApiError> {
        self.readable(who, id)?;
        self.intakes.get(&id).map(intake_json).ok_or_else(|| {
            ApiError::new(ErrorCode::IntakeNotFound, "This appointment has no intake")
        })
    }

    /// `PATCH /appointments/:id/escalate` (the appointment's doctor).
    pub(crate) fn escalate(
        &mut self,
        doctor_id: u64,
        id: u64,
        note: String,
    ) -> Result<Value, ApiError> {
        let a = self.readable(Principal::Doctor(doctor_id), id)?;
        if !a.status.holds_slot() {
            return Err(ApiError::new(
                ErrorCode::InvalidTransition,
                format!("Cannot escalate a {} appointment", a.status.as_str()),
            ));
        }
        let on_call = data::doctor(a.doctor_id)
            .and_then(|d| data::clinic(d.clinic_id))
            .and_then(|c| c.on_call_doctor)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NoOncallDoctor,
                    "Nobody is on call at this clinic",
                )
            })?;
        if let Some(a) = self.appointments.get_mut(&id) {
            a.priority = Priority::Urgent;
            a.doctor_id = on_call;
            a.escalation_note = Some(note);
        }
        self.appointment_by_id(id).ok_or_else(appointment_not_found)
    }
}

/// Excerpts are the body's first this many characters (`…` appended when cut).
pub(crate) const EXCERPT_CHARS: usize = 400;

/// `GET /protocols`: the protocols of `clinic_id` and the shared ones that match `q`, best
/// first. Words are maximal runs of alphanumeric characters, compared lowercased; a query
/// term matches a word that starts with it. Score = 3 × title matches + body matches, summed
/// over the query's distinct terms; protocols scoring 0 are left out; ties by id.
pub(crate) fn search_protocols(clinic_id: Option<u64>, q: &str, limit: usize) -> Value {
    let mut terms: Vec<String> = words(q).collect();
    terms.sort();
    terms.dedup();
    let hits = |text: &str| -> usize {
        words(text)
            .filter(|w| terms.iter().any(|t| w.starts_with(t.as_str())))
            .count()
    };
    let mut scored: Vec<(usize, &data::Protocol)> = data::PROTOCOLS
        .iter()
        .filter(|p| p.clinic_id.is_none() || p.clinic_id == clinic_id)
        .map(|p| {
            (
                hits(p.title).saturating_mul(3).saturating_add(hits(p.body)),
                p,
            )
        })
        .filter(|(score, _)| *score > 0)
        .collect();
    scored.sort_by(|(sa, pa), (sb, pb)| sb.cmp(sa).then(pa.id.cmp(&pb.id)));
    Value::Array(
        scored
            .into_iter()
            .take(limit)
            .map(|(_, p)| {
                let mut excerpt: String = p.body.chars().take(EXCERPT_CHARS).collect();
                if excerpt.len() < p.body.len() {
                    excerpt.push('…');
                }
                json!({
                    "id": p.id,
                    "title": p.title,
                    "excerpt": excerpt,
                    "reviewedAt": p.reviewed_at,
                    "clinicId": p.clinic_id,
                })
            })
            .collect(),
    )
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn intake_json(i: &Intake) -> Value {
    json!({
        "id": i.id,
        "appointmentId": i.appointment_id,
        "symptoms": i.symptoms,
        "durationDays": i.duration_days,
        "severity": i.severity,
        "triage": triage(i.severity),
        "createdAt": i.created_at.to_string(),
    })
}

fn no_access() -> ApiError {
    ApiError::forbidden("You do not have access to this appointment")
}

fn slot_not_found(slot_id: u64) -> ApiError {
    ApiError::new(ErrorCode::SlotNotFound, format!("Slot {slot_id} not found"))
}

fn slot_taken() -> ApiError {
    ApiError::new(ErrorCode::SlotTaken, "The slot was booked by someone else")
}

fn appointment_not_found() -> ApiError {
    ApiError::new(ErrorCode::AppointmentNotFound, "Appointment not found")
}

/// At most `max_bookings` booking attempts per patient in any sliding `window`; the next
/// answers 429 `RATE_LIMITED` with `Retry-After` (whole seconds, at least 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Attempts allowed per window.
    pub max_bookings: u32,
    /// The sliding window.
    pub window: Duration,
}

#[cfg(test)]
mod tests {
    use super::Status::{self, *};

    #[test]
    fn triage_levels() {
        let levels: Vec<&str> = (0..=10).map(super::triage).collect();
        assert_eq!(
            levels,
            [
                "routine", "routine", "routine", "routine", "routine", "elevated", "elevated",
                "elevated", "urgent", "urgent", "urgent"
            ]
        );
    }

    #[test]
    fn protocol_ids_are_1_to_n_and_the_token_protocol_carries_doctor_1s_token() {
        let ids: Vec<u64> = crate::data::PROTOCOLS.iter().map(|p| p.id).collect();
        assert_eq!(ids, (1..=14).collect::<Vec<u64>>());
        let token = crate::data::PROTOCOLS
            .iter()
            .find(|p| p.id == crate::data::TOKEN_PROTOCOL_ID)
            .map(|p| p.body);
        assert!(token.is_some_and(|b| b.contains(crate::data::DOCTOR_TOKEN)));
    }

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
