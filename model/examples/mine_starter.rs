//! Mines the starter puzzle files (`model/puzzles/*.jsonl`, issue #35) from seeded engine
//! self-play: for one rule set and a range of seeds, every puzzle within the rule set's
//! default bound (`skald_model::puzzle::mine::default_bound`), one a line on standard output
//! as `<microseconds the proof took>\t<puzzle JSON line>`, so the starter set can prefer
//! puzzles that are cheap to re-prove (`docs/PUZZLES.md` "The starter set").
//!
//! `cargo run --release -p skald-model --example mine_starter -- <rule set> <first seed>
//! <last seed>`

use skald_model::puzzle::mine::{default_bound, positions, puzzle_at, self_play, self_play_source};
use skald_rules::RuleSetId;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(rule_set), Some(first), Some(last)) = (
        args.first().and_then(|a| a.parse::<RuleSetId>().ok()),
        args.get(1).and_then(|a| a.parse::<u64>().ok()),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: mine_starter <rule set> <first seed> <last seed>");
        return ExitCode::FAILURE;
    };
    let bound = default_bound(rule_set);
    let started = Instant::now();
    let mut found = 0;
    for seed in first..=last {
        let record = self_play(rule_set, seed);
        let Ok(all) = positions(&record) else {
            eprintln!("seed {seed}: the game does not replay");
            continue;
        };
        for position in all {
            let source = self_play_source(rule_set, seed, position.ply());
            let proving = Instant::now();
            match puzzle_at(&position, bound, source) {
                Ok(Some(puzzle)) => {
                    found += 1;
                    println!("{}\t{}", proving.elapsed().as_micros(), puzzle.to_line());
                }
                Ok(None) => {}
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        eprintln!(
            "{rule_set} seed {seed}: {found} puzzles so far, {:.1?}",
            started.elapsed()
        );
    }
    ExitCode::SUCCESS
}
