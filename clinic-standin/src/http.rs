//! The router, the request log middleware and the handlers.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, patch, post};
use serde_json::Value;

use crate::data::DEMO_TOKENS;
use crate::error::{ApiError, ErrorCode, REQUEST_ID};
use crate::shared::{CREDENTIAL_HEADERS, REQUEST_LOG_CAPACITY, RecordedRequest, Shared};
use crate::state::{Booked, IntakeRequest, Principal, Status, View};

/// The path prefix every route lives under.
pub const API_PREFIX: &str = "/api/v1";

/// The route table, `(method, path template under API_PREFIX)`; the router is built from it.
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/doctors"),
    ("GET", "/doctors/{id}"),
    ("GET", "/doctors/{id}/slots"),
    ("POST", "/appointments"),
    ("GET", "/appointments/my"),
    ("GET", "/appointments/doctor"),
    ("GET", "/appointments/{id}"),
    ("PATCH", "/appointments/{id}/cancel"),
    ("PATCH", "/appointments/{id}/confirm"),
    ("PATCH", "/appointments/{id}/reject"),
    ("PATCH", "/appointments/{id}/reschedule"),
    ("POST", "/appointments/{id}/intake"),
    ("GET", "/appointments/{id}/intake"),
    ("PATCH", "/appointments/{id}/escalate"),
    ("GET", "/protocols"),
];

type AppState = Arc<Shared>;

/// The handler for one `(method, path template)` row of [`ROUTES`].
fn handler_for(method: &str, path: &str) -> Option<MethodRouter<AppState>> {
    Some(match (method, path) {
        ("GET", "/doctors") => get(list_doctors),
        ("GET", "/doctors/{id}") => get(get_doctor),
        ("GET", "/doctors/{id}/slots") => get(doctor_slots),
        ("POST", "/appointments") => post(book),
        ("GET", "/appointments/my") => get(my_appointments),
        ("GET", "/appointments/doctor") => get(doctor_appointments),
        ("GET", "/appointments/{id}") => get(get_appointment),
        ("PATCH", "/appointments/{id}/cancel") => patch(cancel),
        ("PATCH", "/appointments/{id}/confirm") => patch(confirm),
        ("PATCH", "/appointments/{id}/reject") => patch(reject),
        ("PATCH", "/appointments/{id}/reschedule") => patch(reschedule),
        ("POST", "/appointments/{id}/intake") => post(create_intake),
        ("GET", "/appointments/{id}/intake") => get(read_intake),
        ("PATCH", "/appointments/{id}/escalate") => patch(escalate),
        ("GET", "/protocols") => get(search_protocols),
        _ => return None,
    })
}

/// Builds the router from [`ROUTES`]; anything else (unknown path, or a known path with
/// another method) answers 404 `NOT_FOUND` with the error body.
pub(crate) fn router(shared: AppState) -> Router {
    let mut by_path: BTreeMap<&'static str, MethodRouter<AppState>> = BTreeMap::new();
    for &(method, path) in ROUTES {
        let Some(handler) = handler_for(method, path) else {
            tracing::error!(method, path, "ROUTES row without a handler");
            continue;
        };
        let merged = match by_path.remove(path) {
            Some(existing) => existing.merge(handler),
            None => handler,
        };
        by_path.insert(path, merged);
    }
    let mut router = Router::new();
    for (path, method_router) in by_path {
        router = router.route(
            &format!("{API_PREFIX}{path}"),
            method_router.fallback(not_found),
        );
    }
    router
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), record))
        .with_state(shared)
}

/// Records every request (404s included) in arrival order and assigns its request id.
async fn record(State(shared): State<AppState>, request: Request, next: Next) -> Response {
    let n = shared
        .request_counter
        .fetch_add(1, Ordering::SeqCst)
        .saturating_add(1);
    let request_id = format!("req-{n:06}");
    let recorded = RecordedRequest {
        method: request.method().as_str().to_owned(),
        path: request.uri().path().to_owned(),
        query: request.uri().query().map(str::to_owned),
        headers: request
            .headers()
            .iter()
            .map(|(name, value)| {
                let name = name.as_str().to_ascii_lowercase();
                // A credential is not kept, not even in memory: its digest is (below).
                let value = if CREDENTIAL_HEADERS.contains(&name.as_str()) {
                    "[redacted]".to_owned()
                } else {
                    String::from_utf8_lossy(value.as_bytes()).into_owned()
                };
                (name, value)
            })
            .collect(),
        authorization_sha256: request
            .headers()
            .get(axum::http::header::AUTHORIZATION)
            .map(|v| crate::digest::sha256(v.as_bytes())),
    };
    tracing::debug!(request_id, method = %recorded.method, path = %recorded.path, "request");
    {
        let mut log = shared.log();
        if log.len() >= REQUEST_LOG_CAPACITY {
            log.pop_front();
        }
        log.push_back(recorded);
    }
    let mut response = REQUEST_ID
        .scope(request_id.clone(), next.run(request))
        .await;
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert("x-request-id", value);
    }
    response
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        ErrorCode::NotFound,
        format!("Cannot {method} {}", uri.path()),
    )
}

