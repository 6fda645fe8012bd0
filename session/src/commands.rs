//! Which function answers which command. Each command group's module lists its own
//! [`Handler`]s beside the functions they call (`game/cmd_move.rs` holds `move` and
//! `arrange`); this registry only joins those lists, one line per module. The grammar of
//! each command (its words, arguments, help) is its entry in [`crate::command::COMMANDS`];
//! a test checks that every entry there has exactly one handler here.

use crate::command::Command;
use crate::identity::Context;
use crate::reply::Reply;
use crate::{Cx, Failure, challenge, digest, game, language, league, link, lists, premove};
use crate::{manual, tournament, user};

/// Who a command acts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Acts {
    /// The player the speaking account belongs to (every command but linking).
    AsPlayer,
    /// The account as it spoke (`link`, `unlink`: joining or splitting accounts).
    AsAccount,
}

/// One command's handler: the command's word in the grammar, who it acts for, and the
/// function that carries it out over the context.
pub(crate) struct Handler {
    /// The command's word ([`crate::command::CommandInfo::name`]).
    pub(crate) name: &'static str,
    /// Who the command acts for.
    pub(crate) acts: Acts,
    /// Carries out the command (typed as the grammar made it) for the speaker `ctx`.
    pub(crate) run: fn(&Cx, &Context, &Command) -> Result<Reply, Failure>,
}

/// Every module's handlers.
const GROUPS: &[&[Handler]] = &[
    challenge::HANDLERS,
    game::cmd_move::HANDLERS,
    game::cmd_look::HANDLERS,
    game::cmd_record::HANDLERS,
    game::cmd_end::HANDLERS,
    game::cmd_offer::HANDLERS,
    premove::HANDLERS,
    lists::HANDLERS,
    manual::HANDLERS,
    user::HANDLERS,
    link::HANDLERS,
    language::HANDLERS,
    digest::HANDLERS,
    tournament::commands::HANDLERS,
    league::commands::HANDLERS,
];

/// The handler of the command named `name`.
pub(crate) fn handler(name: &str) -> Option<&'static Handler> {
    GROUPS
        .iter()
        .flat_map(|g| g.iter())
        .find(|h| h.name == name)
}

/// What a handler answers when the registry gave it a command of another name: a
/// programming error (the test of this module rules it out), told as a failure to the
/// speaker and logged, never a panic.
pub(crate) fn misrouted(cmd: &Command) -> Failure {
    Failure::Misrouted(cmd.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{COMMANDS, parse};

    #[test]
    fn every_command_of_the_grammar_has_exactly_one_handler_and_no_handler_is_spare() {
        for c in COMMANDS {
            let found = GROUPS
                .iter()
                .flat_map(|g| g.iter())
                .filter(|h| h.name == c.name)
                .count();
            assert_eq!(found, 1, "handlers of `{}`", c.name);
        }
        for h in GROUPS.iter().flat_map(|g| g.iter()) {
            assert!(
                COMMANDS.iter().any(|c| c.name == h.name),
                "`{}` is handled but not in the grammar",
                h.name
            );
        }
    }

    #[test]
    fn every_command_reaches_the_handler_that_reads_it() {
        use crate::clock::FakeClock;
        use crate::store::SledStore;
        use rand::SeedableRng;
        use std::sync::Arc;
        let cx = Cx::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            rand::rngs::StdRng::seed_from_u64(1),
            crate::SessionConfig::default(),
        );
        let ctx = Context::new(
            crate::User::new("console", "ann", "Ann"),
            "console",
            "console",
        );
        for c in COMMANDS {
            let cmd = parse(c.example).expect("every example parses");
            let h = handler(cmd.name()).expect("every command has a handler");
            let outcome = (h.run)(&cx, &ctx, &cmd);
            assert!(
                !matches!(outcome, Err(Failure::Misrouted(_))),
                "`{}` reached a handler that does not read it",
                c.example
            );
        }
    }
}
