//! The prover's fast path against its plain form, position by position: the same search run
//! on a game that names every legal move as possibly winning at once (`Game::
//! moves_that_may_win`'s default) must give the same answer, the same proof and the same
//! line as on the rules' own narrowed set, for `forced_win` and `unique_first_move` at bounds
//! 1 to 3, on positions of the tafl community's games and of random big-board games.

use super::{Proof, prove, unique};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use skald_rules::hnefatafl::Hnefatafl;
use skald_rules::tafl::Tafl;
use skald_rules::{
    ArrangeError, Cell, Event, Game, MoveError, PositionError, RollError, RuleSetId, Status, Viewer,
};
use std::path::PathBuf;

/// A game behind the plain search: every method the rules' own, but for
/// `moves_that_may_win`, left at the trait's default (every legal move).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct EveryMove<G>(G);

impl<G: Game> Game for EveryMove<G> {
    type Move = G::Move;

    const RULE_SETS: &'static [RuleSetId] = G::RULE_SETS;

    fn start(rule_set: RuleSetId, seed: u64) -> Self {
        EveryMove(G::start(rule_set, seed))
    }

    fn rule_set(&self) -> RuleSetId {
        self.0.rule_set()
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn dice(&self) -> &[u8] {
        self.0.dice()
    }

    fn ply(&self) -> u32 {
        self.0.ply()
    }

    fn legal_moves(&self) -> Vec<Self::Move> {
        self.0.legal_moves()
    }

    fn play(&mut self, mv: Self::Move) -> Result<Vec<Event>, MoveError> {
        self.0.play(mv)
    }

    fn roll(&mut self, dice: &[u8]) -> Result<Vec<Event>, RollError> {
        self.0.roll(dice)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.0.parse_move(text)
    }

    fn to_notation(&self, viewer: Viewer) -> String {
        self.0.to_notation(viewer)
    }

    fn from_notation(rule_set: RuleSetId, text: &str) -> Result<Self, PositionError> {
        G::from_notation(rule_set, text).map(EveryMove)
    }

    fn text_grid(&self, viewer: Viewer) -> String {
        self.0.text_grid(viewer)
    }

    fn cell_name(&self, cell: Cell) -> String {
        self.0.cell_name(cell)
    }

    fn arrange(&mut self, seat: skald_rules::Seat, values: [u8; 9]) -> Result<(), ArrangeError> {
        self.0.arrange(seat, values)
    }
}

/// Checks that the fast and the plain search agree at `game` for every bound up to `most`;
/// returns how many of the answers were a win (so a caller can see the sample held some).
fn agree<G: Game>(game: &G, most: u8) -> usize {
    let plain = EveryMove(game.clone());
    let mut wins = 0;
    for bound in 1..=most {
        let fast: (Option<Proof>, Option<Proof>) = (prove(game, bound), unique(game, bound));
        let slow = (prove(&plain, bound), unique(&plain, bound));
        assert_eq!(fast, slow, "bound {bound} at {game:?}");
        wins += usize::from(fast.0.is_some());
    }
    wins
}

/// The records' directory: `SKALD_TAFL_RECORDS`, or `shared/tafl-records` beside the
/// repository (as the rules' replay test reads them).
fn records(file: &str) -> String {
    let dir = match std::env::var_os("SKALD_TAFL_RECORDS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/tafl-records"),
    };
    let path = dir.join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the tafl game records at {} ({e}); they live beside the repository \
             in shared/tafl-records, or set SKALD_TAFL_RECORDS to their directory",
            path.display()
        )
    })
}

/// The positions of every `every`-th game of a records file where a player is to move, the
/// last `last` of each game (where its wins are).
fn record_positions(rule_set: RuleSetId, file: &str, every: usize, last: usize) -> Vec<Tafl> {
    let text = records(file);
    let mut all = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).step_by(every) {
        let mut game = Tafl::start(rule_set, 0);
        let mut seen = Vec::new();
        for token in line
            .split(',')
            .next()
            .unwrap_or_default()
            .split_whitespace()
        {
            if token == "timeout" || game.status().seat().is_none() {
                continue;
            }
            seen.push(game.clone());
            let Ok(mv) = game.parse_move(token.split('x').next().unwrap_or_default()) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        let skip = seen.len().saturating_sub(last);
        all.extend(seen.into_iter().skip(skip));
    }
    all
}

/// The last `last` positions with a player to move of a random game of `rule_set` from
/// `seed` (random games end by the king's capture or escape, so their last positions hold
/// wins in 1 to 3).
fn random_positions<G: Game>(rule_set: RuleSetId, seed: u64, last: usize) -> Vec<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = G::start(rule_set, seed);
    let mut seen = Vec::new();
    while game.status().seat().is_some() && seen.len() < 600 {
        seen.push(game.clone());
        let moves = game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    let skip = seen.len().saturating_sub(last);
    seen.into_iter().skip(skip).collect()
}

#[test]
fn brandubh_record_positions_agree_at_bounds_one_to_three() {
    let positions = record_positions(RuleSetId::Brandubh, "brandubh.csv", 20, 6);
    assert!(positions.len() > 120, "{}", positions.len());
    let wins: usize = positions.iter().map(|p| agree(p, 3)).sum();
    assert!(wins > 10, "only {wins} wins among the sampled positions");
}

#[test]
fn copenhagen_record_positions_agree_at_bounds_one_and_two_and_one_at_three() {
    let positions = record_positions(RuleSetId::Copenhagen, "copenhagen.csv", 100, 6);
    assert!(positions.len() > 80, "{}", positions.len());
    let mut wins = 0;
    for (at, position) in positions.iter().enumerate() {
        // The plain search within 3 takes about a second a position in release: the last
        // position of the first game only.
        let most = if at == 5 { 3 } else { 2 };
        wins += agree(position, most);
    }
    assert!(wins > 10, "only {wins} wins among the sampled positions");
}

#[test]
fn random_big_board_positions_agree_at_bounds_one_and_two() {
    let mut wins = 0;
    for seed in 0..3 {
        for position in random_positions::<Hnefatafl>(RuleSetId::Hnefatafl, seed, 4) {
            wins += agree(&position, 2);
        }
        for position in random_positions::<Hnefatafl>(RuleSetId::Hnefatafl13, seed, 4) {
            wins += agree(&position, 2);
        }
        for position in random_positions::<Tafl>(RuleSetId::Copenhagen, seed, 4) {
            wins += agree(&position, 2);
        }
    }
    assert!(wins > 5, "only {wins} wins among the sampled positions");
}
