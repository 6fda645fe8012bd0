//! Daldøsa position tests: every rule of RULES.md at the position where it matters, the
//! notation, move parsing, and a random-game smoke loop.

use super::*;
use crate::{EndReason, Event, Game, MoveError, Outcome, PositionError, RuleSetId, Seat, Status};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const START: &str = "wwwwwwwwwwww/............/bbbbbbbbbbbb w - 0 0,0";

/// Reads a position string (test input, so a failure is a test bug).
fn pos(text: &str) -> Daldosa {
    Daldosa::from_notation(RuleSetId::Daldosa, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cell index of a hole name like `m12`.
fn c(name: &str) -> Cell {
    let row = match name.as_bytes().first() {
        Some(b'w') => 0,
        Some(b'm') => 1,
        Some(b'b') => 2,
        _ => panic!("bad hole {name}"),
    };
    let hole: u8 = name[1..].parse().unwrap();
    row * 12 + hole - 1
}

/// The legal moves as text.
fn legal(g: &Daldosa) -> Vec<String> {
    g.legal_moves().iter().map(ToString::to_string).collect()
}

/// Plays a step given as text, which must be legal.
fn play(g: &mut Daldosa, text: &str) -> Vec<Event> {
    let mv = g.parse_move(text).unwrap();
    g.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The reason a step given as text is refused.
fn refused(g: &Daldosa, text: &str) -> String {
    let mut copy = g.clone();
    let mv = g.parse_move(text).unwrap();
    match copy.play(mv) {
        Err(MoveError::Illegal { mv, reason }) => {
            assert_eq!(mv, text);
            assert_eq!(&copy, g, "a refused move changed the position");
            reason.to_string()
        }
        other => panic!("{text}: expected a refusal, got {other:?}"),
    }
}

fn moved(seat: Seat, from: &str, to: Option<&str>) -> Event {
    Event::Moved {
        seat,
        from: c(from),
        to: to.map(c),
    }
}

fn win(seat: Seat) -> Event {
    Event::GameOver(Outcome {
        winner: Some(seat),
        reason: EndReason::NoPegsLeft,
        scores: None,
    })
}

fn roll_status(seat: Seat) -> Status {
    Status::Roll {
        seat: Some(seat),
        spec: ROLL,
    }
}

#[test]
fn start_position() {
    let g = Daldosa::start(RuleSetId::Daldosa, 42);
    assert_eq!(g.to_notation(Viewer::Final), START);
    assert_eq!(pos(START), g);
    assert_eq!(g.status(), roll_status(Seat::A));
    assert_eq!(g.rule_set(), RuleSetId::Daldosa);
    assert_eq!(Daldosa::RULE_SETS, &[RuleSetId::Daldosa]);
    assert!(g.legal_moves().is_empty());
    assert!(g.dice().is_empty());
    assert_eq!(g.ply(), 0);
    for seat in Seat::BOTH {
        assert_eq!(g.pegs_on_board(seat), 12);
        assert_eq!(g.pegs_inactive(seat), 12);
        assert_eq!(g.pegs_off(seat), 0);
        assert_eq!(g.pegs_captured(seat), 0);
    }
    assert_eq!(g.next_activation(Seat::A), Some(c("w12")));
    assert_eq!(g.next_activation(Seat::B), Some(c("b12")));
    let mut g2 = g.clone();
    assert_eq!(g2.play(Move::new(c("w12"), 1)), Err(MoveError::RollPending));
}

#[test]
fn paths_and_cells() {
    assert_eq!(c("w1"), 0);
    assert_eq!(c("m12"), 23);
    assert_eq!(c("b12"), 35);
    let names = |seat| -> Vec<String> {
        Daldosa::path(seat)
            .iter()
            .map(|&cell| notation::cell_name(cell))
            .collect()
    };
    let white = names(Seat::A);
    assert_eq!(white[0], "w1");
    assert_eq!(white[11], "w12");
    assert_eq!(white[12], "m12");
    assert_eq!(white[23], "m1");
    assert_eq!(white[24], "b1");
    assert_eq!(white[35], "b12");
    let black = names(Seat::B);
    assert_eq!(black[0], "b1");
    assert_eq!(black[12], "m12");
    assert_eq!(black[24], "w1");
    assert_eq!(black[35], "w12");
    for seat in Seat::BOTH {
        for (i, &cell) in Daldosa::path(seat).iter().enumerate() {
            assert_eq!(Daldosa::path_index(seat, cell), Some(i as u8));
        }
    }
    assert_eq!(Daldosa::path_index(Seat::A, 36), None);
    let g = Daldosa::start(RuleSetId::Daldosa, 0);
    assert_eq!(g.cell_name(0), "w1");
    assert_eq!(g.cell_name(23), "m12");
    assert_eq!(g.cell_name(35), "b12");
    assert_eq!(g.cell_name(36), "?36");
    assert_eq!(g.hole(200), Hole::Empty);
}

#[test]
fn activation_order_nearest_the_stern_first() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    assert_eq!(
        g.roll(&[1, 1]).unwrap(),
        vec![Event::Rolled {
            seat: Some(Seat::A),
            dice: vec![1, 1]
        }]
    );
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
    // Only the peg nearest the stern may be activated: w12 goes to m12.
    assert_eq!(legal(&g), ["w12+1"]);
    assert!(refused(&g, "w11+1").contains("nearest the stern, on w12"));
    assert_eq!(
        play(&mut g, "w12+1"),
        vec![
            moved(Seat::A, "w12", Some("m12")),
            Event::Activated {
                seat: Seat::A,
                at: c("m12")
            }
        ]
    );
    // Next comes w11 (to w12), or the 1 moves the active peg.
    assert_eq!(legal(&g), ["w11+1", "m12+1"]);
    assert!(refused(&g, "w10+1").contains("nearest the stern, on w11"));
    assert_eq!(
        play(&mut g, "w11+1"),
        vec![
            moved(Seat::A, "w11", Some("w12")),
            Event::Activated {
                seat: Seat::A,
                at: c("w12")
            }
        ]
    );
    assert_eq!(
        g.to_notation(Viewer::Final),
        "wwwwwwwwww.W/...........W/bbbbbbbbbbbb b - 2 0,0"
    );
    assert_eq!(g.status(), roll_status(Seat::B));
    // Black's first activation goes b12 to m12, capturing White's peg there.
    g.roll(&[1, 2]).unwrap();
    assert_eq!(legal(&g), ["b12+1"]);
    assert_eq!(
        play(&mut g, "b12+1"),
        vec![
            moved(Seat::B, "b12", Some("m12")),
            Event::Captured {
                seat: Seat::A,
                at: c("m12")
            },
            Event::Activated {
                seat: Seat::B,
                at: c("m12")
            }
        ]
    );
    assert_eq!(legal(&g), ["m12+2"]);
    assert_eq!(g.pegs_captured(Seat::A), 1);
}

#[test]
fn activation_blocked_by_own_peg() {
    // Not reachable from the start (an active peg always stands beyond the next activation
    // target), but the rule holds for set-up positions: a 1 cannot activate w12 onto m12.
    let mut g = pos(".wwwwwwwwwww/...........W/bbbbbbbbbbbb w 11 5 0,0");
    assert_eq!(legal(&g), ["m12+1"]);
    assert_eq!(refused(&g, "w12+1"), "your own peg already stands on m12");
    play(&mut g, "m12+1");
    // m12 is free now: the second 1 may activate w12.
    assert_eq!(legal(&g), ["w12+1", "m11+1"]);
    play(&mut g, "w12+1");
    assert_eq!(
        g.to_notation(Viewer::Final),
        ".wwwwwwwwww./..........WW/bbbbbbbbbbbb b - 7 0,0"
    );
}

#[test]
fn inactive_pegs_move_only_by_activation() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    g.roll(&[1, 3]).unwrap();
    assert_eq!(legal(&g), ["w12+1"]);
    assert_eq!(
        refused(&g, "w12+3"),
        "the peg on w12 is inactive: only a 1 can activate it"
    );
    play(&mut g, "w12+1");
    // The new active peg takes the 3.
    assert_eq!(legal(&g), ["m12+3"]);
    assert_eq!(
        play(&mut g, "m12+3"),
        vec![moved(Seat::A, "m12", Some("m9"))]
    );
}

#[test]
fn no_passing_over_own_pegs() {
    let g = pos("............/.........W.W/bbbbbbbbbbbb w 32 20 0,0");
    assert_eq!(legal(&g), ["m10+3", "m10+2"]);
    assert_eq!(
        refused(&g, "m12+3"),
        "the path is blocked by your own peg on m10"
    );
    assert_eq!(refused(&g, "m12+2"), "your own peg already stands on m10");
    assert_eq!(g.target(Move::new(c("m12"), 1)), Some(Some(c("m11"))));
    assert_eq!(g.target(Move::new(c("m12"), 3)), None);
}

#[test]
fn passing_over_enemy_pegs() {
    let mut g = pos("............/........BB.W/..bbbbbbbbbb w 41 20 0,0");
    assert_eq!(legal(&g), ["m12+4", "m12+1"]);
    assert_eq!(
        play(&mut g, "m12+4"),
        vec![moved(Seat::A, "m12", Some("m8"))]
    );
    assert_eq!(g.hole(c("m9")), Hole::Active(Seat::B));
    assert_eq!(g.hole(c("m10")), Hole::Active(Seat::B));
    assert_eq!(g.pegs_on_board(Seat::B), 12);
    assert_eq!(legal(&g), ["m8+1"]);
}

#[test]
fn capture_of_an_inactive_peg() {
    let mut g = pos("............/W.........../bbbbbbbbbbbb w 2 30 0,0");
    assert_eq!(
        play(&mut g, "m1+2"),
        vec![
            moved(Seat::A, "m1", Some("b2")),
            Event::Captured {
                seat: Seat::B,
                at: c("b2")
            }
        ]
    );
    assert_eq!(g.pegs_on_board(Seat::B), 11);
    assert_eq!(g.pegs_captured(Seat::B), 1);
    assert_eq!(g.status(), roll_status(Seat::B));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "............/............/bWbbbbbbbbbb b - 31 0,0"
    );
}

