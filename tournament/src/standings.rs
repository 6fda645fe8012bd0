//! Standings and tie-breaks (FIDE C.07, Tie-Break Regulations in force since 2024, with the
//! unplayed-round amendment applied from 1 February 2026), and the round-robin crosstable.
//!
//! Players are ranked by points, then by the tournament's tie-breaks: Sonneborn-Berger for a
//! round-robin, Buchholz Cut 1 for a Swiss (and a knockout's side tables), then the direct
//! encounter, then the number of wins. Values are exact integers: points in tenths,
//! Buchholz, Sonneborn-Berger and direct encounter in hundredths of a point, wins as a count.
//!
//! Unplayed rounds (C.07 article 16), as `docs/TOURNAMENTS.md` explains:
//! - an opponent's score counts as it is, except the rounds after their last round with a
//!   game or a full-point result (a withdrawal), which count as draws;
//! - a player's own unplayed round counts as a game against a dummy opponent with the player's
//!   own final score, capped by the forfeiting opponent's score (a forfeit) or by a draw in
//!   every round (a bye or an absence);
//! - Cut 1 removes a voluntarily unplayed round (requested bye, absence, forfeit loss) first,
//!   else the lowest contribution;
//! - Sonneborn-Berger, used for round-robins, counts played games only.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::model::{GameScore, RoundEntry, StartNumber, Tenths, Tournament, TournamentKind};

/// A tie-break, in the order FIDE C.07 names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// Sonneborn-Berger (C.07 9.1): opponents' scores, full for a win, half for a draw.
    SonnebornBerger,
    /// Buchholz Cut 1 (C.07 8.1, 14.1): opponents' scores less the least significant one.
    BuchholzCut1,
    /// Direct encounter (C.07 6): points scored among the tied players, when they all met.
    DirectEncounter,
    /// Number of wins (C.07 7.1, WIN): rounds that brought as many points as a win, played
    /// or not (a forfeit win, a full-point bye; a pairing-allocated bye when it is worth a win).
    Wins,
}

