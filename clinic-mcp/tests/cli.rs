//! The real binary's command line: every error path is one readable line on stderr with a
//! documented exit code, never a panic or a backtrace.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

use std::process::{Command, Output, Stdio};

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_clinic-mcp"));
    cmd.args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run clinic-mcp")
}

fn one_line_error(out: &Output, code: i32, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "not one line: {stderr:?}"
    );
    assert!(stderr.starts_with("clinic-mcp: error: "), "{stderr}");
    assert!(stderr.contains(needle), "{stderr:?} lacks {needle:?}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{stderr}"
    );
}

fn closed_port_url() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    drop(l);
    format!("http://127.0.0.1:{port}/api/v1")
}

#[test]
fn unknown_profile_exits_2_naming_the_valid_ones() {
    for bad in ["admin", "Readonly", ""] {
        let out = run(&["serve", "--profile", bad], &[]);
        one_line_error(&out, 2, "expected one of readonly, booking, full");
        let out = run(&[], &[("MCP_PROFILE", bad)]);
        one_line_error(&out, 2, "expected one of readonly, booking, full");
    }
}

#[test]
fn unknown_role_exits_2() {
    let out = run(&["tools", "--role", "admin"], &[]);
    one_line_error(&out, 2, "expected one of patient, doctor, none");
    let out = run(&["tools"], &[("MCP_SESSION_ROLE", "")]);
    one_line_error(&out, 2, "unknown role");
}

#[test]
fn malformed_base_url_exits_2() {
    for bad in [
        "not a url",
        "ftp://127.0.0.1/api",
        "http://user:pw@127.0.0.1/api",
        "",
    ] {
        let out = run(&["tools"], &[("SUT_BASE_URL", bad)]);
        one_line_error(&out, 2, "invalid base URL");
    }
}

#[test]
fn bad_json_arguments_exit_2() {
    let out = run(&["call", "list_doctors", "{not json"], &[]);
    one_line_error(&out, 2, "not valid JSON");
    let out = run(&["call", "list_doctors", "[1, 2]"], &[]);
    one_line_error(&out, 2, "one JSON object");
}

#[test]
fn unknown_tool_exits_2_like_any_unregistered_name() {
    let url = closed_port_url();
    let out = run(
        &["call", "book_appointment", "{}"],
        &[("SUT_BASE_URL", url.as_str())],
    );
    one_line_error(&out, 2, "Tool book_appointment not found");
    let out = run(
        &["call", "zz_invented", "{}"],
        &[("SUT_BASE_URL", url.as_str())],
    );
    one_line_error(&out, 2, "Tool zz_invented not found");
}

#[test]
fn unreachable_api_is_a_tool_error_exit_1() {
    let url = closed_port_url();
    let out = run(&["call", "list_doctors"], &[("SUT_BASE_URL", url.as_str())]);
    one_line_error(&out, 1, "UPSTREAM_UNAVAILABLE");
}

