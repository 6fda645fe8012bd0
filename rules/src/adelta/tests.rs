//! Ad Elta Stelpur position tests: every rule and [choice] of RULES.md at the position where
//! it matters, the seed's figures, notation round trips and errors, and a random-game smoke
//! loop.

use super::*;
use crate::{EndReason, Event, Game, MoveError, Outcome, PositionError, RollError, Status};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const A: Seat = Seat::A;
const B: Seat = Seat::B;
const ADELTA: RuleSetId = RuleSetId::Adelta;
const RUSTIK: RuleSetId = RuleSetId::AdeltaRustik;

/// The points field with White on `white` and Black on `black`.
fn points(white: &[u8], black: &[u8]) -> String {
    (1..=24u8)
        .map(|p| {
            if white.contains(&p) {
                'W'
            } else if black.contains(&p) {
                'B'
            } else {
                '.'
            }
        })
        .collect()
}

/// A position of `rs` with White on `white`, Black on `black`, and `rest` (side, steps, ply).
fn pos(rs: RuleSetId, white: &[u8], black: &[u8], rest: &str) -> Adelta {
    let text = format!("{} {rest}", points(white, black));
    match Adelta::from_notation(rs, &text) {
        Ok(g) => g,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn step(g: &mut Adelta, text: &str) -> Vec<Event> {
    let mv = g.parse_move(text).unwrap();
    match g.play(mv) {
        Ok(events) => events,
        Err(e) => panic!("{text} in {}: {e}", g.to_notation(Viewer::Final)),
    }
}

fn roll(g: &mut Adelta, dice: &[u8]) -> Vec<Event> {
    g.roll(dice).unwrap()
}

fn moved(seat: Seat, from: u8, to: u8) -> Event {
    Event::Moved {
        seat,
        from,
        to: Some(to),
    }
}

fn rolled(seat: Seat, dice: &[u8]) -> Event {
    Event::Rolled {
        seat: Some(seat),
        dice: dice.to_vec(),
    }
}

fn roll_for(seat: Seat) -> Status {
    Status::Roll {
        seat: Some(seat),
        spec: TURN_SPEC,
    }
}

fn moves(g: &Adelta) -> Vec<String> {
    g.legal_moves().iter().map(Move::to_string).collect()
}

/// Plays `text`, expecting a refusal whose reason contains `why`; checks nothing changed.
fn refused(g: &mut Adelta, text: &str, why: &str) {
    let before = g.clone();
    let mv = g.parse_move(text).unwrap();
    assert!(!g.legal_moves().contains(&mv), "{text} is listed as legal");
    match g.play(mv) {
        Err(MoveError::Illegal { mv, reason }) => {
            assert_eq!(mv, text);
            assert!(
                reason.to_string().contains(why),
                "reason for {text}: {reason}"
            );
        }
        other => panic!("{text}: expected a refusal, got {other:?}"),
    }
    assert_eq!(*g, before);
}

fn won(winner: Seat) -> Outcome {
    Outcome {
        winner: Some(winner),
        reason: EndReason::AllCaptured,
        scores: None,
    }
}

// ---------------------------------------------------------------- start and opening roll

#[test]
fn start_position() {
    for rs in [ADELTA, RUSTIK] {
        let g = Adelta::start(rs, 99);
        assert_eq!(g.rule_set(), rs);
        assert_eq!(
            g.to_notation(Viewer::Final),
            "WWWWWW......BBBBBB...... - - 0"
        );
        assert_eq!(
            g.status(),
            Status::Roll {
                seat: None,
                spec: RollSpec { count: 4, sides: 6 }
            }
        );
        assert!(g.legal_moves().is_empty());
        assert!(g.dice().is_empty());
        assert_eq!(g.pieces(A), 6);
        assert_eq!(g.pieces(B), 6);
        assert_eq!(g.point(1), Some(A));
        assert_eq!(g.point(18), Some(B));
        assert_eq!(g.point(19), None);
        assert_eq!(g.point(0), None);
        assert_eq!(g.point(25), None);
        let mut g2 = g.clone();
        assert_eq!(g2.play(Move::new(6, 1)), Err(MoveError::RollPending));
    }
    assert_eq!(Adelta::RULE_SETS, &[ADELTA, RUSTIK]);
    // Another id gets the first rule set.
    assert_eq!(Adelta::start(RuleSetId::Daldosa, 0).rule_set(), ADELTA);
}

#[test]
fn opening_roll_tie_rolls_again_then_higher_total_starts() {
    let mut g = Adelta::start(ADELTA, 0);
    // White 3+4 = 7, Black 5+2 = 7: a tie, the opening roll stays pending.
    assert_eq!(
        roll(&mut g, &[3, 4, 5, 2]),
        vec![Event::Rolled {
            seat: None,
            dice: vec![3, 4, 5, 2]
        }]
    );
    assert_eq!(g.status().seat(), None);
    assert!(matches!(g.status(), Status::Roll { seat: None, .. }));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... - - 0"
    );
    // White 1+2 = 3, Black 6+6 = 12: Black starts, and rolls for the first turn.
    assert_eq!(
        roll(&mut g, &[1, 2, 6, 6]),
        vec![
            Event::Rolled {
                seat: None,
                dice: vec![1, 2, 6, 6]
            },
            Event::StarterChosen { seat: B }
        ]
    );
    assert_eq!(g.status(), roll_for(B));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... b - 0"
    );
    // The choosing roll gave no steps: Black now rolls 2d6.
    assert_eq!(roll(&mut g, &[1, 3]), vec![rolled(B, &[1, 3])]);
    assert_eq!(g.dice(), &[1]);

    let mut g = Adelta::start(ADELTA, 0);
    roll(&mut g, &[6, 5, 1, 1]);
    assert_eq!(g.status(), roll_for(A));
}

