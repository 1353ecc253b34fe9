//! `clinic-standin`: a faithful HTTP stand-in (test double) of the clinic booking API.
//!
//! It implements the contract in `docs/openapi.json` exactly, the inconvenient parts included:
//! `GET /doctors` ignores every query parameter (`?specialty=` too), there is no
//! `/specialties` route, slots come back with `isAvailable: 1` (an integer) and the slots
//! route ignores any date window. Every error answers `{"errorCode","message","requestId"}`.
//!
//! # Data
//!
//! Deterministic and synthetic; only slot times depend on the start-up instant
//! ([`Config::now`]):
//!
//! - clinics 1–3 in `America/New_York`, `Europe/Berlin`, `Asia/Tokyo`;
//! - doctors 1–9 over 5 specialties (Cardiology ×3, Dermatology ×2, Pediatrics ×2,
//!   Neurology ×1, Orthopedics ×1);
//! - 30-minute slots Mon–Fri 09:00–12:00 clinic-local time, for every doctor, starting
//!   strictly after start-up and within the next 14 days, answered in UTC; slot ids are
//!   1.. ordered by doctor id then start time;
//! - patients 1–3 and doctor users for doctors 1 and 4 (clinic 1), 3 (clinic 2) and 2
//!   (clinic 3), see [`DEMO_TOKENS`];
//! - seeded appointments (ids 1–4): 1 = patient 1 with doctor 1, *confirmed*;
//!   2 = patient 2 with doctor 1, *pending*; 3 = patient 2 with doctor 2, *confirmed*;
//!   4 = patient 3 with doctor 2, *cancelled* (its slot is available again); all `normal`
//!   priority, no intake;
//! - on call: doctor 4 (Dr. Marcus Webb) for clinic 1, doctor 8 (Dr. Grace Okafor) for
//!   clinic 2, nobody for clinic 3 (so `NO_ONCALL_DOCTOR` is reachable: doctor 2 escalating
//!   appointment 3);
//! - 14 protocols: 1–4 shared (`clinicId: null`), 5–8 clinic 1, 9–11 clinic 2, 12–14
//!   clinic 3. Three are hostile on purpose: [`INJECTION_PROTOCOL_ID`] (shared; an
//!   instruction to an AI model; `q=anticoagulation`), [`ANSI_PROTOCOL_ID`] (clinic 1; ANSI
//!   escapes and invisible characters; `q=fever`) and [`TOKEN_PROTOCOL_ID`] (clinic 1;
//!   [`DOCTOR_TOKEN`], a doctor of the same clinic, pasted in; `q=console`).
//!
//! # Clinics are tenants
//!
//! An appointment belongs to the clinic of the doctor it is with. A doctor reads and acts on
//! the appointments it is the doctor of, only: any other doctor, of the same clinic or
//! another, gets 403 `FORBIDDEN` (the contract's answer, as for any non-owner). After an
//! escalation the appointment is the on-call doctor's, and the escalating doctor loses
//! access. Protocol search answers the doctor's own clinic's protocols and the shared ones.
//!
//! # Behaviour beyond the contract's wording
//!
//! - An unknown route, or a known path with another method, answers 404 `NOT_FOUND`.
//! - Ids (path and `slotId`) must be positive integers, else 400 `VALIDATION_ERROR`.
//! - `POST /appointments` requires `Content-Type: application/json` (as the public API's
//!   JSON body parser does), else 400.
//! - Check order: authentication (401), role (403), request validation (400),
//!   idempotency replay/conflict (201/422), rate limit (429), existence (404),
//!   ownership (403), state (409/422).
//! - An idempotent replay answers 201 with the *original* response body and the header
//!   `Idempotent-Replayed: true`. Keys are scoped per patient, remembered 24 h, and only
//!   successful bookings are remembered. Bodies are compared as parsed JSON.
//! - The rate limit counts booking attempts per patient that reach the booking step
//!   (replays and malformed requests excluded), in a sliding window.
//! - Rejecting an appointment frees its slot, as cancelling does.
//! - Appointments answer `priority` (`normal` | `urgent`) and `rejectionReason` (`null`
//!   unless a rejection gave one), in the full appointment and in both list items.
//! - Rescheduling (`PATCH /appointments/:id/reschedule`): check order 401, 403 role, 400,
//!   idempotency replay/conflict, 404 appointment, 403 owner, 404 slot, 422 state (not
//!   pending/confirmed, or its current slot has started by the stand-in's clock), 409 (the
//!   target slot is not available; the slot the appointment already holds included). A
//!   success answers 200, status `pending`, the new slot's doctor; the replay answers 200
//!   with the original body and `Idempotent-Replayed: true`. `Idempotency-Key`s share one
//!   space per patient with booking: a key reused on another route, another appointment or
//!   with another body answers 422 `IDEMPOTENCY_KEY_CONFLICT`. No rate limit.
//! - Intake: check order 401, 403 role, 400, 404, 403 owner, 422 (cancelled or rejected),
//!   409 `INTAKE_EXISTS`. Reading it: 404 `APPOINTMENT_NOT_FOUND`, 403, then 404
//!   `INTAKE_NOT_FOUND`.
//! - Escalation: 404, 403, 422 (cancelled or rejected), 409 `NO_ONCALL_DOCTOR`; the note is
//!   kept but not answered (the contract gives it no place). The slot stays held.
//! - `PATCH .../reject` accepts no body, `{}`, or `{"reason": null}` as "no reason"; a
//!   non-empty body must be `Content-Type: application/json`.
//! - Protocol search: `q` is trimmed, then must be 2–200 characters. Words are runs of
//!   alphanumeric characters, lowercased; a query term matches a word starting with it;
//!   score = 3 × title matches + body matches; score-0 protocols are left out; ties by id.
//!   `excerpt` is the body's first 400 characters (`…` appended when cut); `reviewedAt` is a
//!   date (`YYYY-MM-DD`).
//! - Bodies of the added routes must be JSON objects sent as `application/json`.
//! - Every response carries `X-Request-Id` equal to the error body's `requestId`.
//!
//! # The request log
//!
//! [`Standin::requests`] holds the last [`REQUEST_LOG_CAPACITY`] requests (a ring: a long
//! `clinic-mcp --demo` session or `clinic-mcp api` run does not grow it), and
//! [`Standin::request_count`] counts every one. An `Authorization` (or `Proxy-Authorization`)
//! value is never kept: the header is recorded as `[redacted]` with the SHA-256 of its value, so a
//! test can still check it arrived byte for byte ([`RecordedRequest::authorization_is`]).
//!
//! # The stand-in authorization server and audience mode
//!
//! [`auth`] is an OAuth 2.1 authorization server for the tests and `--demo` (issue 29): code +
//! PKCE with automatic consent of the demo users, refresh, dynamic registration, client ID
//! metadata documents and RFC 8693 token exchange, issuing ES256 JWTs. The demo users' `sub`s
//! are `patient-N` and `doctor-N` ([`auth::demo_subject`]).
//!
//! With [`Config::token_audience`] set, the API accepts only access tokens of that
//! authorization server whose `aud` is the API's own URL ([`Standin::base_url`], unless
//! [`TokenAudience::audience`] names another) and whose `sub` and `clinic_role` name a demo
//! user; the static demo tokens then answer 401 `AUTH_INVALID`. Off (the default), the static
//! demo tokens are the only credentials, as before.

