//! clinic-audit against our own server, the real `clinic-mcp` binary (`serve --demo`) over stdio:
//! it audits clean, plain and strict; its committed pins verify (so CI fails when a description,
//! a schema or an annotation changes unless the pin is updated on purpose); it declares
//! `listChanged: false` and its `tools/list` is byte-identical across calls and across client
//! names and versions; with the MCP Apps extension declared, its pin holds the slot picker's
//! bytes (the view's file, SHA-256 for SHA-256) and verifies, and without it that pin drifts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::Duration;

use clinic_audit::client::Server;
use clinic_audit::collect::{ClientInfo, initialize};
use serde_json::{Value, json};

const AUDIT: &str = env!("CARGO_BIN_EXE_clinic-audit");

/// The pinned configurations: between them, every tool of the catalogue.
const PINS: &[(&str, &[&str])] = &[
    (
        "pins/clinic-mcp-booking-patient.json",
        &["--profile", "booking", "--role", "patient"],
    ),
    (
        "pins/clinic-mcp-full-doctor.json",
        &["--profile", "full", "--role", "doctor"],
    ),
];

/// The `clinic-mcp` binary of this workspace, built now (cargo does nothing when it is fresh), in
/// the target directory this test runs from: a test of another package has no
/// `CARGO_BIN_EXE_clinic-mcp`, and a binary left over from an older build would audit old code.
fn clinic_mcp() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable path");
        // <target>/<profile>/deps/own_server-<hash>
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("profile directory");
        let target_dir = profile_dir.parent().expect("target directory");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_owned());
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("workspace root");
        let mut build = Command::new(cargo);
        build
            .current_dir(workspace)
            .args([
                "build",
                "--quiet",
                "--locked",
                "-p",
                "clinic-mcp",
                "--bin",
                "clinic-mcp",
            ])
            .arg("--target-dir")
            .arg(target_dir);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build -p clinic-mcp");
        assert!(
            status.success(),
            "cargo build -p clinic-mcp failed: {status}"
        );
        let bin = profile_dir.join(format!("clinic-mcp{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.exists(), "{} missing after the build", bin.display());
        bin
    })
}

/// The MCP Apps configuration's pin: `booking`/`patient` as a client that declares the extension,
/// so `find_available_slots` carries `_meta.ui` and the slot picker is listed and read.
const APPS_PIN: &str = "pins/clinic-mcp-booking-patient-apps.json";
const APPS_SERVER: &[&str] = &["--profile", "booking", "--role", "patient"];
const APPS: &[&str] = &["--client-extension", "io.modelcontextprotocol/ui"];
const VIEW: &str = "ui://clinic-mcp/slot-picker";

fn serve(args: &[&str]) -> Vec<String> {
    let mut cmd = vec![
        clinic_mcp().display().to_string(),
        "serve".to_owned(),
        "--demo".to_owned(),
    ];
    cmd.extend(args.iter().map(|s| (*s).to_owned()));
    cmd
}

