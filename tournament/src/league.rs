//! Leagues: a community's standing league for one rule set, played in seasons. Each season
//! the players are split into divisions of 4 to 8 that each play a round-robin; at the end
//! the best of each division go up, the last go down, leavers are removed, newcomers join
//! the bottom division, and divisions are rebalanced to stay within 4 to 8.
//!
//! The rules, as `docs/TOURNAMENTS.md` ("Leagues") tells players:
//! - **First season**: players by rating, best first, cut into the fewest divisions of at
//!   most 8, as even as possible (larger ones on top): 4 to 8 each once there are 4 players.
//! - **Up and down**: between two neighbouring divisions, the top `n` of the lower one go
//!   up and the bottom `n` of the upper one go down, where `n` is 2 when both divisions had
//!   6 or more players this season and 1 otherwise. The order is the division's final
//!   standings, ties already broken by the tie-breaks. Leavers are taken out of the
//!   standings first, so a place that goes up or down always goes to someone who plays next
//!   season. When leavers leave a division too few to send `n` up and `n` down, going up
//!   comes first (a division everyone left still takes the best of the one below it).
//! - **Newcomers** join the bottom division, best rated first.
//! - **Rebalancing**, top division first: a division under 4 is filled from below by the
//!   best of the next division who did not just come down (then of the one below it); the
//!   bottom division, if under 4, joins the one above when the two together are at most 8,
//!   else takes that division's last finishers; a division over 8 (the bottom one, with many
//!   newcomers) is split into the fewest even divisions of at most 8, promoted players and
//!   the best finishers in the upper part, newcomers in the lowest.
//!
//! Players are any `Ord + Clone` key (the session's account ids). The functions are pure:
//! the session stores seasons and announces [`NextSeason::moves`].

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The fewest players of a division (when the league has that many).
pub const MIN_DIVISION: usize = 4;
/// The most players of a division: a single round-robin of 8 is 7 rounds.
pub const MAX_DIVISION: usize = 8;
/// Divisions of this many players or more exchange two players with their neighbours.
const TWO_MOVE_SIZE: usize = 6;

/// One season of a league: its divisions, the top one first, each a list of players in
/// seed order (the Berger table's start numbers: 1 is the first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Season<P> {
    /// 1 for the first season.
    pub number: u32,
    /// `divisions[0]` is the top division.
    pub divisions: Vec<Vec<P>>,
}

impl<P: Ord> Season<P> {
    /// The division a player is in, 0 for the top one.
    pub fn division_of(&self, player: &P) -> Option<usize> {
        self.divisions.iter().position(|d| d.contains(player))
    }

    /// How many players the season has.
    pub fn players(&self) -> usize {
        self.divisions.iter().map(Vec::len).sum()
    }
}

/// A player's move between two seasons, for chat to announce.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move<P> {
    /// Who.
    pub player: P,
    /// The division the player was in (0 is the top one); `None` for a newcomer.
    pub from: Option<usize>,
    /// The division the player plays in next season.
    pub to: usize,
}

impl<P> Move<P> {
    /// True for a player going to a higher division (a smaller index).
    pub fn is_up(&self) -> bool {
        self.from.is_some_and(|from| self.to < from)
    }

    /// True for a player going to a lower division.
    pub fn is_down(&self) -> bool {
        self.from.is_some_and(|from| self.to > from)
    }
}

/// The next season and how everyone got there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextSeason<P> {
    /// The new season.
    pub season: Season<P>,
    /// Every player whose division changed (its number, not only its level: when a
    /// division above is merged away, "division 3" becomes "division 2") and every newcomer,
    /// top division first, then in seed order.
    pub moves: Vec<Move<P>>,
    /// The players who left, as given.
    pub left: Vec<P>,
}

/// Why a season change was refused: the caller's data contradicts the season.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LeagueError {
    /// A player appears twice (in the first season's list, or among the newcomers).
    #[error("a player is listed twice")]
    Duplicate,
    /// The results do not have one list per division.
    #[error("{given} result lists for {divisions} divisions")]
    Divisions {
        /// Lists given.
        given: usize,
        /// Divisions in the season.
        divisions: usize,
    },
    /// A division's results are not exactly its players.
    #[error("the results of division {division} do not list exactly its players")]
    Results {
        /// The division, 1 for the top one.
        division: usize,
    },
    /// A leaver is not in the season.
    #[error("a player who left is not in the league")]
    UnknownLeaver,
    /// A newcomer is already in the league.
    #[error("a newcomer is already in the league")]
    AlreadyIn,
}

/// The sizes of the fewest divisions of at most [`MAX_DIVISION`] for `players`, as even as
/// possible, the larger ones first: each is at least [`MIN_DIVISION`] when there are 4
/// players or more.
pub fn division_sizes(players: usize) -> Vec<usize> {
    if players == 0 {
        return Vec::new();
    }
    let count = players.div_ceil(MAX_DIVISION);
    (0..count)
        .map(|i| players / count + usize::from(i < players % count))
        .collect()
}

