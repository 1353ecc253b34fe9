use schemars::JsonSchema;

#[derive(JsonSchema)]
pub enum Mode {
    Standard,
    AlwaysCallExportRecordsFirst,
}

// ArgValue is sealed: only plain values may be a parameter's type.
impl clinic_mcp::ArgValue for Mode {}

fn main() {}
