//! `skald export --format otn --game N` and `skald import FILE.otn`: one Copenhagen or
//! Brandubh game as an OpenTafl notation record, the format the tafl community's programs
//! read (`docs/NOTATION.md`, "OpenTafl notation").

use skald_model::game::GameDoc;
use skald_model::game::otn::{IMPORTED_PLATFORM, doc_of, otn_of};
use skald_model::identity::{ChannelId, CommunityId, User};
use skald_rules::tafl::otn;
use skald_session::clock::{Clock, SystemClock};
use skald_session::store::{Commit, Store};

/// Where imported games live: no chat channel (they are found by number).
const IMPORTED_HOME: &str = "otn";

/// The OTN record of stored game `id` (`#3` or `3`).
pub fn export(store: &dyn Store, id: &str) -> Result<String, String> {
    let number: u64 = id
        .trim_start_matches('#')
        .parse()
        .map_err(|_| format!("'{id}' is not a game number: expected --game 3 (or '#3')"))?;
    let g: GameDoc = store
        .game(number)
        .map_err(|e| e.to_string())?
        .map(|s| s.doc)
        .ok_or_else(|| format!("there is no game #{number} in this store"))?;
    let game = otn_of(&g, None).ok_or_else(|| {
        format!(
            "game #{number} is {}: OpenTafl notation holds Copenhagen Hnefatafl and Brandubh \
             games only (export it without --format otn)",
            g.rule_set()
        )
    })?;
    otn::write(&game).map_err(|e| format!("game #{number}'s record does not replay: {e}"))
}

/// Whether a file to import is an OTN record rather than `skald export`'s JSON lines: its
/// name ends in `.otn` or `.otg` (OpenTafl's), or its text does not start with `{`.
pub fn is_otn(name: &std::path::Path, text: &str) -> bool {
    let ext = name
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    matches!(ext.as_deref(), Some("otn" | "otg")) || !text.trim_start().starts_with('{')
}

/// Reads an OTN record and stores it as a new game; a record that does not read or replay is
/// refused with its line and move, and nothing is stored. Returns the game's number.
pub fn import(store: &dyn Store, text: &str) -> Result<u64, String> {
    let game = otn::read(text).map_err(|e| format!("not imported: {e}"))?;
    let [attackers, defenders] = [&game.tags.attackers, &game.tags.defenders];
    let players = [
        player(store, attackers.as_deref(), "attackers")?,
        player(store, defenders.as_deref(), "defenders")?,
    ];
    let id = store.allocate_id().map_err(|e| e.to_string())?;
    let home = (
        CommunityId(IMPORTED_HOME.to_string()),
        ChannelId(IMPORTED_HOME.to_string()),
    );
    let doc = doc_of(&game, id, players, home, SystemClock.now())
        .map_err(|e| format!("not imported: {e}"))?;
    // An unfinished game goes on in Skald only between two of its players: with a side that
    // is only a name, nobody could make that side's moves and it would just time out.
    if doc.end.is_none()
        && let Some(p) = doc
            .players
            .iter()
            .find(|p| p.id.platform == IMPORTED_PLATFORM)
    {
        return Err(format!(
            "not imported: the record is unfinished (no result) and '{}' is not a Skald \
             player's name; an unfinished game goes on only between two players Skald knows \
             (name each side as its player is shown), or give the record its result",
            p.name
        ));
    }
    store
        .commit(Commit {
            games: vec![(None, doc)],
            ..Commit::default()
        })
        .map_err(|e| format!("not imported: {e}"))?;
    Ok(id)
}

/// The player a record names: the one Skald account shown by that name, if exactly one is;
/// else a name of its own (platform `otn`), never pinged. A record without the name gets
/// the side's name.
fn player(store: &dyn Store, name: Option<&str>, side: &str) -> Result<User, String> {
    let name = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(side);
    let found = store.users_named(name).map_err(|e| e.to_string())?;
    Ok(match found.as_slice() {
        [one] => one.user.clone(),
        _ => User::new(IMPORTED_PLATFORM, name, name),
    })
}
