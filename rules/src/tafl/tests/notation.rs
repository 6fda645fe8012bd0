//! The position string, move parsing and the text board.

use super::*;
use crate::{MoveError, PositionError};

#[test]
fn position_strings_round_trip_with_their_history() {
    for variant in Variant::ALL {
        let mut game = Tafl::new(variant);
        let text = game.position_string();
        assert_eq!(Tafl::read_position(variant, &text), Ok(game.clone()));
        let moves: Vec<Move> = game.legal_moves().into_iter().take(1).collect();
        for mv in moves {
            game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let reply = game.legal_moves()[0];
        game.play(reply).unwrap_or_else(|e| panic!("{e}"));
        let text = game.position_string();
        assert!(text.ends_with(" a 2 ") || text.contains(" a 2 "), "{text}");
        assert_eq!(game.history().len(), 2);
        let back = Tafl::read_position(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, game);
        assert_eq!(back.position_string(), text);
    }
    let mut game = Tafl::brandubh();
    play(&mut game, "d2-c2");
    play(&mut game, "c4-c6");
    assert_eq!(
        game.position_string(),
        "3A3/2DA3/3D3/AA1KDAA/3D3/2A4/3A3 a 2 d2-c2,c4-c6"
    );
}

#[test]
fn bad_position_strings_get_clear_errors() {
    let v = Variant::Brandubh;
    let start = "3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3";
    let inconsistent = |text: &str| match Tafl::read_position(v, text) {
        Err(PositionError::Inconsistent(why)) => why,
        other => panic!("{text}: {other:?}"),
    };
    let bad_field = |text: &str| match Tafl::read_position(v, text) {
        Err(PositionError::BadField { field, .. }) => field,
        other => panic!("{text}: {other:?}"),
    };
    assert!(matches!(
        Tafl::read_position(v, ""),
        Err(PositionError::MissingField { .. })
    ));
    assert!(matches!(
        Tafl::read_position(v, start),
        Err(PositionError::MissingField { .. })
    ));
    assert!(matches!(
        Tafl::read_position(v, &format!("{start} a 0 - more")),
        Err(PositionError::Trailing(_))
    ));
    assert_eq!(bad_field("3A3/3A3/AADKDAA/3D3/3A3/3A3 a 0 -"), "board");
    assert_eq!(
        bad_field("3A3/3A3/3D3/AADKDAX/3D3/3A3/3A3 a 0 -"),
        "board row"
    );
    assert_eq!(
        bad_field("3A3/3A3/3D3/AADKDAAA/3D3/3A3/3A3 a 0 -"),
        "board row"
    );
    assert_eq!(
        bad_field("3A3/3A3/3D3/AADKDA/3D3/3A3/3A3 a 0 -"),
        "board row"
    );
    assert_eq!(
        bad_field("3A3/3A3/3D3/AADKDAA/3D3/3A3/3A99 a 0 -"),
        "board row"
    );
    assert_eq!(bad_field(&format!("{start} x 0 -")), "side to move");
    assert_eq!(bad_field(&format!("{start} a -1 -")), "ply");
    assert_eq!(bad_field(&format!("{start} a 01 -")), "ply");
    assert_eq!(bad_field(&format!("{start} a 99999999999 -")), "ply");
    assert_eq!(bad_field(&format!("{start} a 2 d2-h2")), "history move");
    assert!(inconsistent("3A3/3A3/3D3/AADKDAA/3D3/3A3/A6 a 0 -").contains("only the king"));
    assert!(inconsistent("3A3/3A3/3D3/AADADAA/3D3/3A3/1A1A3 a 0 -").contains("attackers"));
    assert!(inconsistent("3A3/3A3/3D3/AAD1DAA/3D3/3A3/3A3 a 0 -").contains("king is gone"));
    assert!(inconsistent("K2A3/3A3/3D3/AAD1DAA/3D3/3A3/3A3 d 1 -").contains("corner"));
    assert!(inconsistent(&format!("{start} d 0 -")).contains("attackers are to move"));
    assert!(inconsistent(&format!("{start} a 0 d2-c2,c4-c6")).contains("history holds"));
    assert!(inconsistent(&format!("{start} a 2 d2-c2,c4-c6")).contains("does not fit"));
    // A history move that would capture is not a history move (history: since the last
    // capture); a history that fits a board without the victim is fine.
    assert!(inconsistent("7/7/7/3K3/7/2ADA2/7 d 1 b2-c2").contains("captures"));
    assert!(Tafl::read_position(v, "7/7/7/3K3/7/2A1A2/7 d 1 b2-c2").is_ok());
}

#[test]
fn hostile_strings_never_panic() {
    for text in [
        "////// a 0 -",
        "7/7/7/7/7/7/7 a 0 -",
        "7/7/7/3K3/7/7/7 a 4294967295 -",
        "7/7/7/3K3/7/7/7 a 4294967296 -",
        "99999999999999999999/7/7/7/7/7/7 a 0 -",
        "é/7/7/7/7/7/7 a 0 -",
        "7/7/7/3K3/7/7/7 a 2 ,,,",
        "7/7/7/3K3/7/7/7 a 2 d4-d5,d5-d4",
        "7/7/7/3K3/7/7/7 d 1 d4-d5",
    ] {
        for variant in Variant::ALL {
            let _ = Tafl::read_position(variant, text);
        }
    }
    // A lone king cannot move to a corner in one ply from d4, and the move count limit holds.
    let game = Tafl::read_position(Variant::Brandubh, "7/7/7/3K3/7/7/7 a 4294967294 -");
    assert!(matches!(
        game.map(|g| g.finish().map(|f| f.ending)),
        Ok(Some(Ending::NoLegalMove))
    ));
}

#[test]
fn moves_parse_forgivingly_and_print_exactly() {
    let game = Tafl::brandubh();
    let want = Move::new(Square::new(3, 0), Square::new(3, 2));
    for text in ["d1-d3", "D1D3", "d1 d3", " d1 - d3 ", "d1xd3"] {
        assert_eq!(game.parse_move(text), Ok(want), "{text}");
    }
    assert_eq!(want.to_string(), "d1-d3");
    for bad in ["", "d1", "h1-h2", "a8-a9", "d1-d3-d5", "x"] {
        assert!(
            matches!(game.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad}"
        );
    }
    let c = Tafl::copenhagen();
    assert_eq!(
        c.parse_move("k11-k10"),
        Ok(Move::new(Square::new(10, 10), Square::new(10, 9)))
    );
}

#[test]
fn text_grid_and_accessors() {
    let game = Tafl::brandubh();
    assert_eq!(
        game.grid_letters(),
        "    a b c d e f g
 7  # . . A . . #  7
 6  . . . A . . .  6
 5  . . . D . . .  5
 4  A A D K D A A  4
 3  . . . D . . .  3
 2  . . . A . . .  2
 1  # . . A . . #  1
    a b c d e f g"
    );
    let c = Tafl::copenhagen();
    assert_eq!(c.grid_letters().lines().count(), 13);
    assert_eq!(c.cell_name(0), "a1");
    assert_eq!(c.cell_name(120), "k11");
    assert_eq!(c.cell_name(121), "cell 121");
    assert_eq!(game.cell_name(48), "g7");
    assert_eq!(game.cell_name(49), "cell 49");
    assert_eq!(game.piece_on(24), Some(Piece::King));
    assert_eq!(game.piece_on(49), None);
    assert_eq!(game.piece_at(Square::new(7, 0)), None);
    assert_eq!(game.throne().name(), "d4");
    assert_eq!(c.throne().name(), "f6");
    assert_eq!(
        game.corners().map(|s| s.name()),
        ["a1", "g1", "a7", "g7"].map(String::from)
    );
    assert!(c.is_corner(Square::new(10, 10)));
    assert_eq!(Variant::Copenhagen.id(), "copenhagen");
    assert_eq!(Variant::Brandubh.to_string(), "brandubh");
    assert_eq!(
        format!("{game:?}"),
        "Tafl(brandubh: 3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3 a 0 -)"
    );
}
