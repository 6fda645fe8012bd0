//! Files a reply posts: a game's record (what `skald import` reads back), its replay GIF,
//! a tournament's standings picture, and a review's win-chance graph.
//!
//! The session decides what goes into a file and who may read it (a running Subulata game's
//! record holds only its asker's values, in a private part); an adapter turns each [`File`]
//! into bytes with [`File::render`], on a blocking thread as it draws boards (a replay takes
//! seconds), within its platform's upload limit, and posts them as its platform does. What
//! happens beyond the limit is decided here, the same for every platform: a replay too big
//! shows the last moves that fit, a record too big is not posted, and either way the text
//! says so and what to do instead.
//!
//! A [`File`] is data (serde), so a notice carrying one can wait in the store's outbox: a
//! record's bytes are small and made at once; a replay is stored as what it shows (the
//! record, the viewer, the names), its GIF drawn only when it is posted. Standings are
//! stored as their table's text ([`StandingsOf`], made by [`standings_file`]), drawn as a PNG
//! with headers in the reader's language when posted.

use serde::{Deserialize, Serialize};
use skald_lang::{Lang, Text, t};
use skald_render::{
    ReplayOptions, ladder_png, rating_png, render_standings, replay_gif, replay_scenes,
    replay_scenes_ended, win_chance_png,
};
use skald_rules::{Record, Viewer};

mod rating;
mod standings;
mod win_chance;
pub use rating::{
    LADDER_WINDOW_SECS, LadderLine, LadderOf, Outcome, RatedAt, RatingLine, RatingOf, rank_text,
};
pub use standings::{Stage, StandingsLine, StandingsOf, standings_file, standings_file_with};
pub use win_chance::WinChanceOf;

/// One MiB, the unit limits are told in.
const MIB: u64 = 1024 * 1024;
/// The fewest frames a shortened replay keeps: the last move and the position before it.
const FEWEST_FRAMES: usize = 2;
/// How many times a shortened replay is drawn again with fewer moves before giving up.
const SHORTENING_TRIES: usize = 4;

/// A file for a reply, described rather than drawn: the adapter renders it for its reader's
/// language and its platform's upload limit ([`File::render`]).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The game it is of; for standings, the tournament's number (the id logs name it by).
    pub game: u64,
    /// The file name without its extension: `skald-game-3`, or `skald-game-3-bob` for a
    /// player's own view of a running game, so it never takes the place of the public one
    /// where files are kept side by side (the console's directory, a download folder).
    pub stem: String,
    /// What it holds.
    pub body: FileBody,
    /// One line on what it is (the game and what the file holds), for screen readers and as
    /// a Matrix file's body.
    pub caption: Text,
}

/// What a [`File`] holds.
///
/// Stored as `{"record": "<the JSON lines>"}` (the bytes as text: they are UTF-8 JSON; any
/// other bytes as a list of numbers), `{"replay": {…}}` or `{"standings": {…}}`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileBody {
    /// A game as `skald export` writes it (JSON lines: header, id counter, game), for
    /// `skald import` and `skald replay`. Written at once: it is small.
    Record(#[serde(with = "bytes_as_text")] Vec<u8>),
    /// A Copenhagen or Brandubh game in OpenTafl notation (`export #id otn`), the text the
    /// tafl community's programs read. Written at once: it is small.
    Otn(String),
    /// A replay GIF of a record, drawn when delivered.
    Replay(ReplayOf),
    /// A tournament's standings as a PNG table, drawn when delivered.
    Standings(StandingsOf),
    /// A review's win-chance graph as a PNG, drawn when delivered.
    WinChance(WinChanceOf),
    /// A player's rating history as a PNG, drawn when delivered.
    Rating(RatingOf),
    /// A ladder's top players' ratings over the last 90 days as a PNG, drawn when delivered.
    Ladder(LadderOf),
}

/// What a replay GIF shows: drawn by [`File::render`] in the reader's language.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayOf {
    /// The record to replay (for a running Subulata game, the whole record: the viewer
    /// decides which values are drawn).
    pub record: Record,
    /// Whose view: [`Viewer::Final`] for a finished game, a seat for a player's own view of
    /// a running game with hidden values, else [`Viewer::Public`].
    pub viewer: Viewer,
    /// The players' names, seat A first.
    pub players: [String; 2],
    /// For a game that ended outside its rules (resignation, timeout, agreement, abort): the
    /// result, shown on the last frame, and every value revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Text>,
}