#[test]
fn bad_rolls_are_refused_and_change_nothing() {
    let mut g = Adelta::start(ADELTA, 0);
    for bad in [
        &[1u8, 2, 3][..],
        &[1, 2, 3, 7],
        &[0, 1, 2, 3],
        &[],
        &[1, 2, 3, 4, 5],
    ] {
        assert_eq!(
            g.roll(bad),
            Err(RollError::Invalid {
                count: 4,
                sides: 6,
                got: bad.to_vec()
            })
        );
    }
    assert_eq!(g, Adelta::start(ADELTA, 0));
    roll(&mut g, &[6, 6, 1, 1]);
    assert!(matches!(
        g.roll(&[1, 2, 3, 4]),
        Err(RollError::Invalid { count: 2, .. })
    ));
    assert!(matches!(
        g.roll(&[255, 255]),
        Err(RollError::Invalid { count: 2, .. })
    ));
    roll(&mut g, &[1, 6]);
    assert_eq!(g.roll(&[1, 6]), Err(RollError::NotExpected));
}

// ---------------------------------------------------------------- rolls into steps

#[test]
fn a_roll_gives_steps_for_ones_sixes_and_doubles() {
    let start = pos(
        ADELTA,
        &[1, 2, 3, 4, 5, 6],
        &[13, 14, 15, 16, 17, 18],
        "w - 0",
    );
    let cases: [(&[u8], &[u8], bool); 10] = [
        (&[1, 3], &[1], false),
        (&[3, 1], &[1], false),
        (&[4, 6], &[6], false),
        (&[6, 1], &[1, 6], false),
        (&[1, 6], &[1, 6], false),
        (&[1, 1], &[1, 1], true),
        (&[3, 3], &[3, 3], true),
        (&[5, 5], &[5, 5], true),
        (&[6, 6], &[6, 6, 6, 6], true),
        (&[2, 2], &[2, 2], true),
    ];
    for (dice, steps, again) in cases {
        let mut g = start.clone();
        assert_eq!(roll(&mut g, dice), vec![rolled(A, dice)], "{dice:?}");
        assert_eq!(g.dice(), steps, "{dice:?}");
        assert_eq!(g.rolls_again(), again, "{dice:?}");
        assert_eq!(g.status(), Status::Move { seat: A });
    }
    let mut g = start.clone();
    roll(&mut g, &[6, 1]);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... w 16 0"
    );
    let mut g = start.clone();
    roll(&mut g, &[6, 6]);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... w 6666+ 0"
    );
}

#[test]
fn two_and_five_passes_the_turn() {
    let mut g = pos(
        ADELTA,
        &[1, 2, 3, 4, 5, 6],
        &[13, 14, 15, 16, 17, 18],
        "w - 0",
    );
    assert_eq!(
        roll(&mut g, &[2, 5]),
        vec![rolled(A, &[2, 5]), Event::Passed { seat: A }]
    );
    assert_eq!(g.status(), roll_for(B));
    assert_eq!(g.ply(), 0);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... b - 0"
    );
}

#[test]
fn doubles_give_an_extra_roll_and_chain() {
    let mut g = pos(
        ADELTA,
        &[1, 2, 3, 4, 5, 6],
        &[13, 14, 15, 16, 17, 18],
        "w - 0",
    );
    roll(&mut g, &[3, 3]);
    assert_eq!(moves(&g), ["1+3", "2+3", "3+3", "4+3", "5+3", "6+3"]);
    // 6+3 lands on 9; 9+3 on 12 (the same piece twice: separate steps).
    assert_eq!(step(&mut g, "6+3"), vec![moved(A, 6, 9)]);
    assert_eq!(g.dice(), &[3]);
    assert!(g.rolls_again());
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWW...W...BBBBBB...... w 3+ 1"
    );
    assert_eq!(
        step(&mut g, "9+3"),
        vec![moved(A, 9, 12), Event::ExtraRoll { seat: A }]
    );
    assert_eq!(g.status(), roll_for(A));
    assert!(!g.rolls_again());
    // A second double: two more steps, and another roll.
    roll(&mut g, &[2, 2]);
    assert_eq!(g.dice(), &[2, 2]);
    step(&mut g, "5+2");
    assert_eq!(
        step(&mut g, "7+2"),
        vec![moved(A, 7, 9), Event::ExtraRoll { seat: A }]
    );
    // A plain roll ends the chain: after its step, Black rolls.
    roll(&mut g, &[1, 4]);
    assert_eq!(step(&mut g, "9+1"), vec![moved(A, 9, 10)]);
    assert_eq!(g.status(), roll_for(B));
    assert_eq!(g.ply(), 5);
}

#[test]
fn double_six_takes_one_piece_all_the_way_round() {
    let mut g = pos(ADELTA, &[3, 4], &[13, 14], "w - 40");
    let before = g.points();
    roll(&mut g, &[6, 6]);
    assert_eq!(g.dice(), &[6, 6, 6, 6]);
    assert_eq!(step(&mut g, "3+6"), vec![moved(A, 3, 9)]);
    assert_eq!(step(&mut g, "9+6"), vec![moved(A, 9, 15)]);
    assert_eq!(step(&mut g, "15+6"), vec![moved(A, 15, 21)]);
    // 21 + 6 wraps past 24 to 3, its own start point.
    assert_eq!(
        step(&mut g, "21+6"),
        vec![moved(A, 21, 3), Event::ExtraRoll { seat: A }]
    );
    assert_eq!(g.points(), before);
    assert_eq!(g.ply(), 44);
    assert_eq!(g.status(), roll_for(A));
}

