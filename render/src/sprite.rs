//! A cache of small pre-drawn images (pieces, Subulata cells) stamped where they belong.
//!
//! Drawing a shaded piece takes several anti-aliased fills; stamping its cached image is a
//! row copy (opaque sprites such as Subulata's cells) or a small premultiplied blend. A sprite
//! lands on whole pixels (its centre is off by less than half a pixel, which nobody sees), and
//! the same scene always gives the same pixels.

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
    // Sprites are small and canvases at most a few thousand pixels wide: the offsets fit.
    let left = (cx * c.scale - half).round() as i32;
    let top = (cy * c.scale - half).round() as i32;
    blit(&mut c.pixmap, left, top, &sprite.pixmap, sprite.opaque);
}

/// Puts `src` on `dst` with its top-left corner at (`left`, `top`), clipped to `dst`: an
/// opaque sprite's rows are copied; otherwise each pixel is blended premultiplied
/// source-over (`s + d * (255 - sa) / 255`, rounded), fully transparent pixels skipped.
///
/// tiny-skia's `draw_pixmap` does the same through its general pipeline (a texture lookup
/// and float blending per pixel), several times slower for these whole-pixel copies; the
/// blended pixels may differ from its result by one in the last bit.
fn blit(dst: &mut Pixmap, left: i32, top: i32, src: &Pixmap, opaque: bool) {
    let (dw, dh) = (dst.width() as i64, dst.height() as i64);
    let (sw, sh) = (src.width() as i64, src.height() as i64);
    let (left, top) = (i64::from(left), i64::from(top));
    let (x0, x1) = (left.max(0), (left + sw).min(dw));
    let (y0, y1) = (top.max(0), (top + sh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    // All within the two pixmaps' sizes (u32), so the conversions cannot fail.
    let span = ((x1 - x0) * 4) as usize;
    let (src_data, dst_data) = (src.data(), dst.data_mut());
    for y in y0..y1 {
        let s = (((y - top) * sw + (x0 - left)) * 4) as usize;
        let d = ((y * dw + x0) * 4) as usize;
        let (Some(from), Some(to)) = (src_data.get(s..s + span), dst_data.get_mut(d..d + span))
        else {
            return;
        };
        if opaque {
            to.copy_from_slice(from);
            continue;
        }
        for (sp, dp) in from.chunks_exact(4).zip(to.chunks_exact_mut(4)) {
            let sa = sp[3];
            if sa == 0 {
                continue;
            }
            if sa == 255 {
                dp.copy_from_slice(sp);
                continue;
            }
            let keep = u32::from(255 - sa);
            for (dc, sc) in dp.iter_mut().zip(sp) {
                *dc = sc.saturating_add(div255(u32::from(*dc) * keep));
            }
        }
    }
}

/// `v / 255` rounded to the nearest integer, for `v` up to 255 * 255.
fn div255(v: u32) -> u8 {
    let v = v + 128;
    (((v >> 8) + v) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Rgba;

    fn pixel(c: &Canvas, x: u32, y: u32) -> [u8; 4] {
        let p = c
            .pixmap
            .pixel(x, y)
            .map(|p| [p.red(), p.green(), p.blue(), p.alpha()]);
        p.unwrap_or_default()
    }

    #[test]
    fn sprites_blend_source_over_copy_when_opaque_and_clip_at_the_edges() {
        let Ok(mut c) = Canvas::new(20.0, 20.0, 1.0, true) else {
            panic!("a canvas");
        };
        c.clear(Rgba(200, 100, 0, 255));
        // A half-transparent white square of 8 px, half of it off the top-left corner.
        stamp(&mut c, u32::MAX - 1, 0.0, 0.0, 4.0, |s, x, y| {
            s.fill_crisp(x - 4.0, y - 4.0, 8.0, 8.0, Rgba(255, 255, 255, 128));
        });
        // Premultiplied source-over: 128 + d * 127 / 255, rounded.
        assert_eq!(pixel(&c, 0, 0), [228, 178, 128, 255]);
        assert_eq!(pixel(&c, 3, 3), [228, 178, 128, 255]);
        assert_eq!(pixel(&c, 4, 4), [200, 100, 0, 255], "outside the sprite");
        // An opaque sprite is copied, off the bottom-right corner.
        stamp(&mut c, u32::MAX - 2, 20.0, 20.0, 4.0, |s, x, y| {
            s.fill_crisp(x - 4.0, y - 4.0, 8.0, 8.0, Rgba(10, 20, 30, 255));
        });
        assert_eq!(pixel(&c, 19, 19), [10, 20, 30, 255]);
        assert_eq!(pixel(&c, 16, 16), [10, 20, 30, 255]);
        assert_eq!(pixel(&c, 15, 15), [200, 100, 0, 255]);
    }
}
