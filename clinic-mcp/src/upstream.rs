//! The shapes the clinic API answers with, lenient where the public API is known to be loose.
//! What the tools answer with (strict, documented in `outputSchema`) lives with the tools.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiClinic {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub address: String,
    pub time_zone: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiDoctor {
    pub id: u64,
    pub name: String,
    pub specialty: String,
    pub clinic: ApiClinic,
}

/// The public API returns `isAvailable` as `1` rather than `true` (a known bug): accept both.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(untagged)]
pub enum Flag {
    Bool(bool),
    Int(i64),
}

impl Flag {
    pub fn is_true(self) -> bool {
        match self {
            Flag::Bool(b) => b,
            Flag::Int(i) => i != 0,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiSlot {
    pub id: u64,
    pub doctor_id: u64,
    pub start_time: String,
    pub end_time: String,
    pub is_available: Flag,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiPerson {
    pub id: u64,
    pub name: String,
    #[serde(default)]
    pub specialty: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiAppointment {
    pub id: u64,
    pub status: String,
    pub slot_id: u64,
    #[serde(default)]
    pub start_time: Option<String>,
    #[serde(default)]
    pub end_time: Option<String>,
    #[serde(default)]
    pub doctor_id: Option<u64>,
    #[serde(default)]
    pub doctor: Option<ApiPerson>,
    #[serde(default)]
    pub patient: Option<ApiPerson>,
    /// The reason a doctor gave when rejecting it, if any.
    #[serde(default)]
    pub rejection_reason: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiPage<T> {
    pub data: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub limit: u64,
    pub total_pages: u64,
}

/// An appointment as the escalation answers it, with its priority (`normal` | `urgent`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiEscalated {
    #[serde(flatten)]
    pub appointment: ApiAppointment,
    #[serde(default)]
    pub priority: Option<String>,
}

/// An appointment's intake; `triage` is computed by the API from `severity`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiIntake {
    pub id: u64,
    pub appointment_id: u64,
    pub symptoms: String,
    pub duration_days: u64,
    pub severity: u64,
    pub triage: String,
    #[serde(default)]
    pub created_at: Option<String>,
}

/// One protocol of a search; `clinicId: null` is a protocol shared by every clinic.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiProtocol {
    pub id: u64,
    pub title: String,
    #[serde(default)]
    pub excerpt: String,
    #[serde(default)]
    pub reviewed_at: Option<String>,
    #[serde(default)]
    pub clinic_id: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn availability_accepts_one_and_true() {
        let s: ApiSlot = serde_json::from_str(
            r#"{"id":1,"doctorId":2,"startTime":"a","endTime":"b","isAvailable":1}"#,
        )
        .unwrap();
        assert!(s.is_available.is_true());
        let s: ApiSlot = serde_json::from_str(
            r#"{"id":1,"doctorId":2,"startTime":"a","endTime":"b","isAvailable":false}"#,
        )
        .unwrap();
        assert!(!s.is_available.is_true());
    }
}
