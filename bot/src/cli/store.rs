//! `skald export` and `skald import`: the store as JSON lines, for backups and moves.

use skald::config::Config;
use skald::runtime::open_store;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// `skald export`: every game, challenge, user and rating to standard output.
pub fn export(config: &Config, data: Option<PathBuf>) -> Result<String, String> {
    let store = open_store(&config.data_dir(data))?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let lines = store.export(&mut out).map_err(|e| e.to_string())?;
    eprintln!("exported {lines} lines");
    Ok(String::new())
}

/// `skald import FILE`: an export into a new, empty data directory.
pub fn import(config: &Config, data: Option<PathBuf>, file: &Path) -> Result<String, String> {
    let f =
        std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let dir = config.data_dir(data);
    let store = open_store(&dir)?;
    let lines = store
        .import(&mut BufReader::new(f))
        .map_err(|e| e.to_string())?;
    Ok(format!("imported {lines} lines into {}\n", dir.display()))
}
