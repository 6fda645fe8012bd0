//! Writes one PNG per game (a mid-game position with a last move), a turning point of the
//! engine's review, the review's win-chance graph, a rating history, a ladder and a short
//! replay GIF to `docs/gallery/`; with a path argument, also a 100-move replay there, to measure its size
//! (optional further arguments: scale, palette size).
//!
//! Run from the workspace root: `cargo run --release -p skald-render --example gallery`.

use skald_render::{
    Png, ReplayOptions, Scene, chart_samples, ladder_png, rating_png, render_png, replay_gif,
    samples, win_chance_png,
};
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new("docs/gallery");
    std::fs::create_dir_all(dir)?;
    let mut scenes = samples::all();
    scenes.push(("subulata-public", samples::subulata_public()));
    scenes.push(("hnefatafl-13", samples::hnefatafl_13_start()));
    scenes.push(("review-turning-point", samples::turning_point()));
    let mut pictures: Vec<(&str, Png)> = Vec::new();
    for (name, scene) in &scenes {
        pictures.push((name, render_png(scene)?));
    }
    pictures.push((
        "review-win-chance",
        win_chance_png(&chart_samples::win_chart())?,
    ));
    pictures.push(("rating", rating_png(&chart_samples::rating_chart())?));
    pictures.push(("ladder", ladder_png(&chart_samples::ladder_chart(8))?));
    for (name, png) in &pictures {
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png.bytes)?;
        println!(
            "{} ({}x{}, {} bytes)",
            path.display(),
            png.width,
            png.height,
            png.bytes.len()
        );
    }
    // a short replay for the gallery
    let gif = replay_gif(&samples::replay(12), &ReplayOptions::default())?;
    std::fs::write(dir.join("replay-hnefatafl.gif"), &gif)?;
    println!(
        "docs/gallery/replay-hnefatafl.gif (13 frames, {} bytes)",
        gif.len()
    );
    if let Some(out) = std::env::args().nth(1) {
        // a replay of many frames, to measure the GIF size
        let frames: Vec<Scene> = samples::replay(100);
        let mut options = ReplayOptions::default();
        if let Some(scale) = std::env::args().nth(2).and_then(|s| s.parse().ok()) {
            options.scale = scale;
        }
        if let Some(colors) = std::env::args().nth(3).and_then(|s| s.parse().ok()) {
            options.colors = colors;
        }
        let start = std::time::Instant::now();
        let gif = replay_gif(&frames, &options)?;
        let took = start.elapsed();
        std::fs::write(&out, &gif)?;
        println!(
            "{out}: {} frames at scale {} with {} colours, {} bytes, {took:?}",
            frames.len(),
            options.scale,
            options.colors,
            gif.len()
        );
    }
    Ok(())
}
