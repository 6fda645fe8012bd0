//! The engine's win-chance graph of a game (as lichess draws its computer analysis): the
//! first seat's chance of winning from the start to the last turn, the area between the
//! curve and the 50% line tinted towards the colour of the seat it favours, the turning
//! points marked on the curve with their labels.

use crate::RenderError;
use crate::canvas::{Canvas, line, polygon, polyline, rounded_rect};
use crate::chart::axes::{Plot, round_ticks};
use crate::chart::marks::{point, tag};
use crate::chart::page::{
    LABEL_EM, NAME_EM, NOTE_EM, OUTER, PANEL_TOP, WIDTH, baseline, finish, label, note, page,
};
use crate::font::{Align, Face, Fonts, fonts};
use crate::pieces::{Tone, disc};
use crate::png::Png;
use crate::theme::{BOARD, CHART_CURVE, FRAME, INK_DARK};

/// The most turning points a graph marks (the review shows up to three).
const MAX_MARKS: usize = 12;
/// Height of the plot area.
const PLOT_H: f32 = 270.0;
/// The widest the axis words' column gets.
const AXIS_WORDS_MAX: f32 = 110.0;

/// A finished game's win-chance graph, every word given by the caller in the reader's
/// language.
///
/// Exists so the review command describes its graph as plain data; [`win_chance_png`]
/// draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WinChart {
    /// The first line ("Game #12 · Hnefatafl").
    pub title: String,
    /// The two seats, the first seat (whose chance is drawn) first.
    pub players: [ChartPlayer; 2],
    /// The first seat's chance of winning, `0.0..=1.0`, at the start and after each turn.
    /// Values outside the range are drawn at its edge; a value that is not a number (NaN,
    /// infinite) is refused. Empty or one value draws a flat graph.
    pub chances: Vec<f64>,
    /// The turning points, marked on the curve with their labels (at most 12).
    pub marks: Vec<ChartMark>,
    /// Shown under the graph when the result did not come from play ("bob resigned after
    /// move 31", "time ran out").
    pub note: Option<String>,
    /// The words on the axes.
    pub axis: AxisWords,
    /// How many values of [`WinChart::chances`] one numbered move spans, for the x axis's
    /// numbers: 2 where a move and its reply share a number (Hnefatafl, Subulata: the
    /// number `n` stands under the value after the reply of move `n`), 1 where each turn has
    /// its own (the dice games). 0 counts as 1.
    pub per_move: u32,
}

/// One seat of a [`WinChart`]: its player's name and the colour its pieces have on the
/// board, so the graph's areas look like the board's sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartPlayer {
    /// The player's name, shortened when drawn if too long.
    pub name: String,
    /// The colour of the seat's pieces ([`crate::piece_tone`] gives it).
    pub tone: Tone,
}

impl Default for ChartPlayer {
    fn default() -> ChartPlayer {
        ChartPlayer {
            name: String::new(),
            tone: Tone::Light,
        }
    }
}

/// A turning point on the curve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChartMark {
    /// Which value of [`WinChart::chances`] it marks (the chance after the turn).
    pub index: usize,
    /// Its label ("14": the move's number, as the review's text names it).
    pub label: String,
}

/// The few words on a win-chance graph's axes, in the reader's language (French writes
/// "100 %", with a no-break space).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AxisWords {
    /// The top of the y axis ("100%": the first seat wins).
    pub top: String,
    /// The middle line ("50%").
    pub middle: String,
    /// The bottom ("0%": the second seat wins).
    pub bottom: String,
    /// What the x axis counts ("move"; see [`WinChart::per_move`]).
    pub moves: String,
}

/// Draws a win-chance graph as a PNG 640 px wide.
///
/// Refuses ([`RenderError::InvalidScene`]) a chance that is not a number, more than 12
/// marks, and a mark past the last chance.
pub fn win_chance_png(chart: &WinChart) -> Result<Png, RenderError> {
    finish(&draw(chart)?)
}

