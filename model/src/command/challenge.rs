//! The commands of challenges: `challenge`, `accept`, `decline`, `cancel` and `rematch`
//! (their handlers: `session/src/challenge.rs`).

use super::*;

/// The grammar of `challenge`: its words, arguments and help, and how it is read.
pub const CHALLENGE: CommandInfo = CommandInfo {
    name: "challenge",
    aliases: &[],
    usage: "challenge <rule-set> [@user | @player | open] [first | second | random] [ranked | casual] [days:N | clock:<bank>+<per move> [cap:<most>]]",
    example: "challenge tafl @bob first days:2",
    args: &[
        Arg {
            name: "rule_set",
            kind: ArgKind::RuleSet,
            required: true,
            complete: Completion::Nothing,
        },
        Arg {
            name: "opponent",
            kind: ArgKind::User,
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "seat",
            kind: ArgKind::Seat,
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "ranked",
            kind: ArgKind::Flag {
                yes: "ranked",
                no: "casual",
            },
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "days",
            kind: ArgKind::Number {
                min: *DAYS_RANGE.start(),
                max: *DAYS_RANGE.end(),
                prefix: "days:",
            },
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "level",
            kind: ArgKind::Level,
            required: false,
            complete: Completion::Nothing,
        },
        Arg {
            name: "player",
            kind: ArgKind::Text {
                max_len: 64,
                prefix: "",
            },
            required: false,
            complete: Completion::Players,
        },
        Arg {
            name: "clock",
            kind: ArgKind::Text {
                max_len: 24,
                prefix: "clock:",
            },
            required: false,
            complete: Completion::TimeControls,
        },
        Arg {
            name: "cap",
            kind: ArgKind::Text {
                max_len: 12,
                prefix: "cap:",
            },
            required: false,
            complete: Completion::Nothing,
        },
    ],
    parse: |a| parse_challenge(a).map(Command::Challenge),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Challenge(spec) => Some(challenge_args(spec)),
        _ => None,
    },
    build: build_challenge,
};

/// The grammar of `accept`: its words, arguments and help, and how it is read.
pub const ACCEPT: CommandInfo = CommandInfo {
    name: "accept",
    aliases: &[],
    usage: "accept [#id]",
    example: "accept #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Accept),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Accept(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Accept(a.id("game"))),
};

/// The grammar of `decline`: its words, arguments and help, and how it is read.
pub const DECLINE: CommandInfo = CommandInfo {
    name: "decline",
    aliases: &[],
    usage: "decline [#id]",
    example: "decline #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Decline),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Decline(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Decline(a.id("game"))),
};

/// The grammar of `cancel`: its words, arguments and help, and how it is read.
pub const CANCEL: CommandInfo = CommandInfo {
    name: "cancel",
    aliases: &[],
    usage: "cancel [#id]",
    example: "cancel #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Cancel),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Cancel(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Cancel(a.id("game"))),
};

/// The grammar of `rematch`: its words, arguments and help, and how it is read.
pub const REMATCH: CommandInfo = CommandInfo {
    name: "rematch",
    aliases: &[],
    usage: "rematch [#id]",
    example: "rematch #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Rematch),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Rematch(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Rematch(a.id("game"))),
};
