//! Ad Elta Stelpur (`adelta`, `adelta-rustik`): a race-and-hunt dice game on a backgammon
//! board (RULES.md, seeds/000 and seeds/001).
//!
//! Seat A is White (points 1..6 at the start), seat B is Black (13..18). A [`Cell`] is the
//! point number 1..=24. A move is one step: one piece moved by one die value. The position
//! string and the move notation are documented in `docs/NOTATION.md` (section "Ad Elta Stelpur").

mod notation;
#[cfg(test)]
mod tests;
mod text;

use crate::{
    Cell, EndReason, Event, Game, MoveError, Outcome, PositionError, Refusal, RollError, RollSpec,
    RuleSetId, Seat, Status, Viewer, dice,
};
use std::fmt;

/// Number of points on the circular track; points are numbered 1..=24.
pub const POINTS: u8 = 24;

/// The corner (rune) points in circuit order: where a Hornaskella moves and where protection
/// applies.
pub const CORNERS: [u8; 8] = [1, 6, 7, 12, 13, 18, 19, 24];

/// Pieces each player starts with; the captured counts shown to players are measured from it.
pub const PIECES_PER_SIDE: u8 = 6;

/// The opening roll: two dice for White (dice 0-1) then two for Black (dice 2-3).
const OPENING_SPEC: RollSpec = RollSpec { count: 4, sides: 6 };

/// An ordinary turn's roll.
const TURN_SPEC: RollSpec = RollSpec { count: 2, sides: 6 };

/// Whether `point` is a corner (rune) point; a Hornaskella only stops on those.
pub fn is_corner(point: u8) -> bool {
    matches!(point, 1 | 6 | 7 | 12 | 13 | 18 | 19 | 24)
}

/// The point `n` points after `point` on the circular track (`n` may be up to 24).
fn ahead(point: u8, n: u8) -> u8 {
    let zero_based = (u16::from(point) + 23 + u16::from(n)) % 24;
    zero_based as u8 + 1
}

/// The point just before `point` (1's predecessor is 24).
fn behind(point: u8) -> u8 {
    ahead(point, 23)
}

/// The corner `corners` corners strictly ahead of `point` (from a non-corner point the first
/// corner ahead counts as one).
fn corner_ahead(point: u8, corners: u8) -> u8 {
    let mut p = point;
    for _ in 0..corners {
        for _ in 0..POINTS {
            p = ahead(p, 1);
            if is_corner(p) {
                break;
            }
        }
    }
    p
}

/// One step: move the piece on point `from` by the step `die`.
///
/// The dice games play one die at a time, so a move is a single step; printed `13+1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point 1..=24 the piece starts from.
    pub from: u8,
    /// The step value used (a die value 1..=6 still to use).
    pub die: u8,
}

impl Move {
    /// Builds a step, for callers (the AI, tests) that do not go through text.
    pub const fn new(from: u8, die: u8) -> Move {
        Move { from, die }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.from, self.die)
    }
}

/// The steps still to use this turn, sorted ascending (unused slots are 0 so equal
/// positions compare and hash equal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Steps {
    vals: [u8; 4],
    len: u8,
}

impl Steps {
    fn as_slice(&self) -> &[u8] {
        self.vals.get(..usize::from(self.len)).unwrap_or(&[])
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a step, keeping the order ascending; ignored past four steps.
    fn push(&mut self, v: u8) {
        let len = usize::from(self.len);
        if len >= self.vals.len() {
            return;
        }
        let mut i = len;
        while i > 0 && self.vals[i - 1] > v {
            self.vals[i] = self.vals[i - 1];
            i -= 1;
        }
        self.vals[i] = v;
        self.len += 1;
    }

    /// Removes one step of value `v`; false when there is none.
    fn remove(&mut self, v: u8) -> bool {
        let len = usize::from(self.len);
        let Some(i) = self.as_slice().iter().position(|&s| s == v) else {
            return false;
        };
        self.vals.copy_within(i + 1..len, i);
        self.vals[len - 1] = 0;
        self.len -= 1;
        true
    }

    fn contains(&self, v: u8) -> bool {
        self.as_slice().contains(&v)
    }

    fn clear(&mut self) {
        *self = Steps::default();
    }

    /// The distinct values, ascending, for move generation (at most two distinct values).
    fn distinct(&self) -> ([u8; 4], usize) {
        let mut out = [0u8; 4];
        let mut n = 0;
        for &v in self.as_slice() {
            if n == 0 || out[n - 1] != v {
                out[n] = v;
                n += 1;
            }
        }
        (out, n)
    }
}

/// Where a playable step ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Landing {
    /// The point the step aims at.
    target: u8,
    /// Where the piece comes to rest (past `target` after a bump).
    to: u8,
    /// Whether the piece went on past an occupied target.
    bumped: bool,
    /// Whether an enemy piece on `to` is captured.
    captured: bool,
}

