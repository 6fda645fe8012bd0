//! The absolute criteria of a Swiss round (C.04.3 C.1 to C.3), checked independently of the
//! pairing procedure, and the replay of a finished tournament round by round: the tests hold
//! every pairing to the first and compare every round with a reference through the second.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use crate::dutch::{self, PairingError};
use crate::model::{Color, RoundEntry, StartNumber, Tournament};
use crate::pairing::RoundPairing;

/// A broken absolute criterion.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// Someone pairable was neither paired nor given the bye, or appears twice, or someone
    /// not pairable was paired.
    #[error("player {0} is missing, doubled or not pairable this round")]
    Coverage(StartNumber),
    /// Two players meet again (C.1).
    #[error("players {0} and {1} already played each other")]
    Rematch(StartNumber, StartNumber),
    /// The bye goes to a player who already had a bye or a point without playing (C.2).
    #[error("player {0} may not receive the pairing-allocated bye again")]
    SecondBye(StartNumber),
    /// Two players with the same absolute colour preference meet, outside the last-round
    /// topscorer exception (C.3).
    #[error("players {0} and {1} both must have {2:?}")]
    Colour(StartNumber, StartNumber, Color),
    /// More than one bye, or a bye with an even number of players.
    #[error("the round has a wrong number of byes")]
    Byes,
}

/// Checks one round's pairing against the absolute criteria, given the tournament before it
/// (entries pre-assigned for that round mark the players not to pair).
pub fn check_absolute_criteria(
    before: &Tournament,
    pairing: &RoundPairing,
) -> Result<(), Violation> {
    let round = before
        .players
        .iter()
        .map(|p| last_paired_round(&p.rounds))
        .max()
        .unwrap_or(0);
    let pairable: HashSet<StartNumber> = before
        .players
        .iter()
        .filter(|p| trimmed_len(&p.rounds) <= round)
        .map(|p| p.start_number)
        .collect();
    let mut seen = HashSet::new();
    for &(w, b) in &pairing.pairs {
        for x in [w, b] {
            if !pairable.contains(&x) || !seen.insert(x) {
                return Err(Violation::Coverage(x));
            }
        }
    }
    if let Some(bye) = pairing.bye
        && (!pairable.contains(&bye) || !seen.insert(bye))
    {
        return Err(Violation::Coverage(bye));
    }
    if let Some(&missing) = pairable.iter().find(|p| !seen.contains(p)) {
        return Err(Violation::Coverage(missing));
    }
    if pairing.bye.is_some() != (pairable.len() % 2 == 1) {
        return Err(Violation::Byes);
    }
    let by_start: HashMap<StartNumber, &crate::model::Player> =
        before.players.iter().map(|p| (p.start_number, p)).collect();
    for &(w, b) in &pairing.pairs {
        let (Some(pw), Some(pb)) = (by_start.get(&w), by_start.get(&b)) else {
            return Err(Violation::Coverage(w));
        };
        if pw
            .rounds
            .iter()
            .any(|e| e.is_played_game() && e.opponent() == Some(b))
        {
            return Err(Violation::Rematch(w, b));
        }
        let (cw, cb) = (
            absolute_preference(&pw.rounds),
            absolute_preference(&pb.rounds),
        );
        if let (Some(x), Some(y)) = (cw, cb)
            && x == y
            && !topscorer(before, pw, round)
            && !topscorer(before, pb, round)
        {
            return Err(Violation::Colour(w, b, x));
        }
    }
    if let Some(bye) = pairing.bye
        && let Some(p) = by_start.get(&bye)
    {
        let had = p.rounds.iter().any(|e| {
            !e.is_played_game()
                && (before.points.points(e) >= before.points.win || *e == RoundEntry::PairingBye)
        });
        if had {
            return Err(Violation::SecondBye(bye));
        }
    }
    Ok(())
}

/// Entries without the trailing blanks.
fn trimmed_len(rounds: &[RoundEntry]) -> usize {
    rounds
        .iter()
        .rposition(|e| *e != RoundEntry::NotPaired)
        .map_or(0, |i| i + 1)
}