#[test]
fn every_step_must_be_played_in_adelta() {
    // With 1+6 both steps are always playable, in either order, by any piece.
    let g = pos(
        ADELTA,
        &[1, 2, 3, 4, 5, 6],
        &[13, 14, 15, 16, 17, 18],
        "w 16 0",
    );
    assert_eq!(g.legal_moves().len(), 12);
    let mut g = g;
    step(&mut g, "1+1");
    assert_eq!(g.status(), Status::Move { seat: A });
    assert_eq!(g.dice(), &[6]);
    step(&mut g, "2+6");
    assert_eq!(g.status(), roll_for(B));
}

// ---------------------------------------------------------------- landing, capture, bump

#[test]
fn a_step_onto_an_enemy_piece_captures_it_for_good() {
    let mut g = pos(ADELTA, &[2, 9], &[5, 13, 14], "w 33+ 0");
    assert_eq!(
        step(&mut g, "2+3"),
        vec![moved(A, 2, 5), Event::Captured { seat: B, at: 5 }]
    );
    assert_eq!(g.pieces(B), 2);
    assert_eq!(g.captured_by(A), 4);
    assert_eq!(g.point(5), Some(A));
}

#[test]
fn fig03_bump_onto_the_next_empty_point_past_own_pieces() {
    // White on 2, 5, 6, 7: a 3 from 2 aims at 5, which is White; 6 and 7 are White too, so
    // the piece goes on to 8.
    let mut g = pos(ADELTA, &[2, 5, 6, 7], &[13, 14, 15], "w 33+ 0");
    assert_eq!(g.landing(Move::new(2, 3)), Some(8));
    assert_eq!(
        step(&mut g, "2+3"),
        vec![
            Event::Bumped {
                seat: A,
                target: 5,
                landed: 8
            },
            moved(A, 2, 8)
        ]
    );
    assert_eq!(g.point(2), None);
    assert_eq!(g.point(8), Some(A));
}

#[test]
fn a_bump_passes_enemy_pieces_without_capturing() {
    // Target 5 is White; 6 holds Black (passed over, not captured), 7 White, 8 empty.
    let mut g = pos(ADELTA, &[2, 5, 7], &[6, 13, 14], "w 33+ 0");
    assert_eq!(
        step(&mut g, "2+3"),
        vec![
            Event::Bumped {
                seat: A,
                target: 5,
                landed: 8
            },
            moved(A, 2, 8)
        ]
    );
    assert_eq!(g.point(6), Some(B));
    assert_eq!(g.pieces(B), 3);
}

#[test]
fn a_regular_piece_on_a_corner_is_not_protected_in_adelta() {
    // Black on corner 12 between White 11 and 13: in `adelta` only a Hornaskella is protected.
    let mut g = pos(ADELTA, &[11, 13], &[12, 20, 21], "w 1 0");
    assert!(g.capturable(12));
    assert_eq!(
        step(&mut g, "11+1"),
        vec![moved(A, 11, 12), Event::Captured { seat: B, at: 12 }]
    );
}

#[test]
fn the_capture_that_leaves_one_piece_makes_a_hornaskella() {
    let mut g = pos(ADELTA, &[4, 9], &[10, 16], "w 1 0");
    assert_eq!(g.hornaskella(B), None);
    assert_eq!(
        step(&mut g, "9+1"),
        vec![
            moved(A, 9, 10),
            Event::Captured { seat: B, at: 10 },
            Event::Hornaskella { seat: B, at: 16 }
        ]
    );
    assert_eq!(g.hornaskella(B), Some(16));
    assert_eq!(g.hornaskella(A), None);
}

#[test]
fn capturing_the_last_piece_ends_the_game_mid_turn() {
    let mut g = pos(ADELTA, &[4, 11], &[12], "w 16 20");
    // 12 is a corner and only 11 is White beside it: the Hornaskella is not protected.
    assert_eq!(
        step(&mut g, "11+1"),
        vec![
            moved(A, 11, 12),
            Event::Captured { seat: B, at: 12 },
            Event::GameOver(won(A))
        ]
    );
    assert_eq!(g.status(), Status::Over(won(A)));
    assert!(g.dice().is_empty());
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.to_notation(Viewer::Final),
        "...W.......W............ w - 21"
    );
    assert_eq!(g.play(Move::new(4, 6)), Err(MoveError::GameOver));
    assert_eq!(g.roll(&[1, 6]), Err(RollError::NotExpected));
}

// ---------------------------------------------------------------- Hornaskella

#[test]
fn fig04_hornaskella_on_16_with_three_and_six_goes_to_19() {
    // White is down to one piece on 16. The 6 moves it two corners: 18, then 19. The Black
    // piece on 18 is passed over: a Hornaskella captures only where its step ends.
    let mut g = pos(ADELTA, &[16], &[18, 21, 2], "w - 30");
    assert_eq!(g.hornaskella(A), Some(16));
    assert_eq!(roll(&mut g, &[3, 6]), vec![rolled(A, &[3, 6])]);
    assert_eq!(g.dice(), &[6]);
    assert_eq!(moves(&g), ["16+6"]);
    assert_eq!(step(&mut g, "16+6"), vec![moved(A, 16, 19)]);
    assert_eq!(g.point(18), Some(B));
    assert_eq!(g.status(), roll_for(B));
}

