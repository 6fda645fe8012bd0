//! `export` and `replay`: a game's record and its GIF, who gets them, what they hold, and
//! what happens beyond an upload limit.

use crate::clock::FakeClock;
use crate::files::{File, FileBody};
use crate::store::{SledStore, Store};
use crate::*;
use skald_rules::{Action, Position, RuleSetId, Seat, Viewer};
use std::sync::Arc;

fn session() -> Session {
    super::support::session_on(
        SledStore::temporary().expect("temporary store"),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
    )
}

fn ctx(name: &str) -> Context {
    Context::private(User::new("console", name, name), "console", "console")
}

fn ok(s: &Session, who: &str, line: &str) -> Reply {
    let r = s.handle(&ctx(who), line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    assert!(r.channel_boards_are_public());
    r
}

/// alice challenges bob (alice first), bob accepts, and they play `moves` first legal moves.
fn game(s: &Session, rule_set: RuleSetId, moves: usize) -> u64 {
    ok(
        s,
        "alice",
        &format!("challenge {} @bob first", rule_set.id()),
    );
    ok(s, "bob", "accept #1");
    for _ in 0..moves {
        let g = s.test_game(1);
        let m = g.live().expect("replays");
        let Some(seat) = m.position().status().seat() else {
            break;
        };
        let mv = m.position().legal_moves().remove(0);
        ok(s, &g.players[seat.index()].name, &format!("move #1 {mv}"));
    }
    1
}

fn record_bytes(f: &File) -> &[u8] {
    match &f.body {
        FileBody::Record(bytes) => bytes,
        FileBody::Otn(_)
        | FileBody::Replay(_)
        | FileBody::Standings(_)
        | FileBody::WinChance(_)
        | FileBody::Rating(_)
        | FileBody::Ladder(_) => {
            panic!("a record was expected")
        }
    }
}

/// The game line of an export file, decoded.
fn exported_game(bytes: &[u8]) -> game::GameDoc {
    let text = std::str::from_utf8(bytes).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("{\"header\""), "{text}");
    let line: serde_json::Value = serde_json::from_str(lines[2]).expect("json");
    serde_json::from_value(line["game"].clone()).expect("a game line")
}

#[test]
fn an_exported_game_imports_into_an_empty_store_and_exports_the_same_bytes() {
    for rule_set in RuleSetId::ALL {
        let s = session();
        let id = game(&s, rule_set, 6);
        ok(&s, "alice", "resign");
        let r = ok(&s, "carol", &format!("export #{id}"));
        assert!(r.private.is_empty());
        assert_eq!(r.files.len(), 1, "{}", r.text.en());
        let bytes = record_bytes(&r.files[0]).to_vec();
        assert!(r.text.en().contains("6 moves"), "{}", r.text.en());
        assert!(r.text.en().contains("resigned"), "{}", r.text.en());
        let other = SledStore::temporary().expect("temporary store");
        other
            .import(&mut std::io::Cursor::new(&bytes))
            .expect("imports");
        let mut again = Vec::new();
        other.export(&mut again).expect("exports");
        assert!(
            again == bytes,
            "{rule_set:?}: the round trip changed the file"
        );
        // The file is the stored game itself.
        assert_eq!(exported_game(&bytes), s.test_game(id));
    }
}

