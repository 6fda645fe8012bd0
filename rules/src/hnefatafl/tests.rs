//! Hnefatafl position tests: every rule and choice of RULES.md at the position where it
//! matters, the notation, move parsing, the text board and a random-game smoke loop.

use super::{Hnefatafl, Move, Piece};
use crate::coords::Square;
use crate::{
    Cell, EndReason, Event, Game, MoveError, Outcome, Position, PositionError, RollError,
    RuleSetId, Seat, Status, Viewer,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const START_11: &str =
    "3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3 a 0 -";
const START_13: &str =
    "4AAAAA4/6A6/13/13/A5D5A/A4DDD4A/AA2DDKDD2AA/A4DDD4A/A5D5A/13/13/6A6/4AAAAA4 a 0 -";

/// A position of `rule_set` built from piece lists (`"c4 c2"`), through the position string.
fn pos_on(
    rule_set: RuleSetId,
    side: char,
    attackers: &str,
    defenders: &str,
    king: &str,
) -> Hnefatafl {
    let size: u8 = if rule_set == RuleSetId::Hnefatafl13 {
        13
    } else {
        11
    };
    let mut grid = vec![vec![None; usize::from(size)]; usize::from(size)];
    for (list, letter) in [(attackers, 'A'), (defenders, 'D'), (king, 'K')] {
        for name in list.split_whitespace() {
            let sq = Square::parse(name, size).expect("square");
            grid[usize::from(sq.rank)][usize::from(sq.file)] = Some(letter);
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for cell in row {
                match cell {
                    None => run += 1,
                    Some(c) => {
                        if run > 0 {
                            out += &run.to_string();
                            run = 0;
                        }
                        out.push(*c);
                    }
                }
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    let ply = if side == 'a' { 0 } else { 1 };
    let text = format!("{} {side} {ply} -", rows.join("/"));
    Hnefatafl::from_notation(rule_set, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// An 11x11 position from piece lists.
fn pos(side: char, attackers: &str, defenders: &str, king: &str) -> Hnefatafl {
    pos_on(RuleSetId::Hnefatafl, side, attackers, defenders, king)
}

/// The 11x11 cell index of a square name.
fn cell(name: &str) -> Cell {
    Square::parse(name, 11).expect("square").index(11) as Cell
}

/// Plays a move given as text, which must be legal; first checks that the moves named as
/// possibly winning at once include every move that does here (so every position the tests
/// play a move in checks `Hnefatafl::moves_that_may_win`).
fn play(game: &mut Hnefatafl, text: &str) -> Vec<Event> {
    if let Err(why) = crate::game::check_moves_that_may_win(game) {
        panic!("{why}");
    }
    let mv = game.parse_move(text).expect("syntax");
    game.play(mv)
        .unwrap_or_else(|e| panic!("{text} in {game:?}: {e}"))
}

/// The reason a move given as text is refused, checking that nothing changed.
fn refusal(game: &mut Hnefatafl, text: &str) -> String {
    let before = game.clone();
    let mv = game.parse_move(text).expect("syntax");
    let result = game.play(mv);
    assert_eq!(*game, before, "a refused move changed the position");
    assert!(!game.legal_moves().contains(&mv), "{mv} is listed as legal");
    match result {
        Err(MoveError::Illegal { mv: shown, reason }) => {
            assert_eq!(shown, mv.to_string());
            reason.to_string()
        }
        other => panic!("{text}: expected a refusal, got {other:?}"),
    }
}

fn moved(seat: Seat, from: &str, to: &str) -> Event {
    Event::Moved {
        seat,
        from: cell(from),
        to: Some(cell(to)),
    }
}

fn captured(seat: Seat, at: &str) -> Event {
    Event::Captured { seat, at: cell(at) }
}

fn over(winner: Option<Seat>, reason: EndReason) -> Outcome {
    Outcome {
        winner,
        reason,
        scores: None,
    }
}

// ---------------------------------------------------------------------------------------
// Start positions

#[test]
fn start_positions_and_their_move_counts() {
    let g = Hnefatafl::start(RuleSetId::Hnefatafl, 7);
    assert_eq!(g.to_notation(Viewer::Final), START_11);
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
    assert_eq!(g.legal_moves().len(), 116);
    assert_eq!(g.count(Piece::Attacker), 24);
    assert_eq!(g.count(Piece::Defender), 12);
    assert_eq!(g.king(), Square::parse("f6", 11));
    let d = Hnefatafl::from_notation(RuleSetId::Hnefatafl, &START_11.replace(" a 0 ", " d 1 "))
        .expect("defenders to move");
    assert_eq!(d.legal_moves().len(), 60);

    let g = Hnefatafl::start(RuleSetId::Hnefatafl13, 0);
    assert_eq!(g.to_notation(Viewer::Final), START_13);
    assert_eq!(g.size(), 13);
    assert_eq!(g.throne(), Square::new(6, 6));
    assert_eq!(g.legal_moves().len(), 152);
    let d = Hnefatafl::from_notation(RuleSetId::Hnefatafl13, &START_13.replace(" a 0 ", " d 1 "))
        .expect("defenders to move");
    assert_eq!(d.legal_moves().len(), 80);

    // Any other rule set id gets the first one.
    assert_eq!(
        Hnefatafl::start(RuleSetId::Daldosa, 0).rule_set(),
        RuleSetId::Hnefatafl
    );
    assert_eq!(
        Hnefatafl::RULE_SETS,
        &[RuleSetId::Hnefatafl, RuleSetId::Hnefatafl13]
    );
}

#[test]
fn no_dice_ever() {
    let mut g = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
    assert!(g.dice().is_empty());
    assert_eq!(g.roll(&[3]), Err(RollError::NotExpected));
    assert_eq!(g.to_notation(Viewer::Public), g.to_notation(Viewer::Final));
    assert_eq!(
        g.to_notation(Viewer::Seat(Seat::B)),
        g.to_notation(Viewer::Final)
    );
}

// ---------------------------------------------------------------------------------------
// Movement

#[test]
fn pieces_move_like_rooks_without_jumping() {
    let mut g = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
    assert!(refusal(&mut g, "d1-e2").contains("straight line"));
    assert!(refusal(&mut g, "f2-f5").contains("the path is blocked at f4"));
    assert!(refusal(&mut g, "d1-e1").contains("e1 is already occupied"));
    assert!(refusal(&mut g, "c3-c4").contains("there is no piece on c3"));
    assert!(refusal(&mut g, "f4-f3").contains("belongs to the defenders"));
    assert!(refusal(&mut g, "f2-f2").contains("at least one square"));
    let out_of_board = Move::new(Square::new(3, 0), Square::new(3, 11));
    assert!(matches!(
        g.play(out_of_board),
        Err(MoveError::Illegal { reason, .. }) if reason.to_string().contains("not on the 11x11 board")
    ));
    let events = play(&mut g, "d1-d3");
    assert_eq!(events, vec![moved(Seat::A, "d1", "d3")]);
    assert_eq!(g.status(), Status::Move { seat: Seat::B });
    assert_eq!(g.ply(), 1);
    assert!(refusal(&mut g, "d3-d4").contains("belongs to the attackers"));
}

#[test]
fn only_the_king_stops_on_the_throne_and_the_corners() {
    let mut g = pos('a', "f9 a5", "", "c3");
    assert!(refusal(&mut g, "f9-f6").contains("only the king may stop on the throne"));
    assert!(refusal(&mut g, "a5-a1").contains("only the king may stop on a corner"));
    assert!(!g.legal_moves().iter().any(|m| m.to == Square::new(0, 0)));

    let mut g = pos('d', "h9", "f9 a5", "c3");
    assert!(refusal(&mut g, "f9-f6").contains("throne"));
    assert!(refusal(&mut g, "a5-a1").contains("corner"));

    // The king may stop on the throne, and come back to it.
    let mut g = pos('d', "h9", "b9", "f3");
    play(&mut g, "f3-f6");
    assert_eq!(g.king(), Square::parse("f6", 11));
    play(&mut g, "h9-h8");
    play(&mut g, "f6-f4");
    play(&mut g, "h8-h9");
    play(&mut g, "f4-f6");
    assert_eq!(g.king(), Square::parse("f6", 11));
}

#[test]
fn any_piece_passes_over_the_empty_throne() {
    let mut g = pos('a', "f9", "f2", "c3");
    assert!(
        g.legal_moves()
            .contains(&g.parse_move("f9-f3").expect("syntax"))
    );
    assert_eq!(play(&mut g, "f9-f3"), vec![moved(Seat::A, "f9", "f3")]);
    // Defenders too.
    let mut g = pos('d', "b9", "f10", "c3");
    play(&mut g, "f10-f1");
    assert_eq!(g.piece_at(Square::new(5, 0)), Some(Piece::Defender));
    // Not while the king sits on it.
    let mut g = pos('a', "f9", "", "f6");
    assert!(refusal(&mut g, "f9-f3").contains("the path is blocked at f6"));
}

// ---------------------------------------------------------------------------------------
// Capture of soldiers

#[test]
fn custodial_capture_and_moving_between_two_enemies() {
    // An attacker takes a defender between itself and another attacker.
    let mut g = pos('a', "c5 e9", "d5", "i2");
    let events = play(&mut g, "e9-e5");
    assert_eq!(
        events,
        vec![moved(Seat::A, "e9", "e5"), captured(Seat::B, "d5")]
    );
    assert_eq!(g.piece_on(cell("d5")), None);
    assert_eq!(g.captured(Seat::B), 12);
    assert_eq!(g.history(), &[]);

    // A defender moving between two attackers is safe.
    let mut g = pos('d', "d5 f5", "e9", "i2");
    assert_eq!(play(&mut g, "e9-e5"), vec![moved(Seat::B, "e9", "e5")]);
    assert_eq!(g.piece_on(cell("e5")), Some(Piece::Defender));
    // An attacker moving between two defenders is safe.
    let mut g = pos('a', "e9", "d5 f5", "i2");
    assert_eq!(play(&mut g, "e9-e5"), vec![moved(Seat::A, "e9", "e5")]);
    assert_eq!(g.piece_on(cell("e5")), Some(Piece::Attacker));
    // No capture against the board edge.
    let mut g = pos('a', "c5", "a3", "i2");
    assert_eq!(play(&mut g, "c5-a5"), vec![moved(Seat::A, "c5", "a5")]);
}

#[test]
fn one_move_captures_three_soldiers() {
    let mut g = pos('d', "e6 d5 e4 j9", "e7 c5 e3 h5", "i9");
    let events = play(&mut g, "h5-e5");
    assert_eq!(
        events,
        vec![
            moved(Seat::B, "h5", "e5"),
            captured(Seat::A, "e6"),
            captured(Seat::A, "e4"),
            captured(Seat::A, "d5"),
        ]
    );
    assert_eq!(g.count(Piece::Attacker), 1);
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
}

#[test]
fn the_king_takes_part_in_captures() {
    // The king as the moving piece.
    let mut g = pos('d', "d3 j9", "e3", "c7");
    assert_eq!(
        play(&mut g, "c7-c3"),
        vec![moved(Seat::B, "c7", "c3"), captured(Seat::A, "d3")]
    );
    // The king as the far side.
    let mut g = pos('d', "d3 j9", "c7", "e3");
    assert_eq!(
        play(&mut g, "c7-c3"),
        vec![moved(Seat::B, "c7", "c3"), captured(Seat::A, "d3")]
    );
    // But the king cannot be taken between two attackers.
    let mut g = pos('a', "b3 h3", "", "c3");
    assert_eq!(play(&mut g, "h3-d3"), vec![moved(Seat::A, "h3", "d3")]);
    assert_eq!(g.king(), Square::parse("c3", 11));
    assert_eq!(g.status(), Status::Move { seat: Seat::B });
}

#[test]
fn the_throne_is_hostile_to_attackers_always_and_to_defenders_when_empty() {
    // Empty throne against an attacker.
    let mut g = pos('d', "e6 j9", "d9", "c3");
    assert_eq!(
        play(&mut g, "d9-d6"),
        vec![moved(Seat::B, "d9", "d6"), captured(Seat::A, "e6")]
    );
    // The king on the throne against an attacker.
    let mut g = pos('d', "f7 j9", "c8", "f6");
    assert_eq!(
        play(&mut g, "c8-f8"),
        vec![moved(Seat::B, "c8", "f8"), captured(Seat::A, "f7")]
    );
    // Empty throne against a defender.
    let mut g = pos('a', "d9", "e6", "c3");
    assert_eq!(
        play(&mut g, "d9-d6"),
        vec![moved(Seat::A, "d9", "d6"), captured(Seat::B, "e6")]
    );
    // The king on the throne protects a defender.
    let mut g = pos('a', "d9", "e6", "f6");
    assert_eq!(play(&mut g, "d9-d6"), vec![moved(Seat::A, "d9", "d6")]);
    assert_eq!(g.piece_on(cell("e6")), Some(Piece::Defender));
}

#[test]
fn corners_are_hostile_to_everyone() {
    let mut g = pos('a', "c5", "b1", "f3");
    assert_eq!(
        play(&mut g, "c5-c1"),
        vec![moved(Seat::A, "c5", "c1"), captured(Seat::B, "b1")]
    );
    let mut g = pos('d', "a10 j5", "e11", "f3");
    assert_eq!(
        play(&mut g, "e11-b11"),
        vec![moved(Seat::B, "e11", "b11")],
        "a piece next to a corner is only taken along the line of the corner"
    );
    let mut g = pos('d', "a2 j5", "e3", "f8");
    assert_eq!(
        play(&mut g, "e3-a3"),
        vec![moved(Seat::B, "e3", "a3"), captured(Seat::A, "a2")]
    );
}

// ---------------------------------------------------------------------------------------
// Capture of the king

/// Plays `text` and checks that it captures the king on `king`.
fn assert_king_captured(mut g: Hnefatafl, text: &str, king: &str) {
    let (from, to) = text.split_once('-').expect("move");
    let events = play(&mut g, text);
    let outcome = over(Some(Seat::A), EndReason::KingCaptured);
    assert_eq!(
        events,
        vec![
            moved(Seat::A, from, to),
            captured(Seat::B, king),
            Event::GameOver(outcome)
        ]
    );
    assert_eq!(g.status(), Status::Over(outcome));
    assert_eq!(g.king(), None);
    assert_eq!(g.legal_moves(), vec![]);
    let text = g.to_notation(Viewer::Final);
    assert!(text.ends_with(" -"), "{text}");
    let back = Hnefatafl::from_notation(g.rule_set(), &text).expect("round trip");
    assert_eq!(back, g);
    assert_eq!(back.outcome(), Some(outcome));
}

/// Plays `text` and checks that the king is still there and the game goes on.
fn assert_king_free(mut g: Hnefatafl, text: &str) {
    let events = play(&mut g, text);
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(g.king().is_some());
    assert_eq!(g.status(), Status::Move { seat: Seat::B });
}

#[test]
fn king_captured_on_four_sides() {
    assert_king_captured(pos('a', "c4 c2 b3 h3", "", "c3"), "h3-d3", "c3");
    // On the throne too.
    assert_king_captured(pos('a', "e6 g6 f7 f1", "", "f6"), "f1-f5", "f6");
}

#[test]
fn king_captured_by_three_and_the_edge() {
    assert_king_captured(pos('a', "b1 d1 h2", "", "c1"), "h2-c2", "c1");
    assert_king_captured(pos('a', "k5 k3 h4", "", "k4"), "h4-j4", "k4");
}

#[test]
fn king_captured_by_three_and_the_empty_throne() {
    assert_king_captured(pos('a', "e5 g5 f1", "", "f5"), "f1-f4", "f5");
    assert_king_captured(pos('a', "e5 e7 a6", "", "e6"), "a6-d6", "e6");
}

#[test]
fn king_captured_by_two_next_to_a_corner() {
    assert_king_captured(pos('a', "c1 b8", "", "b1"), "b8-b2", "b1");
    assert_king_captured(pos('a', "k9 e10", "", "k10"), "e10-j10", "k10");
}

#[test]
fn king_captured_with_his_group() {
    // King and one defender on the edge.
    assert_king_captured(pos('a', "b1 c2 d2 h1", "d1", "c1"), "h1-e1", "c1");
    // King and two defenders in an L, in the open.
    let g = pos('a', "e3 d5 d3 c4 f5 g4 f3 e9", "d4 f4", "e4");
    let mut done = g.clone();
    play(&mut done, "e9-e5");
    assert_eq!(
        done.piece_on(cell("d4")),
        Some(Piece::Defender),
        "the guard stays"
    );
    assert_eq!(done.piece_on(cell("f4")), Some(Piece::Defender));
    assert_king_captured(g, "e9-e5", "e4");
}

#[test]
fn king_not_captured_near_misses() {
    // One side open.
    assert_king_free(pos('a', "c4 b3 h3", "", "c3"), "h3-d3");
    // A defender in the ring: its own neighbours are open.
    assert_king_free(pos('a', "c4 b3 h3", "c2", "c3"), "h3-d3");
    // On the throne, three attackers and a defender.
    assert_king_free(pos('a', "e6 g6 f1", "f7", "f6"), "f1-f5");
    // Next to the throne with only two attackers.
    assert_king_free(pos('a', "e5 j4", "", "f5"), "j4-g4");
    assert_king_free(pos('a', "e5 g1", "", "f5"), "g1-g5");
    // On the edge with two attackers.
    assert_king_free(pos('a', "b1 h2", "", "c1"), "h2-c2");
    // Next to a corner with one attacker.
    assert_king_free(pos('a', "b8", "", "b1"), "b8-b2");
    // The group has one open neighbour.
    assert_king_free(pos('a', "b1 c2 d2 h1", "d1", "c1"), "h1-f1");
    // The king next to the throne, but on the side away from it.
    assert_king_free(pos('a', "d6 c7 h5", "", "c6"), "h5-c5");
}

#[test]
fn king_walking_into_a_shut_pocket_is_taken_after_the_next_attacker_move() {
    // Stepping off the throne leaves it empty, hence hostile: the group is shut in, but the
    // king is only checked after attacker moves.
    let mut g = pos('d', "e5 g5 f4 j9", "", "f6");
    assert_eq!(play(&mut g, "f6-f5"), vec![moved(Seat::B, "f6", "f5")]);
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
    // Any attacker move now captures him.
    assert_king_captured(g, "j9-j10", "f5");
}

#[test]
fn defenders_to_move_with_a_shut_king_is_impossible() {
    let err = Hnefatafl::from_notation(
        RuleSetId::Hnefatafl,
        "11/11/11/11/11/11/11/11/2A8/1AKA7/2A8 d 1 -",
    );
    assert!(matches!(err, Err(PositionError::Inconsistent(why)) if why.contains("shut in")));
}

// ---------------------------------------------------------------------------------------
// End of the game

#[test]
fn the_king_reaching_a_corner_wins() {
    let mut g = pos('d', "b5", "", "a5");
    let outcome = over(Some(Seat::B), EndReason::KingEscaped);
    assert_eq!(
        play(&mut g, "a5-a1"),
        vec![moved(Seat::B, "a5", "a1"), Event::GameOver(outcome)]
    );
    assert_eq!(g.status(), Status::Over(outcome));
    assert_eq!(g.legal_moves(), vec![]);
    let mv = g.parse_move("b5-b6").expect("syntax");
    assert_eq!(g.play(mv), Err(MoveError::GameOver));
    let back = Hnefatafl::from_notation(RuleSetId::Hnefatafl, &g.to_notation(Viewer::Final))
        .expect("round trip");
    assert_eq!(back, g);

    let mut g = pos_on(RuleSetId::Hnefatafl13, 'd', "a2", "", "m2");
    play(&mut g, "m2-m13");
    assert_eq!(g.status(), Status::Over(outcome));
    assert_eq!(
        g.cell_name(g.king().expect("king").index(13) as Cell),
        "m13"
    );
}

#[test]
fn no_legal_move_loses() {
    // The attacker on a2 is boxed in by the corner and two defenders.
    let mut g = pos('d', "a2", "a3 b2", "e5");
    let outcome = over(Some(Seat::B), EndReason::NoLegalMove);
    assert_eq!(
        play(&mut g, "e5-e6"),
        vec![moved(Seat::B, "e5", "e6"), Event::GameOver(outcome)]
    );
    assert_eq!(g.status(), Status::Over(outcome));
    assert_eq!(g.legal_moves(), vec![]);
    // Read from a string, the same position is over too.
    let back = Hnefatafl::from_notation(RuleSetId::Hnefatafl, &g.to_notation(Viewer::Final))
        .expect("round trip");
    assert_eq!(back.status(), Status::Over(outcome));
    // Losing the last attacker is the same.
    let mut g = pos('d', "a2", "a6", "e5");
    assert_eq!(
        play(&mut g, "a6-a3"),
        vec![
            moved(Seat::B, "a6", "a3"),
            captured(Seat::A, "a2"),
            Event::GameOver(outcome)
        ]
    );
}

#[test]
fn threefold_repetition_is_a_draw_on_the_third_time_only() {
    let start = pos('a', "h9", "c3", "e8");
    let mut g = start.clone();
    let cycle = ["h9-h8", "c3-c4", "h8-h9", "c4-c3"];
    for text in cycle.iter().chain(&cycle[..3]) {
        let events = play(&mut g, text);
        assert_eq!(events.len(), 1, "{text}: {events:?}");
        assert!(matches!(g.status(), Status::Move { .. }), "{text}");
    }
    // The second occurrence of the start position came and went; the third ends the game.
    assert_eq!(g.history().len(), 7);
    let string = g.to_notation(Viewer::Final);
    assert!(
        string.ends_with(" 7 h9-h8,c3-c4,h8-h9,c4-c3,h9-h8,c3-c4,h8-h9"),
        "{string}"
    );
    let mut reread = Hnefatafl::from_notation(RuleSetId::Hnefatafl, &string).expect("reread");
    assert_eq!(reread, g);
    let draw = over(None, EndReason::Repetition);
    for game in [&mut g, &mut reread] {
        assert_eq!(
            play(game, "c4-c3"),
            vec![moved(Seat::B, "c4", "c3"), Event::GameOver(draw)]
        );
        assert_eq!(game.status(), Status::Over(draw));
    }
    let back = Hnefatafl::from_notation(RuleSetId::Hnefatafl, &g.to_notation(Viewer::Final))
        .expect("round trip");
    assert_eq!(back, g);
    assert_eq!(back.status(), Status::Over(draw));
}

#[test]
fn repetition_needs_the_same_side_to_move_and_restarts_after_a_capture() {
    // The attacker walks a 3-move loop, the defender a 2-move loop: the start board is back
    // after 5 moves with the defenders to move (does not count), after 12 moves with the
    // attackers to move (second time), and after 24 moves for the third time.
    let mut g = pos('a', "h9", "c3", "e8");
    let start = g.to_notation(Viewer::Final);
    let attacker = ["h9-h7", "h7-h8", "h8-h9"];
    let defender = ["c3-c4", "c4-c3"];
    for ply in 0..24 {
        let text = if ply % 2 == 0 {
            attacker[(ply / 2) % 3]
        } else {
            defender[(ply / 2) % 2]
        };
        play(&mut g, text);
        if ply == 4 {
            assert_eq!(
                g.to_notation(Viewer::Final).split(' ').next(),
                start.split(' ').next()
            );
            assert_eq!(g.side_to_move(), Seat::B);
        }
        if ply < 23 {
            assert!(matches!(g.status(), Status::Move { .. }), "ply {ply}");
        }
    }
    assert_eq!(g.status(), Status::Over(over(None, EndReason::Repetition)));

    // A capture clears the history: earlier positions cannot come back.
    let mut g = pos('d', "c5 h9", "e9 b7", "i2");
    play(&mut g, "e9-e8");
    play(&mut g, "h9-h8");
    play(&mut g, "e8-d8");
    play(&mut g, "c5-c7");
    assert_eq!(g.history().len(), 4);
    let events = play(&mut g, "d8-d7");
    assert_eq!(
        events,
        vec![moved(Seat::B, "d8", "d7"), captured(Seat::A, "c7")]
    );
    assert_eq!(g.history(), &[]);
    assert!(g.to_notation(Viewer::Final).ends_with(" a 6 -"));
}

// ---------------------------------------------------------------------------------------
// Notation

#[test]
fn position_strings_round_trip() {
    for text in [
        START_11,
        START_13,
        "3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/5A5/11/3AAAAA3 d 1 f2-f3",
        "11/11/11/11/11/11/11/11/11/11/K10 a 40 -",
        "11/11/11/11/11/11/1A9/11/11/11/K10 a 2 a5-a1",
        "11/11/11/11/5A5/4A1A4/11/11/11/11/11 d 31 -",
        "11/11/11/11/11/A10/11/11/11/11/11 d 39 -",
    ] {
        let rule_set = if text.starts_with("4A") {
            RuleSetId::Hnefatafl13
        } else {
            RuleSetId::Hnefatafl
        };
        let g = Hnefatafl::from_notation(rule_set, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.to_notation(Viewer::Final), text);
        assert_eq!(
            Position::from_notation(rule_set, text)
                .expect("position")
                .to_notation(Viewer::Final),
            text
        );
    }
    // Separators are forgiving when reading, exact when writing.
    let g = Hnefatafl::from_notation(
        RuleSetId::Hnefatafl,
        "  3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3\tA   0 - ",
    )
    .expect("spaces");
    assert_eq!(g.to_notation(Viewer::Final), START_11);
    let g = Hnefatafl::from_notation(
        RuleSetId::Hnefatafl,
        "3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/5A5/11/3AAAAA3 d 1 F2F3",
    )
    .expect("loose history move");
    assert!(g.to_notation(Viewer::Final).ends_with(" d 1 f2-f3"));
}

#[test]
fn bad_position_strings_get_typed_errors() {
    use PositionError::*;
    let r = RuleSetId::Hnefatafl;
    let bad_field = |text: &str, want: &str| match Hnefatafl::from_notation(r, text) {
        Err(BadField { field, .. }) => assert_eq!(field, want, "{text}"),
        other => panic!("{text}: expected a bad {want}, got {other:?}"),
    };
    let inconsistent = |text: &str, want: &str| match Hnefatafl::from_notation(r, text) {
        Err(Inconsistent(why)) => assert!(why.contains(want), "{text}: {why}"),
        other => panic!("{text}: expected '{want}', got {other:?}"),
    };
    assert!(matches!(
        Hnefatafl::from_notation(r, ""),
        Err(MissingField { .. })
    ));
    assert!(matches!(
        Hnefatafl::from_notation(r, "11/11"),
        Err(MissingField { expected }) if expected.to_string().contains("side to move")
    ));
    let s = START_11.trim_end_matches(" -");
    assert!(matches!(
        Hnefatafl::from_notation(r, s),
        Err(MissingField { expected }) if expected.to_string().contains("since the last capture")
    ));
    assert!(matches!(
        Hnefatafl::from_notation(r, &format!("{START_11} extra")),
        Err(Trailing(t)) if t == "extra"
    ));
    let board = START_11.split(' ').next().expect("rows");
    bad_field("11/11 a 0 -", "board");
    bad_field(&format!("{board}/11 a 0 -"), "board");
    bad_field(&START_11.replacen("3AAAAA3", "3AAXAA3", 1), "board row");
    bad_field(&START_11.replacen("3AAAAA3", "3AAAAA4", 1), "board row");
    bad_field(&START_11.replacen("3AAAAA3", "3AAAAA2", 1), "board row");
    bad_field(&START_11.replacen("3AAAAA3", "0AAAAA3", 1), "board row");
    bad_field(
        &START_11.replacen("3AAAAA3", "3AAAAA99999999999999999999", 1),
        "board row",
    );
    bad_field(&START_11.replacen("3AAAAA3", "3AAAAA3A", 1), "board row");
    bad_field(&START_11.replacen("3AAAAA3", "3aaaaa3", 1), "board row");
    bad_field(&START_11.replacen("3AAAAA3", "3AAéAA3", 1), "board row");
    bad_field(&format!("{board} x 0 -"), "side to move");
    bad_field(&format!("{board} a -1 -"), "ply");
    bad_field(&format!("{board} a 01 -"), "ply");
    bad_field(&format!("{board} a 99999999999999999999 -"), "ply");
    bad_field(&format!("{board} a 0 f2-f3,"), "history move");
    bad_field(&format!("{board} a 0 f2-z3"), "history move");
    bad_field(&format!("{board} a 0 --"), "history move");
    inconsistent(&format!("{board} a 1 -"), "attackers move first");
    inconsistent(&format!("{board} d 0 -"), "are to move");
    inconsistent(
        &format!("{board} d 1 f2-f3,f3-f2,f2-f3"),
        "only 1 were played",
    );
    inconsistent(
        &START_11.replacen("3AAAAA3", "3AAAAAA2", 1),
        "attackers on the board",
    );
    inconsistent(
        &START_11.replacen("5A5", "5D5", 1),
        "defenders on the board",
    );
    inconsistent(&START_11.replacen("11", "5K5", 1), "kings");
    inconsistent(
        "11/11/11/11/11/5A5/11/11/11/11/11 a 0 -",
        "only the king may stand on f6",
    );
    inconsistent(
        "11/11/11/11/11/11/11/11/11/11/D3K6 a 0 -",
        "only the king may stand on a1",
    );
    inconsistent(
        "11/11/11/11/11/A10/11/11/11/11/11 a 40 -",
        "defenders are to move",
    );
    inconsistent(
        "11/11/11/11/11/A10/11/11/11/11/11 d 41 f2-a6",
        "history must be -",
    );
    inconsistent(
        "11/11/11/11/11/11/11/11/11/11/K10 d 41 -",
        "attackers are to move",
    );
    // Histories that do not fit the board or the rules.
    inconsistent(&format!("{board} d 1 f4-f3"), "no piece on f3 to take back");
    inconsistent(&format!("{board} d 1 e1-f2"), "e1 is occupied");
    inconsistent(
        &format!("{board} a 2 f2-f3,f3-f2"),
        "history move 2 (f3-f2) is not legal: the piece on f3 belongs to the attackers",
    );
    inconsistent("11/11/5K5/11/11/11/11/11/11/ADA8/11 d 1 c5-c2", "captures");
    // The same thing through the game-neutral wrapper.
    assert!(Position::from_notation(r, "nonsense").is_err());
}

#[test]
fn hostile_strings_never_panic() {
    let inputs = [
        "",
        " ",
        "/",
        "//////////",
        "-",
        "0 0 0 0",
        "K",
        "é",
        "🦀 a 0 -",
        "99999999999999999999999999/11 a 0 -",
        "11/11/11/11/11/11/11/11/11/11/11 a 0 -",
        "11/11/11/11/11/11/11/11/11/11/11 d 4294967295 -",
        "13/13/13/13/13/13/13/13/13/13/13/13/13 a 0 -",
        "11/11/11/11/11/11/11/11/11/11/11 a 0 ,,,,",
        "11/11/11/11/11/11/11/11/11/11/11 a 0 a1-a1",
        "KKKKKKKKKKK/11/11/11/11/11/11/11/11/11/11 a 0 -",
    ];
    for r in Hnefatafl::RULE_SETS {
        for text in inputs {
            let _ = Hnefatafl::from_notation(*r, text);
        }
    }
    // A board with no piece at all: no king, so the attackers have won.
    let g = Hnefatafl::from_notation(
        RuleSetId::Hnefatafl,
        "11/11/11/11/11/11/11/11/11/11/11 d 4294967295 -",
    )
    .expect("empty board");
    assert_eq!(
        g.status(),
        Status::Over(over(Some(Seat::A), EndReason::KingCaptured))
    );
}

#[test]
fn the_largest_move_number_is_refused_rather_than_wrapped() {
    let mut g = Hnefatafl::from_notation(
        RuleSetId::Hnefatafl,
        "11/11/11/11/11/11/11/11/11/11/2K3D4 d 4294967295 -",
    )
    .expect("position");
    let before = g.clone();
    let mv = g.parse_move("g1-g2").expect("syntax");
    assert!(matches!(
        g.play(mv),
        Err(MoveError::Illegal { reason, .. }) if reason.to_string().contains("largest move number")
    ));
    assert_eq!(g, before);
}

#[test]
fn moves_parse_forgivingly_and_print_exactly() {
    let g = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
    let want = Move::new(Square::new(5, 1), Square::new(5, 4));
    for text in [
        "f2-f5", "F2F5", " f2 f5 ", "f2 - f5", "f2xf5", "F2-F5", "f2:f5",
    ] {
        assert_eq!(g.parse_move(text), Ok(want), "{text}");
    }
    assert_eq!(want.to_string(), "f2-f5");
    for bad in [
        "", "f2", "f2-", "l1-l2", "f2-f12", "a0-a3", "f2-f5-f6", "ф2-ф5",
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Syntax { expected, .. }) => {
                assert!(expected.to_string().contains("f2-f5"), "{expected}");
                assert!(expected.to_string().contains("a-k"), "{expected}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    let g = Hnefatafl::start(RuleSetId::Hnefatafl13, 0);
    assert_eq!(
        g.parse_move("m13-m12").map(|m| m.to_string()),
        Ok("m13-m12".to_string())
    );
    assert_eq!(
        g.parse_move("A10a13").map(|m| m.to_string()),
        Ok("a10-a13".to_string())
    );
    // Through the game-neutral wrapper.
    let mut p = Position::start(RuleSetId::Hnefatafl, 0);
    assert_eq!(p.canonical_move("D1 d3"), Ok("d1-d3".to_string()));
    assert!(p.play("D1 d3").is_ok());
    assert!(p.legal_moves().iter().any(|m| m == "f4-f3"));
}

#[test]
fn cell_names_and_accessors() {
    let g = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
    assert_eq!(g.cell_name(0), "a1");
    assert_eq!(g.cell_name(60), "f6");
    assert_eq!(g.cell_name(120), "k11");
    assert_eq!(g.cell_name(121), "cell 121");
    assert_eq!(g.piece_on(60), Some(Piece::King));
    assert_eq!(g.piece_on(200), None);
    assert_eq!(g.piece_at(Square::new(3, 0)), Some(Piece::Attacker));
    assert_eq!(g.piece_at(Square::new(12, 0)), None);
    assert_eq!(g.throne(), Square::new(5, 5));
    assert!(g.is_corner(Square::new(10, 10)));
    assert!(!g.is_corner(Square::new(5, 5)));
    assert_eq!(g.captured(Seat::A), 0);
    assert_eq!(g.captured(Seat::B), 0);
    assert_eq!(g.side_to_move(), Seat::A);
    assert_eq!(g.outcome(), None);
    assert_eq!(Piece::King.seat(), Seat::B);
    let g = Hnefatafl::start(RuleSetId::Hnefatafl13, 0);
    assert_eq!(g.cell_name(168), "m13");
    assert_eq!(g.corners()[3], Square::new(12, 12));
}

// ---------------------------------------------------------------------------------------
// Text board

#[test]
fn text_grid_is_compact_and_readable() {
    let g = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
    let want = "    a b c d e f g h i j k
11  # . . A A A A A . . #  11
10  . . . . . A . . . . .  10
 9  . . . . . . . . . . .  9
 8  A . . . . D . . . . A  8
 7  A . . . D D D . . . A  7
 6  A A . D D K D D . A A  6
 5  A . . . D D D . . . A  5
 4  A . . . . D . . . . A  4
 3  . . . . . . . . . . .  3
 2  . . . . . A . . . . .  2
 1  # . . A A A A A . . #  1
    a b c d e f g h i j k";
    assert_eq!(g.text_grid(Viewer::Public), want);
    // The empty throne shows as `+` once the king is captured.
    let mut g = pos('a', "e5 g5 f1", "d9", "f5");
    play(&mut g, "f1-f4");
    let grid = g.text_grid(Viewer::Final);
    assert!(grid.contains(" 6  . . . . . + . . . . .  6"), "{grid}");
    for g in [
        Hnefatafl::start(RuleSetId::Hnefatafl13, 0),
        pos('d', "a2", "a3 b2", "e5"),
    ] {
        let grid = g.text_grid(Viewer::Public);
        assert!(grid.lines().all(|l| !l.ends_with(' ')), "{grid}");
        assert_eq!(grid.lines().count(), usize::from(g.size()) + 2);
    }
}

// ---------------------------------------------------------------------------------------
// Random games

#[test]
fn random_games_play_to_the_end() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7af1);
    let mut reasons = std::collections::HashMap::new();
    for game_no in 0..300 {
        let rule_set = if game_no % 3 == 2 {
            RuleSetId::Hnefatafl13
        } else {
            RuleSetId::Hnefatafl
        };
        let mut g = Hnefatafl::start(rule_set, game_no);
        let thorough = game_no < 20;
        let mut plies = 0;
        while let Status::Move { seat } = g.status() {
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "no move listed in {g:?}");
            for &mv in &moves {
                assert_eq!(g.check_move(mv), Ok(()), "{mv} in {g:?}");
                if thorough {
                    let mut copy = g.clone();
                    assert!(copy.play(mv).is_ok(), "{mv} in {g:?}");
                }
            }
            if thorough && let Err(why) = crate::game::check_moves_that_may_win(&g) {
                panic!("{why}");
            }
            if thorough {
                let text = g.to_notation(Viewer::Final);
                let back = Hnefatafl::from_notation(rule_set, &text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, g);
                assert_eq!(back.to_notation(Viewer::Final), text);
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let events = g.play(mv).expect("listed move plays");
            let moved: Vec<_> = events
                .iter()
                .filter(|e| matches!(e, Event::Moved { .. }))
                .collect();
            assert_eq!(
                moved,
                vec![&Event::Moved {
                    seat,
                    from: g.index_of(mv.from) as Cell,
                    to: Some(g.index_of(mv.to) as Cell),
                }]
            );
            assert_eq!(
                events.last().and_then(|e| match e {
                    Event::GameOver(o) => Some(*o),
                    _ => None,
                }),
                g.outcome()
            );
            plies += 1;
            assert!(plies < 20_000, "game {game_no} does not end");
        }
        let outcome = g.outcome().expect("over");
        *reasons.entry(outcome.reason).or_insert(0) += 1;
        let text = g.to_notation(Viewer::Final);
        let back =
            Hnefatafl::from_notation(rule_set, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, g);
        assert_eq!(back.status(), Status::Over(outcome));
    }
    assert!(reasons.contains_key(&EndReason::KingEscaped), "{reasons:?}");
    assert!(
        reasons.contains_key(&EndReason::KingCaptured),
        "{reasons:?}"
    );
}

#[test]
fn positions_stay_small_for_playouts() {
    // The board is packed two bits per square; a position is cheap to clone.
    assert!(
        std::mem::size_of::<Hnefatafl>() <= 112,
        "{}",
        std::mem::size_of::<Hnefatafl>()
    );
}
