//! What the store keeps about a user: the name to show, their vacation allowance, and the
//! accounts joined into one player (the session's `link` module).

use crate::clock::{DAY, Timestamp};
use crate::command::VACATION_DAYS_PER_YEAR;
use crate::identity::{User, UserId};
use crate::link::LinkCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A user as stored: created the first time they speak or are challenged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UserDoc {
    /// Id and display name (the latest one seen).
    pub user: User,
    /// While this is in the future, the user's clocks are paused.
    #[serde(default)]
    pub vacation_until: Option<Timestamp>,
    /// Vacation days taken per calendar year (UTC), to enforce the yearly allowance.
    #[serde(default)]
    pub vacation_days: BTreeMap<i64, u32>,
    /// For an account joined to another player with `link`: that player. The session acts
    /// as that player whenever this account speaks or is named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<UserId>,
    /// For a player: the accounts on other platforms joined to it (at most one per
    /// platform), whose pings and private messages it receives there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub linked: Vec<UserId>,
    /// The link code this player asked for, while it may be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_code: Option<LinkCode>,
    /// Per community, the channel where this account last used Skald: where it is told of a
    /// challenge from a player of another platform.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub seen_in: BTreeMap<String, super::identity::ChannelId>,
    /// The language the player chose with `language` (on a linked account: none, the
    /// player's counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<skald_lang::Lang>,
    /// The language this account's platform last said it uses (a Discord client's locale),
    /// for what reaches it when it has not just spoken (a DM, a reminder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<skald_lang::Lang>,
    /// The daily digest this account asked for (`digest on`), see [`crate::digest`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<crate::digest::DigestSetting>,
    /// `pings off`: no mention when a turn comes to this account.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quiet: bool,
    /// Puzzles (`puzzle`): the ratings, the streak, the one being solved.
    #[serde(
        default,
        skip_serializing_if = "crate::puzzle::PlayerPuzzles::is_empty"
    )]
    pub puzzles: crate::puzzle::PlayerPuzzles,
}

impl UserDoc {
    /// A new user with no vacation taken.
    pub fn new(user: User) -> UserDoc {
        UserDoc {
            user,
            vacation_until: None,
            vacation_days: BTreeMap::new(),
            player: None,
            linked: Vec::new(),
            link_code: None,
            seen_in: BTreeMap::new(),
            language: None,
            locale: None,
            digest: None,
            quiet: false,
            puzzles: Default::default(),
        }
    }

    /// When the user's current vacation ends, if one is running at `now`.
    pub fn on_vacation(&self, now: Timestamp) -> Option<Timestamp> {
        self.vacation_until.filter(|&until| until > now)
    }

    /// Vacation days still allowed in the year of `now`.
    pub fn vacation_left(&self, now: Timestamp) -> u32 {
        let used = self.vacation_days.get(&now.year()).copied().unwrap_or(0);
        VACATION_DAYS_PER_YEAR.saturating_sub(used)
    }

    /// Takes `days` of vacation from `now` (or from the end of a running one); the caller
    /// checked the allowance.
    pub fn take_vacation(&mut self, days: u32, now: Timestamp) {
        let from = self.on_vacation(now).unwrap_or(now);
        self.vacation_until = Some(from.plus(i64::from(days) * DAY));
        *self.vacation_days.entry(now.year()).or_insert(0) += days;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FakeClock;

    #[test]
    fn vacations_chain_and_count_per_year() {
        let now = FakeClock::EPOCH;
        let mut u = UserDoc::new(User::new("console", "a", "a"));
        assert_eq!(u.vacation_left(now), 14);
        u.take_vacation(5, now);
        assert_eq!(u.on_vacation(now), Some(now.plus(5 * DAY)));
        u.take_vacation(2, now.plus(DAY));
        assert_eq!(u.vacation_until, Some(now.plus(7 * DAY)));
        assert_eq!(u.vacation_left(now), 7);
        assert_eq!(u.vacation_left(now.plus(366 * DAY)), 14);
        assert_eq!(u.on_vacation(now.plus(8 * DAY)), None);
    }
}