#[test]
fn capture_of_an_active_peg() {
    let mut g = pos("............/........B..W/bbbbbbbbbbb. w 3 40 0,0");
    assert_eq!(
        play(&mut g, "m12+3"),
        vec![
            moved(Seat::A, "m12", Some("m9")),
            Event::Captured {
                seat: Seat::B,
                at: c("m9")
            }
        ]
    );
    assert_eq!(g.hole(c("m9")), Hole::Active(Seat::A));
    assert_eq!(g.pegs_captured(Seat::B), 1);
}

#[test]
fn running_off_the_end() {
    let mut g = pos("w.........../............/bbbbbbbbbbW. w 2 50 0,0");
    assert_eq!(legal(&g), ["b11+2"]);
    assert_eq!(g.target(Move::new(c("b11"), 2)), Some(None));
    assert_eq!(
        play(&mut g, "b11+2"),
        vec![
            moved(Seat::A, "b11", None),
            Event::LeftBoard {
                seat: Seat::A,
                from: c("b11")
            }
        ]
    );
    assert_eq!(g.pegs_off(Seat::A), 1);
    assert_eq!(g.pegs_captured(Seat::A), 10);
    assert_eq!(g.status(), roll_status(Seat::B));
    assert_eq!(
        g.to_notation(Viewer::Final),
        "w.........../............/bbbbbbbbbb.. b - 51 1,0"
    );
}