#[test]
fn a_hornaskella_off_a_corner_cannot_be_captured() {
    // Black's Hornaskella on 16 (not a corner): a White step of 1 from 15 bumps past it.
    let mut g = pos(ADELTA, &[15, 3], &[16], "w 1 0");
    assert!(!g.capturable(16));
    assert_eq!(
        step(&mut g, "15+1"),
        vec![
            Event::Bumped {
                seat: A,
                target: 16,
                landed: 17
            },
            moved(A, 15, 17)
        ]
    );
    assert_eq!(g.point(16), Some(B));
}

#[test]
fn fig05a_hornaskella_on_13_rolls_one_and_four_and_captures_on_18() {
    let mut g = pos(ADELTA, &[13], &[17, 18, 19], "w - 50");
    roll(&mut g, &[1, 4]);
    assert_eq!(moves(&g), ["13+1"]);
    assert_eq!(
        step(&mut g, "13+1"),
        vec![moved(A, 13, 18), Event::Captured { seat: B, at: 18 }]
    );
    assert_eq!(
        g.to_notation(Viewer::Final),
        "................BWB..... b - 51"
    );
}

fn fig05b() -> Adelta {
    pos(ADELTA, &[18], &[17, 19], "b - 51")
}

#[test]
fn fig05b_a_flanked_hornaskella_is_protected() {
    let mut g = fig05b();
    assert!(!g.capturable(18));
    roll(&mut g, &[1, 3]);
    assert_eq!(moves(&g), ["17+1", "19+1"]);
    // 17+1 aims at 18, cannot capture, bumps past 19 (Black) to 20.
    assert_eq!(g.landing(Move::new(17, 1)), Some(20));
    assert_eq!(g.landing(Move::new(19, 1)), Some(20));
    assert_eq!(
        step(&mut g, "17+1"),
        vec![
            Event::Bumped {
                seat: B,
                target: 18,
                landed: 20
            },
            moved(B, 17, 20)
        ]
    );
    assert_eq!(g.point(18), Some(A));
}

#[test]
fn fig05b_with_one_and_six_the_hornaskella_falls() {
    let mut g = fig05b();
    roll(&mut g, &[1, 6]);
    // 19 moves 6 to point 1 (wrapping); 18 is then flanked on one side only.
    assert_eq!(step(&mut g, "19+6"), vec![moved(B, 19, 1)]);
    assert!(g.capturable(18));
    assert_eq!(
        step(&mut g, "17+1"),
        vec![
            moved(B, 17, 18),
            Event::Captured { seat: A, at: 18 },
            Event::GameOver(won(B))
        ]
    );
    assert_eq!(g.status(), Status::Over(won(B)));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "B................B...... b - 53"
    );
}

#[test]
fn protection_counts_the_capturing_piece_before_it_is_lifted() {
    // 17 itself is one of the two flanking pieces: the step from 17 still cannot capture.
    let g = pos(ADELTA, &[18], &[17, 19], "b 1 0");
    assert_eq!(g.landing(Move::new(17, 1)), Some(20));
}

#[test]
fn hornaskella_doubles_in_adelta() {
    // Double 1: two steps of one corner, then roll again.
    let mut g = pos(ADELTA, &[1], &[3, 4], "w - 0");
    roll(&mut g, &[1, 1]);
    assert_eq!(g.dice(), &[1, 1]);
    assert!(g.rolls_again());
    assert_eq!(step(&mut g, "1+1"), vec![moved(A, 1, 6)]);
    assert_eq!(
        step(&mut g, "6+1"),
        vec![moved(A, 6, 7), Event::ExtraRoll { seat: A }]
    );
    // Double 6: four corners (two steps of two corners), not eight.
    roll(&mut g, &[6, 6]);
    assert_eq!(g.dice(), &[6, 6]);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "..BB..W................. w 66+ 2"
    );
    assert_eq!(step(&mut g, "7+6"), vec![moved(A, 7, 13)]);
    assert_eq!(
        step(&mut g, "13+6"),
        vec![moved(A, 13, 19), Event::ExtraRoll { seat: A }]
    );
    // Any other double: no movement, but roll again.
    for d in 2..=5 {
        let mut h = g.clone();
        assert_eq!(
            roll(&mut h, &[d, d]),
            vec![rolled(A, &[d, d]), Event::ExtraRoll { seat: A }]
        );
        assert_eq!(h.status(), roll_for(A));
        assert_eq!(h.ply(), g.ply());
        assert_eq!(h.points(), g.points());
    }
    // A plain roll without 1 or 6 passes.
    assert_eq!(
        roll(&mut g, &[2, 5]),
        vec![rolled(A, &[2, 5]), Event::Passed { seat: A }]
    );
    assert_eq!(g.status(), roll_for(B));
}

#[test]
fn a_hornaskella_moves_corner_to_corner_and_wraps() {
    // From 24 a 1 goes to 1; a 6 from 24 goes to 6; from 12 a 1 goes to 13.
    let g = pos(ADELTA, &[24], &[9, 10], "w 16 0");
    assert_eq!(g.landing(Move::new(24, 1)), Some(1));
    assert_eq!(g.landing(Move::new(24, 6)), Some(6));
    let g = pos(ADELTA, &[12], &[9, 10], "w 1 0");
    assert_eq!(g.landing(Move::new(12, 1)), Some(13));
    // From a non-corner point the first corner ahead counts as one.
    let g = pos(ADELTA, &[2], &[9, 10], "w 16 0");
    assert_eq!(g.landing(Move::new(2, 1)), Some(6));
    assert_eq!(g.landing(Move::new(2, 6)), Some(7));
}

