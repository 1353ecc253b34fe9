//! The argument adapter of every tool on arbitrary JSON: no panic; the answer is
//! INVALID_ARGUMENTS, ROLE_NOT_PERMITTED, or an upstream error (the base URL is a closed
//! loopback port, so nothing valid can succeed and nothing leaves the machine).
#![no_main]

use clinic_mcp::{AccessToken, ApiClient, CATALOGUE, Profile, Session, SessionRole};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

struct Fixture {
    rt: tokio::runtime::Runtime,
    session: Session,
    api: ApiClient,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let mut session = Session::new(
            Profile::Full,
            SessionRole::Patient,
            "http://127.0.0.1:9/api/v1",
            AccessToken::new("fuzz-token"),
        )
        .expect("session");
        session.limits.timeout = std::time::Duration::from_millis(200);
        let api = ApiClient::new(&session).expect("client");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        Fixture { rt, session, api }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, json)) = data.split_first() else {
        return;
    };
    let Ok(serde_json::Value::Object(args)) = serde_json::from_slice(json) else {
        return;
    };
    let f = fixture();
    let def = &CATALOGUE[usize::from(selector) % CATALOGUE.len()];
    let directory = clinic_mcp::Directory::default();
    let result = f
        .rt
        .block_on(def.invoke(&f.session, &f.session.caller, &f.api, &directory, args));
    match result {
        Ok(v) => panic!("{} succeeded against a closed port: {v}", def.name),
        Err(e) => assert!(
            matches!(
                e.code.as_ref(),
                "INVALID_ARGUMENTS" | "ROLE_NOT_PERMITTED" | "UPSTREAM_UNAVAILABLE" | "UPSTREAM_TIMEOUT"
            ),
            "{}: unexpected {e}",
            def.name
        ),
    }
});
