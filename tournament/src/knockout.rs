//! Knockout brackets seeded by rating.
//!
//! Seeds are ordered by rating (higher first, then start number). The bracket has the next
//! power of two of slots; seed `s` meets seed `size + 1 - s` in the first round, and the
//! standard placement keeps seeds 1 and 2 in opposite halves (1 and 2 can only meet in the
//! final, 1 to 4 only in the semi-finals, and so on). Missing seeds are byes, so the top seeds
//! get them. A drawn game is replayed with seats swapped until one is decisive: a match is
//! decided by its last game.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{GameScore, StartNumber};

/// Why a bracket could not be made or a result recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnockoutError {
    /// A knockout needs at least two players.
    #[error("a knockout needs at least 2 players, not {0}")]
    TooFewPlayers(usize),
    /// The same start number twice.
    #[error("start number {0} is entered twice")]
    Duplicate(StartNumber),
    /// No such round or match.
    #[error("there is no match {match_index} in round {round}")]
    NoSuchMatch {
        /// 0-based round.
        round: usize,
        /// 0-based match in the round.
        match_index: usize,
    },
    /// The match is decided or waiting for its players.
    #[error("match {match_index} of round {round} is not waiting for a game")]
    NotPlayable {
        /// 0-based round.
        round: usize,
        /// 0-based match in the round.
        match_index: usize,
    },
}

/// One side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// A player.
    Player(StartNumber),
    /// Nobody: the other side goes through.
    Bye,
    /// The winner of an earlier match, not known yet.
    Pending,
}

/// A match between two slots: its games so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// The higher seed's slot: white in the first game.
    pub high: Slot,
    /// The lower seed's slot.
    pub low: Slot,
    /// The games, each as the result for the player who had white in it.
    pub games: Vec<GameScore>,
}

impl Match {
    /// The winner, once known: a bye's opponent, or the winner of the last game.
    pub fn winner(&self) -> Option<StartNumber> {
        match (self.high, self.low) {
            (Slot::Player(p), Slot::Bye) | (Slot::Bye, Slot::Player(p)) => Some(p),
            (Slot::Player(high), Slot::Player(low)) => {
                let last = self.games.len().checked_sub(1)?;
                let (white, black) = self.seats(last, high, low);
                match self.games[last] {
                    GameScore::Win => Some(white),
                    GameScore::Loss => Some(black),
                    GameScore::Draw => None,
                }
            }
            _ => None,
        }
    }

    /// Whether both slots are byes: the match sends a bye on.
    fn is_empty(&self) -> bool {
        self.high == Slot::Bye && self.low == Slot::Bye
    }

    /// Seats of game `index` (0-based): the higher seed is white in even games.
    fn seats(
        &self,
        index: usize,
        high: StartNumber,
        low: StartNumber,
    ) -> (StartNumber, StartNumber) {
        if index.is_multiple_of(2) {
            (high, low)
        } else {
            (low, high)
        }
    }

    /// The `(white, black)` of the next game, when one is to be played.
    pub fn next_game(&self) -> Option<(StartNumber, StartNumber)> {
        match (self.high, self.low) {
            (Slot::Player(high), Slot::Player(low)) if self.winner().is_none() => {
                Some(self.seats(self.games.len(), high, low))
            }
            _ => None,
        }
    }
}

/// A whole bracket: round 0 is the first round, the last round the final.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Start numbers in seed order (seed 1 first).
    pub seeds: Vec<StartNumber>,
    /// The matches of each round, top of the bracket first.
    pub rounds: Vec<Vec<Match>>,
}

/// The seed numbers (1-based) in bracket order for `size` slots, a power of two: for 8,
/// 1 8 4 5 2 7 3 6 — each adjacent pair a first-round match, each half holding one of the top
/// two seeds.
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

impl Bracket {
    /// Seeds the players (start number, rating) by rating and builds the bracket, byes
    /// already decided.
    pub fn new(players: &[(StartNumber, u16)]) -> Result<Bracket, KnockoutError> {
        if players.len() < 2 {
            return Err(KnockoutError::TooFewPlayers(players.len()));
        }
        let mut sorted = players.to_vec();
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if let Some(w) = sorted
            .iter()
            .enumerate()
            .find(|(i, p)| sorted.iter().skip(i + 1).any(|q| q.0 == p.0))
        {
            return Err(KnockoutError::Duplicate(w.1.0));
        }
        let seeds: Vec<StartNumber> = sorted.iter().map(|p| p.0).collect();
        let size = seeds.len().next_power_of_two();
        let slot = |seed: usize| seeds.get(seed - 1).map_or(Slot::Bye, |&p| Slot::Player(p));
        let order = seed_order(size);
        let first: Vec<Match> = order
            .chunks(2)
            .map(|pair| Match {
                high: slot(pair[0]),
                low: slot(pair[1]),
                games: Vec::new(),
            })
            .collect();
        let mut rounds = vec![first];
        while rounds.last().is_some_and(|r| r.len() > 1) {
            let count = rounds.last().map_or(0, Vec::len) / 2;
            rounds.push(
                (0..count)
                    .map(|_| Match {
                        high: Slot::Pending,
                        low: Slot::Pending,
                        games: Vec::new(),
                    })
                    .collect(),
            );
        }
        let mut bracket = Bracket { seeds, rounds };
        bracket.advance();
        Ok(bracket)
    }

    /// Records the result of the next game of a match, for the player who had white.
    pub fn record(
        &mut self,
        round: usize,
        match_index: usize,
        white_score: GameScore,
    ) -> Result<(), KnockoutError> {
        let m = self
            .rounds
            .get_mut(round)
            .and_then(|r| r.get_mut(match_index))
            .ok_or(KnockoutError::NoSuchMatch { round, match_index })?;
        if m.next_game().is_none() {
            return Err(KnockoutError::NotPlayable { round, match_index });
        }
        m.games.push(white_score);
        self.advance();
        Ok(())
    }

    /// Fills every later round's slots from the matches feeding them (winners, byes or
    /// pending), the better seed in the `high` slot. Idempotent.
    fn advance(&mut self) {
        for round in 1..self.rounds.len() {
            for index in 0..self.rounds[round].len() {
                let feed = |i: usize| -> Slot {
                    let Some(m) = self.rounds[round - 1].get(i) else {
                        return Slot::Bye;
                    };
                    if m.is_empty() {
                        Slot::Bye
                    } else {
                        m.winner().map_or(Slot::Pending, Slot::Player)
                    }
                };
                let (mut high, mut low) = (feed(2 * index), feed(2 * index + 1));
                let seed_of = |slot: Slot| match slot {
                    Slot::Player(p) => self.seeds.iter().position(|&s| s == p),
                    _ => None,
                };
                if let (Some(h), Some(l)) = (seed_of(high), seed_of(low))
                    && l < h
                {
                    std::mem::swap(&mut high, &mut low);
                }
                let next = &mut self.rounds[round][index];
                next.high = high;
                next.low = low;
            }
        }
    }

    /// The champion, once the final is decided.
    pub fn champion(&self) -> Option<StartNumber> {
        self.rounds.last()?.first()?.winner()
    }
}
