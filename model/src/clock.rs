//! Time for the session: a [`Timestamp`] type, durations as players read them, and the
//! [`Clock`] trait, so production uses the system clock and tests (and console transcripts)
//! use a [`FakeClock`] they can move forward.

use crate::{Text, t};
use jiff::civil;
use jiff::fmt::strtime;
use jiff::tz::Offset;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::{AtomicI64, Ordering};

/// Seconds in a minute, an hour and a day: deadlines are counted in whole seconds.
pub const MINUTE: i64 = 60;
/// Seconds in an hour.
pub const HOUR: i64 = 60 * MINUTE;
/// Seconds in a day.
pub const DAY: i64 = 24 * HOUR;

/// A moment in time, as whole seconds since 1970-01-01 00:00 UTC. Stored in every game and
/// deadline; seconds are precise enough for turns counted in days.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// This moment moved by `secs` seconds (negative goes back), saturating at the ends.
    pub fn plus(self, secs: i64) -> Timestamp {
        Timestamp(self.0.saturating_add(secs))
    }

    /// Seconds from `earlier` to this moment (negative when `earlier` is later).
    pub fn since(self, earlier: Timestamp) -> i64 {
        self.0.saturating_sub(earlier.0)
    }

    /// The calendar year (UTC) this moment falls in: vacation allowances are per year.
    pub fn year(self) -> i64 {
        i64::from(self.utc().year())
    }

    /// The date and the minute, `2025-01-04T18:00` (UTC), as [`Timestamp::parse`] reads
    /// it back: for a tournament's `starts:`.
    pub fn minute(self) -> String {
        let d = self.utc();
        format!("{}T{:02}:{:02}", self.date(), d.hour(), d.minute())
    }

    /// The date alone, `2025-01-04`, for game lists.
    pub fn date(self) -> String {
        let d = self.utc();
        format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
    }

    /// Reads the `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` form (UTC; a space may stand for the
    /// `T`), for the fake clock's start. Dates that do not exist (`2025-02-31`, `2025-13-01`,
    /// `2025-02-29`) are refused with a message saying why.
    pub fn parse(text: &str) -> Result<Timestamp, String> {
        let text = text.trim();
        const FORMS: [&str; 3] = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"];
        let Some(fields) = FORMS
            .iter()
            .find_map(|form| strtime::parse(form, text).ok())
        else {
            return Err(format!(
                "`{text}` is not a UTC date like 2025-01-03 or a time like 2025-01-03T12:00 \
                 (months 01 to 12, days 01 to 31, hours 00 to 23, minutes 00 to 59)"
            ));
        };
        let (Some(year), Some(month), Some(day)) = (fields.year(), fields.month(), fields.day())
        else {
            return Err(format!("`{text}` is not a whole date"));
        };
        let date = civil::Date::new(year, month, day).map_err(|_| {
            let name = usize::try_from(month)
                .ok()
                .and_then(|m| MONTHS.get(m.checked_sub(1)?))
                .unwrap_or(&"that month");
            let days = civil::Date::new(year, month, 1).map_or(31, |d| d.days_in_month());
            format!("there is no {text}: {name} {year} has {days} days")
        })?;
        let hour = fields.hour().unwrap_or(0);
        let minute = fields.minute().unwrap_or(0);
        let at = Offset::UTC
            .to_timestamp(date.at(hour, minute, 0, 0))
            .map_err(|_| format!("`{text}` is too far from today for the clock"))?;
        Ok(Timestamp(at.as_second()))
    }

    /// This moment as a UTC calendar date and time of day. Moments beyond what the calendar
    /// covers (years before -9999 or after 9999, which no game reaches) show its first or
    /// last day.
    fn utc(self) -> civil::DateTime {
        let t = jiff::Timestamp::from_second(self.0).unwrap_or(if self.0 < 0 {
            jiff::Timestamp::MIN
        } else {
            jiff::Timestamp::MAX
        });
        Offset::UTC.to_datetime(t)
    }
}

/// The months' names, for messages about impossible dates.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Timestamp {
    /// The moment as the reader's language writes dates (`2025-01-04 13:05 UTC`,
    /// `4 janvier 2025 à 13 h 05 UTC`).
    pub fn text(&self) -> Text {
        let t = self.utc();
        Text::date_time(skald_lang::DateTime {
            year: i32::from(t.year()),
            month: t.month() as u8,
            day: t.day() as u8,
            hour: t.hour() as u8,
            minute: t.minute() as u8,
        })
    }
}