#[test]
fn both_dice_only_one_order_uses_both() {
    // The 3 first runs the only active peg off and the 2 would be lost; the 2 first keeps
    // the peg on b12 and the 3 then takes it off: only b10+2 may start.
    let mut g = pos("w.........../............/bbbbbbbbbW.. w 32 50 0,0");
    assert_eq!(legal(&g), ["b10+2"]);
    assert!(refused(&g, "b10+3").contains("as many dice"));
    assert_eq!(
        play(&mut g, "b10+2"),
        vec![moved(Seat::A, "b10", Some("b12"))]
    );
    assert_eq!(g.dice(), &[3]);
    assert_eq!(legal(&g), ["b12+3"]);
    play(&mut g, "b12+3");
    assert_eq!(g.status(), roll_status(Seat::B));
}

#[test]
fn both_dice_either_but_not_both() {
    // Either die runs the only active peg off, and then the other cannot be used: both are
    // offered, and the other die is lost.
    let g = pos("w.........../............/bbbbbbbbbbW. w 23 50 0,0");
    assert_eq!(legal(&g), ["b11+2", "b11+3"]);
    for (step, lost) in [("b11+2", 3), ("b11+3", 2)] {
        let mut g = g.clone();
        assert_eq!(
            play(&mut g, step),
            vec![
                moved(Seat::A, "b11", None),
                Event::LeftBoard {
                    seat: Seat::A,
                    from: c("b11")
                },
                Event::DiceLost {
                    seat: Seat::A,
                    dice: vec![lost]
                }
            ]
        );
        assert_eq!(g.status(), roll_status(Seat::B));
        assert!(g.dice().is_empty());
    }
}

