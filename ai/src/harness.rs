//! Engine against engine: whole games, and a summary of many with a confidence interval.

use crate::{AiGame, Budget, Level, SeatView};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{RuleSetId, Seat, Status, dice};
use std::time::{Duration, Instant};

/// Games longer than this many steps are stopped and counted as draws (random Hnefatafl
/// games can wander for a long time).
pub const MAX_PLIES: u32 = 3_000;

/// One player of a match: a level, with its search budget optionally scaled down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// The level played.
    pub level: Level,
    /// Multiplies the level's iterations (1.0: the level as players meet it).
    pub scale: f64,
    /// Whether the level's wall-time cap applies (`false` lets a scaled-up search run all its
    /// iterations, to measure what more thinking would give).
    pub capped: bool,
}

impl Player {
    /// The level as players meet it.
    pub fn new(level: Level) -> Player {
        Player {
            level,
            scale: 1.0,
            capped: true,
        }
    }

    fn budget(self) -> Option<Budget> {
        self.level.budget().map(|b| {
            let b = b.scaled(self.scale);
            if self.capped {
                b
            } else {
                Budget {
                    time_cap: None,
                    ..b
                }
            }
        })
    }
}

/// How long the engines thought, player A first (for the 2 s per move target).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    /// Moves chosen by each player.
    pub moves: [u32; 2],
    /// Their total thinking time.
    pub total: [Duration; 2],
    /// The longest single move of each player.
    pub longest: [Duration; 2],
}

impl Timing {
    fn add(&mut self, player: usize, took: Duration) {
        if let (Some(m), Some(t), Some(l)) = (
            self.moves.get_mut(player),
            self.total.get_mut(player),
            self.longest.get_mut(player),
        ) {
            *m += 1;
            *t += took;
            *l = (*l).max(took);
        }
    }

    fn merge(&mut self, other: &Timing) {
        for p in 0..2 {
            self.moves[p] += other.moves[p];
            self.total[p] += other.total[p];
            self.longest[p] = self.longest[p].max(other.longest[p]);
        }
    }

    /// The mean thinking time per move of `player` (0: A, 1: B).
    pub fn mean(&self, player: usize) -> Duration {
        match (self.total.get(player), self.moves.get(player)) {
            (Some(t), Some(&m)) if m > 0 => *t / m,
            _ => Duration::ZERO,
        }
    }
}

/// Plays one game of `rule_set` between `a` (on seat `a_seat`) and `b` and returns A's score:
/// 1 for a win, 0.5 for a draw (or a game stopped at [`MAX_PLIES`]), 0 for a loss. `seed`
/// decides the set-up, the dice and both engines' random choices.
pub fn play_game<G: AiGame>(
    rule_set: RuleSetId,
    a: Player,
    b: Player,
    a_seat: Seat,
    seed: u64,
) -> f64 {
    play_timed::<G>(rule_set, a, b, a_seat, seed, MAX_PLIES).0
}

/// [`play_game`] stopped (as a draw) after `max_plies` steps, also returning how long each
/// player thought.
pub fn play_timed<G: AiGame>(
    rule_set: RuleSetId,
    a: Player,
    b: Player,
    a_seat: Seat,
    seed: u64,
    max_plies: u32,
) -> (f64, Timing) {
    let mut timing = Timing::default();
    let score = play_inner::<G>(rule_set, a, b, a_seat, seed, max_plies, &mut timing);
    (score, timing)
}

fn play_inner<G: AiGame>(
    rule_set: RuleSetId,
    a: Player,
    b: Player,
    a_seat: Seat,
    seed: u64,
    max_plies: u32,
    timing: &mut Timing,
) -> f64 {
    let mut state = G::start(rule_set, seed);
    let mut dice_rng = StdRng::seed_from_u64(seed ^ 0x5eed_d1ce);
    let mut rngs = [
        StdRng::seed_from_u64(seed.wrapping_mul(3).wrapping_add(1)),
        StdRng::seed_from_u64(seed.wrapping_mul(3).wrapping_add(2)),
    ];
    while state.ply() < max_plies {
        match state.status() {
            Status::Over(o) => {
                return match o.winner {
                    Some(w) if w == a_seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
            }
            Status::Roll { spec, .. } => {
                let d = dice::roll(spec, &mut dice_rng);
                if state.roll(&d).is_err() {
                    return 0.5;
                }
            }
            Status::Move { seat } => {
                let player = if seat == a_seat { a } else { b };
                let rng = &mut rngs[usize::from(seat != a_seat)];
                let Ok(view) = SeatView::new(&state, seat) else {
                    return 0.5;
                };
                let started = Instant::now();
                let mv = crate::engine::choose_with_budget(&view, player.budget(), rng);
                timing.add(usize::from(seat != a_seat), started.elapsed());
                match mv {
                    Some(mv) if state.play(mv).is_ok() => {}
                    _ => return 0.5,
                }
            }
        }
    }
    0.5
}

/// The results of a match, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games A won.
    pub wins: u32,
    /// Games A lost.
    pub losses: u32,
    /// Drawn (or stopped) games.
    pub draws: u32,
    /// In a paired match ([`MatchSpec::paired`]), what became of each pair of games played
    /// on the same dice from both seats.
    pub pairs: Pairs,
}

