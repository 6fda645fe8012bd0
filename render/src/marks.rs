//! Last-move marks, the same in every game: the origin and destination highlighted and the
//! arrow under the pieces (so a piece the move jumped keeps its value readable), then over
//! them a ring round the piece that moved, dashed rings where a piece bumped, and the
//! captures: a red cross on a cell left empty, or, where the capturing piece now stands, a
//! small crossed-out piece of the taken colour at the cell's corner ("a piece was taken
//! here"), never a cross over the capturing piece itself.

use crate::board::{Board, Pt};
use crate::canvas::{Canvas, circle, line, polygon, ring};
use crate::pictured::seat_tone;
use crate::pieces::disc;
use crate::theme::{
    ARROW, ARROW_PREFERRED, CAPTURE, CAPTURE_EDGE, HIGHLIGHT, HIGHLIGHT_FROM, RING, Rgba,
};
use skald_rules::Cell;
use tiny_skia::PathBuilder;

/// Highlights under the pieces.
pub(crate) fn under<B: Board>(c: &mut Canvas, b: &B) {
    for step in &b.last_move().steps {
        if step.to != Some(step.from) {
            c.fill(b.area(step.from), HIGHLIGHT_FROM);
        }
        if let Some(to) = step.to {
            c.fill(b.area(to), HIGHLIGHT);
        }
    }
}

/// The arrows of the last move, drawn before the pieces: pieces the move passed over stay
/// whole on top of the arrow.
pub(crate) fn arrows<B: Board>(c: &mut Canvas, b: &B) {
    let last = b.last_move();
    let r = b.piece_radius();
    for step in &last.steps {
        let Some(from) = b.center(step.from) else {
            continue;
        };
        let end = match step.to {
            Some(to) if to == step.from => None,
            Some(to) => b.center(to),
            None => b.exit(step.from),
        };
        if let Some(end) = end {
            let (dx, dy) = (end.0 - from.0, end.1 - from.1);
            let short = (dx * dx + dy * dy).sqrt() < 3.0 * r;
            // a step to the next cell reads from its two highlights; an arrow would be a stub
            if step.to.is_none() || !short {
                let stop = if step.to.is_some() { r + 3.0 } else { 2.0 };
                arrow(c, from, end, b.arrow_bend(), (r * 0.35, stop), ARROW, false);
            }
        }
    }
}

/// Radius of the "a piece was taken here" badge, as a fraction of a piece's.
const BADGE: f32 = 0.58;

/// Where the "a piece was taken here" badge of `cell` stands when the capturing piece stands
/// on the cell: at its top-right corner, mostly beside the piece.
pub(crate) fn badge_center<B: Board>(b: &B, cell: Cell) -> Option<Pt> {
    let (x, y) = b.center(cell)?;
    let r = b.piece_radius();
    Some((x + r * 1.0, y - r * 1.0))
}

/// Rings, bump marks and capture marks over the pieces.
pub(crate) fn over<B: Board>(c: &mut Canvas, b: &B) {
    let last = b.last_move();
    let r = b.piece_radius();
    for &cell in &last.bumped {
        if let Some((x, y)) = b.center(cell) {
            c.stroke_dashed(circle(x, y, r + 4.0), RING, 2.5, 5.0, 4.0);
        }
    }
    for step in &last.steps {
        if let Some((x, y)) = step.to.and_then(|to| b.center(to)) {
            c.fill_even_odd(ring(x, y, r + 1.5, r + 5.0), Rgba(0x20, 0x10, 0x05, 0x60));
            c.fill_even_odd(ring(x, y, r + 2.0, r + 4.5), RING);
        }
    }
    for &cell in &last.captured {
        let Some((x, y)) = b.center(cell) else {
            continue;
        };
        match (b.seat_at(cell), badge_center(b, cell)) {
            (Some(taker), Some((bx, by))) => {
                // The capturing piece stands there: beside it, a small piece of the taken
                // colour, crossed out.
                let small = r * BADGE;
                let tone = seat_tone(b.header().rule_set, taker.other());
                c.fill(circle(bx, by, small + 2.5), Rgba(0x20, 0x10, 0x05, 0x90));
                c.fill(circle(bx, by, small + 1.5), CAPTURE);
                disc(c, bx, by, small, tone);
                let s = small * 0.62;
                for (w, color) in [(4.2, CAPTURE_EDGE), (2.4, CAPTURE)] {
                    c.stroke(line(bx - s, by - s, bx + s, by + s), color, w);
                    c.stroke(line(bx - s, by + s, bx + s, by - s), color, w);
                }
            }
            _ => cross(c, x, y, r * 0.75),
        }
    }
}