#[test]
fn both_dice_the_larger_cannot_be_used() {
    // Set up by hand: the inactive w4 blocks the active w1 for a 3, before and after the 2.
    let mut g = pos("W..w......../............/bbbbbbbbbbbb w 32 9 0,0");
    assert_eq!(legal(&g), ["w1+2"]);
    assert_eq!(refused(&g, "w1+3"), "your own peg already stands on w4");
    assert_eq!(
        play(&mut g, "w1+2"),
        vec![
            moved(Seat::A, "w1", Some("w3")),
            Event::DiceLost {
                seat: Seat::A,
                dice: vec![3]
            }
        ]
    );
    assert_eq!(g.status(), roll_status(Seat::B));
}

#[test]
fn a_winning_step_counts_as_using_every_die() {
    // m12+3 captures Black's last peg; it is offered although other starts use both dice.
    let mut g = pos("w.........../........B..W/............ w 31 80 0,0");
    assert_eq!(legal(&g), ["w1+1", "m12+3", "m12+1"]);
    assert_eq!(
        play(&mut g, "m12+3"),
        vec![
            moved(Seat::A, "m12", Some("m9")),
            Event::Captured {
                seat: Seat::B,
                at: c("m9")
            },
            win(Seat::A)
        ]
    );
    assert_eq!(
        g.status(),
        Status::Over(Outcome {
            winner: Some(Seat::A),
            reason: EndReason::NoPegsLeft,
            scores: None
        })
    );
    assert!(g.dice().is_empty());
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.to_notation(Viewer::Final),
        "w.........../........W.../............ w - 81 0,0"
    );
    assert_eq!(
        g.clone().play(Move::new(c("m9"), 1)),
        Err(MoveError::GameOver)
    );
    assert_eq!(g.clone().roll(&[1, 2]), Err(RollError::NotExpected));
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Seat::A), EndReason::NoPegsLeft))
    );
}

#[test]
fn pass_with_no_one_and_no_active_peg() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    for dice in [[2, 3], [4, 4], [2, 2]] {
        let mut g = g.clone();
        assert_eq!(
            g.roll(&dice).unwrap(),
            vec![
                Event::Rolled {
                    seat: Some(Seat::A),
                    dice: dice.to_vec()
                },
                Event::Passed { seat: Seat::A }
            ]
        );
        assert_eq!(g.status(), roll_status(Seat::B));
        assert_eq!(g.to_notation(Viewer::Final), START.replace(" w ", " b "));
    }
    // With a 1 the turn does not pass.
    g.roll(&[1, 4]).unwrap();
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
}

#[test]
fn loss_when_the_last_peg_is_captured() {
    // Black's last peg is inactive on b1; White's first die captures it: the game ends at
    // once and the other die is not reported lost.
    let mut g = pos("w.........../W.........../b........... w 13 70 0,0");
    assert_eq!(legal(&g), ["w1+1", "m1+1", "m1+3"]);
    let events = play(&mut g, "m1+1");
    assert_eq!(
        events,
        vec![
            moved(Seat::A, "m1", Some("b1")),
            Event::Captured {
                seat: Seat::B,
                at: c("b1")
            },
            win(Seat::A)
        ]
    );
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Seat::A));
    assert_eq!(g.pegs_captured(Seat::B), 12);
}

