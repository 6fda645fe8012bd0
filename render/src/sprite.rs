//! A cache of small pre-drawn images (pieces, Subulata cells) stamped where they belong.
//!
//! Drawing a shaded piece takes several anti-aliased fills; stamping its cached image is a
//! small blend. A sprite lands on whole pixels (its centre is off by less than half a pixel,
//! which nobody sees), and the same scene always gives the same pixels.

use crate::canvas::Canvas;
use std::sync::{Arc, Mutex};
use tiny_skia::Pixmap;

/// What a sprite depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    id: u32,
    extent_bits: u32,
    scale_bits: u32,
    detail: bool,
}

/// At most this many sprites are kept.
const CAPACITY: usize = 96;

/// A drawn sprite, and whether every pixel of it is opaque (then it is copied, not blended).
struct Sprite {
    pixmap: Pixmap,
    opaque: bool,
}

static SPRITES: Mutex<Vec<(Key, Arc<Sprite>)>> = Mutex::new(Vec::new());

/// Stamps sprite `id` centred on (`cx`, `cy`). `extent` is the logical half-size of the box
/// the drawing fits in; `draw` draws it (on first use) centred on the point it is given. The
/// same `id` and `extent` must always draw the same thing.
pub(crate) fn stamp(
    c: &mut Canvas,
    id: u32,
    cx: f32,
    cy: f32,
    extent: f32,
    draw: impl FnOnce(&mut Canvas, f32, f32),
) {
    let key = Key {
        id,
        extent_bits: extent.to_bits(),
        scale_bits: c.scale.to_bits(),
        detail: c.detail,
    };
    let half = (extent * c.scale).ceil().max(1.0);
    let found = {
        let sprites = SPRITES.lock().unwrap_or_else(|p| p.into_inner());
        sprites
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| Arc::clone(p))
    };
    let sprite = match found {
        Some(sprite) => sprite,
        None => {
            let side = 2.0 * half / c.scale;
            let Ok(mut canvas) = Canvas::new(side, side, c.scale, c.detail) else {
                return;
            };
            draw(&mut canvas, half / c.scale, half / c.scale);
            let opaque = canvas.pixmap.data().chunks_exact(4).all(|p| p[3] == 255);
            let sprite = Arc::new(Sprite {
                pixmap: canvas.pixmap,
                opaque,
            });
            let mut sprites = SPRITES.lock().unwrap_or_else(|p| p.into_inner());
            if sprites.len() < CAPACITY && !sprites.iter().any(|(k, _)| *k == key) {
                sprites.push((key, Arc::clone(&sprite)));
            }
            sprite
        }
    };
    let left = (cx * c.scale - half).round() as i64;
    let top = (cy * c.scale - half).round() as i64;
    blend(&mut c.pixmap, &sprite.pixmap, sprite.opaque, left, top);
}

/// Source-over of premultiplied `src` (a plain copy when `opaque`) onto `dst` with its top-left corner at (`left`, `top`).
fn blend(dst: &mut Pixmap, src: &Pixmap, opaque: bool, left: i64, top: i64) {
    let (dw, dh) = (i64::from(dst.width()), i64::from(dst.height()));
    let (sw, sh) = (i64::from(src.width()), i64::from(src.height()));
    let x0 = left.max(0);
    let x1 = (left + sw).min(dw);
    if x0 >= x1 {
        return;
    }
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for y in top.max(0)..(top + sh).min(dh) {
        let s_row = ((y - top) * sw + (x0 - left)) as usize * 4;
        let d_row = (y * dw + x0) as usize * 4;
        let n = (x1 - x0) as usize * 4;
        let (Some(s), Some(d)) = (
            src_data.get(s_row..s_row + n),
            dst_data.get_mut(d_row..d_row + n),
        ) else {
            continue;
        };
        if opaque {
            d.copy_from_slice(s);
            continue;
        }
        for (sp, dp) in s.chunks_exact(4).zip(d.chunks_exact_mut(4)) {
            let sa = u32::from(sp[3]);
            if sa == 0 {
                continue;
            }
            if sa == 255 {
                dp.copy_from_slice(sp);
                continue;
            }
            let inv = 255 - sa;
            for k in 0..4 {
                let v = u32::from(sp[k]) + (u32::from(dp[k]) * inv + 127) / 255;
                dp[k] = v.min(255) as u8;
            }
        }
    }
}
