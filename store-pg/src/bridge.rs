//! The database client's async runtime, kept to itself: the session calls the store
//! synchronously (from a command's blocking thread, the background loop, or an adapter's
//! async task), and tokio-postgres needs a runtime. [`Bridge`] runs one on a thread of its
//! own and waits for each query's answer on a plain channel, so a call works from any thread
//! (blocking inside someone else's runtime would panic), and the runtime is dropped on its
//! own thread when the store is (dropping a runtime inside async code panics too).

use skald_session::store::StoreError;
use std::future::Future;
use std::thread::JoinHandle;
use std::time::Duration;
use tokio::runtime::{Builder, Handle};
use tokio::sync::oneshot;

/// How long one call to the store may take before it gives up with an error (a database
/// that stopped answering must not hang a command forever).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// A tokio runtime on its own thread, and the way in.
pub struct Bridge {
    handle: Handle,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Bridge {
    /// Starts the runtime (two worker threads: the store waits on the network, it does
    /// not compute).
    pub fn start() -> Result<Bridge, StoreError> {
        let runtime = Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("skald-postgres")
            .enable_all()
            .build()?;
        let handle = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("skald-postgres-runtime".into())
            .spawn(move || {
                runtime.block_on(async {
                    let _ = stopped.await;
                });
                // The runtime is dropped here, on its own thread.
            })?;
        Ok(Bridge {
            handle,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Runs `work` on the runtime and waits for its answer, at most [`CALL_TIMEOUT`].
    pub fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let answer = match tokio::time::timeout(CALL_TIMEOUT, work).await {
                Ok(answer) => answer,
                Err(_) => Err(crate::errors::unreachable(format!(
                    "the database did not answer within {} s",
                    CALL_TIMEOUT.as_secs()
                ))),
            };
            let _ = tx.send(answer);
        });
        rx.recv()
            .map_err(|_| crate::errors::unreachable("the database task stopped".into()))?
    }

    /// The runtime's handle, for work that outlives one call (none today but tests).
    pub fn handle(&self) -> &Handle {
        &self.handle
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