#[test]
fn loss_when_running_your_own_last_peg_off() {
    let mut g = pos("............/............/bbbbbbbbbbbW w 1 90 0,0");
    assert_eq!(
        play(&mut g, "b12+1"),
        vec![
            moved(Seat::A, "b12", None),
            Event::LeftBoard {
                seat: Seat::A,
                from: c("b12")
            },
            win(Seat::B)
        ]
    );
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Seat::B));
    assert_eq!(g.pegs_off(Seat::A), 1);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "............/............/bbbbbbbbbbb. w - 91 1,0"
    );
    assert_eq!(pos(&g.to_notation(Viewer::Final)), g);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::NoPegsLeft));
}

#[test]
fn a_double_gives_no_extra_throw() {
    let mut g = pos("wwwwwwwwwww./...........W/bbbbbbbbbbbb w - 1 0,0");
    let mut events = g.roll(&[2, 2]).unwrap();
    assert_eq!(legal(&g), ["m12+2"]);
    events.extend(play(&mut g, "m12+2"));
    assert_eq!(g.status(), Status::Move { seat: Seat::A });
    assert_eq!(legal(&g), ["m10+2"]);
    events.extend(play(&mut g, "m10+2"));
    assert_eq!(g.status(), roll_status(Seat::B));
    assert!(!events.iter().any(|e| matches!(e, Event::ExtraRoll { .. })));
    // A double 1 neither.
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    g.roll(&[1, 1]).unwrap();
    play(&mut g, "w12+1");
    play(&mut g, "m12+1");
    assert_eq!(g.status(), roll_status(Seat::B));
}

#[test]
fn refusals_say_why() {
    let g = pos("wwwwwwwwwww./...........W/bbbbbbbbbbbb w 12 1 0,0");
    assert_eq!(refused(&g, "m12+4"), "no die shows 4 (dice left: 1, 2)");
    assert_eq!(refused(&g, "m5+1"), "you have no peg on m5");
    assert_eq!(
        refused(&g, "b3+1"),
        "you have no peg on b3 (the peg there is your opponent's)"
    );
    assert!(refused(&g, "w5+2").contains("inactive"));
    let mut g2 = g.clone();
    assert!(matches!(
        g2.play(Move::new(200, 1)),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g2.play(Move::new(c("m12"), 0)),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(g2, g);
}

#[test]
fn rolls_are_checked() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    for bad in [&[5u8, 1][..], &[1], &[1, 2, 3], &[0, 1], &[]] {
        assert!(
            matches!(
                g.roll(bad),
                Err(RollError::Invalid {
                    count: 2,
                    sides: 4,
                    ..
                })
            ),
            "{bad:?}"
        );
    }
    g.roll(&[1, 2]).unwrap();
    assert_eq!(g.roll(&[1, 2]), Err(RollError::NotExpected));
}

#[test]
fn dice_order_and_ply() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    g.roll(&[3, 1]).unwrap();
    assert_eq!(g.dice(), &[3, 1]);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "wwwwwwwwwwww/............/bbbbbbbbbbbb w 31 0 0,0"
    );
    play(&mut g, "w12+1");
    assert_eq!(g.dice(), &[3]);
    assert_eq!(g.ply(), 1);
    assert_eq!(
        g.to_notation(Viewer::Final),
        "wwwwwwwwwww./...........W/bbbbbbbbbbbb w 3 1 0,0"
    );
}