#[test]
fn export_otn_writes_a_tafl_game_as_the_communitys_programs_read_it_and_refuses_other_games() {
    for rule_set in [RuleSetId::Copenhagen, RuleSetId::Brandubh] {
        let s = session();
        let id = game(&s, rule_set, 6);
        let r = ok(&s, "carol", &format!("export #{id} otn"));
        assert!(
            r.text.en().contains("in OpenTafl notation: 6 moves"),
            "{}",
            r.text.en()
        );
        let FileBody::Otn(text) = &r.files[0].body else {
            panic!("an OTN file: {:?}", r.files)
        };
        let ready = r.files[0].render(Lang::En, 1 << 20).expect("fits");
        assert_eq!(ready.name, format!("skald-game-{id}.otn"));
        // It reads back, under the same rules, to the same moves.
        let back = skald_rules::tafl::otn::read(text).expect("reads back");
        assert_eq!(
            skald_model::game::otn::rule_set_of(back.variant),
            rule_set,
            "{text}"
        );
        let played: Vec<String> = s
            .test_game(id)
            .record
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Move(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(back.moves.len(), played.len(), "{text}");
        assert!(
            text.contains("[attackers:alice]") && text.contains("[defenders:bob]"),
            "{text}"
        );
        // The word may come first, and `jsonl` is Skald's own record.
        let first = ok(&s, "carol", &format!("export otn #{id}"));
        assert_eq!(first.files, r.files);
        let own = ok(&s, "carol", &format!("export #{id} jsonl"));
        assert!(matches!(own.files[0].body, FileBody::Record(_)));
    }
    // Another rule set has no OpenTafl record: refused, saying what to use instead.
    let s = session();
    let id = game(&s, RuleSetId::Hnefatafl, 2);
    let r = s.handle(&ctx("alice"), &format!("export #{id} otn"));
    assert_eq!(r.kind, ReplyKind::Refused);
    assert!(
        r.text.en().contains("Copenhagen and Brandubh games only")
            && r.text.en().contains(&format!("`export #{id}`")),
        "{}",
        r.text.en()
    );
    assert!(r.files.is_empty());
    let r = s.handle(&ctx("alice"), "export otn otn");
    assert!(r.text.en().contains("the word otn"), "{}", r.text.en());
}

#[test]
fn a_running_subulata_game_gives_each_player_only_their_own_values_privately() {
    let s = session();
    let id = game(&s, RuleSetId::Subulata, 1);
    ok(&s, "bob", &format!("arrange #{id} 9 8 7 6 5 4 3 2 1"));
    let stored = s.test_game(id);
    for (who, seat) in [("alice", Seat::A), ("bob", Seat::B)] {
        let r = ok(&s, who, &format!("export #{id}"));
        // The channel is told, and gets no file.
        assert!(r.files.is_empty());
        assert!(r.text.en().contains("privately"), "{}", r.text.en());
        assert_eq!(r.private.len(), 1);
        assert_eq!(r.private[0].to, ctx(who).user.id);
        assert_eq!(r.private[0].files[0].stem, format!("skald-game-1-{who}"));
        let mine = exported_game(record_bytes(&r.private[0].files[0]));
        let start =
            Position::from_notation(RuleSetId::Subulata, &stored.record.start).expect("parses");
        assert_eq!(mine.record.start, start.to_notation(Viewer::Seat(seat)));
        assert_ne!(mine.record.start, start.to_notation(Viewer::Final));
        assert_eq!(mine.record.seed, 0, "the seed draws every value");
        assert!(mine.record.actions.iter().all(|a| match a {
            Action::Arrange { seat: s, .. } => *s == seat,
            _ => true,
        }));
        let now = stored.live().expect("replays");
        assert_eq!(
            mine.position,
            now.position().to_notation(Viewer::Seat(seat))
        );
        // The replay too: their view only, privately.
        let r = ok(&s, who, &format!("replay #{id}"));
        assert!(r.files.is_empty());
        match &r.private[0].files[0].body {
            FileBody::Replay(replay) => {
                assert_eq!(replay.viewer, Viewer::Seat(seat));
                assert_eq!(replay.record, mine.record);
            }
            FileBody::Record(_)
            | FileBody::Otn(_)
            | FileBody::Standings(_)
            | FileBody::WinChance(_)
            | FileBody::Rating(_)
            | FileBody::Ladder(_) => {
                panic!("a replay was expected")
            }
        }
    }
    // A spectator's file is public and holds no value.
    let r = ok(&s, "carol", &format!("export #{id}"));
    assert!(r.private.is_empty());
    let public = exported_game(record_bytes(&r.files[0]));
    let start = Position::from_notation(RuleSetId::Subulata, &stored.record.start).expect("parses");
    assert_eq!(public.record.start, start.to_notation(Viewer::Public));
    assert_eq!(public.record.seed, 0);
    assert!(
        !public
            .record
            .actions
            .iter()
            .any(|a| matches!(a, Action::Arrange { .. }))
    );
    // Its replay draws, with no value either.
    let r = ok(&s, "carol", &format!("replay #{id}"));
    let gif = r.files[0].render(Lang::En, u64::MAX).expect("draws");
    assert!(gif.bytes.starts_with(b"GIF89a"));
    assert_eq!(gif.name, "skald-game-1.gif");
    // Once over, everything, for everyone, in the channel.
    ok(&s, "alice", &format!("resign #{id}"));
    let r = ok(&s, "alice", &format!("export #{id}"));
    assert!(r.private.is_empty());
    assert_eq!(exported_game(record_bytes(&r.files[0])), s.test_game(id));
}

#[test]
fn a_finished_games_last_board_offers_its_record_and_replay() {
    let s = session();
    let id = game(&s, RuleSetId::Hnefatafl, 2);
    let r = ok(&s, "alice", &format!("resign #{id}"));
    let lines: Vec<String> = r.choices.iter().map(|c| c.command.to_line()).collect();
    for want in [format!("export #{id}"), format!("replay #{id}")] {
        assert!(lines.contains(&want), "{lines:?}");
    }
    let labels: Vec<String> = r.choices.iter().map(|c| c.label.en()).collect();
    assert!(labels.contains(&"Record".to_string()), "{labels:?}");
    assert!(labels.contains(&"Replay".to_string()), "{labels:?}");
    // A running game offers neither.
    let s = session();
    let r = ok(&s, "alice", "challenge tafl @bob first");
    assert!(
        r.choices
            .iter()
            .all(|c| !matches!(c.command, Command::Export { .. } | Command::Replay(_)))
    );
}

#[test]
fn a_replay_is_a_gif_of_every_move_and_a_long_one_is_cut_to_the_last_moves_that_fit() {
    let s = session();
    let id = game(&s, RuleSetId::Hnefatafl, 12);
    ok(&s, "bob", "resign");
    let r = ok(&s, "alice", &format!("replay #{id}"));
    let file = &r.files[0];
    let whole = file.render(Lang::En, u64::MAX).expect("draws");
    assert_eq!(whole.mime, "image/gif");
    assert!(whole.bytes.starts_with(b"GIF89a"));
    assert_eq!(whole.note, None);
    assert_eq!(whole.size, Some((380, whole.size.expect("a size").1)));
    // A limit the whole game does not fit: the last moves that do, and the text says so.
    let limit = whole.bytes.len() as u64 / 3;
    let cut = file.render(Lang::En, limit).expect("fits shortened");
    assert!(cut.bytes.len() as u64 <= limit);
    let note = cut.note.expect("says it was cut").en();
    assert!(note.contains("the last "), "{note}");
    assert!(note.contains("of its 12 moves"), "{note}");
    assert!(note.contains("`export #1`"), "{note}");
    // Below even two frames: nothing attached, and why.
    let why = file.render(Lang::En, 100).expect_err("too big").en();
    assert!(why.contains("none is attached"), "{why}");
    // A record beyond a limit is not attached either.
    let r = ok(&s, "alice", &format!("export #{id}"));
    let why = r.files[0].render(Lang::Fr, 10).expect_err("too big");
    assert!(
        why.render(Lang::Fr).contains("n'est pas jointe"),
        "{}",
        why.render(Lang::Fr)
    );
}

#[test]
fn export_and_replay_refuse_what_is_not_a_game_and_change_nothing() {
    let s = session();
    ok(&s, "alice", "challenge tafl @bob first");
    for line in ["export #1", "replay #1", "export #9", "replay", "export #x"] {
        let r = s.handle(&ctx("carol"), line);
        assert_eq!(r.kind, ReplyKind::Refused, "{line}: {}", r.text.en());
        assert!(r.files.is_empty());
    }
    assert!(s.store().game(1).expect("reads").is_none());
}
