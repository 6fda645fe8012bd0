//! Property tests over random games of every rule set: games end without panic, the legal move
//! list is exactly what `play` accepts, position strings round-trip, records replay.

use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::{Expected, Match, MoveError, Position, Record, RuleSetId, Status, Viewer};

/// Longest random game we accept before calling it stuck (no rule set needs nearly this many).
const MAX_PLIES: u32 = 20_000;

fn rule_set() -> impl Strategy<Value = RuleSetId> {
    prop::sample::select(RuleSetId::ALL.to_vec())
}

/// Every move text a player could type for this rule set that is well formed, legal or not:
/// every slide along a line for the grid games, every cell with every die for the dice games.
fn candidates(position: &Position) -> Vec<String> {
    let rs = position.rule_set();
    // The board's side, from what the game says a move looks like (so a new grid rule set
    // needs no line here): a slide names its board; Subulata's board is 9x9.
    let grid = match position.canonical_move("") {
        Err(MoveError::Syntax {
            expected: Expected::Slide { size },
            ..
        }) => Some(size),
        Err(MoveError::Syntax {
            expected: Expected::SubulataMove,
            ..
        }) => Some(9),
        _ => None,
    };
    let mut out = Vec::new();
    if let Some(size) = grid {
        let name = |f: u8, r: u8| format!("{}{}", (b'a' + f) as char, r + 1);
        for f in 0..size {
            for r in 0..size {
                for t in 0..size {
                    if t != r {
                        out.push(format!("{}-{}", name(f, r), name(f, t)));
                    }
                    if t != f {
                        out.push(format!("{}-{}", name(f, r), name(t, r)));
                    }
                }
            }
        }
    } else {
        let (cells, dice): (Vec<u8>, u8) = match rs {
            RuleSetId::Daldosa => ((0..36).collect(), 4),
            _ => ((1..=24).collect(), 6),
        };
        for c in cells {
            for d in 1..=dice {
                out.push(format!("{}+{}", position.cell_name(c), d));
            }
        }
    }
    out
}

/// Plays a random game with `seed`, calling `check` on every position reached.
fn random_game(rs: RuleSetId, seed: u64, mut check: impl FnMut(&Position)) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = Position::start(rs, seed);
    position.roll_while_needed(&mut rng);
    while !matches!(position.status(), Status::Over(_)) {
        check(&position);
        let legal = position.legal_moves();
        assert!(
            !legal.is_empty(),
            "{rs}: no legal move but the game goes on at {}",
            position.to_notation(Viewer::Final)
        );
        let mv = &legal[rng.random_range(0..legal.len())];
        if let Err(e) = position.play(mv) {
            panic!(
                "{rs}: listed move {mv} refused ({e}) at {}",
                position.to_notation(Viewer::Final)
            );
        }
        position.roll_while_needed(&mut rng);
        assert!(
            position.ply() <= MAX_PLIES,
            "{rs}: game did not end in {MAX_PLIES} plies"
        );
    }
    check(&position);
    position
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_reach_their_end(rs in rule_set(), seed in any::<u64>()) {
        let end = random_game(rs, seed, |_| {});
        let outcome = end.status().outcome();
        prop_assert!(outcome.is_some());
        prop_assert!(end.legal_moves().is_empty());
        let refused = matches!(end.clone().play("a1-a2"), Err(MoveError::GameOver | MoveError::Syntax { .. }));
        prop_assert!(refused, "a finished game refuses moves");
    }

    #[test]
    fn legal_list_is_exactly_what_play_accepts(rs in rule_set(), seed in any::<u64>(), sample in 0u32..20) {
        let mut checked = 0;
        random_game(rs, seed, |position| {
            // Check a few positions per game: every candidate is either listed and plays, or
            // unlisted and refused without changing anything.
            if position.ply() % 20 != sample || checked >= 3 {
                return;
            }
            checked += 1;
            let legal = position.legal_moves();
            for mv in candidates(position) {
                let mut copy = position.clone();
                let result = copy.play(&mv);
                let listed = legal.contains(&mv);
                assert_eq!(result.is_ok(), listed, "{rs}: {mv} listed={listed} result={result:?} at {}", position.to_notation(Viewer::Final));
                if !listed {
                    assert_eq!(&copy, position, "{rs}: refused {mv} changed the position");
                }
            }
        });
    }

    #[test]
    fn position_strings_round_trip(rs in rule_set(), seed in any::<u64>()) {
        random_game(rs, seed, |position| {
            let text = position.to_notation(Viewer::Final);
            let parsed = Position::from_notation(rs, &text)
                .unwrap_or_else(|e| panic!("{rs}: own notation {text} refused: {e}"));
            assert_eq!(&parsed, position, "{rs}: {text}");
            assert_eq!(parsed.to_notation(Viewer::Final), text);
            for viewer in [Viewer::Public, Viewer::Seat(skald_rules::Seat::A), Viewer::Seat(skald_rules::Seat::B)] {
                let shown = position.to_notation(viewer);
                let parsed = Position::from_notation(rs, &shown)
                    .unwrap_or_else(|e| panic!("{rs}: view {viewer:?} {shown} refused: {e}"));
                assert_eq!(parsed.to_notation(viewer), shown);
                assert_eq!(parsed.legal_moves(), position.legal_moves());
            }
            let json = serde_json::to_string(position).expect("positions serialise");
            let back: Position = serde_json::from_str(&json).expect("positions deserialise");
            assert_eq!(&back, position);
        });
    }

    #[test]
    fn records_replay_to_the_same_position(rs in rule_set(), seed in any::<u64>()) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        let (mut game, _) = Match::new(rs, seed, &mut rng);
        while game.position().status().outcome().is_none() && game.position().ply() < MAX_PLIES {
            let legal = game.position().legal_moves();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            game.play(&mv, &mut rng).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let json = serde_json::to_string(game.record()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let record: Record = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let replayed = Match::from_record(record).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed.position(), game.position());
    }

    #[test]
    fn hostile_position_strings_are_refused_without_panic(rs in rule_set(), text in ".{0,200}") {
        let _ = Position::from_notation(rs, &text);
    }

    #[test]
    fn mangled_position_strings_never_panic(rs in rule_set(), seed in any::<u64>(), cut in 0usize..400, junk in "[ -~]{0,3}") {
        let text = Position::start(rs, seed).to_notation(Viewer::Final);
        let cut = cut.min(text.len());
        let mangled = format!("{}{}{}", &text[..cut], junk, &text[cut..]);
        if let Ok(p) = Position::from_notation(rs, &mangled) {
            // Whatever parses must describe itself consistently.
            let again = p.to_notation(Viewer::Final);
            prop_assert_eq!(Position::from_notation(rs, &again).ok(), Some(p));
        }
    }

    #[test]
    fn hostile_move_text_is_refused_without_panic(rs in rule_set(), seed in any::<u64>(), text in ".{0,40}") {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut position = Position::start(rs, seed);
        position.roll_while_needed(&mut rng);
        let before = position.clone();
        if position.play(&text).is_err() {
            prop_assert_eq!(position, before);
        }
    }
}

#[test]
fn a_newer_record_format_is_refused_clearly() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let (game, _) = Match::new(RuleSetId::Hnefatafl, 1, &mut rng);
    let mut record = game.record().clone();
    record.format = skald_rules::RECORD_FORMAT + 1;
    let err = Match::from_record(record).expect_err("newer format refused");
    assert!(err.to_string().contains("newer"), "{err}");
}
