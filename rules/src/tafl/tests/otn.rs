//! OpenTafl notation records: written and read back (the tafl community's games of
//! `shared/tafl-records` and random games), read the way OpenTafl writes them (tags,
//! commentary, piece letters), and refused, with the line and the move, when they do not fit.

use super::records::read_records;
use super::*;
use crate::tafl::otn::{OtnGame, OtnProblem, OtnResult, OtnTags, read, rules_string, write};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;

/// Moves from their text, for the examples.
fn moves(variant: Variant, text: &str) -> Vec<Move> {
    let game = Tafl::new(variant);
    text.split_whitespace()
        .map(|m| game.parse_move(m).expect("an example move"))
        .collect()
}

/// A game of `variant` with `moves` and no tags.
fn game(variant: Variant, moves: Vec<Move>) -> OtnGame {
    OtnGame {
        variant,
        tags: OtnTags::default(),
        moves,
    }
}

/// The positions a list of moves passes through, the start included.
fn positions(variant: Variant, moves: &[Move]) -> Vec<Tafl> {
    let mut game = Tafl::new(variant);
    let mut out = vec![game.clone()];
    for &mv in moves {
        game.play(mv).expect("a legal move");
        out.push(game.clone());
    }
    out
}

/// The problem and line a record is refused with.
fn refusal(text: &str) -> (usize, OtnProblem) {
    let e = read(text).expect_err("the record should be refused");
    (e.line, e.problem)
}

/// The Copenhagen header Skald writes, for the refusal examples.
fn copenhagen_header() -> String {
    format!("[rules:{}]\n\n", rules_string(Variant::Copenhagen))
}

#[test]
fn a_copenhagen_game_is_written_with_its_tags_rules_and_captures() {
    let mut g = game(
        Variant::Copenhagen,
        moves(Variant::Copenhagen, "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3"),
    );
    g.tags = OtnTags {
        attackers: Some("alice".into()),
        defenders: Some("bob [the] great".into()),
        date: Some("2026.01.04".into()),
        result: Some(OtnResult::Unknown),
        ..OtnTags::default()
    };
    let text = write(&g).expect("legal moves");
    assert_eq!(
        text,
        "[date:2026.01.04]\n[attackers:alice]\n[defenders:bob (the) great]\n[result:?]\n\
         [compiler:Skald]\n\
         [rules:dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\n\
         1. d1-d3 e5-e2\n2. g1-g3 f4-c4\n3. g3-e3xe2\n"
    );
    let back = read(&text).expect("Skald reads what it writes");
    assert_eq!(back.moves, g.moves);
    assert_eq!(back.tags.defenders.as_deref(), Some("bob (the) great"));
    assert_eq!(back.variant, Variant::Copenhagen);
}

