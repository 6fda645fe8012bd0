//! Swiss pairing by the FIDE Dutch system (Handbook C.04.3, in force since 1 February 2026),
//! following the method of bbpPairings 6, FIDE's endorsed engine: brackets are paired one
//! after the other, top score first, and every decision is a maximum-weight matching over the
//! whole field, so that no choice in one bracket makes the rest of the round impossible.
//!
//! For each bracket (its moved-down players, its resident score group, and the next score
//! group as the pool of downfloaters):
//! 1. edge weights are set for the bracket ([`weights::edge_weight`]);
//! 2. moved-down players are chosen to be paired, highest first (B.3: as many as possible,
//!    then the highest);
//! 3. each paired moved-down player gets the highest resident possible;
//! 4. the remainder is split into S1 and S2, exchanges between them are minimised and chosen
//!    by the B.3/B.4 order (lowest of S1, highest of S2);
//! 5. each S1 player gets the highest S2 player the criteria allow.
//!
//! Each step only adds low-order bits to some edges and asks the matching again; a decision
//! becomes final by fixing the pair ([`MatchingComputer::finalize_pair`]).

mod colors;
mod state;
mod weights;

use thiserror::Error;

use crate::matching::{MAX_WEIGHT_BITS, MatchingComputer, Wide};
use crate::model::{Color, Tenths, Tournament};
use crate::pairing::RoundPairing;

use state::Prepared;
use weights::{ByeContext, Layout, edge_weight, odd_feasibility_weight};

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairingError {
    /// The tournament record is inconsistent (say, a game recorded by one player only).
    #[error("the tournament record is inconsistent: {0}")]
    Input(String),
    /// No pairing satisfies the absolute criteria (C.1 to C.3): the arbiter must step in.
    #[error("no pairing satisfies the absolute criteria (no rematch, one bye per player, colours)")]
    Impossible,
    /// More players than one pairing handles (the matching holds a square table of them).
    #[error("at most {MAX_PLAYERS} players can be paired, not {0}")]
    TooManyPlayers(usize),
    /// The round has more score groups and players than the 1000-bit weights can rank.
    #[error("too many players and score groups for one pairing ({0} bits of weight needed)")]
    TooLarge(u32),
    /// An internal step found the matching in a state it cannot be in: a bug.
    #[error("internal pairing error: {0}")]
    Internal(&'static str),
}

/// The most players one round pairs: the matching keeps a square table of 128-byte weights
/// (128 MB at this size) and takes about a second for 100 players.
pub const MAX_PLAYERS: usize = 1000;

/// Pairs the next round of a Swiss tournament by the Dutch system.
///
/// The round to pair follows the last round in which anyone was paired. Players with an entry
/// already recorded for that round (a requested bye, an announced absence, a withdrawal
/// recorded as a zero-point bye) are left out; everyone else is paired. The initial colour is
/// `tournament.initial_color` (drawn by lot before round 1), and `tournament.total_rounds`
/// tells when the last round comes (colour rules are relaxed for topscorers there).
pub fn pair_next_round(tournament: &Tournament) -> Result<RoundPairing, PairingError> {
    let prep = Prepared::new(tournament)?;
    if prep.pairable.len() > MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers(prep.pairable.len()));
    }
    let sorted = sorted_players(&prep);
    if sorted.is_empty() {
        return Ok(RoundPairing {
            pairs: Vec::new(),
            bye: None,
        });
    }
    let matching = pair_sorted(&prep, &sorted)?;
    Ok(assemble(
        &prep,
        &sorted,
        &matching,
        tournament.initial_color,
    ))
}

/// The pairable players, highest score first, then by pairing number.
fn sorted_players(prep: &Prepared) -> Vec<usize> {
    let mut sorted = prep.pairable.clone();
    sorted.sort_by(|&a, &b| {
        let pa = &prep.players[a];
        let pb = &prep.players[b];
        pb.score.cmp(&pa.score).then(pa.rank.cmp(&pb.rank))
    });
    sorted
}

