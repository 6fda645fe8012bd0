//! `skald review FILE`: the engine's review of a finished game from a file, the same review
//! the chat posts (the same searches, seeded by the game's number, with the configuration's
//! `[ai] budget_scale`), printed as text with
//! each turning point's position in the rule set's notation, and its pictures (the
//! win-chance graph, a board per turning point) written as PNG files.

use crate::cli::ReviewArgs;
use skald_ai::review::analyse;
use skald_rules::{Match, Record, Viewer};
use skald_session::clock::Timestamp;
use skald_session::game::{GameDoc, GameEnd, GameResult};
use skald_session::identity::{ChannelId, CommunityId, User};
use skald_session::review::{StoredReview, review_reply, review_seed, scaled_budget};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Reviews the game of `args.file` and writes its pictures; returns what to print.
pub fn review(args: ReviewArgs, config: &crate::config::Config) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let g = find_game(&text, args.game)?;
    if g.end.is_none() {
        return Err(format!(
            "game #{} is still being played: the engine reviews a game once it is over",
            g.id
        ));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The bot's budget (`[ai] budget_scale`), so the review is the one the chat posts.
    let budget = scaled_budget(config.ai.budget_scale());
    let stderr = std::sync::Mutex::new(std::io::stderr());
    let quarters = std::sync::atomic::AtomicUsize::new(0);
    let progress = |done: usize, total: usize| {
        let q = done * 4 / total.max(1);
        if q > quarters.fetch_max(q, std::sync::atomic::Ordering::Relaxed) {
            let mut err = stderr.lock().unwrap_or_else(|p| p.into_inner());
            let _ = writeln!(err, "reviewing: {}% done", done * 100 / total.max(1));
        }
    };
    let analysis = analyse(&g.record, budget, review_seed(g.id), threads, &progress)
        .map_err(|e| format!("cannot review game #{}: {e}", g.id))?;
    let review = StoredReview::new(
        &analysis,
        g.end.map_or(Timestamp(0), |e| e.at),
        budget.iterations,
    );
    let reply = review_reply(&g, &review);
    let lang = args.language;
    let mut out = reply.text.render(lang);
    out.push('\n');
    let dir = args.out.clone().unwrap_or_else(|| beside(&args.file));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    for (i, board) in reply.boards.iter().enumerate() {
        out.push_str(&format!(
            "{}\n  {}\n",
            board.alt.render(lang),
            board.position.to_notation(Viewer::Final)
        ));
        let png = skald_session::pictures::board_png(board, lang)
            .map_err(|e| format!("cannot draw turning point {}: {e}", i + 1))?;
        let path = dir.join(format!("skald-review-{}-{}.png", g.id, i + 1));
        out.push_str(&write(&path, &png.bytes)?);
    }
    for file in &reply.files {
        let ready = file.render(lang, u64::MAX).map_err(|t| t.render(lang))?;
        let path = dir.join(&ready.name);
        out.push_str(&write(&path, &ready.bytes)?);
    }
    Ok(out)
}

/// The directory of `file` (the current one for a bare name).
fn beside(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<String, String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!("{} ({} bytes)\n", path.display(), bytes.len()))
}

/// The game in a file: a game of `skald export` or `export #id` (one JSON line each; the one
/// numbered `game` when there are several), or a bare record (a JSON object), taken as a game
/// numbered 0 between `A` and `B` whose result is what its rules decided.
fn find_game(text: &str, game: Option<u64>) -> Result<GameDoc, String> {
    if let Ok(record) = serde_json::from_str::<Record>(text) {
        return bare(record);
    }
    let mut found: Vec<GameDoc> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        // The game object is the line itself or its only field (`{"game": {...}}`).
        let candidates =
            std::iter::once(&value).chain(value.as_object().into_iter().flat_map(|o| o.values()));
        for obj in candidates {
            let Ok(g) = serde_json::from_value::<GameDoc>(obj.clone()) else {
                continue;
            };
            if game.is_none_or(|n| n == g.id) {
                found.push(g);
            }
        }
    }
    match (found.len(), game) {
        (0, Some(n)) => Err(format!("no game #{n} in the file")),
        (0, None) => Err(
            "the file holds no game (a file of `skald export` or `export #id`, or a JSON record)"
                .into(),
        ),
        (1, _) => Ok(found.remove(0)),
        _ => Err(format!(
            "the file holds {} games; pick one with --game N (numbers: {})",
            found.len(),
            found
                .iter()
                .map(|g| g.id.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A bare record as a game: only a game its rules ended can be reviewed (a record says
/// nothing of a resignation).
fn bare(record: Record) -> Result<GameDoc, String> {
    let m = Match::from_record(record).map_err(|e| format!("the record does not replay: {e}"))?;
    let Some(outcome) = m.position().status().outcome() else {
        return Err(
            "the record's game is not over by its rules: the engine reviews a finished game \
             (an exported game carries its result)"
                .into(),
        );
    };
    let players = [User::new("cli", "a", "A"), User::new("cli", "b", "B")];
    let mut g = GameDoc::new(
        0,
        CommunityId("cli".into()),
        ChannelId("cli".into()),
        players,
        (false, 3, None),
        &m,
        Timestamp(0),
    );
    g.end = Some(GameEnd {
        at: Timestamp(0),
        result: GameResult::Rules(outcome),
        ratings: None,
    });
    Ok(g)
}
