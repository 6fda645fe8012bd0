//! The commands of a community's competitions: `tournament`, `tournaments` and `league`
//! (their handlers: `session/src/tournament/commands.rs`, `session/src/league/commands.rs`;
//! the words of their actions: [`super::tournament`], [`super::league`]).

use super::*;

/// The grammar of `tournament`: its words, arguments and help, and how it is read.
pub const TOURNAMENT: CommandInfo = CommandInfo {
    name: "tournament",
    aliases: &["tourney"],
    usage: "tournament [#id] [action: create <rule-set> <round-robin | swiss | knockout> [rounds:N] [double] [pace:all | pace:rounds] [days:N | clock:<bank>+<per move>] [max:N] [ranked | casual] [starts:<date>] | join | leave | start | remove @user]",
    example: "tournament create tafl round-robin days:2",
    args: &[
        Arg {
            name: "action",
            kind: ArgKind::Text {
                max_len: 200,
                prefix: "",
            },
            required: false,
            complete: Completion::Action(ActionOf::Tournament),
        },
        Arg {
            name: "tournament",
            kind: ArgKind::GameId,
            required: false,
            complete: Completion::Nothing,
        },
    ],
    parse: |a| tournament::parse(a).map(|(id, action)| Command::Tournament { id, action }),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Tournament { id, action } => Some(
            Args::default()
                .with("tournament", id.map(ArgValue::Id))
                .with("action", tournament::words(action).map(ArgValue::Text)),
        ),
        _ => None,
    },
    build: |a| {
        let words = words(a.text("action"));
        let (id, action) = tournament::parse(&words)?;
        match (id, a.id("tournament")) {
            (Some(_), Some(_)) => Err(t!("cmd-error-only-one-id", token = "#")),
            (id, typed) => Ok(Command::Tournament {
                id: id.or(typed),
                action,
            }),
        }
    },
};

/// The grammar of `tournaments`: its words, arguments and help, and how it is read.
pub const TOURNAMENTS: CommandInfo = CommandInfo {
    name: "tournaments",
    aliases: &[],
    usage: "tournaments",
    example: "tournaments",
    args: &[],
    parse: |a| no_args(a).map(|()| Command::Tournaments),
    secret: false,
    names_game: false,
    args_of: |c| matches!(c, Command::Tournaments).then(Args::default),
    build: |_| Ok(Command::Tournaments),
};

/// The grammar of `league`: its words, arguments and help, and how it is read.
pub const LEAGUE: CommandInfo = CommandInfo {
    name: "league",
    aliases: &["leagues"],
    usage: "league [rule-set] [action: standings | join | leave | start [days:N | clock:<bank>+<per move>] [ranked | casual]]",
    example: "league tafl join",
    args: &[
        Arg {
            name: "rule_set",
            kind: ArgKind::RuleSet,
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "action",
            kind: ArgKind::Text {
                max_len: 100,
                prefix: "",
            },
            required: false,
            complete: Completion::Action(ActionOf::League),
        },
    ],
    parse: |a| league::parse(a).map(|(rule_set, action)| Command::League { rule_set, action }),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::League { rule_set, action } => Some(
            Args::default()
                .with("rule_set", rule_set.map(ArgValue::RuleSet))
                .with("action", league::words(action).map(ArgValue::Text)),
        ),
        _ => None,
    },
    build: |a| {
        let mut words = words(a.text("action"));
        let typed = a.rule_set("rule_set");
        let id = typed.map(RuleSetId::id);
        if let Some(id) = id {
            words.insert(0, id);
        }
        let (rule_set, action) = league::parse(&words)?;
        Ok(Command::League { rule_set, action })
    },
};
