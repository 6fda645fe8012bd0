//! Move text typed by a player (first byte: rule set, second: moves played first).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skald_session::fuzzing::move_text(data);
});
