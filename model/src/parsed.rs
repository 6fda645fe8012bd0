//! Positions already read: a small memo of `Position::from_notation`, which is a pure
//! function of the rule set and the notation. Every command on a game reads its stored
//! position; for Hnefatafl that parse (the board and the history the repetition rule needs)
//! was about a quarter of the CPU of a move's acknowledgement. The position a command
//! writes is remembered as it is written, so the next command on that game finds it here.
//!
//! In memory only, bounded, and shared by the session's threads; a position found here is
//! exactly the one the notation would parse to, so nothing depends on whether it hits.

use skald_rules::{Position, RuleSetId, Viewer};
use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

/// How many positions are kept (a few per active game of a busy bot); the oldest go first.
const CAPACITY: usize = 512;

/// The memo: notation → position per rule set, with the insertion order for eviction.
#[derive(Default)]
struct Memo {
    map: HashMap<(RuleSetId, String), Position>,
    order: VecDeque<(RuleSetId, String)>,
}

static MEMO: Mutex<Option<Memo>> = Mutex::new(None);

/// The position `notation` describes, from the memo or parsed (and remembered).
pub fn position(
    rule_set: RuleSetId,
    notation: &str,
) -> Result<Position, skald_rules::PositionError> {
    let key = (rule_set, notation.to_string());
    if let Some(p) = with_memo(|m| m.map.get(&key).cloned()) {
        return Ok(p);
    }
    let parsed = Position::from_notation(rule_set, notation)?;
    remember_keyed(key, &parsed);
    Ok(parsed)
}

/// Remembers `position` under its full notation (returned), as a command writes it.
pub fn notation_of(position: &Position) -> String {
    let notation = position.to_notation(Viewer::Final);
    remember_keyed((position.rule_set(), notation.clone()), position);
    notation
}

fn remember_keyed(key: (RuleSetId, String), position: &Position) {
    with_memo(|m| {
        if m.map.contains_key(&key) {
            return;
        }
        while m.order.len() >= CAPACITY {
            if let Some(old) = m.order.pop_front() {
                m.map.remove(&old);
            }
        }
        m.order.push_back(key.clone());
        m.map.insert(key, position.clone());
    });
}

fn with_memo<T>(f: impl FnOnce(&mut Memo) -> T) -> T {
    let mut guard = MEMO.lock().unwrap_or_else(PoisonError::into_inner);
    f(guard.get_or_insert_with(Memo::default))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::RuleSetId;

    #[test]
    fn a_remembered_position_is_the_one_the_notation_parses_to() {
        for rs in RuleSetId::ALL {
            let start = Position::start(rs, 3);
            let text = notation_of(&start);
            let again = position(rs, &text).expect("reads back");
            assert_eq!(again, start);
            assert_eq!(again, Position::from_notation(rs, &text).expect("parses"));
        }
        assert!(position(RuleSetId::Hnefatafl, "not a position").is_err());
    }

    #[test]
    fn the_memo_stays_bounded() {
        let rs = RuleSetId::Hnefatafl;
        let mut p = Position::start(rs, 1);
        for _ in 0..(CAPACITY + 40) {
            let Some(mv) = p.legal_moves().into_iter().next() else {
                break;
            };
            p.play(&mv.to_string()).expect("legal");
            let _ = notation_of(&p);
        }
        assert!(with_memo(
            |m| m.map.len() <= CAPACITY && m.order.len() == m.map.len()
        ));
    }
}
