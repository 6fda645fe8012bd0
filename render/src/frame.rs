//! What every picture shows above and on its board, whatever the game: the header band
//! ([`Header`], [`Turn`]) and the last move's marks ([`LastMove`], [`Step`]). A leaf: the
//! games' scenes hold these, and the scene dispatch above them reads them.

use skald_lang::{Lang, t};
use skald_rules::{Cell, Event, RuleSetId, Seat};

/// The text band above every board: which game, who plays, whose turn, which dice are left.
///
/// It exists because a chat message may be seen without its text, so the picture alone must
/// say what is going on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The rule set played; its id and name are shown, and it decides the seat names and the
    /// kind of dice (d6 for Ad Elta Stelpur, d4 for Daldøsa).
    pub rule_set: RuleSetId,
    /// Player names, seat A first; `None` shows the seat name alone.
    pub players: [Option<String>; 2],
    /// Whose turn it is, or how the game ended.
    pub turn: Turn,
    /// How many moves were played so far, as the rules count them
    /// ([`skald_rules::Position::ply`]: single moves in Hnefatafl and Subulata, steps of a
    /// die in the dice games). The header numbers moves from it the way the text board does:
    /// "Move 12" (a move and its reply, as in the move list) in Hnefatafl and Subulata, "After
    /// 23 steps" in the dice games.
    pub played: u32,
    /// Dice still to use this turn (values 1..=6 on d6, 1..=4 on d4); empty when none. Never
    /// drawn once the game is over.
    pub dice: Vec<u8>,
    /// The language of every word in the picture (header, captions, labels): the reader's.
    pub lang: Lang,
    /// Two moves from this position compared (a turning point of the engine's review),
    /// drawn on the board instead of the last move and worded in a band under it; `None`
    /// on every other picture. Set it with [`crate::Scene::compare`].
    pub compared: Option<Compared>,
}

/// Two moves from the same position told apart, for a turning point of the engine's
/// review: the move played and the one the engine preferred, each drawn as the last move
/// is (an arrow per step, so a dice turn's several steps each get theirs), the played one
/// in the last-move orange, the preferred one in blue and dashed, side by side where they
/// share a line; a band under the board words them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Compared {
    /// The move played (its steps; captures and bumps are not drawn).
    pub played: LastMove,
    /// The move the engine preferred.
    pub preferred: LastMove,
    /// The band's two lines, already in the reader's language: the played move first
    /// ("played: f4-f7"), then the preferred one ("engine: f4-f2").
    pub legend: [String; 2],
}

impl Header {
    /// A header with no player names and no dice, in English, for tests and simple callers;
    /// `played` is the number of moves (steps, in the dice games) played so far.
    pub fn new(rule_set: RuleSetId, turn: Turn, played: u32) -> Header {
        Header {
            rule_set,
            players: [None, None],
            turn,
            played,
            dice: Vec::new(),
            lang: Lang::En,
            compared: None,
        }
    }

    /// Where the game stands in moves, in the header's language, worded as the text board
    /// words it: "Move 12" for the next move in Hnefatafl and Subulata (numbered like the move
    /// list, a move and its reply under one number), "After move 12" once over; "After 23
    /// steps" in the dice games, which count steps (one per die used), not turns.
    pub fn progress(&self) -> String {
        let over = matches!(self.turn, Turn::Over(_));
        let played = self.played;
        let text = if self.rule_set.uses_dice() {
            t!("board-picture-steps", steps = played)
        } else if !over {
            t!("board-picture-move", number = played / 2 + 1)
        } else if played == 0 {
            t!("board-picture-no-move")
        } else {
            t!("board-picture-after-move", number = played.div_ceil(2))
        };
        text.render(self.lang)
    }
}

/// Whose turn the header announces, or the result once the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// This seat acts next (moves, or waits for its roll).
    Seat(Seat),
    /// Nobody yet: the opening roll that decides who starts.
    Opening,
    /// The game is over; the text says how, in the header's language ("Black wins: White has
    /// no pieces left").
    Over(String),
}

/// One movement of a piece in the last move: from a cell to a cell, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece started.
    pub from: Cell,
    /// Where it came to rest; `None` when it left the board. Equal to `from` when a cell is
    /// only to be marked (a Daldøsa activation reported without its movement).
    pub to: Option<Cell>,
}

/// The marks of the last move: highlighted from/to cells with an arrow, captured cells crossed.
///
/// It exists so players see at a glance what just happened. Dice games may list several
/// steps (a player can enter a whole turn at once); every step is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// Piece movements, in order.
    pub steps: Vec<Step>,
    /// Cells whose piece was captured.
    pub captured: Vec<Cell>,
    /// Cells a piece aimed at but found occupied, and went past (Ad Elta Stelpur's bump).
    pub bumped: Vec<Cell>,
}

impl LastMove {
    /// No last move (the start of a game).
    pub fn none() -> LastMove {
        LastMove::default()
    }

