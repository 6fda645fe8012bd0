//! Pixel tests: pieces where they belong, last-move marks, hidden values, determinism.

use crate::board::{Board, Pt};
use crate::theme::{CAPTURE, PIECE_DARK, PIECE_LIGHT, Rgba};
use crate::{
    AdeltaScene, DaldosaScene, Header, HnefataflScene, LastMove, RenderError, ReplayOptions, Scene,
    Step, SubulataPiece, SubulataScene, TaflPiece, Terrain, Turn, render_png, replay_gif, samples,
};
use image::RgbImage;
use skald_lang::Lang;
use skald_rules::{Cell, Event, RuleSetId, Seat};

fn decode(png: &[u8]) -> RgbImage {
    match image::load_from_memory_with_format(png, image::ImageFormat::Png) {
        Ok(img) => img.to_rgb8(),
        Err(e) => panic!("not a PNG: {e}"),
    }
}

/// The picture as drawn, before its colours are reduced for the PNG: the drawing tests
/// compare pixels exactly, and two pictures' palettes may round the same pixel differently.
fn render(scene: &Scene) -> RgbImage {
    let canvas = match crate::draw::draw(scene, 1.0, true) {
        Ok(canvas) => canvas,
        Err(e) => panic!("render failed: {e}"),
    };
    let (w, h) = (canvas.pixmap.width(), canvas.pixmap.height());
    let rgb = canvas
        .pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    match RgbImage::from_raw(w, h, rgb) {
        Some(img) => img,
        None => panic!("{w}x{h} pixels"),
    }
}

fn pixel(img: &RgbImage, (x, y): Pt) -> [u8; 3] {
    img.get_pixel(x as u32, y as u32).0
}

fn close(got: [u8; 3], want: Rgba, tolerance: u8) -> bool {
    got[0].abs_diff(want.0) <= tolerance
        && got[1].abs_diff(want.1) <= tolerance
        && got[2].abs_diff(want.2) <= tolerance
}

/// The centre of `cell` on the scene's board, in picture pixels.
fn center(scene: &Scene, cell: Cell) -> Pt {
    let c = match scene {
        Scene::Hnefatafl(s) => s.center(cell),
        Scene::Adelta(s) => s.center(cell),
        Scene::Subulata(s) => s.center(cell),
        Scene::Daldosa(s) => s.center(cell),
    };
    c.unwrap_or_else(|| panic!("cell {cell} has no centre"))
}

fn radius(scene: &Scene) -> f32 {
    match scene {
        Scene::Hnefatafl(s) => s.piece_radius(),
        Scene::Adelta(s) => s.piece_radius(),
        Scene::Subulata(s) => s.piece_radius(),
        Scene::Daldosa(s) => s.piece_radius(),
    }
}

/// How many pixels differ between two pictures in the box of half-side `r` around `p`.
fn differing(a: &RgbImage, b: &RgbImage, (x, y): Pt, r: f32) -> usize {
    let mut n = 0;
    for py in (y - r) as u32..(y + r) as u32 {
        for px in (x - r) as u32..(x + r) as u32 {
            if a.get_pixel(px, py) != b.get_pixel(px, py) {
                n += 1;
            }
        }
    }
    n
}

/// How many pixels differ between two pictures within radius `r` of `p`.
fn differing_within(a: &RgbImage, b: &RgbImage, (x, y): Pt, r: f32) -> usize {
    let mut n = 0;
    for py in (y - r) as u32..=(y + r) as u32 {
        for px in (x - r) as u32..=(x + r) as u32 {
            let (dx, dy) = (px as f32 + 0.5 - x, py as f32 + 0.5 - y);
            if dx * dx + dy * dy <= r * r && a.get_pixel(px, py) != b.get_pixel(px, py) {
                n += 1;
            }
        }
    }
    n
}

fn assert_light(img: &RgbImage, scene: &Scene, cell: Cell) {
    let got = pixel(img, center(scene, cell));
    assert!(
        close(got, PIECE_LIGHT, 24),
        "cell {cell}: {got:?} is not a light piece"
    );
}

fn assert_dark(img: &RgbImage, scene: &Scene, cell: Cell) {
    let got = pixel(img, center(scene, cell));
    assert!(
        close(got, PIECE_DARK, 24),
        "cell {cell}: {got:?} is not a dark piece"
    );
}

fn is_red(p: [u8; 3]) -> bool {
    close(p, CAPTURE, 40)
}

fn sq(name: &str, size: u8) -> Cell {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap_or(0);
    (rank - 1) * size + file
}

