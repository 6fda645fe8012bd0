//! What an adapter hands the process when it starts ([`Running`]), and where the background
//! loop's notices go through it ([`Outlet`]).

use crate::once_key::OnceKey;
use skald_session::{ChannelId, Notice};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed future, as the adapters' outlets return them.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where an adapter posts the background loop's notices.
pub trait Outlet: Send + Sync {
    /// The platform's name, for logs.
    fn platform(&self) -> &'static str;
    /// Whether `channel` is one of this platform's (a Discord channel id is a number, a
    /// Matrix room id starts with `!`).
    fn owns(&self, channel: &ChannelId) -> bool;
    /// Posts the notice in its channel; with `once` (a notice from the outbox), each
    /// message under its idempotency key, so a repeat after a crash shows once.
    fn post(&self, notice: Notice, once: Option<OnceKey>) -> BoxFuture<'_, ()>;
}

/// A started adapter.
pub struct Running {
    /// Where its notices go.
    pub outlet: Arc<dyn Outlet>,
    /// Ends when the adapter stops by itself (the platform refused it, or the connection
    /// ended for good), with the reason.
    pub done: tokio::task::JoinHandle<Result<(), String>>,
    /// Disconnects the adapter (at shutdown, after the commands in flight answered).
    pub stop: Box<dyn FnOnce() -> BoxFuture<'static, ()> + Send>,
    /// Whether the adapter ending by itself is the process's normal end (the console when
    /// its input ends) rather than a platform lost.
    pub finite: bool,
}