pub mod auth;
mod data;
mod digest;
mod error;
mod http;
mod jwt;
mod oauth;
mod serving;
mod shared;
mod state;

use shared::Shared;
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::sync::Arc;

pub use data::{
    ANSI_PROTOCOL_ID, DEMO_TOKENS, DOCTOR_TOKEN, DOCTOR2_TOKEN, DOCTOR3_TOKEN, DOCTOR4_TOKEN,
    DemoToken, EXPIRED_PATIENT_TOKEN, INJECTION_PROTOCOL_ID, PATIENT_TOKEN, PATIENT2_TOKEN,
    PATIENT3_TOKEN, TOKEN_PROTOCOL_ID,
};
pub use error::ErrorCode;
pub use http::{API_PREFIX, ROUTES};
pub use shared::{REQUEST_LOG_CAPACITY, RecordedRequest};
pub use state::RateLimit;

/// `127.0.0.1:0`: loopback, ephemeral port.
pub const LOCALHOST_EPHEMERAL: SocketAddr =
    SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 0));

/// How the stand-in behaves. `Config::default()`: no rate limit, data relative to now.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Booking rate limit per patient; `None` (default) = unlimited.
    pub rate_limit: Option<RateLimit>,
    /// The instant the synthetic slots are generated relative to; `None` (default) = the
    /// real clock at [`spawn`]. Slots lie in `(now, now + 14 days)`.
    pub now: Option<jiff::Timestamp>,
    /// Audience mode: `Some` = only access tokens of this authorization server, for this API,
    /// are accepted (see the crate docs); `None` (default) = the static demo tokens.
    pub token_audience: Option<TokenAudience>,
    /// Doctors' names answered instead of the built-in ones, by doctor id (for tests of what a
    /// client does with a hostile name); empty (default) = the built-in names.
    pub doctor_names: std::collections::BTreeMap<u64, String>,
}

