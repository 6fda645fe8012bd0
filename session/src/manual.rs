//! The commands that only read the manual: `help` (the commands, or one in detail) and
//! `rules` (the rule sets, or one game's rules in short). Nothing is read from the store.

use crate::command::Command;
use crate::handler::{Acts, Handler, misrouted};
use crate::help;
use crate::reply::Reply;

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &crate::command::manual::HELP,
        acts: Acts::AsPlayer,
        run: |_, _, cmd| match cmd {
            Command::Help(topic) => Ok(Reply::done(help::help_text(topic.as_deref()))),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &crate::command::manual::RULES,
        acts: Acts::AsPlayer,
        run: |_, _, cmd| match cmd {
            Command::Rules(None) => Ok(Reply::done(help::rule_sets_text())),
            Command::Rules(Some(r)) => Ok(Reply::done(help::rules_text(*r))),
            _ => Err(misrouted(cmd)),
        },
    },
];
