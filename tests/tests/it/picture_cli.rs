//! `skald render` and `skald replay` through the real binary: files a user can open.

use image::ImageDecoder;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::{Match, RuleSetId};
use skald_tests::{fails, ok};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skald-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Width and height of a PNG file, decoding it fully.
fn png_size(path: &PathBuf) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("png written");
    let img =
        image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).expect("a valid PNG");
    (img.width(), img.height())
}

#[test]
fn render_draws_every_rule_set_for_a_phone_sized_chat_preview() {
    for rs in RuleSetId::ALL {
        let start = ok(&["rules", "start", rs.id(), "--seed", "4"]);
        let out = temp(&format!("{}.png", rs.id()));
        let said = ok(&[
            "render",
            rs.id(),
            start.trim(),
            "-o",
            out.to_str().expect("utf-8 path"),
        ]);
        assert!(said.contains("bytes"), "{said}");
        let (w, h) = png_size(&out);
        assert!((640..=900).contains(&w), "{rs}: width {w}");
        assert!(h > 300, "{rs}: height {h}");
    }
}

#[test]
fn render_marks_a_last_move_and_refuses_an_illegal_one() {
    let start = ok(&["rules", "start", "hnefatafl"]);
    let plain = temp("plain.png");
    let marked = temp("marked.png");
    let after = ok(&["rules", "play", "hnefatafl", start.trim(), "d1-d4"]);
    ok(&[
        "render",
        "hnefatafl",
        after.trim(),
        "-o",
        plain.to_str().expect("path"),
    ]);
    ok(&[
        "render",
        "hnefatafl",
        start.trim(),
        "--last-move",
        "d1-d4",
        "-o",
        marked.to_str().expect("path"),
    ]);
    assert_ne!(
        std::fs::read(&plain).expect("plain"),
        std::fs::read(&marked).expect("marked"),
        "the marked move shows"
    );
    let err = fails(&[
        "render",
        "hnefatafl",
        start.trim(),
        "--last-move",
        "f6-f9",
        "-o",
        "/dev/null",
    ]);
    assert!(
        err.contains("f6-f9") && err.contains("legal moves"),
        "{err}"
    );
}

#[test]
fn the_final_view_of_an_unfinished_subulata_game_is_refused() {
    let start = ok(&["rules", "start", "subulata", "--seed", "1"]);
    let err = fails(&[
        "render",
        "subulata",
        start.trim(),
        "--viewer",
        "final",
        "-o",
        "/dev/null",
    ]);
    assert!(err.contains("finished"), "{err}");
    // A player's own view and the public view are fine, and differ.
    let own = temp("own.png");
    let public = temp("public.png");
    ok(&[
        "render",
        "subulata",
        start.trim(),
        "--viewer",
        "a",
        "-o",
        own.to_str().expect("path"),
    ]);
    ok(&[
        "render",
        "subulata",
        start.trim(),
        "-o",
        public.to_str().expect("path"),
    ]);
    assert_ne!(
        std::fs::read(own).expect("own"),
        std::fs::read(public).expect("public")
    );
}

/// A finished random game's record, written as JSON.
fn finished_record(rs: RuleSetId, seed: u64) -> (PathBuf, usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut m, _) = Match::new(rs, seed, &mut rng);
    while m.position().status().outcome().is_none() {
        let legal = m.position().legal_moves();
        let mv = legal[rng.random_range(0..legal.len())].clone();
        m.play(&mv, &mut rng).expect("listed moves play");
    }
    let moves = m
        .record()
        .actions
        .iter()
        .filter(|a| matches!(a, skald_rules::Action::Move(_)))
        .count();
    let path = temp(&format!("{}-{seed}.json", rs.id()));
    std::fs::write(&path, serde_json::to_string(m.record()).expect("json")).expect("written");
    (path, moves)
}

#[test]
fn replay_makes_an_animated_gif_with_a_frame_per_move() {
    let (record, moves) = finished_record(RuleSetId::Daldosa, 3);
    let out = temp("daldosa.gif");
    ok(&[
        "replay",
        record.to_str().expect("path"),
        "-o",
        out.to_str().expect("path"),
        "--players",
        "Halla,Geir",
    ]);
    let bytes = std::fs::read(&out).expect("gif written");
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&bytes)).expect("a GIF");
    let (w, _) = decoder.dimensions();
    assert!(w >= 300, "width {w}");
    use image::AnimationDecoder;
    let frames = decoder.into_frames().count();
    assert_eq!(frames, moves + 1, "the start and one frame per move");
}

#[test]
fn replay_finds_a_game_in_an_export_line_and_asks_which_when_there_are_several() {
    let (record, _) = finished_record(RuleSetId::Adelta, 5);
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).expect("record")).expect("json");
    let line = |id: u64| {
        serde_json::json!({"game": {"id": id, "players": [{"name": "Sigrid"}, {"name": "Ulf"}], "record": rec}})
            .to_string()
    };
    let export = temp("export.jsonl");
    std::fs::write(
        &export,
        format!("{{\"header\":1}}\n{}\n{}\n", line(7), line(9)),
    )
    .expect("written");
    let out = temp("adelta.gif");
    let err = fails(&[
        "replay",
        export.to_str().expect("path"),
        "-o",
        out.to_str().expect("path"),
    ]);
    assert!(
        err.contains("--game") && err.contains('7') && err.contains('9'),
        "{err}"
    );
    ok(&[
        "replay",
        export.to_str().expect("path"),
        "--game",
        "9",
        "-o",
        out.to_str().expect("path"),
    ]);
    let err = fails(&[
        "replay",
        export.to_str().expect("path"),
        "--game",
        "8",
        "-o",
        out.to_str().expect("path"),
    ]);
    assert!(err.contains("#8"), "{err}");
}

#[test]
fn replay_refuses_a_file_without_a_record() {
    let junk = temp("junk.json");
    std::fs::write(&junk, "{\"hello\": 1}").expect("written");
    let err = fails(&["replay", junk.to_str().expect("path"), "-o", "/dev/null"]);
    assert!(err.contains("no game record"), "{err}");
    let err = fails(&["replay", "/nonexistent/file.json", "-o", "/dev/null"]);
    assert!(err.contains("cannot read"), "{err}");
}
