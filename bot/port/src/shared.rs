//! What every adapter of the process shares: the session, the clock, the door commands pass
//! through, the background loop's rounds and the router to the other platforms.

use crate::fake_time::AdapterClock;
use crate::gate::Gate;
use crate::rounds::Rounds;
use crate::router::Router;
use skald_session::Session;
use std::sync::Arc;
use tokio::sync::Notify;

/// What every adapter of the process shares.
#[derive(Clone)]
pub struct Shared {
    /// The one session (and through it the one store).
    pub session: Arc<Session>,
    /// Wakes the background loop after each answered command, so an engine move it made
    /// possible follows the answer.
    pub engine: Arc<Notify>,
    /// The background loop's rounds, for an adapter that waits for the engine's answer
    /// before reading on (the console).
    pub rounds: Arc<Rounds>,
    /// Commands in flight, and the shutdown's door.
    pub gate: Arc<Gate>,
    /// The clock (the system's, or `[clock] fake = true`, or the console's `--fake-clock`).
    pub clock: Arc<AdapterClock>,
    /// Posts what a command's answer owes another platform (a game's other home).
    pub router: Arc<Router>,
}
