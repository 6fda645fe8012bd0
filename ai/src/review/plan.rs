//! A review's plan: the record replayed into turns (who chose, what, with which dice) and the
//! positions to search around them, each searched once even when two turns share it.

use super::ReviewError;
use skald_rules::{Action, Position, Record, ReplayError, Seat, Status};

/// One position to search.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Point {
    /// The full position, every value known (the game is over).
    pub position: Position,
    /// The seat the search is made for (the mover, or who rolls next).
    pub me: Seat,
    /// The moves a turn played from here (the point is that turn's "before"), so the search
    /// can read their value in its own tree.
    pub played: Option<Vec<String>>,
}

/// What the position after a turn is worth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum After {
    /// The rules ended the game there: the first seat's result (1, 0, or 0.5 for a draw).
    Over(f64),
    /// The search of this point tells.
    Point(usize),
}

/// One turn where a player chose, with the points that review it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TurnPlan {
    /// Index in the record's actions of the turn's first move.
    pub action: usize,
    /// The move list's number.
    pub number: u32,
    /// Who chose.
    pub mover: Seat,
    /// The dice the turn used (dice games).
    pub roll: Option<Vec<u8>>,
    /// The moves played, canonical.
    pub played: Vec<String>,
    /// The point awaiting the roll (dice games).
    pub before_roll: Option<usize>,
    /// The point with the turn to play.
    pub before: usize,
    /// The position after the moves played.
    pub after: After,
}

/// The points and the turns of a record's review.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Planned {
    /// The positions to search, in game order.
    pub points: Vec<Point>,
    /// The turns where a player chose, in game order.
    pub turns: Vec<TurnPlan>,
}

/// A turn as the replay gathers it, before its points are made: the same grouping as the
/// move list (`skald_model::messages::move_list`), so the numbers agree.
struct Gathered {
    seat: Option<Seat>,
    number: u32,
    roll: Option<Vec<u8>>,
    /// The position awaiting the turn's roll.
    roll_from: Option<Position>,
    /// The position before the turn's first move, and that move's action index.
    start: Option<(Position, usize)>,
    moves: Vec<String>,
    /// The position after the turn's last move.
    end: Option<Position>,
}

/// Replays `record` and plans its review.
pub(super) fn plan(record: &Record) -> Result<Planned, ReviewError> {
    let record = record.clone().upgrade()?;
    let dice = record.rule_set.uses_dice();
    let mut position =
        Position::from_notation(record.rule_set, &record.start).map_err(ReplayError::from)?;
    // The arrangements as played: a Subulata seat may still arrange before its first move,
    // so a position searched before that sees the values the seat actually played with.
    let finals: Vec<(Seat, [u8; 9])> = Seat::BOTH
        .into_iter()
        .filter_map(|seat| {
            record.actions.iter().rev().find_map(|a| match a {
                Action::Arrange { seat: s, values } if *s == seat => Some((seat, *values)),
                _ => None,
            })
        })
        .collect();
    let mut gathered: Vec<Gathered> = Vec::new();
    // The last roll nobody owned (Ad Elta's opening roll), and the position before it: the
    // first turn plays its dice.
    let mut opening: Option<(Vec<u8>, Position)> = None;
    let mut moves_seen: u32 = 0;
    for (index, action) in record.actions.iter().enumerate() {
        let fail = |reason: String| ReplayError::Action {
            index,
            action: action.describe(),
            reason,
        };
        let actor = position.status().seat();
        let before = position.clone();
        match action {
            Action::Roll(d) => {
                position.roll(d).map_err(|e| fail(e.to_string()))?;
                match actor {
                    Some(seat) => gathered.push(Gathered {
                        seat: Some(seat),
                        number: gathered.len() as u32 + 1,
                        roll: Some(d.clone()),
                        roll_from: Some(before),
                        start: None,
                        moves: Vec::new(),
                        end: None,
                    }),
                    None => opening = Some((d.clone(), before)),
                }
            }
            Action::Move(m) => {
                position.play(m).map_err(|e| fail(e.to_string()))?;
                let joins = dice && gathered.last().is_some_and(|t| t.seat == actor);
                if !joins {
                    let number = if dice {
                        gathered.len() as u32 + 1
                    } else {
                        moves_seen / 2 + 1
                    };
                    let (roll, roll_from) = match opening.take() {
                        Some((d, from)) if dice => (Some(d), Some(from)),
                        _ => (None, None),
                    };
                    gathered.push(Gathered {
                        seat: actor,
                        number,
                        roll,
                        roll_from,
                        start: None,
                        moves: Vec::new(),
                        end: None,
                    });
                }
                if let Some(turn) = gathered.last_mut() {
                    if turn.start.is_none() {
                        turn.start = Some((before, index));
                    }
                    turn.moves.push(m.clone());
                    turn.end = Some(position.clone());
                }
                moves_seen += 1;
            }
            Action::Arrange { seat, values } => position
                .arrange(*seat, *values)
                .map_err(|e| fail(e.to_string()))?,
        }
    }
    let mut planned = Planned {
        points: Vec::new(),
        turns: Vec::new(),
    };
    for turn in gathered {
        let (Some(mover), Some((start, action)), Some(end)) = (turn.seat, turn.start, turn.end)
        else {
            // A roll that left nothing to play: no choice to review.
            continue;
        };
        let before_roll = turn
            .roll_from
            .map(|from| planned.point(as_played(&from, &finals), mover, None));
        let before = planned.point(as_played(&start, &finals), mover, Some(turn.moves.clone()));
        let after = match end.status() {
            Status::Over(outcome) => After::Over(match outcome.winner {
                Some(Seat::A) => 1.0,
                Some(Seat::B) => 0.0,
                None => 0.5,
            }),
            status => After::Point(planned.point(
                as_played(&end, &finals),
                status.seat().unwrap_or(mover.other()),
                None,
            )),
        };
        planned.turns.push(TurnPlan {
            action,
            number: turn.number,
            mover,
            roll: turn.roll,
            played: turn.moves,
            before_roll,
            before,
            after,
        });
    }
    Ok(planned)
}

