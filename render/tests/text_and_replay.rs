//! The text view (snapshots per rule set) and replays built from game records.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_lang::Lang;
use skald_render::{LastMove, ReplayOptions, Scene, replay_gif, replay_scenes, text_view};
use skald_rules::{Match, Position, RuleSetId, Seat, Viewer};

/// A seeded game `moves` moves in, with the events of its last move.
fn game(rs: RuleSetId, seed: u64, moves: usize) -> (Match, LastMove) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut m, _) = Match::new(rs, seed, &mut rng);
    let mut last = LastMove::none();
    for _ in 0..moves {
        let legal = m.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())].clone();
        let events = m.play(&mv, &mut rng).expect("listed moves play");
        last = LastMove::from_events(&events);
    }
    (m, last)
}

fn players() -> [Option<String>; 2] {
    [Some("Astrid".into()), Some("Bjørn".into())]
}

#[test]
fn text_view_snapshots() {
    for (rs, lang) in RuleSetId::ALL
        .into_iter()
        .flat_map(|rs| Lang::ALL.map(|l| (rs, l)))
    {
        let (m, last) = game(rs, 3, 7);
        let text = text_view(m.position(), Viewer::Public, &players(), &last, lang);
        // English snapshots keep their names; other languages have a folder each.
        let folder = match lang {
            Lang::En => String::new(),
            other => format!("{other}/"),
        };
        let path = format!(
            "{}/tests/snapshots/{folder}{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            rs.id()
        );
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &text).expect("snapshot written");
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)"));
        assert_eq!(text, want, "{rs}: text view changed");
        assert!(text.contains("Astrid") && text.contains("Bjørn"), "{text}");
        let last_move = match lang {
            Lang::En => "Last move: ",
            Lang::Fr => "Dernier coup\u{a0}: ",
        };
        assert!(text.contains(last_move), "{text}");
        assert!(
            text.lines().all(|l| l == l.trim_end()),
            "trailing spaces: {text}"
        );
    }
}

#[test]
fn the_public_text_view_hides_subulata_values_and_the_owner_sees_theirs() {
    let (m, last) = game(RuleSetId::Subulata, 9, 4);
    let public = text_view(m.position(), Viewer::Public, &players(), &last, Lang::En);
    let white = text_view(
        m.position(),
        Viewer::Seat(Seat::A),
        &players(),
        &last,
        Lang::En,
    );
    assert!(public.contains("W?") && public.contains("B?"), "{public}");
    assert!(!white.contains("W?") && white.contains("B?"), "{white}");
}

#[test]
fn a_replay_has_one_frame_per_move_after_the_start() {
    for rs in RuleSetId::ALL {
        let (m, _) = game(rs, 5, 30);
        let moves = m
            .record()
            .actions
            .iter()
            .filter(|a| matches!(a, skald_rules::Action::Move(_)))
            .count();
        let frames =
            replay_scenes(m.record(), Viewer::Public, &players(), Lang::En).expect("replays");
        assert_eq!(frames.len(), moves + 1, "{rs}");
        assert!(
            frames[0].last_move().steps.is_empty(),
            "{rs}: the start has no marks"
        );
        assert!(
            frames[1..].iter().all(|f| !f.last_move().steps.is_empty()),
            "{rs}: every move is marked"
        );
        let gif = replay_gif(&frames, &ReplayOptions::default()).expect("encodes");
        assert_eq!(&gif[..6], b"GIF89a", "{rs}");
    }
}

#[test]
fn an_unfinished_subulata_replay_never_shows_values_even_when_final_is_asked() {
    let (m, _) = game(RuleSetId::Subulata, 2, 6);
    assert!(m.position().status().outcome().is_none());
    let frames = replay_scenes(m.record(), Viewer::Final, &players(), Lang::En).expect("replays");
    for f in &frames {
        let Scene::Subulata(s) = f else {
            panic!("a Subulata scene")
        };
        assert!(s.pieces.iter().flatten().all(|p| p.value.is_none()));
    }
}

#[test]
fn a_finished_subulata_replay_shows_the_values_played_with_in_every_frame() {
    let mut seed = 0;
    let m = loop {
        let (m, _) = game(RuleSetId::Subulata, seed, 400);
        if m.position().status().outcome().is_some() {
            break m;
        }
        seed += 1;
    };
    let frames = replay_scenes(m.record(), Viewer::Final, &players(), Lang::En).expect("replays");
    let Some(Scene::Subulata(last)) = frames.last() else {
        panic!("a Subulata scene")
    };
    assert!(last.pieces.iter().flatten().all(|p| p.value.is_some()));
    let Scene::Subulata(first) = &frames[0] else {
        panic!("a Subulata scene")
    };
    assert_eq!(first.pieces.iter().flatten().count(), 18);
    assert!(first.pieces.iter().flatten().all(|p| p.value.is_some()));
    let _ = Position::start(RuleSetId::Subulata, 0);
}

#[test]
fn a_broken_record_is_a_clear_error() {
    let (m, _) = game(RuleSetId::Hnefatafl, 1, 4);
    let mut record = m.record().clone();
    record
        .actions
        .push(skald_rules::Action::Move("a1-a2".into()));
    let err = replay_scenes(&record, Viewer::Public, &players(), Lang::En).expect_err("refused");
    assert!(err.to_string().contains("a1-a2"), "{err}");
}

