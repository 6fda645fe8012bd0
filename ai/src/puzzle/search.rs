//! The exact AND-OR search behind the prover: the mover's nodes try any move, the defender's
//! nodes must fail against every reply, with the exact prunings `docs/PUZZLES.md` lists.

use skald_rules::{EndReason, Game, Seat, Status};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One proof's search state over a typed game: whose win is sought, the answers already
/// found, and the reply that refuted a mover's move last at each depth (tried first next).
pub(super) struct Search<G: Game> {
    /// The side whose forced win is sought.
    mover: Seat,
    /// Defender nodes already decided: (position, the mover's moves left) → forced win.
    /// Keyed by the whole position (its repetition history included), so a hit is exact.
    table: HashMap<(G, u8), bool, BuildHasherDefault<FoldHasher>>,
    /// Per number of the mover's moves left: the reply that refuted a mover's move last.
    killers: Vec<Option<G::Move>>,
    /// Per number of the mover's moves left: the mover's move that won last.
    winners: Vec<Option<G::Move>>,
    /// Positions reached by a move (a measure of the work done).
    pub(super) nodes: u64,
}

/// What a move led to, seen from the mover.
pub(super) enum After<G> {
    /// The rules ended the game with the mover's win, for this reason.
    MoverWon(EndReason),
    /// The rules ended the game otherwise (a draw, the opponent's win).
    NotWon,
    /// The game goes on from this position.
    Open(G),
    /// The rules refused the move they had listed as legal: treated as no win, so a claim
    /// is never built on it.
    Refused,
}

impl<G: Game> Search<G> {
    /// A search for `mover`'s forced wins.
    pub(super) fn new(mover: Seat) -> Search<G> {
        Search {
            mover,
            table: HashMap::default(),
            killers: Vec::new(),
            winners: Vec::new(),
            nodes: 0,
        }
    }

    /// The position after `mv`, classified for the mover.
    pub(super) fn play(&mut self, game: &G, mv: G::Move) -> After<G> {
        self.nodes += 1;
        let mut next = game.clone();
        if next.play(mv).is_err() {
            return After::Refused;
        }
        match next.status() {
            Status::Over(outcome) if outcome.winner == Some(self.mover) => {
                After::MoverWon(outcome.reason)
            }
            Status::Over(_) => After::NotWon,
            _ => After::Open(next),
        }
    }

    /// A move of the mover's that wins at once in `game` (the mover to move), with how: only
    /// the moves the rules name as possibly winning at once are played (a superset of the
    /// winning ones, `Game::moves_that_may_win`), in legal-move order.
    pub(super) fn win_at_once(&mut self, game: &G) -> Option<(G::Move, EndReason)> {
        for mv in game.moves_that_may_win() {
            if let After::MoverWon(reason) = self.play(game, mv) {
                return Some((mv, reason));
            }
        }
        None
    }

    /// Whether the mover (to move in `game`) wins within `left` of their own moves against
    /// every defence.
    pub(super) fn mover_wins(&mut self, game: &G, left: u8) -> bool {
        if left == 0 || game.status().seat() != Some(self.mover) {
            return false;
        }
        // (c) a win at once is found by the cheap pass; at the last move it is all there is.
        if self.win_at_once(game).is_some() {
            return true;
        }
        if left == 1 {
            return false;
        }
        // (e) the move that won last at this depth first, before the moves are listed: the
        // same move usually wins against most of the defence's replies, and the rules' own
        // `play` accepting it makes it legal here.
        let slot = usize::from(left);
        if self.winners.len() <= slot {
            self.winners.resize(slot + 1, None);
        }
        let tried = self.winners[slot];
        if let Some(winner) = tried
            && self.forces(game, winner, left)
        {
            return true;
        }
        for mv in game.legal_moves() {
            if Some(mv) != tried && self.forces(game, mv, left) {
                self.winners[slot] = Some(mv);
                return true;
            }
        }
        false
    }

    /// Whether the mover's `mv` in `game` wins within `left` of the mover's moves (this one
    /// included) against every defence.
    pub(super) fn forces(&mut self, game: &G, mv: G::Move, left: u8) -> bool {
        match self.play(game, mv) {
            After::MoverWon(_) => left >= 1,
            After::NotWon | After::Refused => false,
            After::Open(next) => left >= 2 && self.defence_fails(&next, left - 1),
        }
    }

    /// Whether every reply of the defender (to move in `game`) still lets the mover win
    /// within `left` of their own moves.
    pub(super) fn defence_fails(&mut self, game: &G, left: u8) -> bool {
        if game.status().seat() != Some(self.mover.other()) {
            return false;
        }
        // (d) the table, above the last defence: one there is a reply and a glance at the
        // moves that may win, cheaper to redo than to store (and it seldom repeats).
        let key = (left >= 2).then(|| (game.clone(), left));
        if let Some(key) = &key
            && let Some(&known) = self.table.get(key)
        {
            return known;
        }
        // (b) the reply that refuted last at this depth first, before the replies are listed:
        // the rules' own `play` accepting it makes it a legal reply here, and a refutation
        // ends the node.
        let slot = usize::from(left);
        if self.killers.len() <= slot {
            self.killers.resize(slot + 1, None);
        }
        let mut tried = None;
        let mut fails = true;
        if let Some(killer) = self.killers[slot] {
            let after = self.play(game, killer);
            if !matches!(after, After::Refused) {
                tried = Some(killer);
                fails = !self.refutes(after, left);
            }
        }
        if fails {
            for reply in game.legal_moves() {
                if Some(reply) == tried {
                    continue;
                }
                let after = self.play(game, reply);
                if self.refutes(after, left) {
                    self.killers[slot] = Some(reply);
                    fails = false;
                    break;
                }
            }
        }
        if let Some(key) = key {
            self.table.insert(key, fails);
        }
        fails
    }

    /// Whether a defender's reply that led to `after` refutes: the mover cannot win from
    /// there within `left` of their own moves (a reply the rules refused counts as one, so a
    /// claim is never built on it).
    fn refutes(&mut self, after: After<G>, left: u8) -> bool {
        match after {
            After::MoverWon(_) => false,
            After::NotWon | After::Refused => true,
            After::Open(next) => !self.mover_wins(&next, left),
        }
    }

    /// The fewest of the mover's moves, at most `most`, in which the mover (to move in
    /// `game`) wins against every defence.
    pub(super) fn fewest(&mut self, game: &G, most: u8) -> Option<u8> {
        (1..=most).find(|&n| self.mover_wins(game, n))
    }

    /// The fewest of the mover's moves (this one included), at most `most`, in which `mv`
    /// wins against every defence.
    pub(super) fn fewest_after(&mut self, game: &G, mv: G::Move, most: u8) -> Option<u8> {
        (1..=most).find(|&n| self.forces(game, mv, n))
    }
}

/// The table's hasher: a multiply-and-rotate over the key's words (the one rustc's own tables
/// use), several times quicker than the default SipHash on a position with its history.
/// Only the speed depends on it: a hit still compares the whole key.
#[derive(Default)]
struct FoldHasher(u64);

impl FoldHasher {
    /// Folds one word in.
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FoldHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}
