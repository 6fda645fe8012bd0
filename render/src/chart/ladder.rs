//! A ladder's top players over a window of time (the caller passes the last 90 days): one
//! rating curve per player in its own colour, its rank at the curve's end, and a legend of
//! ranks and names.

use crate::RenderError;
use crate::canvas::{Canvas, circle};
use crate::chart::axes::{Plot, round_ticks};
use crate::chart::dates::{LATEST, date_ticks};
use crate::chart::page::{
    LABEL_EM, NAME_EM, OUTER, PANEL_TOP, ROW_H, WIDTH, baseline, finish, label, line_swatch, page,
};
use crate::chart::rating::empty;
use crate::font::{Align, Face, fonts};
use crate::png::Png;
use crate::theme::{BOARD, INK_DARK, INK_LIGHT, SERIES};

/// The most players a ladder chart holds: more curves would not be told apart.
pub const MAX_LADDER_CURVES: usize = SERIES.len();
/// Height of the plot area.
const PLOT_H: f32 = 300.0;
/// The narrowest rating range shown.
const MIN_RANGE: f64 = 100.0;
/// Radius of the rank badges at the curves' ends.
const BADGE_R: f32 = 12.0;

/// A ladder's top players' ratings over a window, every word given by the caller.
///
/// Exists so the `ladder` command describes its picture as plain data; [`ladder_png`]
/// draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LadderChart {
    /// The first line ("Hnefatafl ladder").
    pub title: String,
    /// The players, best first (at most [`MAX_LADDER_CURVES`]).
    pub players: Vec<LadderCurve>,
    /// The window's start and end (unix seconds, UTC; `since` before `until`).
    pub since: i64,
    /// The window's end: each curve runs on at its last rating to here.
    pub until: i64,
    /// Shown instead of the graph when no player has a rating in the window ("No ranked
    /// games yet").
    pub empty: String,
}

/// One player's curve.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LadderCurve {
    /// The player's name, shortened when drawn if too long.
    pub name: String,
    /// The rating after each game (unix seconds, rating), in any order; the last one before
    /// the window starts the curve at its left edge, later ones than the window are left out.
    pub points: Vec<(i64, f64)>,
    /// The player's place on the ladder, shown in the legend and at the curve's end.
    pub rank: u32,
}

/// Draws a ladder's curves as a PNG 640 px wide; a ladder without a rating in its window
/// shows its `empty` words.
///
/// Refuses ([`RenderError::InvalidScene`]) more than [`MAX_LADDER_CURVES`] players, a
/// window that ends before it starts or lies outside 1970..=9999, and a rating that is not
/// a number.
pub fn ladder_png(chart: &LadderChart) -> Result<Png, RenderError> {
    finish(&draw(chart)?)
}

/// Checks what the types cannot.
fn check(chart: &LadderChart) -> Result<(), RenderError> {
    let bad = |m: String| Err(RenderError::InvalidScene(m));
    if chart.players.len() > MAX_LADDER_CURVES {
        return bad(format!(
            "{} ladder curves; at most {MAX_LADDER_CURVES}",
            chart.players.len()
        ));
    }
    if !(0 <= chart.since && chart.since < chart.until && chart.until <= LATEST) {
        return bad(format!(
            "the window {}..{} is not a span of time",
            chart.since, chart.until
        ));
    }
    if let Some(p) = chart
        .players
        .iter()
        .find(|p| p.points.iter().any(|(_, r)| !r.is_finite()))
    {
        return bad(format!("{}: a rating is not a number", p.name));
    }
    Ok(())
}

/// The part of a curve drawn in the window: from the last rating before it (at its start),
/// through the ratings in it, on to its end at the last one.
fn in_window(points: &[(i64, f64)], since: i64, until: i64) -> Vec<(f64, f64)> {
    let mut sorted: Vec<(i64, f64)> = points.iter().copied().filter(|p| p.0 <= until).collect();
    sorted.sort_by_key(|p| p.0);
    let before = sorted.iter().rev().find(|p| p.0 < since).map(|p| p.1);
    let mut out: Vec<(f64, f64)> = before.map(|r| (since as f64, r)).into_iter().collect();
    out.extend(
        sorted
            .iter()
            .filter(|p| p.0 >= since)
            .map(|&(t, r)| (t as f64, r)),
    );
    if let Some(&(_, r)) = out.last() {
        out.push((until as f64, r));
    }
    out
}

