//! Mines tafl puzzles (issue #35) from the community's games: every position of every game
//! in `shared/tafl-records/copenhagen.csv` and `brandubh.csv` (beside the repository, or the
//! directory in `SKALD_TAFL_RECORDS`) where the side to move has exactly one first move that
//! wins by force within 3 of its own moves, proven by `skald_ai::puzzle::unique_first_move`.
//!
//! Prints one puzzle a line as JSON (`docs/PUZZLES.md` lists the fields) on standard output,
//! and the counts (per rule set, per bound, per theme) with the time taken on standard error.
//!
//! `cargo run --release -p skald-ai --example mine_tafl_puzzles -- [--every K] [--bound N]
//! [--only brandubh|copenhagen]`:
//! `--every K` scans every K-th game only (a sample), `--bound N` changes the bound (1 to 4).

use skald_ai::puzzle::{MOST_MOVES, unique_first_move};
use skald_rules::{Position, RuleSetId, Seat, Status, Viewer};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The variable that points the miner at another copy of the records.
const RECORDS_VAR: &str = "SKALD_TAFL_RECORDS";

/// What the command line asked for.
struct Options {
    /// Scan every `every`-th game.
    every: usize,
    /// The bound on the mover's moves.
    bound: u8,
    /// Scan this rule set's file only (`--only brandubh`).
    only: Option<RuleSetId>,
}

/// Reads `--every K` and `--bound N`, refusing anything else with what is accepted.
fn options() -> Result<Options, String> {
    let mut options = Options {
        every: 1,
        bound: 3,
        only: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        let number = value.as_deref().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), number) {
            ("--every", Some(k)) if k >= 1 => options.every = k,
            ("--bound", Some(n)) if (1..=usize::from(MOST_MOVES)).contains(&n) => {
                options.bound = n as u8
            }
            ("--only", _) => match value.as_deref().map(str::parse::<RuleSetId>) {
                Some(Ok(id @ (RuleSetId::Brandubh | RuleSetId::Copenhagen))) => {
                    options.only = Some(id)
                }
                _ => return Err("--only takes brandubh or copenhagen".to_string()),
            },
            _ => {
                return Err(format!(
                    "unexpected '{arg}': accepted are --every K (K >= 1), --bound N (1 to \
                     {MOST_MOVES}) and --only brandubh|copenhagen"
                ));
            }
        }
    }
    Ok(options)
}

/// The records' directory: `SKALD_TAFL_RECORDS`, or `shared/tafl-records` beside the
/// repository.
fn records_dir() -> PathBuf {
    match std::env::var_os(RECORDS_VAR) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/tafl-records"),
    }
}

/// The counts of one scan.
#[derive(Default)]
struct Tally {
    /// Games replayed.
    games: usize,
    /// Positions tested (a player to move).
    positions: usize,
    /// Games whose record stopped replaying (an unreadable or refused move).
    broken: usize,
    /// Puzzles by (rule set, theme).
    puzzles: BTreeMap<(String, String), usize>,
}

/// The side's name as the puzzle lines write it.
fn side(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "attackers",
        Seat::B => "defenders",
    }
}

/// Tests every position of one game (line `number` of `file`) and prints its puzzles.
fn mine_game(
    rule_set: RuleSetId,
    file: &str,
    number: usize,
    line: &str,
    bound: u8,
    tally: &mut Tally,
) {
    let moves = line.split(',').next().unwrap_or_default();
    let mut position = Position::start(rule_set, 0);
    tally.games += 1;
    for token in moves.split_whitespace() {
        if token == "timeout" {
            continue;
        }
        let Status::Move { seat } = position.status() else {
            return;
        };
        tally.positions += 1;
        match unique_first_move(&position, bound) {
            Ok(Some(proof)) => {
                let theme = proof.theme.to_string();
                let puzzle = serde_json::json!({
                    "rule_set": rule_set.to_string(),
                    "position": position.to_notation(Viewer::Final),
                    "to_move": side(seat),
                    "roll": null,
                    "solution": proof.line,
                    "theme": theme,
                    "source": format!("aagenielsen.dk {file} line {number}, ply {}", position.ply()),
                });
                println!("{puzzle}");
                *tally
                    .puzzles
                    .entry((rule_set.to_string(), theme))
                    .or_default() += 1;
            }
            Ok(None) => {}
            Err(e) => {
                eprintln!("{file} line {number}: {e}");
                return;
            }
        }
        let mv = token.split('x').next().unwrap_or_default();
        if let Err(e) = position.play(mv) {
            eprintln!(
                "{file} line {number}: move {token} not replayed ({e}); rest of the game skipped"
            );
            tally.broken += 1;
            return;
        }
    }
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::FAILURE;
        }
    };
    let dir = records_dir();
    for (rule_set, file) in [
        (RuleSetId::Brandubh, "brandubh.csv"),
        (RuleSetId::Copenhagen, "copenhagen.csv"),
    ] {
        if options.only.is_some_and(|only| only != rule_set) {
            continue;
        }
        let path = dir.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "cannot read {} ({e}); the records live beside the repository in \
                     shared/tafl-records, or set {RECORDS_VAR} to their directory",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        };
        let started = Instant::now();
        let mut tally = Tally::default();
        let games = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        for (index, line) in games.step_by(options.every) {
            mine_game(rule_set, file, index + 1, line, options.bound, &mut tally);
        }
        let found: usize = tally.puzzles.values().sum();
        eprintln!(
            "{rule_set}: {} games (every {}), {} positions, {} puzzles within {} in {:.1?}; \
             {} records not replayed to the end",
            tally.games,
            options.every,
            tally.positions,
            found,
            options.bound,
            started.elapsed(),
            tally.broken
        );
        for ((_, theme), count) in &tally.puzzles {
            eprintln!("  {theme}: {count}");
        }
    }
    ExitCode::SUCCESS
}