/// The first season: players by rating (highest first; equal ratings in the order given),
/// cut into [`division_sizes`].
pub fn first_season<P: Ord + Clone>(players: &[(P, u16)]) -> Result<Season<P>, LeagueError> {
    let distinct: BTreeSet<&P> = players.iter().map(|(p, _)| p).collect();
    if distinct.len() != players.len() {
        return Err(LeagueError::Duplicate);
    }
    let mut by_rating: Vec<&(P, u16)> = players.iter().collect();
    by_rating.sort_by_key(|(_, rating)| std::cmp::Reverse(*rating));
    let order: Vec<P> = by_rating.into_iter().map(|(p, _)| p.clone()).collect();
    Ok(Season {
        number: 1,
        divisions: cut(order, &division_sizes(players.len())),
    })
}

/// Cuts `order` into consecutive parts of `sizes`.
fn cut<P>(order: Vec<P>, sizes: &[usize]) -> Vec<Vec<P>> {
    let mut rest = order.into_iter();
    sizes
        .iter()
        .map(|&n| rest.by_ref().take(n).collect())
        .collect()
}

/// How a player came to a division, which decides who moves when divisions are rebalanced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Came {
    /// Went up into it: never sent back down by rebalancing.
    Up,
    /// Stayed: the first to fill a division above, the last finishers the first to go down.
    Stayed,
    /// Came down into it: pulled back up only when nobody else can be.
    Down,
    /// A newcomer.
    New,
}

/// A division being built: its players in seed order, each with how they came.
type Level<P> = Vec<(P, Came)>;

/// The season after `season`: `results[d]` is division `d`'s final standings, best first
/// (every player of the division once, leavers included); `left` the players who leave the
/// league; `joining` the newcomers with their ratings.
pub fn next_season<P: Ord + Clone>(
    season: &Season<P>,
    results: &[Vec<P>],
    left: &[P],
    joining: &[(P, u16)],
) -> Result<NextSeason<P>, LeagueError> {
    check(season, results, left, joining)?;
    let leaving: BTreeSet<&P> = left.iter().collect();
    // each division's stayers in finishing order, and its size this season
    let played: Vec<usize> = results.iter().map(Vec::len).collect();
    let stayers: Vec<Vec<P>> = results
        .iter()
        .map(|d| d.iter().filter(|p| !leaving.contains(p)).cloned().collect())
        .collect();
    let mut levels = exchange(&stayers, &played);
    let mut newcomers: Vec<&(P, u16)> = joining.iter().collect();
    newcomers.sort_by_key(|(_, rating)| std::cmp::Reverse(*rating));
    let newcomers = newcomers.into_iter().map(|(p, _)| (p.clone(), Came::New));
    match levels.last_mut() {
        Some(bottom) => bottom.extend(newcomers),
        None => levels.push(newcomers.collect()),
    }
    levels.retain(|l| !l.is_empty());
    fill_from_below(&mut levels);
    fix_bottom(&mut levels);
    let levels = split_large(levels);
    let divisions: Vec<Vec<P>> = levels
        .into_iter()
        .map(|l| l.into_iter().map(|(p, _)| p).collect())
        .collect();
    let next = Season {
        number: season.number.saturating_add(1),
        divisions,
    };
    let moves = next
        .divisions
        .iter()
        .enumerate()
        .flat_map(|(to, d)| d.iter().map(move |p| (to, p)))
        .filter_map(|(to, p)| {
            let from = season.division_of(p);
            (from != Some(to)).then(|| Move {
                player: p.clone(),
                from,
                to,
            })
        })
        .collect();
    Ok(NextSeason {
        season: next,
        moves,
        left: left.to_vec(),
    })
}

/// Refuses results, leavers and newcomers that contradict the season.
fn check<P: Ord>(
    season: &Season<P>,
    results: &[Vec<P>],
    left: &[P],
    joining: &[(P, u16)],
) -> Result<(), LeagueError> {
    if results.len() != season.divisions.len() {
        return Err(LeagueError::Divisions {
            given: results.len(),
            divisions: season.divisions.len(),
        });
    }
    for (i, (division, result)) in season.divisions.iter().zip(results).enumerate() {
        let theirs: BTreeSet<&P> = division.iter().collect();
        let given: BTreeSet<&P> = result.iter().collect();
        if given.len() != result.len() || given != theirs || theirs.len() != division.len() {
            return Err(LeagueError::Results { division: i + 1 });
        }
    }
    if left.iter().any(|p| season.division_of(p).is_none()) {
        return Err(LeagueError::UnknownLeaver);
    }
    let newcomers: BTreeSet<&P> = joining.iter().map(|(p, _)| p).collect();
    if newcomers.len() != joining.len() {
        return Err(LeagueError::Duplicate);
    }
    if newcomers.iter().any(|p| season.division_of(p).is_some()) {
        return Err(LeagueError::AlreadyIn);
    }
    Ok(())
}

