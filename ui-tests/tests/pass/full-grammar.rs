use clinic_mcp::{clinic_tool, ToolArgs, ToolContext, ToolError, ToolOutput};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct NotesArgs {
    /// Id of the doctor, a positive integer.
    pub doctor_id: u64,
}

#[derive(Serialize, JsonSchema, ToolOutput)]
pub struct Notes {
    /// How many notes there are.
    pub count: u64,
}

/// List the notes of one doctor. Returns how many there are.
#[clinic_tool(profile = "booking", role = "patient", mutates, destructive, idempotent, title = "List notes")]
pub async fn list_notes(_ctx: &ToolContext<'_>, _args: NotesArgs) -> Result<Notes, ToolError> {
    Ok(Notes { count: 0 })
}

fn main() {}
