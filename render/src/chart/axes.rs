//! A chart's plot area: where it sits, the ranges its two axes show, how a value maps to a
//! pixel, round numbers for the ticks, and the field with its grid.

use crate::canvas::{Canvas, polyline, rect};
use crate::chart::page::{LABEL_EM, baseline, label};
use crate::font::{Align, Face, Fonts};
use crate::theme::{BOARD, BOARD_LINE, CHART_FIELD, CHART_GRID, INK_DARK, Rgba};

/// The plot area and the ranges it shows. Ranges are never empty ([`Plot::new`] widens an
/// empty one), so every mapping is finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plot {
    /// Left, top, width and height in logical pixels.
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    /// The values at the left and right edges.
    pub x_range: (f64, f64),
    /// The values at the bottom and top edges.
    pub y_range: (f64, f64),
}

impl Plot {
    /// A plot area at (`x`, `y`), `w` x `h`, showing `x_range` across and `y_range` up; an
    /// empty or reversed range is widened by one on each side.
    pub fn new(
        (x, y, w, h): (f32, f32, f32, f32),
        x_range: (f64, f64),
        y_range: (f64, f64),
    ) -> Plot {
        let widen = |(lo, hi): (f64, f64)| {
            if hi > lo {
                (lo, hi)
            } else {
                (lo - 1.0, lo + 1.0)
            }
        };
        Plot {
            x,
            y,
            w,
            h,
            x_range: widen(x_range),
            y_range: widen(y_range),
        }
    }

    /// The pixel column of `v` on the x axis (outside the area for values outside the range).
    pub fn px(&self, v: f64) -> f32 {
        let (lo, hi) = self.x_range;
        self.x + (((v - lo) / (hi - lo)) as f32) * self.w
    }

    /// The pixel row of `v` on the y axis, kept inside the area: bands wider than the range
    /// flatten at its edge instead of leaving it.
    pub fn py(&self, v: f64) -> f32 {
        let (lo, hi) = self.y_range;
        let t = (((v - lo) / (hi - lo)) as f32).clamp(0.0, 1.0);
        self.y + self.h - t * self.h
    }

    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The field, with a faint horizontal grid line at each of `ticks` and their labels left
    /// of the area (right-aligned up to `label_w` wide), and a vertical one at each of
    /// `columns`.
    pub fn field(
        &self,
        c: &mut Canvas,
        fonts: &Fonts,
        ticks: &[(f64, String)],
        label_w: f32,
        columns: &[f64],
    ) {
        c.fill(rect(self.x, self.y, self.w, self.h), CHART_FIELD);
        for (v, text) in ticks {
            let y = self.py(*v).round();
            c.fill_crisp(self.x, y, self.w, 1.0, CHART_GRID);
            label(
                c,
                fonts,
                text,
                self.x - 8.0,
                baseline(y, LABEL_EM),
                LABEL_EM,
                Face::Regular,
                label_w,
                Align::Right,
            );
        }
        for v in columns {
            let x = self.px(*v).round();
            c.fill_crisp(x, self.y, 1.0, self.h, CHART_GRID);
        }
    }

    /// Labels under the field, each centred on its value's column but kept inside the
    /// field's width, in a row whose middle is `mid`.
    pub fn column_labels(&self, c: &mut Canvas, fonts: &Fonts, labels: &[(f64, String)], mid: f32) {
        for (v, text) in labels {
            let w = fonts.measure(text, LABEL_EM, Face::Regular);
            let x = self.px(*v).clamp(
                self.x + w / 2.0,
                (self.right() - w / 2.0).max(self.x + w / 2.0),
            );
            fonts.draw(
                c,
                text,
                x,
                baseline(mid, LABEL_EM),
                LABEL_EM,
                Face::Regular,
                INK_DARK,
                Align::Center,
            );
        }
    }

    /// A curve through `points` (x, y values) in `color`, over a light halo so it shows on
    /// bands and other curves.
    pub fn trace(&self, c: &mut Canvas, points: &[(f64, f64)], color: Rgba) {
        let pts: Vec<(f32, f32)> = points
            .iter()
            .map(|&(x, y)| (self.px(x), self.py(y)))
            .collect();
        c.stroke(polyline(&pts), BOARD.alpha(0xb0), 6.5);
        c.stroke(polyline(&pts), color, 3.5);
    }

    /// The frame round the field, drawn last so curves end cleanly at its edges.
    pub fn outline(&self, c: &mut Canvas) {
        c.stroke(rect(self.x, self.y, self.w, self.h), BOARD_LINE, 1.5);
    }
}

/// Round tick values covering `lo..=hi` with at most `most` ticks (at least 2): steps of 1,
/// 2 or 5 times a power of ten. Returns the widened range (from the first tick to the last)
/// and the ticks; a range that is empty or not finite gives one step round `lo`.
pub(crate) fn round_ticks(lo: f64, hi: f64, most: usize) -> ((f64, f64), Vec<f64>) {
    let most = most.max(2);
    if !(lo.is_finite() && hi.is_finite()) {
        return ((0.0, 1.0), vec![0.0, 1.0]);
    }
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, lo + 1.0)
    };
    let raw = (hi - lo) / (most - 1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| (((hi / s).ceil() - (lo / s).floor()) as usize) < most)
        .unwrap_or(10.0 * power);
    let first = (lo / step).floor();
    let last = (hi / step).ceil();
    let count = ((last - first) as usize).min(most * 2);
    let ticks: Vec<f64> = (0..=count).map(|i| (first + i as f64) * step).collect();
    ((first * step, last * step), ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let ((lo, hi), ticks) = round_ticks(1432.0, 1618.0, 6);
        assert!(lo <= 1432.0 && hi >= 1618.0);
        assert!(ticks.len() <= 6, "{ticks:?}");
        assert!(ticks.iter().all(|t| t % 50.0 == 0.0), "{ticks:?}");
        // an empty range and a range of infinities still give two ticks
        let one = round_ticks(1500.0, 1500.0, 5).1;
        assert!((2..=5).contains(&one.len()), "{one:?}");
        assert_eq!(round_ticks(f64::NAN, 3.0, 5).1.len(), 2);
    }

    #[test]
    fn values_map_inside_the_area() {
        let p = Plot::new((10.0, 20.0, 100.0, 50.0), (0.0, 0.0), (0.0, 1.0));
        assert_eq!(p.x_range, (-1.0, 1.0));
        assert_eq!(p.py(2.0), 20.0);
        assert_eq!(p.py(-5.0), 70.0);
        assert_eq!(p.px(0.0), 60.0);
    }
}
