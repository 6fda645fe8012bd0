//! The commands of a player's own account and settings: `vacation`, `link`, `unlink`,
//! `language`, `digest` and `pings` (their handlers: `session/src/user.rs`, `link.rs`,
//! `language.rs`, `digest.rs`).

use super::*;

/// The grammar of `digest`: its words, arguments and help, and how it is read.
pub const DIGEST: CommandInfo = CommandInfo {
    name: "digest",
    aliases: &[],
    usage: "digest [setting: on [HH:MM] [time zone] | off]",
    example: "digest on 09:00 Europe/Paris",
    args: &[Arg {
        name: "setting",
        kind: ArgKind::Text {
            max_len: 80,
            prefix: "",
        },
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| Ok(Command::Digest(a.iter().map(|w| w.to_string()).collect())),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Digest(w) => Some(Args::default().with("setting", joined(w))),
        _ => None,
    },
    build: |a| {
        Ok(Command::Digest(
            words(a.text("setting"))
                .into_iter()
                .map(String::from)
                .collect(),
        ))
    },
};

/// The grammar of `pings`: its words, arguments and help, and how it is read.
pub const PINGS: CommandInfo = CommandInfo {
    name: "pings",
    aliases: &[],
    usage: "pings [setting: on | off]",
    example: "pings off",
    args: &[Arg {
        name: "setting",
        kind: ArgKind::Text {
            max_len: 10,
            prefix: "",
        },
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| Ok(Command::Pings(a.iter().map(|w| w.to_string()).collect())),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Pings(w) => Some(Args::default().with("setting", joined(w))),
        _ => None,
    },
    build: |a| {
        Ok(Command::Pings(
            words(a.text("setting"))
                .into_iter()
                .map(String::from)
                .collect(),
        ))
    },
};

/// The grammar of `vacation`: its words, arguments and help, and how it is read.
pub const VACATION: CommandInfo = CommandInfo {
    name: "vacation",
    aliases: &[],
    usage: "vacation <days>",
    example: "vacation 5",
    args: &[Arg {
        name: "days",
        kind: ArgKind::Number {
            min: 1,
            max: VACATION_DAYS_PER_YEAR,
            prefix: "",
        },
        required: true,
        complete: Completion::Nothing,
    }],
    parse: |a| match a {
        [days] => parse_vacation(days).map(Command::Vacation),
        [] => Err(how_many_days()),
        _ => Err(t!("cmd-error-one-number-of-days")),
    },
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Vacation(d) => Some(Args::default().with("days", Some(ArgValue::Number(*d)))),
        _ => None,
    },
    build: |a| {
        a.number("days")
            .map(Command::Vacation)
            .ok_or_else(how_many_days)
    },
};

/// The grammar of `link`: its words, arguments and help, and how it is read.
pub const LINK: CommandInfo = CommandInfo {
    name: "link",
    aliases: &[],
    usage: "link [code]",
    example: "link ABCD-EFGH",
    args: &[Arg {
        name: "code",
        kind: ArgKind::Text {
            max_len: 16,
            prefix: "",
        },
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| match a {
        [] => Ok(Command::Link(None)),
        [code] => Ok(Command::Link(Some((*code).to_string()))),
        [a, b] => Ok(Command::Link(Some(format!("{a}-{b}")))),
        _ => Err(t!("cmd-error-one-code")),
    },
    secret: true,
    names_game: false,
    args_of: |c| match c {
        Command::Link(code) => Some(Args::default().with("code", code.clone().map(ArgValue::Text))),
        _ => None,
    },
    build: |a| Ok(Command::Link(a.text("code").map(str::to_string))),
};

/// The grammar of `unlink`: its words, arguments and help, and how it is read.
pub const UNLINK: CommandInfo = CommandInfo {
    name: "unlink",
    aliases: &[],
    usage: "unlink",
    example: "unlink",
    args: &[],
    parse: |a| match a {
        [] => Ok(Command::Unlink),
        _ => Err(t!("cmd-error-unlink-alone")),
    },
    secret: false,
    names_game: false,
    args_of: |c| matches!(c, Command::Unlink).then(Args::default),
    build: |_| Ok(Command::Unlink),
};

/// The grammar of `language`: its words, arguments and help, and how it is read.
pub const LANGUAGE: CommandInfo = CommandInfo {
    name: "language",
    aliases: &["langue"],
    usage: "language [en|fr]",
    example: "language fr",
    args: &[Arg {
        name: "language",
        kind: ArgKind::Language,
        required: false,
        complete: Completion::Nothing,
    }],
    parse: |a| match a {
        [] => Ok(Command::Language(None)),
        [code] => parse_language(code).map(|l| Command::Language(Some(l))),
        _ => Err(t!("cmd-error-one-language")),
    },
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Language(l) => Some(Args::default().with("language", l.map(ArgValue::Language))),
        _ => None,
    },
    build: |a| Ok(Command::Language(a.language("language"))),
};
