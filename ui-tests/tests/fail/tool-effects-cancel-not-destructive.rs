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

/// Cancel one note of the doctor. Returns how many notes are left.
#[clinic_tool(profile = "booking", mutates)]
pub async fn cancel_note(_ctx: &ToolContext<'_>, _args: NotesArgs) -> Result<Notes, ToolError> {
    Ok(Notes { count: 0 })
}

fn main() {}