/// Checks, lays out and draws the chart.
pub(crate) fn draw(chart: &LadderChart) -> Result<Canvas, RenderError> {
    check(chart)?;
    let fonts = fonts()?;
    let curves: Vec<Vec<(f64, f64)>> = chart
        .players
        .iter()
        .map(|p| in_window(&p.points, chart.since, chart.until))
        .collect();
    let ratings = curves.iter().flatten().map(|p| p.1);
    let Some((lo, hi)) = ratings
        .map(|r| (r, r))
        .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))
    else {
        return empty(fonts, &chart.title, &chart.empty);
    };
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

    // the legend: two columns, best first down the left then the right
    let per_column = chart.players.len().div_ceil(2);
    let legend_top = PANEL_TOP + 8.0;
    let plot_y = legend_top + ROW_H * per_column as f32 + 14.0;
    let plot_x = OUTER + 12.0 + label_w + 10.0;
    let badges = 2.0 * BADGE_R + 10.0;
    let plot = Plot::new(
        (
            plot_x,
            plot_y,
            WIDTH - OUTER - 12.0 - badges - plot_x,
            PLOT_H,
        ),
        (chart.since as f64, chart.until as f64),
        (lo, hi),
    );
    let dates_mid = plot.bottom() + 20.0;
    let panel_bottom = dates_mid + 22.0;
    let mut c = page(fonts, &chart.title, panel_bottom + OUTER, panel_bottom)?;
    let dates: Vec<(f64, String)> = date_ticks(chart.since, chart.until, 5)
        .into_iter()
        .map(|(at, l)| (at as f64, l))
        .collect();
    let columns: Vec<f64> = dates.iter().map(|d| d.0).collect();
    plot.field(&mut c, fonts, &ticks, label_w, &columns);
    // the best player's curve last, on top
    for (i, curve) in curves.iter().enumerate().rev() {
        let color = SERIES.get(i).copied().unwrap_or(INK_DARK);
        if let [only] = curve.as_slice() {
            crate::chart::marks::point(&mut c, plot.px(only.0), plot.py(only.1), 5.0, color);
        } else {
            plot.trace(&mut c, curve, color);
        }
    }
    plot.outline(&mut c);
    plot.column_labels(&mut c, fonts, &dates, dates_mid);
    rank_badges(&mut c, chart, &curves, &plot);

    let column_w = (WIDTH - 2.0 * OUTER - 28.0) / 2.0;
    for (i, p) in chart.players.iter().enumerate() {
        let (col, row) = (i / per_column.max(1), i % per_column.max(1));
        let x = OUTER + 14.0 + column_w * col as f32;
        let mid = legend_top + ROW_H * (row as f32 + 0.5);
        let color = SERIES.get(i).copied().unwrap_or(INK_DARK);
        line_swatch(&mut c, x, mid, color);
        let rank = format!("{}.", p.rank);
        let w = label(
            &mut c,
            fonts,
            &rank,
            x + 34.0,
            baseline(mid, NAME_EM),
            NAME_EM,
            Face::Bold,
            column_w,
            Align::Left,
        );
        label(
            &mut c,
            fonts,
            &p.name,
            x + 34.0 + w + 8.0,
            baseline(mid, NAME_EM),
            NAME_EM,
            Face::Regular,
            column_w - 34.0 - w - 16.0,
            Align::Left,
        );
    }
    Ok(c)
}

/// Each curve's rank in a badge of its colour right of the plot, level with the curve's
/// end, pushed apart so none hides another.
fn rank_badges(c: &mut Canvas, chart: &LadderChart, curves: &[Vec<(f64, f64)>], plot: &Plot) {
    let Ok(fonts) = fonts() else {
        return;
    };
    let mut ends: Vec<(f32, usize)> = curves
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.last().map(|p| (plot.py(p.1), i)))
        .collect();
    ends.sort_by(|a, b| a.0.total_cmp(&b.0));
    let gap = 2.0 * BADGE_R + 2.0;
    // down from the top, then back up from the bottom if the last ones ran out of room
    let mut prev = f32::NEG_INFINITY;
    for end in &mut ends {
        end.0 = end.0.max(prev + gap);
        prev = end.0;
    }
    let mut next = plot.bottom() + BADGE_R;
    for end in ends.iter_mut().rev() {
        end.0 = end.0.min(next);
        next = end.0 - gap;
    }
    let x = plot.right() + 6.0 + BADGE_R;
    for (y, i) in ends {
        let color = SERIES.get(i).copied().unwrap_or(INK_DARK);
        let rank = chart.players.get(i).map_or(0, |p| p.rank).to_string();
        c.fill(circle(x, y, BADGE_R + 2.0), INK_DARK);
        c.fill(circle(x, y, BADGE_R), color);
        // a light rank on dark colours, a dark one on the light colour
        let ink = if color == BOARD || color.0 as u32 + color.1 as u32 + color.2 as u32 > 600 {
            INK_DARK
        } else {
            INK_LIGHT
        };
        let em = if rank.len() > 2 { 12.0 } else { 16.0 };
        fonts.draw_centered(c, &rank, x, y, em, Face::Bold, ink);
    }
}
