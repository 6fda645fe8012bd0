//! A player's rating history: one line per rule set with its deviation as a translucent
//! band, each game's result as a dot on the line (told apart by colour and shape), dates
//! along the bottom and round ratings up the side.

use crate::RenderError;
use crate::canvas::{Canvas, polygon, rounded_rect};
use crate::chart::axes::{Plot, round_ticks};
use crate::chart::dates::{DAY, LATEST, date_ticks};
use crate::chart::marks::{Shape, dot, point};
use crate::chart::page::{
    LABEL_EM, NAME_EM, OUTER, PANEL_TOP, ROW_H, WIDTH, baseline, finish, label, line_swatch, page,
};
use crate::font::{Align, Face, Fonts, fonts};
use crate::png::Png;
use crate::theme::{DOT_DRAW, DOT_LOSS, DOT_WIN, INK_DARK, Rgba, SERIES};

/// The most series a chart holds (one per rule set; Skald has eight).
pub(crate) const MAX_SERIES: usize = SERIES.len();
/// Height of the plot area.
const PLOT_H: f32 = 280.0;
/// How much of a deviation widens the rating axis: a provisional player's band (a
/// deviation of 350) would otherwise squash every line flat; beyond this the band is cut
/// at the plot's edge.
const DEVIATION_SHOWN: f64 = 200.0;
/// The narrowest rating range shown, so a steady player's line is not blown up.
const MIN_RANGE: f64 = 100.0;

/// A player's rating history to draw, every word given by the caller in the reader's
/// language.
///
/// Exists so the `rating` command describes its picture as plain data; [`rating_png`]
/// draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingChart {
    /// The first line ("Rating of alice").
    pub title: String,
    /// One series per rule set, in the order their legend lists them (at most ten).
    pub series: Vec<RatingSeries>,
    /// Shown instead of the graph when no series has a point ("No rated games yet").
    pub empty: String,
    /// What the result dots mean, listed in the legend when a dot is drawn.
    pub dots: DotWords,
}

/// One rule set's rating over time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingSeries {
    /// The rule set's name, in the legend.
    pub label: String,
    /// The rating after each rated game, in any order (drawn by time).
    pub points: Vec<RatingPoint>,
    /// The player's place on the ladder ("#3 of 12"), shown beside the label.
    pub rank: Option<String>,
}

/// The rating at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingPoint {
    /// When (unix seconds, UTC; from 1970 to the year 9999).
    pub at: i64,
    /// The rating.
    pub rating: f64,
    /// Its deviation (Glicko's RD, not negative): the band drawn is the rating plus or
    /// minus one deviation, where the player's strength lies about two times in three.
    pub deviation: f64,
    /// The game's result at this point, drawn as a dot; `None` for a point without a game
    /// (the start).
    pub result: Option<Dot>,
}

/// A game's result, as a dot on a rating line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dot {
    /// A win: a green triangle pointing up.
    Win,
    /// A loss: a red triangle pointing down.
    Loss,
    /// A draw: a blue diamond.
    Draw,
}

/// The legend's words for the result dots ("win", "loss", "draw").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotWords {
    /// Beside the win dot.
    pub win: String,
    /// Beside the loss dot.
    pub loss: String,
    /// Beside the draw dot.
    pub draw: String,
}

impl Dot {
    fn look(self) -> (Shape, Rgba) {
        match self {
            Dot::Win => (Shape::Up, DOT_WIN),
            Dot::Loss => (Shape::Down, DOT_LOSS),
            Dot::Draw => (Shape::Diamond, DOT_DRAW),
        }
    }
}

/// Draws a rating history as a PNG 640 px wide; a chart without points shows its `empty`
/// words.
///
/// Refuses ([`RenderError::InvalidScene`]) more than ten series, a rating or deviation that
/// is not a number, a negative deviation and a time outside 1970..=9999.
pub fn rating_png(chart: &RatingChart) -> Result<Png, RenderError> {
    finish(&draw(chart)?)
}

