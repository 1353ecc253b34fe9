//! clinic-mcp: a Model Context Protocol server for a clinic booking API.
//!
//! Three properties, each enforced in code and asserted by tests:
//! 1. a tool outside the session's profile (or role) is never registered;
//! 2. the server holds no credential of its own: the caller's token is forwarded verbatim, and
//!    public routes get no `Authorization` header;
//! 3. tool descriptions are screened by the description policy at compile time
//!    (`#[clinic_tool]`; `#[derive(ToolArgs)]` and `#[derive(ToolOutput)]` for the input and output
//!    schemas' descriptions) and again at start-up over the final `tools/list` JSON.

// Lets the code `#[clinic_tool]` generates name `::clinic_mcp::...` inside this crate too.
extern crate self as clinic_mcp;

pub mod api;
pub mod catalogue;
pub mod cli;
#[cfg(feature = "local-client")]
pub mod local;
pub mod model;
pub mod screen;
pub mod server;
pub mod session;
pub mod tool;
pub mod transport;

pub use api::ApiClient;
pub use catalogue::CATALOGUE;
pub use clinic_tools_macros::{ToolArgs, ToolOutput, clinic_tool};
pub use server::ClinicServer;
pub use session::{AccessToken, Profile, Role, Session, SessionRole};
pub use tool::{
    ArgValue, Credential, Hints, ToolArgs, ToolContext, ToolDef, ToolError, ToolOutput,
};

#[doc(hidden)]
pub use tool::__private;
