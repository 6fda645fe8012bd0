//! `skald tournament pair FILE.trf`: the next round of a Swiss tournament as Skald pairs it
//! (FIDE Dutch system), from a TRF-16 file, so arbiters and other programs can check Skald's
//! pairings against their own engine.

use crate::cli::TournamentCommand;
use skald_tournament::dutch::PairingError;
use skald_tournament::trf::{self, PairTrfError};
use std::path::Path;
use std::process::ExitCode;

/// Exit code of a refused input: a file that cannot be read, is not a TRF-16 file Skald
/// reads, or records a tournament that cannot be paired as it stands.
const BAD_INPUT: u8 = 2;
/// Exit code when the file is fine but no pairing meets the absolute criteria (as
/// bbpPairings exits 1): the arbiter must decide.
const NO_PAIRING: u8 = 1;

/// Runs one `skald tournament` command: prints its output, or `error: …` on standard error,
/// and gives the exit code.
pub fn main(cmd: TournamentCommand, config: &crate::config::Config) -> ExitCode {
    let result = match cmd {
        TournamentCommand::Pair { file, bbp } => pair(&file, bbp),
        TournamentCommand::Export {
            tournament,
            trf,
            data,
        } => export(config, data, &tournament, trf),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err((code, message)) => {
            eprintln!("error: {message}");
            ExitCode::from(code)
        }
    }
}

/// `skald tournament export #T --trf`: the stored tournament as a TRF-16 file. Refused
/// (exit 2) without `--trf`, for a number that is not one, or one no tournament has.
fn export(
    config: &crate::config::Config,
    data: Option<std::path::PathBuf>,
    tournament: &str,
    trf: bool,
) -> Result<String, (u8, String)> {
    if !trf {
        return Err((
            BAD_INPUT,
            "say which format: --trf (TRF-16, the one Skald writes)".to_string(),
        ));
    }
    let id: u64 = tournament.trim_start_matches('#').parse().map_err(|_| {
        (
            BAD_INPUT,
            format!("'{tournament}' is not a tournament number; write it like #3"),
        )
    })?;
    let doc = crate::cli::store::tournament(config, data, id).map_err(|e| (BAD_INPUT, e))?;
    Ok(doc.to_trf())
}

/// The pairings of the round after those recorded in `file`: `white black` start numbers per
/// board, board 1 first, and `N 0` for the player with the pairing-allocated bye; with
/// `bbp`, the number of pairs (the bye included) first, as `bbpPairings -p` prints.
fn pair(file: &Path, bbp: bool) -> Result<String, (u8, String)> {
    let shown = file.display();
    let bytes =
        std::fs::read(file).map_err(|e| (BAD_INPUT, format!("cannot read {shown}: {e}")))?;
    let text = decode(bytes);
    let pairing = trf::pair(&text).map_err(|e| {
        let code = match &e {
            PairTrfError::Pairing(PairingError::Impossible | PairingError::Internal(_)) => {
                NO_PAIRING
            }
            _ => BAD_INPUT,
        };
        (code, format!("{shown}: {e}"))
    })?;
    let text = pairing.to_bbp_text();
    if bbp {
        return Ok(text);
    }
    // without the count line bbpPairings prints first
    Ok(text
        .split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_string()))
}

/// The file's text: UTF-8, else Latin-1 (older pairing programs write it), one character
/// per byte so the fixed columns stay where they are.
fn decode(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_keeps_its_columns() {
        let latin1 = b"001    1      Jos\xe9".to_vec();
        let text = decode(latin1);
        assert_eq!(text.chars().count(), 18);
        assert!(text.ends_with("José"));
        assert_eq!(decode("Þórunn".as_bytes().to_vec()), "Þórunn");
    }
}