#[test]
fn hnefatafl_pieces_sit_on_their_squares() {
    let scene = samples::hnefatafl();
    let img = render(&scene);
    assert_dark(&img, &scene, sq("d1", 11));
    assert_dark(&img, &scene, sq("k8", 11));
    assert_light(&img, &scene, sq("f4", 11));
    assert_light(&img, &scene, sq("i7", 11));
    // the king: light body around a dark crown
    let (x, y) = center(&scene, sq("f6", 11));
    let r = radius(&scene);
    assert!(close(pixel(&img, (x - r * 0.8, y)), PIECE_LIGHT, 40));
    assert!(pixel(&img, (x, y + r * 0.3))[0] < 100, "crown");
    // an empty square is neither
    let empty = pixel(&img, center(&scene, sq("b3", 11)));
    assert!(!close(empty, PIECE_LIGHT, 24) && !close(empty, PIECE_DARK, 60));
}

#[test]
fn hnefatafl_13_has_its_own_geometry() {
    let scene = samples::hnefatafl_13_start();
    let img = render(&scene);
    assert_dark(&img, &scene, sq("m9", 13));
    assert_dark(&img, &scene, sq("g2", 13));
    assert_light(&img, &scene, sq("i7", 13));
}

#[test]
fn adelta_pieces_sit_on_their_points() {
    let scene = samples::adelta();
    let img = render(&scene);
    for p in [3, 6, 8, 11, 15] {
        assert_light(&img, &scene, p);
    }
    assert_dark(&img, &scene, 18);
    // point 1 is empty: its wood shows
    assert!(!close(pixel(&img, center(&scene, 1)), PIECE_LIGHT, 24));
}

#[test]
fn subulata_pieces_sit_on_their_cells() {
    let scene = samples::subulata_public();
    let img = render(&scene);
    assert_light(&img, &scene, sq("a1", 9));
    assert_light(&img, &scene, sq("h7", 9));
    assert_dark(&img, &scene, sq("g9", 9));
    assert_dark(&img, &scene, sq("e4", 9));
}

#[test]
fn daldosa_pegs_sit_in_their_holes_active_or_not() {
    let scene = samples::daldosa();
    let img = render(&scene);
    assert_light(&img, &scene, 0); // w1, inactive
    assert_light(&img, &scene, 12 + 9); // m10, active
    assert_dark(&img, &scene, 24); // b1, inactive
    assert_dark(&img, &scene, 12 + 7); // m8, active
    // active and inactive pegs differ around the centre (raised disc vs flat ring)
    let (ax, ay) = center(&scene, 12 + 9);
    let (ix, iy) = center(&scene, 1);
    let off = 7.0;
    assert_ne!(pixel(&img, (ax + off, ay)), pixel(&img, (ix + off, iy)));
}

/// Renders `scene` with and without its last move and checks from, to and captures.
fn check_last_move(scene: &Scene) {
    let marked = render(scene);
    let mut plain = scene.clone();
    match &mut plain {
        Scene::Hnefatafl(s) => s.last_move = LastMove::none(),
        Scene::Adelta(s) => s.last_move = LastMove::none(),
        Scene::Subulata(s) => s.last_move = LastMove::none(),
        Scene::Daldosa(s) => s.last_move = LastMove::none(),
    }
    let plain = render(&plain);
    let last = scene.last_move();
    let r = radius(scene);
    for step in &last.steps {
        let from = center(scene, step.from);
        assert_ne!(
            pixel(&marked, from),
            pixel(&plain, from),
            "from {}",
            step.from
        );
        if let Some(to) = step.to {
            let n = differing(&marked, &plain, center(scene, to), r * 1.3);
            assert!(n > 100, "to {to}: only {n} pixels changed");
        }
    }
    for &cell in &last.captured {
        let (x, y) = center(scene, cell);
        let lands_there = last.steps.iter().any(|s| s.to == Some(cell));
        let mark = if lands_there {
            badge(scene, cell)
        } else {
            (x, y)
        };
        assert!(is_red(pixel(&marked, mark)), "captured {cell}");
        assert!(!is_red(pixel(&plain, mark)), "no mark without a last move");
    }
}

/// Where the "a piece was taken here" badge of `cell` stands.
fn badge(scene: &Scene, cell: Cell) -> Pt {
    let b = match scene {
        Scene::Hnefatafl(s) => crate::marks::badge_center(s, cell),
        Scene::Adelta(s) => crate::marks::badge_center(s, cell),
        Scene::Subulata(s) => crate::marks::badge_center(s, cell),
        Scene::Daldosa(s) => crate::marks::badge_center(s, cell),
    };
    b.unwrap_or_else(|| panic!("cell {cell} has no badge"))
}

/// The same scene without its captures (the move itself still marked).
fn without_captures(scene: &Scene) -> Scene {
    let mut plain = scene.clone();
    match &mut plain {
        Scene::Hnefatafl(s) => s.last_move.captured.clear(),
        Scene::Adelta(s) => s.last_move.captured.clear(),
        Scene::Subulata(s) => s.last_move.captured.clear(),
        Scene::Daldosa(s) => s.last_move.captured.clear(),
    }
    plain
}

