//! The charts as a reader sees them: PNGs of the chat width and size budget, marks and
//! dots that change pixels where they belong, long names cut, bad input refused.

use super::{ladder, rating, win_chance};
use crate::chart::page::WIDTH;
use crate::chart_samples::{ladder_chart, rating_chart, win_chart};
use crate::font::fonts;
use crate::theme::{CHART_CURVE, CHART_FIELD, DOT_DRAW, DOT_LOSS, DOT_WIN, Rgba, SERIES};
use crate::{
    ChartMark, Dot, LadderChart, Png, RatingPoint, RatingSeries, RenderError, WinChart, ladder_png,
    rating_png, win_chance_png,
};
use image::RgbImage;

/// The largest chart PNG allowed: the board pictures' median budget (60 KB).
const BUDGET: usize = 60_000;

fn png(result: Result<Png, RenderError>) -> Png {
    match result {
        Ok(png) => png,
        Err(e) => panic!("cannot draw: {e}"),
    }
}

/// Decodes a chart PNG and checks what every chart keeps to: a PNG of the chart width,
/// opaque, within the budget.
fn decoded(png: &Png) -> RgbImage {
    let img = match image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png) {
        Ok(img) => img,
        Err(e) => panic!("not a PNG: {e}"),
    };
    assert_eq!(img.width() as f32, WIDTH);
    assert_eq!((png.width, png.height), (img.width(), img.height()));
    assert!(!img.color().has_alpha());
    assert!(png.bytes.len() <= BUDGET, "{} bytes", png.bytes.len());
    img.to_rgb8()
}

/// A canvas as drawn, before its colours are reduced.
fn rgb(canvas: Result<crate::canvas::Canvas, RenderError>) -> RgbImage {
    let c = match canvas {
        Ok(c) => c,
        Err(e) => panic!("cannot draw: {e}"),
    };
    let (w, h) = (c.pixmap.width(), c.pixmap.height());
    let data = c
        .pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]]);
    match RgbImage::from_raw(w, h, data.collect()) {
        Some(img) => img,
        None => panic!("{w}x{h}"),
    }
}

fn is(p: &image::Rgb<u8>, c: Rgba) -> bool {
    p.0 == [c.0, c.1, c.2]
}

/// How many pixels of `img` are exactly `color`.
fn count(img: &RgbImage, color: Rgba) -> usize {
    img.pixels().filter(|p| is(p, color)).count()
}

fn refused(result: Result<Png, RenderError>) -> bool {
    matches!(result, Err(RenderError::InvalidScene(_)))
}

#[test]
fn the_samples_are_chat_sized_pngs_within_budget() {
    decoded(&png(win_chance_png(&win_chart())));
    decoded(&png(rating_png(&rating_chart())));
    for n in [1, 4, 10] {
        decoded(&png(ladder_png(&ladder_chart(n))));
    }
}

#[test]
fn a_turning_point_is_marked_where_it_is() {
    let with = win_chart();
    let without = WinChart {
        marks: Vec::new(),
        ..with.clone()
    };
    let (a, b) = (
        rgb(win_chance::draw(&with)),
        rgb(win_chance::draw(&without)),
    );
    let Ok(f) = fonts() else {
        panic!("fonts");
    };
    let (plot, _) = win_chance::layout(&with, f);
    for m in &with.marks {
        let x = plot.px(m.index as f64);
        let y = plot.py(with.chances[m.index]);
        // the point's rim is dark where the curve alone is orange, and its label's tag
        // stands beside it
        let near = |img: &RgbImage| {
            let mut v = Vec::new();
            for dy in -40..=40 {
                for dx in -8..=8 {
                    v.push(
                        img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32)
                            .0,
                    );
                }
            }
            v
        };
        assert_ne!(near(&a), near(&b), "mark {}", m.label);
    }
    // away from the marks the two graphs are the same
    let far = (plot.px(58.0) as u32, plot.py(0.5) as u32 + 40);
    assert_eq!(a.get_pixel(far.0, far.1), b.get_pixel(far.0, far.1));
}