// ---- extraction helpers ---------------------------------------------------------------

impl FromRequestParts<AppState> for Principal {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        shared: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let required = || ApiError::new(ErrorCode::AuthRequired, "Authentication required");
        let invalid = || ApiError::new(ErrorCode::AuthInvalid, "Invalid or expired token");
        let value = parts
            .headers
            .get(header::AUTHORIZATION)
            .ok_or_else(required)?;
        let token = value
            .as_bytes()
            .strip_prefix(b"Bearer ")
            .ok_or_else(required)?;
        let principal = |user: &crate::data::DemoToken| match user.role {
            "doctor" => Principal::Doctor(user.user_id),
            _ => Principal::Patient(user.user_id),
        };
        if let Some((server, audience)) = &shared.audience {
            // Audience mode: a JWT of this authorization server for this API, naming a demo
            // user with its own role; the static demo tokens are refused like any other.
            let token = std::str::from_utf8(token).map_err(|_| invalid())?;
            let claims = server
                .verify_access_token(token, audience)
                .map_err(|refused| {
                    tracing::info!(%refused, "access token refused");
                    invalid()
                })?;
            let user = crate::auth::demo_user(&claims.sub)
                .filter(|user| user.role == claims.role.as_str())
                .ok_or_else(invalid)?;
            return Ok(principal(user));
        }
        DEMO_TOKENS
            .iter()
            .find(|t| t.token.as_bytes() == token)
            .map(principal)
            .ok_or_else(invalid)
    }
}

/// A positive decimal integer (digits only; no sign, no whitespace, fits in u64).
fn positive_integer(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>().ok().filter(|n| *n > 0)
}

fn path_id(path: Result<Path<String>, PathRejection>, what: &str) -> Result<u64, ApiError> {
    path.ok()
        .and_then(|Path(raw)| positive_integer(&raw))
        .ok_or_else(|| ApiError::validation(format!("{what} id must be a positive integer")))
}

fn paging(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<(u64, u64), ApiError> {
    let Query(pairs) = query.map_err(|_| ApiError::validation("Malformed query string"))?;
    let (mut page, mut limit) = (1, 20);
    for (key, value) in pairs {
        match key.as_str() {
            "page" => {
                page = positive_integer(&value)
                    .ok_or_else(|| ApiError::validation("page must be a positive integer"))?;
            }
            "limit" => {
                limit = positive_integer(&value)
                    .filter(|n| *n <= 100)
                    .ok_or_else(|| {
                        ApiError::validation("limit must be an integer between 1 and 100")
                    })?;
            }
            _ => {}
        }
    }
    Ok((page, limit))
}

fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let invalid = || ApiError::validation("Idempotency-Key must be 8-128 characters");
    let key = value.to_str().map_err(|_| invalid())?;
    let len = key.chars().count();
    if !(8..=128).contains(&len) {
        return Err(invalid());
    }
    Ok(Some(key.to_owned()))
}

fn is_json_content_type(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// The request body as a JSON object. An empty body is `None` (the caller decides whether
/// that is allowed); anything else must be `Content-Type: application/json` and a JSON
/// object, else 400.
fn json_object(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Option<serde_json::Map<String, Value>>, ApiError> {
    let body = body.map_err(|_| ApiError::validation("Request body could not be read"))?;
    if body.is_empty() {
        return Ok(None);
    }
    if !is_json_content_type(headers) {
        return Err(ApiError::validation(
            "Content-Type must be application/json",
        ));
    }
    match serde_json::from_slice(&body) {
        Ok(Value::Object(map)) => Ok(Some(map)),
        Ok(_) => Err(ApiError::validation("Request body must be a JSON object")),
        Err(_) => Err(ApiError::validation("Request body must be valid JSON")),
    }
}

/// A required JSON object body.
fn required_object(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<serde_json::Map<String, Value>, ApiError> {
    if !is_json_content_type(headers) {
        return Err(ApiError::validation(
            "Content-Type must be application/json",
        ));
    }
    json_object(headers, body)?.ok_or_else(|| ApiError::validation("Request body is required"))
}

/// A string member of `min..=max` characters; `null` or absent is `None`.
fn optional_text(
    body: &serde_json::Map<String, Value>,
    name: &str,
    (min, max): (usize, usize),
) -> Result<Option<String>, ApiError> {
    let invalid =
        || ApiError::validation(format!("{name} must be a string of {min}-{max} characters"));
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if (min..=max).contains(&text.chars().count()) => {
            Ok(Some(text.clone()))
        }
        Some(_) => Err(invalid()),
    }
}

fn required_text(
    body: &serde_json::Map<String, Value>,
    name: &str,
    bounds: (usize, usize),
) -> Result<String, ApiError> {
    optional_text(body, name, bounds)?.ok_or_else(|| {
        ApiError::validation(format!(
            "{name} must be a string of {}-{} characters",
            bounds.0, bounds.1
        ))
    })
}

/// An integer member in `min..=max` (a JSON integer; `3.0` is not one).
fn required_integer(
    body: &serde_json::Map<String, Value>,
    name: &str,
    (min, max): (u64, u64),
) -> Result<u64, ApiError> {
    body.get(name)
        .and_then(Value::as_u64)
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ApiError::validation(format!("{name} must be an integer between {min} and {max}"))
        })
}

