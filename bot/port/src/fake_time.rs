//! `[clock] fake = true`: the chat adapters on a movable clock, so an end-to-end test (or an
//! admin's demo) sees reminders and timeouts without waiting days. The chat counterpart of
//! the console's `--fake-clock` and `!clock +3d` ([`AdapterClock::typed`], moved by
//! [`AdapterClock::advance`] and no file), the same for every platform.
//!
//! The fake time starts where it last stood (kept in the store, shared with the console's
//! fake clock) or at 2025-01-01 00:00 UTC, and moves only when the clock file says a later
//! time: write `2025-01-03T12:00` (or `2025-01-03`, UTC) into `<data>/fake-clock` (or the
//! configured file) and the scheduler picks it up within a quarter of a second, posting
//! whatever reminders and timeouts fell due. Time never goes back. The bot writes the file
//! at start-up with the time it starts at, so the admin can read where the clock stands.

use crate::sections::ClockSection;
use skald_session::clock::{Clock, FakeClock, SystemClock, Timestamp};
use skald_session::store::Store;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The store's `meta` entry with the fake time (the console's `--fake-clock` uses it too).
pub const FAKE_NOW: &str = "fake_now";
/// The clock file's name in the data directory when the config names none.
pub const DEFAULT_FILE: &str = "fake-clock";
/// How often the scheduler reads the clock file on a fake clock.
const POLL: Duration = Duration::from_millis(250);

/// The clock an adapter runs on: the system clock, or a fake one moved through a file.
pub struct AdapterClock {
    clock: Arc<dyn Clock>,
    fake: Option<Fake>,
}

/// The fake clock, its file, and the store keeping its time across restarts.
struct Fake {
    clock: Arc<FakeClock>,
    /// `None` for the console's clock, moved only by `!clock` lines.
    file: Option<PathBuf>,
    store: Arc<dyn Store>,
    /// The unreadable content last warned about, so a bad file is logged once, not at
    /// every poll.
    warned: std::sync::Mutex<Option<String>>,
}

impl AdapterClock {
    /// The clock the config asks for. With `fake = true` it starts at the stored fake time
    /// (or [`FakeClock::EPOCH`]), moved to the file's time when that is later.
    pub fn new(
        section: &ClockSection,
        data: &Path,
        store: &Arc<dyn Store>,
    ) -> Result<AdapterClock, String> {
        if !section.fake {
            return Ok(AdapterClock {
                clock: Arc::new(SystemClock),
                fake: None,
            });
        }
        let start = store
            .meta_time(FAKE_NOW)
            .map_err(|e| e.to_string())?
            .unwrap_or(FakeClock::EPOCH);
        let clock = Arc::new(FakeClock::new(start));
        let file = section
            .file
            .clone()
            .unwrap_or_else(|| data.join(DEFAULT_FILE));
        let fake = Fake {
            clock: clock.clone(),
            file: Some(file.clone()),
            store: store.clone(),
            warned: std::sync::Mutex::new(None),
        };
        fake.refresh();
        let now = clock.now();
        if fake.read_file().is_none_or(|t| t < now) {
            std::fs::write(&file, format!("{}\n", file_form(now)))
                .map_err(|e| format!("cannot write the clock file {}: {e}", file.display()))?;
        }
        tracing::warn!(
            now = %now,
            file = %file.display(),
            "running on a FAKE clock ([clock] fake = true): deadlines follow the clock file, not the real time"
        );
        Ok(AdapterClock {
            clock,
            fake: Some(fake),
        })
    }

    /// The console's `--fake-clock`: a fake clock starting where the store's fake time stood
    /// (or [`FakeClock::EPOCH`]), moved only by [`AdapterClock::advance`] (the `!clock +3d`
    /// line); no file.
    pub fn typed(store: &Arc<dyn Store>) -> Result<AdapterClock, String> {
        let start = store
            .meta_time(FAKE_NOW)
            .map_err(|e| e.to_string())?
            .unwrap_or(FakeClock::EPOCH);
        let clock = Arc::new(FakeClock::new(start));
        Ok(AdapterClock {
            clock: clock.clone(),
            fake: Some(Fake {
                clock,
                file: None,
                store: store.clone(),
                warned: std::sync::Mutex::new(None),
            }),
        })
    }

    /// Moves a fake clock `secs` forward and keeps the new time in the store; the system
    /// clock refuses, saying how to get a fake one.
    pub fn advance(&self, secs: i64) -> Result<Timestamp, String> {
        let Some(fake) = &self.fake else {
            return Err(
                "Skald runs on the real clock; start it with --fake-clock (or `[clock] fake = true`) to move time"
                    .to_string(),
            );
        };
        let now = fake.clock.advance(secs);
        fake.store
            .set_meta_time(FAKE_NOW, now)
            .map_err(|e| format!("cannot save the fake time: {e}"))?;
        Ok(now)
    }