/// The tie-breaks a kind of tournament uses.
pub fn default_tiebreaks(kind: TournamentKind) -> Vec<TieBreak> {
    match kind {
        TournamentKind::RoundRobin { .. } => vec![
            TieBreak::SonnebornBerger,
            TieBreak::DirectEncounter,
            TieBreak::Wins,
        ],
        TournamentKind::SwissDutch | TournamentKind::Knockout => vec![
            TieBreak::BuchholzCut1,
            TieBreak::DirectEncounter,
            TieBreak::Wins,
        ],
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// 1-based rank; players tied on points and every tie-break share it.
    pub rank: u32,
    /// The player.
    pub start_number: StartNumber,
    /// Points, in tenths.
    pub points: Tenths,
    /// The tie-break values in the order applied (hundredths of a point, or a count).
    pub tiebreaks: Vec<(TieBreak, u64)>,
}

/// The standings with the tournament kind's default tie-breaks.
pub fn standings(tournament: &Tournament) -> Vec<Standing> {
    standings_with(tournament, &default_tiebreaks(tournament.kind))
}

/// The standings with a chosen list of tie-breaks, best first.
pub fn standings_with(tournament: &Tournament, tiebreaks: &[TieBreak]) -> Vec<Standing> {
    let calc = Calc::new(tournament);
    let mut lines: Vec<Standing> = tournament
        .players
        .iter()
        .map(|p| Standing {
            rank: 0,
            start_number: p.start_number,
            points: calc.points(p.start_number),
            tiebreaks: Vec::new(),
        })
        .collect();
    for &tb in tiebreaks {
        let values: Vec<u64> = match tb {
            TieBreak::DirectEncounter => calc.direct_encounter(&lines),
            _ => lines
                .iter()
                .map(|l| calc.value(tb, l.start_number))
                .collect(),
        };
        for (line, value) in lines.iter_mut().zip(values) {
            line.tiebreaks.push((tb, value));
        }
    }
    let key = |l: &Standing| {
        (
            l.points,
            l.tiebreaks.iter().map(|t| t.1).collect::<Vec<_>>(),
        )
    };
    lines.sort_by(|a, b| {
        key(b)
            .cmp(&key(a))
            .then(a.start_number.cmp(&b.start_number))
    });
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// The tournament indexed for tie-break arithmetic.
struct Calc<'a> {
    tournament: &'a Tournament,
    rounds: usize,
    entries: HashMap<StartNumber, &'a [RoundEntry]>,
}

impl<'a> Calc<'a> {
    fn new(tournament: &'a Tournament) -> Calc<'a> {
        Calc {
            tournament,
            rounds: tournament.rounds_recorded(),
            entries: tournament
                .players
                .iter()
                .map(|p| (p.start_number, p.rounds.as_slice()))
                .collect(),
        }
    }

    /// The entry of a player in a round (absent when not recorded).
    fn entry(&self, player: StartNumber, round: usize) -> RoundEntry {
        self.entries
            .get(&player)
            .and_then(|e| e.get(round))
            .copied()
            .unwrap_or(RoundEntry::NotPaired)
    }

    fn points(&self, player: StartNumber) -> Tenths {
        (0..self.rounds)
            .map(|r| self.tournament.points.points(&self.entry(player, r)))
            .sum()
    }

    /// A voluntarily unplayed round (C.07 16): unplayed and not scored as a win.
    fn is_vur(entry: &RoundEntry) -> bool {
        !entry.is_played_game() && entry.score() != GameScore::Win
    }

    /// An opponent's score for Buchholz: rounds after the last one with a game or a
    /// full-point result count as draws (C.07 16.3).
    fn adjusted_score(&self, player: StartNumber) -> Tenths {
        let last_present = (0..self.rounds)
            .filter(|&r| !Self::is_vur(&self.entry(player, r)))
            .max();
        (0..self.rounds)
            .map(|r| {
                let e = self.entry(player, r);
                if e.opponent().is_some() || last_present.is_some_and(|l| r <= l) {
                    self.tournament.points.points(&e)
                } else {
                    self.tournament.points.draw
                }
            })
            .sum()
    }

    fn value(&self, tb: TieBreak, player: StartNumber) -> u64 {
        match tb {
            TieBreak::SonnebornBerger => self.sonneborn_berger(player),
            TieBreak::BuchholzCut1 => self.buchholz_cut1(player),
            TieBreak::Wins => (0..self.rounds)
                .filter(|&r| {
                    let points = self.tournament.points.points(&self.entry(player, r));
                    points > 0 && points >= self.tournament.points.win
                })
                .count() as u64,
            TieBreak::DirectEncounter => 0,
        }
    }

    /// Played games only: the opponent's score, whole for a win, half for a draw.
    fn sonneborn_berger(&self, player: StartNumber) -> u64 {
        (0..self.rounds)
            .map(|r| match self.entry(player, r) {
                RoundEntry::Game {
                    opponent,
                    score,
                    played: true,
                    ..
                } => {
                    let opp = u64::from(self.points(opponent)) * 10;
                    match score {
                        GameScore::Win => opp,
                        GameScore::Draw => opp / 2,
                        GameScore::Loss => 0,
                    }
                }
                _ => 0,
            })
            .sum()
    }

    /// Each round's contribution, with whether it is a voluntarily unplayed round.
    fn buchholz_contributions(&self, player: StartNumber) -> Vec<(u64, bool)> {
        let own = self.points(player);
        let draws = self.tournament.points.draw * self.rounds as Tenths;
        (0..self.rounds)
            .map(|r| {
                let e = self.entry(player, r);
                let value = match e {
                    RoundEntry::Game {
                        opponent,
                        played: true,
                        ..
                    } => self.adjusted_score(opponent),
                    RoundEntry::Game { opponent, .. } => own.min(self.adjusted_score(opponent)),
                    _ => own.min(draws),
                };
                (u64::from(value) * 10, Self::is_vur(&e))
            })
            .collect()
    }

    fn buchholz_cut1(&self, player: StartNumber) -> u64 {
        let mut parts = self.buchholz_contributions(player);
        let cut = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.1)
            .min_by_key(|(_, p)| p.0)
            .or_else(|| parts.iter().enumerate().min_by_key(|(_, p)| p.0))
            .map(|(i, _)| i);
        if let Some(i) = cut {
            parts.remove(i);
        }
        parts.iter().map(|p| p.0).sum()
    }

    /// Points scored among players equal so far (points and earlier tie-breaks), when every
    /// two of them met; 0 otherwise.
    fn direct_encounter(&self, lines: &[Standing]) -> Vec<u64> {
        let key = |l: &Standing| (l.points, l.tiebreaks.clone());
        lines
            .iter()
            .map(|line| {
                let group: Vec<StartNumber> = lines
                    .iter()
                    .filter(|o| key(o) == key(line))
                    .map(|o| o.start_number)
                    .collect();
                if group.len() < 2 {
                    return 0;
                }
                let met = |a: StartNumber, b: StartNumber| {
                    (0..self.rounds).any(|r| self.entry(a, r).opponent() == Some(b))
                };
                let all_met = group
                    .iter()
                    .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
                if !all_met {
                    return 0;
                }
                (0..self.rounds)
                    .map(|r| self.entry(line.start_number, r))
                    .filter(|e| e.opponent().is_some_and(|o| group.contains(&o)))
                    .map(|e| u64::from(self.tournament.points.points(&e)) * 10)
                    .sum()
            })
            .collect()
    }
}

/// One cell result of a crosstable, from the row player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    /// Won over the board.
    Win,
    /// Drawn.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won by forfeit.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
}

