//! Mining puzzles (issue #35): every position of a game where the side to move has exactly
//! one first move that wins by force within the bound, proven by `skald_ai::puzzle`, as a
//! line of a puzzle file. The sources are the same for every caller: a record (a finished
//! game of a community, a record file) or a seeded engine self-play game.

use super::difficulty::Difficulty;
use super::record::Puzzle;
use skald_ai::Budget;
use skald_ai::puzzle::dice::{DiceError, RECHECK_SEED, Verdict, find, recheck, turn_starts};
use skald_ai::puzzle::{ProverError, unique_first_move};
use skald_rules::{Match, Position, Record, ReplayError, RuleSetId, Status, Viewer};

/// The bound a rule set's puzzles are mined and re-proved with by default: 3 of the mover's
/// moves, as issue #35 asks, for every rule set the prover answers (the big boards too, since
/// the prover plays only the moves that may win at its last move: `docs/PUZZLES.md`
/// "Mining").
pub fn default_bound(rule_set: RuleSetId) -> u8 {
    let _ = rule_set;
    3
}

/// The engine's strength in the self-play games puzzles are mined from: weak and quick
/// (no time cap, so a seed plays the same game everywhere), which ends games by force often.
pub const SELF_PLAY_BUDGET: Budget = Budget {
    iterations: 200,
    time_cap: None,
    rollout_plies: 60,
};

/// The most plies a self-play game runs before it is cut (its positions are mined all the
/// same).
pub const SELF_PLAY_PLIES: usize = 400;

/// The record of the seeded self-play game puzzles are mined from: the same game for the
/// same rule set and seed on every machine.
pub fn self_play(rule_set: RuleSetId, seed: u64) -> Record {
    skald_ai::review::self_play(rule_set, seed, SELF_PLAY_PLIES, SELF_PLAY_BUDGET)
}

/// The source words of a self-play puzzle: `self-play brandubh seed 7, ply 31`.
pub fn self_play_source(rule_set: RuleSetId, seed: u64, ply: u32) -> String {
    format!("self-play {rule_set} seed {seed}, ply {ply}")
}

/// Every position of a record where a player is to move, in order, with every value shown
/// (a Subulata puzzle is solved as a finished game shows it).
pub fn positions(record: &Record) -> Result<Vec<Position>, ReplayError> {
    let start = Position::from_notation(record.rule_set, &record.start)?;
    let mut all = vec![start];
    Match::replay_with(record.clone(), |position, _, _| all.push(position.clone()))?;
    all.retain(|p| matches!(p.status(), Status::Move { .. }));
    all.dedup_by(|a, b| a.ply() == b.ply());
    Ok(all)
}

/// The puzzle at `position` within `bound`, with `source` as where it came from: `None`
/// when no first move, or more than one, forces a win, and when the mover has only one
/// legal move (nothing to find). Dice games are refused (their puzzles are "the best use
/// of the roll").
pub fn puzzle_at(
    position: &Position,
    bound: u8,
    source: String,
) -> Result<Option<Puzzle>, ProverError> {
    let Status::Move { seat } = position.status() else {
        return Ok(None);
    };
    let choices = position.legal_moves().len();
    if choices < 2 {
        return Ok(None);
    }
    let Some(proof) = unique_first_move(position, bound)? else {
        return Ok(None);
    };
    let mut after = position.clone();
    let replies = match after.play(&proof.first_move) {
        Ok(_) => after.legal_moves().len(),
        Err(_) => return Ok(None),
    };
    let rule_set = position.rule_set();
    let rating = Difficulty {
        moves: proof.moves,
        choices,
        replies,
    }
    .rating();
    Ok(Some(Puzzle {
        rule_set,
        position: position.to_notation(Viewer::Final),
        to_move: skald_lang::seat_key(rule_set, seat).to_string(),
        roll: None,
        solution: proof.line,
        theme: proof.theme.to_string(),
        source,
        rating,
    }))
}