// ---------------------------------------------------------------- adelta-rustik

#[test]
fn rustik_has_no_bumping() {
    let mut g = pos(RUSTIK, &[2, 5, 9], &[13, 14, 15], "w 33+ 0");
    refused(&mut g, "2+3", "own piece");
    assert_eq!(moves(&g), ["5+3", "9+3"]);
    // The same step bumps in `adelta`.
    let g = pos(ADELTA, &[2, 5, 9], &[13, 14, 15], "w 33+ 0");
    assert_eq!(g.landing(Move::new(2, 3)), Some(6));
}

#[test]
fn rustik_protects_every_piece_on_a_corner_between_two_enemies() {
    let mut g = pos(RUSTIK, &[11, 13], &[12, 20, 21], "w 1 0");
    assert!(!g.capturable(12));
    refused(&mut g, "11+1", "protected");
    assert_eq!(moves(&g), ["13+1"]);
    // Off a corner, or flanked on one side only, a piece is captured as usual.
    let mut g = pos(RUSTIK, &[10, 12], &[11, 20, 21], "w 1 0");
    assert_eq!(
        step(&mut g, "10+1"),
        vec![moved(A, 10, 11), Event::Captured { seat: B, at: 11 }]
    );
}

#[test]
fn rustik_a_hornaskella_off_a_corner_blocks_the_step() {
    let mut g = pos(RUSTIK, &[15, 3], &[16], "w 1 0");
    refused(&mut g, "15+1", "only be captured on a corner");
    assert_eq!(moves(&g), ["3+1"]);
}

#[test]
fn rustik_as_many_steps_as_possible() {
    // White on 7 and 14, Black's Hornaskella on 15 (off a corner, uncapturable). With 1+6:
    // 7+6 first leaves no step of 1 (13+1 lands on White 14, 14+1 on the Hornaskella), while
    // 7+1 then 14+6, or 14+6 then 7+1, uses both: 7+6 is refused.
    let mut g = pos(RUSTIK, &[7, 14], &[15], "w 16 0");
    assert_eq!(moves(&g), ["7+1", "14+6"]);
    refused(&mut g, "7+6", "as many steps as possible");
    let mut h = g.clone();
    assert_eq!(step(&mut h, "14+6"), vec![moved(A, 14, 20)]);
    assert_eq!(moves(&h), ["7+1", "20+1"]);
    step(&mut g, "7+1");
    // 8+6 would land on White 14.
    assert_eq!(moves(&g), ["14+6"]);
    step(&mut g, "14+6");
    assert_eq!(g.status(), roll_for(B));
    // In `adelta` every order is fine: 7+6 then 13+1 bumps past 14 and 15.
    let mut g = pos(ADELTA, &[7, 14], &[15], "w 16 0");
    step(&mut g, "7+6");
    assert_eq!(g.landing(Move::new(13, 1)), Some(16));
}

#[test]
fn rustik_dice_that_cannot_be_used_are_lost() {
    // White on 2 and 3, Black's Hornaskella on 4. Double 1: 2+1 lands on White 3 and 3+1 on
    // the uncapturable Hornaskella: no step at all; both are lost, and the double still gives
    // the extra roll.
    let mut g = pos(RUSTIK, &[2, 3], &[4], "w - 0");
    assert_eq!(
        roll(&mut g, &[1, 1]),
        vec![
            rolled(A, &[1, 1]),
            Event::DiceLost {
                seat: A,
                dice: vec![1, 1]
            },
            Event::ExtraRoll { seat: A }
        ]
    );
    assert_eq!(g.status(), roll_for(A));
    // 1+3: the single step of 1 is lost and the turn passes.
    assert_eq!(
        roll(&mut g, &[3, 1]),
        vec![
            rolled(A, &[3, 1]),
            Event::DiceLost {
                seat: A,
                dice: vec![1]
            },
            Event::Passed { seat: A }
        ]
    );
    assert_eq!(g.status(), roll_for(B));

    // Mid-turn: White on 2 and 4, Black's Hornaskella on 5, double 1. 2+1 is the only step;
    // then 3+1 lands on White 4 and 4+1 on the Hornaskella: the second 1 is lost, and the
    // double still gives the extra roll.
    let mut g = pos(RUSTIK, &[2, 4], &[5], "w 11+ 0");
    assert_eq!(moves(&g), ["2+1"]);
    assert_eq!(
        step(&mut g, "2+1"),
        vec![
            moved(A, 2, 3),
            Event::DiceLost {
                seat: A,
                dice: vec![1]
            },
            Event::ExtraRoll { seat: A }
        ]
    );
    assert_eq!(g.status(), roll_for(A));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "..WWB................... w - 1"
    );
    // In `adelta` nothing is lost: 3+1 bumps past 4 and 5 to 6.
    let mut g = pos(ADELTA, &[2, 4], &[5], "w 11+ 0");
    step(&mut g, "2+1");
    assert_eq!(step(&mut g, "3+1")[1], moved(A, 3, 6));
}

