//! How often a doubled budget changes a review's turning points in games people played:
//! Copenhagen games of aagenielsen.dk (`../shared/tafl-records/copenhagen.csv`, read from
//! beside the repository, never copied into it; `SKALD_TAFL_RECORDS` names another
//! directory), every `step`th decided game of at least 40 plies, `count` of them, reviewed
//! at `ReviewBudget::STANDARD` and at twice its iterations (docs/ENGINE.md "Reviews").
//!
//! `cargo run --release -p skald-ai --example review_stability_records [count] [step]`

use skald_ai::review::{Analysis, MISTAKE, ReviewBudget, analyse};
use skald_rules::{Action, Position, RECORD_FORMAT, Record, RuleSetId, Viewer};
use std::path::PathBuf;

/// The records' directory.
fn records_dir() -> PathBuf {
    match std::env::var_os("SKALD_TAFL_RECORDS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/tafl-records"),
    }
}

/// A records line as a Skald record: its moves (captures stripped) while they replay.
fn record_of(line: &str) -> Option<(Record, usize)> {
    let fields: Vec<&str> = line.split(',').collect();
    let [moves, _, _, result] = fields[..] else {
        return None;
    };
    if result != "Black" && result != "White" {
        return None;
    }
    let start = Position::start(RuleSetId::Copenhagen, 0);
    let mut position = start.clone();
    let mut actions = Vec::new();
    for token in moves.split_whitespace() {
        if token == "timeout" || position.status().outcome().is_some() {
            break;
        }
        let mv = token.split('x').next().unwrap_or(token);
        if position.play(mv).is_err() {
            break;
        }
        actions.push(Action::Move(mv.to_string()));
    }
    let plies = actions.len();
    Some((
        Record {
            format: RECORD_FORMAT,
            rule_set: RuleSetId::Copenhagen,
            seed: 0,
            start: start.to_notation(Viewer::Final),
            actions,
        },
        plies,
    ))
}

/// The actions of the turning points, and of those over a mistake's loss.
fn points(a: &Analysis) -> (Vec<usize>, Vec<usize>) {
    let all: Vec<usize> = a.turning_points(3).iter().map(|t| t.action).collect();
    let mistakes = a
        .turning_points(3)
        .iter()
        .filter(|t| t.loss() > MISTAKE)
        .map(|t| t.action)
        .collect();
    (all, mistakes)
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let count = args.next().flatten().unwrap_or(10);
    let step = args.next().flatten().unwrap_or(150).max(1);
    let path = records_dir().join("copenhagen.csv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("cannot read {}", path.display());
        return;
    };
    let budget = ReviewBudget::STANDARD;
    let doubled = ReviewBudget {
        iterations: budget.iterations * 2,
        ..budget
    };
    let (mut games, mut changed, mut changed_mistakes) = (0, 0, 0);
    let (mut kept, mut total) = (0, 0);
    for (i, line) in text.lines().enumerate().step_by(step) {
        if games == count {
            break;
        }
        let Some((record, plies)) = record_of(line) else {
            continue;
        };
        if plies < 40 {
            continue;
        }
        let review = |b| analyse(&record, b, (i + 1) as u64, 2, &|_, _| {});
        let (Ok(one), Ok(two)) = (review(budget), review(doubled)) else {
            continue;
        };
        games += 1;
        dump(&format!("copenhagen line {}", i + 1), &one, &two);
        let ((a, am), (b, bm)) = (points(&one), points(&two));
        kept += a.iter().filter(|x| b.contains(x)).count();
        total += a.len().max(b.len());
        changed += usize::from(a != b);
        changed_mistakes += usize::from(am != bm);
        println!(
            "line {:4}: {plies:3} plies, turning points {a:?} vs {b:?}; over 10 points {am:?} vs {bm:?}",
            i + 1
        );
    }
    println!(
        "{games} games: the turning points changed in {changed}, those over 10 points in \
         {changed_mistakes}; {kept} of {total} points kept ({} against {} iterations)",
        budget.iterations, doubled.iterations
    );
}

/// Appends each turn's loss at both budgets to the file `SKALD_REVIEW_DUMP` names, one
/// JSON line a game, so a rule for choosing turning points can be tried on the same
/// searches without running them again.
fn dump(game: &str, one: &Analysis, two: &Analysis) {
    let Ok(path) = std::env::var("SKALD_REVIEW_DUMP") else {
        return;
    };
    let losses = |a: &Analysis| -> Vec<(usize, f64)> {
        a.turns.iter().map(|t| (t.action, t.loss())).collect()
    };
    let line = serde_json::json!({"game": game, "one": losses(one), "two": losses(two)});
    use std::io::Write;
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{line}");
    }
}