/// A file ready to post.
#[derive(Clone, PartialEq, Eq)]
pub struct Ready {
    /// The file name (`skald-game-3.jsonl`, `skald-game-3.gif`).
    pub name: String,
    /// Its MIME type.
    pub mime: &'static str,
    /// The bytes, at most the limit given to [`File::render`].
    pub bytes: Vec<u8>,
    /// A picture's width and height in pixels; `None` for other files.
    pub size: Option<(u32, u32)>,
    /// What the reader should know about it: a replay shortened to fit the limit says so.
    pub note: Option<Text>,
}

impl std::fmt::Debug for File {
    /// The game and kind only: a record may hold hidden values, never logged.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.body {
            FileBody::Record(bytes) => format!("record, {} bytes", bytes.len()),
            FileBody::Otn(text) => format!("OTN record, {} bytes", text.len()),
            FileBody::Replay(r) => format!("replay for {:?}", r.viewer),
            FileBody::WinChance(c) => format!("win-chance graph of {} turns", c.chances.len()),
            FileBody::Rating(r) => format!("rating history of {} rule sets", r.lines.len()),
            FileBody::Ladder(l) => format!("ladder curves of {} players", l.players.len()),
            FileBody::Standings(st) => {
                return write!(
                    f,
                    "File(tournament {}, standings of {} players)",
                    self.game,
                    st.rows.len()
                );
            }
        };
        write!(f, "File(game {}, {kind})", self.game)
    }
}

impl std::fmt::Debug for Ready {
    /// The name and size only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ready({}, {} bytes)", self.name, self.bytes.len())
    }
}

impl File {
    /// The file's bytes for a reader of `lang`, at most `limit` bytes (the platform's upload
    /// limit). `Err` is the text to post instead: the file cannot be made within the limit
    /// (or drawn at all), with what to do instead.
    pub fn render(&self, lang: Lang, limit: u64) -> Result<Ready, Text> {
        match &self.body {
            FileBody::Record(bytes) => {
                if bytes.len() as u64 > limit {
                    return Err(t!(
                        "file-record-too-big",
                        id = self.game,
                        size = mib_up(bytes.len() as u64),
                        limit = mib_down(limit)
                    ));
                }
                Ok(Ready {
                    name: format!("{}.jsonl", self.stem),
                    mime: "application/x-ndjson",
                    bytes: bytes.clone(),
                    size: None,
                    note: None,
                })
            }
            FileBody::Otn(text) => {
                if text.len() as u64 > limit {
                    return Err(t!(
                        "file-record-too-big",
                        id = self.game,
                        size = mib_up(text.len() as u64),
                        limit = mib_down(limit)
                    ));
                }
                Ok(Ready {
                    name: format!("{}.otn", self.stem),
                    mime: "text/plain",
                    bytes: text.clone().into_bytes(),
                    size: None,
                    note: None,
                })
            }
            FileBody::Replay(replay) => self.render_replay(replay, lang, limit),
            FileBody::Standings(table) => self.render_standings(table, lang, limit),
            FileBody::WinChance(chart) => {
                let failed = || t!("review-chart-failed", id = self.game);
                self.png_ready(
                    win_chance_png(&chart.picture(lang)),
                    failed(),
                    failed(),
                    limit,
                )
            }
            FileBody::Rating(chart) => {
                let failed = || t!("rating-chart-failed");
                self.png_ready(rating_png(&chart.picture(lang)), failed(), failed(), limit)
            }
            FileBody::Ladder(chart) => {
                let failed = || t!("rating-chart-failed");
                self.png_ready(ladder_png(&chart.picture(lang)), failed(), failed(), limit)
            }
        }
    }

    /// The standings PNG, its headers and legend in `lang`.
    fn render_standings(&self, table: &StandingsOf, lang: Lang, limit: u64) -> Result<Ready, Text> {
        let title = table.title.as_str();
        self.png_ready(
            render_standings(&table.picture(lang)),
            t!("file-standings-failed", title = title),
            t!(
                "file-standings-too-big",
                title = title,
                limit = mib_down(limit)
            ),
            limit,
        )
    }

    /// A drawn picture as a PNG file of at most `limit` bytes: `failed` is told when it
    /// could not be drawn (the reason logged), `too_big` when it is over the limit. What
    /// every picture a reply carries (standings, a review's graph, ratings) shares.
    fn png_ready(
        &self,
        png: Result<skald_render::Png, skald_render::RenderError>,
        failed: Text,
        too_big: Text,
        limit: u64,
    ) -> Result<Ready, Text> {
        let png = png.map_err(|e| {
            tracing::warn!(file = %self.stem, error = %e, "cannot draw a picture");
            failed
        })?;
        if png.bytes.len() as u64 > limit {
            return Err(too_big);
        }
        Ok(Ready {
            name: format!("{}.png", self.stem),
            mime: "image/png",
            size: Some((png.width, png.height)),
            bytes: png.bytes,
            note: None,
        })
    }

