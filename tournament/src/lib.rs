//! Skald's community tournaments: the pure core of leagues and seasons.
//!
//! Pure and synchronous; the only I/O is reading and writing TRF text from and to strings.
//! - [`berger`]: round-robin schedules by the FIDE Berger tables;
//! - [`dutch`]: Swiss pairings by the FIDE Dutch system (C.04.3, 2026), bbpPairings' method;
//! - [`swiss_check`]: the absolute criteria every Swiss round must meet, checked on their own;
//! - [`knockout`]: seeded brackets, byes for the top seeds, replays of drawn games;
//! - [`league`]: seasons of divisions of 4 to 8 players, with ups, downs, leavers and
//!   newcomers between seasons;
//! - [`standings`]: points, Sonneborn-Berger, Buchholz Cut 1, direct encounter, wins, and
//!   the round-robin crosstable;
//! - [`trf`]: the FIDE Tournament Report File (TRF-16), read and written, and `pair(trf)`.
//!
//! `docs/TOURNAMENTS.md` tells where the rules leave a choice and what Skald chose.

#![deny(missing_docs)]

pub mod berger;
pub mod dutch;
pub mod knockout;
pub mod league;
mod matching;
pub mod model;
pub mod pairing;
pub mod standings;
pub mod swiss_check;
pub mod trf;

pub use model::{
    Color, GameScore, Player, PointSystem, RoundEntry, StartNumber, Tenths, Tournament,
    TournamentKind,
};
pub use pairing::RoundPairing;
