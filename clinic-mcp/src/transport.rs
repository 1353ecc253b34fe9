//! The stdio transport, with two additions: notifications that arrive before `initialize` are
//! dropped instead of ending the session, and at end of input the calls still in flight are
//! allowed to finish (bounded) before the session ends.
//!
//! JSON-RPC says a notification gets no answer, and MCP says a client should send nothing but
//! pings before `initialize`. rmcp 3.11 treats any notification in that window (an early
//! `notifications/initialized`, say) as a failed handshake and ends the connection; a client's
//! mistake must not kill the server, so the filter drops them, and logs that it did.

use crate::server::ClinicServer;
use rmcp::RoleServer;
use rmcp::model::{ClientRequest, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::future::Future;
use std::time::Duration;

/// A server transport that drops notifications received before the `initialize` request and, at
/// end of input, drains the server's calls in flight (at most `drain_bound`).
#[derive(Debug)]
pub struct ServerTransport<T> {
    inner: T,
    initialize_seen: bool,
    server: ClinicServer,
    drain_bound: Duration,
}

impl<T> ServerTransport<T> {
    pub fn new(inner: T, server: ClinicServer, drain_bound: Duration) -> Self {
        Self {
            inner,
            initialize_seen: false,
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
            if !self.initialize_seen {
                match &message {
                    JsonRpcMessage::Notification(_) => {
                        tracing::debug!("dropped a notification sent before initialize");
                        continue;
                    }
                    JsonRpcMessage::Request(r)
                        if matches!(r.request, ClientRequest::InitializeRequest(_)) =>
                    {
                        self.initialize_seen = true;
                    }
                    _ => {}
                }
            }
            return Some(message);
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
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
