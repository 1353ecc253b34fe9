//! The stand-in clinic API on a loopback port, for the slot picker's browser tests
//! (`tests/browser`, issue 31): the same `clinic_standin::spawn` the Rust suites use, with the two
//! settings those tests need and `clinic-mcp api` does not take. A test crate's bin: never
//! installed or shipped.
//!
//! `browser-standin [--now RFC3339] [--doctor-name ID=NAME]...` prints `listening BASE_URL`, then
//! `patient TOKEN` and `patient2 TOKEN` (two demo patients), on stdout once it accepts requests,
//! and stops when its stdin closes.
//! - `--now`: the instant the synthetic slots are made relative to (`Config::now`), so a test can
//!   put a change of daylight saving time inside the next 14 days;
//! - `--doctor-name`: the name the API answers for that doctor (`Config::doctor_names`), so a test
//!   can give a doctor a hostile name.

use std::io::{Read, Write};
use std::process::ExitCode;

fn usage(message: &str) -> ExitCode {
    eprintln!(
        "browser-standin: {message}\nusage: browser-standin [--now RFC3339] [--doctor-name ID=NAME]..."
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut config = clinic_standin::Config::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--now", Some(v)) => match v.parse::<jiff::Timestamp>() {
                Ok(now) => config.now = Some(now),
                Err(e) => return usage(&format!("--now {v}: {e}")),
            },
            ("--doctor-name", Some(v)) => {
                let Some((id, name)) = v.split_once('=') else {
                    return usage("--doctor-name takes ID=NAME");
                };
                let Ok(id) = id.parse::<u64>() else {
                    return usage("--doctor-name: the id is not a number");
                };
                config.doctor_names.insert(id, name.to_owned());
            }
            _ => return usage(&format!("unknown or incomplete argument {arg}")),
        }
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return usage(&format!("no runtime: {e}")),
    };
    runtime.block_on(async {
        let standin = match clinic_standin::spawn(clinic_standin::LOCALHOST_EPHEMERAL, config).await
        {
            Ok(s) => s,
            Err(e) => return usage(&format!("the stand-in did not start: {e}")),
        };
        let mut out = std::io::stdout();
        if writeln!(out, "listening {}", standin.base_url())
            .and_then(|()| writeln!(out, "patient {}", clinic_standin::PATIENT_TOKEN))
            .and_then(|()| writeln!(out, "patient2 {}", clinic_standin::PATIENT2_TOKEN))
            .and_then(|()| out.flush())
            .is_err()
        {
            return ExitCode::FAILURE;
        }
        // until stdin closes (the test's end, or its process gone)
        let _ = tokio::task::spawn_blocking(|| {
            let mut sink = Vec::new();
            std::io::stdin().read_to_end(&mut sink)
        })
        .await;
        ExitCode::SUCCESS
    })
}
