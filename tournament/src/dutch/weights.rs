//! The edge weights that rank the Dutch criteria.
//!
//! An edge between two players gets one bit field per criterion, the most important criterion
//! in the highest bits, so that a maximum-weight matching satisfies the criteria in their
//! priority order. The fields, from the top (C.04.3 section C, as bbpPairings orders them):
//!
//! 1. completion: every pair counts, more when neither player could take the bye (C.4, C.2);
//! 2. pairs and scores paired inside the current bracket, then the next one (C.5, C.6, C.7);
//! 3. the bye assignee's unplayed games, when it is the single downfloater (C.9);
//! 4. colours: absolute imbalances (C.10), absolute preferences (C.11), preferences (C.12),
//!    strong preferences (C.13);
//! 5. repeated downfloats and upfloats one and two rounds back (C.14 to C.17), then the
//!    scores involved in them (C.18 to C.21);
//! 6. low bits left free for the ordering steps of the bracket procedure (exchanges,
//!    transpositions: B.3 and B.4).

use std::collections::HashMap;

use crate::matching::Wide;
use crate::model::Tenths;

use super::state::{Float, Prepared};

/// The number of bits needed to write `value` (0 for 0).
pub(crate) fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// The widths of the fields, fixed for one round's pairing.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Bits to count the players of the largest score group.
    pub group_bits: u32,
    /// Bits of a "one flag per score group" field.
    pub scores_bits: u32,
    /// Where each score group's flag sits in such a field (higher scores higher).
    pub score_shift: HashMap<Tenths, u32>,
    /// Rounds already paired (the float fields exist only after round 1 and 2).
    pub played_rounds: usize,
}

/// What the bracket procedure decided about the bye before weighing edges.
#[derive(Debug, Clone, Default)]
pub(crate) struct ByeContext {
    /// The score of the player who will get the bye (0 when the count is even).
    pub assignee_score: Tenths,
    /// C.9 applies: the bye assignee is the single downfloater of the current bracket.
    pub single_downfloater: bool,
    /// For players of the assignee's score: rank of their played-games count (most games 0).
    pub unplayed_ranks: HashMap<usize, u64>,
}

impl Layout {
    /// The layout for the pairable players, whose scores are given highest first.
    pub fn new(scores_desc: &[Tenths], played_rounds: usize) -> Layout {
        let mut score_shift = HashMap::new();
        let mut scores_bits = 0;
        let mut largest = 0;
        let mut i = scores_desc.len();
        while i > 0 {
            let score = scores_desc[i - 1];
            let mut j = i;
            while j > 0 && scores_desc[j - 1] == score {
                j -= 1;
            }
            let size = i - j;
            score_shift.insert(score, scores_bits);
            scores_bits += bits_for(size);
            largest = largest.max(size);
            i = j;
        }
        Layout {
            group_bits: bits_for(largest).max(1),
            scores_bits,
            score_shift,
            played_rounds,
        }
    }

    /// Total width of everything below the completion field.
    pub fn low_width(&self) -> u32 {
        let g = self.group_bits;
        let s = self.scores_bits;
        let mut width = g + s + g + s + 2 * g + 4 * g;
        if self.played_rounds > 0 {
            width += 2 * g + 2 * s;
        }
        if self.played_rounds > 1 {
            width += 2 * g + 2 * s;
        }
        width + 3 * g + 1
    }

    /// Larger than any edge weight: the weight of a pair fixed for good.
    pub fn max_weight(&self) -> Wide {
        Wide::ones(self.low_width() + 2)
    }

    /// The flag of a score group inside a scores field.
    fn score_flag(&self, score: Tenths) -> Wide {
        Wide::from_u64(1) << self.score_shift.get(&score).copied().unwrap_or(0)
    }

    /// The width of the low bits left free for the bracket procedure's ordering steps.
    pub fn ordering_bits(&self) -> u32 {
        3 * self.group_bits + 1
    }
}

/// May the two meet at all (C.1, C.3)? Not if they played each other, nor if both have the
/// same absolute colour preference (except for a topscorer in the last round).
pub(crate) fn compatible(prep: &Prepared, a: usize, b: usize) -> bool {
    let pa = &prep.players[a];
    let pb = &prep.players[b];
    let met = pa
        .entries
        .iter()
        .any(|e| e.is_played_game() && e.opponent() == Some(pb.start));
    if met {
        return false;
    }
    !pa.absolute()
        || !pb.absolute()
        || pa.preference != pb.preference
        || prep.topscorer_exception(a)
        || prep.topscorer_exception(b)
}

/// May receive the bye and has no more than the bye assignee's score.
fn bye_candidate(prep: &Prepared, player: usize, bye: &ByeContext) -> bool {
    let p = &prep.players[player];
    p.bye_eligible && p.score <= bye.assignee_score
}

