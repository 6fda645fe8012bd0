//! Hostile input in CI: the four fuzz targets' entry points ([`skald_session::fuzzing`]: command
//! parser, move notation, position strings, stored-game decoder) over random input from
//! proptest, both arbitrary bytes and near-valid input (real notation, real stored games,
//! mutated). The long runs are cargo-fuzz's (see `fuzz/README.md`).

use proptest::prelude::*;
use proptest::sample::select;
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::{Match, RuleSetId, Viewer};
use skald_session::clock::FakeClock;
use skald_session::fuzzing;
use skald_session::store::SledStore;
use skald_session::{Context, Session, SessionConfig, User};
use std::sync::{Arc, OnceLock};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Full position strings of every rule set: the start and a few positions along a game.
fn notations() -> &'static Vec<(u8, String)> {
    static N: OnceLock<Vec<(u8, String)>> = OnceLock::new();
    N.get_or_init(|| {
        let mut out = Vec::new();
        for (i, rs) in RuleSetId::ALL.into_iter().enumerate() {
            let mut rng = StdRng::seed_from_u64(i as u64);
            let (mut m, _) = Match::new(rs, i as u64, &mut rng);
            for step in 0..40 {
                if step % 8 == 0 {
                    out.push((i as u8, m.position().to_notation(Viewer::Final)));
                }
                let Some(mv) = m.position().legal_moves().into_iter().last() else {
                    break;
                };
                if m.play(&mv, &mut rng).is_err() {
                    break;
                }
            }
        }
        out
    })
}

/// Stored game documents as the store writes them: one game of each rule set, a few moves in.
fn stored_games() -> &'static Vec<Vec<u8>> {
    static G: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    G.get_or_init(|| {
        let session = Session::new(
            Arc::new(SledStore::temporary().expect("a temporary store")),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            StdRng::seed_from_u64(3),
            SessionConfig::default().without_rate_limit(),
        )
        .expect("the session opens");
        let ctx = |n: &str| Context::private(User::new("console", n, n), "console", "console");
        let mut out = Vec::new();
        for rs in RuleSetId::ALL {
            let (a, b) = (format!("{}-a", rs.id()), format!("{}-b", rs.id()));
            session.handle(&ctx(&a), &format!("challenge {} @{b} first", rs.id()));
            session.handle(&ctx(&b), "accept");
            let id = session
                .store()
                .user_games(&skald_session::UserId::new("console", &a))
                .expect("reads")[0]
                .0;
            for _ in 0..6 {
                let g = session
                    .store()
                    .game(id)
                    .expect("reads")
                    .expect("exists")
                    .doc;
                let Ok(m) = g.live() else { break };
                let (Some(seat), Some(mv)) = (
                    m.position().status().seat(),
                    m.position().legal_moves().into_iter().next(),
                ) else {
                    break;
                };
                let who = g.players[seat.index()].id.id.clone();
                session.handle(&ctx(&who), &format!("move #{id} {mv}"));
            }
            let g = session
                .store()
                .game(id)
                .expect("reads")
                .expect("exists")
                .doc;
            let mut doc = g.clone();
            doc.id = 1;
            out.push(serde_json::to_vec(&doc).expect("encodes"));
        }
        out
    })
}

/// Random text with the characters notation and commands are made of, and some that are not.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-p][0-9]{1,2}[-x][a-p][0-9]{1,2}",
        "[0-9]{1,3}[ +/-][0-9]{1,3}",
        "#[0-9]{0,24}",
        "@[^ ]{0,12}",
        "days:-?[0-9]{0,12}",
        "[a-z!/?]{1,10}",
        ".{0,12}",
    ]
}

fn words() -> Vec<&'static str> {
    vec![
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move",
        "m",
        "board",
        "moves",
        "export",
        "replay",
        "resign",
        "abort",
        "draw",
        "takeback",
        "rematch",
        "arrange",
        "games",
        "history",
        "ladder",
        "rating",
        "rules",
        "vacation",
        "help",
        "!move",
        "/accept",
        "MOVE",
    ]
}

proptest! {
    #![proptest_config(config(10_000))]

    #[test]
    fn any_chat_line_parses_or_is_refused_with_a_reason(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        fuzzing::command_line(&bytes);
    }

    #[test]
    fn command_shaped_lines_parse_or_are_refused_with_a_reason(
        word in select(words()),
        args in prop::collection::vec(token(), 0..8),
    ) {
        let line = format!("{word} {}", args.join(" "));
        fuzzing::command_line(line.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(4_000))]

    #[test]
    fn any_move_text_is_played_or_refused_without_change(
        rs in any::<u8>(),
        depth in any::<u8>(),
        text in prop_oneof![token(), prop::collection::vec(token(), 1..4).prop_map(|t| t.join(" ")), ".{0,40}"],
    ) {
        let mut data = vec![rs, depth];
        data.extend_from_slice(text.as_bytes());
        fuzzing::move_text(&data);
    }

    #[test]
    fn any_bytes_as_move_text(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        fuzzing::move_text(&bytes);
    }

    #[test]
    fn any_bytes_as_a_position(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzzing::position_text(&bytes);
    }

    #[test]
    fn mutated_real_positions_parse_or_are_refused(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<char>(), 0u8..3), 1..4),
    ) {
        let (rs, text) = pick.get(notations());
        let mut chars: Vec<char> = text.chars().collect();
        for (at, c, how) in edits {
            if chars.is_empty() {
                break;
            }
            let i = at.index(chars.len());
            match how {
                0 => chars[i] = c,
                1 => { chars.remove(i); }
                _ => chars.truncate(i),
            }
        }
        let mut data = vec![*rs];
        data.extend_from_slice(chars.into_iter().collect::<String>().as_bytes());
        fuzzing::position_text(&data);
    }

    #[test]
    fn any_bytes_as_a_stored_game(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        fuzzing::stored_game(&bytes);
    }

    #[test]
    fn damaged_real_stored_games_are_errors_not_panics(
        pick in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        how in 0u8..2,
    ) {
        let mut bytes = pick.get(stored_games()).clone();
        let i = at.index(bytes.len());
        if how == 0 { bytes.truncate(i) } else { bytes[i] = byte }
        fuzzing::stored_game(&bytes);
    }

    #[test]
    fn real_stored_games_with_hostile_fields_are_errors_not_panics(
        pick in any::<prop::sample::Index>(),
        position in prop_oneof![".{0,60}", Just(String::new())],
        moves in prop::collection::vec(token(), 0..3),
        rolls in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..4), 0..2),
        start_cut in any::<prop::sample::Index>(),
    ) {
        let bytes = pick.get(stored_games());
        let mut doc: serde_json::Value = serde_json::from_slice(bytes).expect("json");
        if !position.is_empty() {
            doc["position"] = position.into();
        }
        let actions = doc["record"]["actions"].as_array_mut().expect("actions");
        for m in moves {
            actions.push(serde_json::json!({ "move": m }));
        }
        for r in rolls {
            actions.push(serde_json::json!({ "roll": r }));
        }
        if start_cut.index(4) == 0 {
            let start = doc["record"]["start"].as_str().unwrap_or("").to_string();
            let cut = start_cut.index(start.len().max(1));
            doc["record"]["start"] = start.get(..cut).unwrap_or("").into();
        }
        fuzzing::stored_game(&serde_json::to_vec(&doc).expect("json"));
    }
}

