//! Example charts: a review's win-chance graph, a rating history and a ladder, with the
//! words an English reader would get.
//!
//! They exist for the picture gallery (`examples/gallery.rs`) and the tests, so both look
//! at the same charts.

use crate::{
    AxisWords, ChartMark, ChartPlayer, Dot, DotWords, LadderChart, LadderCurve, RatingChart,
    RatingPoint, RatingSeries, WinChart, piece_tone,
};
use skald_rules::{RuleSetId, Seat};

/// 2026-11-28, 12:00 UTC, in unix seconds: "now" in the samples.
pub const NOW: i64 = 1_795_867_200;
/// A day in seconds.
const DAY: i64 = 86_400;

/// The axis words in English.
pub fn axis_words() -> AxisWords {
    AxisWords {
        top: "100%".into(),
        middle: "50%".into(),
        bottom: "0%".into(),
        moves: "move".into(),
    }
}

/// A Hnefatafl game of 31 moves (62 single moves) that swung twice and ended by
/// resignation, with three turning points.
pub fn win_chart() -> WinChart {
    let chances: Vec<f64> = (0..=62)
        .map(|i| {
            let t = f64::from(i);
            // Astrid leads, loses the thread around move 17, and is lost after move 24
            let swing = 0.5 + 0.22 * (t / 6.0).sin() * (1.0 - t / 90.0);
            let late = 0.42 * ((t - 44.0) / 18.0).clamp(0.0, 1.0);
            (swing - late).clamp(0.02, 0.98)
        })
        .collect();
    WinChart {
        title: "Game #12 · Hnefatafl".into(),
        players: [
            ChartPlayer {
                name: "Astrid".into(),
                tone: piece_tone(RuleSetId::Hnefatafl, Seat::A),
            },
            ChartPlayer {
                name: "Bjørn Ketilsson".into(),
                tone: piece_tone(RuleSetId::Hnefatafl, Seat::B),
            },
        ],
        chances,
        marks: vec![
            ChartMark {
                index: 11,
                label: "6".into(),
            },
            ChartMark {
                index: 33,
                label: "17".into(),
            },
            ChartMark {
                index: 47,
                label: "24".into(),
            },
        ],
        note: Some("Astrid resigned after move 31".into()),
        axis: axis_words(),
        per_move: 2,
    }
}

/// The result dots' words in English.
pub fn dot_words() -> DotWords {
    DotWords {
        win: "win".into(),
        loss: "loss".into(),
        draw: "draw".into(),
    }
}

/// A player's ratings in two rule sets over three months, and a third rule set played
/// once (a provisional rating: one point, a wide band).
pub fn rating_chart() -> RatingChart {
    let results = [
        Dot::Win,
        Dot::Win,
        Dot::Loss,
        Dot::Draw,
        Dot::Win,
        Dot::Loss,
    ];
    let series = |start: f64, games: i64, every: i64, seed: usize| -> Vec<RatingPoint> {
        let mut rating = start;
        let mut deviation: f64 = 350.0;
        (0..games)
            .map(|i| {
                let result = results[(i as usize + seed) % results.len()];
                rating += match result {
                    Dot::Win => 0.6 * deviation / 3.0,
                    Dot::Loss => -0.5 * deviation / 3.0,
                    Dot::Draw => 4.0,
                };
                deviation = (deviation * 0.82).max(60.0);
                RatingPoint {
                    at: NOW - (games - i) * every * DAY,
                    rating,
                    deviation,
                    result: Some(result),
                }
            })
            .collect()
    };
    RatingChart {
        title: "Rating of Astrid".into(),
        series: vec![
            RatingSeries {
                label: "Hnefatafl".into(),
                points: series(1500.0, 14, 6, 0),
                rank: Some("#3 of 12".into()),
            },
            RatingSeries {
                label: "Copenhagen Hnefatafl".into(),
                points: series(1500.0, 6, 9, 2),
                rank: Some("#7 of 9".into()),
            },
            RatingSeries {
                label: "Subulata".into(),
                points: vec![RatingPoint {
                    at: NOW - 20 * DAY,
                    rating: 1662.0,
                    deviation: 290.0,
                    result: Some(Dot::Win),
                }],
                rank: None,
            },
        ],
        empty: "No rated games yet".into(),
        dots: dot_words(),
    }
}

/// The top `players` of a ladder over the last 90 days.
pub fn ladder_chart(players: usize) -> LadderChart {
    let names = [
        "Ragnhildr",
        "Bjørn",
        "Astrid",
        "Sigurd",
        "Ingrid",
        "Ulfr",
        "Freydís",
        "Halldór",
        "Þóra",
        "Eiríkr",
    ];
    LadderChart {
        title: "Hnefatafl ladder".into(),
        players: (0..players)
            .map(|i| {
                let top = 1820.0 - 45.0 * i as f64;
                LadderCurve {
                    name: names
                        .get(i)
                        .map_or_else(|| format!("Player {i}"), |n| (*n).into()),
                    points: (0..12)
                        .map(|k| {
                            let wobble = 40.0 * ((k as f64 + i as f64 * 1.7) / 2.0).sin();
                            let at = NOW - (100 - 8 * k - i as i64) * DAY;
                            (at, top - 8.0 * (11 - k) as f64 + wobble)
                        })
                        .collect(),
                    rank: i as u32 + 1,
                }
            })
            .collect(),
        since: NOW - 90 * DAY,
        until: NOW,
        empty: "No ranked games yet".into(),
    }
}