impl Planned {
    /// The index of the point for `position`: the last one when it is the same position (a
    /// turn's "after" is the next one's "before"), else a new one.
    fn point(&mut self, position: Position, me: Seat, played: Option<Vec<String>>) -> usize {
        if let Some(last) = self.points.last_mut()
            && last.position == position
        {
            if played.is_some() {
                last.played = played;
                last.me = me;
            }
            return self.points.len() - 1;
        }
        self.points.push(Point {
            position,
            me,
            played,
        });
        self.points.len() - 1
    }
}

/// `position` with the arrangements the seats finally played, where a seat could still
/// change its own (Subulata, before its first move); other games and later positions are
/// unchanged.
fn as_played(position: &Position, finals: &[(Seat, [u8; 9])]) -> Position {
    let mut position = position.clone();
    for &(seat, values) in finals {
        // Refused when the seat may no longer arrange: then its values are already these.
        let _ = position.arrange(seat, values);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::{Match, RuleSetId, Viewer};

    /// A Subulata record where the second seat arranges after the first move.
    fn late_arrangement() -> (Record, [u8; 9]) {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(4);
        let (mut game, _) = Match::new(RuleSetId::Subulata, 4, &mut rng);
        let first = game.position().legal_moves().remove(0);
        game.play(&first, &mut rng).expect("legal");
        let values = [2, 4, 6, 8, 1, 3, 5, 7, 9];
        game.arrange(Seat::B, values).expect("B has not moved yet");
        let second = game.position().legal_moves().remove(0);
        game.play(&second, &mut rng).expect("legal");
        (game.record().clone(), values)
    }

    #[test]
    fn every_point_holds_the_values_as_played() {
        let (record, values) = late_arrangement();
        let planned = plan(&record).expect("plan");
        let b_values = |p: &Position| match p {
            Position::Subulata(s) => s.arrangement(Seat::B),
            _ => [None; 9],
        };
        let start = Position::from_notation(RuleSetId::Subulata, &record.start).expect("start");
        assert_ne!(b_values(&start), values.map(Some), "B changed its values");
        // The first move's "before" was searched with B's values as played, not its defaults.
        assert_eq!(b_values(&planned.points[0].position), values.map(Some));
        for point in &planned.points {
            let text = point.position.to_notation(Viewer::Final);
            assert!(!text.contains('?'), "a full position: {text}");
        }
        let [first, second] = planned.turns.as_slice() else {
            panic!("two turns: {:?}", planned.turns);
        };
        assert_eq!((first.number, second.number), (1, 1));
        assert_eq!((first.action, second.action), (0, 2));
        assert_eq!(
            first.after,
            After::Point(second.before),
            "one search, shared"
        );
    }
}
