//! A pixmap with a scale factor, and the few shapes the drawers need.
//!
//! Drawers work in logical pixels (the full-size picture is [`crate::theme::WIDTH`] wide); the
//! canvas scales everything, so replay frames are the same drawing at a smaller size.

use crate::RenderError;
use crate::layer::Layer;
use crate::theme::Rgba;
use std::sync::Arc;
use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Rect, Shader, SpreadMode, Stroke, StrokeDash, Transform,
};

/// Where drawing goes.
pub(crate) struct Canvas {
    /// The pixels (premultiplied RGBA).
    pub pixmap: Pixmap,
    /// Physical pixels per logical pixel.
    pub scale: f32,
    /// Whether to draw fine texture (wood grain); off for replay frames, which must compress.
    pub detail: bool,
    /// The cached static layer this canvas started as, if any: the PNG encoder reuses its
    /// colour reduction for every pixel the picture left unchanged.
    pub base: Option<Arc<Layer>>,
}

impl Canvas {
    /// A canvas of `width` x `height` logical pixels at `scale`.
    pub fn new(width: f32, height: f32, scale: f32, detail: bool) -> Result<Canvas, RenderError> {
        let (w, h) = Canvas::pixel_size(width, height, scale)?;
        let pixmap = Pixmap::new(w, h).ok_or(RenderError::Canvas)?;
        Ok(Canvas {
            pixmap,
            scale,
            detail,
            base: None,
        })
    }

    /// The size in pixels of a canvas of `width` x `height` logical pixels at `scale`.
    pub fn pixel_size(width: f32, height: f32, scale: f32) -> Result<(u32, u32), RenderError> {
        let w = (width * scale).round();
        let h = (height * scale).round();
        if !(w >= 1.0 && h >= 1.0 && w <= 8192.0 && h <= 8192.0) {
            return Err(RenderError::Canvas);
        }
        Ok((w as u32, h as u32))
    }

    fn transform(&self) -> Transform {
        Transform::from_scale(self.scale, self.scale)
    }

    /// Fills the whole canvas with one colour.
    pub fn clear(&mut self, color: Rgba) {
        self.pixmap.fill(color.color());
    }

    /// Fills a path with any paint.
    pub fn fill_paint(&mut self, path: &Path, paint: &Paint<'_>) {
        let t = self.transform();
        self.pixmap
            .fill_path(path, paint, FillRule::Winding, t, None);
    }

    /// Fills a path with a colour (nothing when the path is degenerate).
    pub fn fill(&mut self, path: Option<Path>, color: Rgba) {
        if let Some(path) = path {
            self.fill_paint(&path, &solid(color));
        }
    }

    /// Fills a rectangle without anti-aliasing (for lines on whole pixels: much faster).
    pub fn fill_crisp(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgba) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            let paint = Paint {
                anti_alias: false,
                ..solid(color)
            };
            let t = self.transform();
            self.pixmap.fill_rect(r, &paint, t, None);
        }
    }

    /// Fills a path with the even-odd rule (for rings and holes).
    pub fn fill_even_odd(&mut self, path: Option<Path>, color: Rgba) {
        if let Some(path) = path {
            let t = self.transform();
            self.pixmap
                .fill_path(&path, &solid(color), FillRule::EvenOdd, t, None);
        }
    }

    /// Strokes a path with round caps and joins.
    pub fn stroke(&mut self, path: Option<Path>, color: Rgba, width: f32) {
        if let Some(path) = path {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            let t = self.transform();
            self.pixmap
                .stroke_path(&path, &solid(color), &stroke, t, None);
        }
    }

    /// Strokes a path with dashes `on`, `off` long.
    pub fn stroke_dashed(
        &mut self,
        path: Option<Path>,
        color: Rgba,
        width: f32,
        on: f32,
        off: f32,
    ) {
        if let Some(path) = path {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Butt,
                dash: StrokeDash::new(vec![on, off], 0.0),
                ..Stroke::default()
            };
            let t = self.transform();
            self.pixmap
                .stroke_path(&path, &solid(color), &stroke, t, None);
        }
    }

    /// Fills a circle with a soft radial shading: lighter towards the upper left, `base` in
    /// the middle, darker at the rim. Gives pieces their raised look.
    pub fn shaded_circle(&mut self, cx: f32, cy: f32, r: f32, base: Rgba, light: Rgba, dark: Rgba) {
        let Some(path) = circle(cx, cy, r) else {
            return;
        };
        let stops = vec![
            GradientStop::new(0.0, light.color()),
            GradientStop::new(0.45, base.color()),
            GradientStop::new(0.8, base.color()),
            GradientStop::new(1.0, dark.color()),
        ];
        let shader = RadialGradient::new(
            Point::from_xy(cx - r * 0.35, cy - r * 0.4),
            0.0,
            Point::from_xy(cx, cy),
            r * 1.05,
            stops,
            SpreadMode::Pad,
            Transform::identity(),
        );
        match shader {
            Some(shader) => {
                let paint = Paint {
                    shader,
                    anti_alias: true,
                    ..Paint::default()
                };
                self.fill_paint(&path, &paint);
            }
            None => self.fill(Some(path), base),
        }
    }
}