/// The bracket-by-bracket procedure. Vertices are positions in `sorted`; the result is each
/// vertex's mate (`None` for the bye).
fn pair_sorted(prep: &Prepared, sorted: &[usize]) -> Result<Vec<Option<usize>>, PairingError> {
    let n = sorted.len();
    let score = |v: usize| prep.players[sorted[v]].score;
    let scores: Vec<Tenths> = (0..n).map(score).collect();
    let layout = Layout::new(&scores, prep.played_rounds);
    let needed = layout.low_width() + 2 + weights::bits_for(n) + 2;
    if needed > MAX_WEIGHT_BITS {
        return Err(PairingError::TooLarge(needed));
    }
    let max_weight = layout.max_weight();
    let top_score = scores[0];
    let odd = n % 2 == 1;
    let mut computer = MatchingComputer::new(n);
    let mut bye = ByeContext::default();

    // Whole-round feasibility, and who can take the bye.
    for lower in 0..n {
        for higher in 0..lower {
            let w = if odd {
                odd_feasibility_weight(prep, &layout, top_score, sorted[higher], sorted[lower])
            } else {
                edge_weight(
                    prep,
                    &layout,
                    &bye,
                    sorted[higher],
                    sorted[lower],
                    false,
                    false,
                )
            };
            computer.set(higher, lower, w);
        }
    }
    let first = computer.solve();
    let unmatched: Vec<usize> = (0..n).filter(|&v| first[v].is_none()).collect();
    if unmatched.len() > 1
        || unmatched
            .iter()
            .any(|&v| !prep.players[sorted[v]].bye_eligible)
    {
        return Err(PairingError::Impossible);
    }
    if odd {
        let Some(&assignee) = unmatched.first() else {
            return Err(PairingError::Internal("odd round without a bye"));
        };
        bye.assignee_score = score(assignee);
        bye.single_downfloater = bye.assignee_score >= top_score
            && (0..n)
                .take_while(|&v| score(v) >= top_score)
                .all(|v| first[v].is_none_or(|m| score(m) >= top_score));
        let mut played: Vec<usize> = (0..n)
            .filter(|&v| score(v) == bye.assignee_score)
            .map(|v| prep.players[sorted[v]].played_games)
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            bye.unplayed_ranks.insert(games, rank as u64);
        }
        for lower in 0..n {
            for higher in 0..lower {
                let w = edge_weight(
                    prep,
                    &layout,
                    &bye,
                    sorted[higher],
                    sorted[lower],
                    false,
                    false,
                );
                computer.set(higher, lower, w);
            }
        }
    }

    let mut bracket = Brackets {
        prep,
        sorted,
        layout: &layout,
        max_weight,
        computer,
        bye,
        matched: vec![false; n],
        mates: vec![None; n],
    };
    bracket.run()?;
    Ok(bracket.mates)
}

/// The state of the bracket-by-bracket procedure.
struct Brackets<'a> {
    prep: &'a Prepared,
    sorted: &'a [usize],
    layout: &'a Layout,
    max_weight: Wide,
    computer: MatchingComputer,
    bye: ByeContext,
    /// Vertices whose pairing is decided.
    matched: Vec<bool>,
    /// Final mates.
    mates: Vec<Option<usize>>,
}

