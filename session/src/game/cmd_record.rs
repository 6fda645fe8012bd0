//! The commands that hand out a whole game: `export` (its record as a file `skald import`
//! reads) and `replay` (an animated GIF of it). They work anywhere, for spectators too, like
//! `board`, and change nothing.
//!
//! Who reads what: a finished game, or a running one without hidden values, is posted in
//! the channel whole (a finished Subulata game with every value, the final reveal). While a
//! Subulata game runs, a player's file holds their own values and none of the opponent's,
//! and goes to them privately; a spectator's holds no value, in the channel.

use super::GameDoc;
use crate::command::{self, Command};
use crate::files::{File, FileBody, ReplayOf};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::Context;
use crate::reply::{Private, Reply};
use crate::{Cx, Failure, t};
use skald_lang::Text;
use skald_rules::{Action, Position, Viewer};

/// Who a file of a game is for: everyone, or one player privately.
enum Reader {
    /// The channel: the game is over (every value shows) or hides nothing now, or the
    /// asker is a spectator of a game with hidden values (none shows).
    Channel(Viewer),
    /// The asker, a player of a running game with hidden values: their own values only.
    Player(skald_rules::Seat),
}

/// `export [#id] [otn]`: the game's record as a file (`skald export`'s format, one game;
/// with `otn`, OpenTafl notation), beside a short summary.
pub(crate) fn cmd_export(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    otn: bool,
) -> Result<Reply, Failure> {
    let g = cx.find_game_to_show(ctx, id, "export #id")?.doc;
    if otn {
        return export_otn(&g);
    }
    let reader = reader(ctx, &g);
    let seen = seen_by(&g, reader.viewer())?;
    let bytes = crate::store::export_game(&seen)?;
    let file = File {
        game: g.id,
        stem: stem(ctx, &g, &reader),
        body: FileBody::Record(bytes),
        caption: t!("export-caption", title = g.title()),
    };
    let mut summary = t!("export-summary", title = g.title(), moves = moves(&g));
    summary.line(state(&g));
    summary.line(t!("export-how"));
    Ok(deliver(ctx, &g, reader, summary, file))
}

/// `export #id otn`: a Copenhagen or Brandubh game as an OpenTafl notation record, in the
/// channel (those games hide nothing), the same bytes `skald export --format otn` writes.
fn export_otn(g: &GameDoc) -> Result<Reply, Failure> {
    let refused = |message: &'static str| {
        Failure::Refused(
            skald_lang::Msg::new(message)
                .arg("id", g.id)
                .arg("rule_set", skald_lang::rule_set_name(g.rule_set()))
                .into(),
        )
    };
    let game =
        skald_model::game::otn::otn_of(g, None).ok_or_else(|| refused("export-otn-tafl-only"))?;
    let text = skald_rules::tafl::otn::write(&game).map_err(|e| {
        tracing::error!(game = g.id, error = %e, "a stored tafl game does not replay as OTN");
        refused("export-otn-failed")
    })?;
    let file = File {
        game: g.id,
        stem: format!("skald-game-{}", g.id),
        body: FileBody::Otn(text),
        caption: t!("export-otn-caption", title = g.title()),
    };
    let mut summary = t!("export-otn-summary", title = g.title(), moves = moves(g));
    summary.line(state(g));
    summary.line(t!("export-otn-how"));
    let mut reply = Reply::done(summary);
    reply.files.push(file);
    Ok(reply)
}

/// `replay [#id]`: the game as an animated GIF, a frame per move.
pub(crate) fn cmd_replay(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let g = cx.find_game_to_show(ctx, id, "replay #id")?.doc;
    let reader = reader(ctx, &g);
    let viewer = reader.viewer();
    let seen = seen_by(&g, viewer)?;
    let ended = g
        .end
        .is_some()
        .then(|| g.live().ok())
        .flatten()
        .filter(|m| m.position().status().outcome().is_none())
        .and_then(|_| g.result_line());
    let file = File {
        game: g.id,
        stem: stem(ctx, &g, &reader),
        body: FileBody::Replay(ReplayOf {
            record: seen.record,
            viewer,
            players: g.names(),
            ended,
        }),
        caption: t!("replay-caption", title = g.title(), moves = moves(&g)),
    };
    let mut summary = t!("replay-summary", title = g.title(), moves = moves(&g));
    summary.line(state(&g));
    Ok(deliver(ctx, &g, reader, summary, file))
}

