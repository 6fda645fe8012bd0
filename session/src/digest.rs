//! The daily digest (`digest on [HH:MM] [time zone]`), as turn-based servers send one: once a
//! day, at the hour the player chose in their time zone, one private message listing every
//! game where it is their turn, most urgent first, with the time left and where the game
//! is; nothing on a day when nothing waits. And `pings off`: no mention when a turn comes
//! (the digest and the deadline reminders still come).
//!
//! The next digest's instant is stored on the player's account ([`DigestSetting::next`]) and
//! moved to the following day in the same compare-and-swap write that sends it, so a digest
//! goes out once, across restarts and processes. Time zones are IANA names, read from the
//! database bundled in the binary; a day is a calendar day of that zone, so the hour stays
//! put across daylight saving changes. Decisions: `docs/COMMANDS.md#the-daily-digest`.

use crate::clock::{Timestamp, describe_duration};
use crate::identity::{Context, User, UserId};
use crate::reply::{Notice, Reply};
use crate::{Cx, Failure, t};
use skald_lang::Text;

/// The hour a digest comes at when none is given.
const DEFAULT_AT: (u8, u8) = (8, 0);

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
pub use skald_model::digest::DigestSetting;

/// The first instant after `after` that is `at` o'clock in `zone` (a time skipped by a
/// daylight saving change is taken as the instant after the gap; a repeated one, the first).
pub fn next_digest(at: (u8, u8), zone: &str, after: Timestamp) -> Option<Timestamp> {
    let tz = jiff::tz::TimeZone::get(zone).ok()?;
    let now = jiff::Timestamp::from_second(after.0).ok()?;
    let mut day = now.to_zoned_datetime(tz.clone()).date();
    for _ in 0..3 {
        let local = day.at(at.0 as i8, at.1 as i8, 0, 0);
        let instant = local.to_zoned_datetime(tz.clone()).ok()?.timestamp();
        if instant > now {
            return Some(Timestamp(instant.as_second()));
        }
        day = day.tomorrow().ok()?;
    }
    None
}

/// `HH:MM` (or `H:MM`, `HHhMM`, `HH`) as an hour and minute of the day.
pub(crate) fn read_time(word: &str) -> Option<(u8, u8)> {
    let (h, m) = match word.split_once([':', 'h', 'H']) {
        Some((h, "")) => (h, "0"),
        Some((h, m)) => (h, m),
        None => (word, "0"),
    };
    let (h, m): (u8, u8) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && !word.is_empty() && word.len() <= 5).then_some((h, m))
}

/// An IANA zone name as the database spells it, found whatever its case (`europe/paris`).
pub(crate) fn read_zone(word: &str) -> Option<String> {
    let listed = jiff::tz::db()
        .available()
        .find(|name| name.as_str().eq_ignore_ascii_case(word))
        .map(|name| name.as_str().to_string());
    listed.or_else(|| {
        jiff::tz::TimeZone::get(word)
            .is_ok()
            .then(|| word.to_uppercase())
    })
}

/// An hour and a time zone as a setting writes them (`09:00 Europe/Paris`; UTC when no
/// zone is given): `[[community]] daily_puzzle`.
pub fn read_daily(text: &str) -> Option<((u8, u8), String)> {
    let mut words = text.split_whitespace();
    let at = read_time(words.next()?)?;
    let zone = match words.next() {
        Some(z) => read_zone(z)?,
        None => "UTC".to_string(),
    };
    words.next().is_none().then_some((at, zone))
}

fn time_text(at: (u8, u8)) -> String {
    format!("{:02}:{:02}", at.0, at.1)
}

impl Cx {
    /// Whether `user` chose `pings off` (their turns come without a mention).
    pub(crate) fn is_quiet(&self, user: &UserId) -> bool {
        self.store
            .user(user)
            .ok()
            .flatten()
            .is_some_and(|u| u.doc.quiet)
    }

