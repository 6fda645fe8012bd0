//! PNG pictures: a scene drawn at full size, encoded fast.

use crate::board::draw;
use crate::canvas::Canvas;
use crate::{RenderError, Scene};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

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
pub fn render_png(scene: &Scene) -> Result<Png, RenderError> {
    let canvas = draw(scene, 1.0, true)?;
    Ok(Png {
        bytes: encode_png(&canvas)?,
        width: canvas.pixmap.width(),
        height: canvas.pixmap.height(),
    })
}

/// The canvas's pixels as opaque RGB (the background is opaque, so premultiplied RGBA
/// equals straight RGBA and alpha can be dropped).
pub(crate) fn rgb_bytes(canvas: &Canvas) -> Vec<u8> {
    let data = canvas.pixmap.data();
    let pixels = data.len() / 4;
    // Each pixel is copied whole (4 bytes) to 3 * i; the next pixel overwrites the alpha
    // byte. One spare byte at the end takes the last alpha and is cut off.
    let mut rgb = vec![0u8; pixels * 3 + 1];
    for (i, px) in data.chunks_exact(4).enumerate() {
        if let Some(dst) = rgb.get_mut(3 * i..3 * i + 4) {
            dst.copy_from_slice(px);
        }
    }
    rgb.truncate(pixels * 3);
    rgb
}

/// Encodes a canvas as an 8-bit RGB PNG with fast compression.
pub(crate) fn encode_png(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let rgb = rgb_bytes(canvas);
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let encoder = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth);
    encoder
        .write_image(
            &rgb,
            canvas.pixmap.width(),
            canvas.pixmap.height(),
            ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}