/// Checks what the types cannot.
fn check(chart: &WinChart) -> Result<(), RenderError> {
    let bad = |m: String| Err(RenderError::InvalidScene(m));
    if let Some(i) = chart.chances.iter().position(|v| !v.is_finite()) {
        return bad(format!("win chance {i} is not a number"));
    }
    if chart.marks.len() > MAX_MARKS {
        return bad(format!(
            "{} turning points; a graph marks at most {MAX_MARKS}",
            chart.marks.len()
        ));
    }
    if let Some(m) = chart.marks.iter().find(|m| m.index >= chart.chances.len()) {
        return bad(format!(
            "a turning point at {} of {} chances",
            m.index,
            chart.chances.len()
        ));
    }
    Ok(())
}

/// The curve's points: the chances clamped to `0..=1`, with a point on the 50% line
/// wherever the curve crosses it, so each side's area ends exactly there.
fn curve(chances: &[f64]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(chances.len() + 8);
    let mut prev: Option<(f64, f64)> = None;
    for (i, v) in chances.iter().enumerate() {
        let (x, y) = (i as f64, v.clamp(0.0, 1.0));
        if let Some((px, py)) = prev
            && (py - 0.5) * (y - 0.5) < 0.0
        {
            let t = (0.5 - py) / (y - py);
            out.push((px + t * (x - px), 0.5));
        }
        out.push((x, y));
        prev = Some((x, y));
    }
    out
}

/// The colour of a seat's area: its pieces' body colour, the dark one a little translucent.
fn area_color(tone: Tone) -> crate::theme::Rgba {
    match tone {
        Tone::Light => tone.body(),
        Tone::Dark => tone.body().alpha(0xd8),
    }
}

/// The plot area, and the width of the axis words' column left of it.
pub(crate) fn layout(chart: &WinChart, fonts: &Fonts) -> (Plot, f32) {
    let a = &chart.axis;
    let words_w = [&a.top, &a.middle, &a.bottom, &a.moves]
        .iter()
        .map(|t| fonts.measure(t, LABEL_EM, Face::Regular))
        .fold(24.0, f32::max)
        .min(AXIS_WORDS_MAX);
    let plot_x = OUTER + 12.0 + words_w + 10.0;
    let plot_y = PANEL_TOP + 16.0;
    let last = chart.chances.len().saturating_sub(1) as f64;
    let plot = Plot::new(
        (plot_x, plot_y, WIDTH - OUTER - 18.0 - plot_x, PLOT_H),
        (0.0, last),
        (0.0, 1.0),
    );
    (plot, words_w)
}

/// Checks, lays out and draws the graph.
pub(crate) fn draw(chart: &WinChart) -> Result<Canvas, RenderError> {
    check(chart)?;
    let fonts = fonts()?;
    let a = &chart.axis;
    let (plot, words_w) = layout(chart, fonts);
    let last = chart.chances.len().saturating_sub(1) as f64;
    let ticks_mid = plot.bottom() + 20.0;
    let panel_bottom = ticks_mid + 22.0;
    let height = match &chart.note {
        Some(n) if !n.is_empty() => panel_bottom + NOTE_EM + 26.0,
        _ => panel_bottom + OUTER,
    };
    let mut c = page(fonts, &chart.title, height, panel_bottom)?;

    let y_ticks = [
        (1.0, a.top.clone()),
        (0.5, a.middle.clone()),
        (0.0, a.bottom.clone()),
    ];
    // the x axis's numbers: round move numbers, under the value after each such move
    let per_move = f64::from(chart.per_move.max(1));
    let moves = (last / per_move).floor();
    let (_, x_ticks) = round_ticks(0.0, moves.max(1.0), 7);
    let x_ticks: Vec<(f64, String)> = x_ticks
        .into_iter()
        .filter(|t| t.fract() == 0.0 && *t >= 0.0 && *t <= moves)
        .map(|t| (t * per_move, format!("{t:.0}")))
        .collect();
    let columns: Vec<f64> = x_ticks.iter().map(|t| t.0).collect();
    plot.field(&mut c, fonts, &y_ticks, words_w, &columns);

    draw_curve(&mut c, chart, &plot);
    // the 50% line over the areas
    let mid = plot.py(0.5);
    c.stroke_dashed(
        line(plot.x, mid, plot.right(), mid),
        INK_DARK.alpha(0xa0),
        1.5,
        6.0,
        5.0,
    );
    for m in &chart.marks {
        let Some(v) = chart.chances.get(m.index) else {
            continue;
        };
        let v = v.clamp(0.0, 1.0);
        let (x, y) = (plot.px(m.index as f64), plot.py(v));
        // the label on the side of the 50% line, where the curve left room
        let ty = if v >= 0.5 { y + 28.0 } else { y - 28.0 };
        c.stroke(line(x, y, x, ty), INK_DARK, 1.5);
        tag(
            &mut c,
            fonts,
            &m.label,
            x,
            ty,
            LABEL_EM,
            plot.x + 2.0,
            plot.right() - 2.0,
        );
        point(&mut c, x, y, 6.0, CHART_CURVE);
    }
    plot.outline(&mut c);
    player_tag(&mut c, fonts, &chart.players[0], &plot, true);
    player_tag(&mut c, fonts, &chart.players[1], &plot, false);

    // the x axis: its word under the y axis's words, then the turn numbers
    label(
        &mut c,
        fonts,
        &a.moves,
        plot.x - 8.0,
        baseline(ticks_mid, LABEL_EM),
        LABEL_EM,
        Face::Regular,
        words_w,
        Align::Right,
    );
    plot.column_labels(&mut c, fonts, &x_ticks, ticks_mid);
    if let Some(text) = chart.note.as_deref().filter(|n| !n.is_empty()) {
        note(&mut c, fonts, text, panel_bottom + 14.0 + NOTE_EM);
    }
    Ok(c)
}

