//! An axum app served in a task of its own and stopped gracefully: the stand-in API and the
//! stand-in authorization server each run one.

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A running server task. Dropping it stops the server (the dropped sender ends the graceful
/// shutdown's wait); [`Serving::stop`] also waits for the requests in flight.
#[derive(Debug)]
pub(crate) struct Serving {
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Serving {
    /// Serves `app` on `listener` in a spawned task.
    pub(crate) fn start(listener: TcpListener, app: axum::Router) -> Serving {
        let (shutdown, signal) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    // an explicit stop, or the handle dropped
                    let _ = signal.await;
                })
                .await
        });
        Serving { shutdown, task }
    }

    /// Stops accepting connections and waits for the requests in flight; `what` names the
    /// server in the log.
    pub(crate) async fn stop(self, what: &str) {
        let _ = self.shutdown.send(());
        match self.task.await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "{what} stopped with an error"),
            Err(error) => tracing::warn!(%error, "{what} task failed"),
        }
    }
}