#[test]
fn a_capture_by_landing_leaves_the_capturing_piece_unmarked_and_shows_the_taken_colour() {
    // Ad Elta and Daldøsa: White took a Black piece; Subulata: Black took a White one.
    for (name, scene, taken) in [
        ("adelta", samples::adelta(), PIECE_DARK),
        ("daldosa", samples::daldosa(), PIECE_DARK),
        ("subulata", samples::subulata(), PIECE_LIGHT),
    ] {
        let last = scene.last_move().clone();
        let cell = last.captured[0];
        assert!(last.steps.iter().any(|s| s.to == Some(cell)), "{name}");
        let marked = render(&scene);
        let plain = render(&without_captures(&scene));
        // the capturing piece itself is drawn exactly as without the capture
        let r = radius(&scene);
        let n = differing_within(&marked, &plain, center(&scene, cell), r * 0.65);
        assert_eq!(n, 0, "{name}: the capture mark covers the capturing piece");
        // beside it, a small piece of the taken colour, crossed out in red
        let (bx, by) = badge(&scene, cell);
        assert!(is_red(pixel(&marked, (bx, by))), "{name}: red cross");
        let body = pixel(&marked, (bx, by + r * 0.3));
        assert!(
            close(body, taken, 60),
            "{name}: {body:?} is not the taken colour"
        );
    }
}