#[test]
fn notation_round_trips() {
    for text in [
        START,
        "wwwwwwwwwwww/............/bbbbbbbbbbbb b - 0 0,0",
        "wwwwwwwwwwww/............/bbbbbbbbbbbb w 41 0 0,0",
        "w.........../........BB.W/..bbbbbbbbbb w 2 4294967295 0,0",
        "............/............/bbbbbbbbbbb. w - 91 1,0",
        "w.ww.W....../B.W......B.W/b..bbb..B... b - 123 3,2",
        "............/W.........../b........... b - 17 11,0",
    ] {
        let g = pos(text);
        assert_eq!(g.to_notation(Viewer::Final), text);
        assert_eq!(g.to_notation(Viewer::Public), text);
        assert_eq!(g.to_notation(Viewer::Seat(Seat::B)), text);
        assert_eq!(pos(&g.to_notation(Viewer::Final)), g);
    }
    // Surrounding white space is tolerated.
    assert_eq!(pos(&format!("  {START}\n")), pos(START));
}

#[test]
fn notation_errors_are_typed() {
    let read = |text: &str| Daldosa::from_notation(RuleSetId::Daldosa, text);
    let missing = |text: &str| matches!(read(text), Err(PositionError::MissingField { .. }));
    let bad = |text: &str, want: &str| match read(text) {
        Err(PositionError::BadField { field, .. }) => field == want,
        _ => false,
    };
    let inconsistent = |text: &str| matches!(read(text), Err(PositionError::Inconsistent(_)));
    assert!(missing(""));
    assert!(missing("   "));
    assert!(missing("wwwwwwwwwwww/............/bbbbbbbbbbbb"));
    assert!(missing("wwwwwwwwwwww/............/bbbbbbbbbbbb w - 0"));
    assert!(bad("wwwwwwwwwwww/............ w - 0 0,0", "board"));
    assert!(bad(
        "wwwwwwwwwwww/............/bbbbbbbbbbbb/ w - 0 0,0",
        "board"
    ));
    assert!(bad(
        "wwwwwwwwwww/............/bbbbbbbbbbbb w - 0 0,0",
        "row w"
    ));
    assert!(bad(
        "wwwwwwwwwwww/......x...../bbbbbbbbbbbb w - 0 0,0",
        "row m"
    ));
    assert!(bad(
        "wwwwwwwwwwww/............/bbbbbbbbbbbé w - 0 0,0",
        "row b"
    ));
    assert!(bad(
        "wwwwwwwwwwww/............/bbbbbbbbbbbbb w - 0 0,0",
        "row b"
    ));
    assert!(bad(&START.replace(" w ", " W "), "side"));
    assert!(bad(&START.replace(" w ", " x "), "side"));
    for dice in ["5", "0", "123", "1-", "--", "ä"] {
        assert!(
            bad(&START.replace(" - ", &format!(" {dice} ")), "dice"),
            "{dice}"
        );
    }
    for ply in ["-1", "+1", "01", "99999999999999999999", "4294967296", "x"] {
        assert!(
            bad(&START.replace(" 0 ", &format!(" {ply} ")), "ply"),
            "{ply}"
        );
    }
    for off in [
        "13,0",
        "0",
        "0,0,0",
        ",",
        "0,-1",
        "00,0",
        "0;0",
        "1,99999999999",
    ] {
        assert!(bad(&START.replace("0,0", off), "off"), "{off}");
    }
    assert_eq!(
        read(&format!("{START} extra")),
        Err(PositionError::Trailing("extra".to_string()))
    );
    // Inactive pegs stand only in their home row.
    assert!(inconsistent(
        "wwwwwwwwwww./w.........../bbbbbbbbbbbb w - 0 0,0"
    ));
    assert!(inconsistent(
        "wwwwwwwwwwwb/............/bbbbbbbbbbb. w - 0 0,0"
    ));
    // At most 12 pegs, counting those run off.
    assert!(inconsistent(
        "wwwwwwwwwwww/W.........../bbbbbbbbbbbb w - 0 0,0"
    ));
    assert!(inconsistent(
        "wwwwwwwwwwww/............/bbbbbbbbbbbb w - 0 1,0"
    ));
    // Somebody must have a peg, and a finished game has no dice left.
    assert!(inconsistent(
        "............/............/............ w - 0 0,0"
    ));
    assert!(inconsistent(
        "............/W.........../............ w 1 0 0,0"
    ));
    // Dice that cannot be used would already have been lost.
    assert!(inconsistent(
        "wwwwwwwwwwww/............/bbbbbbbbbbbb w 23 0 0,0"
    ));
    // Another rule set's id is refused.
    assert!(matches!(
        Daldosa::from_notation(RuleSetId::Subulata, START),
        Err(PositionError::BadField {
            field: "rule set",
            ..
        })
    ));
    // Errors name what was expected.
    let message = read("wwwwwwwwwwww/............/bbbbbbbbbbbb w 9 0 0,0")
        .unwrap_err()
        .to_string();
    assert!(message.contains("like 31"), "{message}");
}