#[test]
fn brandubh_is_written_with_its_own_rules_string_and_start() {
    assert_eq!(
        rules_string(Variant::Brandubh),
        "dim:7 name:Brandubh atkf:y ks:n tfr:d start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    );
    let text = write(&game(Variant::Brandubh, Vec::new())).expect("no move");
    assert_eq!(read(&text).map(|g| g.variant), Ok(Variant::Brandubh));
}

/// The first random game of `variant` (seeds 0, 1, …) that ends by `ending`.
fn game_ending(variant: Variant, ending: Ending) -> Vec<Move> {
    (0..2000)
        .map(|seed| random_moves(variant, seed, 400))
        .find(|m| {
            positions(variant, m)
                .pop()
                .and_then(|p| p.finish())
                .map(|f| f.ending)
                == Some(ending)
        })
        .expect("some random game ends so")
}

#[test]
fn the_king_is_lettered_and_his_capture_and_escape_are_marked() {
    for (ending, mark) in [(Ending::KingCaptured, "++"), (Ending::KingEscaped, "--")] {
        let moves = game_ending(Variant::Brandubh, ending);
        let text = write(&game(Variant::Brandubh, moves.clone())).expect("legal");
        let last = text.lines().last().unwrap_or_default();
        assert!(last.ends_with(mark), "{ending:?} marked {mark}: {last}");
        assert_eq!(last.matches(mark).count(), 1, "{last}");
        assert_eq!(text.matches(mark).count(), 1, "only the last move:\n{text}");
        // Every king move, and only those, carries the K.
        let mut position = Tafl::new(Variant::Brandubh);
        let records: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .flat_map(|l| l.split_whitespace().skip(1))
            .collect();
        for (&mv, record) in moves.iter().zip(&records) {
            let king = position.piece_at(mv.from) == Some(Piece::King);
            assert_eq!(record.starts_with('K'), king, "{record}");
            position.play(mv).expect("legal");
        }
        assert_eq!(read(&text).map(|g| g.moves), Ok(moves));
    }
}

#[test]
fn a_record_as_opentafl_writes_it_is_read_with_its_players_and_result() {
    // The header and commentary OpenTafl writes ([key:value] tags, the rules as a tag with a
    // name: entry, commentary in [first|second] blocks over several lines), and captures
    // in both spellings: OTN's xa/b and aagenielsen.dk's xaxb.
    let text = "[date:2015.01.07]\n[event:A club evening]\n[site:aagenielsen.dk]\n\
                [result:?]\n[attackers:Tim]\n[defenders:Ann]\n[termination:unfinished]\n\
                [compiler:Someone]\n\
                [rules:dim:11 name:Copenhagen atkf:y sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
                t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\
                [start-comment:A game.\n\nOn two lines.]\n\n\
                1. d1-d3 e5-e2\n[A first move.|An answer\nover two lines.]\n\n\
                2. g1-g3 f4-c4\n[|]\n\n\
                2a.1.1a. h1-h3 c4-c2\n[|]\n\n\
                3. g3-e3xe2\n";
    let g = read(text).expect("an OpenTafl record");
    assert_eq!(g.tags.attackers.as_deref(), Some("Tim"));
    assert_eq!(g.tags.defenders.as_deref(), Some("Ann"));
    assert_eq!(g.tags.date.as_deref(), Some("2015.01.07"));
    assert_eq!(g.tags.result, Some(OtnResult::Unknown));
    assert_eq!(
        g.moves,
        moves(Variant::Copenhagen, "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3"),
        "the variation 2a.1.1a. is passed over"
    );
    // The bare rules line of the specification and aagenielsen's xaxb captures.
    let bare = "dim:11 atkf:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/\n\
                1. d1-d3 e5-e2\n2. g1-g3 f4-c4\n3. g3-e3xe2\n";
    assert_eq!(read(bare).map(|g| g.moves), Ok(g.moves));
}

#[test]
fn bad_records_are_refused_with_the_line_and_the_move() {
    let h = copenhagen_header();
    // An illegal move: the line (header 1, blank 2, turns from 3) and the move.
    let (line, problem) = refusal(&format!("{h}1. d1-d3 e5-e2\n2. d3-e4 f4-c4\n"));
    assert_eq!(line, 4);
    assert!(
        matches!(&problem, OtnProblem::Illegal { mv, .. } if mv == "d3-e4"),
        "{problem}"
    );
    let text = read(&format!("{h}1. d1-d3 e5-e2\n2. d3-e4 f4-c4\n"))
        .expect_err("refused")
        .to_string();
    assert!(text.starts_with("line 4: move d3-e4: "), "{text}");
    // A capture the rules do not make.
    let (line, problem) = refusal(&format!("{h}1. d1-d3xe2 e5-e2\n"));
    assert_eq!(line, 3);
    assert_eq!(
        problem,
        OtnProblem::Captures {
            mv: "d1-d3xe2".into(),
            listed: "e2".into(),
            made: "nothing".into()
        }
    );
    // A capture the rules make but the record leaves out is fine (the rules decide); one
    // marked wrongly is not.
    assert!(read(&format!("{h}1. d1-d3 e5-e2\n2. g1-g3 f4-c4\n3. g3-e3\n")).is_ok());
    let (_, problem) = refusal(&format!("{h}1. d1-d3 e5-e2\n2. g1-g3 f4-c4\n3. g3-e3xe4\n"));
    assert!(matches!(problem, OtnProblem::Captures { .. }), "{problem}");
    // A mark the move does not earn, and a piece letter that is not the piece.
    let (_, problem) = refusal(&format!("{h}1. d1-d3++\n"));
    assert!(matches!(problem, OtnProblem::Mark { .. }), "{problem}");
    let (_, problem) = refusal(&format!("{h}1. Kd1-d3\n"));
    assert!(
        matches!(problem, OtnProblem::WrongPiece { letter: 'K', .. }),
        "{problem}"
    );
    // Unreadable moves and turns, turns out of order, a half turn that is not the last.
    assert_eq!(
        refusal(&format!("{h}1. d1d3\n")),
        (3, OtnProblem::BadMove("d1d3".into()))
    );
    assert_eq!(refusal(&format!("{h}1. d1-d3 e5-e2 a4-a3\n")).0, 3);
    assert_eq!(
        refusal(&format!("{h}2. d1-d3 e5-e2\n")),
        (
            3,
            OtnProblem::TurnOrder {
                expected: 1,
                found: "2".into()
            }
        )
    );
    assert_eq!(
        refusal(&format!("{h}1. d1-d3\n2. e5-e2\n")),
        (4, OtnProblem::HalfTurn(1))
    );
    assert_eq!(
        refusal(&format!("{h}hello\n")),
        (3, OtnProblem::BadTurn("hello".into()))
    );
    // A result tag none of the four codes, or not the rules' end.
    assert_eq!(
        refusal(&format!("[result:1-0]\n{h}")),
        (1, OtnProblem::BadResult("1-0".into()))
    );
    let escaped_moves = game_ending(Variant::Brandubh, Ending::KingEscaped);
    let escaped = write(&game(Variant::Brandubh, escaped_moves)).expect("legal");
    let (line, problem) = refusal(&format!("[result:1]\n{escaped}"));
    assert_eq!(line, 0);
    assert!(
        matches!(problem, OtnProblem::Result { tag: "1", .. }),
        "{problem}"
    );
    // A move after the end.
    // (The king escapes on a defenders' move, the second of its turn.)
    let turns = escaped
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    let after = format!("{escaped}{}. a4-a5\n", turns + 1);
    let (_, problem) = refusal(&after);
    assert!(matches!(problem, OtnProblem::AfterEnd { .. }), "{problem}");
    // An unclosed tag.
    assert_eq!(refusal("[date:2020.01.01\n"), (1, OtnProblem::Unclosed));
}

#[test]
fn rules_strings_of_other_games_are_refused_and_kin_ones_read() {
    let start11 = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    let turn = "\n1. d1-d3\n";
    let with = |rules: &str| read(&format!("[rules:{rules}]{turn}"));
    assert_eq!(with("").map_err(|e| e.problem), Err(OtnProblem::NoSize));
    assert_eq!(
        with("dim:11").map_err(|e| e.problem),
        Err(OtnProblem::NoStart)
    );
    assert_eq!(
        with(&format!("dim:11 atkf:n start:{start11}")).map_err(|e| e.problem),
        Err(OtnProblem::DefendersFirst)
    );
    assert_eq!(
        with(&format!("dim:11 esc:e start:{start11}")).map_err(|e| e.problem),
        Err(OtnProblem::EdgeEscape)
    );
    assert_eq!(
        with("dim:9 start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")
            .map_err(|e| e.problem),
        Err(OtnProblem::UnknownRules)
    );
    // OpenTafl's Brandubh strings (a weak king, a strong one near the throne) and one written
    // from rank 1 up (starti:) are all Brandubh's board and start.
    for rules in [
        "dim:7 name:Brandub ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "dim:7 name:Brandub_Strong_Center_King surf:n atkf:y ks:c nj:n cj:n cenh: cenhe: \
         start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "dim:7 starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ] {
        assert_eq!(
            read(&format!("[rules:{rules}]\n1. d2-e2\n")).map(|g| g.variant),
            Ok(Variant::Brandubh),
            "{rules}"
        );
    }
    // A game from another position.
    let h = copenhagen_header();
    let (line, problem) = refusal(&format!(
        "/11/11/11/11/11/5K5/11/11/4t6/2tt7/1tTT7/\n{h}1. d1-d3\n"
    ));
    assert_eq!((line, problem), (4, OtnProblem::OtherStart));
    // Nothing at all.
    assert_eq!(refusal(""), (0, OtnProblem::NoRules));
}

/// The moves and captures of one line of a records file, cut where Skald's rules end the
/// game (the README's games that go on past a third repetition).
fn record_moves(variant: Variant, line: &str) -> (Vec<Move>, Vec<BTreeSet<String>>) {
    let mut game = Tafl::new(variant);
    let (mut moves, mut captures) = (Vec::new(), Vec::new());
    let field = line.split(',').next().unwrap_or_default();
    for token in field.split_whitespace() {
        if token == "timeout" || game.finish().is_some() {
            break;
        }
        let mut parts = token.split('x');
        let mv = game
            .parse_move(parts.next().unwrap_or_default())
            .expect("the records' moves read");
        game.play(mv).expect("the records' moves are legal");
        moves.push(mv);
        captures.push(parts.map(str::to_string).collect());
    }
    (moves, captures)
}

/// Every game of a records file: written as OTN with the captures the record lists, and read
/// back to the same moves; the record's own spelling of captures (`xe2xe3`) read too.
fn round_trip_file(variant: Variant, file: &str, least: usize) {
    let text = read_records(file);
    let mut games = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (moves, captures) = record_moves(variant, line);
        let g = game(variant, moves.clone());
        let otn = write(&g).unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
        let written: Vec<BTreeSet<String>> = otn
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .flat_map(|l| {
                l.split_whitespace()
                    .skip(1)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .map(|m| {
                let m = m.trim_end_matches(['+', '-']);
                m.split_once('x')
                    .map(|(_, caps)| caps.split('/').map(str::to_string).collect())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(written, captures, "line {}: captures\n{otn}", index + 1);
        let back = read(&otn).unwrap_or_else(|e| panic!("line {}: {e}\n{otn}", index + 1));
        assert_eq!(back.moves, moves, "line {}", index + 1);
        // The record's own capture spelling, turned into OTN turns as it stands.
        let field = line.split(',').next().unwrap_or_default();
        let tokens: Vec<&str> = field.split_whitespace().take(moves.len()).collect();
        let mut own = format!("[rules:{}]\n", rules_string(variant));
        for (n, pair) in tokens.chunks(2).enumerate() {
            own.push_str(&format!("{}. {}\n", n + 1, pair.join(" ")));
        }
        assert_eq!(read(&own).map(|g| g.moves), Ok(moves), "line {}", index + 1);
        games += 1;
    }
    assert!(games >= least, "{file}: only {games} games");
}

#[test]
fn every_copenhagen_record_round_trips_through_otn() {
    round_trip_file(Variant::Copenhagen, "copenhagen.csv", 1752);
}

#[test]
fn every_brandubh_record_round_trips_through_otn() {
    round_trip_file(Variant::Brandubh, "brandubh.csv", 525);
}

/// A random legal game of `variant` from `seed`, at most `limit` plies.
fn random_moves(variant: Variant, seed: u64, limit: u32) -> Vec<Move> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Tafl::new(variant);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while game.finish().is_none() && game.ply() < limit {
        game.legal_moves_into(&mut legal);
        let mv = legal[rng.random_range(0..legal.len())];
        game.play(mv).expect("a listed move is legal");
        out.push(mv);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random legal games -> OTN -> read: the same moves, so the same positions, and the
    /// same end.
    #[test]
    fn random_games_round_trip_through_otn(
        seed in any::<u64>(),
        brandubh in any::<bool>(),
        limit in 0u32..400,
    ) {
        let variant = if brandubh { Variant::Brandubh } else { Variant::Copenhagen };
        let moves = random_moves(variant, seed, limit);
        let g = game(variant, moves.clone());
        let text = write(&g).expect("legal moves");
        let back = read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.variant, variant);
        prop_assert_eq!(&back.moves, &moves);
        prop_assert_eq!(positions(variant, &back.moves), positions(variant, &moves));
    }
}
