//! A cache of small pre-drawn images (pieces, Subulata cells) stamped where they belong.
//!
//! Drawing a shaded piece takes several anti-aliased fills; stamping its cached image is a
//! small blend (tiny-skia's `draw_pixmap`). A sprite lands on whole pixels (its centre is off by less than half a pixel,
//! which nobody sees), and the same scene always gives the same pixels.

use crate::canvas::Canvas;
use std::sync::{Arc, Mutex};
use tiny_skia::{BlendMode, Pixmap, PixmapPaint, Transform};

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
    // An opaque sprite replaces what is under it (`Source` skips reading the canvas);
    // otherwise premultiplied source-over. Integer offsets and the identity transform keep
    // every sprite pixel on one canvas pixel (nearest sampling, no filtering).
    let paint = PixmapPaint {
        blend_mode: if sprite.opaque {
            BlendMode::Source
        } else {
            BlendMode::SourceOver
        },
        ..PixmapPaint::default()
    };
    c.pixmap.draw_pixmap(
        left,
        top,
        sprite.pixmap.as_ref(),
        &paint,
        Transform::identity(),
        None,
    );
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
