//! Writes one PNG per game (a mid-game position with a last move) to `docs/gallery/`, and a
//! replay GIF of a long Hnefatafl game to measure its size.
//!
//! Run from the workspace root: `cargo run --release -p skald-render --example gallery`.

use skald_render::{ReplayOptions, Scene, render_png, replay_gif, samples};
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new("docs/gallery");
    std::fs::create_dir_all(dir)?;
    let mut scenes = samples::all();
    scenes.push(("subulata-public", samples::subulata_public()));
    scenes.push(("hnefatafl-13", samples::hnefatafl_13_start()));
    for (name, scene) in &scenes {
        let png = render_png(scene)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png)?;
        println!("{} ({} bytes)", path.display(), png.len());
    }
    if let Some(out) = std::env::args().nth(1) {
        // a replay of many frames, to measure the GIF size
        let frames: Vec<Scene> = samples::replay(100);
        let gif = replay_gif(&frames, &ReplayOptions::default())?;
        std::fs::write(&out, &gif)?;
        println!("{out}: {} frames, {} bytes", frames.len(), gif.len());
    }
    Ok(())
}
