//! A challenge as stored: an invitation to a game, direct or open, that becomes the game
//! with the same number when accepted.

use crate::clock::Timestamp;
use crate::command::SeatChoice;
use crate::identity::{ChannelId, CommunityId, Context, User};
use crate::{Text, t};

pub use crate::time_control::clock_terms;
use serde::{Deserialize, Serialize};
use skald_rules::{RuleSetId, Seat};

/// A challenge waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// Its number (the game's number once accepted).
    pub id: u64,
    /// The rule set to play.
    pub rule_set: RuleSetId,
    /// Who challenges.
    pub challenger: User,
    /// Who may accept (`None`: anyone in the channel).
    pub opponent: Option<User>,
    /// The challenger's seat.
    pub seat: SeatChoice,
    /// Whether the game counts for the ladder.
    pub ranked: bool,
    /// Days per move (unless `bank` is set).
    pub days: u32,
    /// A time bank instead of days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<crate::time_control::Bank>,
    /// The ladder the game will count for.
    pub community: CommunityId,
    /// Where it was made (and where the game will live).
    pub channel: ChannelId,
    /// When it was made.
    pub created: Timestamp,
    /// The platform of the channel it was made in (empty for challenges from before it was
    /// recorded): accepting from another platform gives the game a home there too.
    #[serde(default)]
    pub platform: String,
    /// The finished game this is a rematch of.
    pub rematch_of: Option<u64>,
}

impl Challenge {
    /// The terms in words: `Hnefatafl 11x11, ranked, 3 days per move; alice plays the
    /// Attackers (moves first)`.
    pub fn terms(&self) -> Text {
        let seat = match self.seat {
            SeatChoice::First => t!(
                "challenge-seat-first",
                player = &self.challenger.name,
                seat = t!(
                    "challenge-seat-object",
                    key = skald_lang::seat_key(self.rule_set, Seat::A)
                ),
                start = if self.rule_set.opening_roll_decides_start() {
                    "roll"
                } else {
                    "first"
                }
            ),
            SeatChoice::Second => t!(
                "challenge-seat-second",
                player = &self.challenger.name,
                seat = t!(
                    "challenge-seat-object",
                    key = skald_lang::seat_key(self.rule_set, Seat::B)
                )
            ),
            SeatChoice::Random => t!("challenge-seat-random"),
        };
        t!(
            "challenge-terms",
            rule_set = skald_lang::rule_set_name(self.rule_set),
            kind = crate::game::ranked_word(self.ranked),
            clock = clock_terms(self.days, self.bank.as_ref()),
            seat = seat
        )
    }

    /// The line for `games`.
    pub fn summary(&self, viewer: &User) -> Text {
        match &self.opponent {
            _ if self.challenger.id == viewer.id => t!(
                "challenge-summary-mine",
                id = self.id,
                opponent = self.opponent.as_ref().map_or_else(
                    || t!("challenge-anyone-here"),
                    |o| Text::verbatim(format!("@{}", o.name))
                ),
                terms = self.terms()
            ),
            Some(_) => t!(
                "challenge-summary-for-you",
                id = self.id,
                challenger = &self.challenger.name,
                terms = self.terms()
            ),
            None => t!(
                "challenge-summary-open",
                id = self.id,
                challenger = &self.challenger.name,
                terms = self.terms()
            ),
        }
    }
}

impl Challenge {
    /// Whether `ctx` sees this challenge as one for here: made in its channel, or addressed
    /// to its speaker from another platform of the same community (accepting it from here
    /// gives the game a home here).
    pub fn reaches(&self, ctx: &Context) -> bool {
        self.channel == ctx.channel || self.across_to(ctx)
    }

    /// Made on another platform of `ctx`'s community, for `ctx`'s speaker or open to anyone.
    pub fn across_to(&self, ctx: &Context) -> bool {
        !self.platform.is_empty()
            && self.platform != ctx.platform()
            && self.community == ctx.community
            && self.opponent.as_ref().is_none_or(|o| o.id == ctx.user.id)
    }
}
