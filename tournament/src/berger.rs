//! Round-robin schedules by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! With `n` players (`n` even, or `n + 1` with a dummy when odd) player `n` is fixed and the
//! others rotate by `n / 2` places each round. Board 1 holds player `n`, who is black in odd
//! rounds and white in even ones; on the other boards the player "ahead" in the rotation is
//! white. This reproduces the published tables exactly (the test compares with them for 3 to
//! 16 players), and extends them to larger leagues by the same rule.

use thiserror::Error;

use crate::model::StartNumber;
use crate::pairing::RoundPairing;

/// The smallest round-robin: two players meet once.
pub const MIN_PLAYERS: u32 = 2;
/// The largest round-robin Skald schedules: far above any chat league, small enough that a
/// schedule (n² / 2 boards) stays tiny.
pub const MAX_PLAYERS: u32 = 1000;

/// Why no schedule was made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BergerError {
    /// The player count is outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("a round-robin needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    PlayerCount(u32),
}

/// The single round-robin for `players` players: `players - 1` rounds when even, `players`
/// when odd (each player has one bye). Start numbers are 1-based.
pub fn single_round_robin(players: u32) -> Result<Vec<RoundPairing>, BergerError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(BergerError::PlayerCount(players));
    }
    let n = players + players % 2;
    let dummy = (players % 2 == 1).then_some(n);
    let rotating = n - 1;
    let half = n / 2;
    let mut rounds = Vec::new();
    for round in 1..=rotating {
        // The rotation's starting place this round, 0-based among players 1..n-1.
        let base = ((round - 1) * half) % rotating;
        let mut boards = Vec::with_capacity(half as usize);
        let first = base + 1;
        boards.push(if round % 2 == 1 {
            (first, n)
        } else {
            (n, first)
        });
        for board in 1..half {
            let white = (base + board) % rotating + 1;
            let black = (base + rotating - board) % rotating + 1;
            boards.push((white, black));
        }
        rounds.push(with_dummy(boards, dummy));
    }
    Ok(rounds)
}

/// The double round-robin: the single one, then the same rounds again with colours swapped.
/// With `swap_last_two`, the last two rounds of the first cycle are played in reverse order,
/// as C.05 recommends so that nobody has the same colour three times running across the two
/// cycles; the second cycle stays the first cycle's original order with colours swapped.
pub fn double_round_robin(
    players: u32,
    swap_last_two: bool,
) -> Result<Vec<RoundPairing>, BergerError> {
    let single = single_round_robin(players)?;
    let mut first = single.clone();
    let len = first.len();
    if swap_last_two && len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = single.into_iter().map(|round| RoundPairing {
        pairs: round.pairs.into_iter().map(|(w, b)| (b, w)).collect(),
        bye: round.bye,
    });
    Ok(first.into_iter().chain(second).collect())
}

/// Turns the board containing the dummy into the bye.
fn with_dummy(boards: Vec<(StartNumber, StartNumber)>, dummy: Option<StartNumber>) -> RoundPairing {
    let mut bye = None;
    let mut pairs = Vec::with_capacity(boards.len());
    for (white, black) in boards {
        if Some(white) == dummy {
            bye = Some(black);
        } else if Some(black) == dummy {
            bye = Some(white);
        } else {
            pairs.push((white, black));
        }
    }
    RoundPairing { pairs, bye }
}