fn slot_id_of(body: &Value) -> Result<u64, ApiError> {
    body.get("slotId")
        .and_then(Value::as_u64)
        .filter(|n| *n > 0)
        .ok_or_else(|| ApiError::validation("slotId must be a positive integer"))
}

fn idempotent_answer(status: StatusCode, outcome: Booked) -> Response {
    match outcome {
        Booked::Created(appointment) => (status, Json(appointment)).into_response(),
        Booked::Replayed(appointment) => {
            (status, [("idempotent-replayed", "true")], Json(appointment)).into_response()
        }
    }
}

// ---- handlers ---------------------------------------------------------------------------

/// Ignores every query parameter, `?specialty=` included.
async fn list_doctors(State(shared): State<AppState>) -> Json<Value> {
    Json(shared.state().doctors_json())
}

async fn get_doctor(
    State(shared): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(id, "Doctor")?;
    crate::data::doctor(id)
        .map(|d| Json(shared.state().doctor_json(d)))
        .ok_or_else(|| ApiError::new(ErrorCode::DoctorNotFound, format!("Doctor {id} not found")))
}

/// Ignores every query parameter: any date window is the caller's to apply.
async fn doctor_slots(
    State(shared): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(id, "Doctor")?;
    shared
        .state()
        .doctor_slots_json(id)
        .map(Json)
        .ok_or_else(|| ApiError::new(ErrorCode::DoctorNotFound, format!("Doctor {id} not found")))
}

async fn book(
    State(shared): State<AppState>,
    who: Principal,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Principal::Patient(patient_id) = who else {
        return Err(ApiError::forbidden("Only patients can book appointments"));
    };
    let key = idempotency_key(&headers)?;
    if !is_json_content_type(&headers) {
        return Err(ApiError::validation(
            "Content-Type must be application/json",
        ));
    }
    let body = body.map_err(|_| ApiError::validation("Request body could not be read"))?;
    let value: Value = serde_json::from_slice(&body)
        .map_err(|_| ApiError::validation("Request body must be valid JSON"))?;
    let slot_id = slot_id_of(&value)?;
    let booked =
        shared
            .state()
            .book(patient_id, slot_id, &value, key.as_deref(), Instant::now())?;
    Ok(idempotent_answer(StatusCode::CREATED, booked))
}

async fn my_appointments(
    State(shared): State<AppState>,
    who: Principal,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Principal::Patient(patient_id) = who else {
        return Err(ApiError::forbidden(
            "Only patients have appointments of their own",
        ));
    };
    let (page, limit) = paging(query)?;
    Ok(Json(shared.state().page(
        View::Patient,
        patient_id,
        page,
        limit,
    )))
}

async fn doctor_appointments(
    State(shared): State<AppState>,
    who: Principal,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Principal::Doctor(doctor_id) = who else {
        return Err(ApiError::forbidden(
            "Only doctors can list their appointments",
        ));
    };
    let (page, limit) = paging(query)?;
    Ok(Json(shared.state().page(
        View::Doctor,
        doctor_id,
        page,
        limit,
    )))
}

async fn get_appointment(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(id, "Appointment")?;
    shared.state().read(who, id).map(Json)
}

