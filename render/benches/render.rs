//! Board pictures: their size and the time to draw and encode them, on the sample positions
//! (every game, Subulata's public view and Hnefatafl 13x13).
//!
//! Sizes are deterministic and printed first (each sample's bytes and the median); then
//! criterion times `render_png` (draw + index against the board's fixed palette + indexed
//! PNG) per sample, and, for reference under the same load, the encoder used before issue
//! #19 (RGB8, fdeflate, Paeth filter) on the same pixels. Issue #19's targets: median size at most 60 KB,
//! `render_png` at most 3 ms median.

use criterion::{Criterion, criterion_group, criterion_main};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use skald_render::{Scene, render_png, samples};
use std::hint::black_box;

/// Every sample picture, named.
fn pictures() -> Vec<(&'static str, Scene)> {
    let mut scenes = samples::all();
    scenes.push(("subulata-public", samples::subulata_public()));
    scenes.push(("hnefatafl-13", samples::hnefatafl_13_start()));
    scenes
}

/// The median of `sizes` (the mean of the middle two for an even count).
fn median(sizes: &mut [usize]) -> usize {
    sizes.sort_unstable();
    let n = sizes.len();
    match (sizes.get(n.saturating_sub(1) / 2), sizes.get(n / 2)) {
        (Some(a), Some(b)) => (a + b) / 2,
        _ => 0,
    }
}

/// The old encoder: RGB8, fast (fdeflate) compression, Paeth filter.
fn rgb_png(raw: &[u8], w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 8);
    let encoder = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth);
    let _ = encoder.write_image(raw, w, h, ExtendedColorType::Rgb8);
    out
}

fn bench(c: &mut Criterion) {
    let mut sizes = Vec::new();
    let mut old_sizes = Vec::new();
    println!("picture sizes (render_png; old RGB8 encoder on the same pixels):");
    for (name, scene) in pictures() {
        let Ok(png) = render_png(&scene) else {
            println!("  {name}: render failed");
            continue;
        };
        let old = image::load_from_memory(&png.bytes)
            .map(|img| rgb_png(img.to_rgb8().as_raw(), png.width, png.height).len())
            .unwrap_or(0);
        println!(
            "  {name:16} {:>7} bytes  ({}x{}; old {old} bytes)",
            png.bytes.len(),
            png.width,
            png.height
        );
        sizes.push(png.bytes.len());
        old_sizes.push(old);
    }
    println!(
        "  median           {:>7} bytes  (old {} bytes)",
        median(&mut sizes),
        median(&mut old_sizes)
    );

    let mut group = c.benchmark_group("render_png");
    for (name, scene) in pictures() {
        group.bench_function(name, |b| b.iter(|| render_png(black_box(&scene))));
    }
    group.finish();

    let mut group = c.benchmark_group("old_rgb_encode_only");
    for (name, scene) in pictures() {
        let Ok(png) = render_png(&scene) else {
            continue;
        };
        let Ok(img) = image::load_from_memory(&png.bytes) else {
            continue;
        };
        let raw = img.to_rgb8().into_raw();
        group.bench_function(name, |b| {
            b.iter(|| rgb_png(black_box(&raw), png.width, png.height))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