#[test]
fn each_side_of_the_fifty_percent_line_takes_its_seats_colour() {
    // the first seat (dark) wins throughout: the area above the line is dark, none below
    let mut chart = win_chart();
    chart.marks.clear();
    chart.chances = vec![0.5, 0.9, 0.95, 0.9, 0.5];
    let img = rgb(win_chance::draw(&chart));
    let Ok(f) = fonts() else {
        panic!("fonts");
    };
    let (plot, _) = win_chance::layout(&chart, f);
    let above = img.get_pixel(plot.px(1.5) as u32, plot.py(0.7) as u32);
    let below = img.get_pixel(plot.px(1.5) as u32, plot.py(0.3) as u32);
    assert!(above.0.iter().all(|&v| v < 0x80), "above: {above:?}");
    assert!(is(below, CHART_FIELD), "below: {below:?}");
    // and the other way round for the second seat (light)
    chart.chances = vec![0.5, 0.1, 0.05, 0.1, 0.5];
    let img = rgb(win_chance::draw(&chart));
    let below = img.get_pixel(plot.px(1.5) as u32, plot.py(0.3) as u32);
    let above = img.get_pixel(plot.px(1.5) as u32, plot.py(0.7) as u32);
    assert!(below.0.iter().all(|&v| v > 0xd0), "below: {below:?}");
    assert!(is(above, CHART_FIELD), "above: {above:?}");
}

#[test]
fn a_graph_of_no_or_one_chance_is_flat_and_bad_chances_are_refused() {
    let mut chart = win_chart();
    chart.marks.clear();
    chart.chances.clear();
    let none = rgb(win_chance::draw(&chart));
    assert_eq!(count(&none, CHART_CURVE), 0);
    chart.chances = vec![0.5];
    let one = rgb(win_chance::draw(&chart));
    assert!(count(&one, CHART_CURVE) > 300);
    decoded(&png(win_chance_png(&chart)));
    // out of range is drawn at the edge; not a number is refused
    chart.chances = vec![0.5, 1.7, -3.0];
    assert!(win_chance_png(&chart).is_ok());
    for bad in [f64::NAN, f64::INFINITY] {
        chart.chances = vec![0.5, bad];
        assert!(refused(win_chance_png(&chart)));
    }
    chart.chances = vec![0.5, 0.6];
    chart.marks = vec![ChartMark {
        index: 2,
        label: "1".into(),
    }];
    assert!(refused(win_chance_png(&chart)));
    chart.marks = (0..13)
        .map(|_| ChartMark {
            index: 1,
            label: "1".into(),
        })
        .collect();
    assert!(refused(win_chance_png(&chart)));
}

#[test]
fn a_long_name_is_cut_inside_its_tag() {
    let mut chart = win_chart();
    chart.chances = vec![0.5; 3];
    chart.marks.clear();
    chart.players[0].name =
        "Ragnhildr Sigurðardóttir the Unconquerable of the Western Fjords".repeat(4);
    let img = rgb(win_chance::draw(&chart));
    let Ok(f) = fonts() else {
        panic!("fonts");
    };
    let (plot, _) = win_chance::layout(&chart, f);
    // the tag's row is the field's colour from 80% of the plot's width on
    let y = (plot.y + 25.0) as u32;
    for x in (plot.x + plot.w * 0.8) as u32..(plot.right() - 3.0) as u32 {
        assert!(is(img.get_pixel(x, y), CHART_FIELD), "pixel {x},{y}");
    }
    // and the name was drawn (the tag reaches past the middle)
    let mid = (plot.x + plot.w * 0.5) as u32;
    assert!(!is(img.get_pixel(mid, y), CHART_FIELD));
}

#[test]
fn result_dots_differ_by_colour_and_one_point_draws() {
    let img = rgb(rating::draw(&rating_chart()));
    for c in [DOT_WIN, DOT_LOSS, DOT_DRAW] {
        assert!(count(&img, c) > 40, "{c:?}");
    }
    // without results: no dot colours at all
    let mut plain = rating_chart();
    for s in &mut plain.series {
        for p in &mut s.points {
            p.result = None;
        }
    }
    let img = rgb(rating::draw(&plain));
    for c in [DOT_WIN, DOT_LOSS, DOT_DRAW] {
        assert_eq!(count(&img, c), 0, "{c:?}");
    }
    // a provisional player: one game, a deviation of 350
    let one = crate::RatingChart {
        series: vec![RatingSeries {
            label: "Brandubh".into(),
            points: vec![RatingPoint {
                at: crate::chart_samples::NOW,
                rating: 1500.0,
                deviation: 350.0,
                result: Some(Dot::Loss),
            }],
            rank: Some("#1 of 1".into()),
        }],
        ..rating_chart()
    };
    let img = decoded(&png(rating_png(&one)));
    assert!(count(&img, DOT_LOSS) > 20);
}