/// Two preferences that can both be met.
pub(crate) fn preferences_compatible(
    a: Option<crate::model::Color>,
    b: Option<crate::model::Color>,
) -> bool {
    a.is_none() || b.is_none() || a != b
}

/// The weight of pairing `higher` (earlier in score-then-rank order) with `lower`, where
/// `lower` belongs to the current bracket (`in_current`) or to the next score group
/// (`in_next`) or to neither (the whole-round feasibility pass). Zero when they may not meet.
pub(crate) fn edge_weight(
    prep: &Prepared,
    layout: &Layout,
    bye: &ByeContext,
    higher: usize,
    lower: usize,
    in_current: bool,
    in_next: bool,
) -> Wide {
    if !compatible(prep, higher, lower) {
        return Wide::zero();
    }
    let g = layout.group_bits;
    let s = layout.scores_bits;
    let hp = &prep.players[higher];
    let lp = &prep.players[lower];
    let flag = |b: bool| Wide::from_u64(u64::from(b));

    // Completion, and who may be left for the bye.
    let mut w = Wide::from_u64(
        1 + u64::from(!bye_candidate(prep, higher, bye))
            + u64::from(!bye_candidate(prep, lower, bye)),
    );
    // Pairs and scores in the current bracket, then in the next.
    w = (w << g) | flag(in_current);
    w = w << s;
    if in_current {
        w = w | layout.score_flag(hp.score);
    }
    w = (w << g) | flag(in_next);
    w = w << s;
    if in_next {
        w = w | layout.score_flag(hp.score);
    }
    // The bye assignee's unplayed games (C.9).
    w = w << (2 * g);
    if bye.single_downfloater {
        if hp.score == bye.assignee_score {
            w = w | Wide::from_u64(
                bye.unplayed_ranks
                    .get(&hp.played_games)
                    .copied()
                    .unwrap_or(0),
            );
        }
        if lp.score == bye.assignee_score {
            w += Wide::from_u64(
                bye.unplayed_ranks
                    .get(&lp.played_games)
                    .copied()
                    .unwrap_or(0),
            );
        }
    }
    // Colours, seen from the lower player as bbpPairings does.
    let (a, b) = (lp, hp);
    let same = a.preference == b.preference;
    w = (w << g)
        | flag(in_current && (!a.absolute_imbalance() || !b.absolute_imbalance() || !same));
    let repeat_ok = if a.imbalance == b.imbalance {
        a.repeated.is_none() || a.repeated != b.repeated
    } else {
        let less = if a.imbalance > b.imbalance { b } else { a };
        less.repeated != a.preference.map(crate::model::Color::invert)
    };
    w = (w << g) | flag(in_current && (!a.absolute() || !b.absolute() || !same || repeat_ok));
    w = (w << g) | flag(in_current && preferences_compatible(a.preference, b.preference));
    w = (w << g)
        | flag(
            in_current
                && ((!a.strong && !a.absolute())
                    || (!b.strong && !b.absolute())
                    || (a.absolute() && b.absolute())
                    || !same),
        );
    // Repeated floats.
    for back in [1, 2] {
        if prep.played_rounds >= back {
            w = w << g;
            if in_current {
                w = w | flag(prep.float(lower, back) == Float::Down);
                w += flag(hp.score <= lp.score && prep.float(higher, back) == Float::Down);
            }
            w = w << g;
            if in_current {
                w = w | flag(!(hp.score > lp.score && prep.float(lower, back) == Float::Up));
            }
        }
    }
    for back in [1, 2] {
        if prep.played_rounds >= back {
            w = w << s;
            if in_current {
                if prep.float(lower, back) == Float::Down {
                    w += layout.score_flag(lp.score);
                }
                if prep.float(higher, back) == Float::Down {
                    w += layout.score_flag(hp.score);
                }
            }
            w = w << s;
            if in_current && !(prep.float(lower, back) == Float::Up && hp.score > lp.score) {
                w = w | layout.score_flag(hp.score);
            }
        }
    }
    // Room for the ordering steps.
    w << layout.ordering_bits()
}

/// The weight used for the first, whole-round pass when the number of players is odd: any
/// complete pairing, the bye to an eligible player from as low a score group as possible.
pub(crate) fn odd_feasibility_weight(
    prep: &Prepared,
    layout: &Layout,
    top_score: Tenths,
    higher: usize,
    lower: usize,
) -> Wide {
    if !compatible(prep, higher, lower) {
        return Wide::zero();
    }
    let hp = &prep.players[higher];
    let lp = &prep.players[lower];
    let mut w = Wide::from_u64(1 + u64::from(!hp.bye_eligible) + u64::from(!lp.bye_eligible));
    w = w << layout.scores_bits;
    let shift = |score: Tenths| u64::from(layout.score_shift.get(&score).copied().unwrap_or(0));
    w = w | Wide::from_u64(shift(lp.score) + shift(hp.score));
    w = w << layout.group_bits;
    w | Wide::from_u64(u64::from(lp.score >= top_score))
}