impl Config {
    /// Audience mode with the defaults otherwise: only access tokens of `authorization_server`
    /// issued for the API's own URL are accepted.
    pub fn checking_tokens_of(authorization_server: auth::AuthServer) -> Self {
        Config {
            token_audience: Some(TokenAudience {
                authorization_server,
                audience: None,
            }),
            ..Config::default()
        }
    }
}

/// Audience mode's settings ([`Config::token_audience`]).
#[derive(Debug, Clone)]
pub struct TokenAudience {
    /// The authorization server whose tokens are accepted (checked in process against its
    /// current keys: the same check a resource server makes against its JWKS).
    pub authorization_server: auth::AuthServer,
    /// The `aud` required; `None`: the API's own URL, [`Standin::base_url`]
    /// (`http://IP:PORT/api/v1`).
    pub audience: Option<String>,
}

/// A running stand-in. Dropping it also stops the server (gracefully); prefer
/// [`Standin::shutdown`], which waits for it.
#[derive(Debug)]
pub struct Standin {
    addr: SocketAddr,
    shared: Arc<Shared>,
    serving: serving::Serving,
}

/// Binds `addr` (port 0 = ephemeral), generates the data and serves in a spawned task.
pub async fn spawn(addr: SocketAddr, config: Config) -> std::io::Result<Standin> {
    let now = config.now.unwrap_or_else(jiff::Timestamp::now);
    let mut state = state::State::seed(now, config.rate_limit).map_err(std::io::Error::other)?;
    state.doctor_names = config.doctor_names;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let audience = config.token_audience.map(|t| {
        let audience = t
            .audience
            .unwrap_or_else(|| format!("http://{addr}{API_PREFIX}"));
        (t.authorization_server, audience)
    });
    let shared = Arc::new(Shared::new(state, audience));
    let app = http::router(Arc::clone(&shared));
    let serving = serving::Serving::start(listener, app);
    tracing::info!(%addr, "clinic stand-in listening");
    Ok(Standin {
        addr,
        shared,
        serving,
    })
}

impl Standin {
    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://IP:PORT/api/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}{API_PREFIX}", self.addr)
    }

    /// The last [`REQUEST_LOG_CAPACITY`] requests (all of them, if fewer), in arrival order
    /// (404s included).
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.log().iter().cloned().collect()
    }

    /// How many requests arrived since start-up, however many the log still holds
    /// ([`Standin::clear_requests`] does not reset it).
    pub fn request_count(&self) -> u64 {
        self.shared
            .request_counter
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Forgets the recorded requests.
    pub fn clear_requests(&self) {
        self.shared.log().clear();
    }

    /// The appointment as `GET /appointments/:id` would answer it, read directly.
    pub fn appointment(&self, id: u64) -> Option<serde_json::Value> {
        self.shared.state().appointment_by_id(id)
    }

    /// How many appointments exist (seeded ones included, whatever their status).
    pub fn appointments_count(&self) -> usize {
        self.shared.state().appointments_count()
    }

    /// Whether slot `slot_id` is available; `None` for an unknown slot.
    pub fn slot_available(&self, slot_id: u64) -> Option<bool> {
        self.shared.state().slot_available(slot_id)
    }

    /// The ids of doctor `doctor_id`'s currently available slots, by start time.
    pub fn available_slot_ids(&self, doctor_id: u64) -> Vec<u64> {
        let state = self.shared.state();
        let mut slots: Vec<_> = state
            .slots()
            .iter()
            .filter(|s| s.doctor_id == doctor_id && s.available)
            .collect();
        slots.sort_by_key(|s| (s.start, s.id));
        slots.into_iter().map(|s| s.id).collect()
    }

    /// Moves the stand-in's clock forward by `by` (backward if negative): what "already
    /// started" (reschedule) and `createdAt` (intake) are measured against. Slots keep their
    /// times.
    pub fn advance_clock(&self, by: jiff::SignedDuration) {
        self.shared.state().advance_clock(by);
    }

    /// Stops accepting connections and waits for in-flight requests to finish.
    pub async fn shutdown(self) {
        self.serving.stop("clinic stand-in").await;
    }
}