/// Pairs of games on the same dice, one with A on each seat: where one seat won both, the
/// dice outweighed the difference between the players; where A won both, A outplayed B
/// whatever the dice. This is how the README tells dice luck from playing strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs A won both games of.
    pub a_won_both: u32,
    /// Pairs A lost both games of.
    pub a_lost_both: u32,
    /// Pairs whose two games the same seat won, whoever sat there.
    pub same_seat_won: u32,
    /// Pairs with a draw in them.
    pub with_a_draw: u32,
}

impl Pairs {
    /// Adds a pair: A's score with A on seat A, then with A on seat B.
    pub fn add(&mut self, on_a: f64, on_b: f64) {
        let won = |s: f64| s >= 1.0;
        let lost = |s: f64| s <= 0.0;
        if won(on_a) && won(on_b) {
            self.a_won_both += 1;
        } else if lost(on_a) && lost(on_b) {
            self.a_lost_both += 1;
        } else if (won(on_a) && lost(on_b)) || (lost(on_a) && won(on_b)) {
            self.same_seat_won += 1;
        } else {
            self.with_a_draw += 1;
        }
    }

    /// Pairs counted.
    pub fn count(&self) -> u32 {
        self.a_won_both + self.a_lost_both + self.same_seat_won + self.with_a_draw
    }
}

