//! Render + PNG encode per game, beside the PNG encode alone (same encoder settings as
//! `png.rs`: RGB8, fast compression, Paeth filter), on the sample mid-game positions.

use criterion::{Criterion, criterion_group, criterion_main};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use skald_render::{render_png, samples};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("render_png");
    for (name, scene) in samples::all() {
        group.bench_function(name, |b| b.iter(|| render_png(black_box(&scene))));
    }
    group.finish();

    let mut group = c.benchmark_group("png_encode_only");
    for (name, scene) in samples::all() {
        let Ok(png) = render_png(&scene) else {
            continue;
        };
        let Ok(img) = image::load_from_memory(&png.bytes) else {
            continue;
        };
        let rgb = img.to_rgb8();
        let (w, h) = rgb.dimensions();
        let raw = rgb.into_raw();
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut out = Vec::with_capacity(raw.len() / 8);
                let encoder = PngEncoder::new_with_quality(
                    &mut out,
                    CompressionType::Fast,
                    FilterType::Paeth,
                );
                let _ = encoder.write_image(black_box(&raw), w, h, ExtendedColorType::Rgb8);
                out
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
