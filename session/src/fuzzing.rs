//! Entry points for hostile input: the four places where bytes from outside meet Skald's
//! parsers. The cargo-fuzz targets in `fuzz/` call them with libFuzzer's inputs, and
//! `session/tests/it/hostile_input.rs` calls them with proptest's in CI, so both exercise exactly
//! the same code. Each one must return normally for any input; the assertions inside are
//! the promises that hold for every input (an error always says something, what was
//! accepted reads back the same), so a panic here is a bug found.

use crate::command;
use crate::damaged::decode_game;
use crate::messages::move_list;
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{Match, Position, RuleSetId, Viewer};

/// The rule set a fuzz input's first byte picks.
fn rule_set_of(byte: u8) -> RuleSetId {
    RuleSetId::ALL[usize::from(byte) % RuleSetId::ALL.len()]
}

/// A chat line, as any adapter would pass it to the command parser.
pub fn command_line(data: &[u8]) {
    let line = String::from_utf8_lossy(data);
    if let Err(e) = command::parse(&line) {
        for lang in crate::Lang::ALL {
            let said = e.message.render(lang);
            assert!(!said.trim().is_empty(), "a refusal says what is wrong");
        }
    }
}

/// Move text typed by a player, tried on a position reached by a few legal moves. The first
/// byte picks the rule set, the second how many moves to play first, the rest is the text.
pub fn move_text(data: &[u8]) {
    let [rs, depth, text @ ..] = data else {
        return;
    };
    let mut rng = StdRng::seed_from_u64(u64::from(*depth));
    let (mut m, _) = Match::new(rule_set_of(*rs), u64::from(*rs), &mut rng);
    for _ in 0..*depth % 16 {
        let Some(mv) = m.position().legal_moves().into_iter().next() else {
            break;
        };
        if m.play(&mv, &mut rng).is_err() {
            panic!("a legal move is playable: {mv}");
        }
    }
    let text = String::from_utf8_lossy(text);
    let before = m.position().clone();
    match m.position().canonical_move(&text) {
        Ok(canonical) => {
            // The canonical form reads back as itself.
            assert_eq!(
                m.position().canonical_move(&canonical).as_deref(),
                Ok(canonical.as_str()),
                "canonical form of {text:?}"
            );
        }
        Err(e) => assert!(!e.to_string().trim().is_empty()),
    }
    let mut position = before.clone();
    if let Err(e) = position.play(&text) {
        assert!(!e.to_string().trim().is_empty());
        assert_eq!(position, before, "a refused move changes nothing");
    }
}

/// A position string (from the store, or `skald render`): the first byte picks the rule
/// set, the rest is the text. What parses must show, list its moves, and read back the same.
pub fn position_text(data: &[u8]) {
    let [rs, text @ ..] = data else {
        return;
    };
    let rule_set = rule_set_of(*rs);
    let text = String::from_utf8_lossy(text);
    let Ok(position) = Position::from_notation(rule_set, &text) else {
        return;
    };
    exercise_position(&position);
}

/// Everything the bot does with a position it accepted; the full notation reads back.
fn exercise_position(position: &Position) {
    for viewer in [
        Viewer::Public,
        Viewer::Final,
        Viewer::Seat(skald_rules::Seat::A),
        Viewer::Seat(skald_rules::Seat::B),
    ] {
        let _ = skald_lang::text_board(position, viewer).en();
        let _ = position.to_notation(viewer);
    }
    let _ = position.status();
    let full = position.to_notation(Viewer::Final);
    let again = Position::from_notation(position.rule_set(), &full)
        .unwrap_or_else(|e| panic!("the bot's own notation reads back: {full:?}: {e}"));
    assert_eq!(
        again.to_notation(Viewer::Final),
        full,
        "notation round trip"
    );
    for mv in position.legal_moves().into_iter().take(8) {
        let mut next = position.clone();
        if let Err(e) = next.play(&mv) {
            panic!("legal move {mv} of {full:?} is refused: {e}");
        }
    }
}

/// The bytes stored for a game: decoded as the store does, then shown and replayed as the
/// session does. A damaged document must be an error, never a panic.
pub fn stored_game(data: &[u8]) {
    let Ok(doc) = decode_game(1, data) else {
        return;
    };
    let _ = doc.title();
    let _ = doc.result_text();
    let _ = doc.wake();
    let _ = move_list(&doc.record, &|s| doc.label(s));
    if let Ok(m) = doc.live() {
        let _ = doc.board(m.position(), Vec::new(), crate::clock::Timestamp(0));
        exercise_position(m.position());
    }
    let _ = Match::from_record(doc.record.clone());
}