/// The dice puzzle at a turn's start (its roll in hand), with `source` as where it came
/// from: the one use of the roll the engine rates 20 points above every other at two
/// budgets (`skald_ai::puzzle::dice::find`, seeded with `seed`) that still leads by the
/// re-check's margin at another seed, as the shipped ones were chosen.
pub fn dice_puzzle_at(
    position: &Position,
    seed: u64,
    source: String,
) -> Result<Option<Puzzle>, DiceError> {
    let Status::Move { seat } = position.status() else {
        return Ok(None);
    };
    let Verdict::Puzzle(found) = find(position, seed)? else {
        return Ok(None);
    };
    let checked = recheck(position, &found.roll, &found.solution, RECHECK_SEED)?;
    if !checked.holds {
        return Ok(None);
    }
    let rule_set = position.rule_set();
    Ok(Some(Puzzle {
        rule_set,
        position: position.to_notation(Viewer::Final),
        to_move: skald_lang::seat_key(rule_set, seat).to_string(),
        roll: Some(found.roll),
        solution: vec![found.solution],
        theme: super::ThemeKind::BestRoll.words().to_string(),
        source,
        rating: found.rating,
    }))
}

/// The positions of a record a miner tests: where a player is to move (the proven
/// families), or each turn's start with its roll in hand (the dice games).
pub fn mining_positions(record: &Record) -> Result<Vec<Position>, ReplayError> {
    if super::PuzzleFamily::of(record.rule_set).has_dice() {
        // A record that does not replay has no turn start.
        positions(record)?;
        return Ok(turn_starts(record)
            .into_iter()
            .map(|t| t.position)
            .collect());
    }
    positions(record)
}

/// The puzzle at one position of a game, whatever its family: proven within `bound` (tafl,
/// Subulata) or the best use of the roll (dice games, seeded with `seed`).
pub fn puzzle_of(
    position: &Position,
    bound: u8,
    seed: u64,
    source: String,
) -> Result<Option<Puzzle>, MineError> {
    if super::PuzzleFamily::of(position.rule_set()).has_dice() {
        return Ok(dice_puzzle_at(position, seed, source)?);
    }
    Ok(puzzle_at(position, bound, source)?)
}

/// The bound a finished game's positions are screened with before the full proof when the
/// engine workers mine a community's games in the background (`Some(2)` on the 11x11 and
/// 13x13 boards, `None` elsewhere): there a proof within 3 costs about 0.1 s a position in
/// release and far more in a debug build, most of it spent showing that no first move wins
/// (`docs/PUZZLES.md` "Mining"), while the puzzle test within 2 costs a few milliseconds. A position passing the screen is proven within the full bound, so what
/// is found is as proven as any puzzle; a puzzle whose fastest win needs exactly 3 of the
/// mover's moves is not looked for there (`skald puzzles mine` looks for it).
pub fn screen_bound(rule_set: RuleSetId) -> Option<u8> {
    match rule_set {
        RuleSetId::Hnefatafl | RuleSetId::Hnefatafl13 | RuleSetId::Copenhagen => Some(2),
        _ => None,
    }
}

/// [`puzzle_of`] after the screen of [`screen_bound`]: `None` at once where the position is
/// no puzzle within the screen's bound (no first move, or more than one, wins within it).
pub fn screened_puzzle_of(
    position: &Position,
    bound: u8,
    seed: u64,
    source: String,
) -> Result<Option<Puzzle>, MineError> {
    // A puzzle within `bound` whose win takes at most `screen` moves is one within `screen`
    // too (no other first move wins within the larger bound, so none within the smaller):
    // the cheap proof settles every other position.
    if let Some(screen) = screen_bound(position.rule_set()).filter(|&s| s < bound)
        && puzzle_at(position, screen, String::new())?.is_none()
    {
        return Ok(None);
    }
    puzzle_of(position, bound, seed, source)
}

/// Every puzzle of a record within `bound`, each with the source `source(ply)` names.
pub fn mine_record(
    record: &Record,
    bound: u8,
    source: impl Fn(u32) -> String,
) -> Result<Vec<Puzzle>, MineError> {
    let mut found = Vec::new();
    for position in mining_positions(record)? {
        let seed = record.seed ^ (u64::from(position.ply()) << 32);
        if let Some(puzzle) = puzzle_of(&position, bound, seed, source(position.ply()))? {
            found.push(puzzle);
        }
    }
    Ok(found)
}

