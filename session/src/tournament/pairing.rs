//! The pure moves of a running tournament, on its document only (no store, no clock): the
//! start (start numbers by rating, the schedule or the first round), a game's result
//! recorded, and the next boards to play once results allow them. The session turns the
//! boards this returns into games ([`super::games`]) in the same commit as the document,
//! so every pairing happens exactly once (compare-and-swap on the tournament).

use super::doc::{Entrant, Format, Outcome, Pace, Pairing, Round, State, TournamentDoc};
use skald_tournament::knockout::Bracket;
use skald_tournament::{GameScore, RoundEntry, StartNumber, berger, dutch};

/// The most players a round-robin takes (every pair meets: 24 players are 276 games).
pub const MAX_ROUND_ROBIN: usize = 24;
/// The most players a Swiss or a knockout takes.
pub const MAX_PLAYERS: usize = 256;
/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// Why a tournament cannot start (each is said to the player with what would work).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Fewer players than the format needs.
    TooFew {
        /// Players entered.
        have: usize,
        /// Players needed.
        need: usize,
    },
    /// More players than the format takes.
    TooMany {
        /// Players entered.
        have: usize,
        /// The most allowed.
        most: usize,
    },
}

/// A board to make a game for: its round (index into `rounds`) and its pairing's index.
pub type Slot = (usize, usize);

/// What a change did: the boards that need games now.
#[derive(Debug, Default)]
pub struct Advance {
    /// Boards with no game yet, both players still playing.
    pub new_games: Vec<Slot>,
    /// Rounds that began with this change (their numbers), for the announcement.
    pub rounds_begun: Vec<u32>,
    /// The tournament ended with this change.
    pub finished: bool,
    /// The Swiss could not be paired any further (the absolute criteria left no pairing):
    /// it ended early.
    pub ended_early: bool,
}

/// Starts an open tournament: start numbers by rating (highest first, then name), the
/// schedule (a round-robin's every round, a Swiss's first, a knockout's bracket), and the
/// boards to play first. The caller gives each entrant's rating.
pub fn start(doc: &mut TournamentDoc) -> Result<Advance, StartError> {
    let have = doc.players.len();
    let (need, most) = match doc.format {
        Format::RoundRobin { .. } => (3, MAX_ROUND_ROBIN),
        Format::Swiss { rounds } => (
            usize::try_from(rounds).unwrap_or(usize::MAX) + 1,
            MAX_PLAYERS,
        ),
        Format::Knockout => (2, MAX_PLAYERS),
    };
    if have < need.max(2) {
        return Err(StartError::TooFew {
            have,
            need: need.max(2),
        });
    }
    if have > most {
        return Err(StartError::TooMany { have, most });
    }
    number_by_rating(&mut doc.players);
    doc.state = State::Running;
    let n = u32::try_from(have).unwrap_or(u32::MAX);
    match doc.format {
        Format::RoundRobin { double } => {
            let schedule = if double {
                berger::double_round_robin(n, true)
            } else {
                berger::single_round_robin(n)
            }
            .map_err(|_| StartError::TooMany { have, most })?;
            let all = doc.pace == Pace::All;
            doc.rounds = schedule
                .into_iter()
                .enumerate()
                .map(|(i, r)| Round {
                    number: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    pairings: r
                        .pairs
                        .iter()
                        .map(|&(white, black)| board(white, black, None))
                        .collect(),
                    bye: r.bye,
                    started: all || i == 0,
                })
                .collect();
            let mut advance = Advance::default();
            for (ri, round) in doc.rounds.iter().enumerate() {
                if round.started {
                    advance.rounds_begun.push(round.number);
                    advance
                        .new_games
                        .extend((0..round.pairings.len()).map(|pi| (ri, pi)));
                }
            }
            let mut more = next(doc);
            more.rounds_begun.splice(0..0, advance.rounds_begun);
            more.new_games.splice(0..0, advance.new_games);
            Ok(more)
        }
        Format::Swiss { .. } => Ok(next(doc)),
        Format::Knockout => {
            let seeds: Vec<(StartNumber, u16)> =
                doc.players.iter().map(|p| (p.start, p.rating)).collect();
            let bracket = Bracket::new(&seeds).map_err(|_| StartError::TooFew { have, need: 2 })?;
            doc.bracket = Some(bracket);
            Ok(next(doc))
        }
    }
}

/// Gives start numbers: rating, highest first, then name, then who joined first.
fn number_by_rating(players: &mut [Entrant]) {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        players[b]
            .rating
            .cmp(&players[a].rating)
            .then(players[a].user.name.cmp(&players[b].user.name))
            .then(a.cmp(&b))
    });
    for (number, &i) in order.iter().enumerate() {
        players[i].start = StartNumber::try_from(number + 1).unwrap_or(StartNumber::MAX);
    }
}