/// Why a step with a piece and a die the player has cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocked {
    /// `adelta-rustik`: the target holds the player's own piece and there is no bumping.
    OwnPiece(u8),
    /// The piece on the target stands on a corner between two of the mover's pieces.
    Protected(u8),
    /// The target holds a Hornaskella off a corner, which cannot be captured there.
    HornaskellaOffCorner(u8),
}

impl Blocked {
    fn refusal(self) -> Refusal {
        match self {
            Blocked::OwnPiece(point) => Refusal::OwnPieceOnPoint { point },
            Blocked::Protected(point) => Refusal::Protected { point },
            Blocked::HornaskellaOffCorner(point) => Refusal::HornaskellaOffCorner { point },
        }
    }
}

/// An Ad Elta Stelpur position under `adelta` or `adelta-rustik`: the board, whose turn it is,
/// the steps still to use and whether the same player rolls again after them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Adelta {
    rule_set: RuleSetId,
    /// Point `p` is `board[p - 1]`.
    board: [Option<Seat>; 24],
    /// The player whose turn it is; `None` while the opening roll is pending. Once the game is
    /// over, the winner.
    side: Option<Seat>,
    /// Steps still to use; empty while a roll is pending and after the end.
    steps: Steps,
    /// Whether `side` rolls again once `steps` are used (a double was rolled). Always false
    /// while `steps` is empty.
    again: bool,
    /// Steps played since the start.
    ply: u32,
}

impl Adelta {
    fn rustik(&self) -> bool {
        self.rule_set == RuleSetId::AdeltaRustik
    }

    /// What stands on `point` (1..=24): the renderer draws it and the AI evaluates it.
    /// `None` for an empty point or a number off the board.
    pub fn point(&self, point: u8) -> Option<Seat> {
        let i = usize::from(point).checked_sub(1)?;
        self.board.get(i).copied().flatten()
    }

    /// The whole board, point 1 first: for renderers and AIs that walk every point at once.
    pub fn points(&self) -> [Option<Seat>; 24] {
        self.board
    }

    /// How many pieces `seat` still has on the board: for the score line and the AI.
    pub fn pieces(&self, seat: Seat) -> u8 {
        self.board.iter().filter(|&&s| s == Some(seat)).count() as u8
    }

    /// How many enemy pieces `seat` has captured (six minus the opponent's pieces), for the
    /// captured counts players see.
    pub fn captured_by(&self, seat: Seat) -> u8 {
        PIECES_PER_SIDE.saturating_sub(self.pieces(seat.other()))
    }

    /// The point of `seat`'s Hornaskella when `seat` is down to one piece: it moves corner to
    /// corner and is captured only on a corner, so renderers mark it and the AI treats it apart.
    pub fn hornaskella(&self, seat: Seat) -> Option<u8> {
        if self.pieces(seat) != 1 {
            return None;
        }
        (1..=POINTS).find(|&p| self.point(p) == Some(seat))
    }

    /// The player whose turn it is (`None` while the opening roll is pending); after the end,
    /// the winner. The status says what that player must do.
    pub fn side(&self) -> Option<Seat> {
        self.side
    }

    /// Whether the player to move rolls again after using the steps left (a double was
    /// rolled): shown next to the dice and needed by the AI to value the turn.
    pub fn rolls_again(&self) -> bool {
        self.again
    }

    /// Whether the piece on `point` could be captured by its opponent right now (corner
    /// protection and the Hornaskella's rules applied): for danger hints and the AI.
    /// False for an empty point.
    pub fn capturable(&self, point: u8) -> bool {
        match self.point(point) {
            Some(owner) => self.can_capture(point, owner.other()),
            None => false,
        }
    }

    /// Where the step `mv` would bring its piece to rest if it is legal now, for renderers
    /// that preview a move and for the AI.
    pub fn landing(&self, mv: Move) -> Option<u8> {
        let seat = self.status().seat()?;
        if !self.legal_moves().contains(&mv) {
            return None;
        }
        self.land(seat, mv).ok().map(|l| l.to)
    }

