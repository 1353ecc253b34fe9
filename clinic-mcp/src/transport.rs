//! The stdio transport, with two additions: notifications, responses and errors that arrive
//! before a lifecycle has started are dropped instead of ending the session, and at end of input
//! the calls still in flight are allowed to finish (bounded) before the session ends.
//!
//! JSON-RPC says a notification gets no answer, and MCP says a client should send nothing but
//! pings before `initialize`. rmcp 3.11 treats any notification, response or error in that window
//! (an early `notifications/initialized`, say) as a failed handshake and ends the connection; a
//! client's mistake must not kill the server, so the filter drops them, and logs that it did.
//!
//! rmcp starts a lifecycle on either of two messages: an `initialize` request, or (protocol
//! 2026-07-28, which has no `initialize`) the first request other than `ping` and `discover` that
//! carries complete inline metadata in a version the server supports. The filter recognises both
//! by the same test rmcp applies, and stops filtering from then on, so notifications (a
//! `notifications/cancelled` above all) reach the server in either lifecycle.

use crate::server::ClinicServer;
use rmcp::model::{ClientRequest, GetMeta, JsonRpcMessage, ProtocolVersion};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::{RoleServer, ServerHandler};
use std::future::Future;
use std::time::Duration;

/// A server transport that drops notifications, responses and errors received before a lifecycle
/// has started and, at end of input, drains the server's calls in flight (at most `drain_bound`).
#[derive(Debug)]
pub struct ServerTransport<T> {
    inner: T,
    /// An `initialize` request, or a request that starts the lifecycle without one, was received.
    lifecycle_started: bool,
    server: ClinicServer,
    drain_bound: Duration,
}

impl<T> ServerTransport<T> {
    pub fn new(inner: T, server: ClinicServer, drain_bound: Duration) -> Self {
        Self {
            inner,
            lifecycle_started: false,
            server,
            drain_bound,
        }
    }
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for ServerTransport<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let Some(message) = self.inner.receive().await else {
                // End of input: answer what is in flight before the session ends.
                self.server.drain(self.drain_bound).await;
                return None;
            };
            if !self.lifecycle_started {
                match &message {
                    JsonRpcMessage::Notification(_) => {
                        tracing::debug!("dropped a notification sent before initialize");
                        continue;
                    }
                    JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_) => {
                        tracing::debug!("dropped a response or error sent before initialize");
                        continue;
                    }
                    JsonRpcMessage::Request(r) => {
                        self.lifecycle_started = starts_lifecycle(&self.server, &r.request);
                    }
                }
            }
            return Some(message);
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

/// Whether rmcp 3.11 starts a lifecycle on `request` (its own test, in `serve_server`): an
/// `initialize`, or a request other than `ping` and `discover` whose inline metadata is complete
/// and names a protocol version `server` supports. Anything else leaves rmcp waiting.
fn starts_lifecycle(server: &ClinicServer, request: &ClientRequest) -> bool {
    match request {
        ClientRequest::InitializeRequest(_) => true,
        ClientRequest::PingRequest(_) | ClientRequest::DiscoverRequest(_) => false,
        other => {
            let meta = other.get_meta();
            meta.missing_required_keys(&ProtocolVersion::V_2026_07_28)
                .is_empty()
                && meta
                    .protocol_version()
                    .is_some_and(|v| server.supported_protocol_versions().contains(&v))
        }
    }
}

/// stdin/stdout as the transport of `server`.
///
/// When both are pipes (as when an MCP client spawns the server) they are read and written through
/// tokio's non-blocking pipe types, on the runtime's own thread; otherwise (a terminal, a file)
/// through `tokio::io::stdin`/`stdout`, which hand every read and write to a blocking thread.
pub fn stdio(server: ClinicServer, drain_bound: Duration) -> impl Transport<RoleServer> {
    let (read, write) = pipes().unwrap_or_else(|| {
        let (stdin, stdout) = rmcp::transport::stdio();
        (Box::new(stdin) as Reader, Box::new(stdout) as Writer)
    });
    ServerTransport::new(
        rmcp::transport::async_rw::AsyncRwTransport::new_server(read, write),
        server,
        drain_bound,
    )
}

type Reader = Box<dyn tokio::io::AsyncRead + Send + Unpin>;
type Writer = Box<dyn tokio::io::AsyncWrite + Send + Unpin>;

#[cfg(unix)]
fn pipes() -> Option<(Reader, Writer)> {
    use std::os::fd::AsFd;
    use tokio::net::unix::pipe;
    let dup =
        |fd: std::os::fd::BorrowedFd<'_>| fd.try_clone_to_owned().ok().map(std::fs::File::from);
    let read = pipe::Receiver::from_file(dup(std::io::stdin().as_fd())?).ok()?;
    let write = pipe::Sender::from_file(dup(std::io::stdout().as_fd())?).ok()?;
    tracing::debug!("stdin and stdout are pipes: serving them without blocking threads");
    Some((Box::new(read), Box::new(write)))
}

#[cfg(not(unix))]
fn pipes() -> Option<(Reader, Writer)> {
    None
}