impl Cell {
    /// The usual crosstable mark: 1, ½, 0, +, −.
    pub fn mark(self) -> &'static str {
        match self {
            Cell::Win => "1",
            Cell::Draw => "½",
            Cell::Loss => "0",
            Cell::ForfeitWin => "+",
            Cell::ForfeitLoss => "-",
        }
    }
}

/// A round-robin crosstable: rows and columns by start number, each cell the row player's
/// results against the column player in round order (two in a double round-robin).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// Start numbers, in order; row `i` and column `i` are `players[i]`.
    pub players: Vec<StartNumber>,
    /// `cells[row][column]`.
    pub cells: Vec<Vec<Vec<Cell>>>,
    /// Each row's points, in tenths.
    pub points: Vec<Tenths>,
}

/// The crosstable of a tournament (meant for round-robins; a Swiss fills few cells).
pub fn crosstable(tournament: &Tournament) -> Crosstable {
    let mut players: Vec<StartNumber> = tournament.players.iter().map(|p| p.start_number).collect();
    players.sort_unstable();
    let index: HashMap<StartNumber, usize> =
        players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut cells = vec![vec![Vec::new(); players.len()]; players.len()];
    let mut points = vec![0; players.len()];
    for p in &tournament.players {
        let Some(&row) = index.get(&p.start_number) else {
            continue;
        };
        points[row] = tournament.points.total(&p.rounds, p.rounds.len());
        for entry in &p.rounds {
            if let RoundEntry::Game {
                opponent,
                score,
                played,
                ..
            } = entry
            {
                let Some(&col) = index.get(opponent) else {
                    continue;
                };
                let cell = match (score, played) {
                    (GameScore::Win, true) => Cell::Win,
                    (GameScore::Draw, _) => Cell::Draw,
                    (GameScore::Loss, true) => Cell::Loss,
                    (GameScore::Win, false) => Cell::ForfeitWin,
                    (GameScore::Loss, false) => Cell::ForfeitLoss,
                };
                cells[row][col].push(cell);
            }
        }
    }
    Crosstable {
        players,
        cells,
        points,
    }
}

impl Crosstable {
    /// A plain-text table: a header of start numbers, one row per player with its marks
    /// (`X` on the diagonal, `.` for no game yet) and its points.
    pub fn to_text(&self) -> String {
        let width = self
            .cells
            .iter()
            .flatten()
            .map(Vec::len)
            .max()
            .unwrap_or(1)
            .max(
                self.players
                    .iter()
                    .map(|p| p.to_string().len())
                    .max()
                    .unwrap_or(1),
            );
        let mut out = format!("{:>4} ", "");
        for p in &self.players {
            out.push_str(&format!(" {p:>width$}"));
        }
        out.push_str("   Pts\n");
        for (row, p) in self.players.iter().enumerate() {
            out.push_str(&format!("{p:>4} "));
            for col in 0..self.players.len() {
                let text: String = if row == col {
                    "X".to_string()
                } else if self.cells[row][col].is_empty() {
                    ".".to_string()
                } else {
                    self.cells[row][col].iter().map(|c| c.mark()).collect()
                };
                let pad = width.saturating_sub(text.chars().count());
                out.push(' ');
                out.push_str(&" ".repeat(pad));
                out.push_str(&text);
            }
            let pts = self.points[row];
            out.push_str(&format!("  {:>2}.{}\n", pts / 10, pts % 10));
        }
        out
    }
}
