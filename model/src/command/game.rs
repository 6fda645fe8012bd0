//! The commands that act on one game: playing (`move`, `arrange`, `premove`), looking
//! (`board`, `moves`), its record (`export`, `replay`) and its review (`review`), ending it (`resign`, `abort`) and
//! offers (`draw`, `takeback`); their handlers are in `session/src/game/` and
//! `session/src/premove.rs`.

use super::*;

/// The grammar of `move`: its words, arguments and help, and how it is read.
pub const MOVE: CommandInfo = CommandInfo {
    name: "move",
    aliases: &["play", "mv"],
    usage: "move [#id] <move> [<move> ...]",
    example: "move f2-f5",
    args: &[
        Arg {
            name: "move",
            kind: ArgKind::Text {
                max_len: 200,
                prefix: "",
            },
            required: true,
            complete: Completion::Moves,
        },
        GAME,
    ],
    parse: |a| {
        let (game, rest) = split_id(a)?;
        moves(game, &rest)
    },
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Move { game, moves } => {
            Some(game_arg(game).with("move", Some(ArgValue::Text(moves.join(" ")))))
        }
        _ => None,
    },
    build: |a| moves(a.id("game"), &words(a.text("move"))),
};

/// The grammar of `premove`: its words, arguments and help, and how it is read.
pub const PREMOVE: CommandInfo = CommandInfo {
    name: "premove",
    aliases: &["conditional"],
    usage: "premove [#id] [line: <their move> <your answer> ... | clear]",
    example: "premove e7-e9 d4-d6",
    args: &[
        Arg {
            name: "line",
            kind: ArgKind::Text {
                max_len: 200,
                prefix: "",
            },
            required: false,
            complete: Completion::Nothing,
        },
        GAME,
    ],
    parse: |a| {
        let (game, rest) = split_id(a)?;
        Ok(Command::Premove {
            game,
            line: rest.iter().map(|w| w.to_string()).collect(),
        })
    },
    secret: true,
    names_game: true,
    args_of: |c| match c {
        Command::Premove { game, line } => Some(game_arg(game).with("line", joined(line))),
        _ => None,
    },
    build: |a| {
        Ok(Command::Premove {
            game: a.id("game"),
            line: words(a.text("line"))
                .into_iter()
                .map(String::from)
                .collect(),
        })
    },
};

/// The grammar of `board`: its words, arguments and help, and how it is read.
pub const BOARD: CommandInfo = CommandInfo {
    name: "board",
    aliases: &[],
    usage: "board [#id] [text | picture]",
    example: "board #4",
    args: &[
        GAME,
        Arg {
            name: "text",
            kind: ArgKind::Flag {
                yes: "text",
                no: "picture",
            },
            required: false,
            complete: Completion::Nothing,
        },
    ],
    parse: |a| {
        let (game, text) = id_and_form(a, ["text", "picture"], "cmd-error-board-word")?;
        Ok(Command::Board { game, text })
    },
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Board { game, text } => {
            Some(game_arg(game).with("text", text.then_some(ArgValue::Flag(true))))
        }
        _ => None,
    },
    build: |a| {
        Ok(Command::Board {
            game: a.id("game"),
            text: a.flag("text").unwrap_or(false),
        })
    },
};

/// A game number and a form word (`text` or `picture` for `board`, `otn` or `jsonl` for
/// `export`), each optional, in either order: the number, and whether the first form was
/// asked for. Anything else is refused with `refusal`, which says what is accepted.
fn id_and_form(
    args: &[&str],
    forms: [&str; 2],
    refusal: &'static str,
) -> Result<(Option<u64>, bool), Text> {
    let (mut game, mut form) = (None, None);
    for word in args {
        let named = forms.into_iter().find(|f| word.eq_ignore_ascii_case(f));
        if let Some(f) = named
            && form.is_none()
        {
            form = Some(f == forms[0]);
        } else if named.is_none()
            && game.is_none()
            && let Some(id) = parse_id(word)
        {
            game = Some(id?);
        } else {
            return Err(Msg::new(refusal).arg("token", shown(word)).into());
        }
    }
    Ok((game, form.unwrap_or(false)))
}

/// The grammar of `moves`: its words, arguments and help, and how it is read.
pub const MOVES: CommandInfo = CommandInfo {
    name: "moves",
    aliases: &[],
    usage: "moves [#id]",
    example: "moves",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Moves),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Moves(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Moves(a.id("game"))),
};