impl fmt::Display for Timestamp {
    /// `2025-01-04 13:05 UTC`: the form players see deadlines in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.utc();
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02} UTC",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute()
        )
    }
}

/// A duration as players read it: `2 days 3 hours`, `5 hours 10 minutes`, `under a minute`.
pub fn describe_duration(secs: i64) -> Text {
    if secs < MINUTE {
        return t!("duration-under-a-minute");
    }
    let (d, h, m) = (secs / DAY, (secs % DAY) / HOUR, (secs % HOUR) / MINUTE);
    let days = || t!("duration-days", n = d);
    let hours = || t!("duration-hours", n = h);
    let minutes = || t!("duration-minutes", n = m);
    match (d, h, m) {
        (0, 0, _) => minutes(),
        (0, _, 0) => hours(),
        (0, _, _) => t!("duration-pair", a = hours(), b = minutes()),
        (_, 0, _) => days(),
        (_, _, _) => t!("duration-pair", a = days(), b = hours()),
    }
}

/// A time left as a clock beside a name shows it: `2 d 5 h`, `5 h 12 min`, `47 min`,
/// `under 1 min`.
pub fn short_duration(secs: i64) -> Text {
    if secs < MINUTE {
        return t!("clock-under-a-minute");
    }
    let (d, h, m) = (secs / DAY, (secs % DAY) / HOUR, (secs % HOUR) / MINUTE);
    match (d, h) {
        (0, 0) => t!("clock-minutes", m = m),
        (0, h) => t!("clock-hours", h = h, m = m),
        (d, 0) => t!("clock-days", d = d),
        (d, h) => t!("clock-days-hours", d = d, h = h),
    }
}

/// Reads a duration like `3d`, `+5h`, `90m`, `30s` or `1d12h`: for the console's `!clock`.
pub fn parse_duration(text: &str) -> Option<i64> {
    let text = text.trim().trim_start_matches('+');
    if text.is_empty() {
        return None;
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let n: i64 = number.parse().ok()?;
        number.clear();
        let unit = match c {
            'd' => DAY,
            'h' => HOUR,
            'm' => MINUTE,
            's' => 1,
            _ => return None,
        };
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    if !number.is_empty() {
        return None;
    }
    Some(total)
}

/// Where the session gets the current time: the system clock in production, a
/// [`FakeClock`] in tests, so deadlines and timeouts can be tested without waiting days.
pub trait Clock: Send + Sync {
    /// The current time.
    fn now(&self) -> Timestamp;
}

/// The operating system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        Timestamp(i64::try_from(secs).unwrap_or(i64::MAX))
    }
}

/// A clock that stands still until told to move: tests and `skald console --fake-clock`.
#[derive(Debug)]
pub struct FakeClock {
    now: AtomicI64,
}

impl FakeClock {
    /// The default start of fake time, 2025-01-01 00:00 UTC, so transcripts show fixed dates.
    pub const EPOCH: Timestamp = Timestamp(1_735_689_600);

    /// A fake clock showing `start`.
    pub fn new(start: Timestamp) -> FakeClock {
        FakeClock {
            now: AtomicI64::new(start.0),
        }
    }

