//! The stdio transport, with one repair: notifications that arrive before `initialize` are
//! dropped instead of ending the session.
//!
//! JSON-RPC says a notification gets no answer, and MCP says a client should send nothing but
//! pings before `initialize`. rmcp 3.11 treats any notification in that window (an early
//! `notifications/initialized`, say) as a failed handshake and ends the connection; a client's
//! mistake must not kill the server, so the filter drops them, and logs that it did.

use rmcp::RoleServer;
use rmcp::model::{ClientRequest, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::future::Future;

/// A server transport that drops notifications received before the `initialize` request.
#[derive(Debug)]
pub struct DropEarlyNotifications<T> {
    inner: T,
    initialize_seen: bool,
}

impl<T> DropEarlyNotifications<T> {
    pub fn new(inner: T) -> Self {
        Self {
            inner,
            initialize_seen: false,
        }
    }
}

impl<T: Transport<RoleServer>> Transport<RoleServer> for DropEarlyNotifications<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let message = self.inner.receive().await?;
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

/// stdin/stdout as an MCP server transport, with the repair above.
pub fn stdio() -> impl Transport<RoleServer> {
    let (stdin, stdout) = rmcp::transport::stdio();
    DropEarlyNotifications::new(rmcp::transport::async_rw::AsyncRwTransport::new_server(
        stdin, stdout,
    ))
}