fn audit(args: &[&str], server: &[&str]) -> Output {
    Command::new(AUDIT)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("run")
        .args(args)
        .arg("--")
        .args(serve(server))
        .output()
        .expect("run clinic-audit")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn our_server_audits_clean_plain_and_strict_in_every_pinned_configuration() {
    for (_, server) in PINS {
        for strict in [false, true] {
            let mut args = vec!["--format", "json"];
            if strict {
                args.push("--strict");
            }
            let o = audit(&args, server);
            assert_eq!(
                o.status.code(),
                Some(0),
                "{server:?} strict={strict}: {}{}",
                text(&o.stdout),
                text(&o.stderr)
            );
            let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
            assert_eq!(v["findings"], json!([]), "{server:?} strict={strict}");
            assert_eq!(v["server"]["name"], "clinic-mcp");
            assert!(v["tools"].as_u64().unwrap_or(0) >= 4, "{v:#}");
        }
    }
}

#[test]
fn our_committed_pins_verify_and_any_change_is_drift() {
    let mut tools = std::collections::BTreeSet::new();
    for (pin, server) in PINS {
        let o = audit(&["--verify-pin", pin], server);
        assert_eq!(
            o.status.code(),
            Some(0),
            "our served catalogue drifted from {pin}: if the change is deliberate, write the pin again with\n  \
             cargo run -p clinic-audit -- run --pin clinic-audit/{pin} -- target/debug/clinic-mcp serve --demo {}\n{}{}",
            server.join(" "),
            text(&o.stdout),
            text(&o.stderr)
        );
        let pinned: Value = serde_json::from_str(
            &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(pin)).expect("pin"),
        )
        .expect("pin is JSON");
        tools.extend(pinned["tools"].as_object().expect("tools").keys().cloned());

        // the same pin with one description's hash changed: drift, named, exit 1
        let mut tampered = pinned.clone();
        let first = tampered["tools"]
            .as_object()
            .and_then(|t| t.keys().next().cloned())
            .expect("a tool");
        tampered["tools"][&first]["sha256"] = json!("sha256:00");
        tampered["tools"][&first]["leaves"]["/description"] = json!("sha256:00");
        let path =
            std::env::temp_dir().join(format!("clinic-audit-own-{}.json", std::process::id()));
        std::fs::write(&path, tampered.to_string()).expect("write");
        let o = audit(&["--verify-pin", path.to_str().expect("path")], server);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
        let out = text(&o.stdout);
        assert!(
            out.contains(&format!("tool `{first}` changed")) && out.contains("~ /description: now"),
            "{out}"
        );
        let _ = std::fs::remove_file(path);
    }
    // between them the pins cover every tool of the catalogue (clinic_mcp::CATALOGUE's length:
    // this crate does not depend on the server's)
    assert_eq!(tools.len(), 14, "{tools:?}");
}

fn tools_list_raw(client: &ClientInfo, calls: usize) -> (Value, Vec<String>) {
    let mut server = Server::spawn(
        &serve(&["--profile", "full", "--role", "doctor"]),
        Duration::from_secs(30),
    )
    .expect("spawn clinic-mcp");
    let init = initialize(&mut server, client).expect("initialize");
    let mut raw = Vec::new();
    for _ in 0..calls {
        let answer = server
            .request("tools/list", &json!({}))
            .expect("tools/list");
        assert!(answer.outcome.is_ok(), "{}", answer.raw);
        // the id is ours and differs per call: everything else must be the same bytes
        let id_free = answer
            .raw
            .replacen(&format!("\"id\":{}", raw.len() + 2), "\"id\":_", 1);
        assert_ne!(
            id_free, answer.raw,
            "the answer's id was not where expected: {}",
            answer.raw
        );
        raw.push(id_free);
    }
    server.shutdown();
    (init, raw)
}

#[test]
fn tools_list_is_byte_identical_across_calls_and_clients_and_list_changed_is_false() {
    let clients = [
        ClientInfo {
            name: "clinic-audit".to_owned(),
            version: "0.1.0".to_owned(),
            ..ClientInfo::default()
        },
        ClientInfo {
            name: "claude-code".to_owned(),
            version: "2.0.14".to_owned(),
            ..ClientInfo::default()
        },
        ClientInfo {
            name: "a-client-with-a-long-name".to_owned(),
            version: "99.1.0-beta.3+build.7".to_owned(),
            ..ClientInfo::default()
        },
    ];
    let mut all = Vec::new();
    for c in &clients {
        let (init, raw) = tools_list_raw(c, 3);
        // declared false: the list never changes during a session
        let list_changed = init.pointer("/capabilities/tools/listChanged");
        assert!(
            list_changed == Some(&json!(false)),
            "our server must declare listChanged: false: {init:#}"
        );
        assert!(
            init.pointer("/capabilities/prompts").is_none()
                && init.pointer("/capabilities/resources").is_none()
        );
        all.extend(raw);
    }
    assert!(
        all.len() == 9 && all.windows(2).all(|w| w[0] == w[1]),
        "tools/list differs:\n{}",
        all.join("\n")
    );
}