impl Summary {
    /// Adds one game's score for A.
    pub fn add(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's score: wins plus half the draws, over the games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    /// The 95% Wilson score interval of A's score (draws count half).
    pub fn wilson95(&self) -> (f64, f64) {
        wilson(self.score(), self.games(), 1.959_964)
    }
}

/// The Wilson score interval for a proportion `p` observed over `n` trials, `z` standard
/// deviations wide: unlike the normal approximation it stays inside 0..=1 and behaves near
/// 0 and 1, where a strong engine's score lives.
pub fn wilson(p: f64, n: u32, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(n);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What a match plays: who, how many games, from which seed, how many at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchSpec {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Player A, whose score is reported.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// Games to play.
    pub games: u32,
    /// Game `i` uses `seed + i` for its set-up, dice and engines (`seed + i / 2` when
    /// paired).
    pub seed: u64,
    /// Whether games go in pairs on the same seed, so on the same dice, A on seat A in the
    /// first and on seat B in the second ([`Pairs`]).
    pub paired: bool,
    /// Games played at once.
    pub threads: usize,
    /// Steps after which a game stops as a draw.
    pub max_plies: u32,
}

/// [`run_match`] on the rules type the registry names for `spec.rule_set`.
///
/// Exists so the generic search is instantiated here, in the engine's crate at its
/// optimisation level, and not in a caller's (the `skald` binary builds its glue code with
/// less optimisation to keep its release build short).
pub fn run_match_of(spec: MatchSpec, on_game: &(dyn Fn(u32, f64) + Sync)) -> (Summary, Timing) {
    skald_rules::with_rules!(spec.rule_set, G => run_match::<G>(spec, on_game))
}

/// Plays the games of `spec` on its threads, A on seat A in even games and on seat B in odd
/// ones, and sums them up; `on_game` hears each game's number and A's score as it ends. The
/// result does not depend on the number of threads (the timings do).
pub fn run_match<G: AiGame>(
    spec: MatchSpec,
    on_game: &(dyn Fn(u32, f64) + Sync),
) -> (Summary, Timing) {
    let MatchSpec {
        rule_set,
        a,
        b,
        games,
        seed,
        threads,
        max_plies,
        paired,
    } = spec;
    let next = std::sync::atomic::AtomicU32::new(0);
    let scores = std::sync::Mutex::new(vec![0.5; games as usize]);
    let timing = std::sync::Mutex::new(Timing::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let a_seat = if i.is_multiple_of(2) {
                        Seat::A
                    } else {
                        Seat::B
                    };
                    let (s, t) = play_timed::<G>(
                        rule_set,
                        a,
                        b,
                        a_seat,
                        seed.wrapping_add(u64::from(if paired { i / 2 } else { i })),
                        max_plies,
                    );
                    if let Ok(mut all) = timing.lock() {
                        all.merge(&t);
                    }
                    on_game(i, s);
                    if let Ok(mut all) = scores.lock()
                        && let Some(slot) = all.get_mut(i as usize)
                    {
                        *slot = s;
                    }
                }
            });
        }
    });
    let mut summary = Summary::default();
    let scores = scores.into_inner().unwrap_or_default();
    for &s in &scores {
        summary.add(s);
    }
    if paired {
        for pair in scores.chunks_exact(2) {
            summary.pairs.add(pair[0], pair[1]);
        }
    }
    (summary, timing.into_inner().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::adelta::Adelta;

    #[test]
    fn wilson_interval_is_sane() {
        let (lo, hi) = wilson(1.0, 20, 1.959_964);
        assert!(lo > 0.83 && lo < 0.85 && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(0.5, 100, 1.959_964);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.3, 0, 1.96), (0.0, 1.0));
    }

    #[test]
    fn an_uncapped_player_searches_without_a_time_cap() {
        let hard = Player::new(Level::Hard);
        let budget = hard.budget().expect("a search");
        assert!(budget.time_cap.is_some());
        let free = Player {
            scale: 10.0,
            capped: false,
            ..hard
        };
        let free_budget = free.budget().expect("a search");
        assert_eq!(free_budget.time_cap, None);
        assert_eq!(free_budget.iterations, budget.iterations * 10);
    }

    #[test]
    fn a_match_does_not_depend_on_threads() {
        let a = Player {
            scale: 0.1,
            ..Player::new(Level::Easy)
        };
        let b = Player::new(Level::Random);
        let spec = MatchSpec {
            rule_set: RuleSetId::Adelta,
            a,
            b,
            games: 6,
            seed: 9,
            threads: 1,
            max_plies: MAX_PLIES,
            paired: false,
        };
        let one = run_match::<Adelta>(spec, &|_, _| {}).0;
        let two = run_match::<Adelta>(MatchSpec { threads: 2, ..spec }, &|_, _| {}).0;
        assert_eq!(one, two);
        assert_eq!(one.games(), 6);
    }

    #[test]
    fn a_paired_match_plays_each_dice_sequence_from_both_seats() {
        let a = Player {
            scale: 0.05,
            ..Player::new(Level::Easy)
        };
        let b = Player::new(Level::Random);
        let spec = MatchSpec {
            rule_set: RuleSetId::Adelta,
            a,
            b,
            games: 8,
            seed: 3,
            threads: 2,
            max_plies: MAX_PLIES,
            paired: true,
        };
        let heard = std::sync::Mutex::new(vec![None; 8]);
        let summary = run_match::<Adelta>(spec, &|i, score| {
            if let Ok(mut h) = heard.lock() {
                h[i as usize] = Some(score);
            }
        })
        .0;
        assert_eq!(summary.games(), 8);
        assert_eq!(summary.pairs.count(), 4);
        // Pair k is seed 3 + k played with A on seat A, then on seat B.
        let heard = heard.into_inner().unwrap_or_default();
        for k in 0..4u64 {
            for (j, seat) in [Seat::A, Seat::B].into_iter().enumerate() {
                let alone = play_game::<Adelta>(RuleSetId::Adelta, a, b, seat, 3 + k);
                assert_eq!(heard[2 * k as usize + j], Some(alone), "pair {k}, {seat:?}");
            }
        }
        let unpaired = run_match::<Adelta>(
            MatchSpec {
                paired: false,
                ..spec
            },
            &|_, _| {},
        )
        .0;
        assert_eq!(unpaired.pairs.count(), 0);
    }

    #[test]
    fn pairs_are_told_apart_by_who_won_them() {
        let mut pairs = Pairs::default();
        pairs.add(1.0, 1.0);
        pairs.add(0.0, 0.0);
        pairs.add(1.0, 0.0);
        pairs.add(0.0, 1.0);
        pairs.add(0.5, 1.0);
        assert_eq!(
            pairs,
            Pairs {
                a_won_both: 1,
                a_lost_both: 1,
                same_seat_won: 2,
                with_a_draw: 1,
            }
        );
    }
}