    /// Whether a piece of `by` landing on `at` captures what stands there (an enemy piece),
    /// counting the flanking pieces before the capturing piece is lifted.
    fn can_capture(&self, at: u8, by: Seat) -> bool {
        let victim_horn = self.pieces(by.other()) == 1;
        self.refusal_at(at, by, victim_horn).is_none() && self.point(at) == Some(by.other())
    }

    /// Why a piece of `by` cannot capture the enemy piece on `at`, if it cannot;
    /// `victim_horn`: the enemy is down to one piece.
    fn refusal_at(&self, at: u8, by: Seat, victim_horn: bool) -> Option<Blocked> {
        if self.point(at) != Some(by.other()) {
            return None;
        }
        let corner = is_corner(at);
        if victim_horn && !corner {
            return Some(Blocked::HornaskellaOffCorner(at));
        }
        let flanked =
            corner && self.point(behind(at)) == Some(by) && self.point(ahead(at, 1)) == Some(by);
        if flanked && (victim_horn || self.rustik()) {
            return Some(Blocked::Protected(at));
        }
        None
    }

    /// Where a step of `seat`'s piece on `mv.from` with `mv.die` ends, or why it cannot be
    /// played. The caller has checked that the piece and the step exist.
    fn land(&self, seat: Seat, mv: Move) -> Result<Landing, Blocked> {
        self.land_with(seat, mv, self.horns(seat))
    }

    /// Which of `seat` and its opponent are down to one piece (a Hornaskella): computed once
    /// per move generation rather than once per step.
    fn horns(&self, seat: Seat) -> (bool, bool) {
        (self.pieces(seat) == 1, self.pieces(seat.other()) == 1)
    }

    /// [`Adelta::land`] with the Hornaskella flags already known.
    fn land_with(
        &self,
        seat: Seat,
        mv: Move,
        (horn, victim_horn): (bool, bool),
    ) -> Result<Landing, Blocked> {
        let from = mv.from;
        let target = if horn {
            corner_ahead(from, if mv.die == 6 { 2 } else { 1 })
        } else {
            ahead(from, mv.die)
        };
        let at = |to, bumped, captured| Landing {
            target,
            to,
            bumped,
            captured,
        };
        match self.point(target) {
            None => Ok(at(target, false, false)),
            Some(s) if s == seat => {
                if self.rustik() || horn {
                    return Err(Blocked::OwnPiece(target));
                }
                Ok(at(self.bump_from(target, from), true, false))
            }
            Some(_) => match self.refusal_at(target, seat, victim_horn) {
                None => Ok(at(target, false, true)),
                Some(r) if self.rustik() || horn => Err(r),
                Some(_) => Ok(at(self.bump_from(target, from), true, false)),
            },
        }
    }

    /// The nearest empty point after `target`, with the moving piece (on `from`) lifted.
    fn bump_from(&self, target: u8, from: u8) -> u8 {
        let mut p = target;
        for _ in 0..POINTS {
            p = ahead(p, 1);
            if p == from || self.point(p).is_none() {
                break;
            }
        }
        p
    }

    /// Lists the steps `seat` can play with the steps left, before the "as many dice as
    /// possible" rule.
    fn candidates(&self, seat: Seat, out: &mut Vec<Move>) {
        let (dice, n) = self.steps.distinct();
        let horns = self.horns(seat);
        for p in 1..=POINTS {
            if self.point(p) != Some(seat) {
                continue;
            }
            for &die in dice.iter().take(n) {
                let mv = Move::new(p, die);
                if self.land_with(seat, mv, horns).is_ok() {
                    out.push(mv);
                }
            }
        }
    }

    /// Moves the piece and uses the step, without ending the turn: shared by `play` and the
    /// look-ahead of the "as many dice as possible" rule.
    fn apply_raw(&mut self, seat: Seat, mv: Move, landing: Landing) {
        if let Some(cell) = self.board.get_mut(usize::from(mv.from).wrapping_sub(1)) {
            *cell = None;
        }
        if let Some(cell) = self.board.get_mut(usize::from(landing.to).wrapping_sub(1)) {
            *cell = Some(seat);
        }
        self.steps.remove(mv.die);
        self.ply = self.ply.saturating_add(1);
    }

