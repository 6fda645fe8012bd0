//! Scenes from the rules crate's positions: what a given viewer may see of a game.

use crate::pictured::Pictured;
use crate::{Header, LastMove, Scene, Turn};
use skald_lang::Lang;
use skald_rules::{Position, RuleSetId, Status, Viewer, with_game};

/// The scene of `position` as `viewer` sees it, with the players' names (seat A first), the
/// marks of the last move (see [`LastMove::from_events`]) and its words in `lang`.
///
/// The bridge between the rules and the pictures: the bot calls this, then
/// [`crate::render_png`]. Hidden Subulata values the viewer may not see never enter the
/// scene ([`Viewer::sees`]), so no picture can leak them; [`Viewer::Final`] shows them all.
pub fn scene(
    position: &Position,
    viewer: Viewer,
    players: [Option<String>; 2],
    last_move: LastMove,
    lang: Lang,
) -> Scene {
    let rule_set = position.rule_set();
    let status = position.status();
    let ply = position.ply();
    let header = Header {
        rule_set,
        players,
        turn: turn(rule_set, &status, lang),
        played: ply,
        dice: match status {
            Status::Over(_) => Vec::new(),
            _ => position.dice().to_vec(),
        },
        lang,
        compared: None,
    };
    // The registry picks the family; each family's `Pictured` impl builds its scene.
    with_game!(position, game => game.scene(viewer, header, last_move).into())
}