    /// The clock to give the session.
    pub fn clock(&self) -> Arc<dyn Clock> {
        self.clock.clone()
    }

    /// The current time by this clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Whether this is the fake clock.
    pub fn is_fake(&self) -> bool {
        self.fake.is_some()
    }

    /// Reads the clock file and moves a fake clock forward to its time; returns whether
    /// time moved (always `false` on the system clock).
    pub fn refresh(&self) -> bool {
        self.fake.as_ref().is_some_and(Fake::refresh)
    }

    /// How long a scheduler may sleep before looking again: until `next` (at most `max`)
    /// on the system clock; a quarter of a second on a fake clock, which only the file moves.
    pub fn sleep_until(&self, next: Option<Timestamp>, max: Duration) -> Duration {
        if self.is_fake() {
            return POLL;
        }
        next.map_or(max, |at| {
            let secs = at.since(self.now()).clamp(0, max.as_secs() as i64);
            Duration::from_secs(secs as u64)
        })
        .max(Duration::from_millis(200))
    }
}

impl Fake {
    fn refresh(&self) -> bool {
        let Some(to) = self.read_file() else {
            return false;
        };
        let now = self.clock.now();
        if to <= now {
            return false;
        }
        self.clock.set(to);
        if let Err(e) = self.store.set_meta_time(FAKE_NOW, to) {
            tracing::warn!(error = %e, "cannot save the fake time");
        }
        tracing::info!(from = %now, to = %to, "fake clock moved");
        true
    }
}

impl Fake {
    /// The time in the clock file; `None` (and a warning, once per content) when unreadable
    /// or when this clock has no file.
    fn read_file(&self) -> Option<Timestamp> {
        let file = self.file.as_ref()?;
        let text = std::fs::read_to_string(file).ok()?;
        let text = text.trim();
        match Timestamp::parse(text) {
            Ok(t) => Some(t),
            Err(e) => {
                let mut warned = self.warned.lock().unwrap_or_else(|p| p.into_inner());
                if !text.is_empty() && warned.as_deref() != Some(text) {
                    tracing::warn!(
                        file = %file.display(),
                        reason = %e,
                        "the clock file should hold a UTC time like 2025-01-03T12:00; ignored"
                    );
                    *warned = Some(text.to_string());
                }
                None
            }
        }
    }
}

/// `2025-01-03T12:00`: the form the clock file holds.
fn file_form(t: Timestamp) -> String {
    let s = t.to_string();
    s.trim_end_matches(" UTC").replacen(' ', "T", 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_session::clock::DAY;
    use skald_session::store::SledStore;

    #[test]
    fn the_fake_clock_follows_its_file_forward_only_and_survives_a_restart() {
        let dir = std::env::temp_dir().join(format!("skald-fake-time-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.join("store")).expect("store"));
        let section = ClockSection {
            fake: true,
            file: None,
        };
        let c = AdapterClock::new(&section, &dir, &store).expect("fake clock");
        assert_eq!(c.now(), FakeClock::EPOCH);
        let file = dir.join(DEFAULT_FILE);
        assert_eq!(
            std::fs::read_to_string(&file).expect("written").trim(),
            "2025-01-01T00:00"
        );
        assert!(!c.refresh(), "nothing moved");
        std::fs::write(&file, "2025-01-03T12:00\n").expect("write");
        assert!(c.refresh());
        assert_eq!(c.now(), FakeClock::EPOCH.plus(2 * DAY + 12 * 3600));
        std::fs::write(&file, "2025-01-02").expect("write");
        assert!(!c.refresh(), "time never goes back");
        std::fs::write(&file, "soon").expect("write");
        assert!(!c.refresh(), "an unreadable file changes nothing");
        std::fs::write(&file, "2025-02-31").expect("write");
        assert!(!c.refresh(), "an impossible date changes nothing");
        assert_eq!(c.sleep_until(None, Duration::from_secs(60)), POLL);
        drop(c);
        let again = AdapterClock::new(&section, &dir, &store).expect("fake clock");
        assert_eq!(again.now(), FakeClock::EPOCH.plus(2 * DAY + 12 * 3600));
        let real = AdapterClock::new(&ClockSection::default(), &dir, &store).expect("real");
        assert!(!real.is_fake() && !real.refresh());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
