//! Mines dice puzzles, "the best use of the roll" (issue #35), from the engine's self-play:
//! games of `adelta`, `adelta-rustik` and `daldosa` played by `skald_ai::review::self_play`,
//! each turn start where the roll has several distinct uses tested by
//! `skald_ai::puzzle::dice::find` (the same best use by at least 20 points at two budgets and
//! seeds), then re-checked with `recheck` at its seed (at least 15 points): a puzzle that
//! fails the re-check is counted, not printed.
//!
//! Prints one puzzle a line as JSON in the puzzle file's field order (`docs/PUZZLES.md`) on
//! standard output, and the counts (stages, phases, kinds, gaps) with the time taken on
//! standard error.
//!
//! `cargo run --release -p skald-ai --example mine_dice_puzzles -- [--only RULE_SET]
//! [--games N] [--first-seed S] [--per-game K] [--play-iterations I] [--threads T]`:
//! `--games N` games per rule set from seed S on (default 40 from 1), at most K puzzles a game
//! (default 4: the game's turns are cut into K phases, one puzzle at most from each), the
//! self-play engine at I iterations a step (default 300), T threads (default 2).

use skald_ai::Budget;
use skald_ai::puzzle::dice::{
    DicePuzzle, RECHECK_SEED, TurnStart, Verdict, distinct, find, recheck, self_play_source,
    turn_starts,
};
use skald_ai::review::self_play;
use skald_rules::{Event, Position, RuleSetId, Seat, Status, Viewer};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The longest self-play game, in steps (games end long before).
const MOST_PLIES: usize = 3_000;

/// What the command line asked for.
struct Options {
    only: Option<RuleSetId>,
    games: u64,
    first_seed: u64,
    per_game: usize,
    play_iterations: u32,
    threads: usize,
}

/// Reads the options, refusing anything else with what is accepted.
fn options() -> Result<Options, String> {
    let mut options = Options {
        only: None,
        games: 40,
        first_seed: 1,
        per_game: 4,
        play_iterations: 300,
        threads: 2,
    };
    let accepted = "accepted are --only adelta|adelta-rustik|daldosa, --games N, --first-seed S, \
                    --per-game K (K >= 1), --play-iterations I (I >= 1) and --threads T (T >= 1)";
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_default();
        let number = value.parse::<u64>().ok();
        match (arg.as_str(), number) {
            ("--only", _) => match value.parse::<RuleSetId>() {
                Ok(id) if id.uses_dice() => options.only = Some(id),
                _ => return Err(format!("--only takes a dice rule set: {accepted}")),
            },
            ("--games", Some(n)) => options.games = n,
            ("--first-seed", Some(s)) => options.first_seed = s,
            ("--per-game", Some(k)) if k >= 1 => options.per_game = k as usize,
            ("--play-iterations", Some(i)) if i >= 1 => {
                options.play_iterations = u32::try_from(i).unwrap_or(u32::MAX)
            }
            ("--threads", Some(t)) if t >= 1 => options.threads = t as usize,
            _ => return Err(format!("unexpected '{arg} {value}': {accepted}")),
        }
    }
    Ok(options)
}

/// The side's name as the puzzle lines write it.
fn side(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "white",
        Seat::B => "black",
    }
}

/// What a solution does on the board, for the variety counts.
fn kind(position: &Position, solution: &str) -> &'static str {
    let mut after = position.clone();
    let mut events = Vec::new();
    for step in solution.split_whitespace() {
        match after.play(step) {
            Ok(e) => events.extend(e),
            Err(_) => return "unreadable",
        }
    }
    let has = |f: fn(&Event) -> bool| events.iter().any(f);
    if has(|e| matches!(e, Event::GameOver(_))) {
        "wins the game"
    } else if has(|e| matches!(e, Event::Captured { .. })) {
        "captures"
    } else if has(|e| matches!(e, Event::LeftBoard { .. })) {
        "runs a peg off"
    } else if has(|e| matches!(e, Event::Activated { .. })) {
        "activates"
    } else if has(|e| matches!(e, Event::Bumped { .. })) {
        "bumps"
    } else {
        "quiet"
    }
}

/// One puzzle found, with what the counts need.
struct Found {
    start: TurnStart,
    puzzle: DicePuzzle,
    recheck_gap: i32,
    holds: bool,
    phase: usize,
    kind: &'static str,
}

