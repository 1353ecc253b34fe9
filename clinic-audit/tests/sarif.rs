//! `--format sarif` is SARIF 2.1.0: validated against the OASIS schema committed in
//! `tests/data/sarif-schema-2.1.0.json` (draft-07, no remote references), on a run with findings
//! of both classes, an ignored finding and drift; each result carries its rule, class and pointer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

use std::process::Command;

use serde_json::Value;

const AUDIT: &str = env!("CARGO_BIN_EXE_clinic-audit");
const ROGUE: &str = env!("CARGO_BIN_EXE_rogue-mcp-server");

fn sarif(mode: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let o = Command::new(AUDIT)
        .args(["run", "--format", "sarif"])
        .args(extra)
        .args(["--", ROGUE])
        .env("ROGUE_MODE", mode)
        .output()
        .expect("run clinic-audit");
    let v = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)));
    (o.status.code(), v)
}

fn validate(doc: &Value) {
    let schema: Value =
        serde_json::from_str(include_str!("data/sarif-schema-2.1.0.json")).expect("schema");
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "not valid SARIF 2.1.0:\n{}\n{doc:#}",
        errors.join("\n")
    );
}

#[test]
fn the_schema_rejects_what_is_not_sarif() {
    // the validator is really applied: a document without `runs`, or with a bad level, fails
    let schema: Value =
        serde_json::from_str(include_str!("data/sarif-schema-2.1.0.json")).expect("schema");
    let validator = jsonschema::validator_for(&schema).expect("compiles");
    assert!(!validator.is_valid(&serde_json::json!({"version": "2.1.0"})));
    let (_, mut doc) = sarif("poisoned", &[]);
    doc["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&doc));
}

#[test]
fn findings_are_valid_sarif_with_rule_class_and_pointer() {
    let (code, doc) = sarif("poisoned", &[]);
    assert_eq!(code, Some(1));
    validate(&doc);
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "clinic-audit");
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    let results = run["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for r in results {
        let rule = r["ruleId"].as_str().expect("ruleId");
        assert_eq!(
            rules[r["ruleIndex"].as_u64().expect("ruleIndex") as usize],
            rule
        );
        let class = r["properties"]["class"].as_str().expect("class");
        assert!(class == "injection" || class == "hygiene", "{r:#}");
        assert_eq!(
            r["level"],
            if class == "injection" {
                "error"
            } else {
                "warning"
            }
        );
        let pointer = r["properties"]["pointer"].as_str().expect("pointer");
        assert!(pointer.is_empty() || pointer.starts_with('/'), "{pointer}");
        let fqn = r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]
            .as_str()
            .expect("fqn");
        assert!(fqn.ends_with(&format!("#{pointer}")), "{fqn}");
    }
    assert!(results.iter().any(|r| r["properties"]["pointer"]
        == "/inputSchema/properties/sidenote/description"
        && r["ruleId"] == "exfiltration"
        && r["properties"]["item"] == "add_numbers"));
}

#[test]
fn ignored_findings_and_drift_are_valid_sarif_too() {
    let dir = std::env::temp_dir().join(format!("clinic-audit-sarif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let pin = dir.join("pin.json");
    let ignore = dir.join("ignore.json");
    std::fs::write(
        &ignore,
        r#"{"ignore": [{"name": "read_note", "path": "/description", "rule": "hidden_payload", "reason": "reviewed link"}]}"#,
    )
    .expect("write");
    let (code, _) = sarif("clean", &["--pin", pin.to_str().expect("path")]);
    assert_eq!(code, Some(0));
    let (code, doc) = sarif(
        "hygiene",
        &[
            "--verify-pin",
            pin.to_str().expect("path"),
            "--ignore",
            ignore.to_str().expect("path"),
        ],
    );
    assert_eq!(code, Some(1), "{doc:#}");
    validate(&doc);
    let results = doc["runs"][0]["results"].as_array().expect("results");
    assert!(
        results
            .iter()
            .any(|r| r["suppressions"][0]["justification"] == "reviewed link")
    );
    assert!(
        results
            .iter()
            .any(|r| r["ruleId"] == "pin-drift" && r["level"] == "error")
    );
}

#[test]
fn drift_risk_is_valid_sarif_and_an_error() {
    let (code, doc) = sarif("list-changed", &[]);
    assert_eq!(code, Some(1), "{doc:#}");
    validate(&doc);
    let results = doc["runs"][0]["results"].as_array().expect("results");
    assert!(
        results.iter().any(|r| r["ruleId"] == "list-changed"
            && r["level"] == "error"
            && r["properties"]["class"] == "drift"
            && r["properties"]["declared"] == true
            && r["properties"]["announced"] == 1),
        "{doc:#}"
    );
}