/// "If either of two dice can be used but not both, the player chooses which." With 1+6 in
/// `adelta-rustik` that position cannot arise: once a step of 6 has been played, no step of
/// 1 can be left only if every White piece stands in one unbroken row ending just before a
/// lone Black Hornaskella off a corner (a protected corner piece needs a White piece after
/// it, which would need its own blocker, all the way round the board), and an exhaustive
/// search over every set of 2 to 6 White pieces with 1 or 2 Black pieces found no position
/// where a 1 and a 6 are each playable but never both. So the choice shows where it can:
/// each die alone is offered whenever it begins a longest sequence, and one that only leads
/// to a shorter sequence is not.
#[test]
fn rustik_either_die_but_not_both_is_the_players_choice() {
    // Both dice usable in either order: every first step of either die is offered.
    let g = pos(RUSTIK, &[3, 9, 10], &[4], "w 16 0");
    // 3+1 is blocked: Black's lone piece on 4 is a Hornaskella off a corner.
    assert_eq!(moves(&g), ["9+6", "10+1", "10+6"]);
    for first in ["9+6", "10+1", "10+6"] {
        let mut h = g.clone();
        step(&mut h, first);
        assert_eq!(h.status(), Status::Move { seat: A }, "after {first}");
        let second = h.legal_moves()[0];
        let events = h.play(second).unwrap();
        assert!(!events.iter().any(|e| matches!(e, Event::DiceLost { .. })));
        assert_eq!(h.status(), roll_for(B));
    }
    // No 1 can start (2+1 lands on White 3, 3+1 on the Hornaskella): the 6 must come first,
    // the player picks which piece plays it, and each choice opens a 1, which is then due.
    let g = pos(RUSTIK, &[2, 3], &[4], "w 16 0");
    assert_eq!(moves(&g), ["2+6", "3+6"]);
    for (from, to, then) in [(2, 8, vec!["8+1"]), (3, 9, vec!["2+1", "9+1"])] {
        let mut h = g.clone();
        assert_eq!(h.play(Move::new(from, 6)), Ok(vec![moved(A, from, to)]));
        assert_eq!(moves(&h), then);
    }
}

#[test]
fn rustik_hornaskella_doubles_do_not_move_it_but_roll_again() {
    let mut g = pos(RUSTIK, &[1], &[3, 4], "w - 0");
    for d in 1..=6 {
        let mut h = g.clone();
        assert_eq!(
            roll(&mut h, &[d, d]),
            vec![rolled(A, &[d, d]), Event::ExtraRoll { seat: A }]
        );
        assert_eq!(h.status(), roll_for(A));
        assert_eq!(h.points(), g.points());
    }
    // A plain roll moves it: 1 one corner, 6 two corners.
    roll(&mut g, &[1, 6]);
    assert_eq!(g.dice(), &[1, 6]);
    assert_eq!(step(&mut g, "1+6"), vec![moved(A, 1, 7)]);
    assert_eq!(step(&mut g, "7+1"), vec![moved(A, 7, 12)]);
}

#[test]
fn rustik_a_winning_step_is_never_refused_for_leaving_a_die() {
    // White on 7 and 14, Black's Hornaskella on 13 (a corner, unprotected). 7+6 captures it
    // and wins; afterwards no step of 1 would exist, but the game is over.
    let mut g = pos(RUSTIK, &[7, 14], &[13], "w 16 0");
    assert!(moves(&g).contains(&"7+6".to_string()));
    let events = step(&mut g, "7+6");
    assert_eq!(events.last(), Some(&Event::GameOver(won(A))));
    assert!(!events.iter().any(|e| matches!(e, Event::DiceLost { .. })));
}

// ---------------------------------------------------------------- refusals

