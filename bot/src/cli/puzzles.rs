//! `skald puzzles mine` and `skald puzzles check` (issue #35): puzzles mined from a record
//! file, a store's finished games or seeded engine self-play, written as JSON lines (the
//! puzzle file, `docs/PUZZLES.md` "The puzzle file"); and a puzzle file checked line by
//! line, each puzzle re-proved.

use crate::cli::{PuzzlesCommand, PuzzlesExportArgs, PuzzlesMineArgs};
use skald_model::game::GameDoc;
use skald_model::puzzle::mine::{default_bound, mine_record, self_play, self_play_source};
use skald_model::puzzle::{Puzzle, check_all, read_line};
use skald_rules::{Record, RuleSetId};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Runs one `skald puzzles` command: exit 0 when it did its work (every puzzle held),
/// 1 when a puzzle failed its check, 2 when the input was refused.
pub fn main(cmd: PuzzlesCommand) -> ExitCode {
    let result = match cmd {
        PuzzlesCommand::Mine(args) => mine(args).map(|()| ExitCode::SUCCESS),
        PuzzlesCommand::Check { file } => check_file(&file),
        PuzzlesCommand::Export(args) => export(args).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// A game to mine, with how its puzzles name where they came from.
struct Source {
    /// The game.
    record: Record,
    /// The source words of a puzzle at a ply: `game #12 of <community>, ply 31`.
    name: Box<dyn Fn(u32) -> String + Send + Sync>,
}

/// `skald puzzles mine`: the puzzles of the games asked for, one JSON line each on standard
/// output (or `--out`), the counts on standard error.
fn mine(args: PuzzlesMineArgs) -> Result<(), String> {
    if let Some(bound) = args.bound
        && !(1..=skald_ai::puzzle::MOST_MOVES).contains(&bound)
    {
        return Err(format!(
            "--bound takes 1 to {} of the mover's moves, not {bound}",
            skald_ai::puzzle::MOST_MOVES
        ));
    }
    let wanted = |rule_set: RuleSetId| args.rule_set.is_none_or(|r| r == rule_set);
    let mut skipped = 0usize;
    let sources: Vec<Source> = if let Some(file) = &args.from {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        games_of_file(&text, &file.display().to_string())?
    } else if let Some(dir) = &args.data {
        if !dir.join("db").exists() {
            return Err(format!(
                "{} holds no sled store (no `db` file): give the data directory of a skald store",
                dir.display()
            ));
        }
        games_of_store(dir)?
    } else {
        let n = args.self_play.unwrap_or(0);
        let first = args.seed;
        RuleSetId::ALL
            .iter()
            .filter(|r| wanted(**r))
            .flat_map(|&rule_set| {
                (first..first.saturating_add(n)).map(move |seed| (rule_set, seed))
            })
            .map(|(rule_set, seed)| Source {
                record: self_play(rule_set, seed),
                name: Box::new(move |ply| self_play_source(rule_set, seed, ply)),
            })
            .collect()
    };
    let total = sources.len();
    let sources: Vec<Source> = sources
        .into_iter()
        .filter(|s| {
            let keep = wanted(s.record.rule_set);
            skipped += usize::from(!keep);
            keep
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mined = mine_all(&sources, args.bound, threads);
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut counts: BTreeMap<(RuleSetId, String), usize> = BTreeMap::new();
    let mut found = 0;
    for result in mined {
        match result {
            Ok(puzzles) => {
                for p in puzzles {
                    writeln!(out, "{}", p.to_line()).map_err(|e| format!("cannot write: {e}"))?;
                    *counts.entry((p.rule_set, p.theme.clone())).or_default() += 1;
                    found += 1;
                }
            }
            Err(e) => eprintln!("a game was not mined: {e}"),
        }
    }
    out.flush().map_err(|e| format!("cannot write: {e}"))?;
    eprintln!(
        "{found} puzzles from {} games ({skipped} of {total} skipped: not the rule set asked)",
        sources.len()
    );
    for ((rule_set, theme), count) in counts {
        eprintln!("  {rule_set} {theme}: {count}");
    }
    Ok(())
}

/// Mines every source on up to `threads` threads; the results in the sources' order.
fn mine_all(
    sources: &[Source],
    bound: Option<u8>,
    threads: usize,
) -> Vec<Result<Vec<Puzzle>, String>> {
    let threads = threads.clamp(1, sources.len().max(1));
    let mut results: Vec<Result<Vec<Puzzle>, String>> =
        (0..sources.len()).map(|_| Ok(Vec::new())).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    sources
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, s)| {
                            let bound = bound.unwrap_or_else(|| default_bound(s.record.rule_set));
                            let mined =
                                mine_record(&s.record, bound, &s.name).map_err(|e| e.to_string());
                            (i, mined)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(done) => {
                    for (i, r) in done {
                        results[i] = r;
                    }
                }
                Err(_) => eprintln!("a mining thread stopped on an internal error"),
            }
        }
    });
    results
}

