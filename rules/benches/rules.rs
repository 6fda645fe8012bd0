//! Placeholder bench, replaced once the games exist.
fn main() {}
