//! Which function answers which command, and running a command through it. Each command
//! group's module lists its own [`Handler`]s beside the functions they call
//! (`game/cmd_move.rs` holds `move` and `arrange`); this registry only joins those lists,
//! one line per module. The grammar of each command (its words, arguments, help) is its
//! entry in [`crate::command::COMMANDS`]; a test checks that every entry there has exactly
//! one handler here.

use crate::command::Command;
use crate::handler::{Acts, Handler};
use crate::identity::Context;
use crate::reply::Reply;
use crate::{Cx, Failure, challenge, digest, game, language, league, link, lists, premove, puzzle};
use crate::{engine, homes, manual, messages, t, tournament, user};

/// Every module's handlers.
const GROUPS: &[&[Handler]] = &[
    challenge::HANDLERS,
    game::cmd_move::HANDLERS,
    game::cmd_look::HANDLERS,
    game::cmd_record::HANDLERS,
    game::cmd_review::HANDLERS,
    game::cmd_end::HANDLERS,
    game::cmd_offer::HANDLERS,
    premove::HANDLERS,
    puzzle::HANDLERS,
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
        .find(|h| h.info.name == name)
}

/// Carries out a command already admitted (rate limit): checks the speaker, the
/// secrecy of what they typed, and the community, then runs it.
pub(crate) fn execute_admitted(cx: &Cx, ctx: &Context, cmd: Command) -> Reply {
    if ctx.user.id.id.is_empty() || ctx.user.id.key().contains('\0') {
        return Reply::refused(t!("user-id-unusable"));
    }
    // Secret values typed where others read them are not used: the player learns to
    // send them where only they see them, and the game is unchanged.
    if cmd.carries_secret() && !ctx.private {
        return Reply::refused(messages::secret_input_in_public(cmd.name()));
    }
    // The ladder scope is the community the channel's server or room belongs to.
    let ctx = Context {
        community: cx.config.communities.community_of(&ctx.community),
        ..ctx.clone()
    };
    cx.answer(run(cx, &ctx, &cmd))
}

/// Runs an admitted command for the player (or the account) speaking, and addresses the
/// reply: who is pinged, the copies for the game's other homes, the accounts reached.
pub(crate) fn run(cx: &Cx, ctx: &Context, cmd: &Command) -> Result<Reply, Failure> {
    let Some(handler) = handler(cmd.name()) else {
        return Err(Failure::Misrouted(cmd.name()));
    };
    // Linking works on the account as it spoke; everything else on the player the
    // account belongs to.
    let player = match handler.acts {
        Acts::AsAccount => ctx.clone(),
        Acts::AsPlayer => {
            cx.read_ahead(cmd);
            cx.as_player(ctx)?
        }
    };
    let mut reply = (handler.run)(cx, &player, cmd)?;
    // Whoever just acted reads the answer to their own command: pinging them (on any
    // of their accounts) only adds a notification for something they are looking at.
    // The others (the player to move when that is someone else, a challenged player)
    // are still pinged.
    reply.notify.retain(|u| *u != player.user.id);
    // A refused command changes nothing, not even the user list. A player is shown
    // with their own account's name: a linked account's name is kept on that account.
    cx.touch_user(&ctx.user, Some((&ctx.community, &ctx.channel)), ctx.locale)?;
    // The other homes' copies address every account themselves (`fan_out`), from the
    // reply as the handler made it.
    let elsewhere = cx.elsewhere(&reply, &ctx.channel);
    reply.elsewhere.extend(elsewhere);
    cx.to_accounts(&mut reply);
    // The answer is posted where the speaker typed: only that platform's accounts are
    // pinged or reached privately there (the engine speaks in its games' channels and
    // reads nothing).
    if engine::is_engine(&ctx.user.id) {
        return Ok(reply);
    }
    Ok(homes::for_platform(reply, ctx.platform()))
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
                .filter(|h| h.info.name == c.name)
                .count();
            assert_eq!(found, 1, "handlers of `{}`", c.name);
        }
        for h in GROUPS.iter().flat_map(|g| g.iter()) {
            assert!(
                COMMANDS.iter().any(|c| c.name == h.info.name),
                "`{}` is handled but not in the grammar",
                h.info.name
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
