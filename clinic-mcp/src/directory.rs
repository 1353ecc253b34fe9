//! What the tools learn about the clinic and keep: facts that change far more slowly than
//! appointments do. The HTTP client knows none of it; each entry says whose it is.
//!
//! - Doctor id → IANA zone of that doctor's clinic, from the public doctor list, kept for a few
//!   minutes: public data, the same for every caller.
//! - The doctor behind a caller's token, once a doctor's schedule has shown it, kept under the
//!   caller's fingerprint: a token belongs to one doctor for its life, and two callers never
//!   share an answer.

use crate::api::ApiClient;
use crate::caller::Caller;
use crate::error::ToolError;
use crate::upstream::ApiDoctor;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a read of the doctor list answers zone look-ups.
const ZONES_FRESH_FOR: Duration = Duration::from_secs(300);

/// Most callers whose doctor is remembered; past it every answer is forgotten (each is learned
/// again by one request).
const OWN_DOCTORS_HELD: usize = 4096;

/// The domain caches, shared by every call of a server.
#[derive(Debug, Clone, Default)]
pub struct Directory {
    zones: Arc<Mutex<Option<ZoneSnapshot>>>,
    own_doctors: Arc<Mutex<BTreeMap<String, u64>>>,
}

#[derive(Debug)]
struct ZoneSnapshot {
    read_at: Instant,
    zones: Arc<BTreeMap<u64, String>>,
    /// The whole doctor list of that read (names, specialties, clinics).
    doctors: Arc<BTreeMap<u64, ApiDoctor>>,
}

impl Directory {
    /// The clinic time zone of each doctor in `doctors` (public route, no token). Served from the
    /// last read of `GET /doctors` while it is fresh and knows every one of them.
    pub async fn clinic_zones(
        &self,
        api: &ApiClient,
        doctors: &[u64],
    ) -> Result<Arc<BTreeMap<u64, String>>, ToolError> {
        Ok(self.snapshot(api, doctors).await?.0)
    }

    /// The doctor `id` as the public doctor list gives it (name, specialty, clinic and its zone),
    /// from the same read as [`clinic_zones`](Self::clinic_zones); `None` when the list lacks it.
    pub async fn doctor(&self, api: &ApiClient, id: u64) -> Result<Option<ApiDoctor>, ToolError> {
        Ok(self.snapshot(api, &[id]).await?.1.get(&id).cloned())
    }

    #[allow(clippy::type_complexity)]
    async fn snapshot(
        &self,
        api: &ApiClient,
        doctors: &[u64],
    ) -> Result<(Arc<BTreeMap<u64, String>>, Arc<BTreeMap<u64, ApiDoctor>>), ToolError> {
        {
            let held = self.zones.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(s) = held.as_ref()
                && s.read_at.elapsed() < ZONES_FRESH_FOR
                && doctors.iter().all(|d| s.zones.contains_key(d))
            {
                return Ok((s.zones.clone(), s.doctors.clone()));
            }
        }
        let list: Vec<ApiDoctor> = api.get_public("/doctors").await?;
        let zones: Arc<BTreeMap<u64, String>> = Arc::new(
            list.iter()
                .map(|d| (d.id, d.clinic.time_zone.clone()))
                .collect(),
        );
        let by_id: Arc<BTreeMap<u64, ApiDoctor>> =
            Arc::new(list.into_iter().map(|d| (d.id, d)).collect());
        *self.zones.lock().unwrap_or_else(PoisonError::into_inner) = Some(ZoneSnapshot {
            read_at: Instant::now(),
            zones: zones.clone(),
            doctors: by_id.clone(),
        });
        Ok((zones, by_id))
    }

    /// The doctor id behind `caller`'s token, if a call of that caller has learned it.
    pub fn own_doctor(&self, caller: &Caller) -> Option<u64> {
        self.own_doctors
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&caller.fingerprint())
            .copied()
    }

    /// Remember the doctor id behind `caller`'s token (the first value learned stays).
    pub fn learn_own_doctor(&self, caller: &Caller, doctor: u64) {
        if caller.token.is_none() {
            return;
        }
        let mut held = self
            .own_doctors
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if held.len() >= OWN_DOCTORS_HELD {
            held.clear();
        }
        held.entry(caller.fingerprint()).or_insert(doctor);
    }
}

#[cfg(test)]
mod tests {
    use super::Directory;
    use crate::caller::{AccessToken, Caller, SessionRole};

    #[test]
    fn a_doctor_learned_for_one_caller_is_not_another_caller_s() {
        let directory = Directory::default();
        let first = Caller::new(SessionRole::Doctor, AccessToken::new("doctor-one"));
        let second = Caller::new(SessionRole::Doctor, AccessToken::new("doctor-two"));
        directory.learn_own_doctor(&first, 7);
        directory.learn_own_doctor(&first, 8);
        assert_eq!(directory.own_doctor(&first), Some(7));
        assert_eq!(directory.own_doctor(&second), None);
        directory.learn_own_doctor(&second, 9);
        assert_eq!(directory.own_doctor(&second), Some(9));
        let anonymous = Caller::new(SessionRole::None, None);
        directory.learn_own_doctor(&anonymous, 1);
        assert_eq!(directory.own_doctor(&anonymous), None);
    }
}