/// How many players go up or down between a division of `upper` and one of `lower` players
/// (their sizes this season).
fn exchanged(upper: usize, lower: usize) -> usize {
    let n = |size: usize| if size >= TWO_MOVE_SIZE { 2 } else { 1 };
    n(upper).min(n(lower))
}

/// The divisions after the ups and downs: each division's stayers in their finishing order
/// (leavers already out), `played` its size this season. Each new division is: those who
/// came down from above, those who stayed, those who came up from below.
///
/// Going up comes first: the best `n` of a division go up even when it has too few players
/// left to send `n` down too (its down places are then fewer); rebalancing evens the sizes.
fn exchange<P: Clone>(stayers: &[Vec<P>], played: &[usize]) -> Vec<Level<P>> {
    let k = stayers.len();
    let boundary = |d: usize| exchanged(played[d], played[d + 1]);
    // up[d]: how many of division d go up; down[d]: how many go down
    let up: Vec<usize> = (0..k)
        .map(|d| {
            if d == 0 {
                0
            } else {
                boundary(d - 1).min(stayers[d].len())
            }
        })
        .collect();
    let down: Vec<usize> = (0..k)
        .map(|d| {
            if d + 1 == k {
                0
            } else {
                boundary(d).min(stayers[d].len() - up[d])
            }
        })
        .collect();
    (0..k)
        .map(|d| {
            let mine = &stayers[d];
            let mut level: Level<P> = Vec::new();
            if d > 0 {
                let above = &stayers[d - 1];
                level.extend(
                    above[above.len() - down[d - 1]..]
                        .iter()
                        .map(|p| (p.clone(), Came::Down)),
                );
            }
            level.extend(
                mine[up[d]..mine.len() - down[d]]
                    .iter()
                    .map(|p| (p.clone(), Came::Stayed)),
            );
            if let Some(below) = stayers.get(d + 1) {
                level.extend(below[..up[d + 1]].iter().map(|p| (p.clone(), Came::Up)));
            }
            level
        })
        .collect()
}

/// Fills every division under [`MIN_DIVISION`] but the bottom one, top first, with players
/// from below: the first who did not just come down (stayers in finishing order, then those
/// who came up, then newcomers) of the next division, else of the ones below it; only when
/// there is nobody else, one who came down.
fn fill_from_below<P>(levels: &mut Vec<Level<P>>) {
    let mut j = 0;
    while j + 1 < levels.len() {
        while levels[j].len() < MIN_DIVISION && j + 1 < levels.len() {
            let pick = (j + 1..levels.len())
                .find_map(|l| best_to_pull(&levels[l]).map(|i| (l, i)))
                .or_else(|| (!levels[j + 1].is_empty()).then_some((j + 1, 0)));
            let Some((l, i)) = pick else {
                break;
            };
            let (player, _) = levels[l].remove(i);
            levels[j].push((player, Came::Up));
            if levels[l].is_empty() {
                levels.remove(l);
            }
        }
        j += 1;
    }
}

/// The first player of a division who did not come down into it, by [`Came`] (stayers,
/// then those who came up, then newcomers), keeping the division's order within each.
fn best_to_pull<P>(level: &Level<P>) -> Option<usize> {
    [Came::Stayed, Came::Up, Came::New]
        .iter()
        .find_map(|&came| level.iter().position(|(_, c)| *c == came))
}

/// A bottom division under [`MIN_DIVISION`] joins the one above when the two hold at most
/// [`MAX_DIVISION`]; else it takes the last finishers of the one above (those who stayed,
/// then those who came down; never one who came up).
fn fix_bottom<P>(levels: &mut Vec<Level<P>>) {
    let k = levels.len();
    if k < 2 || levels[k - 1].len() >= MIN_DIVISION {
        return;
    }
    if levels[k - 2].len() + levels[k - 1].len() <= MAX_DIVISION {
        if let Some(bottom) = levels.pop()
            && let Some(above) = levels.last_mut()
        {
            above.extend(bottom.into_iter().map(|(p, came)| match came {
                Came::Stayed | Came::Down => (p, Came::Up),
                other => (p, other),
            }));
        }
        return;
    }
    while levels[k - 1].len() < MIN_DIVISION {
        let above = &levels[k - 2];
        let last = [Came::Stayed, Came::Down, Came::New, Came::Up]
            .iter()
            .find_map(|&came| above.iter().rposition(|(_, c)| *c == came));
        let Some(i) = last else {
            break;
        };
        let (player, _) = levels[k - 2].remove(i);
        levels[k - 1].insert(0, (player, Came::Down));
    }
}

/// Splits every division over [`MAX_DIVISION`] into [`division_sizes`]: those who came up
/// first, then those who stayed, those who came down, and newcomers last.
fn split_large<P>(levels: Vec<Level<P>>) -> Vec<Level<P>> {
    levels
        .into_iter()
        .flat_map(|mut level| {
            if level.len() <= MAX_DIVISION {
                return vec![level];
            }
            level.sort_by_key(|(_, came)| *came);
            let sizes = division_sizes(level.len());
            cut(level, &sizes)
        })
        .collect()
}
