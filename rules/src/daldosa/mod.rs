//! Daldøsa, the Norwegian boat game (`daldosa`): two four-sided dice, three rows of 12 holes.
//!
//! Cells are numbered `row * 12 + hole - 1` with rows `w` = 0, `m` = 1, `b` = 2, so `w1` = 0,
//! `m12` = 23 and `b12` = 35. Seat A is White (home row `w`), seat B is Black (home row `b`).
//! The position string and the move notation are documented in `docs/NOTATION.md` (section "Daldøsa").

mod notation;
#[cfg(test)]
mod tests;
mod text;

use crate::{
    Cell, EndReason, Event, Game, MoveError, Outcome, PositionError, Refusal, RollError, RollSpec,
    RuleSetId, Seat, Status, Viewer, dice,
};

/// Holes in one row of the boat; the rules, the notation and the renderer all use it.
pub const HOLES_PER_ROW: u8 = 12;
/// Rows of the boat (`w`, `m`, `b`), for the renderer's layout.
pub const ROWS: u8 = 3;
/// Number of cells (holes) on the board: the size of [`Daldosa::holes`].
pub const CELLS: usize = 36;
/// Pegs each player starts with; captured counts are derived from it.
pub const PEGS: u8 = 12;
/// The roll asked for at the start of every turn: two four-sided dice.
pub const ROLL: RollSpec = RollSpec { count: 2, sides: 4 };

/// What stands in one hole; the renderer and the AI read the board through it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hole {
    /// No peg.
    #[default]
    Empty,
    /// A peg that has not been activated yet (it stands in its home row and moves only by
    /// activation).
    Inactive(Seat),
    /// An activated peg, moving along its owner's path.
    Active(Seat),
}

impl Hole {
    /// The owner of the peg in this hole, if any.
    pub fn owner(self) -> Option<Seat> {
        match self {
            Hole::Empty => None,
            Hole::Inactive(s) | Hole::Active(s) => Some(s),
        }
    }

    /// Whether this hole holds an active peg (of either player).
    pub fn is_active(self) -> bool {
        matches!(self, Hole::Active(_))
    }
}

/// One step: the peg on `from` moves by the die `die` (for an activation, `from` is the
/// inactive peg's hole and `die` is 1). Printed `w12+1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell of the peg that moves.
    pub from: Cell,
    /// The die used, 1..=4.
    pub die: u8,
}

impl Move {
    /// The step of the peg on `from` by `die`, for callers (the AI) that build moves directly.
    pub const fn new(from: Cell, die: u8) -> Move {
        Move { from, die }
    }
}

/// Builds a player's path: the cell at each step index 0..36.
const fn build_path(black: bool) -> [Cell; CELLS] {
    let mut path = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (row, hole) = if i < 12 {
            (if black { 2 } else { 0 }, i + 1)
        } else if i < 24 {
            (1, 24 - i)
        } else {
            (if black { 0 } else { 2 }, i - 23)
        };
        path[i] = (row * 12 + hole - 1) as u8;
        i += 1;
    }
    path
}

/// Inverts a path: the step index of each cell.
const fn invert(path: &[Cell; CELLS]) -> [u8; CELLS] {
    let mut pos = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        pos[path[i] as usize] = i as u8;
        i += 1;
    }
    pos
}

/// The paths of White and Black, indexed by seat.
const PATHS: [[Cell; CELLS]; 2] = [build_path(false), build_path(true)];
/// The path index of every cell, per seat.
const POSITIONS: [[u8; CELLS]; 2] = [invert(&PATHS[0]), invert(&PATHS[1])];

/// Bits for the path indices `from..from + len` (only indices below 36 can be set in a mask).
fn span(from: u32, len: u32) -> u64 {
    ((1u64 << len) - 1) << from
}

/// One player's pegs as bit sets over their own path indices: a compact form the legal-move
/// search updates without touching the board.
#[derive(Clone, Copy, Debug)]
struct Pegs {
    /// Every own peg, active or not.
    all: u64,
    /// Active own pegs.
    active: u64,
}

impl Pegs {
    /// The path index of the inactive peg nearest the stern (the one a 1 activates).
    fn activation(self) -> Option<u32> {
        let inactive = self.all & !self.active;
        (inactive != 0).then(|| 63 - inactive.leading_zeros())
    }