    /// The look-ahead states for `dice::longest_first_steps`. A state where the opponent has
    /// no piece left counts its remaining steps as used (a winning step is never refused for
    /// leaving dice unused).
    fn expand(state: &Adelta) -> Vec<(Move, Adelta)> {
        let Some(seat) = state.side else {
            return Vec::new();
        };
        if state.steps.is_empty() {
            return Vec::new();
        }
        if state.pieces(seat.other()) == 0 {
            let mut next = state.clone();
            let first = next.steps.as_slice().first().copied().unwrap_or(0);
            next.steps.remove(first);
            return vec![(Move::new(0, 0), next)];
        }
        let mut moves = Vec::with_capacity(12);
        state.candidates(seat, &mut moves);
        moves
            .into_iter()
            .filter_map(|mv| {
                let landing = state.land(seat, mv).ok()?;
                let mut next = state.clone();
                next.apply_raw(seat, mv, landing);
                Some((mv, next))
            })
            .collect()
    }

    /// The winner, once a player has no piece left.
    fn winner(&self) -> Option<Seat> {
        let white = self.pieces(Seat::A);
        let black = self.pieces(Seat::B);
        match (white, black) {
            (0, 0) => None,
            (0, _) => Some(Seat::B),
            (_, 0) => Some(Seat::A),
            _ => None,
        }
    }

    /// The steps a roll of `a` and `b` gives `seat`, and whether it rolls again after them.
    fn steps_for(&self, seat: Seat, a: u8, b: u8) -> (Steps, bool) {
        let mut steps = Steps::default();
        let horn = self.pieces(seat) == 1;
        if a != b {
            for d in [a, b] {
                if d == 1 || d == 6 {
                    steps.push(d);
                }
            }
            return (steps, false);
        }
        let count = match (horn, self.rustik(), a) {
            (true, true, _) => 0,
            (true, false, 1 | 6) => 2,
            (true, false, _) => 0,
            (false, _, 6) => 4,
            (false, _, _) => 2,
        };
        for _ in 0..count {
            steps.push(a);
        }
        (steps, true)
    }

    /// Ends `seat`'s turn: the same player rolls again after a double, otherwise the turn
    /// passes. `passed` marks a turn in which no step was played.
    fn end_turn(&mut self, seat: Seat, passed: bool, events: &mut Vec<Event>) {
        self.steps.clear();
        if self.again {
            self.again = false;
            events.push(Event::ExtraRoll { seat });
        } else {
            if passed {
                events.push(Event::Passed { seat });
            }
            self.side = Some(seat.other());
        }
    }

    /// After a roll or a step: ends the turn when no step is left, and in `adelta-rustik`
    /// loses the steps that cannot be played.
    fn settle(&mut self, seat: Seat, passed: bool, events: &mut Vec<Event>) {
        if self.steps.is_empty() {
            self.end_turn(seat, passed, events);
        } else if self.rustik() && self.legal_moves().is_empty() {
            events.push(Event::DiceLost {
                seat,
                dice: self.steps.as_slice().to_vec(),
            });
            self.end_turn(seat, passed, events);
        }
    }

    /// Why `mv` is not among the legal moves.
    fn refusal(&self, seat: Seat, mv: Move) -> Refusal {
        if !(1..=POINTS).contains(&mv.from) {
            return Refusal::NoSuchPoint { point: mv.from };
        }
        if !self.steps.contains(mv.die) {
            return Refusal::NoSuchStep {
                die: mv.die,
                left: self.steps.as_slice().to_vec(),
            };
        }
        match self.point(mv.from) {
            None => {
                return Refusal::NoPieceOnPoint {
                    point: mv.from,
                    owner: None,
                };
            }
            Some(s) if s != seat => {
                return Refusal::NoPieceOnPoint {
                    point: mv.from,
                    owner: Some(s),
                };
            }
            Some(_) => {}
        }
        if let Err(r) = self.land(seat, mv) {
            return r.refusal();
        }
        Refusal::MoreStepsPossible {
            playable: self.legal_moves().iter().map(Move::to_string).collect(),
        }
    }
}

impl Game for Adelta {
    type Move = Move;
    const RULE_SETS: &'static [RuleSetId] = &[RuleSetId::Adelta, RuleSetId::AdeltaRustik];

    fn start(rule_set: RuleSetId, _seed: u64) -> Self {
        let rule_set = if Self::RULE_SETS.contains(&rule_set) {
            rule_set
        } else {
            RuleSetId::Adelta
        };
        let mut board = [None; 24];
        for (i, cell) in board.iter_mut().enumerate() {
            *cell = match i {
                0..=5 => Some(Seat::A),
                12..=17 => Some(Seat::B),
                _ => None,
            };
        }
        Adelta {
            rule_set,
            board,
            side: None,
            steps: Steps::default(),
            again: false,
            ply: 0,
        }
    }

