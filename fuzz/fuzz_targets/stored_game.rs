//! The stored bytes of a game, decoded, shown and replayed as the session does.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skald_session::fuzzing::stored_game(data);
});
