//! Community tournaments (issue #22), the session's part: the `tournament` and
//! `tournaments` commands (the stored [`TournamentDoc`] is `skald_model::tournament`), the
//! games a round makes, and a game's end recorded in its tournament. The pairing systems,
//! standings and tie-breaks are the pure `skald-tournament` crate's; this module stores,
//! decides when, and tells the players.
//!
//! Exactly once: a tournament is written with compare-and-swap on the version read, in the
//! same commit as the games its new round makes (and, when a game ends, as that game's end
//! and rating), so two commands, two game endings or two processes cannot pair a round
//! twice or lose a result: the one that loses the race reads the tournament again.
//! Decisions the issue left open are in `docs/TOURNAMENTS.md` ("In chat").
//!
//! - [`doc`]: the stored document, and the record the tournament crate reads;
//! - [`pairing`]: start, results, the next boards (pure, on the document);
//! - `games`: a round's boards made into games, and their announcement;
//! - `results`: a tournament game's end recorded, in the game's ending commit;
//! - `commands`: `tournament …` and `tournaments`;
//! - `show`: the standings and the other texts;
//! - `scheduled`: a tournament that starts by itself at its `starts:` time.

pub(crate) mod commands;
pub use skald_model::tournament as doc;
mod games;
pub mod pairing;
pub(crate) mod results;
mod scheduled;
mod show;

pub(crate) use commands::attach_standings_picture;
pub use doc::TournamentDoc;
