//! Time banks (`clock:3d+6h`, `cap:14d`): the Fischer clocks of the correspondence servers.
//! Each player starts with the bank; the time a turn takes comes out of it, and the
//! increment is added after each of the player's moves, never beyond the cap (the bank's
//! starting size unless `cap:` says more). The player to move must move before their bank
//! runs out; the deadline of the turn is the start of the turn plus what is left. Games
//! without a bank keep the simpler clock of `days:N` per move.

use crate::clock::{DAY, HOUR, MINUTE, describe_duration, parse_duration};
use crate::{Text, t};
use serde::{Deserialize, Serialize};

/// The smallest bank (one hour).
pub const MIN_START: i64 = HOUR;
/// The largest bank to start with (60 days).
pub const MAX_START: i64 = 60 * DAY;
/// The largest increment (7 days a move).
pub const MAX_INCREMENT: i64 = 7 * DAY;
/// The largest cap (90 days).
pub const MAX_CAP: i64 = 90 * DAY;

/// Common controls, as typed and as offered (`/challenge`'s `clock` completes with them):
/// the correspondence servers' usual ones.
pub const COMMON: [(&str, &str); 5] = [
    ("1d+2h", "1d+2h: a day, 2 hours a move (fast)"),
    ("3d+6h", "3d+6h: 3 days, 6 hours a move (hnefatafl.org)"),
    ("7d+1d", "7d+1d: a week, a day a move"),
    (
        "10d+36h",
        "10d+36h: 10 days, 36 hours a move (Little Golem's pace)",
    ),
    ("14d+2d", "14d+2d: two weeks, 2 days a move (slow)"),
];

/// A time bank: seconds to start with, added after each move, and the most it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    /// Each player's bank at the start.
    pub start: i64,
    /// Added to a player's bank after each of their moves.
    pub increment: i64,
    /// The most a bank may hold.
    pub cap: i64,
}

impl Bank {
    /// Reads `3d+6h` (or `3d` without increment) and an optional cap (`14d`); a refusal
    /// says what is accepted, in the reader's language (`commands.ftl`).
    pub fn parse(control: &str, cap: Option<&str>) -> Result<Bank, Text> {
        let shown = |typed: &str| typed.chars().take(40).collect::<String>();
        let accepted = || t!("cmd-error-not-a-clock", control = shown(control));
        let lower = control.trim().to_lowercase();
        let (start, increment) = match lower.split_once('+') {
            Some((s, i)) => (s, Some(i)),
            None => (lower.as_str(), None),
        };
        let duration = |t: &str| parse_duration(t).filter(|_| !t.trim().is_empty());
        let start = duration(start).ok_or_else(accepted)?;
        let increment = match increment {
            Some(i) if i.trim() == "0" => 0,
            Some(i) => duration(i).ok_or_else(accepted)?,
            None => 0,
        };
        if !(MIN_START..=MAX_START).contains(&start) {
            return Err(t!("cmd-error-bank-bounds", bank = describe_duration(start)));
        }
        if increment > MAX_INCREMENT {
            return Err(t!(
                "cmd-error-increment-bound",
                increment = describe_duration(increment)
            ));
        }
        let cap = match cap {
            None => start,
            Some(c) => {
                let c = duration(&c.to_lowercase())
                    .ok_or_else(|| t!("cmd-error-not-a-cap", cap = shown(c)))?;
                if c < start || c > MAX_CAP {
                    return Err(t!(
                        "cmd-error-cap-bounds",
                        cap = describe_duration(c),
                        bank = describe_duration(start)
                    ));
                }
                c
            }
        };
        Ok(Bank {
            start,
            increment,
            cap,
        })
    }

    /// The control as typed (`3d+6h`; the cap apart).
    pub fn code(&self) -> String {
        format!("{}+{}", short(self.start), short(self.increment))
    }

    /// The cap as typed (`14d`), when it is not the starting bank.
    pub fn cap_code(&self) -> Option<String> {
        (self.cap != self.start).then(|| short(self.cap))
    }

    /// In words: `a bank of 3 days, 6 hours added a move` (`, up to 14 days`).
    pub fn describe(&self) -> crate::Text {
        let mut s = crate::t!("bank", start = describe_duration(self.start));
        if self.increment > 0 {
            s.push(crate::t!(
                "bank-increment",
                increment = describe_duration(self.increment)
            ));
        }
        if self.cap != self.start {
            s.push(crate::t!("bank-cap", cap = describe_duration(self.cap)));
        }
        s
    }

