//! Leases: a piece of background work (the engine's search for one turn) that one process
//! does at a time. Several processes on one database each run the background loop; a lease
//! keeps two of them from searching the same turn, and expires, so work left by a process
//! that was killed is taken over once its lease runs out. Leases measure real time (not the
//! session's clock, which tests move by hand): they are about processes being alive.
//!
//! A lease never decides what is written: the compare-and-swap of the commit does. Two
//! processes that both believed they held one would still apply one move.
//!
//! [`MemoryLeases`] serves a store only one process can open (sled locks its directory):
//! every worker of that process shares it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Leases kept in memory, for a store one process holds.
#[derive(Default)]
pub struct MemoryLeases(Mutex<HashMap<String, (String, Instant)>>);

impl MemoryLeases {
    /// Claims `work` for `holder` for `ttl`: true when it was free, expired, or `holder`'s
    /// already (then extended).
    pub fn claim(&self, work: &str, holder: &str, ttl: Duration) -> bool {
        let now = Instant::now();
        let mut held = self.0.lock().unwrap_or_else(|p| p.into_inner());
        // Forget expired leases now and then, so the map stays small.
        if held.len() > 1024 {
            held.retain(|_, (_, until)| *until > now);
        }
        match held.get(work) {
            Some((other, until)) if other != holder && *until > now => false,
            _ => {
                held.insert(work.to_string(), (holder.to_string(), now + ttl));
                true
            }
        }
    }

    /// Gives `work` back, if `holder` holds it.
    pub fn release(&self, work: &str, holder: &str) {
        let mut held = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if held.get(work).is_some_and(|(h, _)| h == holder) {
            held.remove(work);
        }
    }
}
