//! The embedded DejaVu Sans font (regular and bold) and text drawing.
//!
//! The fonts ship inside the binary (`assets/`, Bitstream Vera licence in
//! `assets/LICENSE-DejaVu.txt`), so pictures look the same on every host. They are parsed once.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::theme::Rgba;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// DejaVu Sans.
static REGULAR: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
/// DejaVu Sans Bold.
static BOLD: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// Which of the two embedded faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Horizontal anchoring of a text run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// `x` is the left end.
    Left,
    /// `x` is the middle.
    Center,
    /// `x` is the right end.
    Right,
}

/// The parsed faces.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();

/// The fonts, parsed on first use.
pub(crate) fn fonts() -> Result<&'static Fonts, RenderError> {
    FONTS
        .get_or_init(|| {
            Some(Fonts {
                regular: FontRef::try_from_slice(REGULAR).ok()?,
                bold: FontRef::try_from_slice(BOLD).ok()?,
            })
        })
        .as_ref()
        .ok_or(RenderError::Font)
}

/// Characters considered when shortening a text to fit (a 760 px line holds fewer).
const MAX_FIT_CHARS: usize = 200;

/// Height of capital letters and digits, as a fraction of the em size (DejaVu Sans).
pub(crate) const CAP_HEIGHT: f32 = 0.729;

impl Fonts {
    fn face(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// `ab_glyph` scales by the font's line height; convert an em size to that.
    fn px_scale(font: &FontRef<'static>, em: f32) -> PxScale {
        let upem = font.units_per_em().unwrap_or(2048.0);
        PxScale::from(em * font.height_unscaled() / upem)
    }

    /// Width of `text` at `em` logical pixels.
    pub fn measure(&self, text: &str, em: f32, face: Face) -> f32 {
        let font = self.face(face);
        let scaled = font.as_scaled(Self::px_scale(font, em));
        let mut width = 0.0;
        let mut prev: Option<GlyphId> = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                width += scaled.kern(p, id);
            }
            width += scaled.h_advance(id);
            prev = Some(id);
        }
        width
    }

    /// `text` shortened with an ellipsis so it fits in `max_width`.
    pub fn fit(&self, text: &str, em: f32, face: Face, max_width: f32) -> String {
        if self.measure(text, em, face) <= max_width {
            return text.to_string();
        }
        // nothing longer than this fits across a picture, and it bounds the work
        let mut chars: Vec<char> = text.chars().take(MAX_FIT_CHARS).collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>() + "…";
            if self.measure(&candidate, em, face) <= max_width {
                return candidate;
            }
        }
        String::new()
    }

    /// Draws `text` with its baseline at `y` (logical pixels) and returns its width.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        c: &mut Canvas,
        text: &str,
        x: f32,
        y: f32,
        em: f32,
        face: Face,
        color: Rgba,
        align: Align,
    ) -> f32 {
        let width = self.measure(text, em, face);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let s = c.scale;
        let font = self.face(face);
        let scale = Self::px_scale(font, em * s);
        let scaled = font.as_scaled(scale);
        let mut pen = left * s;
        let baseline = y * s;
        let mut prev: Option<GlyphId> = None;
        let pw = c.pixmap.width() as i64;
        let ph = c.pixmap.height() as i64;
        let data = c.pixmap.data_mut();
        let mut cache = GLYPHS.lock().unwrap_or_else(|p| p.into_inner());
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                pen += scaled.kern(p, id);
            }
            // glyphs land on a quarter-pixel grid, so their coverage can be cached
            let (ix, iy) = (pen.floor(), baseline.floor());
            let phase_x = ((pen - ix) * 4.0).floor().clamp(0.0, 3.0) as u8;
            let phase_y = ((baseline - iy) * 4.0).floor().clamp(0.0, 3.0) as u8;
            pen += scaled.h_advance(id);
            prev = Some(id);
            let key = GlyphKey {
                face,
                id: id.0,
                scale_bits: scale.y.to_bits(),
                phase: phase_x * 4 + phase_y,
            };
            let fresh;
            let bitmap = match cache.get(&key) {
                Some(b) => b,
                None => {
                    let position = point(f32::from(phase_x) / 4.0, f32::from(phase_y) / 4.0);
                    fresh = rasterize(font, id.with_scale_and_position(scale, position));
                    if cache.len() < GLYPH_CAPACITY {
                        cache.insert(key, fresh.clone());
                    }
                    &fresh
                }
            };
            let (ox, oy) = (ix as i64 + bitmap.left, iy as i64 + bitmap.top);
            for row in 0..bitmap.height {
                let py = oy + row;
                if py < 0 || py >= ph {
                    continue;
                }
                for col in 0..bitmap.width {
                    let px = ox + col;
                    if px < 0 || px >= pw {
                        continue;
                    }
                    let cov = bitmap.coverage[(row * bitmap.width + col) as usize];
                    if cov == 0 {
                        continue;
                    }
                    let a = f32::from(cov) / 255.0 * f32::from(color.3) / 255.0;
                    let i = ((py * pw + px) * 4) as usize;
                    if let Some(pixel) = data.get_mut(i..i + 4) {
                        blend(pixel, color, a);
                    }
                }
            }
        }
        width
    }

    /// Draws `text` centred on (`cx`, `cy`): digits and capitals sit visually centred.
    #[allow(clippy::too_many_arguments)]
    pub fn draw_centered(
        &self,
        c: &mut Canvas,
        text: &str,
        cx: f32,
        cy: f32,
        em: f32,
        face: Face,
        color: Rgba,
    ) {
        let baseline = cy + em * CAP_HEIGHT / 2.0;
        self.draw(c, text, cx, baseline, em, face, color, Align::Center);
    }
}

