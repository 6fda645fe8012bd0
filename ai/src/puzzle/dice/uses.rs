//! The uses of a roll: every whole turn the mover can play with the dice in hand, one per
//! position it reaches, and a use as a player writes it read back into the position it
//! reaches (so an answer in another order is the same answer).

use skald_rules::{Game, Seat, Status};
use std::collections::HashSet;

/// One use of the roll: the steps in the order first found, and the position they reach.
pub(super) struct Use<G: Game> {
    /// The steps, as the rules list them.
    pub(super) steps: Vec<G::Move>,
    /// The position once the turn's steps are played (the next roll awaited, or the end).
    pub(super) after: G,
}

impl<G: Game> Use<G> {
    /// The use as the `move` command takes a whole turn: its steps in canonical notation,
    /// separated by spaces (`13+1 7+6`).
    pub(super) fn written(&self) -> String {
        let steps: Vec<String> = self.steps.iter().map(ToString::to_string).collect();
        steps.join(" ")
    }
}

/// Whether `state` still waits for a step of `mover`'s in the same turn.
fn moving<G: Game>(state: &G, mover: Seat) -> bool {
    state.status() == (Status::Move { seat: mover })
}

/// Every distinct use of the roll in hand for `mover` (to move in `game`): uses that reach
/// the same position are one, kept in the order the rules list their steps. A position
/// reached halfway by two orders of steps is followed once (its completions are the same).
pub(super) fn distinct_uses<G: Game>(game: &G, mover: Seat) -> Vec<Use<G>> {
    let mut walk = Walk {
        mover,
        line: Vec::new(),
        seen: HashSet::new(),
        ends: HashSet::new(),
        out: Vec::new(),
    };
    if moving(game, mover) {
        walk.from(game);
    }
    walk.out
}

/// The state of the enumeration: the steps played so far and what was already found.
struct Walk<G: Game> {
    mover: Seat,
    line: Vec<G::Move>,
    /// Positions halfway through the turn already followed.
    seen: HashSet<G>,
    /// Positions a use ended on.
    ends: HashSet<G>,
    out: Vec<Use<G>>,
}

impl<G: Game> Walk<G> {
    fn from(&mut self, state: &G) {
        if !moving(state, self.mover) {
            if self.ends.insert(state.clone()) {
                self.out.push(Use {
                    steps: self.line.clone(),
                    after: state.clone(),
                });
            }
            return;
        }
        if !self.seen.insert(state.clone()) {
            return;
        }
        for mv in state.legal_moves() {
            let mut next = state.clone();
            if next.play(mv).is_err() {
                // Listed but refused: a rules bug, never offered as a use.
                continue;
            }
            self.line.push(mv);
            self.from(&next);
            self.line.pop();
        }
    }
}

/// The position a written use reaches from `game` (`mover` to move), if `text` is a whole
/// legal use: its steps separated by spaces, each in any form the rules read (`13+1`,
/// `13 1`, `w12:1`). `None` for anything else: an unreadable or illegal step, steps left
/// unplayed, or steps past the end of the turn.
pub(super) fn read_use<G: Game>(game: &G, mover: Seat, text: &str) -> Option<G> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut state = game.clone();
    let mut at = 0;
    if words.is_empty() {
        return None;
    }
    while at < words.len() {
        if !moving(&state, mover) {
            return None;
        }
        // A step is one word (`13+1`) or, written with a space inside, two (`13 1`).
        let one = state.parse_move(words[at]).ok().map(|mv| (mv, 1));
        let two = || {
            let pair = words.get(at..at + 2)?.join(" ");
            state.parse_move(&pair).ok().map(|mv| (mv, 2))
        };
        let (mv, used) = one.or_else(two)?;
        state.play(mv).ok()?;
        at += used;
    }
    (!moving(&state, mover)).then_some(state)
}