#[test]
fn hostile_position_strings_never_panic() {
    let samples = [
        "\u{0}",
        "🚣",
        "/",
        "//",
        "///",
        "w",
        "- - - - -",
        "ü ü ü ü ü",
        "\t\n\r",
    ];
    for s in samples {
        assert!(
            Daldosa::from_notation(RuleSetId::Daldosa, s).is_err(),
            "{s:?}"
        );
    }
    let long = "w".repeat(100_000);
    assert!(Daldosa::from_notation(RuleSetId::Daldosa, &long).is_err());
    // Every single-character change of a few real positions either fails cleanly or reads
    // a position that prints back the same string.
    let alphabet = [
        '.', 'w', 'W', 'b', 'B', '/', ' ', ',', '-', '0', '1', '4', '5', '9', 'é',
    ];
    for base in [START, "w.ww.W....../B.W......B.W/b..bbb..B... b 31 123 3,2"] {
        let chars: Vec<char> = base.chars().collect();
        for i in 0..chars.len() {
            for &x in &alphabet {
                let mut v = chars.clone();
                v[i] = x;
                let text: String = v.into_iter().collect();
                if let Ok(g) = Daldosa::from_notation(RuleSetId::Daldosa, &text) {
                    let again = g.to_notation(Viewer::Final);
                    assert_eq!(pos(&again), g, "{text}");
                    if text.split_ascii_whitespace().collect::<Vec<_>>().join(" ") == text {
                        assert_eq!(again, text);
                    }
                }
            }
        }
    }
}

