//! The commands that list: `games`, `history`, `ladder` and `rating` (their handlers:
//! `session/src/lists.rs`).

use super::*;

/// The grammar of `games`: its words, arguments and help, and how it is read.
pub const GAMES: CommandInfo = CommandInfo {
    name: "games",
    aliases: &["list"],
    usage: "games",
    example: "games",
    args: &[],
    parse: |a| no_args(a).map(|()| Command::Games),
    secret: false,
    names_game: false,
    args_of: |c| matches!(c, Command::Games).then(Args::default),
    build: |_| Ok(Command::Games),
};

/// The grammar of `history`: its words, arguments and help, and how it is read.
pub const HISTORY: CommandInfo = CommandInfo {
    name: "history",
    aliases: &[],
    usage: "history [#id]",
    example: "history #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::History),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::History(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::History(a.id("game"))),
};

/// The grammar of `ladder`: its words, arguments and help, and how it is read.
pub const LADDER: CommandInfo = CommandInfo {
    name: "ladder",
    aliases: &[],
    usage: "ladder [rule-set]",
    example: "ladder hnefatafl",
    args: &[RULE_SET],
    parse: |a| optional_rule_set(a).map(Command::Ladder),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Ladder(r) => Some(Args::default().with("rule_set", r.map(ArgValue::RuleSet))),
        _ => None,
    },
    build: |a| Ok(Command::Ladder(a.rule_set("rule_set"))),
};

/// The grammar of `rating`: its words, arguments and help, and how it is read.
pub const RATING: CommandInfo = CommandInfo {
    name: "rating",
    aliases: &[],
    usage: "rating [@user]",
    example: "rating @bob",
    args: &[Arg {
        name: "user",
        kind: ArgKind::User,
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| match a {
        [] => Ok(Command::Rating(None)),
        [user] => parse_mention(user).map(|u| Command::Rating(Some(u))),
        _ => Err(t!("cmd-error-one-user")),
    },
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Rating(u) => Some(Args::default().with("user", u.clone().map(ArgValue::User))),
        _ => None,
    },
    build: |a| Ok(Command::Rating(a.user("user"))),
};