    /// The earliest digest due, if any player has one: the first entry of the store's index
    /// of next digests, so every process sharing the store sees a digest another one set.
    pub(crate) fn next_digest_due(&self) -> Option<Timestamp> {
        match self.store.next_digest() {
            Ok(next) => next,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the players' digests");
                None
            }
        }
    }

    /// Sends the digests due by `now`: each moved to its next day in the write that sends
    /// it (a write that lost a race sends nothing; the next tick looks again).
    pub(crate) fn due_digests(&self, now: Timestamp) -> Vec<Notice> {
        // Every scheduler round comes here: the index is read only up to `now`, so a round
        // with nothing due reads one entry at most, however many players have digests.
        let users = match self.store.digests_due(now) {
            Ok(u) => u,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the players' digests");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        for stored in users {
            let Some(setting) = stored.doc.digest.clone() else {
                continue;
            };
            if setting.next > now {
                continue;
            }
            let player = stored.doc.user.id.clone();
            let user = setting.reader.clone();
            let text = match self.digest_text(&player, &user.id.platform, now) {
                Ok(text) => text,
                Err(e) => {
                    tracing::warn!(error = ?e, "cannot gather a digest");
                    continue;
                }
            };
            let mut doc = stored.doc.clone();
            let next =
                next_digest(setting.at, &setting.zone, now).unwrap_or(now.plus(crate::clock::DAY));
            let channel = setting.channel.clone();
            doc.digest = Some(DigestSetting { next, ..setting });
            // The digest goes into the outbox with the write that moves the next one: sent
            // once, across restarts and processes.
            let made: Vec<Notice> = text
                .map(|text| {
                    let mut reply = Reply::alone(&user, text);
                    self.set_languages_in(&mut reply, &crate::CommunityId(String::new()), None);
                    Notice {
                        channel,
                        // Posted by the platform of the account that asked for it, in the
                        // channel where it asked.
                        platform: user.id.platform.clone(),
                        reply,
                        said: None,
                    }
                })
                .into_iter()
                .collect();
            let commit = crate::store::Commit {
                users: vec![(Some(stored), doc)],
                outbox: self.outbox_entries(&made),
                ..crate::store::Commit::default()
            };
            if let Err(e) = self.store.commit(commit) {
                tracing::debug!(error = ?e, "a digest raced another write");
                continue;
            }
            notices.extend(made);
        }
        notices
    }

    /// The digest of `user` at `now`: their games where it is their turn, most urgent first;
    /// `None` when none waits.
    fn digest_text(
        &self,
        user: &UserId,
        platform: &str,
        now: Timestamp,
    ) -> Result<Option<Text>, Failure> {
        let (games, _) = self.games_and_damaged_of(user, true, usize::MAX)?;
        let mut waiting: Vec<_> = games
            .into_iter()
            .map(|g| g.doc)
            .filter(|g| g.end.is_none() && g.seat_of(user) == Some(g.clock.seat))
            .collect();
        if waiting.is_empty() {
            return Ok(None);
        }
        waiting.sort_by_key(|g| (g.clock.deadline, g.id));
        let mut text = t!("digest-head", count = waiting.len());
        for g in &waiting {
            let seat = g.clock.seat;
            let opponent = &g.players[seat.other().index()].name;
            let home = g.home_for(platform);
            text.line(t!(
                "digest-line",
                id = g.id,
                rule_set = skald_lang::rule_set_name(g.rule_set()),
                opponent = opponent,
                left = describe_duration(g.clock.deadline.since(now).max(0)),
                deadline = g.clock.deadline.text(),
                place = crate::homes::channel_text(&home, platform)
            ));
        }
        Ok(Some(text))
    }
}