/// The grammar of `export`: its words, arguments and help, and how it is read.
pub const EXPORT: CommandInfo = CommandInfo {
    name: "export",
    aliases: &["record"],
    usage: "export [#id] [otn | jsonl]",
    example: "export #4",
    args: &[
        GAME,
        Arg {
            name: "otn",
            kind: ArgKind::Flag {
                yes: "otn",
                no: "jsonl",
            },
            required: false,
            complete: Completion::Nothing,
        },
    ],
    parse: |a| {
        let (game, otn) = id_and_form(a, ["otn", "jsonl"], "cmd-error-export-word")?;
        Ok(Command::Export { game, otn })
    },
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Export { game, otn } => {
            Some(game_arg(game).with("otn", otn.then_some(ArgValue::Flag(true))))
        }
        _ => None,
    },
    build: |a| {
        Ok(Command::Export {
            game: a.id("game"),
            otn: a.flag("otn").unwrap_or(false),
        })
    },
};

/// The grammar of `replay`: its words, arguments and help, and how it is read.
pub const REPLAY: CommandInfo = CommandInfo {
    name: "replay",
    aliases: &[],
    usage: "replay [#id]",
    example: "replay #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Replay),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Replay(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Replay(a.id("game"))),
};

/// The grammar of `review`: its words, arguments and help, and how it is read.
pub const REVIEW: CommandInfo = CommandInfo {
    name: "review",
    aliases: &["analyse", "analyze", "analysis"],
    usage: "review [#id]",
    example: "review #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Review),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Review(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Review(a.id("game"))),
};

/// The grammar of `resign`: its words, arguments and help, and how it is read.
pub const RESIGN: CommandInfo = CommandInfo {
    name: "resign",
    aliases: &["resigns", "forfeit"],
    usage: "resign [#id]",
    example: "resign",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Resign),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Resign(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Resign(a.id("game"))),
};

/// The grammar of `abort`: its words, arguments and help, and how it is read.
pub const ABORT: CommandInfo = CommandInfo {
    name: "abort",
    aliases: &[],
    usage: "abort [#id]",
    example: "abort #4",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Abort),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Abort(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Abort(a.id("game"))),
};

/// The grammar of `draw`: its words, arguments and help, and how it is read.
pub const DRAW: CommandInfo = CommandInfo {
    name: "draw",
    aliases: &["offer-draw"],
    usage: "draw [#id]",
    example: "draw",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Draw),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Draw(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Draw(a.id("game"))),
};

/// The grammar of `takeback`: its words, arguments and help, and how it is read.
pub const TAKEBACK: CommandInfo = CommandInfo {
    name: "takeback",
    aliases: &["undo"],
    usage: "takeback [#id]",
    example: "takeback",
    args: &[GAME],
    parse: |a| only_id(a).map(Command::Takeback),
    secret: false,
    names_game: true,
    args_of: |c| match c {
        Command::Takeback(g) => Some(game_arg(g)),
        _ => None,
    },
    build: |a| Ok(Command::Takeback(a.id("game"))),
};

/// The grammar of `arrange`: its words, arguments and help, and how it is read.
pub const ARRANGE: CommandInfo = CommandInfo {
    name: "arrange",
    aliases: &[],
    usage: "arrange [#id] <nine values>",
    example: "arrange 9 1 8 2 7 3 6 4 5",
    args: &[
        Arg {
            name: "values",
            kind: ArgKind::Text {
                max_len: 60,
                prefix: "",
            },
            required: true,
            complete: Completion::Nothing,
        },
        GAME,
    ],
    parse: |a| {
        let (game, rest) = split_id(a)?;
        let values = parse_values(&rest)?;
        Ok(Command::Arrange { game, values })
    },
    secret: true,
    names_game: true,
    args_of: |c| match c {
        Command::Arrange { game, values } => {
            let values: Vec<String> = values.iter().map(u8::to_string).collect();
            Some(game_arg(game).with("values", Some(ArgValue::Text(values.join(" ")))))
        }
        _ => None,
    },
    build: |a| {
        let values = parse_values(&words(a.text("values")))?;
        Ok(Command::Arrange {
            game: a.id("game"),
            values,
        })
    },
};