#[test]
fn no_rated_game_shows_the_empty_words() {
    let mut chart = rating_chart();
    chart.series.clear();
    let empty = decoded(&png(rating_png(&chart)));
    let full = decoded(&png(rating_png(&rating_chart())));
    assert!(empty.height() < full.height() / 2);
    // the words are drawn: other words, other pixels
    chart.empty = "Pas encore de partie classée".into();
    let other = decoded(&png(rating_png(&chart)));
    assert_ne!(empty, other);
    // a series without a point counts as none
    chart.series = vec![RatingSeries {
        label: "Hnefatafl".into(),
        points: Vec::new(),
        rank: None,
    }];
    assert_eq!(decoded(&png(rating_png(&chart))).height(), empty.height());
}

#[test]
fn bad_ratings_are_refused() {
    let bad = |f: &dyn Fn(&mut RatingPoint)| {
        let mut chart = rating_chart();
        if let Some(p) = chart.series[0].points.get_mut(0) {
            f(p);
        }
        refused(rating_png(&chart))
    };
    assert!(bad(&|p| p.rating = f64::NAN));
    assert!(bad(&|p| p.deviation = -1.0));
    assert!(bad(&|p| p.deviation = f64::INFINITY));
    assert!(bad(&|p| p.at = i64::MAX));
    assert!(bad(&|p| p.at = -1));
    let mut many = rating_chart();
    many.series = (0..11).map(|_| many.series[0].clone()).collect();
    assert!(refused(rating_png(&many)));
}

#[test]
fn each_ladder_player_has_a_curve_of_its_own_colour() {
    let img = rgb(ladder::draw(&ladder_chart(10)));
    for (i, c) in SERIES.iter().enumerate() {
        assert!(count(&img, *c) > 100, "player {}: {c:?}", i + 1);
    }
    let three = rgb(ladder::draw(&ladder_chart(3)));
    assert!(count(&three, SERIES[3]) == 0);
}

#[test]
fn bad_ladders_are_refused_and_an_empty_one_says_so() {
    assert!(refused(ladder_png(&ladder_chart(11))));
    let backwards = LadderChart {
        since: 10,
        until: 10,
        ..ladder_chart(3)
    };
    assert!(refused(ladder_png(&backwards)));
    let mut nan = ladder_chart(2);
    nan.players[1].points[3].1 = f64::NAN;
    assert!(refused(ladder_png(&nan)));
    let empty = decoded(&png(ladder_png(&ladder_chart(0))));
    assert!(empty.height() < 200);
    // players whose games all came after the window: nothing to draw either
    let mut later = ladder_chart(2);
    later.until = later.since + 86_400;
    later.since -= 86_400 * 400;
    for p in &mut later.players {
        p.points.retain(|(at, _)| *at > later.until);
        p.points.push((later.until + 5, 1500.0));
    }
    assert_eq!(decoded(&png(ladder_png(&later))).height(), empty.height());
    // one game long ago: a flat line across the window
    let mut old = ladder_chart(1);
    old.players[0].points = vec![(old.since - 86_400 * 30, 1500.0)];
    let img = decoded(&png(ladder_png(&old)));
    assert!(img.height() > 200);
}

#[test]
fn the_same_chart_gives_the_same_bytes() {
    assert_eq!(win_chance_png(&win_chart()), win_chance_png(&win_chart()));
    assert_eq!(rating_png(&rating_chart()), rating_png(&rating_chart()));
    assert_eq!(ladder_png(&ladder_chart(7)), ladder_png(&ladder_chart(7)));
}

/// `SKALD_CHART_PREVIEW=dir` writes odd cases there, to look at.
#[test]
fn preview() {
    let Some(dir) = std::env::var_os("SKALD_CHART_PREVIEW") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut flat = win_chart();
    flat.chances = vec![0.62];
    flat.marks.clear();
    flat.players[1].name =
        "Ragnhildr Sigurðardóttir the Unconquerable of the Western Fjords".into();
    let mut empty = rating_chart();
    empty.series.clear();
    let pictures = [
        ("win", win_chance_png(&win_chart())),
        ("win-flat", win_chance_png(&flat)),
        ("rating", rating_png(&rating_chart())),
        ("rating-empty", rating_png(&empty)),
        ("ladder-10", ladder_png(&ladder_chart(10))),
        ("ladder-2", ladder_png(&ladder_chart(2))),
    ];
    for (name, png) in pictures {
        if let Ok(png) = png {
            let _ = std::fs::write(dir.join(format!("{name}.png")), png.bytes);
        }
    }
}