/// The two moves of a turning point ([`crate::frame::Compared`]), drawn before the pieces:
/// an arrow per step, the played move's in the last-move orange, the preferred one's in
/// blue and dashed. Each is moved a little to its own side of its line (the same side for
/// any two steps along one line, whichever way they run), so two moves sharing a square or
/// a line both stay visible.
pub(crate) fn compared_arrows<B: Board>(c: &mut Canvas, b: &B) {
    let Some(compared) = &b.header().compared else {
        return;
    };
    let r = b.piece_radius();
    for (moves, color, side) in [
        (&compared.played, ARROW, 1.0),
        (&compared.preferred, ARROW_PREFERRED, -1.0),
    ] {
        for step in &moves.steps {
            let Some(from) = b.center(step.from) else {
                continue;
            };
            let end = match step.to {
                Some(to) if to == step.from => continue,
                Some(to) => b.center(to),
                None => b.exit(step.from),
            };
            let Some(end) = end else {
                continue;
            };
            let (dx, dy) = (end.0 - from.0, end.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            // the normal of the line's direction taken one fixed way round
            let flip = if dx < 0.0 || (dx == 0.0 && dy < 0.0) {
                -1.0
            } else {
                1.0
            };
            let off = side * flip * r * 0.3;
            let (nx, ny) = (-dy / len * off, dx / len * off);
            let stop = if step.to.is_some() { r * 0.5 } else { 2.0 };
            arrow(
                c,
                (from.0 + nx, from.1 + ny),
                (end.0 + nx, end.1 + ny),
                b.arrow_bend(),
                (r * 0.35, stop),
                color,
                side < 0.0,
            );
        }
    }
}

/// Over the pieces: a ring of each compared move's colour where its steps end (the
/// preferred one's dashed and a little larger), so a step to the next cell, too short for
/// an arrow, or a Daldøsa hole only activated, still shows.
pub(crate) fn compared_rings<B: Board>(c: &mut Canvas, b: &B) {
    let Some(compared) = &b.header().compared else {
        return;
    };
    let r = b.piece_radius();
    for step in &compared.played.steps {
        if let Some((x, y)) = step.to.and_then(|to| b.center(to)) {
            c.fill_even_odd(ring(x, y, r + 1.5, r + 5.0), ARROW.alpha(0xff));
        }
    }
    for step in &compared.preferred.steps {
        if let Some((x, y)) = step.to.and_then(|to| b.center(to)) {
            c.stroke_dashed(
                circle(x, y, r + 8.0),
                ARROW_PREFERRED.alpha(0xff),
                3.5,
                7.0,
                4.0,
            );
        }
    }
}

/// An arrow from `a` to `b` in `color` (its shaft dashed if `dashed`), bowed sideways by
/// `bend` x its length, starting `gaps.0` after `a` and ending `gaps.1` before `b`.
pub(crate) fn arrow(
    c: &mut Canvas,
    a: Pt,
    b: Pt,
    bend: f32,
    gaps: (f32, f32),
    color: Rgba,
    dashed: bool,
) {
    let (gap_start, gap_end) = gaps;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    // control point of a quadratic curve, to the left of the direction of travel
    let ctrl = (
        (a.0 + b.0) / 2.0 + dy / len * bend * len,
        (a.1 + b.1) / 2.0 - dx / len * bend * len,
    );
    let unit = |p: Pt, q: Pt| {
        let (x, y) = (q.0 - p.0, q.1 - p.1);
        let l = (x * x + y * y).sqrt().max(1e-3);
        (x / l, y / l)
    };
    let d0 = unit(a, ctrl);
    let d1 = unit(ctrl, b);
    let start = (a.0 + d0.0 * gap_start, a.1 + d0.1 * gap_start);
    let tip = (b.0 - d1.0 * gap_end, b.1 - d1.1 * gap_end);
    let head = 17.0_f32.min(len * 0.5);
    let neck = (tip.0 - d1.0 * head * 0.8, tip.1 - d1.1 * head * 0.8);
    let shaft = |w: f32, color: Rgba, c: &mut Canvas| {
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.quad_to(ctrl.0, ctrl.1, neck.0, neck.1);
        c.stroke(pb.finish(), color, w);
    };
    let dashes = |w: f32, color: Rgba, c: &mut Canvas| {
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.quad_to(ctrl.0, ctrl.1, neck.0, neck.1);
        c.stroke_dashed(pb.finish(), color, w, 9.0, 5.0);
    };
    let base = (tip.0 - d1.0 * head, tip.1 - d1.1 * head);
    let (nx, ny) = (-d1.1 * head * 0.55, d1.0 * head * 0.55);
    let head_path = || polygon(&[tip, (base.0 + nx, base.1 + ny), (base.0 - nx, base.1 - ny)]);
    let halo = Rgba(0xff, 0xf6, 0xe0, 0xb0);
    shaft(9.0, halo, c);
    c.stroke(head_path(), halo, 4.0);
    if dashed {
        dashes(5.0, color, c);
    } else {
        shaft(5.0, color, c);
    }
    c.fill(head_path(), color);
}

/// A red cross with a light outline, half-size `s`, on (`x`, `y`).
pub(crate) fn cross(c: &mut Canvas, x: f32, y: f32, s: f32) {
    for (w, color) in [(s * 0.42 + 4.0, CAPTURE_EDGE), (s * 0.42, CAPTURE)] {
        c.stroke(line(x - s, y - s, x + s, y + s), color, w);
        c.stroke(line(x - s, y + s, x + s, y - s), color, w);
    }
}
