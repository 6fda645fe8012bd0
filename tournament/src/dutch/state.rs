//! What the Dutch rules need to know about each player before a round: score, pairing rank,
//! colour preference (C.04.3 A.6), float history (A.4), bye eligibility (C.2), read from the
//! round-by-round history.

use std::collections::HashMap;

use crate::model::{Color, GameScore, PointSystem, RoundEntry, StartNumber, Tenths, Tournament};

use super::PairingError;

/// Which way a player floated in a past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Float {
    /// Paired against a lower score, or given a point without playing.
    Down,
    /// Paired against a higher score.
    Up,
    /// Neither.
    None,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone)]
pub(crate) struct PlayerState {
    /// The start number.
    pub start: StartNumber,
    /// The effective pairing number, 0-based, among the players still in the tournament.
    pub rank: usize,
    /// Points so far.
    pub score: Tenths,
    /// One entry per played round (absences filled in).
    pub entries: Vec<RoundEntry>,
    /// Games actually played.
    pub played_games: usize,
    /// |whites - blacks| over played games.
    pub imbalance: usize,
    /// The colour of the last two (or more) played games when they were the same.
    pub repeated: Option<Color>,
    /// The colour the player should get next (A.6).
    pub preference: Option<Color>,
    /// A strong, not absolute, preference: imbalance of one.
    pub strong: bool,
    /// May receive the pairing-allocated bye (no earlier bye, forfeit win or full-point bye).
    pub bye_eligible: bool,
}

impl PlayerState {
    /// Imbalance of two or more: the colour preference is absolute.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute colour preference (A.6.a): imbalance above one, or the same colour in the
    /// last two played games.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// Every player of a tournament prepared for pairing the next round.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    /// Rounds already paired.
    pub played_rounds: usize,
    /// The planned number of rounds.
    pub total_rounds: usize,
    /// The point system.
    pub points: PointSystem,
    /// Every player still in the tournament.
    pub players: Vec<PlayerState>,
    /// Index in `players` by start number.
    pub by_start: HashMap<StartNumber, usize>,
    /// Indices in `players` of those to pair this round (not pre-assigned a bye or absence).
    pub pairable: Vec<usize>,
}

impl Prepared {
    /// Reads the tournament, checking that histories are consistent (opponents exist and
    /// agree on the game).
    pub fn new(tournament: &Tournament) -> Result<Prepared, PairingError> {
        let points = tournament.points;
        // Trailing "not paired" entries carry nothing: a blank TRF block.
        let trimmed: Vec<&[RoundEntry]> = tournament
            .players
            .iter()
            .map(|p| {
                let len = p
                    .rounds
                    .iter()
                    .rposition(|e| *e != RoundEntry::NotPaired)
                    .map_or(0, |i| i + 1);
                &p.rounds[..len]
            })
            .collect();
        // A round counts as played when someone was paired in it, or when a later round has
        // an entry (as bbpPairings reads TRF files).
        let mut played_rounds = 0;
        for entries in &trimmed {
            for (i, entry) in entries.iter().enumerate() {
                let reach = if entry.participated_in_pairing() {
                    i + 1
                } else {
                    i
                };
                played_rounds = played_rounds.max(reach);
            }
        }
        let mut seen = HashMap::new();
        for (i, p) in tournament.players.iter().enumerate() {
            if p.start_number == 0 {
                return Err(PairingError::Input(
                    "start number 0 is not a player".to_string(),
                ));
            }
            if seen.insert(p.start_number, i).is_some() {
                return Err(PairingError::Input(format!(
                    "start number {} is used twice",
                    p.start_number
                )));
            }
        }
        let mut order: Vec<usize> = (0..tournament.players.len()).collect();
        order.sort_by_key(|&i| tournament.players[i].start_number);
        let mut players = Vec::new();
        let mut pairable = Vec::new();
        let mut by_start = HashMap::new();
        for &i in &order {
            let p = &tournament.players[i];
            let entries = trimmed[i];
            if entries.len() > played_rounds + 1 {
                return Err(PairingError::Input(format!(
                    "player {} has entries for round {} but only {} rounds were paired",
                    p.start_number,
                    entries.len(),
                    played_rounds
                )));
            }
            let to_pair = entries.len() <= played_rounds;
            let participated = entries.iter().any(RoundEntry::participated_in_pairing);
            if !to_pair && !participated {
                // Never paired and not to be paired: not in the tournament (yet).
                continue;
            }
            let mut history: Vec<RoundEntry> =
                entries.iter().take(played_rounds).copied().collect();
            history.resize(played_rounds, RoundEntry::NotPaired);
            let state = summarize(p.start_number, players.len(), &history, &points);
            by_start.insert(p.start_number, players.len());
            if to_pair {
                pairable.push(players.len());
            }
            players.push(state);
        }
        let prepared = Prepared {
            played_rounds,
            total_rounds: usize::try_from(tournament.total_rounds).unwrap_or(usize::MAX),
            points,
            players,
            by_start,
            pairable,
        };
        prepared.check_opponents()?;
        Ok(prepared)
    }

