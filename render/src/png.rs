//! PNG pictures: a scene drawn at full size, reduced to a 256-colour palette and encoded as
//! an indexed PNG.
//!
//! An RGB picture of a board was 137-230 KB (thousands of anti-aliased colours, three bytes
//! a pixel); indexed it is about a third of the data and compresses several times better,
//! and any PNG decoder shows it (palette PNGs are baseline PNG, so Discord and every Matrix
//! client display them inline like the RGB ones). See `quantize.rs` for how the palette is
//! chosen (a fixed one per board, made once), and `docs/BENCHMARKS.md` for sizes and times.

use crate::canvas::Canvas;
use crate::draw::draw_png;
use crate::quantize::{MAX_COLORS, Rows, index_over, quantize, quantize_over, scanlines};
use crate::{RenderError, Scene};
use flate2::{Compress, Compression, FlushCompress, Status};
use png::{BitDepth, ColorType, Encoder};

/// An encoded PNG picture and its size in pixels, so a chat platform that wants the size
/// with an image (Matrix's `m.image` info) need not read it back out of the bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Png {
    /// The PNG file's bytes.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Draws `scene` at full size (760 px wide) and returns the PNG with its size.
///
/// The main entry point: the bot posts these bytes as a chat attachment. Invalid scenes give
/// [`RenderError::InvalidScene`] rather than a wrong picture.
///
/// A turning point's scene ([`Scene::compare`]) gets the band wording its two moves under
/// the board, so its picture is taller.
pub fn render_png(scene: &Scene) -> Result<Png, RenderError> {
    let canvas = draw_png(scene)?;
    let canvas = match &scene.header().compared {
        Some(compared) => crate::legend::under(&canvas, compared)?,
        None => canvas,
    };
    Ok(Png {
        bytes: encode_png(&canvas)?,
        width: canvas.pixmap.width(),
        height: canvas.pixmap.height(),
    })
}

/// The deflate level: zlib level 2 (greedy matching with a dynamic Huffman code). Level 1
/// uses a fixed code and leaves pictures about a quarter larger; level 3 and up gain a few
/// percent for much more time.
const DEFLATE_LEVEL: u32 = 2;

/// Encodes a canvas as an 8-bit indexed PNG of at most 256 colours.
///
/// No row filter: filters predict a byte from its neighbours, which means nothing for
/// palette indices (each filter tried made the file larger). The image data is compressed
/// in one call and written as one IDAT chunk: the `png` crate's own writer feeds the
/// compressor a row at a time, and each call costs a 32 KB buffer clear in `flate2`.
pub(crate) fn encode_png(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (canvas.pixmap.width(), canvas.pixmap.height());
    let indexed = rows(canvas);
    let idat = compress(&indexed.rows)?;
    let mut out = Vec::with_capacity(idat.len() + indexed.palette.len() + 128);
    let mut encoder = Encoder::new(&mut out, width, height);
    encoder.set_color(ColorType::Indexed);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_palette(indexed.palette);
    let encode = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(encode)?;
    writer
        .write_chunk(png::chunk::IDAT, &idat)
        .map_err(encode)?;
    writer.finish().map_err(encode)?;
    Ok(out)
}

/// The canvas as scanlines of palette indices: against its board's fixed palette when its
/// layer has one (every full-size picture), else reduced over its layer, or alone.
fn rows(canvas: &Canvas) -> Rows {
    let width = canvas.pixmap.width() as usize;
    let pixels = canvas.pixmap.data();
    if let Some(layer) = &canvas.base {
        let base = layer.pixmap.data();
        if let Some(rows) = layer
            .fixed()
            .and_then(|f| index_over(pixels, base, &f.rows, width, &f.palette))
        {
            return rows;
        }
        let indexed = quantize_over(pixels, base, layer.indexed(), MAX_COLORS);
        return Rows {
            palette: indexed.palette,
            rows: scanlines(&indexed.indices, width),
        };
    }
    let indexed = quantize(pixels, MAX_COLORS);
    Rows {
        palette: indexed.palette,
        rows: scanlines(&indexed.indices, width),
    }
}

/// `data` as a zlib stream (what an IDAT chunk holds).
fn compress(data: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut z = Compress::new(Compression::new(DEFLATE_LEVEL), true);
    // Deflate's worst case is a little over the input; room for that, so one call finishes.
    let mut out = Vec::with_capacity(data.len() + data.len() / 64 + 1024);
    loop {
        let done = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
        let rest = data.get(done..).unwrap_or_default();
        match z.compress_vec(rest, &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) => return Ok(out),
            Ok(Status::Ok | Status::BufError) => out.reserve(out.capacity().max(1024)),
            Err(e) => return Err(RenderError::Encode(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::fix_palette;
    use crate::layer::Layer;
    use crate::samples;
    use std::sync::Arc;

    #[test]
    fn the_bytes_do_not_depend_on_the_layer_cache() {
        // A canvas whose layer was cached long ago and one whose layer was just drawn (as
        // when the cache is full) must encode alike.
        for (name, scene) in samples::all() {
            let cached = match draw_png(&scene) {
                Ok(c) => c,
                Err(e) => panic!("{name}: {e}"),
            };
            let Some(layer) = cached.base.as_ref() else {
                panic!("{name}: no layer");
            };
            let fresh = Canvas {
                pixmap: cached.pixmap.clone(),
                scale: cached.scale,
                detail: cached.detail,
                base: Some(Arc::new(Layer::new(layer.pixmap.clone()))),
            };
            if let Err(e) = fix_palette(&scene, &fresh) {
                panic!("{name}: {e}");
            }
            assert!(fresh.base.as_ref().is_some_and(|l| l.fixed().is_some()));
            assert_eq!(encode_png(&cached), encode_png(&fresh), "{name}");
        }
    }
}