fn board(white: StartNumber, black: StartNumber, knockout_match: Option<usize>) -> Pairing {
    Pairing {
        white,
        black,
        game: None,
        outcome: None,
        knockout_match,
    }
}

/// Records game `game`'s result; false when the game is not one of the tournament's
/// waiting boards (already recorded: nothing changes).
pub fn record(doc: &mut TournamentDoc, game: u64, outcome: Outcome) -> bool {
    let found = doc.rounds.iter().enumerate().find_map(|(ri, r)| {
        r.pairings
            .iter()
            .position(|p| p.game == Some(game) && p.outcome.is_none())
            .map(|pi| (ri, pi))
    });
    let Some((ri, pi)) = found else {
        return false;
    };
    set_outcome(doc, ri, pi, outcome);
    true
}

/// Sets a board's result, and a knockout's bracket with it.
fn set_outcome(doc: &mut TournamentDoc, ri: usize, pi: usize, outcome: Outcome) {
    let Some(p) = doc.rounds.get_mut(ri).and_then(|r| r.pairings.get_mut(pi)) else {
        return;
    };
    p.outcome = Some(outcome);
    let m = p.knockout_match;
    if let (Some(bracket), Some(m)) = (&mut doc.bracket, m)
        && let Err(e) = bracket.record(ri, m, outcome.white)
    {
        tracing::error!(tournament = doc.id, error = %e, "a knockout result does not fit its bracket");
    }
}

/// A player leaves (or is removed) from round `from` on: their boards without a result are
/// forfeited (the games still running are returned, for the caller to end). Returns the
/// running games to end, each with the seat (white: true) of the player leaving.
pub fn withdraw(doc: &mut TournamentDoc, start: StartNumber, from: u32) -> Vec<(u64, bool)> {
    if let Some(e) = doc.players.iter_mut().find(|e| e.start == start) {
        e.withdrawn = Some(from);
    }
    let mut running = Vec::new();
    let mut forfeits = Vec::new();
    for (ri, r) in doc.rounds.iter().enumerate() {
        if !r.started {
            continue;
        }
        for (pi, p) in r.pairings.iter().enumerate() {
            if p.outcome.is_some() || (p.white != start && p.black != start) {
                continue;
            }
            let white_leaves = p.white == start;
            match p.game {
                Some(g) => running.push((g, white_leaves)),
                None => forfeits.push((ri, pi, white_leaves)),
            }
        }
    }
    for (ri, pi, white_leaves) in forfeits {
        set_outcome(doc, ri, pi, forfeit(white_leaves));
    }
    running
}

/// The result of a board forfeited by one side.
pub fn forfeit(white_leaves: bool) -> Outcome {
    Outcome {
        white: if white_leaves {
            GameScore::Loss
        } else {
            GameScore::Win
        },
        played: false,
    }
}

/// The boards that can be played now that results came in, each made once: a round-robin's
/// next round (`pace: rounds`), a Swiss's next round by the Dutch system, a knockout's
/// matches whose players are known (a drawn game replayed with seats swapped). Boards with
/// a withdrawn player are forfeited at once. Finishes the tournament when nothing is left.
pub fn next(doc: &mut TournamentDoc) -> Advance {
    let mut advance = Advance::default();
    if doc.state != State::Running {
        return advance;
    }
    loop {
        let slots = match doc.format {
            Format::RoundRobin { .. } => next_round_robin(doc),
            Format::Swiss { rounds } => match next_swiss(doc, rounds) {
                Ok(s) => s,
                Err(()) => {
                    advance.ended_early = true;
                    None
                }
            },
            Format::Knockout => Some(next_knockout(doc)),
        };
        let progressed = slots.as_ref().is_some_and(|s| !s.is_empty());
        if let Some(slots) = slots {
            for (ri, pi) in slots {
                if let Some(round) = doc.rounds.get(ri)
                    && !advance.rounds_begun.contains(&round.number)
                    && doc.format != Format::Knockout
                {
                    advance.rounds_begun.push(round.number);
                }
                // A board with a player who left is forfeited at once, without a game.
                let Some(p) = doc.rounds.get(ri).and_then(|r| r.pairings.get(pi)) else {
                    continue;
                };
                let gone = |s: StartNumber| doc.entrant(s).is_some_and(|e| e.withdrawn.is_some());
                match (gone(p.white), gone(p.black)) {
                    (false, false) => advance.new_games.push((ri, pi)),
                    (white_gone, _) => set_outcome(doc, ri, pi, forfeit(white_gone)),
                }
            }
        }
        if !progressed {
            break;
        }
    }
    if over(doc) || advance.ended_early {
        doc.state = State::Finished;
        advance.finished = true;
    }
    advance
}