    /// What a player's bank holds after a move that left `left` seconds and passed the
    /// turn: the increment added, never beyond the cap.
    pub fn after_move(&self, left: i64) -> i64 {
        left.max(0).saturating_add(self.increment).min(self.cap)
    }
}

/// A duration in the shortest typed form (`3d`, `36h`, `1d6h`, `90m`, `0`).
fn short(secs: i64) -> String {
    if secs == 0 {
        return "0".to_string();
    }
    let (d, h, m) = (secs / DAY, (secs % DAY) / HOUR, (secs % HOUR) / MINUTE);
    let mut s = String::new();
    for (n, unit) in [(d, 'd'), (h, 'h'), (m, 'm')] {
        if n > 0 {
            s.push_str(&format!("{n}{unit}"));
        }
    }
    s
}

/// Days per move when a challenge does not say.
pub const DEFAULT_DAYS: u32 = 3;

/// A game's clock in words: `3 days per move`, `a bank of 3 days, 6 hours added a move`.
pub fn clock_terms(days: u32, bank: Option<&Bank>) -> Text {
    match bank {
        Some(b) => b.describe(),
        None => t!("clock-days-per-move", days = days),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn controls_are_read_as_typed_and_bad_ones_say_what_is_accepted() {
        let b = Bank::parse("3d+6h", None).expect("valid");
        assert_eq!((b.start, b.increment, b.cap), (3 * DAY, 6 * HOUR, 3 * DAY));
        assert_eq!(b.code(), "3d+6h");
        assert_eq!(b.describe().en(), "a bank of 3 days, 6 hours added a move");
        let b = Bank::parse("10D+36h", Some("14d")).expect("valid");
        assert_eq!(
            (b.start, b.increment, b.cap),
            (10 * DAY, 36 * HOUR, 14 * DAY)
        );
        assert_eq!(b.cap_code().as_deref(), Some("14d"));
        assert_eq!(Bank::parse("2d", None).map(|b| b.increment), Ok(0));
        for (bad, says) in [
            ("3x", "not a time control"),
            ("0d", "1 hour to 60 days"),
            ("99d+1h", "1 hour to 60 days"),
            ("3d+8d", "at most 7 days"),
            ("+6h", "not a time control"),
            ("3d+", "not a time control"),
        ] {
            let e = Bank::parse(bad, None).expect_err(bad).en();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = Bank::parse("3d+6h", Some("2d")).expect_err("a cap below the bank");
        assert!(e.en().contains("at least the bank"), "{}", e.en());
        assert_eq!(
            e.render(skald_lang::Lang::Fr),
            "un plafond de 2\u{a0}jours n'est pas permis\u{a0}; il doit valoir au moins la réserve \
             (3\u{a0}jours) et au plus 90\u{a0}jours"
        );
        let e = Bank::parse("3d+6h", Some("soon"))
            .expect_err("not a cap")
            .en();
        assert!(e.contains("like `cap:14d`"), "{e}");
    }

    #[test]
    fn the_common_controls_are_valid() {
        for (code, label) in COMMON {
            assert!(Bank::parse(code, None).is_ok(), "{code}");
            assert!(label.starts_with(code) && label.len() <= 100, "{label}");
        }
    }

    #[test]
    fn the_bank_grows_by_the_increment_up_to_the_cap() {
        let b = Bank::parse("1d+2h", None).expect("valid");
        assert_eq!(b.after_move(20 * HOUR), 22 * HOUR);
        assert_eq!(
            b.after_move(23 * HOUR),
            DAY,
            "never beyond the starting bank"
        );
        assert_eq!(b.after_move(-5), 2 * HOUR);
    }

    proptest! {
        #[test]
        fn a_control_reads_back_from_its_code(start in 1i64..=1440, inc in 0i64..=168, cap in 0i64..=720) {
            let start = start * HOUR;
            let inc = inc * HOUR;
            let cap = (start + cap * HOUR).min(MAX_CAP).max(start);
            let bank = Bank { start, increment: inc, cap };
            let again = Bank::parse(&bank.code(), bank.cap_code().as_deref());
            prop_assert_eq!(again, Ok(bank));
        }
    }
}