/// The two areas and the curve; a single chance is a flat line across the graph, none
/// draws no curve.
fn draw_curve(c: &mut Canvas, chart: &WinChart, plot: &Plot) {
    let pts = curve(&chart.chances);
    if let [(_, v)] = pts.as_slice() {
        let y = plot.py(*v);
        c.stroke(line(plot.x, y, plot.right(), y), CHART_CURVE, 3.5);
        return;
    }
    let (Some(first), Some(last)) = (pts.first(), pts.last()) else {
        return;
    };
    let mid = plot.py(0.5);
    for (favours_first, tone) in [
        (true, chart.players[0].tone),
        (false, chart.players[1].tone),
    ] {
        let mut area: Vec<(f32, f32)> = pts
            .iter()
            .map(|&(x, v)| {
                let v = if favours_first {
                    v.max(0.5)
                } else {
                    v.min(0.5)
                };
                (plot.px(x), plot.py(v))
            })
            .collect();
        area.push((plot.px(last.0), mid));
        area.push((plot.px(first.0), mid));
        c.fill(polygon(&area), area_color(tone));
    }
    let line_pts: Vec<(f32, f32)> = pts.iter().map(|&(x, v)| (plot.px(x), plot.py(v))).collect();
    c.stroke(polyline(&line_pts), BOARD.alpha(0xc0), 6.0);
    c.stroke(polyline(&line_pts), CHART_CURVE, 3.0);
}

/// A player's name with a piece of its seat's colour, in a tag in the plot's top-left
/// corner (the first seat: the top is its win) or bottom-left (the second).
fn player_tag(c: &mut Canvas, fonts: &Fonts, player: &ChartPlayer, plot: &Plot, top: bool) {
    let r = 10.0;
    let h = 34.0;
    let max_name = plot.w * 0.6;
    let name = fonts.fit(&player.name, NAME_EM, Face::Bold, max_name);
    let w = 8.0 + 2.0 * r + 8.0 + fonts.measure(&name, NAME_EM, Face::Bold) + 10.0;
    let x = plot.x + 8.0;
    let y = if top {
        plot.y + 8.0
    } else {
        plot.bottom() - 8.0 - h
    };
    c.fill(rounded_rect(x, y, w, h, 6.0), BOARD.alpha(0xe8));
    c.stroke(rounded_rect(x, y, w, h, 6.0), FRAME, 1.5);
    disc(c, x + 8.0 + r, y + h / 2.0, r, player.tone);
    fonts.draw(
        c,
        &name,
        x + 8.0 + 2.0 * r + 8.0,
        baseline(y + h / 2.0, NAME_EM),
        NAME_EM,
        Face::Bold,
        INK_DARK,
        Align::Left,
    );
}
