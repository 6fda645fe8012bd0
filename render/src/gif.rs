//! Animated GIF replays: one frame per position, drawn small, with one shared palette.
//!
//! The `image` crate's GIF encoder writes every frame whole, so size is kept down by drawing
//! frames at a reduced scale and flat (no wood grain, no piece shading: flat areas compress
//! well), then mapping them to one small palette learnt once (NeuQuant) from the first and
//! last frames plus the mark colours. Every frame then has an exact palette, nothing
//! flickers, and the encoder needs no per-frame quantisation.

use crate::draw::draw;
use crate::theme::{
    ARROW, BOARD, CAPTURE, CAPTURE_EDGE, HIGHLIGHT, HORN, PIECE_DARK, PIECE_LIGHT, RING, Rgba,
    TABLE,
};
use crate::{RenderError, Scene};
use color_quant::NeuQuant;
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};

/// How a replay is drawn and timed.
///
/// Exists so the bot can trade size against legibility (a long game at a smaller scale)
/// without the renderer guessing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplayOptions {
    /// Size of the frames relative to the PNG pictures (1.0 = 760 px wide).
    pub scale: f32,
    /// How long each position shows, in milliseconds.
    pub frame_ms: u32,
    /// How long the last position shows before the replay loops, in milliseconds.
    pub last_frame_ms: u32,
    /// Palette size, 16..=256: fewer colours give smaller files (and rougher edges).
    pub colors: u16,
}

impl Default for ReplayOptions {
    /// Half size (380 px wide), 32 colours, 0.9 s per move, 4 s on the final position: a
    /// 100-move Hnefatafl replay is about 1.6 MB.
    fn default() -> ReplayOptions {
        ReplayOptions {
            scale: 0.5,
            frame_ms: 900,
            last_frame_ms: 4000,
            colors: 32,
        }
    }
}

/// Encodes `frames` (the start position, then one scene per move) as a looping GIF.
///
/// Exists so a finished game can be posted as a short animation. All frames must be of the
/// same game and board size. The last frame stays up for `last_frame_ms`.
pub fn replay_gif(frames: &[Scene], options: &ReplayOptions) -> Result<Vec<u8>, RenderError> {
    let (Some(first), Some(last)) = (frames.first(), frames.last()) else {
        return Err(RenderError::InvalidScene(
            "a replay needs at least one frame".into(),
        ));
    };
    if !(options.scale > 0.05 && options.scale <= 2.0) {
        return Err(RenderError::InvalidScene(format!(
            "replay scale {} outside 0.05..=2",
            options.scale
        )));
    }
    let first_canvas = draw(first, options.scale, false)?;
    let (width, height) = (first_canvas.pixmap.width(), first_canvas.pixmap.height());
    if !(16..=256).contains(&options.colors) {
        return Err(RenderError::InvalidScene(format!(
            "replay palette of {} colours outside 16..=256",
            options.colors
        )));
    }
    let palette = Palette::learn(
        usize::from(options.colors),
        &[
            first_canvas.pixmap.data(),
            draw(last, options.scale, false)?.pixmap.data(),
        ],
    );

    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut out, 10);
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        let mut palette = palette;
        for (i, scene) in frames.iter().enumerate() {
            let canvas = if i == 0 {
                None
            } else {
                Some(draw(scene, options.scale, false)?)
            };
            let pixmap = canvas.as_ref().map_or(&first_canvas.pixmap, |c| &c.pixmap);
            if (pixmap.width(), pixmap.height()) != (width, height) {
                return Err(RenderError::InvalidScene(format!(
                    "replay frame {i} is {}x{}, the first is {width}x{height}",
                    pixmap.width(),
                    pixmap.height()
                )));
            }
            let rgba = palette.map(pixmap.data());
            let image = RgbaImage::from_raw(width, height, rgba)
                .ok_or_else(|| RenderError::Encode("frame buffer size".into()))?;
            let ms = if i + 1 == frames.len() {
                options.last_frame_ms
            } else {
                options.frame_ms
            };
            let frame = Frame::from_parts(image, 0, 0, Delay::from_numer_denom_ms(ms, 1));
            encoder
                .encode_frame(frame)
                .map_err(|e| RenderError::Encode(e.to_string()))?;
        }
    }
    Ok(out)
}

/// A learnt palette with a 15-bit colour lookup table.
struct Palette {
    quant: NeuQuant,
    colors: Vec<u8>,
    lut: Vec<u16>,
}

impl Palette {
    /// Learns 256 colours from sample frames plus the theme's key colours (so marks that are
    /// absent from the samples still get exact entries).
    fn learn(colors: usize, samples: &[&[u8]]) -> Palette {
        let mut pixels: Vec<u8> = Vec::new();
        for s in samples {
            pixels.extend_from_slice(s);
        }
        let keys = [
            TABLE,
            BOARD,
            PIECE_LIGHT,
            PIECE_DARK,
            ARROW,
            CAPTURE,
            CAPTURE_EDGE,
            RING,
            HORN,
            BOARD.mix(HIGHLIGHT.alpha(255), f32::from(HIGHLIGHT.3) / 255.0),
        ];
        let swatch = (pixels.len() / 4 / 200).max(64);
        for Rgba(r, g, b, _) in keys {
            for _ in 0..swatch {
                pixels.extend_from_slice(&[r, g, b, 255]);
            }
        }
        let quant = NeuQuant::new(10, colors, &pixels);
        let colors = quant.color_map_rgba();
        Palette {
            quant,
            colors,
            lut: vec![u16::MAX; 1 << 15],
        }
    }

    /// Maps premultiplied opaque pixels to palette colours (straight RGBA, opaque).
    fn map(&mut self, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(data.len());
        for px in data.chunks_exact(4) {
            let key = (usize::from(px[0] >> 3) << 10)
                | (usize::from(px[1] >> 3) << 5)
                | usize::from(px[2] >> 3);
            let index = match self.lut.get(key).copied() {
                Some(i) if i != u16::MAX => usize::from(i),
                _ => {
                    let probe = [
                        (px[0] & 0xf8) | 4,
                        (px[1] & 0xf8) | 4,
                        (px[2] & 0xf8) | 4,
                        255,
                    ];
                    let i = self.quant.index_of(&probe);
                    if let Some(slot) = self.lut.get_mut(key) {
                        *slot = i as u16;
                    }
                    i
                }
            };
            match self.colors.get(index * 4..index * 4 + 4) {
                Some(c) => out.extend_from_slice(&[c[0], c[1], c[2], 255]),
                None => out.extend_from_slice(&[px[0], px[1], px[2], 255]),
            }
        }
        out
    }
}
