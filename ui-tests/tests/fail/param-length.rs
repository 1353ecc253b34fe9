use clinic_mcp::{clinic_tool, ToolArgs, ToolContext, ToolError, ToolOutput};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct NotesArgs {
    /// Id of the doctor, a positive integer, exactly as the clinic assigned it when the doctor joined the clinic and as it appears on every appointment, every slot and every schedule that the clinic has ever published about the doctor, in any year and at any clinic.
    pub doctor_id: u64,
}

#[derive(Serialize, JsonSchema, ToolOutput)]
pub struct Notes {
    /// How many notes there are.
    pub count: u64,
}

/// List the notes of one doctor. Returns how many there are.
#[clinic_tool(profile = "readonly")]
pub async fn list_notes(_ctx: &ToolContext<'_>, _args: NotesArgs) -> Result<Notes, ToolError> {
    Ok(Notes { count: 0 })
}

fn main() {}