fn transition(
    shared: &Shared,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
    next: Status,
    reason: Option<String>,
) -> Result<Json<Value>, ApiError> {
    let role_ok = matches!(
        (who, next),
        (Principal::Patient(_), Status::Cancelled)
            | (Principal::Doctor(_), Status::Confirmed | Status::Rejected)
    );
    if !role_ok {
        return Err(ApiError::forbidden(match next {
            Status::Cancelled => "Only the patient who booked can cancel an appointment",
            _ => "Only the appointment's doctor can confirm or reject it",
        }));
    }
    let id = path_id(id, "Appointment")?;
    shared.state().transition(who, id, next, reason).map(Json)
}

async fn cancel(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    transition(&shared, who, id, Status::Cancelled, None)
}

async fn confirm(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    transition(&shared, who, id, Status::Confirmed, None)
}

/// An optional body `{"reason": 1–200 characters}` (an empty body, `{}` or a `null` reason:
/// no reason).
async fn reject(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let reason = if matches!(who, Principal::Doctor(_)) {
        match json_object(&headers, body)? {
            Some(body) => optional_text(&body, "reason", (1, 200))?,
            None => None,
        }
    } else {
        None
    };
    transition(&shared, who, id, Status::Rejected, reason)
}

async fn reschedule(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Principal::Patient(patient_id) = who else {
        return Err(ApiError::forbidden(
            "Only the patient who booked can reschedule an appointment",
        ));
    };
    let id = path_id(id, "Appointment")?;
    let key = idempotency_key(&headers)?;
    let value = Value::Object(required_object(&headers, body)?);
    let slot_id = slot_id_of(&value)?;
    let moved = shared.state().reschedule(
        patient_id,
        id,
        slot_id,
        &value,
        key.as_deref(),
        Instant::now(),
    )?;
    Ok(idempotent_answer(StatusCode::OK, moved))
}

async fn create_intake(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Principal::Patient(patient_id) = who else {
        return Err(ApiError::forbidden(
            "Only the patient who booked can record an intake",
        ));
    };
    let id = path_id(id, "Appointment")?;
    let body = required_object(&headers, body)?;
    let intake = IntakeRequest {
        symptoms: required_text(&body, "symptoms", (1, 1000))?,
        duration_days: required_integer(&body, "durationDays", (0, 3650))?,
        severity: required_integer(&body, "severity", (0, 10))?,
    };
    let created = shared.state().create_intake(patient_id, id, intake)?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn read_intake(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = path_id(id, "Appointment")?;
    shared.state().read_intake(who, id).map(Json)
}

async fn escalate(
    State(shared): State<AppState>,
    who: Principal,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let Principal::Doctor(doctor_id) = who else {
        return Err(ApiError::forbidden(
            "Only the appointment's doctor can escalate it",
        ));
    };
    let id = path_id(id, "Appointment")?;
    let body = required_object(&headers, body)?;
    let note = required_text(&body, "note", (1, 500))?;
    shared.state().escalate(doctor_id, id, note).map(Json)
}

/// `?q=` (2–200 characters once trimmed) and `?limit=` (1–20, default 5); other parameters
/// are ignored.
async fn search_protocols(
    who: Principal,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Principal::Doctor(doctor_id) = who else {
        return Err(ApiError::forbidden("Only doctors can search protocols"));
    };
    let Query(pairs) = query.map_err(|_| ApiError::validation("Malformed query string"))?;
    let (mut q, mut limit) = (None, 5);
    for (key, value) in pairs {
        match key.as_str() {
            "q" => q = Some(value),
            "limit" => {
                limit = positive_integer(&value)
                    .filter(|n| *n <= 20)
                    .ok_or_else(|| {
                        ApiError::validation("limit must be an integer between 1 and 20")
                    })?;
            }
            _ => {}
        }
    }
    let q = q
        .map(|q| q.trim().to_owned())
        .filter(|q| (2..=200).contains(&q.chars().count()))
        .ok_or_else(|| ApiError::validation("q must be 2-200 characters"))?;
    let clinic_id = crate::data::doctor(doctor_id).map(|d| d.clinic_id);
    Ok(Json(crate::state::search_protocols(
        clinic_id,
        &q,
        usize::try_from(limit).unwrap_or(usize::MAX),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_a_handler_and_no_route_is_listed_twice() {
        let mut seen = std::collections::BTreeSet::new();
        for &(method, path) in ROUTES {
            assert!(handler_for(method, path).is_some(), "{method} {path}");
            assert!(seen.insert((method, path)), "{method} {path} listed twice");
        }
    }

    #[test]
    fn positive_integers_only() {
        assert_eq!(positive_integer("42"), Some(42));
        for bad in [
            "",
            "0",
            "-1",
            "+1",
            " 1",
            "1.0",
            "1e3",
            "99999999999999999999",
            "٣",
        ] {
            assert_eq!(positive_integer(bad), None, "{bad:?}");
        }
    }
}
