//! Every attribute keyword, as a named constant.

pub const PROFILE: &str = "profile";
pub const ROLE: &str = "role";
pub const MUTATES: &str = "mutates";
pub const DESTRUCTIVE: &str = "destructive";
pub const IDEMPOTENT: &str = "idempotent";
pub const TITLE: &str = "title";

/// Keys that take a string value.
pub const VALUE_KEYS: [&str; 3] = [PROFILE, ROLE, TITLE];
/// Keys that are bare flags.
pub const FLAG_KEYS: [&str; 3] = [MUTATES, DESTRUCTIVE, IDEMPOTENT];

pub const PROFILES: [&str; 3] = ["readonly", "booking", "full"];
pub const ROLES: [&str; 2] = ["patient", "doctor"];