/// Identifies a cached glyph raster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct GlyphKey {
    face: Face,
    id: u16,
    scale_bits: u32,
    phase: u8,
}

/// A glyph's coverage, placed relative to the whole pixel its pen position falls in.
#[derive(Clone, Debug)]
struct GlyphBitmap {
    left: i64,
    top: i64,
    width: i64,
    height: i64,
    coverage: Vec<u8>,
}

/// At most this many glyph rasters are kept.
const GLYPH_CAPACITY: usize = 4096;

static GLYPHS: Mutex<BTreeMap<GlyphKey, GlyphBitmap>> = Mutex::new(BTreeMap::new());

fn rasterize(font: &FontRef<'static>, glyph: ab_glyph::Glyph) -> GlyphBitmap {
    let Some(outlined) = font.outline_glyph(glyph) else {
        return GlyphBitmap {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
        };
    };
    let bounds = outlined.px_bounds();
    let width = bounds.width().max(0.0) as i64;
    let height = bounds.height().max(0.0) as i64;
    let mut coverage = vec![0u8; (width * height) as usize];
    outlined.draw(|x, y, c| {
        let i = i64::from(y) * width + i64::from(x);
        if let Some(slot) = coverage.get_mut(i as usize) {
            *slot = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    GlyphBitmap {
        left: bounds.min.x as i64,
        top: bounds.min.y as i64,
        width,
        height,
        coverage,
    }
}

/// Source-over blend of a straight colour with coverage `a` onto a premultiplied pixel.
fn blend(pixel: &mut [u8], color: Rgba, a: f32) {
    let inv = 1.0 - a;
    let mix = |src: u8, dst: u8| (f32::from(src) * a + f32::from(dst) * inv).round() as u8;
    pixel[0] = mix(color.0, pixel[0]);
    pixel[1] = mix(color.1, pixel[1]);
    pixel[2] = mix(color.2, pixel[2]);
    pixel[3] = (255.0 * a + f32::from(pixel[3]) * inv).round() as u8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_fonts_parse_and_have_digits() {
        let f = fonts().map_err(|e| e.to_string());
        assert!(f.is_ok(), "{f:?}", f = f.err());
        if let Ok(f) = f {
            assert!(f.measure("12", 20.0, Face::Regular) > 10.0);
            assert!(f.measure("12", 20.0, Face::Bold) > f.measure("1", 20.0, Face::Bold));
            assert_ne!(f.regular.glyph_id('ø'), GlyphId(0));
            assert!(
                f.fit("a very long player name indeed", 16.0, Face::Regular, 80.0)
                    .ends_with('…')
            );
        }
    }
}
