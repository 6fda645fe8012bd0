//! A position string (first byte: rule set).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skald_session::fuzzing::position_text(data);
});