#[test]
fn move_parsing_is_forgiving() {
    let g = Daldosa::start(RuleSetId::Daldosa, 0);
    let want = Move::new(c("w12"), 1);
    for text in [
        "w12+1",
        "W12 1",
        "w12:1",
        "w12+1 ",
        " w 12 + 1 ",
        "W12-1",
        "w121",
        "w12,1",
        "W12\t1",
    ] {
        assert_eq!(g.parse_move(text), Ok(want), "{text:?}");
    }
    assert_eq!(g.parse_move("m3+4"), Ok(Move::new(c("m3"), 4)));
    assert_eq!(g.parse_move("M34"), Ok(Move::new(c("m3"), 4)));
    assert_eq!(g.parse_move("b1 2"), Ok(Move::new(c("b1"), 2)));
    assert_eq!(g.parse_move("B10+3"), Ok(Move::new(c("b10"), 3)));
    for bad in [
        "",
        "w",
        "w12",
        "w11",
        "w+1",
        "x12+1",
        "w13+1",
        "w0+1",
        "w12+5",
        "w12+0",
        "w1+1+1",
        "w12 1 2",
        "w9999999999+1",
        "wé1",
        "w12+11",
        "12+1",
        "w1.5+1",
        "🚣",
        "w12+1x",
    ] {
        match g.parse_move(bad) {
            Err(MoveError::Syntax { input, expected }) => {
                assert_eq!(input, bad.trim());
                assert!(expected.to_string().contains("like w12+1"), "{expected}");
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    // Printing is exact and reads back.
    for cell in 0..CELLS as u8 {
        for die in 1..=4 {
            let mv = Move::new(cell, die);
            assert_eq!(g.parse_move(&mv.to_string()), Ok(mv));
        }
    }
    assert_eq!(Move::new(c("b12"), 4).to_string(), "b12+4");
}

#[test]
fn text_grid_is_readable() {
    let mut g = Daldosa::start(RuleSetId::Daldosa, 0);
    let want = concat!(
        "      1  2  3  4  5  6  7  8  9 10 11 12\n",
        " w    w  w  w  w  w  w  w  w  w  w  w  w\n",
        " m    .  .  .  .  .  .  .  .  .  .  .  .\n",
        " b    b  b  b  b  b  b  b  b  b  b  b  b",
    );
    assert_eq!(g.text_grid(Viewer::Public), want);
    g.roll(&[1, 3]).unwrap();
    // The grid shows the pegs only: rolling changes nothing in it.
    assert_eq!(g.text_grid(Viewer::Public), want);
    play(&mut g, "w12+1");
    let grid = g.text_grid(Viewer::Seat(Seat::A));
    assert!(
        grid.contains(" w    w  w  w  w  w  w  w  w  w  w  w  .\n"),
        "{grid}"
    );
    assert!(
        grid.contains(" m    .  .  .  .  .  .  .  .  .  .  .  W\n"),
        "{grid}"
    );
    for line in grid.lines() {
        assert_eq!(line, line.trim_end(), "trailing space in {line:?}");
    }
}

/// Every step sequence of the turn under the plain rule of `dice::longest_first_steps`; a
/// finished game counts as having used every die left (so the search agrees with the
/// engine's choice that a game-ending step completes the turn).
fn expand(g: &Daldosa) -> Vec<(Move, Daldosa)> {
    let mut out = Vec::new();
    if g.outcome().is_some() {
        if g.dice_len > 0 {
            let mut next = g.clone();
            next.dice_len -= 1;
            out.push((Move::new(255, 0), next));
        }
        return out;
    }
    for &die in g.dice() {
        for cell in 0..CELLS as u8 {
            let mv = Move::new(cell, die);
            if let Ok(to) = g.check_step(g.side, mv) {
                let mut next = g.clone();
                next.apply_step(g.side, mv, to);
                out.push((mv, next));
            }
        }
    }
    out
}

#[test]
fn random_games_end_and_every_listed_move_plays() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xDA1D05A);
    let mut longest_game = 0;
    for game in 0..300 {
        let mut g = Daldosa::start(RuleSetId::Daldosa, game);
        let mut actions = 0;
        loop {
            actions += 1;
            assert!(actions < 20_000, "game {game} does not end");
            let text = g.to_notation(Viewer::Final);
            assert_eq!(pos(&text), g, "{text}");
            match g.status() {
                Status::Over(outcome) => {
                    assert_eq!(outcome.reason, EndReason::NoPegsLeft);
                    let loser = outcome.winner.map(Seat::other);
                    assert_eq!(loser.map(|s| g.pegs_on_board(s)), Some(0));
                    assert!(g.legal_moves().is_empty());
                    break;
                }
                Status::Roll { seat, spec } => {
                    assert_eq!(seat, Some(g.side()));
                    let thrown = dice::roll(spec, &mut rng);
                    let events = g.roll(&thrown).unwrap();
                    assert!(matches!(events[0], Event::Rolled { .. }));
                }
                Status::Move { seat } => {
                    let moves = g.legal_moves();
                    assert!(!moves.is_empty(), "{text}");
                    let reference = dice::longest_first_steps(&g, g.dice().len(), &expand);
                    assert_eq!(moves.len(), reference.len(), "{text}");
                    assert!(moves.iter().all(|m| reference.contains(m)), "{text}");
                    for &mv in &moves {
                        let mut copy = g.clone();
                        let events = copy.play(mv).unwrap_or_else(|e| panic!("{text} {mv}: {e}"));
                        let moved = events
                            .iter()
                            .filter(|e| matches!(e, Event::Moved { seat: s, .. } if *s == seat))
                            .count();
                        assert_eq!(moved, 1, "{text} {mv}");
                        assert_eq!(copy.ply(), g.ply() + 1);
                        assert_eq!(g.parse_move(&mv.to_string()), Ok(mv));
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    g.play(mv).unwrap();
                }
            }
        }
        longest_game = longest_game.max(actions);
    }
    assert!(longest_game > 10);
}
