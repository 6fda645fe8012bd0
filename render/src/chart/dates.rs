//! Dates on a time axis: unix seconds as calendar days (UTC, no time-zone data), and a few
//! round dates to label, written the same in every language (`2026-11` for months,
//! `11-28` for days).

/// Seconds in a day.
pub(crate) const DAY: i64 = 86_400;
/// The latest instant a chart accepts (the end of the year 9999): later ones are refused,
/// so a broken record cannot overflow the date arithmetic.
pub(crate) const LATEST: i64 = 253_402_300_799;

/// The calendar date (year, month 1..=12, day 1..=31) of day `days` after 1970-01-01.
pub(crate) fn civil(days: i64) -> (i64, i64, i64) {
    // H. Hinnant's days-to-civil, on the proleptic Gregorian calendar.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The day number (days after 1970-01-01) of the first day of `month` (1..=12) of `year`.
pub(crate) fn month_start(year: i64, month: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// At most `most` labelled instants within `from..=until` (unix seconds): the first days of
/// months (every 1, 2, 3, 6 or 12 months) when the span is over 75 days, else midnights
/// (every 1, 2, 3, 7, 14 or 28 days), each with its label.
pub(crate) fn date_ticks(from: i64, until: i64, most: usize) -> Vec<(i64, String)> {
    let most = most.max(1) as i64;
    let (first_day, last_day) = (from.div_euclid(DAY), until.div_euclid(DAY));
    let span = last_day - first_day;
    if span > 75 {
        let (y0, m0, _) = civil(first_day);
        let (y1, m1, _) = civil(last_day);
        let months = (y1 - y0) * 12 + (m1 - m0);
        let step = [1, 2, 3, 6, 12, 24, 60, 120, 600, 1200]
            .into_iter()
            .find(|s| months / s < most)
            .unwrap_or(12_000);
        let mut index = y0 * 12 + (m0 - 1);
        index += (step - index.rem_euclid(step)) % step;
        let mut out = Vec::new();
        while out.len() < most as usize {
            let (y, m) = (index.div_euclid(12), index.rem_euclid(12) + 1);
            let at = month_start(y, m) * DAY;
            if at > until {
                break;
            }
            if at >= from {
                out.push((at, format!("{y:04}-{m:02}")));
            }
            index += step;
        }
        return out;
    }
    let step = [1, 2, 3, 7, 14, 28]
        .into_iter()
        .find(|s| span / s < most)
        .unwrap_or(28);
    let mut out = Vec::new();
    let mut day = first_day;
    while out.len() < most as usize && day <= last_day {
        let at = day * DAY;
        if at >= from {
            let (_, m, d) = civil(day);
            out.push((at, format!("{m:02}-{d:02}")));
        }
        day += step;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_calendar_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        // 2026-11-28 is day 20,785
        assert_eq!(civil(20_785), (2026, 11, 28));
        assert_eq!(civil(-1), (1969, 12, 31));
        assert_eq!(month_start(2026, 11), 20_758);
        assert_eq!(month_start(2024, 3) - month_start(2024, 2), 29);
        assert_eq!(civil(LATEST / DAY), (9999, 12, 31));
    }

    #[test]
    fn a_season_is_labelled_by_month_and_a_week_by_day() {
        let nov28 = 20_785 * DAY;
        let season = date_ticks(nov28 - 90 * DAY, nov28, 5);
        let labels: Vec<&str> = season.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["2026-09", "2026-10", "2026-11"]);
        let week = date_ticks(nov28 - 6 * DAY, nov28, 5);
        assert!((3..=5).contains(&week.len()), "{week:?}");
        assert_eq!(week.last().map(|(_, l)| l.as_str()), Some("11-28"));
        assert!(
            week.iter()
                .all(|(at, _)| (nov28 - 6 * DAY..=nov28).contains(at))
        );
        // years of games: at most five labels
        assert!(date_ticks(0, LATEST, 5).len() <= 5);
    }
}
