//! Re-pairs every round of TRF files with Skald's Dutch system and prints, per file, how many
//! rounds are identical to the recorded ones. A developer tool: `cargo run -p
//! skald-tournament --example replay_trf -- a.trf b.trf`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut total = 0;
    let mut same = 0;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let tournament = match skald_tournament::trf::read(&text) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for round in skald_tournament::swiss_check::replay(&tournament) {
            total += 1;
            if round.identical() {
                same += 1;
            } else {
                println!(
                    "{path} round {}: recorded {:?} bye {:?}; skald {:?}",
                    round.round + 1,
                    round.recorded.pairs,
                    round.recorded.bye,
                    round.paired
                );
            }
        }
    }
    println!("identical rounds: {same}/{total}");
    ExitCode::SUCCESS
}
