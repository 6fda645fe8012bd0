//! A stored game as an OpenTafl notation record, and an OTN record as a game to store: what
//! `skald export --format otn` writes and `skald import FILE.otn` keeps (`docs/NOTATION.md`, "OpenTafl
//! notation"). Only Copenhagen and Brandubh games have one.

use super::{GameDoc, GameResult};
use crate::clock::Timestamp;
use crate::identity::{ChannelId, CommunityId, User};
use skald_rules::tafl::Variant;
use skald_rules::tafl::otn::{OtnGame, OtnResult, OtnTags};
use skald_rules::{Action, Match, Position, RECORD_FORMAT, Record, RuleSetId, Seat, Viewer};

/// The platform of the players an imported record names who are not Skald accounts: they
/// are shown by name and never pinged.
pub const IMPORTED_PLATFORM: &str = "otn";

/// The OTN rule set of a Skald rule set, for the tafl games that have one.
pub fn variant_of(rule_set: RuleSetId) -> Option<Variant> {
    match rule_set {
        RuleSetId::Copenhagen => Some(Variant::Copenhagen),
        RuleSetId::Brandubh => Some(Variant::Brandubh),
        _ => None,
    }
}

/// The Skald rule set an OTN record is played under.
pub fn rule_set_of(variant: Variant) -> RuleSetId {
    match variant {
        Variant::Copenhagen => RuleSetId::Copenhagen,
        Variant::Brandubh => RuleSetId::Brandubh,
    }
}

/// `g` as an OTN game: its players' names, the day it started, its result and moves;
/// `termination` (how it ended, in the reader's words) as the caller words it. `None` for a
/// rule set OTN does not write, or a stored move that does not read.
pub fn otn_of(g: &GameDoc, termination: Option<String>) -> Option<OtnGame> {
    let variant = variant_of(g.rule_set())?;
    let start = skald_rules::tafl::Tafl::new(variant);
    let moves = g
        .record
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Move(text) => Some(start.parse_move(text).ok()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let [attackers, defenders] = g.names();
    Some(OtnGame {
        variant,
        tags: OtnTags {
            attackers: Some(attackers),
            defenders: Some(defenders),
            date: Some(g.started.date().replace('-', ".")),
            site: Some("Skald".to_string()),
            result: Some(OtnResult::of_winner(
                g.end.as_ref().and_then(|e| e.result.winner()),
            )),
            termination,
            ..OtnTags::default()
        },
        moves,
    })
}

/// An OTN game as a new game document numbered `id`, between `players` (attackers first),
/// kept in `community` and `channel`, stored at `now` (started on the record's date, when it
/// has one): finished when the rules ended it or
/// the record states a result (a winner the rules did not make resigned: OTN does not say
/// how; a draw was agreed), else going on, its turn started at `now`. The record's moves
/// were replayed when it was read; they are replayed again here into Skald's own record.
pub fn doc_of(
    otn: &OtnGame,
    id: u64,
    players: [User; 2],
    (community, channel): (CommunityId, ChannelId),
    now: Timestamp,
) -> Result<GameDoc, String> {
    let rule_set = rule_set_of(otn.variant);
    let record = Record {
        format: RECORD_FORMAT,
        rule_set,
        seed: 0,
        start: Position::start(rule_set, 0).to_notation(Viewer::Final),
        actions: otn
            .moves
            .iter()
            .map(|mv| Action::Move(mv.to_string()))
            .collect(),
    };
    let m = Match::from_record(record).map_err(|e| e.to_string())?;
    let mut doc = GameDoc::new(id, community, channel, players, (false, 3, None), &m, now);
    // The day it was played, when the record says it (`2015.01.07`).
    if let Some(day) = otn.tags.date.as_deref().map(|d| d.trim().replace('.', "-"))
        && let Ok(started) = Timestamp::parse(&day)
        && started.0 <= now.0
    {
        doc.started = started;
    }
    let ruled = m.position().status().outcome();
    let result = match (ruled, otn.tags.result) {
        (Some(outcome), _) => Some(GameResult::Rules(outcome)),
        (None, Some(OtnResult::Attackers)) => Some(GameResult::Resigned(Seat::B)),
        (None, Some(OtnResult::Defenders)) => Some(GameResult::Resigned(Seat::A)),
        (None, Some(OtnResult::Draw)) => Some(GameResult::DrawAgreed),
        (None, Some(OtnResult::Unknown) | None) => None,
    };
    match result {
        Some(result) => doc.finish(result, now),
        None => {
            let seat = match m.position().status() {
                skald_rules::Status::Move { seat } => seat,
                _ => Seat::A,
            };
            doc.start_turn(seat, now, None, &[]);
        }
    }
    Ok(doc)
}