/// Why a record was not mined.
#[derive(Debug, thiserror::Error)]
pub enum MineError {
    /// The record does not replay.
    #[error("the game does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The prover does not answer its rule set or the bound.
    #[error("{0}")]
    Prover(#[from] ProverError),
    /// A dice position the best use of the roll cannot be weighed in.
    #[error("{0}")]
    Dice(#[from] DiceError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_self_play_game_is_the_same_for_its_seed_and_its_puzzles_name_it() {
        let record = self_play(RuleSetId::Brandubh, 1);
        assert_eq!(record, self_play(RuleSetId::Brandubh, 1));
        let puzzles = mine_record(&record, 2, |ply| {
            self_play_source(RuleSetId::Brandubh, 1, ply)
        })
        .expect("a brandubh game mines");
        assert!(
            !puzzles.is_empty(),
            "self-play brandubh seed 1 has a puzzle within 2"
        );
        for puzzle in &puzzles {
            assert!(puzzle.source.starts_with("self-play brandubh seed 1, ply "));
            assert!(["attackers", "defenders"].contains(&puzzle.to_move.as_str()));
            assert!(puzzle.rating >= 900.0);
        }
    }

    /// The background miner's screen loses no big-board puzzle that wins within its bound,
    /// and finds none where the full proof finds none.
    #[test]
    fn the_screen_keeps_every_big_board_puzzle_within_two_and_adds_none() {
        let mut kept = 0;
        for puzzle in crate::puzzle::starter()
            .iter()
            .filter(|p| screen_bound(p.rule_set).is_some())
        {
            let position = puzzle.read_position().expect("reads");
            let full = puzzle_of(&position, 3, 0, "test".into()).expect("proves");
            let screened = screened_puzzle_of(&position, 3, 0, "test".into()).expect("proves");
            let within_two = puzzle_at(&position, 2, String::new())
                .expect("proves")
                .is_some();
            assert!(full.is_some(), "a shipped puzzle: {}", puzzle.position);
            assert_eq!(screened.is_some(), within_two, "{}", puzzle.position);
            if within_two {
                assert_eq!(screened, full);
                kept += 1;
            }
        }
        assert!(
            kept > 60,
            "most shipped big-board puzzles win within 2: {kept}"
        );
        // A self-play game's positions: the screen never finds what the full proof does not.
        let record = self_play(RuleSetId::Copenhagen, 3);
        for position in positions(&record).expect("replays").iter().step_by(9) {
            let screened = screened_puzzle_of(position, 3, 0, "test".into()).expect("proves");
            if let Some(found) = screened {
                let full = puzzle_of(position, 3, 0, "test".into()).expect("proves");
                assert_eq!(Some(found), full);
            }
        }
    }
}

#[cfg(test)]
mod dice_tests {
    use super::*;

    /// The shipped Daldøsa puzzle of `self-play daldosa seed N, ply P` is found again at its
    /// position with the miner's seed (N, the ply in the high bits), as the chat's miner
    /// finds a community's.
    #[test]
    fn a_shipped_dice_puzzle_is_found_again_where_it_was_mined() {
        let shipped = crate::puzzle::starter()
            .iter()
            .find(|p| p.rule_set == RuleSetId::Daldosa)
            .expect("a shipped Daldøsa puzzle");
        let (seed, ply) = shipped
            .source
            .strip_prefix("self-play daldosa seed ")
            .and_then(|rest| rest.split_once(", ply "))
            .and_then(|(s, p)| Some((s.parse::<u64>().ok()?, p.parse::<u64>().ok()?)))
            .expect("a self-play source");
        let position = shipped.read_position().expect("reads");
        let found = dice_puzzle_at(&position, seed ^ (ply << 32), shipped.source.clone())
            .expect("a dice position")
            .expect("the puzzle");
        assert_eq!(found.solution, shipped.solution);
        assert_eq!(found.roll, shipped.roll);
        assert_eq!(found.theme, "best use of the roll");
    }
}