    /// Where a step of `die` from path index `p` ends (`36` or more: off the board), if no own
    /// peg stands in the way or on the target.
    fn target(self, p: u32, die: u8) -> Option<u32> {
        let d = u32::from(die);
        (self.all & span(p + 1, d) == 0).then_some(p + d)
    }

    /// Calls `f(from, to)` for every step of `die` (path indices; `to >= 36` leaves).
    fn for_each_step(self, die: u8, mut f: impl FnMut(u32, u32)) {
        let mut movers = self.active;
        if die == 1
            && let Some(p) = self.activation()
        {
            movers |= 1 << p;
        }
        while movers != 0 {
            let p = movers.trailing_zeros();
            movers &= movers - 1;
            if let Some(q) = self.target(p, die) {
                f(p, q);
            }
        }
    }

    /// Whether any step of `die` can be played.
    fn can_step(self, die: u8) -> bool {
        let mut any = false;
        self.for_each_step(die, |_, _| any = true);
        any
    }

    /// The pegs after the step `p` -> `q` (an activated peg becomes active).
    fn after(self, p: u32, q: u32) -> Pegs {
        let bit = 1u64 << p;
        let land = if q < CELLS as u32 { 1u64 << q } else { 0 };
        Pegs {
            all: (self.all & !bit) | land,
            active: (self.active & !bit) | land,
        }
    }
}

/// Why a step cannot be played by the peg on its cell, before the dice rule is considered.
enum Blocked {
    /// No own peg stands there.
    NoPeg,
    /// An inactive peg needs a 1.
    InactiveNeedsOne,
    /// Only the inactive peg nearest the stern may be activated.
    NotNearestStern(Cell),
    /// An own peg stands on the way.
    OwnPegOnPath(Cell),
    /// An own peg stands on the target.
    OwnPegOnTarget(Cell),
}

/// What one step did, for the events.
struct StepEffect {
    to: Option<Cell>,
    captured: bool,
    activated: bool,
}

/// A Daldøsa position: the board, whose turn it is, the dice still to use, the step count
/// and how many pegs each player ran off.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Daldosa {
    /// What stands on each cell.
    holes: [Hole; CELLS],
    /// The player to roll or move (after the end: the player who made the last step).
    side: Seat,
    /// The dice still to use, in the order rolled; only the first `dice_len` count.
    dice: [u8; 2],
    /// How many of `dice` are still to use (0: a roll is pending, or the game is over).
    dice_len: u8,
    /// Steps played since the start.
    ply: u32,
    /// Pegs each player ran off the end of their path.
    off: [u8; 2],
    /// Pegs each player has on the board (kept in step with `holes`).
    on_board: [u8; 2],
}