/// The games of a file of `skald export` or `export #id` (a game a line, or a line holding
/// a game as its one field), or a bare record (one JSON object, or one a line).
fn games_of_file(text: &str, file: &str) -> Result<Vec<Source>, String> {
    if let Ok(record) = serde_json::from_str::<Record>(text) {
        let file = file.to_string();
        return Ok(vec![Source {
            record,
            name: Box::new(move |ply| format!("{file}, ply {ply}")),
        }]);
    }
    let mut sources = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let candidates =
            std::iter::once(&value).chain(value.as_object().into_iter().flat_map(|o| o.values()));
        for obj in candidates {
            if let Ok(game) = serde_json::from_value::<GameDoc>(obj.clone()) {
                if game.end.is_some() {
                    sources.push(of_game(game));
                }
                break;
            }
            if let Ok(record) = serde_json::from_value::<Record>(obj.clone()) {
                let (file, number) = (file.to_string(), i + 1);
                sources.push(Source {
                    record,
                    name: Box::new(move |ply| format!("{file} line {number}, ply {ply}")),
                });
                break;
            }
        }
    }
    if sources.is_empty() {
        return Err(format!(
            "{file} holds no finished game (a file of `skald export` or `export #id`, or \
             game records as JSON)"
        ));
    }
    Ok(sources)
}

/// A community's finished game as a source: `game #12 of <community>, ply 31`.
fn of_game(game: GameDoc) -> Source {
    let (id, community) = (game.id, game.community.to_string());
    Source {
        record: game.record,
        name: Box::new(move |ply| format!("game #{id} of {community}, ply {ply}")),
    }
}

/// The finished games of a sled store, read through its export (nothing is written).
fn games_of_store(dir: &Path) -> Result<Vec<Source>, String> {
    let at = crate::runtime::StoreAt::Sled(dir.to_path_buf());
    let store = crate::runtime::open_store_at(&at)?;
    let mut bytes = Vec::new();
    store
        .export(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", at.describe()))?;
    let text = String::from_utf8_lossy(&bytes);
    games_of_file(&text, &at.describe())
}

/// `skald puzzles check FILE`: each line read and re-proved; each failure printed with its
/// line number on standard output, the count on standard error; exit 1 if any failed.
fn check_file(file: &Path) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut failures: Vec<(usize, String)> = Vec::new();
    let mut puzzles: Vec<(usize, Puzzle)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        match read_line(raw, i + 1) {
            Ok(p) => puzzles.push((i + 1, p)),
            Err(e) => failures.push((i + 1, e.to_string())),
        }
    }
    let checked = puzzles.len() + failures.len();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let only: Vec<Puzzle> = puzzles.iter().map(|(_, p)| p.clone()).collect();
    for ((line, _), result) in puzzles.iter().zip(check_all(&only, threads)) {
        if let Err(e) = result {
            failures.push((*line, format!("line {line}: {e}")));
        }
    }
    failures.sort();
    let mut out = std::io::stdout().lock();
    for (_, message) in &failures {
        let _ = writeln!(out, "{message}");
    }
    eprintln!("{checked} puzzles checked, {} failed", failures.len());
    Ok(if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `skald puzzles export`: the store's communities' own puzzles (each once, community by
/// community, oldest first) and with `--starter` the shipped set, one JSON line a puzzle;
/// the counts on standard error.
fn export(args: PuzzlesExportArgs) -> Result<(), String> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    if let Some(dir) = &args.data {
        let at = crate::runtime::StoreAt::Sled(dir.to_path_buf());
        let store = crate::runtime::open_store_at(&at)?;
        let rooms = store
            .puzzle_rooms()
            .map_err(|e| format!("cannot read {}: {e}", at.describe()))?;
        let wanted = |c: &str| args.community.as_deref().is_none_or(|w| w == c);
        for room in rooms.into_iter().filter(|r| wanted(&r.doc.community.0)) {
            puzzles.extend(room.doc.mined);
        }
        if let Some(c) = &args.community
            && puzzles.is_empty()
        {
            eprintln!("no puzzle of community {c} in {}", at.describe());
        }
    }
    if args.starter {
        puzzles.extend(skald_model::puzzle::starter().iter().cloned());
    }
    let mut seen = std::collections::BTreeSet::new();
    puzzles.retain(|p| seen.insert(p.id()));
    let mut text = String::new();
    for p in &puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| format!("cannot write the puzzles: {e}"))?,
    }
    eprintln!("{} puzzles", puzzles.len());
    Ok(())
}
