//! `puzzle [rule-set | family]`: a puzzle near the player's rating, privately (the one being
//! solved, again, while there is one: asking for another does not skip it).

use super::{pool, show};
use crate::command::PuzzleScope;
use crate::identity::Context;
use crate::store::Stored;
use crate::{Cx, Failure, Reply, t};
use skald_model::puzzle::{
    ActivePuzzle, PlayerPuzzles, Puzzle, PuzzleFamily, PuzzleRating, PuzzleRoom, ThemeKind, choose,
};
use skald_model::user::UserDoc;
use skald_rules::Position;

/// How near the player's rating a community's own puzzle must be to come before the
/// starter set's.
const OWN_NEAR: f64 = 300.0;

/// `puzzle [scope]`.
pub(super) fn cmd_new(
    cx: &Cx,
    ctx: &Context,
    scope: Option<PuzzleScope>,
) -> Result<Reply, Failure> {
    let (stored, mut doc) = cx.own_doc(ctx)?;
    if let Some(active) = &doc.puzzles.active {
        // The one being solved comes first: asking again shows it, and another is refused
        // until it is answered or skipped (a player cannot drop a hard one unrated).
        let wanted = scope.is_none_or(|s| pool::in_scope(&active.puzzle, s));
        let mut reply = shown_again(ctx, &doc.puzzles, active)?;
        if !wanted {
            reply.private[0].text.line(t!("puzzle-finish-first"));
        }
        return Ok(reply);
    }
    let room = cx.puzzle_room(&ctx.community)?;
    let family = match scope {
        Some(PuzzleScope::RuleSet(r)) => PuzzleFamily::of(r),
        Some(PuzzleScope::Family(f)) => f,
        None => usual_family(&doc.puzzles, cx.now().0),
    };
    let seed = cx.now().0.unsigned_abs() ^ doc.puzzles.recent.len() as u64;
    let room = room.map_or_else(|| PuzzleRoom::new(ctx.community.clone()), |r| r.doc);
    let rated: Vec<(&Puzzle, PuzzleRating)> = pool::puzzles_of(&room, Some(family))
        .filter(|p| scope.is_none_or(|s| pool::in_scope(p, s)))
        .map(|p| (p, pool::rating_in(&room, p)))
        .collect();
    // The community's own puzzles first, when one near the player's rating is left: a
    // position from a game played here is one they care about.
    let mine = doc.puzzles.family(family).rating.rating;
    let own: Vec<(&Puzzle, PuzzleRating)> = rated
        .iter()
        .filter(|(p, r)| {
            room.mined.iter().any(|m| m.id() == p.id())
                && !doc.puzzles.seen(&p.id())
                && (r.rating - mine).abs() <= OWN_NEAR
        })
        .copied()
        .collect();
    let chosen = choose(own, &doc.puzzles, seed).or_else(|| choose(rated, &doc.puzzles, seed));
    let Some((puzzle, rating)) = chosen else {
        return Err(Failure::Refused(t!("puzzle-none", family = family.id())));
    };
    let active = start(puzzle.clone(), rating, ctx, cx.now(), None)?;
    doc.puzzles.active = Some(Box::new(active.clone()));
    give(cx, ctx, stored, doc, &active)
}

/// Makes `puzzle` the player's active one, from its first position.
pub(super) fn start(
    puzzle: Puzzle,
    rating: PuzzleRating,
    ctx: &Context,
    now: crate::clock::Timestamp,
    daily: Option<String>,
) -> Result<ActivePuzzle, Failure> {
    let moves_left = match ThemeKind::read(&puzzle.theme) {
        Some((_, Some(n))) => n,
        _ => 1,
    };
    Ok(ActivePuzzle {
        position: puzzle.position.clone(),
        line: puzzle.solution.clone(),
        moves_left,
        rating,
        community: ctx.community.clone(),
        given: now,
        daily,
        puzzle,
    })
}

/// Stores the player's new active puzzle and shows it to them.
pub(super) fn give(
    cx: &Cx,
    ctx: &Context,
    stored: Option<Stored<UserDoc>>,
    doc: UserDoc,
    active: &ActivePuzzle,
) -> Result<Reply, Failure> {
    let reply = shown_again(ctx, &doc.puzzles, active)?;
    cx.write_user(stored, doc)?;
    Ok(reply)
}

/// The active puzzle shown to the player, privately: its board and words.
pub(super) fn shown_again(
    ctx: &Context,
    mine: &PlayerPuzzles,
    active: &ActivePuzzle,
) -> Result<Reply, Failure> {
    let position = read_position(active)?;
    let rating = mine.family(active.puzzle.family()).rating;
    let mut reply = Reply::alone(&ctx.user, show::asked(active, &position, rating));
    reply.private[0].boards.push(show::board(
        &position,
        Vec::new(),
        show::solver(&active.puzzle),
    ));
    reply.choices = show::step_choices(&position, &[], &ctx.user.id);
    Ok(reply)
}

/// The active puzzle's current position (a stored one that no longer reads is refused: it
/// was written by this version, so only a damaged store gets here).
pub(super) fn read_position(active: &ActivePuzzle) -> Result<Position, Failure> {
    Position::from_notation(active.puzzle.rule_set, &active.position).map_err(|e| {
        tracing::error!(error = %e, "a stored puzzle position does not read");
        Failure::Refused(t!("puzzle-damaged"))
    })
}

/// The family a player asking for "a puzzle" gets: the one they tried most; a new player
/// gets each family in turn.
fn usual_family(mine: &PlayerPuzzles, seed: i64) -> PuzzleFamily {
    mine.ratings
        .iter()
        .max_by_key(|(_, r)| r.solved + r.failed)
        .map(|(f, _)| *f)
        .unwrap_or(PuzzleFamily::ALL[seed.unsigned_abs() as usize % PuzzleFamily::ALL.len()])
}
