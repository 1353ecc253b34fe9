//! An rmcp client connected to a server in the same process over an in-memory pipe: the real MCP
//! path (JSON-RPC framing, initialize, tools/list, tools/call, elicitation) without a child
//! process. Used by the tests; behind the `local-client` feature, so the binary carries no MCP
//! client.
//!
//! The client stands for a host with a user behind it ([`User`]): it declares the `elicitation`
//! capability (form mode) and answers each confirmation as told, recording what it was asked.

use crate::server::ClinicServer;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction,
    ErrorData, Implementation,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::Value;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// A client speaking MCP to an in-process server.
pub type LocalClient = RunningService<RoleClient, User>;

/// How the user behind a [`LocalClient`] answers a confirmation.
#[derive(Debug, Clone)]
pub enum Reply {
    /// Accept with the form's boolean `true`.
    Yes,
    /// Accept with `false`.
    AcceptFalse,
    Decline,
    Cancel,
    /// Accept with this content as it is (an answer of the wrong shape).
    AcceptWith(Value),
    /// Answer only after this long.
    After(Duration, Box<Reply>),
    /// Answer only once the test lets it (`Notify::notify_one`), then as the inner reply: what
    /// a test does before the answer comes before it, however loaded the machine is.
    When(Arc<tokio::sync::Notify>, Box<Reply>),
    /// Never answer.
    Never,
}

/// The user of a host, as a client handler: declares `elicitation` (form mode) unless built with
/// [`User::without_elicitation`], answers every question with its [`Reply`], and keeps each
/// question (message and requested schema) for the test to read.
#[derive(Debug, Clone)]
pub struct User {
    reply: Reply,
    can_ask: bool,
    asked: Arc<Mutex<Vec<(String, Value)>>>,
}

impl Default for User {
    /// A user who confirms every question.
    fn default() -> Self {
        Self::answering(Reply::Yes)
    }
}

impl User {
    pub fn answering(reply: Reply) -> Self {
        Self {
            reply,
            can_ask: true,
            asked: Arc::default(),
        }
    }

    /// A host that cannot ask its user: no `elicitation` capability.
    pub fn without_elicitation() -> Self {
        Self {
            can_ask: false,
            ..Self::default()
        }
    }

    /// The questions asked so far: (message, requested schema).
    pub fn asked(&self) -> Vec<(String, Value)> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

async fn answer(reply: &Reply) -> ElicitResult {
    let mut reply = reply.clone();
    loop {
        return match reply {
            Reply::Yes => ElicitResult::new(ElicitationAction::Accept)
                .with_content(serde_json::json!({"confirm": true})),
            Reply::AcceptFalse => ElicitResult::new(ElicitationAction::Accept)
                .with_content(serde_json::json!({"confirm": false})),
            Reply::Decline => ElicitResult::new(ElicitationAction::Decline),
            Reply::Cancel => ElicitResult::new(ElicitationAction::Cancel),
            Reply::AcceptWith(content) => {
                ElicitResult::new(ElicitationAction::Accept).with_content(content)
            }
            Reply::After(wait, then) => {
                tokio::time::sleep(wait).await;
                reply = *then;
                continue;
            }
            Reply::When(go, then) => {
                go.notified().await;
                reply = *then;
                continue;
            }
            Reply::Never => std::future::pending().await,
        };
    }
}

impl ClientHandler for User {
    fn get_info(&self) -> ClientConfig {
        let capabilities = if self.can_ask {
            ClientCapabilities::builder().enable_elicitation().build()
        } else {
            ClientCapabilities::default()
        };
        ClientConfig::new(
            capabilities,
            Implementation::new("clinic-mcp-local", env!("CARGO_PKG_VERSION")),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } = &request
        {
            self.asked
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push((
                    message.clone(),
                    serde_json::to_value(requested_schema).unwrap_or(Value::Null),
                ));
        }
        Ok(answer(&self.reply).await)
    }
}

/// Start `server` on one end of an in-memory duplex pipe and connect a client whose user confirms
/// every question.
pub async fn connect(server: ClinicServer) -> Result<LocalClient, std::io::Error> {
    connect_as(server, User::default()).await
}

/// [`connect`] with this user behind the client, over `initialize` (protocol 2025-11-25: a
/// question is an `elicitation/create` request).
pub async fn connect_as(server: ClinicServer, user: User) -> Result<LocalClient, std::io::Error> {
    let client_io = spawn(server);
    user.serve(client_io)
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// [`connect`] with any client handler behind the client (a test's own: one that records the
/// notifications it is sent, say), over `initialize` as [`connect_as`].
pub async fn connect_with<H: ClientHandler>(
    server: ClinicServer,
    handler: H,
) -> Result<RunningService<RoleClient, H>, std::io::Error> {
    let client_io = spawn(server);
    handler
        .serve(client_io)
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// [`connect_as`] over protocol 2026-07-28 (`server/discover`, metadata in every request: a
/// question is an `input_required` result, and rmcp's client retries the call with the answer).
pub async fn connect_stateless(
    server: ClinicServer,
    user: User,
) -> Result<LocalClient, std::io::Error> {
    let client_io = spawn(server);
    user.serve_with_lifecycle(
        client_io,
        ClientLifecycleMode::Discover {
            preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
        },
    )
    .await
    .map_err(|e| std::io::Error::other(e.to_string()))
}

/// The server end is served by the stdio transport's own code (`transport::ServerTransport`), so
/// the tests read exactly what a client reading the binary's stdout reads.
fn spawn(server: ClinicServer) -> tokio::io::DuplexStream {
    let (client_io, server_io) = tokio::io::duplex(1 << 16);
    let (read, write) = tokio::io::split(server_io);
    // One of many connections to `server`: its end does not drain the server.
    let transport = crate::transport::ServerTransport::new(read, write, server.clone());
    tokio::spawn(async move {
        if let Ok(running) = crate::server::Served(server).serve(transport).await {
            let _ = running.waiting().await;
        }
    });
    client_io
}