#[test]
fn refusals_say_why() {
    let mut g = pos(
        ADELTA,
        &[1, 2, 3, 4, 5, 6],
        &[13, 14, 15, 16, 17, 18],
        "w 16 0",
    );
    refused(&mut g, "1+5", "no step of 5 is left (steps left: 1, 6)");
    refused(&mut g, "8+1", "you have no piece on 8");
    refused(
        &mut g,
        "14+1",
        "you have no piece on 14 (it holds a Black piece)",
    );
    let before = g.clone();
    assert!(matches!(
        g.play(Move::new(0, 1)),
        Err(MoveError::Illegal { reason, .. }) if reason.to_string().contains("there is no point 0")
    ));
    assert!(matches!(
        g.play(Move::new(30, 1)),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(g, before);
}

// ---------------------------------------------------------------- notation

#[test]
fn moves_parse_forgivingly_and_print_exactly() {
    let g = Adelta::start(ADELTA, 0);
    for text in [
        "13+1", "13 1", "13:1", "13/1", " 13 + 1 ", "13 +1", "13\t1", "013+01",
    ] {
        assert_eq!(g.parse_move(text), Ok(Move::new(13, 1)), "{text:?}");
    }
    assert_eq!(Move::new(24, 6).to_string(), "24+6");
    assert_eq!(g.parse_move("24+6"), Ok(Move::new(24, 6)));
    assert_eq!(g.parse_move("1+1"), Ok(Move::new(1, 1)));
    let long = "9".repeat(500);
    for bad in [
        "", "13", "13+", "+1", "0+1", "25+1", "13+0", "13+7", "13-1", "13+1+2", "a+1", "13,1",
        "１３+1", "13+1x", &long,
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Syntax { input, expected }) => {
                assert!(expected.to_string().contains("13+1"), "{expected}");
                assert!(input.chars().count() <= 41, "{input}");
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

#[test]
fn positions_round_trip() {
    let texts = [
        ("WWWWWW......BBBBBB...... - - 0", ADELTA),
        ("WWWWWW......BBBBBB...... w - 0", ADELTA),
        ("WWWWWW......BBBBBB...... b 16 3", ADELTA),
        ("WWWWWW......BBBBBB...... b 6666+ 7", RUSTIK),
        ("WWWWWW......BBBBBB...... b 6+ 10", ADELTA),
        ("W...........W.BB.B.B.... w 55+ 4294967295", ADELTA),
        ("...............W.B.B.... w 6 31", ADELTA),
        ("...............W.B.B.... w 66+ 31", ADELTA),
        ("...............W.B.B.... w 1+ 31", ADELTA),
        (".................W...... w - 57", RUSTIK),
        ("B....................... b - 57", ADELTA),
    ];
    for (text, rs) in texts {
        let g = match Adelta::from_notation(rs, text) {
            Ok(g) => g,
            Err(e) => panic!("{text}: {e}"),
        };
        assert_eq!(g.to_notation(Viewer::Final), text);
        assert_eq!(g.to_notation(Viewer::Public), text);
        assert_eq!(g.to_notation(Viewer::Seat(B)), text);
        assert_eq!(
            Adelta::from_notation(rs, &g.to_notation(Viewer::Final)),
            Ok(g)
        );
    }
    // Extra whitespace between fields is accepted (and written as single spaces).
    let g = Adelta::from_notation(ADELTA, "  WWWWWW......BBBBBB......   w\t16  0 ").unwrap();
    assert_eq!(
        g.to_notation(Viewer::Final),
        "WWWWWW......BBBBBB...... w 16 0"
    );
}

#[test]
fn bad_positions_get_typed_errors() {
    let bad_field = |text: &str, rs: RuleSetId, field: &str| match Adelta::from_notation(rs, text) {
        Err(PositionError::BadField { field: f, .. }) if f == field => {}
        other => panic!("{text:?}: expected a bad {field}, got {other:?}"),
    };
    let inconsistent = |text: &str, rs: RuleSetId, why: &str| match Adelta::from_notation(rs, text)
    {
        Err(PositionError::Inconsistent(msg)) if msg.contains(why) => {}
        other => panic!("{text:?}: expected inconsistent ({why}), got {other:?}"),
    };
    let start = "WWWWWW......BBBBBB......";
    for text in ["", "   "] {
        assert!(matches!(
            Adelta::from_notation(ADELTA, text),
            Err(PositionError::MissingField { .. })
        ));
    }
    for text in [
        start.to_string(),
        format!("{start} w"),
        format!("{start} w 16"),
    ] {
        assert!(
            matches!(
                Adelta::from_notation(ADELTA, &text),
                Err(PositionError::MissingField { .. })
            ),
            "{text}"
        );
    }
    assert!(matches!(
        Adelta::from_notation(ADELTA, &format!("{start} w 16 0 extra")),
        Err(PositionError::Trailing(t)) if t == "extra"
    ));
    bad_field("WWWWWW......BBBBBB..... w - 0", ADELTA, "points");
    bad_field("WWWWWW......BBBBBB....... w - 0", ADELTA, "points");
    bad_field("wwwwww......bbbbbb...... w - 0", ADELTA, "points");
    bad_field("WWWWWW......BBBBBB.....é w - 0", ADELTA, "points");
    bad_field(&format!("{start} x - 0"), ADELTA, "side");
    bad_field(&format!("{start} W - 0"), ADELTA, "side");
    for steps in [
        "61", "0", "7", "66666", "66666+", "+", "1++", "--", "1-", "x",
    ] {
        bad_field(&format!("{start} w {steps} 0"), ADELTA, "steps");
    }
    for ply in [
        "-1",
        "+1",
        "01",
        "4294967296",
        "99999999999999999999999",
        "1e3",
        "x",
    ] {
        bad_field(&format!("{start} w - {ply}"), ADELTA, "ply");
    }
    bad_field(&format!("{start} w - 0"), RuleSetId::Hnefatafl, "rule set");
    inconsistent("WWWWWWW.....BBBBBB...... w - 0", ADELTA, "7 pieces");
    inconsistent("........................ w - 0", ADELTA, "no piece");
    inconsistent(&format!("{start} - 16 0"), ADELTA, "opening roll");
    inconsistent(
        "W....................... w 1 0",
        ADELTA,
        "no step can be left",
    );
    inconsistent("W....................... b - 0", ADELTA, "winner, w");
    inconsistent("W....................... - - 0", ADELTA, "winner, w");
    for steps in ["33", "2", "11", "333+", "16+"] {
        inconsistent(&format!("{start} w {steps} 0"), ADELTA, "no roll leaves");
    }
    // A Hornaskella's doubles: only 11+ and 66+ in adelta, nothing in adelta-rustik.
    let horn = "...............W.B.B....";
    inconsistent(&format!("{horn} w 33+ 0"), ADELTA, "Hornaskella");
    inconsistent(&format!("{horn} w 666+ 0"), ADELTA, "Hornaskella");
    inconsistent(&format!("{horn} w 66+ 0"), RUSTIK, "Hornaskella");
    assert!(Adelta::from_notation(RUSTIK, &format!("{horn} w 16 0")).is_ok());
    // adelta-rustik: steps none of which can be played would have been lost.
    inconsistent(
        &format!("{} w 11+ 0", points(&[2, 3], &[4])),
        RUSTIK,
        "cannot play any",
    );
    assert!(Adelta::from_notation(ADELTA, &format!("{} w 11+ 0", points(&[2, 3], &[4]))).is_ok());
    // Hostile input never panics and is not echoed back in full.
    let huge = "W".repeat(100_000);
    match Adelta::from_notation(ADELTA, &huge) {
        Err(PositionError::BadField { found, .. }) => assert!(found.chars().count() <= 41),
        other => panic!("{other:?}"),
    }
    for text in [
        "日本語",
        "\u{0}",
        "W\u{a0}",
        "🎲 🎲 🎲 🎲",
        "- - - -",
        "0 0 0 0",
    ] {
        assert!(Adelta::from_notation(ADELTA, text).is_err(), "{text:?}");
    }
}

// ---------------------------------------------------------------- text board

#[test]
fn text_grid_shows_the_points_and_the_pieces() {
    let g = Adelta::start(ADELTA, 0);
    assert_eq!(
        g.text_grid(Viewer::Public),
        " 24 23 22 21 20 19 | 18 17 16 15 14 13\n  \
         .  .  .  .  .  . |  B  B  B  B  B  B\n  \
         W  W  W  W  W  W |  .  .  .  .  .  .\n  \
         1  2  3  4  5  6 |  7  8  9 10 11 12"
    );
    // The grid shows the pieces only: the same pieces give the same grid, whatever the turn.
    let turns = [
        pos(ADELTA, &[1, 5], &[13], "w 16 3"),
        pos(ADELTA, &[1, 5], &[13], "b - 4"),
        pos(ADELTA, &[1, 5], &[13], "b 11+ 12"),
    ];
    for g in &turns {
        assert_eq!(
            g.text_grid(Viewer::Seat(A)),
            turns[0].text_grid(Viewer::Public)
        );
    }
    for g in [
        Adelta::start(ADELTA, 0),
        pos(ADELTA, &[16], &[1, 2, 3], "w 66+ 0"),
    ] {
        for line in g.text_grid(Viewer::Public).lines() {
            assert_eq!(line, line.trim_end());
        }
    }
    assert_eq!(Adelta::start(ADELTA, 0).cell_name(13), "13");
}

// ---------------------------------------------------------------- smoke

#[test]
fn random_games_end_and_every_listed_move_plays() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x00ad_e17a);
    // Which kinds of events each rule set produced, and how many steps were played.
    let mut seen = [
        std::collections::BTreeSet::new(),
        std::collections::BTreeSet::new(),
    ];
    let mut plies = [0u64; 2];
    for game in 0..400 {
        let rs = if game % 2 == 0 { ADELTA } else { RUSTIK };
        let r = usize::from(rs == RUSTIK);
        let mut note = |events: &[Event]| {
            for e in events {
                let name = format!("{e:?}");
                let kind = name.split([' ', '(']).next().unwrap_or("").to_string();
                seen[r].insert(kind);
            }
        };
        let mut g = Adelta::start(rs, game);
        let mut actions = 0;
        loop {
            actions += 1;
            assert!(actions < 200_000, "game {game} does not end");
            match g.status() {
                Status::Over(outcome) => {
                    let winner = outcome.winner.unwrap();
                    assert_eq!(g.pieces(winner.other()), 0);
                    assert!(g.pieces(winner) > 0);
                    plies[r] += u64::from(g.ply());
                    break;
                }
                Status::Roll { spec, .. } => {
                    let d = crate::dice::roll(spec, &mut rng);
                    note(&g.roll(&d).unwrap());
                }
                Status::Move { seat } => {
                    let legal = g.legal_moves();
                    assert!(!legal.is_empty(), "{}", g.to_notation(Viewer::Final));
                    if actions % 7 == 0 {
                        for &mv in &legal {
                            let mut h = g.clone();
                            let events = h.play(mv).unwrap();
                            let moved_count = events
                                .iter()
                                .filter(|e| matches!(e, Event::Moved { seat: s, .. } if *s == seat))
                                .count();
                            assert_eq!(moved_count, 1);
                        }
                    }
                    let mv = legal[rng.random_range(0..legal.len())];
                    let text = mv.to_string();
                    assert_eq!(g.parse_move(&text), Ok(mv));
                    let ply = g.ply();
                    note(&g.play(mv).unwrap());
                    assert_eq!(g.ply(), ply + 1);
                }
            }
            let text = g.to_notation(Viewer::Final);
            let back = match Adelta::from_notation(rs, &text) {
                Ok(b) => b,
                Err(e) => panic!("{text}: {e}"),
            };
            assert_eq!(back, g);
            assert_eq!(back.to_notation(Viewer::Final), text);
        }
    }
    eprintln!("steps played: {plies:?}; events: {seen:?}");
    for kind in [
        "Rolled",
        "StarterChosen",
        "Moved",
        "Captured",
        "Hornaskella",
        "ExtraRoll",
        "Passed",
        "GameOver",
    ] {
        assert!(seen[0].contains(kind) && seen[1].contains(kind), "{kind}");
    }
    assert!(seen[0].contains("Bumped") && !seen[1].contains("Bumped"));
    // Lost steps need a tightly blocked board (see the rustik tests): rare in random play,
    // and impossible in `adelta`.
    assert!(!seen[0].contains("DiceLost"));
    assert!(plies.iter().all(|&p| p > 200 * 20));
}

#[test]
fn a_recorded_game_replays_exactly_through_the_neutral_position() {
    for rs in [ADELTA, RUSTIK] {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut m, _) = crate::Match::new(rs, 1, &mut rng);
        while m.position().status().outcome().is_none() {
            let moves = m.position().legal_moves();
            let pick = moves[rng.random_range(0..moves.len())].clone();
            // Typed the forgiving way; the record keeps the canonical form.
            m.play(&pick.replace('+', " "), &mut rng).unwrap();
        }
        let record = m.record().clone();
        assert!(
            record
                .actions
                .iter()
                .any(|a| matches!(a, crate::Action::Move(t) if t.contains('+')))
        );
        let replayed = crate::Match::from_record(record).unwrap();
        assert_eq!(replayed.position(), m.position());
        // Stored positions go through the full position string.
        let json = serde_json::to_string(m.position()).unwrap();
        let back: crate::Position = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, m.position());
    }
}
