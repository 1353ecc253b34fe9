//! Shared helpers: a spawned stand-in on 127.0.0.1:0 and a tiny HTTP client.
#![allow(dead_code, unused_imports)]
// Test-support code: failing loudly is the point.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Once;

use clinic_standin::{Config, LOCALHOST_EPHEMERAL, Standin};
use reqwest::Method;
use reqwest::header::HeaderMap;
use serde_json::Value;

pub use clinic_standin::{
    DOCTOR_TOKEN, DOCTOR2_TOKEN, DOCTOR3_TOKEN, DOCTOR4_TOKEN, EXPIRED_PATIENT_TOKEN,
    PATIENT_TOKEN, PATIENT2_TOKEN, PATIENT3_TOKEN, REQUEST_LOG_CAPACITY,
};

/// An answer: status, headers and the body parsed as JSON (a JSON string if it is not JSON).
#[derive(Debug, Clone)]
pub struct Resp {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts the error body shape, the status and the code; returns the message.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: &str) -> String {
        assert_eq!(self.status, status, "status; body: {}", self.body);
        let obj = self
            .body
            .as_object()
            .unwrap_or_else(|| panic!("error body is not an object: {}", self.body));
        let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["errorCode", "message", "requestId"],
            "error body keys: {}",
            self.body
        );
        assert_eq!(obj["errorCode"], code, "errorCode; body: {}", self.body);
        let message = obj["message"].as_str().expect("message is a string");
        assert!(!message.is_empty());
        let request_id = obj["requestId"].as_str().expect("requestId is a string");
        assert!(
            request_id.starts_with("req-") && request_id[4..].chars().all(|c| c.is_ascii_digit()),
            "requestId {request_id}"
        );
        assert_eq!(self.header("x-request-id"), Some(request_id));
        assert!(
            self.header("content-type")
                .is_some_and(|c| c.starts_with("application/json")),
            "content-type {:?}",
            self.header("content-type")
        );
        message.to_owned()
    }

    pub fn id(&self) -> u64 {
        self.body["id"]
            .as_u64()
            .unwrap_or_else(|| panic!("no id in {}", self.body))
    }
}

pub struct Api {
    pub standin: Standin,
    pub client: reqwest::Client,
    pub base: String,
}

pub fn client() -> reqwest::Client {
    static PROVIDER: Once = Once::new();
    PROVIDER.call_once(|| {
        // reqwest is built with `rustls-no-provider`; building a Client needs a provider even
        // for plain http.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("reqwest client")
}

impl Api {
    pub async fn start() -> Api {
        Api::start_with(Config::default()).await
    }

    pub async fn start_with(config: Config) -> Api {
        let standin = clinic_standin::spawn(LOCALHOST_EPHEMERAL, config)
            .await
            .expect("spawn");
        let base = standin.base_url();
        Api {
            standin,
            client: client(),
            base,
        }
    }

    /// `path` is relative to the base URL (`/doctors`), query string included.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Resp {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        send(request).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Resp {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn patch(&self, path: &str, token: &str) -> Resp {
        self.call(Method::PATCH, path, Some(token), None).await
    }

    pub async fn patch_json(&self, path: &str, token: &str, body: Value) -> Resp {
        self.call(Method::PATCH, path, Some(token), Some(body))
            .await
    }

    pub async fn post_json(&self, path: &str, token: &str, body: Value) -> Resp {
        self.call(Method::POST, path, Some(token), Some(body)).await
    }

    /// `PATCH /appointments/{id}/reschedule` with an `Idempotency-Key`.
    pub async fn reschedule_with_key(&self, token: &str, id: u64, key: &str, body: Value) -> Resp {
        let request = self
            .client
            .patch(format!("{}/appointments/{id}/reschedule", self.base))
            .bearer_auth(token)
            .header("Idempotency-Key", key)
            .json(&body);
        send(request).await
    }

    pub async fn book(&self, token: &str, slot_id: u64) -> Resp {
        self.call(
            Method::POST,
            "/appointments",
            Some(token),
            Some(serde_json::json!({ "slotId": slot_id })),
        )
        .await
    }

    pub async fn book_with_key(&self, token: &str, key: &str, body: Value) -> Resp {
        let request = self
            .client
            .post(format!("{}/appointments", self.base))
            .bearer_auth(token)
            .header("Idempotency-Key", key)
            .json(&body);
        send(request).await
    }

    /// The ids of the doctor's available slots, via HTTP.
    pub async fn slot_ids(&self, doctor_id: u64) -> Vec<u64> {
        let resp = self.get(&format!("/doctors/{doctor_id}/slots"), None).await;
        assert_eq!(resp.status, 200);
        resp.body
            .as_array()
            .expect("array")
            .iter()
            .map(|s| s["id"].as_u64().expect("slot id"))
            .collect()
    }

    pub async fn shutdown(self) {
        self.standin.shutdown().await;
    }
}

pub async fn send(request: reqwest::RequestBuilder) -> Resp {
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Resp {
        status,
        headers,
        body,
    }
}
