//! `skald export`, `skald import` and `skald migrate`: the store as JSON lines, for backups
//! and moves, and a whole store moved between sled and PostgreSQL (either way).

use super::ExportFormat;
use crate::config::Config;
use crate::runtime::{StoreAt, open_store_at};
use skald_session::store::Store;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The store the export and import commands use: the `--data` directory when given, else
/// the configuration's store (its PostgreSQL database, else its data directory).
fn store_of(config: &Config, data: Option<PathBuf>) -> StoreAt {
    match data {
        Some(dir) => StoreAt::Sled(dir),
        None => config.store_at(&config.data_dir(None)),
    }
}

/// `skald export`: every game, challenge, user and rating to standard output; with
/// `--format otn`, the one game `--game` names as an OpenTafl notation record.
pub fn export(
    config: &Config,
    data: Option<PathBuf>,
    format: ExportFormat,
    game: Option<&str>,
) -> Result<String, String> {
    let store = open_store_at(&store_of(config, data))?;
    match (format, game) {
        (ExportFormat::Otn, Some(id)) => return super::otn::export(store.as_ref(), id),
        (ExportFormat::Otn, None) => {
            return Err("--format otn writes one game: name it, like --game 3".to_string());
        }
        (ExportFormat::Jsonl, Some(_)) => {
            return Err(
                "--game goes with --format otn; the JSON lines export is the whole store"
                    .to_string(),
            );
        }
        (ExportFormat::Jsonl, None) => {}
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let lines = store.export(&mut out).map_err(|e| e.to_string())?;
    eprintln!("exported {lines} lines");
    Ok(String::new())
}

/// A stored tournament (for `skald tournament export`), or why not.
pub fn tournament(
    config: &Config,
    data: Option<PathBuf>,
    id: u64,
) -> Result<skald_session::tournament::TournamentDoc, String> {
    let store = open_store_at(&store_of(config, data))?;
    store
        .tournament(id)
        .map_err(|e| e.to_string())?
        .map(|t| t.doc)
        .filter(|d| !d.is_league())
        .ok_or_else(|| format!("there is no tournament #{id} in this store"))
}

/// `skald import FILE`: an export into a new, empty store, or an OTN record's game added to
/// a store (see [`super::otn::is_otn`]).
pub fn import(config: &Config, data: Option<PathBuf>, file: &Path) -> Result<String, String> {
    let text = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let at = store_of(config, data);
    if let Ok(text) = std::str::from_utf8(&text)
        && super::otn::is_otn(file, text)
    {
        let store = open_store_at(&at)?;
        let id = super::otn::import(store.as_ref(), text)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        store.flush().map_err(|e| e.to_string())?;
        return Ok(format!(
            "imported {} as game #{id} into {} (`replay #{id}` shows it)\n",
            file.display(),
            at.describe()
        ));
    }
    let f = std::io::Cursor::new(text);
    let store = open_store_at(&at)?;
    let lines = store
        .import(&mut BufReader::new(f))
        .map_err(|e| e.to_string())?;
    Ok(format!("imported {lines} lines into {}\n", at.describe()))
}

/// `skald migrate --from A --to B`: everything in store A copied into the new, empty store
/// B (a sled directory or a `postgres://` database, either way round), then checked: B's
/// export must be byte for byte A's, or the command fails and says so. A stays as it was.
/// The bot must be stopped while it runs (sled refuses a directory in use; on PostgreSQL
/// nothing would stop a running bot writing to A after the copy).
pub fn migrate(from: &str, to: &str) -> Result<String, String> {
    let (from, to) = (StoreAt::parse(from), StoreAt::parse(to));
    if let StoreAt::Sled(dir) = &from
        && !dir.join("db").exists()
    {
        return Err(format!(
            "{} holds no sled store (no `db` file): give the data directory of a skald store",
            dir.display()
        ));
    }
    let source = open_store_at(&from)?;
    let target = open_store_at(&to)?;
    let exported = export_bytes(&source, &from)?;
    let lines = target
        .import(&mut std::io::Cursor::new(&exported))
        .map_err(|e| format!("cannot import into {}: {e}", to.describe()))?;
    let copied = export_bytes(&target, &to)?;
    if copied != exported {
        return Err(format!(
            "the copy in {} does not export the same bytes as {}: do not use it (remove it and report this)",
            to.describe(),
            from.describe()
        ));
    }
    target.flush().map_err(|e| e.to_string())?;
    Ok(format!(
        "migrated {lines} lines from {} to {}; the copy exports the same {} bytes\n",
        from.describe(),
        to.describe(),
        exported.len()
    ))
}

/// A store's whole export, in memory.
fn export_bytes(store: &Arc<dyn Store>, at: &StoreAt) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    store
        .export(&mut out)
        .map_err(|e| format!("cannot export {}: {e}", at.describe()))?;
    Ok(out)
}