impl Daldosa {
    /// The path of `seat` as cells in the order a peg travels (36 entries, then off), for the
    /// renderer's arrows and the AI's progress measure.
    pub fn path(seat: Seat) -> &'static [Cell; CELLS] {
        &PATHS[seat.index()]
    }

    /// How far along `seat`'s path `cell` lies (0..36), or `None` for a cell off the board;
    /// the AI uses it to measure a peg's progress.
    pub fn path_index(seat: Seat, cell: Cell) -> Option<u8> {
        POSITIONS[seat.index()].get(usize::from(cell)).copied()
    }

    /// What stands on `cell` (empty for a cell off the board), for the renderer.
    pub fn hole(&self, cell: Cell) -> Hole {
        self.holes
            .get(usize::from(cell))
            .copied()
            .unwrap_or(Hole::Empty)
    }

    /// The whole board, cell by cell, for callers that draw or evaluate it in one pass.
    pub fn holes(&self) -> &[Hole; CELLS] {
        &self.holes
    }

    /// The player to roll or move; after the end, the player who made the last step. The
    /// status gives no seat once the game is over, the result message still needs it.
    pub fn side(&self) -> Seat {
        self.side
    }

    /// Pegs `seat` has on the board, for the picture and the AI.
    pub fn pegs_on_board(&self, seat: Seat) -> u8 {
        self.on_board[seat.index()]
    }

    /// Pegs `seat` has not activated yet, for the picture and the AI.
    pub fn pegs_inactive(&self, seat: Seat) -> u8 {
        self.holes
            .iter()
            .filter(|&&h| h == Hole::Inactive(seat))
            .count() as u8
    }

    /// Pegs `seat` ran off the end of the path, for the result message.
    pub fn pegs_off(&self, seat: Seat) -> u8 {
        self.off[seat.index()]
    }

    /// Pegs of `seat` the opponent captured, for the picture and the result message.
    pub fn pegs_captured(&self, seat: Seat) -> u8 {
        PEGS.saturating_sub(self.on_board[seat.index()] + self.off[seat.index()])
    }

    /// The inactive peg a 1 would activate for `seat` (the one nearest the stern), so the
    /// renderer can mark it.
    pub fn next_activation(&self, seat: Seat) -> Option<Cell> {
        let p = self.pegs(seat).activation()?;
        Some(PATHS[seat.index()][p as usize])
    }

    /// Where the peg on `mv.from` would come to rest with `mv.die` for the player to move:
    /// `Some(Some(cell))`, `Some(None)` when it leaves the board, `None` when that peg cannot
    /// take that step (the dice in hand and the "as many dice" rule are not considered).
    /// For move previews in the renderer and the chat.
    pub fn target(&self, mv: Move) -> Option<Option<Cell>> {
        self.check_step(self.side, mv).ok()
    }

    /// How the game ended, if it did: a player with no peg on the board loses.
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = if self.on_board[0] == 0 {
            Seat::B
        } else if self.on_board[1] == 0 {
            Seat::A
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(winner),
            reason: EndReason::NoPegsLeft,
            scores: None,
        })
    }

    /// The pegs of `seat` as bit sets over its path.
    fn pegs(&self, seat: Seat) -> Pegs {
        let path = &PATHS[seat.index()];
        let mut pegs = Pegs { all: 0, active: 0 };
        for (p, &cell) in path.iter().enumerate() {
            match self.holes[usize::from(cell)] {
                Hole::Active(s) if s == seat => {
                    pegs.all |= 1 << p;
                    pegs.active |= 1 << p;
                }
                Hole::Inactive(s) if s == seat => pegs.all |= 1 << p,
                _ => {}
            }
        }
        pegs
    }

    /// Checks a step of `seat`'s peg on `mv.from` by `mv.die`, ignoring the dice in hand;
    /// gives where it comes to rest.
    fn check_step(&self, seat: Seat, mv: Move) -> Result<Option<Cell>, Blocked> {
        let hole = self
            .holes
            .get(usize::from(mv.from))
            .copied()
            .unwrap_or(Hole::Empty);
        if !(1..=4).contains(&mv.die) {
            return Err(Blocked::NoPeg);
        }
        let path = &PATHS[seat.index()];
        let pegs = self.pegs(seat);
        let p = u32::from(POSITIONS[seat.index()][usize::from(mv.from) % CELLS]);
        match hole {
            Hole::Active(s) if s == seat => {}
            Hole::Inactive(s) if s == seat => {
                if mv.die != 1 {
                    return Err(Blocked::InactiveNeedsOne);
                }
                if let Some(a) = pegs.activation()
                    && a != p
                {
                    return Err(Blocked::NotNearestStern(path[a as usize]));
                }
            }
            _ => return Err(Blocked::NoPeg),
        }
        match pegs.target(p, mv.die) {
            Some(q) => Ok(path.get(q as usize).copied()),
            None => {
                let q = p + u32::from(mv.die);
                let first = (pegs.all & span(p + 1, u32::from(mv.die))).trailing_zeros();
                let cell = path[first as usize];
                Err(if first == q {
                    Blocked::OwnPegOnTarget(cell)
                } else {
                    Blocked::OwnPegOnPath(cell)
                })
            }
        }
    }

    /// Whether a step of `seat` ending on path index `q` ends the game (it captures the
    /// opponent's last peg, or runs the mover's last peg off).
    fn step_ends_game(&self, seat: Seat, q: u32) -> bool {
        if q >= CELLS as u32 {
            return self.on_board[seat.index()] == 1;
        }
        let cell = PATHS[seat.index()][q as usize];
        self.holes[usize::from(cell)].owner() == Some(seat.other())
            && self.on_board[seat.other().index()] == 1
    }

    /// The legal steps, written into `out` (cleared first). With two dice left, only the first
    /// steps of sequences that use both are kept when there are any ("as many dice as
    /// possible"); a step that ends the game counts as using every die.
    fn legal_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome().is_some() {
            return;
        }
        let seat = self.side;
        let path = &PATHS[seat.index()];
        let pegs = self.pegs(seat);
        let dice = self.dice();
        let push = |out: &mut Vec<Move>, p: u32, die: u8| {
            let mv = Move::new(path[p as usize], die);
            if !out.contains(&mv) {
                out.push(mv);
            }
        };
        match *dice {
            [d] => pegs.for_each_step(d, |p, _| push(out, p, d)),
            [a, b] => {
                let mut both = false;
                for (first, second) in [(a, b), (b, a)] {
                    pegs.for_each_step(first, |p, q| {
                        if self.step_ends_game(seat, q) || pegs.after(p, q).can_step(second) {
                            if !both {
                                both = true;
                                out.clear();
                            }
                            push(out, p, first);
                        } else if !both {
                            push(out, p, first);
                        }
                    });
                    if a == b {
                        break;
                    }
                }
                // Canonical order: along the path, then the dice in the order shown.
                out.sort_by_key(|m| (POSITIONS[seat.index()][usize::from(m.from)], m.die != a));
            }
            _ => {}
        }
    }

    /// Applies a step already known to be playable; updates the board and the counts.
    fn apply_step(&mut self, seat: Seat, mv: Move, to: Option<Cell>) -> StepEffect {
        let from = usize::from(mv.from);
        let activated = self.holes[from] == Hole::Inactive(seat);
        self.holes[from] = Hole::Empty;
        let mut captured = false;
        match to {
            Some(cell) => {
                let cell = usize::from(cell);
                if let Some(owner) = self.holes[cell].owner() {
                    captured = true;
                    self.on_board[owner.index()] -= 1;
                }
                self.holes[cell] = Hole::Active(seat);
            }
            None => {
                self.on_board[seat.index()] -= 1;
                self.off[seat.index()] += 1;
            }
        }
        self.use_die(mv.die);
        self.ply = self.ply.saturating_add(1);
        StepEffect {
            to,
            captured,
            activated,
        }
    }

    /// Removes one die showing `die` from the dice in hand.
    /// Unused slots are kept at 0 so that equal positions compare and hash equal.
    fn use_die(&mut self, die: u8) {
        if self.dice_len == 2 && self.dice[0] == die {
            self.dice[0] = self.dice[1];
        }
        self.dice_len = self.dice_len.saturating_sub(1);
        if let Some(slot) = self.dice.get_mut(usize::from(self.dice_len)) {
            *slot = 0;
        }
    }

    /// Drops the dice still in hand (lost, or the game ended).
    fn clear_dice(&mut self) {
        self.dice = [0; 2];
        self.dice_len = 0;
    }

    /// Ends the turn: the other player rolls next.
    fn end_turn(&mut self) {
        self.clear_dice();
        self.side = self.side.other();
    }

    /// Why a move that is not among the legal moves is refused, for the player.
    fn refusal(&self, mv: Move) -> Refusal {
        let dice = self.dice();
        if !dice.contains(&mv.die) {
            return Refusal::NoSuchDie {
                die: mv.die,
                left: dice.to_vec(),
            };
        }
        let hole = self.cell_name(mv.from);
        match self.check_step(self.side, mv) {
            Err(Blocked::NoPeg) => Refusal::NoPeg {
                hole,
                opponents: self.hole(mv.from).owner().is_some(),
            },
            Err(Blocked::InactiveNeedsOne) => Refusal::InactivePeg { hole },
            Err(Blocked::NotNearestStern(c)) => Refusal::NotNearestStern {
                hole: self.cell_name(c),
            },
            Err(Blocked::OwnPegOnPath(c)) => Refusal::OwnPegOnPath {
                hole: self.cell_name(c),
            },
            Err(Blocked::OwnPegOnTarget(c)) => Refusal::OwnPegOnTarget {
                hole: self.cell_name(c),
            },
            Ok(_) => Refusal::BothDicePossible {
                playable: self.legal_moves().iter().map(|m| m.to_string()).collect(),
            },
        }
    }
}

