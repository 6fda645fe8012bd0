//! Copenhagen Hnefatafl and Brandubh: drawn as Hnefatafl is (the same scene and drawer in
//! `hnefatafl.rs`, the same pieces), on 11x11 and on a 7x7 board of the same square size.

use crate::hnefatafl::pictured_tafl;
use skald_rules::tafl::Tafl;

pictured_tafl!(
    /// The tafl community's rule sets look like Hnefatafl: dark attackers, light defenders, the
    /// defenders' icon crowned; the board's side is the variant's.
    Tafl
);

#[cfg(test)]
mod tests {
    use crate::{LastMove, Scene, TaflPiece, Turn, render_png, scene};
    use skald_lang::Lang;
    use skald_rules::coords::Square;
    use skald_rules::{Position, RuleSetId, Viewer};

    fn scene_of(position: &Position, last: LastMove) -> crate::HnefataflScene {
        let players = [Some("Alice".into()), Some("Bob".into())];
        match scene(position, Viewer::Public, players, last, Lang::En) {
            Scene::Hnefatafl(s) => s,
            other => panic!("a tafl scene, not {other:?}"),
        }
    }

    /// Both rule sets start as RULES.md sets them up: the armies on the board the variant says.
    #[test]
    fn the_start_positions_are_pictured() {
        for (rule_set, size, armies, king) in [
            (RuleSetId::Copenhagen, 11u8, (24, 12), "f6"),
            (RuleSetId::Brandubh, 7, (8, 4), "d4"),
        ] {
            let start = scene_of(&Position::start(rule_set, 0), LastMove::none());
            assert_eq!(start.size, size);
            let count = |p| start.squares.iter().filter(|s| **s == Some(p)).count();
            assert_eq!(
                (count(TaflPiece::Attacker), count(TaflPiece::Defender)),
                armies
            );
            let throne = Square::parse(king, size).map(|s| s.index(size));
            assert_eq!(
                throne.map(|i| start.squares[i]),
                Some(Some(TaflPiece::King))
            );
            assert_eq!(start.header.turn, Turn::Seat(skald_rules::Seat::A));
            assert!(render_png(&Scene::Hnefatafl(start)).is_ok(), "{rule_set}");
        }
    }

    /// A shieldwall takes several pieces at once: the last move's marks cross every one.
    #[test]
    fn a_shieldwall_marks_every_piece_it_takes() {
        let mut wall = Position::from_notation(
            RuleSetId::Copenhagen,
            "11/11/11/11/11/5K5/11/11/4A6/2AA7/1ADD7 a 0 -",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let events = wall.play("e3-e1").unwrap_or_else(|e| panic!("{e}"));
        let after = scene_of(&wall, LastMove::from_events(&events));
        let c1_d1: Vec<u8> = ["c1", "d1"]
            .iter()
            .filter_map(|n| Square::parse(n, 11))
            .map(|s| s.index(11) as u8)
            .collect();
        let mut crossed = after.last_move.captured.clone();
        crossed.sort_unstable();
        assert_eq!(crossed, c1_d1);
        assert!(
            c1_d1
                .iter()
                .all(|&c| after.squares[usize::from(c)].is_none())
        );
        assert!(render_png(&Scene::Hnefatafl(after)).is_ok());
    }
}
