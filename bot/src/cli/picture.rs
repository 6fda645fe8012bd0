//! `skald render` and `skald replay`: board pictures and game animations from the command line.

use crate::cli::{RenderArgs, ReplayArgs};
use skald_render::{LastMove, ReplayOptions, render_png, replay_gif, replay_scenes, scene};
use skald_rules::{Position, Record, Viewer};
use skald_session::dice_rng::dice_rng;
use std::path::Path;

/// Draws one position (after `--last-move`, if given) and writes the PNG.
pub fn render(args: RenderArgs) -> Result<String, String> {
    let mut position = Position::from_notation(args.rule_set, &args.position)
        .map_err(|e| format!("not a {} position: {e}", args.rule_set.id()))?;
    let viewer: Viewer = args.viewer.into();
    if viewer == Viewer::Final && position.status().outcome().is_none() && hides(&position) {
        return Err(
            "the final view shows every hidden value, so it is only for finished games; use --viewer a, b or public"
                .into(),
        );
    }
    let mut last = LastMove::none();
    if let Some(mv) = &args.last_move {
        let before = position.clone();
        let events = position.play(mv).map_err(|e| {
            format!(
                "cannot mark '{mv}': {e}; legal moves: {}",
                before.legal_moves().join(" ")
            )
        })?;
        last = LastMove::from_events(&events);
        position.roll_while_needed(&mut dice_rng(args.seed)?);
    }
    let scene = scene(&position, viewer, names(&args.players), last, args.language);
    let png = render_png(&scene).map_err(|e| format!("cannot draw the position: {e}"))?;
    write(&args.output, &png.bytes)
}

/// Replays a record and writes the GIF.
pub fn replay(args: ReplayArgs) -> Result<String, String> {
    let text = std::fs::read_to_string(&args.record)
        .map_err(|e| format!("cannot read {}: {e}", args.record.display()))?;
    let (record, stored_names) = find_record(&text, args.game)?;
    let players = if args.players.is_empty() {
        stored_names
    } else {
        names(&args.players)
    };
    let frames = replay_scenes(&record, Viewer::Final, &players, args.language)
        .map_err(|e| format!("cannot replay {}: {e}", args.record.display()))?;
    let gif = replay_gif(&frames, &ReplayOptions::default())
        .map_err(|e| format!("cannot draw the replay: {e}"))?;
    write(&args.output, &gif)
}

/// Whether the position has values some viewer may not see.
fn hides(position: &Position) -> bool {
    position.to_notation(Viewer::Public) != position.to_notation(Viewer::Final)
}

fn names(given: &[String]) -> [Option<String>; 2] {
    let get = |i: usize| {
        given
            .get(i)
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
    };
    [get(0), get(1)]
}

fn write(path: &Path, bytes: &[u8]) -> Result<String, String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!("{} ({} bytes)\n", path.display(), bytes.len()))
}

/// Finds the record in a file: a bare record, or a JSON line holding one (an exported game),
/// the one numbered `game` when there are several. Returns the players' names when known.
fn find_record(text: &str, game: Option<u64>) -> Result<(Record, [Option<String>; 2]), String> {
    if let Ok(record) = serde_json::from_str::<Record>(text) {
        return Ok((record, [None, None]));
    }
    let mut found = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        // The game object is the line itself or its only field (`{"game": {...}}`).
        let candidates =
            std::iter::once(&value).chain(value.as_object().into_iter().flat_map(|o| o.values()));
        for obj in candidates {
            let Some(rec) = obj.get("record") else {
                continue;
            };
            let Ok(record) = serde_json::from_value::<Record>(rec.clone()) else {
                continue;
            };
            let id = obj.get("id").and_then(serde_json::Value::as_u64);
            if game.is_some() && id != game {
                continue;
            }
            let name = |i: usize| {
                obj.get("players")?
                    .get(i)?
                    .get("name")?
                    .as_str()
                    .map(str::to_string)
            };
            found.push((id, record, [name(0), name(1)]));
        }
    }
    match (found.len(), game) {
        (0, Some(n)) => Err(format!("no game #{n} with a record in the file")),
        (0, None) => {
            Err("the file holds no game record (a JSON record, or an exported game)".into())
        }
        (1, _) => {
            let (_, record, names) = found.remove(0);
            Ok((record, names))
        }
        _ => Err(format!(
            "the file holds {} games; pick one with --game N (numbers: {})",
            found.len(),
            found
                .iter()
                .filter_map(|(id, _, _)| id.map(|i| i.to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
