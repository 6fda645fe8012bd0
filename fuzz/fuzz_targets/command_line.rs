//! A chat line, as any adapter passes it to the command parser.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skald_session::fuzzing::command_line(data);
});