    /// The replay GIF: the whole game if it fits `limit`, drawn smaller if that fits, else
    /// the last moves that fit.
    fn render_replay(&self, replay: &ReplayOf, lang: Lang, limit: u64) -> Result<Ready, Text> {
        let players = replay.players.clone().map(Some);
        let scenes = match &replay.ended {
            Some(result) => {
                replay_scenes_ended(&replay.record, &players, lang, result.render(lang))
            }
            None => replay_scenes(&replay.record, replay.viewer, &players, lang),
        };
        let cannot = || t!("file-replay-failed", id = self.game);
        let scenes = scenes.map_err(|e| {
            // The error may quote a move, never a value (`Action::describe`).
            tracing::warn!(game = self.game, error = %e, "cannot replay a record");
            cannot()
        })?;
        let draw = |frames: &[skald_render::Scene], options: &ReplayOptions| {
            replay_gif(frames, options).map_err(|e| {
                tracing::warn!(game = self.game, error = %e, "cannot draw a replay");
                cannot()
            })
        };
        let ready = |bytes: Vec<u8>, note: Option<Text>| Ready {
            name: format!("{}.gif", self.stem),
            mime: "image/gif",
            size: gif_size(&bytes),
            bytes,
            note,
        };
        let whole = draw(&scenes, &ReplayOptions::default())?;
        if whole.len() as u64 <= limit {
            return Ok(ready(whole, None));
        }
        let small = ReplayOptions {
            scale: 0.35,
            colors: 16,
            ..ReplayOptions::default()
        };
        let mut last = draw(&scenes, &small)?;
        if last.len() as u64 <= limit {
            return Ok(ready(last, None));
        }
        // The last moves that fit: as many frames as the limit holds at the size a frame
        // took, less a tenth for the palette and the pause; fewer again if that missed.
        let moves = scenes.len().saturating_sub(1);
        let per_frame = (last.len() as u64 / scenes.len().max(1) as u64).max(1);
        let mut keep = usize::try_from(limit / 10 * 9 / per_frame)
            .unwrap_or(usize::MAX)
            .min(scenes.len() - 1);
        for _ in 0..SHORTENING_TRIES {
            if keep < FEWEST_FRAMES {
                break;
            }
            last = draw(&scenes[scenes.len() - keep..], &small)?;
            if last.len() as u64 <= limit {
                let note = t!(
                    "file-replay-shortened",
                    id = self.game,
                    shown = keep - 1,
                    moves = moves,
                    limit = mib_down(limit)
                );
                return Ok(ready(last, Some(note)));
            }
            keep /= 2;
        }
        Err(t!(
            "file-replay-too-big",
            id = self.game,
            limit = mib_down(limit)
        ))
    }
}

/// A GIF's width and height, from its logical screen descriptor.
fn gif_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let w = u16::from_le_bytes([*bytes.get(6)?, *bytes.get(7)?]);
    let h = u16::from_le_bytes([*bytes.get(8)?, *bytes.get(9)?]);
    Some((u32::from(w), u32::from(h)))
}

/// A size in whole MiB, rounded up (a file of 10.2 MiB is "11 MB": more than a limit of 10).
fn mib_up(bytes: u64) -> u64 {
    bytes.div_ceil(MIB)
}

/// A limit in whole MiB, rounded down (never more than the platform takes); below one MiB, 0
/// would mislead, so 1.
fn mib_down(bytes: u64) -> u64 {
    (bytes / MIB).max(1)
}

/// Bytes that are almost always UTF-8 (a record's JSON lines) as a JSON string, else as a
/// list of numbers, so any bytes come back exactly (`#[serde(with)]`).
pub(crate) mod bytes_as_text {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Either form, as read.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Bytes {
        Text(String),
        Raw(Vec<u8>),
    }

    /// Writes UTF-8 bytes as a string, others as numbers.
    pub(crate) fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(bytes) {
            Ok(text) => s.serialize_str(text),
            Err(_) => s.collect_seq(bytes),
        }
    }

    /// Reads either form.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        Ok(match Bytes::deserialize(d)? {
            Bytes::Text(text) => text.into_bytes(),
            Bytes::Raw(bytes) => bytes,
        })
    }
}