/// A solid anti-aliased paint.
pub(crate) fn solid(color: Rgba) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(color.color()),
        anti_alias: true,
        ..Paint::default()
    }
}

/// A circle.
pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(cx, cy, r)
}

/// A ring between radii `r_in` and `r_out` (fill it with the even-odd rule).
pub(crate) fn ring(cx: f32, cy: f32, r_in: f32, r_out: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.push_circle(cx, cy, r_out);
    pb.push_circle(cx, cy, r_in);
    pb.finish()
}

/// A rectangle.
pub(crate) fn rect(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect)
}

/// A rectangle with rounded corners of radius `r`.
pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = 0.447_715 * r; // 1 - 0.5523: control point offset for a quarter circle
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// A closed polygon through `points`.
pub(crate) fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// An open polyline through `points`.
pub(crate) fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.finish()
}

/// A straight line.
pub(crate) fn line(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Path> {
    polyline(&[(x0, y0), (x1, y1)])
}

/// A small deterministic pseudo-random sequence (for wood grain): same seed, same picture.
pub(crate) struct Grain(u32);

impl Grain {
    /// Starts a sequence.
    pub fn new(seed: u32) -> Grain {
        Grain(seed.wrapping_mul(2_654_435_761).wrapping_add(1))
    }

    /// The next value in `0.0..1.0`.
    pub fn next(&mut self) -> f32 {
        // xorshift32
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }
}

/// Paints faint wood grain lines over a rectangle (only on detailed canvases).
pub(crate) fn wood_grain(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, tone: Rgba, seed: u32) {
    if !c.detail {
        return;
    }
    let mut g = Grain::new(seed);
    let lines = ((h / 9.0) as usize).clamp(4, 60);
    for i in 0..lines {
        let base_y = y + (i as f32 + g.next()) * h / lines as f32;
        let amp = 1.0 + g.next() * 3.0;
        let phase = g.next() * 6.0;
        let mut pb = PathBuilder::new();
        let steps = 8;
        for s in 0..=steps {
            let px = x + w * s as f32 / steps as f32;
            let py = base_y + amp * ((s as f32 * 0.9 + phase).sin());
            if s == 0 {
                pb.move_to(px, py);
            } else {
                pb.line_to(px, py);
            }
        }
        let alpha = 14 + (g.next() * 22.0) as u8;
        let width = 0.6 + g.next() * 1.6;
        c.stroke(pb.finish(), tone.alpha(alpha), width);
    }
}

/// Draws a wooden frame: a shadow, the dark frame with a light inner bevel, and grain.
pub(crate) fn wooden_frame(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, radius: f32) {
    use crate::theme::{FRAME, FRAME_EDGE, FRAME_LIGHT, SHADOW};
    for i in 0..3 {
        let d = 2.0 + 2.0 * i as f32;
        c.fill(
            rounded_rect(x + d * 0.5, y + d, w, h, radius + d * 0.5),
            SHADOW.alpha(0x28),
        );
    }
    c.fill(rounded_rect(x, y, w, h, radius), FRAME);
    wood_grain(c, x, y, w, h, FRAME_EDGE, 7);
    c.stroke(
        rounded_rect(x + 1.5, y + 1.5, w - 3.0, h - 3.0, radius - 1.0),
        FRAME_LIGHT,
        1.5,
    );
    c.stroke(rounded_rect(x, y, w, h, radius), FRAME_EDGE, 1.0);
}
