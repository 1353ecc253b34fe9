//! An rmcp client connected to a server in the same process over an in-memory pipe: the real MCP
//! path (JSON-RPC framing, initialize, tools/list, tools/call) without a child process. Used by the
//! tests; behind the `local-client` feature, so the binary carries no MCP client.

use crate::server::ClinicServer;
use rmcp::RoleClient;
use rmcp::service::{RunningService, ServiceExt};

/// A client speaking MCP to an in-process server.
pub type LocalClient = RunningService<RoleClient, ()>;

/// Start `server` on one end of an in-memory duplex pipe and connect a client to the other.
pub async fn connect(server: ClinicServer) -> Result<LocalClient, std::io::Error> {
    let (client_io, server_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io)
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))
}
