//! The MCP Registry entry (`server.json` at the repository root) against the registry's published
//! schema of 2025-12-11, vendored byte for byte in `tests/data/server.schema.json` (its SHA-256 is
//! pinned here), and against what it describes: the crate's version and README (`mcp-name:`), the
//! Dockerfile's labels, the `.mcpb` manifest and the README's table of variables.
//!
//! `CLINIC_SERVER_JSON=path` validates another file the same way: `.ci/run` points it at the copy
//! whose `fileSha256` `packaging/build-mcpb.sh` filled from the bundle it built.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

use std::path::{Path, PathBuf};

use serde_json::Value;

/// SHA-256 of https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json, the
/// file the registry embeds for that version (`internal/validators/schemas/2025-12-11.json`).
const SCHEMA_SHA256: &str = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0";
const SCHEMA_URL: &str =
    "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    let path = repo().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(rel: &str) -> Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn server_json() -> (String, Value) {
    match std::env::var("CLINIC_SERVER_JSON") {
        Ok(path) if !path.is_empty() => {
            let full = repo().join(&path); // a relative path is the repository's
            let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
            let doc = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, doc)
        }
        _ => ("server.json".to_owned(), json("server.json")),
    }
}

fn schema() -> Value {
    let bytes = std::fs::read(repo().join("tests/data/server.schema.json")).expect("the schema");
    let digest = ring::digest::digest(&ring::digest::SHA256, &bytes);
    let hex: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex, SCHEMA_SHA256,
        "tests/data/server.schema.json is not the published 2025-12-11 schema"
    );
    serde_json::from_slice(&bytes).expect("the schema is JSON")
}

fn errors(doc: &Value) -> Vec<String> {
    let schema = schema();
    let validator = jsonschema::validator_for(&schema).expect("the registry schema compiles");
    validator
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

fn packages<'a>(doc: &'a Value, registry_type: &str) -> Vec<&'a Value> {
    doc["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter(|p| p["registryType"] == registry_type)
        .collect()
}

#[test]
fn server_json_is_valid_against_the_registry_schema() {
    let (path, doc) = server_json();
    let errors = errors(&doc);
    assert!(errors.is_empty(), "{path}:\n{}", errors.join("\n"));
    assert_eq!(doc["$schema"], SCHEMA_URL, "{path}: $schema");
    // One package of each kind we ship: the image, the bundle, the crate.
    for kind in ["oci", "mcpb", "cargo"] {
        assert_eq!(packages(&doc, kind).len(), 1, "{path}: one {kind} package");
    }
}

