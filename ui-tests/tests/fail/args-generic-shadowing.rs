use clinic_mcp::{clinic_tool, ToolArgs, ToolContext, ToolError, ToolOutput};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

// A type parameter named like a plain type: the field bound would name the parameter, and a use
// site could substitute any type (and its schema) for it.
#[derive(Deserialize, JsonSchema, ToolArgs)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs<String: JsonSchema> {
    /// Doctor name.
    pub name: String,
}

#[derive(Serialize, JsonSchema, ToolOutput)]
pub struct Count<T: JsonSchema> {
    /// How many doctors match.
    pub count: T,
}

#[derive(Serialize, JsonSchema, ToolOutput)]
pub struct Found {
    /// How many doctors match.
    pub count: u64,
}

/// Find doctors by name.
#[clinic_tool(profile = "readonly")]
pub async fn find_doctors(_ctx: &ToolContext<'_>, _args: SearchArgs<u64>) -> Result<Found, ToolError> {
    Ok(Found { count: 0 })
}

fn main() {}