/// What one game gave.
#[derive(Default)]
struct GameTally {
    turn_starts: usize,
    candidates: usize,
    evaluated: usize,
    /// How the positions that were not puzzles were ruled out, by stage.
    ruled_out: BTreeMap<String, usize>,
    /// The leads at 800 iterations of the positions that led by 20 points at 400.
    second_gaps: Vec<(u16, bool)>,
    found: Vec<Found>,
}

/// Plays game `seed` of `rule_set` and mines it: its turn starts with several uses, cut into
/// `per_game` phases, each phase scanned in order until its first puzzle.
fn mine_game(rule_set: RuleSetId, seed: u64, options: &Options) -> GameTally {
    let budget = Budget {
        iterations: options.play_iterations,
        time_cap: None,
        rollout_plies: 200,
    };
    let record = self_play(rule_set, seed, MOST_PLIES, budget);
    let starts = turn_starts(&record);
    let mut tally = GameTally {
        turn_starts: starts.len(),
        ..GameTally::default()
    };
    let candidates: Vec<TurnStart> = starts
        .into_iter()
        .filter(|s| distinct(&s.position).is_ok_and(|u| u.len() >= 2))
        .collect();
    tally.candidates = candidates.len();
    let phases = options.per_game.max(1);
    for phase in 0..phases {
        let from = candidates.len() * phase / phases;
        let to = candidates.len() * (phase + 1) / phases;
        for start in candidates.get(from..to).unwrap_or(&[]) {
            tally.evaluated += 1;
            let verdict = find(&start.position, seed ^ (u64::from(start.ply) << 32));
            let puzzle = match verdict {
                Ok(Verdict::Puzzle(puzzle)) => {
                    tally.second_gaps.push((puzzle.gap, true));
                    puzzle
                }
                Ok(Verdict::Unstable {
                    second_gap,
                    same_best,
                    ..
                }) => {
                    tally.second_gaps.push((second_gap, same_best));
                    let why = if same_best {
                        "unstable: same best use, lead under 20 at 800"
                    } else {
                        "unstable: another best use at 800"
                    };
                    *tally.ruled_out.entry(why.to_string()).or_default() += 1;
                    continue;
                }
                Ok(other) => {
                    let why = match other {
                        Verdict::NoChoice => "one use",
                        Verdict::Glance { .. } => "lead under 10 at the glance",
                        _ => "lead under 20 at 400",
                    };
                    *tally.ruled_out.entry(why.to_string()).or_default() += 1;
                    continue;
                }
                Err(_) => continue,
            };
            let checked = recheck(
                &start.position,
                &puzzle.roll,
                &puzzle.solution,
                RECHECK_SEED,
            );
            let (recheck_gap, holds) = checked.map_or((i32::MIN, false), |r| (r.gap, r.holds));
            tally.found.push(Found {
                kind: kind(&start.position, &puzzle.solution),
                start: start.clone(),
                puzzle,
                recheck_gap,
                holds,
                phase: phase * 3 / phases,
            });
            break;
        }
    }
    tally
}

/// The puzzle file's line for a puzzle found in game `seed`.
fn line(rule_set: RuleSetId, seed: u64, found: &Found) -> String {
    let mover = match found.start.position.status() {
        Status::Move { seat } => side(seat),
        _ => "",
    };
    serde_json::json!({
        "rule_set": rule_set.id(),
        "position": found.start.position.to_notation(Viewer::Final),
        "to_move": mover,
        "roll": found.puzzle.roll,
        "solution": [found.puzzle.solution],
        "theme": "best use of the roll",
        "source": self_play_source(rule_set, seed, found.start.ply),
        "rating": found.puzzle.rating,
    })
    .to_string()
}

/// One game's counts on one line of standard error, `game adelta seed 3: ...`, as each game
/// ends: what a stopped run still tells.
fn game_line(rule_set: RuleSetId, seed: u64, tally: &GameTally) -> String {
    let ruled_out: Vec<String> = tally
        .ruled_out
        .iter()
        .map(|(why, n)| format!("{why}: {n}"))
        .collect();
    let second: Vec<String> = tally
        .second_gaps
        .iter()
        .map(|(gap, same)| format!("{gap}{}", if *same { "" } else { " (other best)" }))
        .collect();
    let rechecks: Vec<String> = tally
        .found
        .iter()
        .map(|f| {
            format!(
                "{}{}",
                f.recheck_gap,
                if f.holds { "" } else { " (failed)" }
            )
        })
        .collect();
    format!(
        "game {rule_set} seed {seed}: {} turn starts, {} with several uses, {} evaluated; \
         ruled out [{}]; leads at 800 of those led by 20 at 400 [{}]; re-check leads [{}]",
        tally.turn_starts,
        tally.candidates,
        tally.evaluated,
        ruled_out.join(", "),
        second.join(", "),
        rechecks.join(", ")
    )
}