#[test]
fn the_schema_refuses_what_the_registry_would_refuse() {
    let (_, good) = server_json();
    type Mutation = (&'static str, fn(&mut Value));
    let mutations: [Mutation; 5] = [
        ("a description over 100 characters", |d| {
            d["description"] = "x".repeat(101).into();
        }),
        ("a name without a namespace", |d| {
            d["name"] = "clinic-mcp".into();
        }),
        ("no version", |d| {
            d.as_object_mut().unwrap().remove("version");
        }),
        ("an upper-case fileSha256", |d| {
            d["packages"][1]["fileSha256"] = "AB".repeat(32).into();
        }),
        ("a package version `latest`", |d| {
            d["packages"][2]["version"] = "latest".into();
        }),
    ];
    assert!(errors(&good).is_empty());
    for (what, mutate) in mutations {
        let mut doc = good.clone();
        mutate(&mut doc);
        assert!(!errors(&doc).is_empty(), "the schema accepts {what}");
    }
}

#[test]
fn server_json_agrees_with_the_crate_the_image_and_the_bundle() {
    let (path, doc) = server_json();
    let name = doc["name"].as_str().expect("name");
    let version = env!("CARGO_PKG_VERSION"); // the workspace's version: clinic-mcp's too
    assert_eq!(doc["version"], version, "{path}: version");

    // The crate: `cargo install clinic-mcp`, and the README crates.io shows carries the visible
    // `mcp-name:` line the registry looks for (crates.io drops HTML comments).
    let cargo = packages(&doc, "cargo")[0];
    assert_eq!(cargo["identifier"], "clinic-mcp");
    assert_eq!(cargo["version"], version);
    let readme = read("README.md");
    let line = format!("mcp-name: {name}");
    let at = readme
        .find(&line)
        .unwrap_or_else(|| panic!("README.md lacks `{line}`"));
    let after = readme[at + line.len()..].chars().next();
    assert!(
        after.is_none_or(|c| c.is_whitespace() || c == '`' || c == '<'),
        "README.md: `{line}` must end at a boundary"
    );
    let before = &readme[..at];
    assert!(
        before
            .rfind("<!--")
            .is_none_or(|open| before[open..].contains("-->")),
        "README.md: `{line}` is inside an HTML comment, which crates.io strips"
    );
    let manifest = read("clinic-mcp/Cargo.toml");
    assert!(
        manifest.contains("readme = \"../README.md\""),
        "clinic-mcp's package README is the repository's"
    );

    // The image: its tag is the version, and the Dockerfile's final stage labels it with the name.
    let oci = packages(&doc, "oci")[0];
    assert_eq!(
        oci["identifier"]
            .as_str()
            .unwrap()
            .rsplit_once(':')
            .unwrap()
            .1,
        version
    );
    let dockerfile = read("Dockerfile");
    let final_stage = &dockerfile[dockerfile.rfind("\nFROM ").expect("a FROM")..];
    assert!(
        final_stage.starts_with("\nFROM scratch"),
        "the final stage is FROM scratch"
    );
    for label in [
        format!("LABEL io.modelcontextprotocol.server.name=\"{name}\""),
        format!("LABEL org.opencontainers.image.version=\"{version}\""),
        "LABEL org.opencontainers.image.licenses=\"MIT OR Apache-2.0\"".to_owned(),
        format!(
            "LABEL org.opencontainers.image.source=\"{}\"",
            doc["repository"]["url"].as_str().unwrap()
        ),
    ] {
        assert!(final_stage.contains(&label), "Dockerfile: {label}");
    }
    assert!(
        final_stage.contains("\nUSER 65532:65532\n"),
        "Dockerfile: numeric non-root USER"
    );

    // The bundle: a release asset of this version, built from the manifest of this version, which
    // asks for the token as a sensitive value and has an entry point per platform.
    let mcpb = packages(&doc, "mcpb")[0];
    let url = mcpb["identifier"].as_str().unwrap();
    assert!(
        url.starts_with(&format!(
            "{}/releases/download/v{version}/",
            doc["repository"]["url"].as_str().unwrap()
        )) && url.ends_with(".mcpb"),
        "{url}"
    );
    let m = json("packaging/mcpb/manifest.json");
    assert_eq!(m["version"], version);
    assert_eq!(m["server"]["type"], "binary");
    assert_eq!(m["user_config"]["access_token"]["sensitive"], true);
    let overrides = m["server"]["mcp_config"]["platform_overrides"]
        .as_object()
        .unwrap();
    assert!(overrides.contains_key("darwin") && overrides.contains_key("win32"));
    assert_eq!(
        m["compatibility"]["platforms"],
        serde_json::json!(["darwin", "linux", "win32"])
    );
    // Every variable the bundle sets is one the registry entry describes.
    let described: Vec<&str> = oci["environmentVariables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    for key in m["server"]["mcp_config"]["env"].as_object().unwrap().keys() {
        assert!(
            described.contains(&key.as_str()),
            "{key} is not in server.json"
        );
    }
}

/// `| `NAME` | flag | `default` | meaning |` rows of the README's "Variables" table.
fn readme_defaults() -> Vec<(String, String)> {
    let readme = read("README.md");
    let table = &readme[readme.find("### Variables").expect("README: ### Variables")..];
    table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let default = cells.get(3)?;
            Some((name.to_owned(), default.trim_matches('`').to_owned()))
        })
        .collect()
}

#[test]
fn every_variable_is_described_with_its_readme_default_and_only_the_token_is_secret() {
    let (path, doc) = server_json();
    let readme = readme_defaults();
    for kind in ["oci", "cargo"] {
        let vars = packages(&doc, kind)[0]["environmentVariables"]
            .as_array()
            .unwrap_or_else(|| panic!("{path}: {kind} has environmentVariables"));
        let names: Vec<&str> = vars.iter().map(|v| v["name"].as_str().unwrap()).collect();
        for needed in [
            "SUT_BASE_URL",
            "SUT_ACCESS_TOKEN",
            "MCP_PROFILE",
            "MCP_SESSION_ROLE",
        ] {
            assert!(names.contains(&needed), "{path}: {kind} lacks {needed}");
        }
        for v in vars {
            let name = v["name"].as_str().unwrap();
            assert!(
                v["description"].as_str().is_some_and(|d| !d.is_empty()),
                "{kind} {name}: description"
            );
            assert!(v["isRequired"].is_boolean(), "{kind} {name}: isRequired");
            assert_eq!(
                v["isSecret"],
                name == "SUT_ACCESS_TOKEN",
                "{kind} {name}: isSecret"
            );
            let (_, readme_default) = readme
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("{name} is not in the README's table of variables"));
            if name == "SUT_ACCESS_TOKEN" {
                // "none, deliberately": a token never has a default.
                assert!(v.get("default").is_none(), "{kind} {name}: no default");
            } else {
                assert_eq!(
                    v["default"],
                    readme_default.as_str(),
                    "{kind} {name}: default"
                );
            }
        }
    }
}