impl Reader {
    /// Whose view the file is drawn or written in.
    fn viewer(&self) -> Viewer {
        match self {
            Reader::Channel(v) => *v,
            Reader::Player(seat) => Viewer::Seat(*seat),
        }
    }
}

/// Who may read a file of `g` asked for by `ctx`'s speaker.
fn reader(ctx: &Context, g: &GameDoc) -> Reader {
    if g.end.is_some() {
        return Reader::Channel(Viewer::Final);
    }
    match g.seat_of(&ctx.user.id) {
        Some(seat) if g.rule_set().has_hidden_information() => Reader::Player(seat),
        _ => Reader::Channel(Viewer::Public),
    }
}

/// The game as `viewer` may know it, never with anyone's conditional lines. A finished
/// game, or one without hidden values, is itself. A running game with hidden values keeps only the values `viewer` sees: its
/// starting position and current position written in that view, the arrangements of other
/// seats left out, and no seed (the seed draws every value of the set-up).
fn seen_by(g: &GameDoc, viewer: Viewer) -> Result<GameDoc, Failure> {
    let mut doc = g.clone();
    // Conditional lines are their owner's secret, and no part of the game's record.
    doc.premoves = Default::default();
    if viewer == Viewer::Final || !g.rule_set().has_hidden_information() {
        return Ok(doc);
    }
    let start = Position::from_notation(g.rule_set(), &g.record.start).map_err(|_| {
        // Not logging the error: it may quote hidden values.
        tracing::warn!(game = g.id, "stored starting position unreadable");
        Failure::Refused(t!("file-replay-failed", id = g.id))
    })?;
    doc.record.start = start.to_notation(viewer);
    doc.record.seed = 0;
    doc.record
        .actions
        .retain(|a| !matches!(a, Action::Arrange { seat, .. } if !viewer.sees(*seat)));
    doc.position = g.live()?.position().to_notation(viewer);
    Ok(doc)
}

/// The file's name without extension: `skald-game-3`, with the player's name for their own
/// view (`skald-game-3-bob`), letters, digits, `-` and `_` only.
fn stem(ctx: &Context, g: &GameDoc, reader: &Reader) -> String {
    match reader {
        Reader::Channel(_) => format!("skald-game-{}", g.id),
        Reader::Player(_) => {
            let name: String = ctx
                .user
                .name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .take(32)
                .collect();
            format!("skald-game-{}-{name}", g.id)
        }
    }
}

/// How many moves (steps, in the dice games) the record holds.
fn moves(g: &GameDoc) -> usize {
    g.record
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Move(_)))
        .count()
}

/// How the game ended, or that it goes on.
fn state(g: &GameDoc) -> Text {
    match g.result_line() {
        Some(mut line) => {
            line.push(t!("sentence-end"));
            line
        }
        None => t!("record-still-playing"),
    }
}

/// The reply: the summary and the file in the channel, or for a player's own view of a
/// running game with hidden values, privately, the channel told only that it was sent.
fn deliver(ctx: &Context, g: &GameDoc, reader: Reader, summary: Text, file: File) -> Reply {
    match reader {
        Reader::Channel(_) => {
            let mut reply = Reply::done(summary);
            reply.files.push(file);
            reply
        }
        Reader::Player(_) => {
            let mut reply = Reply::done(t!("record-sent-privately", id = g.id));
            let mut text = summary;
            text.line(t!("record-your-values"));
            reply.private.push(Private {
                to: ctx.user.id.clone(),
                name: ctx.user.name.clone(),
                text,
                boards: Vec::new(),
                files: vec![file],
                lang: None,
                news: false,
            });
            reply
        }
    }
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::game::EXPORT,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Export { game, otn } => cmd_export(cx, ctx, *game, *otn),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::game::REPLAY,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Replay(id) => cmd_replay(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
];