    fn rule_set(&self) -> RuleSetId {
        self.rule_set
    }

    fn status(&self) -> Status {
        if let Some(winner) = self.winner() {
            return Status::Over(Outcome {
                winner: Some(winner),
                reason: EndReason::AllCaptured,
                scores: None,
            });
        }
        match self.side {
            None => Status::Roll {
                seat: None,
                spec: OPENING_SPEC,
            },
            Some(seat) if self.steps.is_empty() => Status::Roll {
                seat: Some(seat),
                spec: TURN_SPEC,
            },
            Some(seat) => Status::Move { seat },
        }
    }

    fn dice(&self) -> &[u8] {
        self.steps.as_slice()
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        let Status::Move { seat } = self.status() else {
            return Vec::new();
        };
        let mut moves = Vec::with_capacity(12);
        self.candidates(seat, &mut moves);
        if !self.rustik() || moves.len() <= 1 || self.steps.len <= 1 {
            return moves;
        }
        dice::longest_first_steps(self, usize::from(self.steps.len), &Self::expand)
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, MoveError> {
        let seat = match self.status() {
            Status::Over(_) => return Err(MoveError::GameOver),
            Status::Roll { .. } => return Err(MoveError::RollPending),
            Status::Move { seat } => seat,
        };
        let landing = match self.land(seat, mv) {
            Ok(l) if self.legal_moves().contains(&mv) => l,
            _ => {
                return Err(MoveError::Illegal {
                    mv: mv.to_string(),
                    reason: self.refusal(seat, mv),
                });
            }
        };
        let mut events = Vec::with_capacity(4);
        if landing.bumped {
            events.push(Event::Bumped {
                seat,
                target: landing.target,
                landed: landing.to,
            });
        }
        events.push(Event::Moved {
            seat,
            from: mv.from,
            to: Some(landing.to),
        });
        self.apply_raw(seat, mv, landing);
        if landing.captured {
            let victim = seat.other();
            events.push(Event::Captured {
                seat: victim,
                at: landing.to,
            });
            if let Some(at) = self.hornaskella(victim) {
                events.push(Event::Hornaskella { seat: victim, at });
            }
            if let Status::Over(outcome) = self.status() {
                self.steps.clear();
                self.again = false;
                events.push(Event::GameOver(outcome));
                return Ok(events);
            }
        }
        self.settle(seat, false, &mut events);
        Ok(events)
    }

    fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError> {
        let invalid = |spec: RollSpec| RollError::Invalid {
            count: spec.count,
            sides: spec.sides,
            got: dice.to_vec(),
        };
        match self.status() {
            Status::Roll { seat: None, .. } => {
                let &[a, b, c, d] = dice else {
                    return Err(invalid(OPENING_SPEC));
                };
                if !dice::valid_roll(OPENING_SPEC, dice) {
                    return Err(invalid(OPENING_SPEC));
                }
                let mut events = vec![Event::Rolled {
                    seat: None,
                    dice: dice.to_vec(),
                }];
                let (white, black) = (a + b, c + d);
                if white != black {
                    let starter = if white > black { Seat::A } else { Seat::B };
                    self.side = Some(starter);
                    events.push(Event::StarterChosen { seat: starter });
                }
                Ok(events)
            }
            Status::Roll {
                seat: Some(seat), ..
            } => {
                let &[a, b] = dice else {
                    return Err(invalid(TURN_SPEC));
                };
                if !dice::valid_roll(TURN_SPEC, dice) {
                    return Err(invalid(TURN_SPEC));
                }
                let mut events = vec![Event::Rolled {
                    seat: Some(seat),
                    dice: dice.to_vec(),
                }];
                let (steps, again) = self.steps_for(seat, a, b);
                self.steps = steps;
                self.again = again;
                self.settle(seat, true, &mut events);
                Ok(events)
            }
            Status::Move { .. } | Status::Over(_) => Err(RollError::NotExpected),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_step(text)
    }

    fn to_notation(&self, _viewer: Viewer) -> String {
        notation::write(self)
    }

    fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Self, PositionError> {
        notation::read(rule_set, text)
    }

    fn text_grid(&self, _viewer: Viewer) -> String {
        text::grid(self)
    }

    fn cell_name(&self, cell: Cell) -> String {
        cell.to_string()
    }
}
