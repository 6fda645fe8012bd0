//! Mining finished games for their community's own puzzles, on the engine's workers (the
//! driver's part: `crate::engine_driver::minings`). Each finished game once: its
//! [`Mining`] is asked for when it ends (`GameDoc::finish`), taken by one driver with a
//! hold written on the game (its version decides between processes), and done in the
//! commit that adds the puzzles to the community's document, only while the same driver
//! holds it. Every family: tafl and Subulata positions proven, dice turns weighed. A driver that stops midway leaves it due again when its hold ends.

use crate::game::GameDoc;
use crate::store::Commit;
use crate::{Cx, Failure};
use skald_model::puzzle::{Mining, Puzzle, PuzzleRoom};
use skald_rules::Position;
use std::sync::Arc;

/// How long a driver holds a game it mines before another may take it over (a position
/// takes well under a second; the longest game a few hundred).
pub const MINE_HOLD_SECS: i64 = 900;

/// A game a driver took to mine: its positions, one search each.
#[derive(Debug)]
pub struct MineJob {
    /// The game.
    pub game: u64,
    /// The positions to test, where a player is to move.
    pub positions: Arc<Vec<Position>>,
    /// Where its puzzles came from, as players read it ("alice vs bob, game #12").
    pub source: Arc<String>,
    /// The driver holding it.
    pub holder: String,
}

/// How many turn starts of a dice game are weighed: each costs an engine search of every
/// use of its roll, so a long game is sampled, evenly along it (`docs/SESSION.md`).
pub const DICE_POSITIONS: usize = 6;

/// The puzzle at one position of a finished game, if there is one: proven within the rule
/// set's mining bound (tafl, Subulata; on the big boards only where the mover wins within
/// the cheaper screen's bound, `mine::screen_bound`), or the best use of the roll (dice
/// games), seeded by the game and the position so every process finds the same.
pub fn mine_position(position: &Position, game: u64, source: &str) -> Option<Puzzle> {
    let rule_set = position.rule_set();
    let bound = skald_model::puzzle::mine::default_bound(rule_set);
    let seed = game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(position.ply()) << 32);
    let source = format!("{source}, move {}", position.ply() + 1);
    skald_model::puzzle::mine::screened_puzzle_of(position, bound, seed, source)
        .ok()
        .flatten()
}

/// The positions of a finished game to mine: every one where a player is to move, or a
/// dice game's turn starts with a choice, [`DICE_POSITIONS`] of them spread along it.
fn positions_to_mine(g: &GameDoc) -> Result<Vec<Position>, skald_rules::ReplayError> {
    let all = skald_model::puzzle::mine::mining_positions(&g.record)?;
    if !skald_model::puzzle::PuzzleFamily::of(g.record.rule_set).has_dice() {
        return Ok(all);
    }
    let choices: Vec<Position> = all
        .into_iter()
        .filter(|p| skald_ai::puzzle::dice::distinct(p).is_ok_and(|u| u.len() >= 2))
        .collect();
    if choices.len() <= DICE_POSITIONS {
        return Ok(choices);
    }
    Ok((0..DICE_POSITIONS)
        .filter_map(|i| choices.get(i * choices.len() / DICE_POSITIONS).cloned())
        .collect())
}

impl Cx {
    /// The finished games whose mining is due by now: asked for and not taken, or taken by
    /// a driver whose hold ended. Read from the deadline index.
    pub(crate) fn minings_due(&self) -> Vec<u64> {
        if !self.config.mine_games {
            return Vec::new();
        }
        let now = self.now();
        let due = match self.store.due(now) {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the deadline queue for mining");
                return Vec::new();
            }
        };
        due.into_iter()
            .filter(|(_, id)| {
                matches!(self.store.game(*id), Ok(Some(g)) if g.doc.end.is_some()
                    && g.doc.mining.as_ref().and_then(Mining::look_at).is_some_and(|at| at <= now))
            })
            .map(|(_, id)| id)
            .collect()
    }

    /// Takes game `id`'s mining for `holder` if it is still due: `None` when another driver
    /// has it, it was done meanwhile, or the game changed under us. A record that does not
    /// replay is marked done with nothing found.
    pub(crate) fn take_mining(&self, id: u64, holder: &str) -> Option<MineJob> {
        let now = self.now();
        let stored = self.store.game(id).ok().flatten()?;
        let look_at = stored.doc.mining.as_ref().and_then(Mining::look_at)?;
        if look_at > now || stored.doc.end.is_none() {
            return None;
        }
        let positions = match positions_to_mine(&stored.doc) {
            Ok(all) => all,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a finished game does not replay; it is not mined");
                let mut after = stored.doc.clone();
                after.mining = Some(Mining::Done { found: 0 });
                let _ = self.commit_game_announced(stored, after, &[]);
                return None;
            }
        };
        let mut after = stored.doc.clone();
        after.mining = Some(Mining::Pending {
            look_at: now.plus(MINE_HOLD_SECS),
            holder: Some(holder.to_string()),
        });
        let source = source_of(&stored.doc);
        match self.commit_game_announced(stored, after, &[]) {
            Ok(_) => {}
            Err(Failure::Conflict(_)) => return None,
            Err(e) => {
                tracing::warn!(game = id, error = ?e, "cannot take a game to mine");
                return None;
            }
        }
        tracing::info!(
            game = id,
            positions = positions.len(),
            "the engine mines a game for puzzles"
        );
        Some(MineJob {
            game: id,
            positions: Arc::new(positions),
            source: Arc::new(source),
            holder: holder.to_string(),
        })
    }

    /// Adds the puzzles found to the game's community and marks the game mined, in one
    /// commit, if this driver still holds it (`false` otherwise: another took it over).
    pub(crate) fn finish_mining(&self, job: &MineJob, found: Vec<Puzzle>) -> bool {
        for _ in 0..4 {
            let Ok(Some(stored)) = self.store.game(job.game) else {
                return false;
            };
            let held = matches!(&stored.doc.mining,
                Some(Mining::Pending { holder: Some(h), .. }) if *h == job.holder);
            if !held {
                tracing::info!(
                    game = job.game,
                    "another process took this game's mining over"
                );
                return false;
            }
            let Ok(room_stored) = self.store.puzzle_room(&stored.doc.community) else {
                return false;
            };
            let mut room = room_stored.as_ref().map_or_else(
                || PuzzleRoom::new(stored.doc.community.clone()),
                |r| r.doc.clone(),
            );
            let mut added = 0;
            for puzzle in &found {
                if !room.mined.iter().any(|p| p.id() == puzzle.id()) {
                    room.mined.push(puzzle.clone());
                    added += 1;
                }
            }
            let mut after = stored.doc.clone();
            after.mining = Some(Mining::Done { found: added });
            let commit = Commit {
                games: vec![(Some(stored.clone()), after)],
                puzzle_rooms: if added > 0 {
                    vec![(room_stored, room)]
                } else {
                    Vec::new()
                },
                ..Commit::default()
            };
            match self.commit(commit, Some(job.game)) {
                Ok(_) => {
                    tracing::info!(game = job.game, puzzles = added, "a game is mined");
                    return true;
                }
                Err(Failure::Conflict(_)) => continue,
                Err(e) => {
                    tracing::warn!(game = job.game, error = ?e, "cannot store a game's puzzles");
                    return false;
                }
            }
        }
        false
    }
}

/// "alice vs bob, game #12": where a community's own puzzle came from.
fn source_of(g: &GameDoc) -> String {
    format!(
        "{} vs {}, game #{}",
        g.players[0].name, g.players[1].name, g.id
    )
}
