//! The commands that read the manual: `help` and `rules` (their handlers:
//! `session/src/manual.rs`).

use super::*;

/// The grammar of `rules`: its words, arguments and help, and how it is read.
pub const RULES: CommandInfo = CommandInfo {
    name: "rules",
    aliases: &[],
    usage: "rules [rule-set]",
    example: "rules daldosa",
    args: &[RULE_SET],
    parse: |a| optional_rule_set(a).map(Command::Rules),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Rules(r) => Some(Args::default().with("rule_set", r.map(ArgValue::RuleSet))),
        _ => None,
    },
    build: |a| Ok(Command::Rules(a.rule_set("rule_set"))),
};

/// The grammar of `help`: its words, arguments and help, and how it is read.
pub const HELP: CommandInfo = CommandInfo {
    name: "help",
    aliases: &["?", "commands"],
    usage: "help [command]",
    example: "help challenge",
    args: &[Arg {
        name: "command",
        kind: ArgKind::Text {
            max_len: 32,
            prefix: "",
        },
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| match a {
        [] => Ok(Command::Help(None)),
        [topic] => help_topic(topic).map(|t| Command::Help(Some(t))),
        _ => Err(t!("cmd-error-one-command")),
    },
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Help(t) => Some(Args::default().with("command", t.clone().map(ArgValue::Text))),
        _ => None,
    },
    build: |a| match a.text("command") {
        None => Ok(Command::Help(None)),
        Some(topic) => help_topic(topic).map(|t| Command::Help(Some(t))),
    },
};