#[test]
fn the_last_move_arrow_passes_under_the_pieces_it_jumps() {
    // Black's own view: h9-h6 jumps h8 and h7, whose values must stay readable.
    let mut scene = SubulataScene::empty(
        Header::new(RuleSetId::Subulata, Turn::Seat(Seat::A), 2),
        Terrain::Flower,
    );
    scene.terrain = samples::subulata_terrain([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (name, value) in [("h8", 8), ("h7", 2), ("h6", 6)] {
        scene.pieces[usize::from(sq(name, 9))] = Some(SubulataPiece {
            seat: Seat::B,
            value: Some(value),
        });
    }
    let plain = Scene::Subulata(scene.clone());
    scene.last_move = LastMove::step(sq("h9", 9), Some(sq("h6", 9)));
    let marked = Scene::Subulata(scene);
    check_last_move(&marked);
    let (with, without) = (render(&marked), render(&plain));
    let r = radius(&marked);
    for jumped in ["h8", "h7"] {
        let n = differing(&with, &without, center(&marked, sq(jumped, 9)), r * 0.9);
        assert_eq!(n, 0, "the arrow covers the piece on {jumped}");
    }
    // the arrow still shows between the pieces
    let (x, y8) = center(&marked, sq("h8", 9));
    let (_, y9) = center(&marked, sq("h9", 9));
    let gap = (x, (y8 + y9) / 2.0 + 2.0);
    assert_ne!(pixel(&with, gap), pixel(&without, gap), "no arrow");
}

#[test]
fn daldosa_rows_run_top_to_bottom_as_in_the_text_board() {
    // The text board prints w, m, b from the top; the picture draws them in the same order.
    let scene = samples::daldosa();
    let (_, w) = center(&scene, 0);
    let (_, m) = center(&scene, 12);
    let (_, b) = center(&scene, 24);
    assert!(w < m && m < b, "w {w}, m {m}, b {b}");
    let img = render(&scene);
    assert_light(&img, &scene, 0);
    assert_dark(&img, &scene, 24);
    // White's inactive row is the top row of pegs in the picture
    let top = (center(&scene, 5).0, w);
    assert!(close(pixel(&img, top), PIECE_LIGHT, 24));
}

#[test]
fn a_finished_game_shows_no_dice_to_use() {
    for (name, scene) in [
        ("adelta", samples::adelta()),
        ("daldosa", samples::daldosa()),
    ] {
        let mut finished = scene.clone();
        finished.finish("bob (Black) resigned; alice (White) wins");
        assert!(finished.header().dice.is_empty(), "{name}");
        assert_eq!(finished.header().played, scene.header().played, "{name}");
        // Even with dice left in the header, a finished game's picture draws none.
        let mut stale = finished.clone();
        stale.header_mut().dice = scene.header().dice.clone();
        assert!(!stale.header().dice.is_empty(), "{name}");
        assert_eq!(render_png(&stale), render_png(&finished), "{name}");
        assert_ne!(render_png(&finished), render_png(&scene), "{name}");
    }
}

#[test]
fn the_header_counts_moves_as_the_move_list_and_steps_in_dice_games() {
    let header = |rs, turn, played| Header::new(rs, turn, played).progress();
    let over = || Turn::Over("White wins".into());
    let seat = |s| Turn::Seat(s);
    let tafl = RuleSetId::Hnefatafl;
    assert_eq!(header(tafl, seat(Seat::A), 0), "Move 1");
    assert_eq!(header(tafl, seat(Seat::B), 1), "Move 1");
    assert_eq!(header(tafl, seat(Seat::A), 44), "Move 23");
    assert_eq!(header(tafl, seat(Seat::B), 45), "Move 23");
    assert_eq!(header(tafl, over(), 45), "After move 23");
    assert_eq!(header(tafl, over(), 0), "No move played");
    assert_eq!(header(RuleSetId::Subulata, seat(Seat::A), 2), "Move 2");
    assert_eq!(
        header(RuleSetId::Daldosa, seat(Seat::A), 0),
        "No step played"
    );
    assert_eq!(header(RuleSetId::Daldosa, seat(Seat::B), 1), "After 1 step");
    assert_eq!(header(RuleSetId::Adelta, over(), 40), "After 40 steps");
}

#[test]
fn the_text_view_says_a_piece_was_taken_not_who_took_it() {
    let p = skald_rules::Position::start(RuleSetId::Hnefatafl, 0);
    let last = LastMove {
        steps: vec![Step {
            from: sq("c10", 11),
            to: Some(sq("c6", 11)),
        }],
        captured: vec![sq("c5", 11)],
        bumped: Vec::new(),
    };
    let text = crate::text_view(
        &p,
        skald_rules::Viewer::Public,
        &[None, None],
        &last,
        skald_lang::Lang::En,
    );
    assert!(
        text.contains("Last move: c10 to c6; a piece was taken on c5."),
        "{text}"
    );
}

#[test]
fn last_moves_and_captures_are_marked_in_every_game() {
    for (name, scene) in samples::all() {
        assert!(
            !scene.last_move().captured.is_empty(),
            "{name} sample captures"
        );
        check_last_move(&scene);
    }
}

#[test]
fn leaving_the_board_and_bumps_are_drawn() {
    let Scene::Daldosa(mut scene) = samples::daldosa() else {
        panic!("a Daldøsa sample");
    };
    scene.last_move = LastMove::from_events(&[Event::LeftBoard {
        seat: Seat::A,
        from: 24 + 11,
    }]);
    check_last_move(&Scene::Daldosa(scene));

    let Scene::Adelta(mut scene) = samples::adelta() else {
        panic!("an Ad Elta sample");
    };
    scene.last_move = LastMove::from_events(&[
        Event::Moved {
            seat: Seat::A,
            from: 2,
            to: Some(3),
        },
        Event::Bumped {
            seat: Seat::A,
            target: 3,
            landed: 4,
        },
    ]);
    let marked = Scene::Adelta(scene.clone());
    check_last_move(&marked);
    scene.last_move.bumped.clear();
    let unbumped = render(&Scene::Adelta(scene));
    let n = differing(&render(&marked), &unbumped, center(&marked, 3), 30.0);
    assert!(n > 50, "bump ring: {n}");
}

/// A Subulata scene where White's values come from `values` (for a1, b1, c1, a2..c3) and
/// `visible` decides whether the viewer sees them.
fn subulata_with(values: [u8; 9], visible: bool) -> Scene {
    let mut scene = SubulataScene::empty(
        Header::new(RuleSetId::Subulata, Turn::Seat(Seat::A), 1),
        Terrain::Flower,
    );
    scene.terrain = samples::subulata_terrain([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (i, v) in values.into_iter().enumerate() {
        let cell = i / 3 * 9 + i % 3;
        scene.pieces[cell] = Some(SubulataPiece {
            seat: Seat::A,
            value: visible.then_some(v),
        });
        scene.pieces[80 - cell] = Some(SubulataPiece {
            seat: Seat::B,
            value: None,
        });
    }
    Scene::Subulata(scene)
}

#[test]
fn subulata_hidden_values_never_reach_the_picture() {
    let one = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let other = [9, 8, 7, 6, 5, 4, 3, 2, 1];
    let public_one = render_png(&subulata_with(one, false));
    let public_other = render_png(&subulata_with(other, false));
    assert!(public_one.is_ok());
    assert_eq!(
        public_one, public_other,
        "public pictures must not depend on hidden values"
    );
    let owner = render_png(&subulata_with(one, true));
    assert!(owner.is_ok());
    assert_ne!(owner, public_one, "the owner sees the values");
    assert_ne!(owner, render_png(&subulata_with(other, true)));
}

#[test]
fn subulata_final_scores_are_drawn() {
    let Scene::Subulata(mut scene) = samples::subulata_public() else {
        panic!("a Subulata sample");
    };
    let before = render_png(&Scene::Subulata(scene.clone()));
    scene.scores = Some([15, 20]);
    scene.header.turn = Turn::Over("Black wins 20 to 15".into());
    let after = render_png(&Scene::Subulata(scene));
    assert!(after.is_ok());
    assert_ne!(before, after);
}

#[test]
fn rendering_is_deterministic() {
    for (name, scene) in samples::all() {
        let a = render_png(&scene);
        let b = render_png(&scene);
        assert!(a.is_ok(), "{name}");
        assert_eq!(a, b, "{name}");
    }
    let a = std::thread::spawn(|| render_png(&samples::hnefatafl())).join();
    assert_eq!(a.ok(), Some(render_png(&samples::hnefatafl())));
}

/// `scene` with its words in `lang`.
fn in_lang(mut scene: Scene, lang: Lang) -> Scene {
    scene.header_mut().lang = lang;
    scene
}

/// Every sample picture: the four games, Subulata's public view and Hnefatafl 13x13, in
/// English, then the four games in French (longer words on the same fixed palettes).
fn every_sample() -> Vec<(&'static str, Scene)> {
    let mut scenes = samples::all();
    scenes.push(("subulata-public", samples::subulata_public()));
    scenes.push(("hnefatafl-13", samples::hnefatafl_13_start()));
    let french = ["hnefatafl-fr", "adelta-fr", "subulata-fr", "daldosa-fr"];
    for (name, (_, scene)) in french.into_iter().zip(samples::all()) {
        scenes.push((name, in_lang(scene, Lang::Fr)));
    }
    scenes
}

/// Every game's picture in French: it renders, its header reads differently from the
/// English one, and a finished game's result is French.
#[test]
fn french_pictures_of_every_game() {
    use skald_rules::Viewer;
    let header_band = |img: &RgbImage| crate::theme::HEADER_HEIGHT as u32 * img.width();
    for (name, scene) in samples::all() {
        let english = render(&scene);
        let french = render(&in_lang(scene.clone(), Lang::Fr));
        assert_eq!(english.dimensions(), french.dimensions(), "{name}");
        let differ = english
            .pixels()
            .zip(french.pixels())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| i as u32)
            .collect::<Vec<_>>();
        assert!(
            differ.iter().any(|&i| i < header_band(&english)),
            "{name}: the French header reads as the English one"
        );
        assert!(render_png(&in_lang(scene, Lang::Fr)).is_ok(), "{name}");
    }
    // Positions from the rules, finished ones included, through `scene`.
    for rule_set in RuleSetId::ALL {
        let mut rng = <rand::rngs::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(5);
        let (mut m, _) = skald_rules::Match::new(rule_set, 5, &mut rng);
        let mut positions = vec![m.position().clone()];
        for _ in 0..600 {
            let legal = m.position().legal_moves();
            let Some(mv) = legal.first() else { break };
            if m.play(mv, &mut rng).is_err() {
                break;
            }
        }
        positions.push(m.position().clone());
        for p in &positions {
            let players = [Some("Åsa".to_string()), Some("Bjørn".to_string())];
            let scene =
                |lang| crate::scene(p, Viewer::Public, players.clone(), LastMove::none(), lang);
            let (en, fr) = (render_png(&scene(Lang::En)), render_png(&scene(Lang::Fr)));
            assert!(en.is_ok() && fr.is_ok(), "{rule_set}");
            assert_ne!(en, fr, "{rule_set}: the French picture is the English one");
            if let Turn::Over(result) = &scene(Lang::Fr).header().turn {
                assert!(
                    result.contains("gagne") || result.contains("nulle"),
                    "{result}"
                );
            }
        }
    }
}

#[test]
fn pictures_stay_close_to_what_was_drawn() {
    // The PNG's 256 colours (the board's fixed palette, made from swatch positions that are
    // not these): flat areas keep their colour, and only a few anti-aliased pixels move far.
    // PSNR over the picture is 48.5-54 dB for the samples (Ad Elta's wood grain is lowest).
    let mut scenes = every_sample();
    let late = samples::replay(60).pop();
    scenes.extend(late.map(|s| ("hnefatafl-replay-60", s)));
    let start = |rs| Header::new(rs, Turn::Opening, 0);
    scenes.push((
        "adelta-start",
        Scene::Adelta(AdeltaScene::start(start(RuleSetId::AdeltaRustik))),
    ));
    scenes.push((
        "daldosa-start",
        Scene::Daldosa(DaldosaScene::start(start(RuleSetId::Daldosa))),
    ));
    for (name, scene) in scenes {
        let drawn = render(&scene);
        let png = match render_png(&scene) {
            Ok(png) => decode(&png.bytes),
            Err(e) => panic!("{name}: {e}"),
        };
        assert_eq!(png.dimensions(), drawn.dimensions(), "{name}");
        let mut squared = 0u64;
        let mut far = 0usize;
        for (a, b) in png.pixels().zip(drawn.pixels()) {
            let d = a.0.iter().zip(&b.0).map(|(x, y)| x.abs_diff(*y)).max();
            if d.unwrap_or(0) > 12 {
                far += 1;
            }
            squared +=
                a.0.iter()
                    .zip(&b.0)
                    .map(|(x, y)| u64::from(x.abs_diff(*y)).pow(2))
                    .sum::<u64>();
        }
        let values = (png.width() * png.height() * 3) as f64;
        let psnr = 10.0 * (255.0f64 * 255.0 / (squared as f64 / values).max(1e-9)).log10();
        assert!(psnr >= 48.0, "{name}: PSNR {psnr:.1} dB");
        let share = far as f64 / f64::from(png.width() * png.height());
        assert!(share < 0.002, "{name}: {far} pixels off by more than 12");
    }
}

#[test]
fn pictures_fit_the_size_budget() {
    // Sizes are deterministic (same scene, same bytes); times are measured in the bench.
    // Issue #19: at most 60 KB median at 760 px; no single sample far above it.
    let mut sizes: Vec<(usize, &str)> = every_sample()
        .into_iter()
        .map(|(name, scene)| match render_png(&scene) {
            Ok(png) => (png.bytes.len(), name),
            Err(e) => panic!("{name}: {e}"),
        })
        .collect();
    sizes.sort_unstable();
    for &(size, name) in &sizes {
        assert!(size <= 72_000, "{name}: {size} bytes");
    }
    let n = sizes.len();
    let median = match (sizes.get((n - 1) / 2), sizes.get(n / 2)) {
        (Some(a), Some(b)) => (a.0 + b.0) / 2,
        _ => panic!("no samples"),
    };
    assert!(median <= 60_000, "median {median} bytes: {sizes:?}");
}

#[test]
fn pictures_are_chat_sized_and_opaque() {
    for (name, scene) in samples::all() {
        let png = render_png(&scene).unwrap_or_default();
        let img = match image::load_from_memory(&png.bytes) {
            Ok(img) => img,
            Err(e) => panic!("{name}: {e}"),
        };
        assert_eq!(img.width(), 760, "{name}");
        assert_eq!(
            (png.width, png.height),
            (img.width(), img.height()),
            "{name}"
        );
        assert!(
            (300..=900).contains(&img.height()),
            "{name}: {}",
            img.height()
        );
        assert!(!img.color().has_alpha(), "{name}");
    }
}

#[test]
fn invalid_scenes_are_refused() {
    let bad = |scene: Scene| matches!(render_png(&scene), Err(RenderError::InvalidScene(_)));
    let mut tafl = HnefataflScene::empty(
        Header::new(RuleSetId::Hnefatafl, Turn::Seat(Seat::A), 1),
        11,
    );
    tafl.squares.pop();
    assert!(bad(Scene::Hnefatafl(tafl)));
    let tafl = HnefataflScene::empty(
        Header::new(RuleSetId::Hnefatafl, Turn::Seat(Seat::A), 1),
        13,
    );
    assert!(
        bad(Scene::Hnefatafl(tafl)),
        "13x13 under the 11x11 rule set"
    );
    let mut tafl = HnefataflScene::empty(
        Header::new(RuleSetId::Hnefatafl, Turn::Seat(Seat::A), 1),
        11,
    );
    tafl.squares[0] = Some(TaflPiece::King);
    tafl.last_move = LastMove::step(3, Some(121));
    assert!(bad(Scene::Hnefatafl(tafl)), "cell off the board");

    let mut adelta = AdeltaScene::start(Header::new(RuleSetId::Adelta, Turn::Opening, 0));
    adelta.header.dice = vec![1, 7];
    assert!(bad(Scene::Adelta(adelta.clone())), "a d6 showing 7");
    adelta.header.dice = vec![6, 6, 6, 6];
    assert!(render_png(&Scene::Adelta(adelta.clone())).is_ok());
    adelta.last_move = LastMove::step(0, Some(5));
    adelta.header.dice.clear();
    assert!(bad(Scene::Adelta(adelta)), "point 0");

    let mut daldosa = DaldosaScene::start(Header::new(RuleSetId::Daldosa, Turn::Seat(Seat::A), 1));
    daldosa.header.dice = vec![5];
    assert!(bad(Scene::Daldosa(daldosa.clone())), "a d4 showing 5");
    daldosa.header.dice = vec![4, 1];
    daldosa.off = [13, 0];
    assert!(bad(Scene::Daldosa(daldosa)), "13 pegs off");

    let mut subulata = subulata_with([1, 2, 3, 4, 5, 6, 7, 8, 9], true);
    if let Scene::Subulata(s) = &mut subulata {
        s.pieces[0] = Some(SubulataPiece {
            seat: Seat::A,
            value: Some(10),
        });
    }
    assert!(bad(subulata));
    let mut wrong_game = samples::subulata();
    if let Scene::Subulata(s) = &mut wrong_game {
        s.header.rule_set = RuleSetId::Daldosa;
    }
    assert!(bad(wrong_game));
}

#[test]
fn header_variants_render() {
    let mut scene = AdeltaScene::start(Header::new(RuleSetId::AdeltaRustik, Turn::Opening, 0));
    scene.header.players = [
        Some("A remarkably long player name that cannot possibly fit".into()),
        None,
    ];
    assert!(render_png(&Scene::Adelta(scene.clone())).is_ok());
    scene.header.turn = Turn::Over("White wins: Black has no pieces left".into());
    assert!(render_png(&Scene::Adelta(scene.clone())).is_ok());
    // absurdly long texts are cut short quickly
    scene.header.players[1] = Some("ø".repeat(100_000));
    scene.header.turn = Turn::Over("x".repeat(100_000));
    let start = std::time::Instant::now();
    assert!(render_png(&Scene::Adelta(scene)).is_ok());
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
}

#[test]
fn replays_are_gifs_with_one_frame_per_scene() {
    let frames = samples::replay(6);
    let gif = match replay_gif(&frames, &ReplayOptions::default()) {
        Ok(gif) => gif,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(&gif[..6], b"GIF89a");
    let decoder = match image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    use image::AnimationDecoder;
    let decoded: Vec<_> = decoder.into_frames().collect();
    assert_eq!(decoded.len(), frames.len());
    assert_eq!(
        replay_gif(&frames, &ReplayOptions::default()).ok(),
        Some(gif)
    );

    assert!(replay_gif(&[], &ReplayOptions::default()).is_err());
    let too_few = ReplayOptions {
        colors: 4,
        ..ReplayOptions::default()
    };
    assert!(replay_gif(&frames, &too_few).is_err());
    let mixed = vec![
        samples::hnefatafl(),
        samples::hnefatafl_13_start(),
        samples::adelta(),
    ];
    assert!(matches!(
        replay_gif(&mixed, &ReplayOptions::default()),
        Err(RenderError::InvalidScene(_))
    ));
}

#[test]
fn step_helpers_build_marks() {
    assert_eq!(
        LastMove::step(4, Some(9)).steps,
        vec![Step {
            from: 4,
            to: Some(9)
        }]
    );
}

/// Every swatch is a valid scene with its board's layer key.
#[test]
fn swatches_are_valid_scenes_of_their_board() {
    fn check<B: Board>(board: &B) {
        for swatch in board.swatches() {
            assert_eq!(swatch.check(), Ok(()));
            assert_eq!(swatch.layer_key(), board.layer_key());
            assert!(!swatch.last_move().cells().any(|c| !swatch.has_cell(c)));
        }
    }
    let header = |rs| Header::new(rs, Turn::Seat(Seat::A), 0);
    for rs in RuleSetId::ALL {
        if let Some(size) = crate::pictured::board_side(rs) {
            check(&HnefataflScene::empty(header(rs), size));
        }
    }
    check(&AdeltaScene::empty(header(RuleSetId::AdeltaRustik)));
    for lang in Lang::ALL {
        let header = Header {
            lang,
            ..header(RuleSetId::Subulata)
        };
        check(&SubulataScene::empty(header, Terrain::Leaf));
    }
    check(&DaldosaScene::start(header(RuleSetId::Daldosa)));
}

/// Brandubh's 7x7 board keeps Copenhagen's square size (a smaller picture, the same pieces),
/// and a tafl board of the wrong side for its rule set is refused.
#[test]
fn brandubh_is_a_smaller_board_of_the_same_squares() {
    let header = |rs| Header::new(rs, Turn::Seat(Seat::A), 0);
    let cph = HnefataflScene::empty(header(RuleSetId::Copenhagen), 11);
    let brandubh = HnefataflScene::empty(header(RuleSetId::Brandubh), 7);
    assert_eq!(cph.piece_radius(), brandubh.piece_radius());
    assert!(brandubh.height() < cph.height());
    assert_eq!(
        cph.height(),
        HnefataflScene::empty(header(RuleSetId::Hnefatafl), 11).height()
    );
    let wrong = HnefataflScene::empty(header(RuleSetId::Brandubh), 11);
    assert!(wrong.check().is_err());
    let png = |s: HnefataflScene| render_png(&Scene::Hnefatafl(s)).map(|p| (p.width, p.height));
    let (w7, h7) = png(brandubh).unwrap_or_else(|e| panic!("{e}"));
    let (w11, h11) = png(cph).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(w7, w11);
    assert!(h7 < h11);
}

fn orange(p: [u8; 3]) -> bool {
    p[0] > p[2].saturating_add(120) && p[0] > p[1].saturating_add(60)
}

fn blue(p: [u8; 3]) -> bool {
    p[2] > p[0].saturating_add(100) && p[2] > p[1].saturating_add(50)
}

/// Pixels of `img` in the box of half-side `r` round `p` that `like` and that differ from
/// `plain`.
fn new_pixels(
    img: &RgbImage,
    plain: &RgbImage,
    (x, y): Pt,
    r: f32,
    like: fn([u8; 3]) -> bool,
) -> usize {
    let mut n = 0;
    for py in (y - r).max(0.0) as u32..((y + r) as u32).min(img.height()) {
        for px in (x - r).max(0.0) as u32..((x + r) as u32).min(img.width()) {
            let got = img.get_pixel(px, py).0;
            if like(got) && got != plain.get_pixel(px, py).0 {
                n += 1;
            }
        }
    }
    n
}

fn legend() -> [String; 2] {
    ["played: f8-f10".into(), "engine: d8-d10".into()]
}

/// Every game's turning point shows both moves, even when they are the same move (a tafl
/// slide, a Subulata move, the dice games' several steps): the played one's orange and the
/// preferred one's blue both appear where the plain position has neither.
#[test]
fn turning_points_show_both_moves_in_every_game() {
    for (name, scene) in samples::all() {
        let moves = scene.last_move().clone();
        let (mut same, mut plain) = (scene.clone(), scene);
        same.compare(moves.clone(), moves.clone(), legend());
        plain.compare(LastMove::none(), LastMove::none(), legend());
        let (a, b) = (render(&same), render(&plain));
        let first = moves.steps.first().map(|s| s.from);
        let Some(from) = first else {
            panic!("{name}: the sample has no step");
        };
        let r = radius(&same) * 8.0;
        let near = center(&same, from);
        assert!(new_pixels(&a, &b, near, r, orange) > 100, "{name}: played");
        assert!(new_pixels(&a, &b, near, r, blue) > 100, "{name}: preferred");
        // every step of a dice turn gets its arrow
        for step in &moves.steps {
            let at = center(&same, step.to.unwrap_or(step.from));
            let r = radius(&same) * 2.0;
            assert!(
                new_pixels(&a, &b, at, r, orange) > 10,
                "{name}: step {step:?}"
            );
            assert!(
                new_pixels(&a, &b, at, r, blue) > 10,
                "{name}: step {step:?}"
            );
        }
    }
}

/// Two different moves: the played one's orange along its own squares, the preferred
/// one's blue along its own, and neither colour on the other's.
#[test]
fn the_two_arrows_are_drawn_along_their_own_squares() {
    let s = |name: &str| sq(name, 11);
    let step = |a: &str, b: &str| LastMove::step(s(a), Some(s(b)));
    let mut compared = samples::hnefatafl();
    compared.compare(step("f8", "f10"), step("d8", "d10"), legend());
    let mut plain = samples::hnefatafl();
    plain.compare(LastMove::none(), LastMove::none(), legend());
    let (a, b) = (render(&compared), render(&plain));
    let r = radius(&compared);
    let (f9, d9) = (center(&compared, s("f9")), center(&compared, s("d9")));
    assert!(new_pixels(&a, &b, f9, r, orange) > 40);
    assert_eq!(new_pixels(&a, &b, f9, r, blue), 0);
    assert!(new_pixels(&a, &b, d9, r, blue) > 40);
    assert_eq!(new_pixels(&a, &b, d9, r, orange), 0);
    // the last move's marks are gone: the picture is about the move to come
    assert!(compared.last_move().steps.is_empty());
}

/// The legend band under the board: the picture grows by it, stays within the boards'
/// size budget, its words change its pixels, and it shows both arrow colours.
#[test]
fn a_turning_point_words_its_two_moves_under_the_board() {
    let board = match render_png(&samples::hnefatafl()) {
        Ok(png) => png,
        Err(e) => panic!("{e}"),
    };
    let turning = match render_png(&samples::turning_point()) {
        Ok(png) => png,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(turning.width, 760);
    assert_eq!(turning.height, board.height + crate::legend::BAND as u32);
    assert!(
        turning.bytes.len() <= 72_000,
        "{} bytes",
        turning.bytes.len()
    );
    let img = decode(&turning.bytes);
    let band = |like: fn([u8; 3]) -> bool| {
        (board.height..img.height())
            .flat_map(|y| (0..120).map(move |x| (x, y)))
            .filter(|&(x, y)| like(img.get_pixel(x, y).0))
            .count()
    };
    assert!(band(orange) > 50 && band(blue) > 50);
    let mut french = samples::hnefatafl();
    french.compare(
        LastMove::step(sq("f8", 11), Some(sq("f10", 11))),
        LastMove::step(sq("f8", 11), Some(sq("f9", 11))),
        [
            "coup joué\u{a0}: f8-f10".into(),
            "moteur\u{a0}: f8-f9".into(),
        ],
    );
    assert_ne!(render_png(&french), Ok(turning.clone()));
    // a long legend is cut, not run off the picture
    let mut long = samples::hnefatafl();
    long.compare(
        LastMove::none(),
        LastMove::none(),
        ["13+1 ".repeat(80), "x".repeat(300)],
    );
    assert!(render_png(&long).is_ok());
}

#[test]
fn a_compared_move_off_the_board_is_refused() {
    let mut scene = samples::hnefatafl();
    scene.compare(LastMove::step(0, Some(200)), LastMove::none(), legend());
    assert!(matches!(
        render_png(&scene),
        Err(RenderError::InvalidScene(_))
    ));
}
