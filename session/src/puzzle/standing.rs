//! `puzzle stats [@user]` (a player's puzzle ratings, one per family, their counts and
//! streak) and `puzzle ladder [family]` (this community's best solvers).

use crate::identity::Context;
use crate::{Cx, Failure, Reply, Text, t};
use skald_model::puzzle::{FamilyRecord, PuzzleFamily};

/// How many solvers the puzzle ladder lists.
const LADDER_SIZE: usize = 10;

/// `puzzle stats [@user]`: public, as `rating` is.
pub(super) fn cmd_stats(cx: &Cx, ctx: &Context, handle: Option<&str>) -> Result<Reply, Failure> {
    let user = match handle {
        Some(h) => cx.resolve(ctx, h)?,
        None => ctx.user.clone(),
    };
    let doc = cx.store.user(&user.id)?.map(|s| s.doc);
    let puzzles = doc.map(|d| d.puzzles).unwrap_or_default();
    if puzzles.ratings.is_empty() {
        return Ok(Reply::done(t!(
            "puzzle-stats-none",
            name = user.name.as_str()
        )));
    }
    let mut text = t!("puzzle-stats-head", name = user.name.as_str());
    for (family, record) in &puzzles.ratings {
        text.line(family_line(*family, record));
    }
    text.line(t!(
        "puzzle-streak",
        streak = puzzles.streak,
        best = puzzles.best_streak
    ));
    Ok(Reply::done(text))
}

/// "tafl: 1620 (12 solved, 3 failed)".
fn family_line(family: PuzzleFamily, record: &FamilyRecord) -> Text {
    t!(
        "puzzle-stats-line",
        family = family.id(),
        rating = record.rating.shown(),
        solved = record.solved,
        failed = record.failed
    )
}

/// `puzzle ladder [family]`: the community's solvers by rating in the family (tafl unless
/// named), the provisional ones after the settled.
pub(super) fn cmd_ladder(
    cx: &Cx,
    ctx: &Context,
    family: Option<PuzzleFamily>,
) -> Result<Reply, Failure> {
    let family = family.unwrap_or(PuzzleFamily::Tafl);
    let room = cx.puzzle_room(&ctx.community)?;
    let solvers = room.map(|r| r.doc.solvers).unwrap_or_default();
    let mut rows = Vec::new();
    for id in &solvers {
        let Some(doc) = cx.store.user(id)?.map(|s| s.doc) else {
            continue;
        };
        if let Some(record) = doc.puzzles.ratings.get(&family) {
            rows.push((doc.user.name.clone(), *record));
        }
    }
    if rows.is_empty() {
        return Ok(Reply::done(t!("puzzle-ladder-empty", family = family.id())));
    }
    rows.sort_by(|a, b| {
        let provisional =
            |r: &FamilyRecord| r.rating.deviation >= skald_model::ladder::PROVISIONAL_RD;
        provisional(&a.1)
            .cmp(&provisional(&b.1))
            .then(b.1.rating.rating.total_cmp(&a.1.rating.rating))
            .then_with(|| a.0.cmp(&b.0))
    });
    let mut text = t!("puzzle-ladder-head", family = family.id());
    for (place, (name, record)) in rows.iter().take(LADDER_SIZE).enumerate() {
        text.line(t!(
            "puzzle-ladder-line",
            place = place + 1,
            name = name.as_str(),
            rating = record.rating.shown(),
            solved = record.solved
        ));
    }
    Ok(Reply::done(text))
}