/// What the header announces for `status`, in `lang`.
fn turn(rule_set: RuleSetId, status: &Status, lang: Lang) -> Turn {
    match status {
        Status::Move { seat }
        | Status::Roll {
            seat: Some(seat), ..
        } => Turn::Seat(*seat),
        Status::Roll { seat: None, .. } => Turn::Opening,
        Status::Over(outcome) => Turn::Over(skald_lang::result(outcome, rule_set).render(lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Peg, TaflPiece, Terrain, render_png};
    use skald_rules::coords::Square;
    use skald_rules::{Cell, Event, Seat};

    /// Rolls fixed dice (cycling through `faces`) until someone must move.
    fn roll_until_move(position: &mut Position, faces: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        let mut k = 0;
        for _ in 0..20 {
            let Status::Roll { spec, .. } = position.status() else {
                break;
            };
            let dice: Vec<u8> = (0..spec.count)
                .map(|_| {
                    k += 1;
                    faces[(k - 1) % faces.len()].min(spec.sides)
                })
                .collect();
            match position.roll(&dice) {
                Ok(evs) => events.extend(evs),
                Err(e) => panic!("roll {dice:?}: {e}"),
            }
        }
        events
    }

    fn names() -> [Option<String>; 2] {
        [Some("Alice".into()), Some("Bob".into())]
    }

    #[test]
    fn hnefatafl_positions_become_scenes() {
        for (rule_set, size, king) in [
            (RuleSetId::Hnefatafl, 11u8, 60u8),
            (RuleSetId::Hnefatafl13, 13, 84),
        ] {
            let mut position = Position::start(rule_set, 1);
            let Scene::Hnefatafl(start) = scene(
                &position,
                Viewer::Public,
                names(),
                LastMove::none(),
                Lang::En,
            ) else {
                panic!("a Hnefatafl scene");
            };
            assert_eq!(start.size, size);
            assert_eq!(start.squares[usize::from(king)], Some(TaflPiece::King));
            let count = |p| start.squares.iter().filter(|s| **s == Some(p)).count();
            assert_eq!(
                (count(TaflPiece::Attacker), count(TaflPiece::Defender)),
                (24, 12)
            );
            assert_eq!(start.header.turn, Turn::Seat(Seat::A));
            assert_eq!(start.header.progress(), "Move 1");

            let mv = position.legal_moves().first().cloned().unwrap_or_default();
            let events = match position.play(&mv) {
                Ok(e) => e,
                Err(e) => panic!("{mv}: {e}"),
            };
            let last = LastMove::from_events(&events);
            assert_eq!(last.steps.len(), 1);
            let after = scene(&position, Viewer::Public, names(), last.clone(), Lang::En);
            let Scene::Hnefatafl(s) = &after else {
                panic!("a Hnefatafl scene");
            };
            let step = last.steps[0];
            assert_eq!(s.squares[usize::from(step.from)], None);
            assert_eq!(
                step.to.map(|to| s.squares[usize::from(to)]),
                Some(Some(TaflPiece::Attacker))
            );
            assert_eq!(s.header.turn, Turn::Seat(Seat::B));
            assert_eq!(s.header.progress(), "Move 1");
            assert!(render_png(&after).is_ok());
        }
    }

    #[test]
    fn adelta_positions_show_the_dice_to_use() {
        for rule_set in [RuleSetId::Adelta, RuleSetId::AdeltaRustik] {
            let mut position = Position::start(rule_set, 1);
            let opening = scene(
                &position,
                Viewer::Public,
                names(),
                LastMove::none(),
                Lang::En,
            );
            assert_eq!(opening.header().turn, Turn::Opening);
            assert!(render_png(&opening).is_ok());
            roll_until_move(&mut position, &[6, 6, 1, 1, 1, 6]);
            let Scene::Adelta(s) = scene(
                &position,
                Viewer::Public,
                names(),
                LastMove::none(),
                Lang::En,
            ) else {
                panic!("an Ad Elta scene");
            };
            assert_eq!(s.points[0], Some(Seat::A));
            assert_eq!(s.points[12], Some(Seat::B));
            assert!(!s.header.dice.is_empty(), "{:?}", position.status());
            assert!(s.header.dice.iter().all(|d| (1..=6).contains(d)));
            assert!(matches!(s.header.turn, Turn::Seat(_)));

            let mv = position.legal_moves().first().cloned().unwrap_or_default();
            let events = match position.play(&mv) {
                Ok(e) => e,
                Err(e) => panic!("{mv}: {e}"),
            };
            let after = scene(
                &position,
                Viewer::Public,
                names(),
                LastMove::from_events(&events),
                Lang::En,
            );
            assert!(!after.last_move().steps.is_empty());
            assert!(render_png(&after).is_ok());
        }
    }

    #[test]
    fn daldosa_positions_show_active_pegs() {
        let mut position = Position::start(RuleSetId::Daldosa, 1);
        roll_until_move(&mut position, &[1, 1]);
        let Scene::Daldosa(s) = scene(
            &position,
            Viewer::Public,
            names(),
            LastMove::none(),
            Lang::En,
        ) else {
            panic!("a Daldøsa scene");
        };
        assert_eq!(s.header.dice, vec![1, 1]);
        assert!(s.holes[..12].iter().all(|h| *h
            == Some(Peg {
                seat: Seat::A,
                active: false
            })));
        assert_eq!(s.off, [0, 0]);
        // activate: w12 goes to m12 and becomes active
        let mv = position.legal_moves().first().cloned().unwrap_or_default();
        let events = match position.play(&mv) {
            Ok(e) => e,
            Err(e) => panic!("{mv}: {e}"),
        };
        let last = LastMove::from_events(&events);
        let after = scene(&position, Viewer::Public, names(), last.clone(), Lang::En);
        let Scene::Daldosa(s) = &after else {
            panic!("a Daldøsa scene");
        };
        let active: Vec<usize> = (0..36)
            .filter(|&i| s.holes[i].is_some_and(|p| p.active))
            .collect();
        assert_eq!(active.len(), 1, "{mv}: {events:?}");
        assert!(last.steps.iter().any(|st| st.to == Some(active[0] as Cell)));
        assert_eq!(s.header.dice, vec![1]);
        assert!(render_png(&after).is_ok());
    }

    #[test]
    fn subulata_scenes_hold_only_what_the_viewer_may_see() {
        let arranged = |black: [u8; 9]| {
            let mut p = Position::start(RuleSetId::Subulata, 7);
            let white = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            assert!(p.arrange(Seat::A, white).is_ok());
            assert!(p.arrange(Seat::B, black).is_ok());
            p
        };
        let one = arranged([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let other = arranged([9, 8, 7, 6, 5, 4, 3, 2, 1]);
        let values = |s: &Scene, seat: Seat| match s {
            Scene::Subulata(s) => s
                .pieces
                .iter()
                .flatten()
                .filter(|p| p.seat == seat)
                .filter_map(|p| p.value)
                .count(),
            _ => 0,
        };
        for (viewer, white, black) in [
            (Viewer::Public, 0, 0),
            (Viewer::Seat(Seat::A), 9, 0),
            (Viewer::Seat(Seat::B), 0, 9),
            (Viewer::Final, 9, 9),
        ] {
            let s = scene(&one, viewer, names(), LastMove::none(), Lang::En);
            assert_eq!(
                (values(&s, Seat::A), values(&s, Seat::B)),
                (white, black),
                "{viewer:?}"
            );
        }
        // what White and the public see does not depend on Black's hidden arrangement
        for viewer in [Viewer::Public, Viewer::Seat(Seat::A)] {
            let a = render_png(&scene(&one, viewer, names(), LastMove::none(), Lang::En));
            let b = render_png(&scene(&other, viewer, names(), LastMove::none(), Lang::En));
            assert!(a.is_ok());
            assert_eq!(a, b, "{viewer:?}");
        }
        let a = render_png(&scene(
            &one,
            Viewer::Seat(Seat::B),
            names(),
            LastMove::none(),
            Lang::En,
        ));
        let b = render_png(&scene(
            &other,
            Viewer::Seat(Seat::B),
            names(),
            LastMove::none(),
            Lang::En,
        ));
        assert_ne!(a, b, "Black sees its own values");
        // terrain comes from the position
        let Scene::Subulata(s) = scene(&one, Viewer::Public, names(), LastMove::none(), Lang::En)
        else {
            panic!("a Subulata scene");
        };
        let Position::Subulata(game) = &one else {
            panic!("a Subulata position");
        };
        let c3 = Square::new(2, 2);
        let want = game.terrain(c3).letter();
        let got = match s.terrain[usize::from(2 * 9 + 2u8)] {
            Terrain::Water => 'W',
            Terrain::Flower => 'F',
            Terrain::Leaf => 'L',
        };
        assert_eq!(got, want);
    }
}