/// Whether every game the format will ever play has been played.
fn over(doc: &TournamentDoc) -> bool {
    match doc.format {
        Format::RoundRobin { .. } => doc.rounds.iter().all(Round::complete),
        Format::Swiss { rounds } => {
            doc.rounds.len() >= usize::try_from(rounds).unwrap_or(usize::MAX)
                && doc.rounds.iter().all(Round::complete)
        }
        Format::Knockout => doc.bracket.as_ref().is_some_and(|b| b.champion().is_some()),
    }
}

/// A round-robin at `pace: rounds`: the next round starts once every earlier one is complete.
fn next_round_robin(doc: &mut TournamentDoc) -> Option<Vec<Slot>> {
    let ri = doc.rounds.iter().position(|r| !r.started)?;
    if !doc.rounds[..ri].iter().all(Round::complete) {
        return None;
    }
    let round = &mut doc.rounds[ri];
    round.started = true;
    Some((0..round.pairings.len()).map(|pi| (ri, pi)).collect())
}

/// A Swiss: the next round, paired by the Dutch system once every game of the last one
/// ended. `Err` when no legal pairing remains.
fn next_swiss(doc: &mut TournamentDoc, rounds: u32) -> Result<Option<Vec<Slot>>, ()> {
    if doc.rounds.len() >= usize::try_from(rounds).unwrap_or(usize::MAX)
        || !doc.rounds.iter().all(Round::complete)
    {
        return Ok(None);
    }
    let number = u32::try_from(doc.rounds.len() + 1).unwrap_or(u32::MAX);
    let mut record = doc.as_tournament(None);
    // Players who left are not paired: a zero-point bye in the round being paired.
    for p in &mut record.players {
        if doc
            .entrant(p.start_number)
            .is_some_and(|e| e.withdrawn.is_some())
        {
            p.rounds.resize(doc.rounds.len(), RoundEntry::NotPaired);
            p.rounds.push(RoundEntry::ZeroPointBye);
        }
    }
    let active = doc.players.iter().filter(|e| e.withdrawn.is_none()).count();
    if active < 2 {
        return Err(());
    }
    let pairing = dutch::pair_next_round(&record).map_err(|e| {
        tracing::warn!(tournament = doc.id, error = %e, "no Swiss pairing for the next round");
    })?;
    doc.rounds.push(Round {
        number,
        pairings: pairing
            .pairs
            .iter()
            .map(|&(white, black)| board(white, black, None))
            .collect(),
        bye: pairing.bye,
        started: true,
    });
    let ri = doc.rounds.len() - 1;
    Ok(Some(
        (0..doc.rounds[ri].pairings.len())
            .map(|pi| (ri, pi))
            .collect(),
    ))
}

/// A knockout: a board for every match whose two players are known and that waits for a
/// game (a new match, or one whose last game was drawn: replayed with seats swapped, as
/// the bracket says), unless one is being played.
fn next_knockout(doc: &mut TournamentDoc) -> Vec<Slot> {
    let Some(bracket) = &doc.bracket else {
        return Vec::new();
    };
    let mut wanted = Vec::new();
    for (ri, matches) in bracket.rounds.iter().enumerate() {
        for (mi, m) in matches.iter().enumerate() {
            if let Some((white, black)) = m.next_game() {
                wanted.push((ri, mi, white, black));
            }
        }
    }
    let mut slots = Vec::new();
    for (ri, mi, white, black) in wanted {
        while doc.rounds.len() <= ri {
            let number = u32::try_from(doc.rounds.len() + 1).unwrap_or(u32::MAX);
            doc.rounds.push(Round {
                number,
                pairings: Vec::new(),
                bye: None,
                started: true,
            });
        }
        let round = &mut doc.rounds[ri];
        let waiting = round
            .pairings
            .iter()
            .any(|p| p.knockout_match == Some(mi) && p.outcome.is_none());
        if !waiting {
            round.pairings.push(board(white, black, Some(mi)));
            slots.push((ri, round.pairings.len() - 1));
        }
    }
    slots
}

/// The game result a finished game gives the tournament (seen from the first seat), from
/// its end: wins, losses and draws as played; a game ended without result (aborted on time
/// before both moved, or ended because a player left) is a forfeit of that seat.
pub fn outcome_of(end: &crate::game::GameEnd) -> Outcome {
    use crate::game::GameResult;
    use skald_rules::Seat;
    match end.result {
        GameResult::Aborted(seat) | GameResult::AbortedOnTime(seat) => forfeit(seat == Seat::A),
        result => {
            let white = match result.winner() {
                Some(Some(Seat::A)) => GameScore::Win,
                Some(Some(Seat::B)) => GameScore::Loss,
                _ => GameScore::Draw,
            };
            Outcome {
                white,
                played: true,
            }
        }
    }
}