/// Mines `options.games` games of `rule_set` on `options.threads` threads; prints each
/// game's puzzles as it ends, and the counts at the end.
fn mine_rule_set(rule_set: RuleSetId, options: &Options) {
    let started = Instant::now();
    let seeds: Vec<u64> = (0..options.games).map(|i| options.first_seed + i).collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<u64, GameTally>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                while let Some(&seed) = seeds.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let tally = mine_game(rule_set, seed, options);
                    if let Ok(mut results) = results.lock() {
                        // Each game's puzzles as soon as it is mined (under the lock, so
                        // lines never interleave): a long run stopped early keeps them.
                        for f in tally.found.iter().filter(|f| f.holds) {
                            println!("{}", line(rule_set, seed, f));
                        }
                        eprintln!("{}", game_line(rule_set, seed, &tally));
                        results.insert(seed, tally);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let (mut starts, mut candidates, mut evaluated, mut found, mut kept) = (0, 0, 0, 0, 0);
    let mut recheck_gaps = Vec::new();
    let mut second_gaps = Vec::new();
    for tally in results.values() {
        for (why, n) in &tally.ruled_out {
            *counts.entry(format!("ruled out: {why}")).or_default() += n;
        }
        second_gaps.extend(tally.second_gaps.iter().copied());
        starts += tally.turn_starts;
        candidates += tally.candidates;
        evaluated += tally.evaluated;
        for f in &tally.found {
            found += 1;
            recheck_gaps.push(f.recheck_gap);
            if !f.holds {
                bump(
                    &mut counts,
                    format!("re-check failed, gap {}", f.recheck_gap),
                );
                continue;
            }
            kept += 1;
            let phase = ["opening third", "middle third", "last third"][f.phase.min(2)];
            bump(&mut counts, format!("phase: {phase}"));
            bump(&mut counts, format!("kind: {}", f.kind));
            bump(&mut counts, format!("uses: {}", bucket(f.puzzle.uses)));
            bump(
                &mut counts,
                format!("gap (smaller of the two): {}", gap_bucket(f.puzzle.gap)),
            );
            bump(
                &mut counts,
                format!("rating: {}", (f.puzzle.rating / 200.0).floor() * 200.0),
            );
        }
    }
    recheck_gaps.sort_unstable();
    let passed_400 = second_gaps.len();
    let kept_800 = second_gaps
        .iter()
        .filter(|&&(g, same)| same && g >= 200)
        .count();
    let same_800 = second_gaps.iter().filter(|&&(_, same)| same).count();
    eprintln!(
        "  led by 20 at 400: {passed_400}; at 800 with another seed the same best use: \
         {same_800}, still by 20: {kept_800}"
    );
    eprintln!(
        "{rule_set}: {} games (seeds {}..), {starts} turn starts, {candidates} with several \
         uses, {evaluated} evaluated, {found} puzzles found, {kept} kept after the re-check, \
         in {:.1?}",
        results.len(),
        options.first_seed,
        started.elapsed()
    );
    let low = recheck_gaps.iter().filter(|&&g| g < 200).count();
    eprintln!(
        "  re-check gaps (thousandths): min {:?}, median {:?}, below 200: {low}",
        recheck_gaps.first(),
        recheck_gaps.get(recheck_gaps.len() / 2)
    );
    for (key, n) in counts {
        eprintln!("  {key}: {n}");
    }
}

/// Counts one more of `key`.
fn bump(counts: &mut BTreeMap<String, usize>, key: String) {
    *counts.entry(key).or_default() += 1;
}

/// The uses counted in ranges.
fn bucket(uses: usize) -> &'static str {
    match uses {
        0..=3 => "2-3",
        4..=7 => "4-7",
        8..=15 => "8-15",
        16..=31 => "16-31",
        _ => "32+",
    }
}

/// The gap counted in ranges of points.
fn gap_bucket(gap: u16) -> &'static str {
    match gap {
        0..=299 => "20-29 points",
        300..=499 => "30-49 points",
        500..=999 => "50-99 points",
        _ => "100 points",
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
    for rule_set in [
        RuleSetId::Adelta,
        RuleSetId::AdeltaRustik,
        RuleSetId::Daldosa,
    ] {
        if options.only.is_none_or(|only| only == rule_set) {
            mine_rule_set(rule_set, &options);
        }
    }
    ExitCode::SUCCESS
}
