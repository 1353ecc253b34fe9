//! Deterministic synthetic data: clinics, doctors, patients, demo tokens and the seed.
//!
//! Everything here is fixed except the slot times, which are generated relative to the
//! instant the stand-in starts (see [`crate::Config::now`]).

/// One documented demo credential.
///
/// `user_id` is the patient id for `role == "patient"` and the doctor id (as listed by
/// `GET /doctors`) for `role == "doctor"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoToken {
    /// The bearer token, a JWT-shaped opaque string (three base64url parts).
    pub token: &'static str,
    /// `"patient"` or `"doctor"`.
    pub role: &'static str,
    /// Patient id or doctor id, depending on `role`.
    pub user_id: u64,
    /// Display name.
    pub name: &'static str,
}

/// Patient 1 (Alice Moreau). Payload `{"sub":"patient-1","role":"patient",...}`.
pub const PATIENT_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYXRpZW50LTEiLCJyb2xlIjoicGF0aWVudCIsIm5hbWUiOiJBbGljZSBNb3JlYXUiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6NDEwMjQ0NDgwMH0.0VaLgANGbpHkwuIHocWu_5oqIQoVZg4NcXOEA_XTC1E";
/// Patient 2 (Bruno Silva).
pub const PATIENT2_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYXRpZW50LTIiLCJyb2xlIjoicGF0aWVudCIsIm5hbWUiOiJCcnVubyBTaWx2YSIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjo0MTAyNDQ0ODAwfQ.2o-rholHBjfagccw7NMWYGLzwpm0ODmSFNgBoB5MS5s";
/// Patient 3 (Chiara Rossi).
pub const PATIENT3_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYXRpZW50LTMiLCJyb2xlIjoicGF0aWVudCIsIm5hbWUiOiJDaGlhcmEgUm9zc2kiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6NDEwMjQ0NDgwMH0.en11wn7dKSZhS0UHwUqRwFTyt17cOTs5RW5A_88i4fE";
/// Doctor user for doctor 1 (Dr. Amelia Hart, Cardiology).
pub const DOCTOR_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkb2N0b3ItMSIsInJvbGUiOiJkb2N0b3IiLCJuYW1lIjoiRHIuIEFtZWxpYSBIYXJ0IiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjQxMDI0NDQ4MDB9.QdLOC7woZ4Ck3KaoWajGJ4C7KC2emkCaDjvr-VmZsXM";
/// Doctor user for doctor 2 (Dr. Kenji Watanabe, Dermatology).
pub const DOCTOR2_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkb2N0b3ItMiIsInJvbGUiOiJkb2N0b3IiLCJuYW1lIjoiRHIuIEtlbmppIFdhdGFuYWJlIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjQxMDI0NDQ4MDB9.UjShobtsbjJD3vgG4o1RhT67LHizU5SQgZ1ifJNvsXA";
/// A well-formed but expired token for patient 1 (`exp` = 2026-01-01T01:00:00Z). It is not
/// in [`DEMO_TOKENS`]: the stand-in answers 401 `AUTH_INVALID` for it.
pub const EXPIRED_PATIENT_TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYXRpZW50LTEiLCJyb2xlIjoicGF0aWVudCIsIm5hbWUiOiJBbGljZSBNb3JlYXUiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6MTc2NzIyOTIwMH0.7YDfP3otmMRpUOb02BQGM0kExwIb56AYiVxhihoSz9k";

/// Every token the stand-in accepts: three patients and two doctor users.
pub const DEMO_TOKENS: &[DemoToken] = &[
    DemoToken {
        token: PATIENT_TOKEN,
        role: "patient",
        user_id: 1,
        name: "Alice Moreau",
    },
    DemoToken {
        token: PATIENT2_TOKEN,
        role: "patient",
        user_id: 2,
        name: "Bruno Silva",
    },
    DemoToken {
        token: PATIENT3_TOKEN,
        role: "patient",
        user_id: 3,
        name: "Chiara Rossi",
    },
    DemoToken {
        token: DOCTOR_TOKEN,
        role: "doctor",
        user_id: 1,
        name: "Dr. Amelia Hart",
    },
    DemoToken {
        token: DOCTOR2_TOKEN,
        role: "doctor",
        user_id: 2,
        name: "Dr. Kenji Watanabe",
    },
];