fn sha256_hex(bytes: &[u8]) -> String {
    let d = ring::digest::digest(&ring::digest::SHA256, bytes);
    d.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn with_the_apps_extension_the_view_is_read_screened_and_its_pin_holds_its_bytes() {
    // audited plain and strict as a host that renders MCP Apps: clean, and the view was read
    for mode in [
        &["--format", "json"][..],
        &["--format", "json", "--strict"][..],
    ] {
        let o = audit(&[mode, APPS].concat(), APPS_SERVER);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{mode:?}: {}{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
        assert_eq!(v["findings"], json!([]), "{mode:?}: {v:#}");
        assert_eq!(v["views"], json!([VIEW]));
        assert_eq!(v["resources"], 1);
    }

    // the committed pin verifies
    let o = audit(&[&["--verify-pin", APPS_PIN], APPS].concat(), APPS_SERVER);
    assert_eq!(
        o.status.code(),
        Some(0),
        "our MCP Apps surface drifted from {APPS_PIN}: if the change is deliberate, write the pin again with\n  \
         cargo run -p clinic-audit -- run --client-extension io.modelcontextprotocol/ui --pin clinic-audit/{APPS_PIN} -- target/debug/clinic-mcp serve --demo {}\n{}{}",
        APPS_SERVER.join(" "),
        text(&o.stdout),
        text(&o.stderr)
    );

    // and it holds the view's file byte for byte, whose visible words pass plain `check`
    let pinned: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(APPS_PIN))
            .expect("pin"),
    )
    .expect("pin is JSON");
    let file = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../clinic-mcp/ui/slot-picker.html"),
    )
    .expect("the view's file");
    let texts = &pinned["resourceContents"][VIEW]["texts"]["/contents/0/text"];
    assert_eq!(texts["bytes"], format!("sha256:{}", sha256_hex(&file)));
    assert_eq!(texts["length"], file.len());
    assert_eq!(texts["plainCheck"], "pass");
    assert!(pinned["resources"].get(VIEW).is_some());
    assert!(
        pinned["tools"]["find_available_slots"]["leaves"]
            .get("/_meta/ui/resourceUri")
            .is_some()
    );
    // the other pins, of clients without the extension, hold no view
    for (pin, _) in PINS {
        let p: Value = serde_json::from_str(
            &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(pin)).expect("pin"),
        )
        .expect("pin is JSON");
        assert!(
            p.get("resourceContents").is_none() && p["resources"] == json!({}),
            "{pin}"
        );
    }
}

#[test]
fn the_apps_pin_drifts_for_a_client_without_the_extension_and_for_a_changed_view() {
    // the same server to a client that does not declare the extension: the view, the resource
    // and the tool's `_meta` are gone, each named
    let o = audit(&["--verify-pin", APPS_PIN], APPS_SERVER);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    let out = text(&o.stdout);
    for line in [
        format!("view (resources/read) `{VIEW}` removed"),
        format!("resource `{VIEW}` removed"),
        "tool `find_available_slots` changed".to_owned(),
    ] {
        assert!(out.contains(&line), "{line}:\n{out}");
    }

    // the pin of a view one byte apart (its text's hashes as another text's): drift, exit 1
    let mut tampered: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(APPS_PIN))
            .expect("pin"),
    )
    .expect("pin is JSON");
    let other = format!("sha256:{}", sha256_hex(b"<!doctype html>"));
    let view = &mut tampered["resourceContents"][VIEW];
    view["sha256"] = json!(other);
    view["leaves"]["/contents/0/text"] = json!(other);
    view["texts"]["/contents/0/text"]["bytes"] = json!(other);
    let path = std::env::temp_dir().join(format!("clinic-audit-apps-{}.json", std::process::id()));
    std::fs::write(&path, tampered.to_string()).expect("write");
    let o = audit(
        &[&["--verify-pin", path.to_str().expect("path")], APPS].concat(),
        APPS_SERVER,
    );
    let _ = std::fs::remove_file(path);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    let out = text(&o.stdout);
    assert!(
        out.contains(&format!("view (resources/read) `{VIEW}` changed"))
            && out.contains("~ /contents/0/text: now")
            && out.contains("~ /contents/0/text bytes: was"),
        "{out}"
    );
}