#[test]
fn the_real_inputs_are_accepted() {
    // The near-valid strategies start from input that is valid, so they reach deep.
    for (rs, text) in notations() {
        let rule_set = RuleSetId::ALL[usize::from(*rs)];
        assert!(
            skald_rules::Position::from_notation(rule_set, text).is_ok(),
            "{text}"
        );
    }
    for bytes in stored_games() {
        let doc = skald_session::damaged::decode_game(1, bytes).expect("decodes");
        assert!(doc.live().is_ok());
        assert!(doc.record.actions.len() >= 2, "moves were played");
    }
}

/// A session on `store` with a game of each rule set under way.
fn busy_on(store: Arc<dyn skald_session::store::Store>) -> Session {
    let session = Session::new(
        store,
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        StdRng::seed_from_u64(9),
        SessionConfig::default().without_rate_limit(),
    )
    .expect("the session opens");
    for (i, rs) in RuleSetId::ALL.into_iter().enumerate() {
        let ctx = |n: &str| Context::private(User::new("console", n, n), "console", "console");
        session.handle(
            &ctx(&format!("a{i}")),
            &format!("challenge {} @b{i}", rs.id()),
        );
        session.handle(&ctx(&format!("b{i}")), "accept");
    }
    session
}

/// One busy session on sled, shared by the cases below.
fn busy_session() -> &'static Session {
    static S: OnceLock<Session> = OnceLock::new();
    S.get_or_init(|| busy_on(Arc::new(SledStore::temporary().expect("a temporary store"))))
}

/// The same on PostgreSQL (a fresh schema of the test server).
fn busy_postgres() -> &'static Session {
    static S: OnceLock<Session> = OnceLock::new();
    S.get_or_init(|| busy_on(Arc::new(skald_store_pg::testkit::fresh_store("hostile"))))
}

fn export(session: &Session) -> Vec<u8> {
    let mut out = Vec::new();
    session.store().export(&mut out).expect("the export works");
    out
}

proptest! {
    #![proptest_config(config(1_500))]

    /// Hostile lines by players and strangers against live games: never a store failure,
    /// and a refusal changes nothing at all (the whole export is byte-identical).
    #[test]
    fn hostile_commands_on_live_games_are_refused_without_any_change(
        who in select(PLAYERS.to_vec()),
        word in select(words()),
        args in prop::collection::vec(prop_oneof![token(), "#[1-9]", "@[ab][0-5]"], 0..5),
    ) {
        hostile_line(busy_session(), who, word, &args)?;
    }
}

proptest! {
    // Each case is a few round trips to the server: fewer cases than on sled.
    #![proptest_config(config(300))]

    /// The same on PostgreSQL.
    #[test]
    fn hostile_commands_on_live_games_on_postgres_are_refused_without_any_change(
        who in select(PLAYERS.to_vec()),
        word in select(words()),
        args in prop::collection::vec(prop_oneof![token(), "#[1-9]", "@[ab][0-5]"], 0..5),
    ) {
        hostile_line(busy_postgres(), who, word, &args)?;
    }
}

/// Who sends the hostile lines: the players of the busy games, and a stranger.
const PLAYERS: [&str; 13] = [
    "a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5", "mallory",
];

/// One hostile line against a busy session: answered, never a failure, and a refusal
/// changes nothing.
fn hostile_line(
    session: &Session,
    who: &str,
    word: &str,
    args: &[String],
) -> Result<(), proptest::test_runner::TestCaseError> {
    let line = format!("{word} {}", args.join(" "));
    let before = export(session);
    let ctx = Context::private(User::new("console", who, who), "console", "console");
    let reply = session.handle(&ctx, &line);
    prop_assert_ne!(
        reply.kind,
        skald_session::ReplyKind::Failed,
        "{}: {}",
        line,
        reply.text.en()
    );
    prop_assert!(!reply.text.en().trim().is_empty(), "{}", line);
    if reply.kind == skald_session::ReplyKind::Refused {
        prop_assert!(
            export(session) == before,
            "{} was refused but changed the store",
            line
        );
    }
    Ok(())
}
