//! What a command's handler is ([`Handler`]): each command group's module lists its own
//! beside the functions they call, and [`crate::commands`] joins the lists. A leaf: it
//! names the context and the reply, never a module that lists handlers.

use crate::command::{Command, CommandInfo};
use crate::identity::Context;
use crate::reply::Reply;
use crate::{Cx, Failure};

/// Who a command acts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Acts {
    /// The player the speaking account belongs to (every command but linking).
    AsPlayer,
    /// The account as it spoke (`link`, `unlink`: joining or splitting accounts).
    AsAccount,
}

/// One command's handler: the command's grammar entry, who it acts for, and the function
/// that carries it out over the context.
pub(crate) struct Handler {
    /// The command's grammar entry (in [`crate::command::COMMANDS`]).
    pub(crate) info: &'static CommandInfo,
    /// Who the command acts for.
    pub(crate) acts: Acts,
    /// Carries out the command (typed as the grammar made it) for the speaker `ctx`.
    pub(crate) run: fn(&Cx, &Context, &Command) -> Result<Reply, Failure>,
}

/// What a handler answers when the registry gave it a command of another name: a
/// programming error (the test of this module rules it out), told as a failure to the
/// speaker and logged, never a panic.
pub(crate) fn misrouted(cmd: &Command) -> Failure {
    Failure::Misrouted(cmd.name())
}