#[derive(Debug)]
pub(crate) struct Clinic {
    pub id: u64,
    pub name: &'static str,
    pub address: &'static str,
    pub time_zone: &'static str,
}

#[derive(Debug)]
pub(crate) struct Doctor {
    pub id: u64,
    pub name: &'static str,
    pub specialty: &'static str,
    pub clinic_id: u64,
}

#[derive(Debug)]
pub(crate) struct Patient {
    pub id: u64,
    pub name: &'static str,
}

pub(crate) const CLINICS: &[Clinic] = &[
    Clinic {
        id: 1,
        name: "Hudson Street Clinic",
        address: "120 Hudson Street, New York, NY 10013, USA",
        time_zone: "America/New_York",
    },
    Clinic {
        id: 2,
        name: "Spree Medical Centre",
        address: "Friedrichstraße 45, 10117 Berlin, Germany",
        time_zone: "Europe/Berlin",
    },
    Clinic {
        id: 3,
        name: "Shibuya Health Clinic",
        address: "2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan",
        time_zone: "Asia/Tokyo",
    },
];

/// 9 doctors over 5 specialties: Cardiology ×3, Dermatology ×2, Pediatrics ×2,
/// Neurology ×1, Orthopedics ×1.
pub(crate) const DOCTORS: &[Doctor] = &[
    Doctor {
        id: 1,
        name: "Dr. Amelia Hart",
        specialty: "Cardiology",
        clinic_id: 1,
    },
    Doctor {
        id: 2,
        name: "Dr. Kenji Watanabe",
        specialty: "Dermatology",
        clinic_id: 3,
    },
    Doctor {
        id: 3,
        name: "Dr. Lena Fischer",
        specialty: "Cardiology",
        clinic_id: 2,
    },
    Doctor {
        id: 4,
        name: "Dr. Marcus Webb",
        specialty: "Pediatrics",
        clinic_id: 1,
    },
    Doctor {
        id: 5,
        name: "Dr. Yuki Tanaka",
        specialty: "Neurology",
        clinic_id: 3,
    },
    Doctor {
        id: 6,
        name: "Dr. Sofia Becker",
        specialty: "Dermatology",
        clinic_id: 2,
    },
    Doctor {
        id: 7,
        name: "Dr. Hiroshi Sato",
        specialty: "Cardiology",
        clinic_id: 3,
    },
    Doctor {
        id: 8,
        name: "Dr. Grace Okafor",
        specialty: "Pediatrics",
        clinic_id: 2,
    },
    Doctor {
        id: 9,
        name: "Dr. Daniel Reyes",
        specialty: "Orthopedics",
        clinic_id: 1,
    },
];

pub(crate) const PATIENTS: &[Patient] = &[
    Patient {
        id: 1,
        name: "Alice Moreau",
    },
    Patient {
        id: 2,
        name: "Bruno Silva",
    },
    Patient {
        id: 3,
        name: "Chiara Rossi",
    },
];

/// Working hours in the clinic's local time: 30-minute slots starting 09:00..11:30, Mon–Fri.
pub(crate) const SLOT_START_HOURS: (i8, i8) = (9, 12);
pub(crate) const SLOT_MINUTES: i64 = 30;
/// Slots are generated for `(now, now + HORIZON_DAYS * 24h)`.
pub(crate) const HORIZON_DAYS: i64 = 14;

/// Seeded appointments: `(patient_id, doctor_id, nth available slot of that doctor (0-based), status)`.
/// Appointment ids are 1.. in this order.
///
/// 1. patient 1, doctor 1, confirmed
/// 2. patient 2, doctor 1, pending
/// 3. patient 2, doctor 2, confirmed
/// 4. patient 3, doctor 2, cancelled (its slot is available again)
pub(crate) const SEED_APPOINTMENTS: &[(u64, u64, usize, &str)] = &[
    (1, 1, 1, "confirmed"),
    (2, 1, 3, "pending"),
    (2, 2, 1, "confirmed"),
    (3, 2, 2, "cancelled"),
];

pub(crate) fn clinic(id: u64) -> Option<&'static Clinic> {
    CLINICS.iter().find(|c| c.id == id)
}

pub(crate) fn doctor(id: u64) -> Option<&'static Doctor> {
    DOCTORS.iter().find(|d| d.id == id)
}

pub(crate) fn patient(id: u64) -> Option<&'static Patient> {
    PATIENTS.iter().find(|p| p.id == id)
}
