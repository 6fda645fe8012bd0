//! `skald ai-match`: the built-in engine against itself, to measure its levels.

use crate::cli::AiMatchArgs;
use skald_ai::harness::{MatchSpec, Player, Summary, Timing, run_match_of};
use std::fmt::Write;
use std::time::Instant;

/// Plays the match and prints its summary.
pub fn run(args: &AiMatchArgs) -> Result<String, String> {
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.paired && !args.games.is_multiple_of(2) {
        return Err(format!(
            "--paired plays games in pairs: --games must be even, like {}",
            args.games + 1
        ));
    }
    let scale_a = args.scale_a.unwrap_or(args.scale);
    let scale_b = args.scale_b.unwrap_or(args.scale);
    if ![scale_a, scale_b].iter().all(|s| s.is_finite() && *s > 0.0) {
        return Err("--scale, --scale-a and --scale-b must be positive numbers".to_string());
    }
    let a = Player {
        level: args.a,
        scale: scale_a,
        capped: !args.uncapped,
    };
    let b = Player {
        level: args.b,
        scale: scale_b,
        capped: !args.uncapped,
    };
    let started = Instant::now();
    let (summary, timing) = play(args, a, b);
    let (lo, hi) = summary.wilson95();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: A {} (x{scale_a} iterations) vs B {} (x{scale_b}), {} games ({}), seed {}{}",
        args.rule_set.id(),
        args.a,
        args.b,
        summary.games(),
        if args.paired {
            "in pairs on the same dice, seats swapped"
        } else {
            "seats alternate"
        },
        args.seed,
        if args.uncapped { ", no time cap" } else { "" },
    );
    let _ = writeln!(
        out,
        "A wins {}, losses {}, draws {}; A's score {:.1}% (95% Wilson interval {:.1}%..{:.1}%)",
        summary.wins,
        summary.losses,
        summary.draws,
        100.0 * summary.score(),
        100.0 * lo,
        100.0 * hi
    );
    let p = summary.pairs;
    if args.paired && p.count() > 0 {
        let _ = writeln!(
            out,
            "pairs: {}; A won both {}, lost both {}; the same seat won both {} ({:.0}%: there the dice outweighed the players); with a draw {}",
            p.count(),
            p.a_won_both,
            p.a_lost_both,
            p.same_seat_won,
            100.0 * f64::from(p.same_seat_won) / f64::from(p.count()),
            p.with_a_draw
        );
    }
    for (i, name) in ["A", "B"].iter().enumerate() {
        let _ = writeln!(
            out,
            "{name} ({}): {} moves, {:.1} ms per move on average, longest {:.1} ms",
            if i == 0 { args.a } else { args.b },
            timing.moves[i],
            timing.mean(i).as_secs_f64() * 1000.0,
            timing.longest[i].as_secs_f64() * 1000.0
        );
    }
    let _ = writeln!(out, "time {:.1} s", started.elapsed().as_secs_f64());
    Ok(out)
}

/// Runs the match (the engine's crate instantiates the search for the rule set's type).
fn play(args: &AiMatchArgs, a: Player, b: Player) -> (Summary, Timing) {
    let spec = MatchSpec {
        rule_set: args.rule_set,
        a,
        b,
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        max_plies: args.max_plies,
        paired: args.paired,
    };
    run_match_of(spec, &|i, score| {
        if args.verbose {
            eprintln!("game {i}: A scores {score}");
        }
    })
}