    /// Every game names an existing opponent whose entry names this player back.
    fn check_opponents(&self) -> Result<(), PairingError> {
        for p in &self.players {
            for (round, entry) in p.entries.iter().enumerate() {
                if let RoundEntry::Game {
                    opponent,
                    score,
                    played,
                    ..
                } = entry
                {
                    let back = self
                        .by_start
                        .get(opponent)
                        .and_then(|&o| self.players[o].entries.get(round));
                    // A double forfeit is two losses; a played game has opposite results.
                    let consistent = *opponent != p.start
                        && matches!(back, Some(RoundEntry::Game { opponent: o, score: s, .. })
                        if *o == p.start && (!*played || *s == score.opposite()));
                    if !consistent {
                        return Err(PairingError::Input(format!(
                            "round {}: player {} played {} but {}'s entry does not match",
                            round + 1,
                            p.start,
                            opponent,
                            opponent
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// The player's score before the last `rounds_back` rounds.
    pub fn score_back(&self, player: usize, rounds_back: usize) -> Tenths {
        let p = &self.players[player];
        let keep = self.played_rounds.saturating_sub(rounds_back);
        self.points.total(&p.entries, keep)
    }

    /// How the player floated `rounds_back` rounds ago (1 = the last round).
    pub fn float(&self, player: usize, rounds_back: usize) -> Float {
        if rounds_back == 0 || rounds_back > self.played_rounds {
            return Float::None;
        }
        let round = self.played_rounds - rounds_back;
        let entry = self.players[player].entries[round];
        match entry {
            RoundEntry::Game {
                opponent,
                played: true,
                ..
            } => {
                let Some(&o) = self.by_start.get(&opponent) else {
                    return Float::None;
                };
                let mine = self.score_back(player, rounds_back);
                let theirs = self.score_back(o, rounds_back);
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            _ if self.points.points(&entry) > self.points.loss => Float::Down,
            _ => Float::None,
        }
    }

    /// True when the last-round exception applies: pairing the final round, and a player
    /// scores over half the maximum (a "topscorer", C.04.3 A.7) may be paired against a
    /// player with the same absolute colour preference.
    pub fn topscorer_exception(&self, player: usize) -> bool {
        if self.played_rounds + 1 < self.total_rounds {
            return false;
        }
        let best = self.points.win.max(self.points.draw);
        let threshold = (self.played_rounds as u64 * u64::from(best)) / 2;
        u64::from(self.players[player].score) > threshold
    }
}

/// The colour and bye facts of one history.
fn summarize(
    start: StartNumber,
    rank: usize,
    history: &[RoundEntry],
    points: &PointSystem,
) -> PlayerState {
    let mut whites = 0usize;
    let mut blacks = 0usize;
    let mut streak = 0usize;
    let mut last = None;
    let mut played_games = 0;
    for color in history.iter().filter_map(RoundEntry::played_color) {
        played_games += 1;
        match color {
            Color::White => whites += 1,
            Color::Black => blacks += 1,
        }
        streak = if last == Some(color) { streak + 1 } else { 1 };
        last = Some(color);
    }
    let lower = if whites > blacks {
        Color::Black
    } else {
        Color::White
    };
    let imbalance = whites.abs_diff(blacks);
    let preference = if imbalance > 1 {
        Some(lower)
    } else if streak > 1 {
        last.map(Color::invert)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        last.map(Color::invert)
    };
    let repeated = if streak > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    let bye_eligible = !history.iter().any(|e| {
        !e.is_played_game()
            && (points.points(e) >= points.win
                || *e == RoundEntry::PairingBye
                || (e.score() == GameScore::Win && e.participated_in_pairing()))
    });
    PlayerState {
        start,
        rank,
        score: points.total(history, history.len()),
        entries: history.to_vec(),
        played_games,
        imbalance,
        repeated,
        preference,
        strong: !absolute && imbalance > 0,
        bye_eligible,
    }
}
