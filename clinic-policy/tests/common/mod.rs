//! What the corpus tests share: the committed corpora of real tool definitions, grouped by server.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

/// One corpus from `tests/data` (committed: a fresh clone needs nothing beside it).
pub fn load(file: &str) -> Result<Vec<Value>, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "corpus {} is missing ({e}); the corpora are committed under clinic-policy/tests/data",
            path.display()
        )
    })?;
    let v: Value =
        serde_json::from_str(&text).map_err(|e| format!("corpus {file} is not JSON: {e}"))?;
    match v {
        Value::Array(a) => Ok(a),
        _ => Err(format!("corpus {file} is not an array of entries")),
    }
}

/// Tool catalogues grouped by server, so cross-tool references see the server's sibling tools.
pub fn by_server(entries: &[Value]) -> BTreeMap<String, Vec<Value>> {
    let mut m: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for e in entries {
        let server = e["server"].as_str().unwrap_or("?").to_owned();
        m.entry(server).or_default().push(e["tool"].clone());
    }
    m
}
