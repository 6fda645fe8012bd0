//! `skald`: the bot binary; everything it does starts in [`skald::root`].

fn main() -> std::process::ExitCode {
    skald::root::main()
}
