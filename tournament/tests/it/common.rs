//! Random Swiss tournaments for the tests: players, ratings, requested byes, absences,
//! withdrawals, forfeits and random results, each round paired by Skald's Dutch system and
//! held to the absolute criteria by the independent checker.

use skald_tournament::dutch::{self, PairingError};
use skald_tournament::swiss_check::check_absolute_criteria;
use skald_tournament::{Color, GameScore, Player, RoundEntry, Tournament, TournamentKind};

/// SplitMix64: a tiny deterministic generator, so a seed names a tournament forever.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// How a simulated tournament ended.
pub struct Simulation {
    pub tournament: Tournament,
    /// Rounds paired and played.
    pub rounds: usize,
    /// Pairing stopped because no pairing met the absolute criteria.
    pub impossible: bool,
}

/// A random tournament of `seed`, paired round by round by Skald; panics (failing the test)
/// when a pairing breaks an absolute criterion.
pub fn simulate(seed: u64, max_players: u64) -> Simulation {
    let mut rng = Rng::new(seed);
    let players = rng.range(4, max_players) as u32;
    let total_rounds = rng.range(3, 11.min(u64::from(players) - 1).max(3)) as u32;
    simulate_with(&mut rng, seed, players, total_rounds)
}

/// A random tournament with a given size.
pub fn simulate_with(rng: &mut Rng, seed: u64, players: u32, total_rounds: u32) -> Simulation {
    let mut t = Tournament::new(
        format!("Random {seed}"),
        TournamentKind::SwissDutch,
        total_rounds,
    );
    t.initial_color = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let mut ratings: Vec<u16> = (0..players).map(|_| rng.range(1000, 2800) as u16).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    for (i, rating) in ratings.into_iter().enumerate() {
        let n = i as u32 + 1;
        t.players
            .push(Player::new(n, format!("Player {n:03}"), rating));
    }
    let draw_rate = rng.range(0, 60);
    let forfeit_rate = if rng.chance(50) { rng.range(1, 10) } else { 0 };
    let bye_rate = if rng.chance(60) { rng.range(1, 12) } else { 0 };
    let withdraw_rate = if rng.chance(40) { rng.range(1, 6) } else { 0 };
    let mut withdrawn = vec![false; players as usize];
    let mut rounds = 0;
    for round in 0..total_rounds as usize {
        // Decisions taken before the pairing: withdrawals, requested byes, absences.
        for (i, p) in t.players.iter_mut().enumerate() {
            p.rounds.resize(round, RoundEntry::NotPaired);
            if round > 0 && !withdrawn[i] && rng.chance(withdraw_rate) {
                withdrawn[i] = true;
            }
            if withdrawn[i] {
                p.rounds.push(RoundEntry::ZeroPointBye);
            } else if rng.chance(bye_rate) {
                p.rounds.push(if rng.chance(70) {
                    RoundEntry::HalfPointBye
                } else {
                    RoundEntry::ZeroPointBye
                });
            }
        }
        let pairing = match dutch::pair_next_round(&t) {
            Ok(pairing) => pairing,
            Err(PairingError::Impossible) => {
                return Simulation {
                    tournament: trim(t, round),
                    rounds,
                    impossible: true,
                };
            }
            Err(e) => panic!("seed {seed} round {}: {e}", round + 1),
        };
        if let Err(v) = check_absolute_criteria(&t, &pairing) {
            panic!("seed {seed} round {}: {v}: {pairing:?}", round + 1);
        }
        let index = |n: u32| (n - 1) as usize;
        for &(white, black) in &pairing.pairs {
            let (ws, bs, played) = if rng.chance(forfeit_rate) {
                match rng.range(0, 2) {
                    0 => (GameScore::Win, GameScore::Loss, false),
                    1 => (GameScore::Loss, GameScore::Win, false),
                    _ => (GameScore::Loss, GameScore::Loss, false),
                }
            } else if rng.chance(draw_rate) {
                (GameScore::Draw, GameScore::Draw, true)
            } else {
                // The higher rated wins more often.
                let favourite = ratings_of(&t, white) >= ratings_of(&t, black);
                let white_wins = rng.chance(if favourite { 65 } else { 35 });
                if white_wins {
                    (GameScore::Win, GameScore::Loss, true)
                } else {
                    (GameScore::Loss, GameScore::Win, true)
                }
            };
            t.players[index(white)].rounds.push(RoundEntry::Game {
                opponent: black,
                color: Color::White,
                score: ws,
                played,
                rated: true,
            });
            t.players[index(black)].rounds.push(RoundEntry::Game {
                opponent: white,
                color: Color::Black,
                score: bs,
                played,
                rated: true,
            });
        }
        if let Some(bye) = pairing.bye {
            t.players[index(bye)].rounds.push(RoundEntry::PairingBye);
        }
        for p in &mut t.players {
            p.rounds.resize(round + 1, RoundEntry::NotPaired);
        }
        rounds += 1;
    }
    Simulation {
        tournament: t,
        rounds,
        impossible: false,
    }
}

fn ratings_of(t: &Tournament, n: u32) -> u16 {
    t.player(n).map_or(0, |p| p.rating)
}

/// Drops the entries of a round that could not be paired.
fn trim(mut t: Tournament, rounds: usize) -> Tournament {
    for p in &mut t.players {
        p.rounds.truncate(rounds);
    }
    t
}
