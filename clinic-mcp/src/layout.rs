//! The module layout: the imports between the top-level modules of `clinic-mcp/src` have no loop.
//! (And the release binary's layout: its list of hot functions is well formed.)
//! A loop is how a layer starts to know the one above it (the HTTP client reaching into the
//! server for an error type, say); the test names the loop it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Source files of the crate: `(top-level module, text)`.
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, top: Option<&str>, out: &mut Vec<(String, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for path in entries {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_owned();
            if path.is_dir() {
                walk(&path, Some(top.unwrap_or(&stem)), out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let module = top.unwrap_or(&stem).to_owned();
                if let Ok(text) = std::fs::read_to_string(&path) {
                    out.push((module, text));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        None,
        &mut out,
    );
    out
}

/// The code of a file without comments and without its `#[cfg(test)]` module (tests may reach
/// anywhere).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules `code` names through `crate::`: `crate::api::X`, `crate::{api, tool::Y}`, and the
/// crate root's re-exports (`crate::ToolDef`) resolved through `reexports`.
fn imports(code: &str, reexports: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let segments: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            group[..end]
                .split(',')
                .map(|item| item.trim().split("::").next().unwrap_or("").to_owned())
                .collect()
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            vec![rest[..end].to_owned()]
        };
        for s in segments {
            if let Some(m) = reexports.get(&s) {
                out.insert(m.clone());
            } else if s.starts_with(|c: char| c.is_ascii_lowercase()) {
                out.insert(s);
            }
        }
    }
    out
}

/// `name → module` for every `pub use module::...` of lib.rs.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for statement in lib.split(';') {
        let Some(at) = statement.find("pub use ") else {
            continue;
        };
        let path = &statement[at + "pub use ".len()..];
        let Some((module, names)) = path.split_once("::") else {
            continue;
        };
        for name in names
            .trim_matches(|c| c == '{' || c == '}' || c == ' ' || c == '\n')
            .split(',')
        {
            let name = name.trim().rsplit("::").next().unwrap_or("").to_owned();
            if !name.is_empty() {
                out.insert(name, module.trim().to_owned());
            }
        }
    }
    out
}

#[test]
fn the_modules_import_each_other_without_a_loop() {
    let files = sources();
    let lib = files
        .iter()
        .find(|(m, _)| m == "lib")
        .map(|(_, t)| t.clone())
        .unwrap_or_default();
    let modules: BTreeSet<&str> = files.iter().map(|(m, _)| m.as_str()).collect();
    // Re-exports of other crates (the macros) are not edges inside this one.
    let (reexports, external): (BTreeMap<String, String>, BTreeMap<String, String>) =
        reexports(&lib)
            .into_iter()
            .partition(|(_, m)| modules.contains(m.as_str()));
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &files {
        if module == "lib" || module == "main" || module == "layout" {
            continue;
        }
        let edges = graph.entry(module.clone()).or_default();
        for to in imports(&code(text), &reexports) {
            if to != *module && to != "__private" && !external.contains_key(&to) {
                edges.insert(to);
            }
        }
    }
    // Every module named exists (the parser read what it meant to).
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for (from, to) in &graph {
        for t in to {
            assert!(
                known.contains(t),
                "{from} imports crate::{t}, which is not a module"
            );
        }
    }
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_owned());
            panic!("import loop in clinic-mcp/src: {}", cycle.join(" -> "));
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, stack, done);
        }
        stack.pop();
        done.insert(node.to_owned());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
    // The bottom of the layout imports nothing of the crate.
    for bottom in ["error", "upstream"] {
        assert_eq!(
            graph.get(bottom),
            Some(&BTreeSet::new()),
            "{bottom} imports {:?}",
            graph.get(bottom)
        );
    }
    // And a loop is found when there is one.
    let with_loop = imports("use crate::{server::X, tool};", &reexports);
    assert_eq!(
        with_loop,
        BTreeSet::from(["server".to_owned(), "tool".to_owned()])
    );
}

/// The release layout's list (`clinic-mcp/hot-functions.txt`, read by `build.rs`) is what
/// `bench/hot-functions.py` writes: its header, then one symbol per line, sorted and unique, and
/// it names the serving path of this crate (a list made from another program, or emptied by
/// hand, would still link, and lay nothing out).
#[test]
fn the_release_layout_lists_the_serving_path() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("hot-functions.txt"))
            .unwrap_or_default();
    assert!(
        text.starts_with("# Written by bench/hot-functions.py"),
        "hot-functions.txt has no header"
    );
    let names: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(names.len() > 500, "{} names", names.len());
    for name in &names {
        assert!(
            !name.is_empty() && !name.contains(char::is_whitespace),
            "not a symbol: {name:?}"
        );
    }
    assert!(
        names.windows(2).all(|w| w[0] < w[1]),
        "not sorted and unique"
    );
    // From start-up to an answer written: the command line, a request sent and its body read,
    // the output screen of a string (its kept answers: `screen::string` itself is inlined into the
    // writer), the answer's JSON written, the answer encoded (`message_bytes`: `encode`, which only
    // adds the newline, is inlined into the writer).
    for step in [
        "3cli9main_with",
        "3api9ApiClient4send",
        "4json10from_bytes",
        "6screen7changed",
        "6output6Writer12plain_string",
        "9transport13message_bytes",
    ] {
        assert!(
            names
                .iter()
                .any(|n| n.contains("10clinic_mcp") && n.contains(step)),
            "hot-functions.txt names no {step}"
        );
    }
}