#[test]
fn public_pngs_of_positions_differing_only_in_hidden_values_are_identical() {
    use skald_render::{render_png, scene};
    let mut a = Position::start(RuleSetId::Subulata, 21);
    let mut b = a.clone();
    a.arrange(Seat::B, [1, 2, 3, 4, 5, 6, 7, 8, 9])
        .expect("arranged");
    b.arrange(Seat::B, [9, 8, 7, 6, 5, 4, 3, 2, 1])
        .expect("arranged");
    for p in [&mut a, &mut b] {
        p.play("a1-a2").or_else(|_| p.play("a1-b1")).ok();
    }
    let png = |p: &Position, v: Viewer| {
        render_png(&scene(p, v, players(), LastMove::none(), Lang::En)).expect("renders")
    };
    assert_eq!(png(&a, Viewer::Public), png(&b, Viewer::Public));
    assert_eq!(
        png(&a, Viewer::Seat(Seat::A)),
        png(&b, Viewer::Seat(Seat::A))
    );
    assert_ne!(
        png(&a, Viewer::Seat(Seat::B)),
        png(&b, Viewer::Seat(Seat::B))
    );
    assert_eq!(
        text_view(&a, Viewer::Public, &players(), &LastMove::none(), Lang::En),
        text_view(&b, Viewer::Public, &players(), &LastMove::none(), Lang::En)
    );
}

/// `text` with its first letter in lower case ("Move 3" -> "move 3").
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

/// Every position of a few seeded games of every rule set, to the end or 400 moves.
fn positions(rs: RuleSetId) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 1..4 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (mut m, _) = Match::new(rs, seed, &mut rng);
        out.push(m.position().clone());
        for _ in 0..400 {
            let legal = m.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())].clone();
            m.play(&mv, &mut rng).expect("listed moves play");
            out.push(m.position().clone());
        }
    }
    out
}

#[test]
fn only_the_first_line_of_a_board_says_where_the_game_stands_as_the_picture_does() {
    use skald_render::scene;
    let stale = [
        "to move",
        "to play",
        "to roll",
        "dice to use",
        "die to use",
        "steps left",
        "step of the turn",
        "opening roll",
        "game over",
        " wins",
        " ply",
    ];
    for rs in RuleSetId::ALL {
        let mut over = 0;
        for p in positions(rs) {
            let board = skald_lang::text_board(&p, Viewer::Public).en();
            let (title, rest) = board.split_once('\n').expect("several lines");
            // The picture's header counts moves the way the board's first line does.
            let header = scene(&p, Viewer::Public, players(), LastMove::none(), Lang::En)
                .header()
                .clone();
            let want = format!(
                "{}, {}: ",
                skald_lang::rule_set_name(rs).en(),
                lower_first(&header.progress())
            );
            assert!(title.starts_with(&want), "{rs}: {title:?} vs {want:?}");
            if p.status().outcome().is_some() {
                over += 1;
                assert!(title.contains(": game over, "), "{title}");
                assert!(header.dice.is_empty(), "{rs}: dice after the end");
            }
            // The rest only describes the pieces: a caller replacing the first line by a
            // result (a resignation, an abort) leaves no stale turn, dice or count behind.
            for word in stale {
                assert!(
                    !rest.contains(word),
                    "{rs}: {word:?} below the first line:\n{board}"
                );
            }
            // "lost" counts a side's own losses; "captured" is only the king's fate.
            assert!(
                !rest
                    .replace("the king was captured", "")
                    .contains("captured"),
                "{rs}: {board}"
            );
            for plural in [" 1 pieces", " 1 steps", " 1 pegs", " 1 moves"] {
                assert!(!board.contains(plural), "{rs}: {plural:?} in\n{board}");
            }
        }
        // (random 13x13 games rarely end within 400 moves; the 11x11 ones stand for both)
        assert!(
            over > 0 || rs == RuleSetId::Hnefatafl13,
            "{rs}: no game ended"
        );
    }
}

#[test]
fn grid_games_number_moves_like_the_move_list() {
    use skald_render::scene;
    // The move list numbers a move and its reply together: `1. d1-d4 e5-e2`.
    let mut p = Position::start(RuleSetId::Hnefatafl, 0);
    let progress = |p: &Position| {
        scene(p, Viewer::Public, players(), LastMove::none(), Lang::En)
            .header()
            .progress()
    };
    assert_eq!(progress(&p), "Move 1");
    for (mv, want) in [
        ("d1-d4", "Move 1"),
        ("e5-e2", "Move 2"),
        ("d4-d2", "Move 2"),
    ] {
        p.play(mv).expect("legal");
        assert_eq!(progress(&p), want, "after {mv}");
        assert!(
            skald_lang::text_board(&p, Viewer::Public)
                .en()
                .starts_with(&format!("Hnefatafl 11x11, {}: ", lower_first(want))),
            "{}",
            skald_lang::text_board(&p, Viewer::Public).en()
        );
    }
}
