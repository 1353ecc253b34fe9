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

// Layers, bottom to top; each module imports only modules of lower layers (`layout`'s test
// checks that the imports have no loop): the vocabulary (`error`, `json`, `caller`, `upstream`), configuration (`session`), text to
// the model (`screen`, and `output`, which writes a tool's answer through it), HTTP (`api`), what is learned (`directory`), the tool machinery
// (`bounds`, `tool`), the tools by domain (`tools`) and their list (`catalogue`), and on top the
// server, its transports (`transport`, and `http` for Streamable HTTP) and the command line.
pub mod api;
pub mod apps;
pub mod audit;
pub mod bounds;
pub mod caller;
pub mod catalogue;
pub mod cli;
pub mod confirm;
pub mod directory;
pub mod error;
pub mod http;
pub mod json;
#[cfg(test)]
mod layout;
#[cfg(feature = "local-client")]
pub mod local;
pub mod output;
pub mod screen;
pub mod server;
pub mod session;
pub mod tool;
pub mod tools;
pub mod transport;
pub mod upstream;

pub use api::ApiClient;
pub use caller::{AccessToken, Caller, Credential, Role, SessionRole};
pub use catalogue::CATALOGUE;
pub use clinic_tools_macros::{ToolArgs, ToolOutput, clinic_tool};
pub use directory::Directory;
pub use error::{ErrorCode, ToolError};
pub use server::ClinicServer;
pub use session::{Profile, Session};
pub use tool::{ArgValue, Hints, ToolArgs, ToolContext, ToolDef, ToolOutput};

#[doc(hidden)]
pub use tool::__private;