    /// Moves the clock forward by `secs` seconds and returns the new time.
    pub fn advance(&self, secs: i64) -> Timestamp {
        let secs = secs.max(0);
        let step = |t: i64| Some(t.saturating_add(secs));
        let before = match self
            .now
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, step)
        {
            Ok(t) | Err(t) => t,
        };
        Timestamp(before.saturating_add(secs))
    }

    /// Sets the clock to `to`.
    pub fn set(&self, to: Timestamp) {
        self.now.store(to.0, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Timestamp {
        Timestamp(self.now.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_print_and_parse() {
        assert_eq!(FakeClock::EPOCH.to_string(), "2025-01-01 00:00 UTC");
        assert_eq!(Timestamp::parse("2025-01-01"), Ok(FakeClock::EPOCH));
        let t = Timestamp::parse("2024-02-29T13:05").expect("valid");
        assert_eq!(t.to_string(), "2024-02-29 13:05 UTC");
        assert_eq!(t.year(), 2024);
        assert_eq!(Timestamp(0).to_string(), "1970-01-01 00:00 UTC");
        assert!(Timestamp::parse("2025-13-01").is_err());
        assert!(Timestamp::parse("soon").is_err());
    }

    #[test]
    fn impossible_dates_are_refused_with_a_reason() {
        let refused = |text: &str| match Timestamp::parse(text) {
            Ok(t) => panic!("{text:?} should be refused, got {t}"),
            Err(e) => e,
        };
        assert_eq!(
            refused("2025-02-31"),
            "there is no 2025-02-31: February 2025 has 28 days"
        );
        assert_eq!(
            refused("2025-02-29T12:00"),
            "there is no 2025-02-29T12:00: February 2025 has 28 days"
        );
        assert_eq!(
            refused("2025-04-31"),
            "there is no 2025-04-31: April 2025 has 30 days"
        );
        assert_eq!(
            refused("soon"),
            "`soon` is not a UTC date like 2025-01-03 or a time like 2025-01-03T12:00 \
             (months 01 to 12, days 01 to 31, hours 00 to 23, minutes 00 to 59)"
        );
        for bad in [
            "2025-13-01",
            "2025-00-10",
            "2025-01-00",
            "2025-01-32",
            "2025-01-03T24:00",
            "2025-01-03T12:60",
            "2025-01-03T12",
            "2025-01-03T12:00Z",
            "2025-01-03T12:00+02:00",
            "2025-01-03 extra",
            "",
        ] {
            let e = refused(bad);
            assert!(e.contains(bad), "{bad:?}: {e}");
        }
    }

    #[test]
    fn valid_dates_round_trip() {
        for text in [
            "1970-01-01 00:00",
            "2024-02-29 23:59",
            "2025-01-03 12:00",
            "2025-12-31 00:01",
            "2100-03-01 06:30",
            "9999-12-30 00:00",
        ] {
            let t = Timestamp::parse(text).expect("a valid date");
            assert_eq!(t.to_string(), format!("{text} UTC"));
            assert_eq!(Timestamp::parse(&text.replacen(' ', "T", 1)), Ok(t));
            let date = t.date();
            assert_eq!(Timestamp::parse(&date).map(|d| d.date()), Ok(date));
        }
        // Every day of a leap year and of a common year, through the date alone.
        let mut t = Timestamp::parse("2024-01-01").expect("valid");
        for _ in 0..(366 + 365) {
            assert_eq!(Timestamp::parse(&t.date()), Ok(t), "{t}");
            t = t.plus(DAY);
        }
        assert_eq!(t.to_string(), "2026-01-01 00:00 UTC");
        // The stored form is the plain number of seconds, as before.
        assert_eq!(
            serde_json::to_string(&FakeClock::EPOCH).ok().as_deref(),
            Some("1735689600")
        );
        // Far ends show the calendar's ends rather than failing.
        assert_eq!(Timestamp(i64::MAX).year(), 9999);
        assert_eq!(Timestamp(-1).to_string(), "1969-12-31 23:59 UTC");
    }

    #[test]
    fn durations_read_and_print() {
        assert_eq!(parse_duration("+3d"), Some(3 * DAY));
        assert_eq!(parse_duration("1d12h"), Some(DAY + 12 * HOUR));
        assert_eq!(parse_duration("90m"), Some(90 * MINUTE));
        assert_eq!(parse_duration("3"), None);
        assert_eq!(parse_duration("3w"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(describe_duration(3 * DAY).en(), "3 days");
        assert_eq!(describe_duration(DAY + 5 * HOUR + 7).en(), "1 day 5 hours");
        assert_eq!(
            describe_duration(2 * HOUR + MINUTE).en(),
            "2 hours 1 minute"
        );
        assert_eq!(describe_duration(5).en(), "under a minute");
    }

    #[test]
    fn the_fake_clock_moves_only_when_told() {
        let c = FakeClock::new(FakeClock::EPOCH);
        assert_eq!(c.now(), FakeClock::EPOCH);
        assert_eq!(c.advance(DAY), FakeClock::EPOCH.plus(DAY));
        assert_eq!(c.now(), FakeClock::EPOCH.plus(DAY));
    }
}