/// `digest [on [HH:MM] [zone] | off]`: shows, starts or stops the player's daily digest.
pub(crate) fn cmd_digest(cx: &Cx, ctx: &Context, words: &[String]) -> Result<Reply, Failure> {
    let (stored, mut doc) = cx.own_doc(ctx)?;
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let text = match lower.first().map(String::as_str) {
        None => match &doc.digest {
            Some(d) => t!(
                "digest-is-on",
                at = time_text(d.at),
                zone = d.zone.as_str(),
                wait = describe_duration(d.next.since(cx.now()).max(0))
            ),
            None => t!("digest-is-off"),
        },
        Some("off") if words.len() == 1 => {
            let was = doc.digest.take().is_some();
            if was {
                cx.write_user(stored, doc)?;
            }
            t!("digest-stopped")
        }
        Some("on") => {
            let previous = doc.digest.as_ref();
            let mut at = previous.map_or(DEFAULT_AT, |d| d.at);
            let mut zone = previous.map_or_else(|| "UTC".to_string(), |d| d.zone.clone());
            for word in &words[1..] {
                if let Some(t) = read_time(word) {
                    at = t;
                } else if let Some(z) = read_zone(word) {
                    zone = z;
                } else {
                    return Err(Failure::Refused(t!(
                        "digest-bad-word",
                        word = word.as_str()
                    )));
                }
            }
            let Some(next) = next_digest(at, &zone, cx.now()) else {
                return Err(Failure::Refused(t!(
                    "digest-bad-word",
                    word = zone.as_str()
                )));
            };
            doc.digest = Some(DigestSetting {
                at,
                zone: zone.clone(),
                next,
                channel: ctx.channel.clone(),
                reader: ctx.account.as_ref().map_or_else(
                    || ctx.user.clone(),
                    |a| User::new(&a.platform, &a.id, &ctx.user.name),
                ),
            });
            cx.write_user(stored, doc)?;
            t!(
                "digest-started",
                at = time_text(at),
                zone = zone.as_str(),
                wait = describe_duration(next.since(cx.now()).max(0))
            )
        }
        Some(_) => return Err(Failure::Refused(t!("digest-usage"))),
    };
    Ok(Reply::alone(&ctx.user, text))
}

/// `pings [on|off]`: whether the player is mentioned when their turn comes.
pub(crate) fn cmd_pings(cx: &Cx, ctx: &Context, words: &[String]) -> Result<Reply, Failure> {
    let (stored, mut doc) = cx.own_doc(ctx)?;
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let text = match lower
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] if doc.quiet => t!("pings-are-off"),
        [] => t!("pings-are-on"),
        ["on"] => {
            doc.quiet = false;
            cx.write_user(stored, doc)?;
            t!("pings-now-on")
        }
        ["off"] => {
            let digest = doc.digest.is_some();
            doc.quiet = true;
            cx.write_user(stored, doc)?;
            if digest {
                t!("pings-now-off")
            } else {
                t!("pings-now-off-no-digest")
            }
        }
        _ => return Err(Failure::Refused(t!("pings-usage"))),
    };
    Ok(Reply::alone(&ctx.user, text))
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::account::DIGEST,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Digest(words) => cmd_digest(cx, ctx, words),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::account::PINGS,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Pings(words) => cmd_pings(cx, ctx, words),
            _ => Err(misrouted(cmd)),
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        let t: jiff::Timestamp = text.parse().expect("a timestamp");
        Timestamp(t.as_second())
    }

    #[test]
    fn the_next_digest_keeps_its_local_hour_across_daylight_saving_changes() {
        // Paris: UTC+1 in winter, UTC+2 from 2025-03-30 02:00 local.
        let paris = "Europe/Paris";
        assert_eq!(
            next_digest((9, 0), paris, at("2025-03-29T07:00:00Z")),
            Some(at("2025-03-29T08:00:00Z"))
        );
        assert_eq!(
            next_digest((9, 0), paris, at("2025-03-29T08:00:00Z")),
            Some(at("2025-03-30T07:00:00Z")),
            "the day after the change, 09:00 is 07:00 UTC"
        );
        // 02:30 does not exist on 2025-03-30 in Paris: the instant after the gap.
        assert_eq!(
            next_digest((2, 30), paris, at("2025-03-29T12:00:00Z")),
            Some(at("2025-03-30T01:30:00Z"))
        );
        assert_eq!(
            next_digest((0, 0), "UTC", at("2025-01-01T00:00:00Z")),
            Some(at("2025-01-02T00:00:00Z"))
        );
        assert_eq!(
            next_digest((9, 0), "Mars/Olympus", at("2025-01-01T00:00:00Z")),
            None
        );
    }

    #[test]
    fn times_and_zones_are_read_as_players_write_them() {
        assert_eq!(read_time("09:00"), Some((9, 0)));
        assert_eq!(read_time("7:30"), Some((7, 30)));
        assert_eq!(read_time("18h"), Some((18, 0)));
        assert_eq!(read_time("18h45"), Some((18, 45)));
        assert_eq!(read_time("24:00"), None);
        assert_eq!(read_time("9:60"), None);
        assert_eq!(read_time("noon"), None);
        assert_eq!(read_zone("europe/paris").as_deref(), Some("Europe/Paris"));
        assert_eq!(read_zone("UTC").as_deref(), Some("UTC"));
        assert_eq!(read_zone("Paris"), None);
    }
}