#[test]
fn help_works_on_every_subcommand() {
    for sub in [
        &[][..],
        &["serve"],
        &["tools"],
        &["call"],
        &["check"],
        &["api"],
    ] {
        let mut args = sub.to_vec();
        args.push("--help");
        let out = run(&args, &[]);
        assert!(out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage"));
    }
}

#[test]
fn demo_call_finds_cardiology_slots() {
    let out = run(
        &[
            "call",
            "find_available_slots",
            r#"{"specialty": "Cardiology"}"#,
            "--demo",
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("synthetic demo data"), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("pretty JSON on stdout");
    assert!(!v["slots"].as_array().unwrap().is_empty());
}

#[test]
fn demo_tools_lists_the_profile() {
    let out = run(&["tools", "--demo", "--profile", "booking"], &[]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tools"].as_array().unwrap().len(), 9);
}

#[test]
fn check_screens_a_file_and_reports_exit_codes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples");
    let poisoned = format!("{dir}/poisoned-tools.json");
    // Our own catalogue, as `tools` prints it, piped into `check -`.
    let listed = run(&["tools", "--demo", "--profile", "full"], &[]);
    assert!(listed.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_clinic-mcp"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &listed.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("9 tools checked, no violations"));
    let out = run(&["check", &poisoned], &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("directive") && text.contains("exfiltration"),
        "{text}"
    );
    let out = run(&["check", "--format", "json", &poisoned], &[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!v["violations"].as_array().unwrap().is_empty());
    let out = run(&["check", "/nonexistent/tools.json"], &[]);
    one_line_error(&out, 2, "cannot read");
}

/// Plain `check` fails on injection-class findings only; `--strict` holds a file to the
/// controlled language, so our own catalogue passes it and a merely untidy one fails it. Every
/// JSON finding carries its class.
#[test]
fn check_strict_and_classes() {
    let dir = std::env::temp_dir().join(format!("clinic-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // untidy but harmless: an unknown word and a second person, nothing an attack needs
    let untidy = dir.join("untidy.json");
    std::fs::write(
        &untidy,
        r#"{"tools":[{"name":"get_weather","description":"Gets the weather for your city.","inputSchema":{"type":"object"}}]}"#,
    )
    .unwrap();
    let out = run(
        &["check", "--format", "json", untidy.to_str().unwrap()],
        &[],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["injection"], 0, "{v}");
    let out = run(
        &[
            "check",
            "--strict",
            "--format",
            "json",
            untidy.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = v["violations"].as_array().unwrap();
    assert!(found.iter().all(|f| f["class"] == "hygiene"), "{v}");
    let rules: Vec<&str> = found.iter().filter_map(|f| f["rule"].as_str()).collect();
    assert!(
        rules.contains(&"vocabulary") && rules.contains(&"subject"),
        "{rules:?}"
    );
    for key in ["rule", "tool", "path", "detail", "message", "fix", "class"] {
        assert!(
            found.iter().all(|f| f.get(key).is_some()),
            "{key} missing: {v}"
        );
    }
    // our own catalogue passes the controlled language
    let listed = run(
        &["tools", "--demo", "--profile", "full", "--role", "doctor"],
        &[],
    );
    let ours = dir.join("ours.json");
    std::fs::write(&ours, &listed.stdout).unwrap();
    let out = run(&["check", "--strict", ours.to_str().unwrap()], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_token_that_cannot_be_sent_exits_2_without_echoing_it() {
    let out = run(
        &["tools"],
        &[("SUT_ACCESS_TOKEN", "secret-canary\nX-Injected: 1")],
    );
    one_line_error(&out, 2, "SUT_ACCESS_TOKEN contains characters");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("secret-canary"));
}

#[test]
fn a_base_url_s_secrets_are_never_printed() {
    for bad in [
        "http://user:S3cret@127.0.0.1/api/v1",
        "http://S3cret@127.0.0.1/api/v1",
        "http://127.0.0.1/api/v1?access_token=S3cret",
        "http://127.0.0.1/api/v1?S3cret",
        "http://127.0.0.1/api/v1#access_token=S3cret",
        "http://user:S3cret@bad host/api/v1",
        "ftp://user:S3cret@127.0.0.1/api/v1?x=1",
    ] {
        for out in [
            run(&["tools"], &[("SUT_BASE_URL", bad)]),
            run(&["tools", "--base-url", bad], &[]),
        ] {
            one_line_error(&out, 2, "invalid base URL");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!stderr.contains("S3cret"), "{bad}: {stderr}");
            assert!(stderr.contains("[redacted]"), "{bad}: {stderr}");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_token_that_is_not_utf8_exits_2_without_echoing_it() {
    use std::os::unix::ffi::OsStrExt;
    let token = std::ffi::OsStr::from_bytes(b"secret-canary-\xff\xfe");
    let out = Command::new(env!("CARGO_BIN_EXE_clinic-mcp"))
        .args(["call", "list_my_appointments", "--demo"])
        .env_clear()
        .env("SUT_ACCESS_TOKEN", token)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    one_line_error(&out, 2, "SUT_ACCESS_TOKEN is not valid UTF-8");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("secret-canary"));
}

/// `api` serves "on loopback", as its help says: another address is refused, not bound.
#[test]
fn api_refuses_a_host_beyond_loopback() {
    for host in ["0.0.0.0", "::", "192.0.2.1"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_clinic-mcp"))
            .args(["api", "--host", host, "--port", "0"])
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > std::time::Duration::from_secs(20) {
                child.kill().unwrap();
                let out = child.wait_with_output().unwrap();
                panic!(
                    "`api --host {host}` is serving beyond loopback: {}",
                    String::from_utf8_lossy(&out.stdout)
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        one_line_error(&out, 2, "loopback");
    }
    let help = run(&["api", "--help"], &[]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("loopback"));
}

/// Session flags given before the subcommand are honoured like the same flags after it; where
/// they cannot apply (`check`, `api`) or contradict the ones after it, they are refused.
#[test]
fn flags_before_the_subcommand_are_honoured_or_refused_never_ignored() {
    let after = run(
        &["tools", "--demo", "--profile", "full", "--role", "doctor"],
        &[],
    );
    assert!(after.status.success());
    let names = |out: &Output| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(names(&after).contains(&"list_doctor_schedule".to_owned()));
    for args in [
        &["--profile", "full", "--role", "doctor", "tools", "--demo"][..],
        &["--profile", "full", "--demo", "tools", "--role", "doctor"],
        &["--demo", "--role", "doctor", "--profile", "full", "tools"],
    ] {
        let before = run(args, &[]);
        assert!(
            before.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&before.stderr)
        );
        assert_eq!(names(&before), names(&after), "{args:?}");
    }
    // `call` too: the root's --profile reaches the tool lookup.
    let out = run(
        &[
            "--profile",
            "booking",
            "--demo",
            "call",
            "book_appointment",
            "{}",
        ],
        &[],
    );
    // (Not "Tool book_appointment not found", exit 2: the readonly default would not list it.)
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("INVALID_ARGUMENTS"));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples");
    let poisoned = format!("{dir}/poisoned-tools.json");
    for args in [
        &["--profile", "full", "check", poisoned.as_str()][..],
        &["--demo", "api", "--port", "0"],
        &["--profile", "full", "tools", "--profile", "readonly"],
    ] {
        let out = run(args, &[]);
        one_line_error(&out, 2, "before the subcommand");
    }
}

#[test]
fn audit_log_gets_two_lines_per_mutating_call_and_an_empty_variable_is_refused() {
    let dir = std::env::temp_dir().join(format!("clinic-mcp-cli-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("audit.jsonl");
    let path_text = path.to_str().unwrap();
    // A read is not recorded; a failed booking is: a pending line, then its code.
    let out = run(
        &[
            "call",
            "list_specialties",
            "--demo",
            "--audit-log",
            path_text,
        ],
        &[],
    );
    assert!(out.status.success());
    let out = run(
        &[
            "call",
            "book_appointment",
            r#"{"slot_id": 2, "idempotency_key": "cli-audit-0001"}"#,
            "--demo",
            "--profile",
            "booking",
        ],
        &[("CLINIC_AUDIT_LOG", path_text)],
    );
    assert_eq!(out.status.code(), Some(1));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["outcome"], "pending");
    assert_eq!(lines[0]["call"], lines[1]["call"]);
    assert_eq!(lines[1]["tool"], "book_appointment");
    assert_eq!(lines[1]["outcome"], "error");
    assert_eq!(lines[1]["code"], "SLOT_TAKEN");
    assert_eq!(lines[1]["ids"], serde_json::json!({"slot_id": 2}));
    assert!(!text.contains("cli-audit-0001"), "{text}");
    let out = run(&["tools", "--demo"], &[("CLINIC_AUDIT_LOG", "")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("CLINIC_AUDIT_LOG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_destructive_call_asks_its_terminal_and_the_operator_s_waiver_is_announced() {
    // An appointment of the demo patient that can still be cancelled (the demo data is the same
    // in every process).
    let out = run(&["call", "list_my_appointments", "--demo"], &[]);
    assert!(out.status.success());
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = page["appointments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["status"] == "pending" || a["status"] == "confirmed")
        .expect("the demo patient has an open appointment")["appointment_id"]
        .as_u64()
        .unwrap();
    let args = format!(r#"{{"appointment_id": {id}}}"#);
    let cancel = [
        "call",
        "cancel_appointment",
        &args,
        "--demo",
        "--profile",
        "booking",
    ];
    // No terminal (stdin is null): nobody can be asked, nothing is sent.
    let out = run(&cancel, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("clinic-mcp: error: cancel_appointment failed: CONFIRMATION_DECLINED: ")
            && last.contains("nothing changed"),
        "{stderr}"
    );
    // The operator's waiver: the call runs unconfirmed.
    let out = run(
        &[&cancel[..], &["--allow-unconfirmed-destructive-calls"]].concat(),
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let done: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(done["status"], "cancelled");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("runs unconfirmed"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // `serve` says so on stderr at start-up, whatever the log level; without it, nothing is said.
    for (flag, said) in [
        (Some("--allow-unconfirmed-destructive-calls"), true),
        (None, false),
    ] {
        let mut args = vec!["serve", "--demo", "--profile", "booking"];
        args.extend(flag);
        // stdin is empty, so the server stops at once (no `initialize` came): the start-up line
        // is said before.
        let out = run(&args, &[("RUST_LOG", "error")]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let line = stderr
            .lines()
            .find(|l| l.contains("--allow-unconfirmed-destructive-calls"));
        assert_eq!(line.is_some(), said, "{stderr}");
        if let Some(line) = line {
            assert!(line.contains("cancel_appointment"), "{line}");
            assert!(line.contains("nobody's confirmation"), "{line}");
        }
    }
}