/// Checks what the types cannot.
fn check(chart: &RatingChart) -> Result<(), RenderError> {
    let bad = |m: String| Err(RenderError::InvalidScene(m));
    if chart.series.len() > MAX_SERIES {
        return bad(format!(
            "{} rating series; at most {MAX_SERIES}",
            chart.series.len()
        ));
    }
    for s in &chart.series {
        for p in &s.points {
            if !(p.rating.is_finite() && p.deviation.is_finite() && p.deviation >= 0.0) {
                return bad(format!(
                    "{}: rating {} ± {} is not a rating",
                    s.label, p.rating, p.deviation
                ));
            }
            if !(0..=LATEST).contains(&p.at) {
                return bad(format!("{}: time {} is out of range", s.label, p.at));
            }
        }
    }
    Ok(())
}

/// A chart's empty panel: the title and the words saying why there is nothing to draw.
pub(crate) fn empty(fonts: &Fonts, title: &str, words: &str) -> Result<Canvas, RenderError> {
    let bottom = PANEL_TOP + 90.0;
    let mut c = page(fonts, title, bottom + OUTER, bottom)?;
    label(
        &mut c,
        fonts,
        words,
        WIDTH / 2.0,
        baseline(PANEL_TOP + 45.0, NAME_EM),
        NAME_EM,
        Face::Regular,
        WIDTH - 2.0 * OUTER - 24.0,
        Align::Center,
    );
    Ok(c)
}

/// Checks, lays out and draws the chart.
pub(crate) fn draw(chart: &RatingChart) -> Result<Canvas, RenderError> {
    check(chart)?;
    let fonts = fonts()?;
    let points = chart.series.iter().flat_map(|s| &s.points);
    let Some((t0, t1)) = points
        .clone()
        .map(|p| (p.at, p.at))
        .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))
    else {
        return empty(fonts, &chart.title, &chart.empty);
    };
    // a day either side of a short history, and a little room for the dots at the ends
    let (t0, t1) = if t1 - t0 < 2 * DAY {
        (t0 - DAY, t1 + DAY)
    } else {
        (t0, t1)
    };
    let pad = (t1 - t0) as f64 * 0.04;
    let (lo, hi) = points
        .clone()
        .map(|p| {
            let d = p.deviation.min(DEVIATION_SHOWN);
            (p.rating - d, p.rating + d)
        })
        .fold((f64::INFINITY, f64::NEG_INFINITY), |a, b| {
            (a.0.min(b.0), a.1.max(b.1))
        });
    let (lo, hi) = if hi - lo < MIN_RANGE {
        let mid = (lo + hi) / 2.0;
        (mid - MIN_RANGE / 2.0, mid + MIN_RANGE / 2.0)
    } else {
        (lo, hi)
    };
    let ((lo, hi), ticks) = round_ticks(lo, hi, 6);
    let ticks: Vec<(f64, String)> = ticks.into_iter().map(|t| (t, format!("{t:.0}"))).collect();
    let label_w = ticks
        .iter()
        .map(|(_, t)| fonts.measure(t, LABEL_EM, Face::Regular))
        .fold(0.0, f32::max);

    let with_dots = points.clone().any(|p| p.result.is_some())
        && [&chart.dots.win, &chart.dots.loss, &chart.dots.draw]
            .iter()
            .any(|w| !w.is_empty());
    let rows = chart.series.len() + usize::from(with_dots);
    let legend_top = PANEL_TOP + 8.0;
    let plot_y = legend_top + ROW_H * rows as f32 + 14.0;
    let plot_x = OUTER + 12.0 + label_w + 10.0;
    let plot = Plot::new(
        (plot_x, plot_y, WIDTH - OUTER - 18.0 - plot_x, PLOT_H),
        (t0 as f64 - pad, t1 as f64 + pad),
        (lo, hi),
    );
    let dates_mid = plot.bottom() + 20.0;
    let panel_bottom = dates_mid + 22.0;
    let mut c = page(fonts, &chart.title, panel_bottom + OUTER, panel_bottom)?;

    let dates: Vec<(f64, String)> = date_ticks(t0, t1, 5)
        .into_iter()
        .map(|(at, l)| (at as f64, l))
        .collect();
    let columns: Vec<f64> = dates.iter().map(|d| d.0).collect();
    plot.field(&mut c, fonts, &ticks, label_w, &columns);
    for (i, s) in chart.series.iter().enumerate() {
        let color = SERIES.get(i).copied().unwrap_or(INK_DARK);
        series(&mut c, &plot, s, color);
    }
    plot.outline(&mut c);
    plot.column_labels(&mut c, fonts, &dates, dates_mid);

    // the legend: a row per series, then the dots
    for (i, s) in chart.series.iter().enumerate() {
        let mid = legend_top + ROW_H * (i as f32 + 0.5);
        let color = SERIES.get(i).copied().unwrap_or(INK_DARK);
        line_swatch(&mut c, OUTER + 14.0, mid, color);
        let x = OUTER + 14.0 + 36.0;
        let right = WIDTH - OUTER - 14.0;
        let rank_w = s.rank.as_ref().map_or(0.0, |r| {
            fonts
                .measure(r, NAME_EM, Face::Regular)
                .min((right - x) / 2.0)
        });
        let w = label(
            &mut c,
            fonts,
            &s.label,
            x,
            baseline(mid, NAME_EM),
            NAME_EM,
            Face::Bold,
            right - x - rank_w - 14.0,
            Align::Left,
        );
        if let Some(rank) = &s.rank {
            label(
                &mut c,
                fonts,
                rank,
                x + w + 14.0,
                baseline(mid, NAME_EM),
                NAME_EM,
                Face::Regular,
                rank_w,
                Align::Left,
            );
        }
    }
    if with_dots {
        let mid = legend_top + ROW_H * (chart.series.len() as f32 + 0.5);
        let mut x = OUTER + 14.0;
        let each = (WIDTH - 2.0 * OUTER - 28.0) / 3.0;
        for (d, words) in [
            (Dot::Win, &chart.dots.win),
            (Dot::Loss, &chart.dots.loss),
            (Dot::Draw, &chart.dots.draw),
        ] {
            let (shape, color) = d.look();
            dot(&mut c, x + 9.0, mid, 7.0, shape, color);
            label(
                &mut c,
                fonts,
                words,
                x + 24.0,
                baseline(mid, LABEL_EM),
                LABEL_EM,
                Face::Regular,
                each - 34.0,
                Align::Left,
            );
            x += each;
        }
    }
    Ok(c)
}