impl Game for Daldosa {
    type Move = Move;
    const RULE_SETS: &'static [RuleSetId] = &[RuleSetId::Daldosa];

    fn start(_rule_set: RuleSetId, _seed: u64) -> Self {
        let mut holes = [Hole::Empty; CELLS];
        for hole in 0..usize::from(HOLES_PER_ROW) {
            holes[hole] = Hole::Inactive(Seat::A);
            holes[2 * usize::from(HOLES_PER_ROW) + hole] = Hole::Inactive(Seat::B);
        }
        Daldosa {
            holes,
            side: Seat::A,
            dice: [0; 2],
            dice_len: 0,
            ply: 0,
            off: [0; 2],
            on_board: [PEGS; 2],
        }
    }

    fn rule_set(&self) -> RuleSetId {
        RuleSetId::Daldosa
    }

    fn status(&self) -> Status {
        if let Some(outcome) = self.outcome() {
            Status::Over(outcome)
        } else if self.dice_len == 0 {
            Status::Roll {
                seat: Some(self.side),
                spec: ROLL,
            }
        } else {
            Status::Move { seat: self.side }
        }
    }

    fn dice(&self) -> &[u8] {
        self.dice.get(..usize::from(self.dice_len)).unwrap_or(&[])
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(24);
        self.legal_into(&mut out);
        out
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if self.dice_len == 0 {
            return Err(MoveError::RollPending);
        }
        if !self.legal_moves().contains(&mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: self.refusal(mv),
            });
        }
        let seat = self.side;
        let to = self.check_step(seat, mv).map_err(|_| MoveError::Illegal {
            mv: mv.to_string(),
            reason: self.refusal(mv),
        })?;
        let effect = self.apply_step(seat, mv, to);
        let mut events = vec![Event::Moved {
            seat,
            from: mv.from,
            to: effect.to,
        }];
        match effect.to {
            Some(at) if effect.captured => events.push(Event::Captured {
                seat: seat.other(),
                at,
            }),
            None => events.push(Event::LeftBoard {
                seat,
                from: mv.from,
            }),
            Some(_) => {}
        }
        if let (true, Some(at)) = (effect.activated, effect.to) {
            events.push(Event::Activated { seat, at });
        }
        if let Some(outcome) = self.outcome() {
            self.clear_dice();
            events.push(Event::GameOver(outcome));
        } else if self.dice_len > 0 && self.legal_moves().is_empty() {
            events.push(Event::DiceLost {
                seat,
                dice: self.dice().to_vec(),
            });
            self.end_turn();
        } else if self.dice_len == 0 {
            self.end_turn();
        }
        Ok(events)
    }

    fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError> {
        if self.outcome().is_some() || self.dice_len > 0 {
            return Err(RollError::NotExpected);
        }
        let [a, b] = *dice else {
            return Err(RollError::Invalid {
                count: ROLL.count,
                sides: ROLL.sides,
                got: dice.to_vec(),
            });
        };
        if !dice::valid_roll(ROLL, dice) {
            return Err(RollError::Invalid {
                count: ROLL.count,
                sides: ROLL.sides,
                got: dice.to_vec(),
            });
        }
        let seat = self.side;
        self.dice = [a, b];
        self.dice_len = 2;
        let mut events = vec![Event::Rolled {
            seat: Some(seat),
            dice: dice.to_vec(),
        }];
        if self.legal_moves().is_empty() {
            events.push(Event::Passed { seat });
            self.end_turn();
        }
        Ok(events)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(text)
    }

    fn to_notation(&self, _viewer: Viewer) -> String {
        notation::write_position(self)
    }

    fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Self, PositionError> {
        if rule_set != RuleSetId::Daldosa {
            return Err(PositionError::BadField {
                field: "rule set",
                found: rule_set.id().to_string(),
                expected: "daldosa".to_string(),
            });
        }
        notation::read_position(text)
    }

    fn text_grid(&self, _viewer: Viewer) -> String {
        text::grid(self)
    }

    fn cell_name(&self, cell: Cell) -> String {
        notation::cell_name(cell)
    }
}