/// The number of rounds already paired as far as this history tells.
fn last_paired_round(rounds: &[RoundEntry]) -> usize {
    rounds
        .iter()
        .enumerate()
        .filter(|(_, e)| **e != RoundEntry::NotPaired)
        .map(|(i, e)| {
            if e.participated_in_pairing() {
                i + 1
            } else {
                i
            }
        })
        .max()
        .unwrap_or(0)
}

/// The colour a player must get, when the preference is absolute (A.6.a): imbalance of two
/// or more, or the same colour in the last two played games.
fn absolute_preference(rounds: &[RoundEntry]) -> Option<Color> {
    let colors: Vec<Color> = rounds.iter().filter_map(RoundEntry::played_color).collect();
    let whites = colors.iter().filter(|c| **c == Color::White).count();
    let blacks = colors.len() - whites;
    if whites >= blacks + 2 {
        return Some(Color::Black);
    }
    if blacks >= whites + 2 {
        return Some(Color::White);
    }
    match colors.as_slice() {
        [.., a, b] if a == b => Some(b.invert()),
        _ => None,
    }
}

/// A topscorer in the last round: more than half the maximum score.
fn topscorer(t: &Tournament, p: &crate::model::Player, played: usize) -> bool {
    if (played as u64) + 1 < u64::from(t.total_rounds) {
        return false;
    }
    let score = t.points.total(&p.rounds, played);
    u64::from(score) * 2 > played as u64 * u64::from(t.points.win.max(t.points.draw))
}

/// The pairing a recorded round actually had: games (played or forfeited) and the
/// pairing-allocated bye.
pub fn recorded_round(tournament: &Tournament, round: usize) -> RoundPairing {
    let mut pairs = Vec::new();
    let mut bye = None;
    for p in &tournament.players {
        match p.rounds.get(round) {
            Some(RoundEntry::Game {
                opponent,
                color: Color::White,
                ..
            }) => pairs.push((p.start_number, *opponent)),
            Some(RoundEntry::PairingBye) => bye = Some(p.start_number),
            _ => {}
        }
    }
    RoundPairing { pairs, bye }
}

/// The tournament as it stood before `round` (0-based) was paired: entries of earlier rounds,
/// and the entries of that round which were not decided by the pairing (requested byes,
/// absences).
pub fn before_round(tournament: &Tournament, round: usize) -> Tournament {
    let mut t = tournament.clone();
    for p in &mut t.players {
        let keep_current = p
            .rounds
            .get(round)
            .is_some_and(|e| !e.participated_in_pairing() && *e != RoundEntry::NotPaired);
        p.rounds.truncate(round + usize::from(keep_current));
        p.rank = None;
    }
    t
}

/// One round of a replay: what was recorded and what Skald pairs from the rounds before.
#[derive(Debug, Clone)]
pub struct ReplayedRound {
    /// 0-based round.
    pub round: usize,
    /// The recorded pairing.
    pub recorded: RoundPairing,
    /// Skald's pairing of the same round.
    pub paired: Result<RoundPairing, PairingError>,
}

impl ReplayedRound {
    /// Same pairs, same colours, same bye.
    pub fn identical(&self) -> bool {
        match &self.paired {
            Ok(p) => {
                let a: HashSet<_> = p.pairs.iter().collect();
                let b: HashSet<_> = self.recorded.pairs.iter().collect();
                a == b && p.bye == self.recorded.bye
            }
            Err(_) => false,
        }
    }
}

/// Re-pairs every recorded round of a Swiss tournament from the rounds before it.
pub fn replay(tournament: &Tournament) -> Vec<ReplayedRound> {
    (0..tournament.rounds_recorded())
        .map(|round| {
            let before = before_round(tournament, round);
            ReplayedRound {
                round,
                recorded: recorded_round(tournament, round),
                paired: dutch::pair_next_round(&before),
            }
        })
        .filter(|r| !r.recorded.pairs.is_empty() || r.recorded.bye.is_some())
        .collect()
}
