//! Time for the session: a [`Timestamp`] type, durations as players read them, and the
//! [`Clock`] trait, so production uses the system clock and tests (and console transcripts)
//! use a [`FakeClock`] they can move forward.

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
        civil(self.0.div_euclid(DAY)).0
    }

    /// The date alone, `2025-01-04`, for game lists.
    pub fn date(self) -> String {
        let (y, m, d) = civil(self.0.div_euclid(DAY));
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// Reads the `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` form (UTC), for the fake clock's start.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let (date, time) = match text.split_once(['T', ' ']) {
            Some((d, t)) => (d, Some(t)),
            None => (text, None),
        };
        let mut parts = date.split('-');
        let y: i64 = parts.next()?.parse().ok()?;
        let m: u32 = parts.next()?.parse().ok()?;
        let d: u32 = parts.next()?.parse().ok()?;
        if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
            return None;
        }
        let (mut hh, mut mm) = (0i64, 0i64);
        if let Some(t) = time {
            let (h, mi) = t.split_once(':')?;
            hh = h.parse().ok()?;
            mm = mi.parse().ok()?;
            if !(0..24).contains(&hh) || !(0..60).contains(&mm) {
                return None;
            }
        }
        Some(Timestamp(
            days_from_civil(y, m, d) * DAY + hh * HOUR + mm * MINUTE,
        ))
    }
}

impl fmt::Display for Timestamp {
    /// `2025-01-04 13:05 UTC`: the form players see deadlines in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.rem_euclid(DAY);
        write!(
            f,
            "{} {:02}:{:02} UTC",
            self.date(),
            secs / HOUR,
            (secs % HOUR) / MINUTE
        )
    }
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (H. Hinnant's algorithm).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// (year, month, day) to days since 1970-01-01, the inverse of [`civil`].
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A duration as players read it: `2 days 3 hours`, `5 hours 10 minutes`, `under a minute`.
pub fn describe_duration(secs: i64) -> String {
    if secs < MINUTE {
        return "under a minute".to_string();
    }
    let unit = |n: i64, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    let (d, h, m) = (secs / DAY, (secs % DAY) / HOUR, (secs % HOUR) / MINUTE);
    match (d, h, m) {
        (0, 0, m) => unit(m, "minute"),
        (0, h, 0) => unit(h, "hour"),
        (0, h, m) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (d, 0, _) => unit(d, "day"),
        (d, h, _) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
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
        assert_eq!(Timestamp::parse("2025-01-01"), Some(FakeClock::EPOCH));
        let t = Timestamp::parse("2024-02-29T13:05").expect("valid");
        assert_eq!(t.to_string(), "2024-02-29 13:05 UTC");
        assert_eq!(t.year(), 2024);
        assert_eq!(Timestamp(0).to_string(), "1970-01-01 00:00 UTC");
        assert_eq!(Timestamp::parse("2025-13-01"), None);
        assert_eq!(Timestamp::parse("soon"), None);
    }

    #[test]
    fn durations_read_and_print() {
        assert_eq!(parse_duration("+3d"), Some(3 * DAY));
        assert_eq!(parse_duration("1d12h"), Some(DAY + 12 * HOUR));
        assert_eq!(parse_duration("90m"), Some(90 * MINUTE));
        assert_eq!(parse_duration("3"), None);
        assert_eq!(parse_duration("3w"), None);
        assert_eq!(parse_duration(""), None);
        assert_eq!(describe_duration(3 * DAY), "3 days");
        assert_eq!(describe_duration(DAY + 5 * HOUR + 7), "1 day 5 hours");
        assert_eq!(describe_duration(2 * HOUR + MINUTE), "2 hours 1 minute");
        assert_eq!(describe_duration(5), "under a minute");
    }

    #[test]
    fn the_fake_clock_moves_only_when_told() {
        let c = FakeClock::new(FakeClock::EPOCH);
        assert_eq!(c.now(), FakeClock::EPOCH);
        assert_eq!(c.advance(DAY), FakeClock::EPOCH.plus(DAY));
        assert_eq!(c.now(), FakeClock::EPOCH.plus(DAY));
    }
}
