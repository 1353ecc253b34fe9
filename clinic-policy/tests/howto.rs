//! The "How to say it" table of `docs/POLICY.md`: every "write" column passes the strict screen
//! with its tool, and every "not" column fails it, so the table a tool author follows is the
//! language the compiler enforces.

use clinic_policy::{Field, check_strict, check_strict_output};

struct Row {
    need: String,
    field: String,
    tool: String,
    mutates: bool,
    write: String,
    not: String,
}

fn rows() -> Vec<Row> {
    let doc = include_str!("../../docs/POLICY.md");
    let table = doc
        .split("<!-- howto:begin -->")
        .nth(1)
        .and_then(|r| r.split("<!-- howto:end -->").next())
        .unwrap_or("");
    table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| to say"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            let [need, field, tool, write, not] = cells[..] else {
                return None;
            };
            let (tool, mutates) = tool.split_once(" (")?;
            // a cell is a code span: `text`, or `` text `` when the text holds a literal
            let code = |s: &str| s.trim_matches('`').trim().to_owned();
            Some(Row {
                need: need.to_owned(),
                field: field.to_owned(),
                tool: tool.to_owned(),
                mutates: mutates == "yes)",
                write: code(write),
                not: code(not),
            })
        })
        .collect()
}

/// The tools of the catalogue the table's texts live in: a text is judged knowing its siblings.
const SIBLINGS: &[&str] = &[
    "book_appointment",
    "cancel_appointment",
    "find_available_slots",
    "list_doctors",
    "list_my_appointments",
    "reschedule_appointment",
];

fn judge(r: &Row, text: &str) -> Vec<String> {
    let others: Vec<&str> = SIBLINGS.iter().copied().filter(|s| *s != r.tool).collect();
    let found = match r.field.as_str() {
        "tool_description" => {
            check_strict(Field::ToolDescription, text, &r.tool, &others, r.mutates)
        }
        "param_description" => {
            check_strict(Field::ParamDescription, text, &r.tool, &others, r.mutates)
        }
        "output_description" => {
            check_strict_output(Field::ParamDescription, text, &r.tool, r.mutates)
        }
        "title" => check_strict(Field::Title, text, &r.tool, &others, r.mutates),
        _ => Vec::new(),
    };
    found
        .iter()
        .map(|v| format!("[{}] {}", v.rule, v.detail))
        .collect()
}

#[test]
fn the_table_is_there() {
    let rows = rows();
    assert!(rows.len() >= 13, "{} rows", rows.len());
    for r in &rows {
        assert!(
            matches!(
                r.field.as_str(),
                "tool_description" | "param_description" | "output_description" | "title"
            ),
            "{}",
            r.field
        );
    }
}

#[test]
fn what_the_table_says_to_write_passes() {
    let mut bad = Vec::new();
    for r in rows() {
        let found = judge(&r, &r.write);
        if !found.is_empty() {
            bad.push(format!("{}: {:?}: {}", r.need, r.write, found.join("; ")));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn what_the_table_says_not_to_write_fails() {
    let mut passed = Vec::new();
    for r in rows() {
        let found = judge(&r, &r.not);
        // the vocabulary alone does not count: the shape must be what refuses it
        if found.iter().all(|f| f.starts_with("[vocabulary]")) {
            passed.push(format!("{}: {:?}", r.need, r.not));
        }
    }
    assert!(passed.is_empty(), "{}", passed.join("\n"));
}
