//! The shapes the clinic API answers with (lenient where the public API is known to be loose),
//! and the shapes the tools answer with (strict, documented, in `outputSchema`).

use crate::ToolOutput;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

// ---------- upstream ----------

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

// ---------- what the tools answer ----------

/// An instant, in UTC and in the clinic's local time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct When {
    /// The instant in UTC, RFC 3339 (for example 2026-12-01T14:00:00Z).
    pub utc: String,
    /// The same instant in the clinic's local time, RFC 3339 with offset; absent when the clinic's zone is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
    /// IANA time zone of the clinic (for example Europe/Berlin); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

impl When {
    /// `None` when `utc` is not an RFC 3339 instant.
    pub fn new(utc: &str, zone: Option<&str>) -> Option<Self> {
        let ts: Timestamp = utc.parse().ok()?;
        Some(Self::at(ts, zone))
    }

    pub fn at(ts: Timestamp, zone: Option<&str>) -> Self {
        let tz = zone.and_then(|z| TimeZone::get(z).ok().map(|tz| (z, tz)));
        Self {
            utc: ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string(),
            local: tz.as_ref().map(|(_, tz)| {
                ts.to_zoned(tz.clone())
                    .strftime("%Y-%m-%dT%H:%M:%S%:z")
                    .to_string()
            }),
            time_zone: tz.map(|(z, _)| z.to_owned()),
        }
    }
}

/// A clinic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Clinic {
    /// Clinic id.
    pub id: u64,
    /// Clinic name.
    pub name: String,
    /// Street address.
    pub address: String,
    /// IANA time zone of the clinic.
    pub time_zone: String,
}

/// A doctor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Doctor {
    /// Doctor id.
    pub id: u64,
    /// Full name.
    pub name: String,
    /// Medical specialty.
    pub specialty: String,
    /// Where the doctor practises.
    pub clinic: Clinic,
}

impl From<ApiDoctor> for Doctor {
    fn from(d: ApiDoctor) -> Self {
        Self {
            id: d.id,
            name: d.name,
            specialty: d.specialty,
            clinic: Clinic {
                id: d.clinic.id,
                name: d.clinic.name,
                address: d.clinic.address,
                time_zone: d.clinic.time_zone,
            },
        }
    }
}

/// A doctor as named on an appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct DoctorRef {
    /// Doctor id.
    pub id: u64,
    /// Full name.
    pub name: String,
    /// Medical specialty, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specialty: Option<String>,
}

/// A patient as named on an appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct PatientRef {
    /// Patient id.
    pub id: u64,
    /// Full name.
    pub name: String,
}

/// An appointment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolOutput)]
pub struct Appointment {
    /// Appointment id.
    pub appointment_id: u64,
    /// One of pending, confirmed, rejected, cancelled.
    pub status: String,
    /// The booked slot.
    pub slot_id: u64,
    /// Start of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<When>,
    /// End of the appointment, when the API gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<When>,
    /// The doctor, on a patient's appointments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doctor: Option<DoctorRef>,
    /// The patient, on a doctor's schedule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patient: Option<PatientRef>,
}

impl Appointment {
    /// `zone_of` maps a doctor id to the IANA zone of that doctor's clinic.
    pub fn from_api(a: ApiAppointment, zone: Option<&str>) -> Self {
        let when = |t: &Option<String>| t.as_deref().and_then(|t| When::new(t, zone));
        Self {
            appointment_id: a.id,
            status: a.status.clone(),
            slot_id: a.slot_id,
            start: when(&a.start_time),
            end: when(&a.end_time),
            doctor: a.doctor.map(|d| DoctorRef {
                id: d.id,
                name: d.name,
                specialty: d.specialty,
            }),
            patient: a.patient.map(|p| PatientRef {
                id: p.id,
                name: p.name,
            }),
        }
    }

    /// The doctor id of an upstream appointment, wherever the API put it.
    pub fn doctor_id_of(a: &ApiAppointment) -> Option<u64> {
        a.doctor.as_ref().map(|d| d.id).or(a.doctor_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_carry_utc_and_local_time() {
        let w = When::new("2026-12-01T14:00:00Z", Some("America/New_York")).unwrap();
        assert_eq!(w.utc, "2026-12-01T14:00:00Z");
        assert_eq!(w.local.as_deref(), Some("2026-12-01T09:00:00-05:00"));
        let w = When::new("2026-07-01T07:00:00Z", Some("Europe/Berlin")).unwrap();
        assert_eq!(w.local.as_deref(), Some("2026-07-01T09:00:00+02:00"));
        let w = When::new("2026-07-01T07:00:00Z", Some("Mars/Olympus")).unwrap();
        assert_eq!((w.local, w.time_zone), (None, None));
        assert!(When::new("yesterday", None).is_none());
    }

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