    /// A single movement from `from` to `to` with nothing captured.
    pub fn step(from: Cell, to: Option<Cell>) -> LastMove {
        LastMove {
            steps: vec![Step { from, to }],
            ..LastMove::default()
        }
    }

    /// Builds the marks from the events the rules returned for a move (or a whole turn).
    ///
    /// It exists so callers never translate events by hand: `Moved` gives a step, `LeftBoard`
    /// a step off the board (once, even when `Moved` reported it too), `Bumped` sends the step
    /// on to where the piece landed and marks the occupied target, `Captured` a cross, and
    /// `Activated` marks its hole when no step already ends there. Other events (rolls,
    /// passes, the end of the game) leave no mark.
    pub fn from_events(events: &[Event]) -> LastMove {
        let mut last = LastMove::default();
        for event in events {
            match event {
                Event::Moved { from, to, .. } => last.steps.push(Step {
                    from: *from,
                    to: *to,
                }),
                Event::LeftBoard { from, .. } => {
                    let known = last.steps.iter().any(|s| s.from == *from && s.to.is_none());
                    if !known {
                        last.steps.push(Step {
                            from: *from,
                            to: None,
                        });
                    }
                }
                Event::Bumped { target, landed, .. } => {
                    if let Some(step) = last.steps.iter_mut().rev().find(|s| s.to == Some(*target))
                    {
                        step.to = Some(*landed);
                    }
                    if !last.bumped.contains(target) {
                        last.bumped.push(*target);
                    }
                }
                Event::Captured { at, .. } => {
                    if !last.captured.contains(at) {
                        last.captured.push(*at);
                    }
                }
                Event::Activated { at, .. } => {
                    if !last.steps.iter().any(|s| s.to == Some(*at)) {
                        last.steps.push(Step {
                            from: *at,
                            to: Some(*at),
                        });
                    }
                }
                Event::Rolled { .. }
                | Event::StarterChosen { .. }
                | Event::Hornaskella { .. }
                | Event::DiceLost { .. }
                | Event::ExtraRoll { .. }
                | Event::Passed { .. }
                | Event::GameOver(_) => {}
            }
        }
        last
    }

    /// Every cell the marks refer to (for range checks).
    pub(crate) fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.steps
            .iter()
            .flat_map(|s| std::iter::once(s.from).chain(s.to))
            .chain(self.captured.iter().copied())
            .chain(self.bumped.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::{EndReason, Outcome};

    #[test]
    fn moves_and_captures_become_marks() {
        let events = [
            Event::Moved {
                seat: Seat::A,
                from: 5,
                to: Some(49),
            },
            Event::Captured {
                seat: Seat::B,
                at: 50,
            },
            Event::Captured {
                seat: Seat::B,
                at: 38,
            },
            Event::GameOver(Outcome {
                winner: Some(Seat::A),
                reason: EndReason::KingCaptured,
                scores: None,
            }),
        ];
        let last = LastMove::from_events(&events);
        assert_eq!(
            last.steps,
            vec![Step {
                from: 5,
                to: Some(49)
            }]
        );
        assert_eq!(last.captured, vec![50, 38]);
        assert!(last.bumped.is_empty());
    }

    #[test]
    fn a_bump_sends_the_step_on() {
        let events = [
            Event::Rolled {
                seat: Some(Seat::A),
                dice: vec![1, 3],
            },
            Event::Moved {
                seat: Seat::A,
                from: 4,
                to: Some(5),
            },
            Event::Bumped {
                seat: Seat::A,
                target: 5,
                landed: 7,
            },
        ];
        let last = LastMove::from_events(&events);
        assert_eq!(
            last.steps,
            vec![Step {
                from: 4,
                to: Some(7)
            }]
        );
        assert_eq!(last.bumped, vec![5]);
    }

    #[test]
    fn leaving_the_board_is_one_step() {
        let both = [
            Event::Moved {
                seat: Seat::A,
                from: 35,
                to: None,
            },
            Event::LeftBoard {
                seat: Seat::A,
                from: 35,
            },
        ];
        assert_eq!(LastMove::from_events(&both), LastMove::step(35, None));
        let only = [Event::LeftBoard {
            seat: Seat::B,
            from: 11,
        }];
        assert_eq!(LastMove::from_events(&only), LastMove::step(11, None));
    }

    #[test]
    fn activation_marks_its_hole_once() {
        let with_move = [
            Event::Moved {
                seat: Seat::A,
                from: 11,
                to: Some(23),
            },
            Event::Activated {
                seat: Seat::A,
                at: 23,
            },
        ];
        assert_eq!(
            LastMove::from_events(&with_move),
            LastMove::step(11, Some(23))
        );
        let alone = [Event::Activated {
            seat: Seat::A,
            at: 23,
        }];
        assert_eq!(LastMove::from_events(&alone), LastMove::step(23, Some(23)));
        assert_eq!(LastMove::from_events(&[]), LastMove::none());
    }
}