impl Brackets<'_> {
    fn score(&self, v: usize) -> Tenths {
        self.prep.players[self.sorted[v]].score
    }

    /// A vertex's mate in a matching, the vertex itself when unmatched (so that "mate below
    /// v" and "mate above v" read as in the procedure's description).
    fn mate(matching: &[Option<usize>], v: usize) -> usize {
        matching.get(v).copied().flatten().unwrap_or(v)
    }

    fn run(&mut self) -> Result<(), PairingError> {
        let n = self.sorted.len();
        let top = self.score(0);
        // The current bracket: moved-down players first, then residents, then (inside the
        // loop) the next score group. Entries are vertices, increasing.
        let mut bracket: Vec<usize> = (0..n).take_while(|&v| self.score(v) >= top).collect();
        let mut next_group = bracket.len();
        let mut moved_down = 0usize;
        let mut group_begin_vertex = 0usize;
        while bracket.len() > 1 || next_group < n {
            let residents_end = bracket.len();
            let next_begin_vertex = group_begin_vertex + (residents_end - moved_down);
            let group_start = next_group;
            if next_group < n {
                let group_score = self.score(next_group);
                while next_group < n && self.score(next_group) >= group_score {
                    bracket.push(next_group);
                    next_group += 1;
                }
            }
            let solution = self.pair_bracket(
                &bracket,
                moved_down,
                residents_end,
                group_begin_vertex,
                next_begin_vertex,
            )?;

            // Carry the unpaired on to the next bracket.
            let next_score = (group_start < n).then(|| self.score(group_start));
            self.bye.single_downfloater = self.sorted.len() % 2 == 1
                && next_score.is_some_and(|s| self.bye.assignee_score >= s);
            let mut carried = Vec::new();
            let mut carried_down = 0;
            for (i, &v) in bracket.iter().enumerate() {
                if i < residents_end && self.matched[v] {
                    let m = Self::mate(&solution, v);
                    self.mates[v] = Some(m);
                    self.mates[m] = Some(v);
                } else {
                    carried.push(v);
                    if i < residents_end {
                        carried_down += 1;
                    }
                    if self.bye.single_downfloater
                        && next_score.is_some_and(|s| self.score(Self::mate(&solution, v)) < s)
                    {
                        self.bye.single_downfloater = false;
                    }
                }
            }
            bracket = carried;
            moved_down = carried_down;
            group_begin_vertex = next_begin_vertex;
        }
        Ok(())
    }

    /// Decides the pairs of one bracket and returns the last matching computed. `bracket[..moved_down]` are moved-down players,
    /// `bracket[moved_down..residents_end]` the residents, the rest the next score group.
    fn pair_bracket(
        &mut self,
        bracket: &[usize],
        moved_down: usize,
        residents_end: usize,
        group_begin_vertex: usize,
        next_begin_vertex: usize,
    ) -> Result<Vec<Option<usize>>, PairingError> {
        let len = bracket.len();
        // base[larger][smaller], indices into `bracket`.
        let mut base: Vec<Vec<Wide>> = vec![Vec::new(); len];
        for larger in moved_down..len {
            for smaller in 0..larger {
                let w = edge_weight(
                    self.prep,
                    self.layout,
                    &self.bye,
                    self.sorted[bracket[smaller]],
                    self.sorted[bracket[larger]],
                    larger < residents_end,
                    larger >= residents_end,
                );
                base[larger].push(w);
                self.computer.set(bracket[smaller], bracket[larger], w);
            }
        }
        let in_residents = |m: usize| m >= group_begin_vertex && m < next_begin_vertex;
        let mut solution = self.computer.solve();

        // Which moved-down players are paired in this bracket: as many as possible, the
        // highest first.
        let resident_count = residents_end - moved_down;
        let mut group_score = None;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for i in 0..moved_down {
            let v = bracket[i];
            let s = self.score(v);
            if group_score.is_none_or(|g| s < g) {
                group_score = Some(s);
                remaining = 0;
                remaining_matched = 0;
                for &u in bracket[i..moved_down]
                    .iter()
                    .take_while(|&&u| self.score(u) >= s)
                {
                    remaining += 1;
                    if in_residents(Self::mate(&solution, u)) {
                        remaining_matched += 1;
                    }
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                self.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !in_residents(Self::mate(&solution, v)) {
                for opp in moved_down..residents_end {
                    let w = base[opp][i];
                    if !w.is_zero() {
                        self.computer.set(v, bracket[opp], w | Wide::from_u64(1));
                    }
                }
                solution = self.computer.solve();
            }
            if in_residents(Self::mate(&solution, v)) {
                self.matched[v] = true;
                remaining_matched -= 1;
                for opp in moved_down..residents_end {
                    let w = base[opp][i];
                    if !w.is_zero() {
                        let bumped =
                            (w | Wide::from_u64(resident_count as u64)) + Wide::from_u64(1);
                        self.computer.set(v, bracket[opp], bumped);
                    }
                }
            }
        }

        // Each paired moved-down player gets the highest resident possible.
        for i in 0..moved_down {
            let v = bracket[i];
            if !self.matched[v] {
                continue;
            }
            let mut addend = len as u64;
            for opp in (moved_down..residents_end).rev() {
                let u = bracket[opp];
                if self.matched[u] {
                    continue;
                }
                let w = base[opp][i];
                if !w.is_zero() {
                    self.computer.set(v, u, w + Wide::from_u64(addend));
                    addend += 1;
                }
            }
            solution = self.computer.solve();
            let m = solution[v].ok_or(PairingError::Internal("moved-down player lost its pair"))?;
            self.matched[m] = true;
            self.computer.finalize_pair(v, m, self.max_weight);
        }

        // The remainder: residents not paired with moved-down players. Those paired upwards
        // in the matching form S2, the others S1.
        let remainder: Vec<usize> = (moved_down..residents_end)
            .filter(|&i| Self::mate(&solution, bracket[i]) >= group_begin_vertex)
            .collect();
        let pairs = remainder
            .iter()
            .filter(|&&i| Self::mate(&solution, bracket[i]) < bracket[i])
            .count();
        let g = self.layout.group_bits;
        // The weight of pairing remainder positions p < q, favouring fewer exchanges and
        // exchanges of players close to the S1/S2 border (B.3, B.4).
        let ordered = |base: &Vec<Vec<Wide>>, p: usize, q: usize| -> Wide {
            let w = base[remainder[q]][remainder[p]];
            if w.is_zero() {
                return w;
            }
            let keep = Wide::from_u64(u64::from(p < pairs)) << (2 * g);
            w + ((keep - Wide::from_u64(p as u64)) << 1)
        };
        for q in 0..remainder.len() {
            for p in 0..q {
                self.computer.set(
                    bracket[remainder[p]],
                    bracket[remainder[q]],
                    ordered(&base, p, q),
                );
            }
        }
        solution = self.computer.solve();
        let in_bracket_above = |sol: &[Option<usize>], v: usize| {
            let m = Self::mate(sol, v);
            m > v && m < next_begin_vertex
        };
        let exchanges = (0..pairs)
            .filter(|&p| !in_bracket_above(&solution, bracket[remainder[p]]))
            .count();

        // Exchange the lowest S1 players possible.
        let mut left = exchanges;
        let mut p = pairs;
        while p > 0 && left > 0 {
            p -= 1;
            let v = bracket[remainder[p]];
            if in_bracket_above(&solution, v) {
                for q in p + 1..remainder.len() {
                    let w = ordered(&base, p, q);
                    if !w.is_zero() {
                        self.computer
                            .set(v, bracket[remainder[q]], w - Wide::from_u64(1));
                    }
                }
                solution = self.computer.solve();
            }
            let exchanged = !in_bracket_above(&solution, v);
            if exchanged {
                left -= 1;
            }
            for q in p + 1..remainder.len() {
                if exchanged {
                    base[remainder[q]][remainder[p]] = Wide::zero();
                }
                self.computer
                    .set(v, bracket[remainder[q]], ordered(&base, p, q));
            }
        }

        // Exchange the highest S2 players possible.
        let mut left = exchanges;
        let mut p = pairs;
        while p < remainder.len() && left > 1 {
            let v = bracket[remainder[p]];
            let already = in_bracket_above(&solution, v);
            if !already {
                for q in p + 1..remainder.len() {
                    let w = ordered(&base, p, q);
                    if !w.is_zero() {
                        self.computer
                            .set(v, bracket[remainder[q]], w + Wide::from_u64(1));
                    }
                }
                solution = self.computer.solve();
            }
            if in_bracket_above(&solution, v) {
                left -= 1;
                for q in 0..p {
                    base[remainder[p]][remainder[q]] = Wide::zero();
                    self.computer.set(v, bracket[remainder[q]], Wide::zero());
                }
                for opp in residents_end..len {
                    base[opp][remainder[p]] = Wide::zero();
                    self.computer.set(v, bracket[opp], Wide::zero());
                }
            }
            if !already {
                for q in p + 1..remainder.len() {
                    self.computer
                        .set(v, bracket[remainder[q]], ordered(&base, p, q));
                }
            }
            p += 1;
        }

        // Fix who is in S1 and who in S2: an S1 player may only meet an S2 player.
        for p in 0..remainder.len() {
            let v = bracket[remainder[p]];
            for q in p + 1..remainder.len() {
                let u = bracket[remainder[q]];
                if !in_bracket_above(&solution, v) || in_bracket_above(&solution, u) {
                    base[remainder[q]][remainder[p]] = Wide::zero();
                }
                self.computer.set(v, u, base[remainder[q]][remainder[p]]);
            }
        }

        // Each S1 player, in order, gets the highest S2 player possible.
        for p in 0..remainder.len() {
            let v = bracket[remainder[p]];
            if !in_bracket_above(&solution, v) {
                continue;
            }
            let mut addend = 0u64;
            for q in (0..remainder.len()).rev() {
                let u = bracket[remainder[q]];
                if remainder[q] <= remainder[p] || self.matched[u] {
                    continue;
                }
                let w = base[remainder[q]][remainder[p]];
                if !w.is_zero() {
                    self.computer.set(v, u, w + Wide::from_u64(addend));
                }
                addend += 1;
            }
            solution = self.computer.solve();
            let m = solution[v].ok_or(PairingError::Internal("S1 player lost its pair"))?;
            self.matched[v] = true;
            self.matched[m] = true;
            self.computer.finalize_pair(v, m, self.max_weight);
        }
        Ok(solution)
    }
}

/// Turns the mates into boards with colours, in bbpPairings' board order.
fn assemble(
    prep: &Prepared,
    sorted: &[usize],
    mates: &[Option<usize>],
    initial: Color,
) -> RoundPairing {
    let mut boards = Vec::new();
    let mut bye = None;
    for (v, &player) in sorted.iter().enumerate() {
        match mates[v] {
            Some(m) => {
                let other = sorted[m];
                let (a, b) = if prep.players[player].start < prep.players[other].start {
                    (player, other)
                } else {
                    (other, player)
                };
                if a == player {
                    let color = colors::color_for(prep, a, b, initial);
                    let (white, black) = if color == Color::White {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    boards.push((white, black));
                }
            }
            None => bye = Some(prep.players[player].start),
        }
    }
    let key = |&(w, b): &(usize, usize)| {
        let (pw, pb) = (&prep.players[w], &prep.players[b]);
        let (hi, lo) = if (pw.score, pb.rank) < (pb.score, pw.rank) {
            (pb, pw)
        } else {
            (pw, pb)
        };
        (
            std::cmp::Reverse(hi.score),
            std::cmp::Reverse(lo.score),
            hi.rank,
        )
    };
    boards.sort_by_key(key);
    RoundPairing {
        pairs: boards
            .into_iter()
            .map(|(w, b)| (prep.players[w].start, prep.players[b].start))
            .collect(),
        bye,
    }
}