/// One series: its band, its line and its dots (a single point: a bar for the band and a
/// point).
fn series(c: &mut Canvas, plot: &Plot, s: &RatingSeries, color: Rgba) {
    let mut pts: Vec<&RatingPoint> = s.points.iter().collect();
    pts.sort_by_key(|p| p.at);
    let band = color.alpha(0x48);
    if let [p] = pts.as_slice() {
        let (x, top, bottom) = (
            plot.px(p.at as f64),
            plot.py(p.rating + p.deviation),
            plot.py(p.rating - p.deviation),
        );
        c.fill(rounded_rect(x - 9.0, top, 18.0, bottom - top, 6.0), band);
    } else if !pts.is_empty() {
        let mut outline: Vec<(f32, f32)> = pts
            .iter()
            .map(|p| (plot.px(p.at as f64), plot.py(p.rating + p.deviation)))
            .collect();
        outline.extend(
            pts.iter()
                .rev()
                .map(|p| (plot.px(p.at as f64), plot.py(p.rating - p.deviation))),
        );
        c.fill(polygon(&outline), band);
        let line: Vec<(f64, f64)> = pts.iter().map(|p| (p.at as f64, p.rating)).collect();
        plot.trace(c, &line, color);
    }
    for p in &pts {
        let (x, y) = (plot.px(p.at as f64), plot.py(p.rating));
        match p.result {
            Some(d) => {
                let (shape, dot_color) = d.look();
                dot(c, x, y, 7.0, shape, dot_color);
            }
            None if pts.len() == 1 => point(c, x, y, 5.0, color),
            None => {}
        }
    }
}
