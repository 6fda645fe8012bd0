//! The rules' words: every refusal, error, seat, rule set and end of game renders in every
//! language, and English says exactly what the rules' own texts say.

use super::*;
use crate::Lang;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use skald_rules::{Position, Status};

/// One sample of every [`Refusal`] variant (some twice, for their other wordings).
fn refusals() -> Vec<Refusal> {
    let s = |x: &str| x.to_string();
    vec![
        Refusal::OffBoard {
            square: s("m12"),
            size: 11,
        },
        Refusal::NoPiece { square: s("c4") },
        Refusal::TaflNotYours {
            square: s("f6"),
            owner: Seat::B,
        },
        Refusal::TaflNotYours {
            square: s("a4"),
            owner: Seat::A,
        },
        Refusal::TaflStandStill,
        Refusal::TaflNotStraight,
        Refusal::PathBlocked { square: s("f4") },
        Refusal::Occupied { square: s("e5") },
        Refusal::ThroneForKing { square: s("f6") },
        Refusal::CornerForKing { square: s("a1") },
        Refusal::MoveLimit,
        Refusal::CellsOffBoard,
        Refusal::SubulataNotYours {
            square: s("e5"),
            owner: Seat::B,
        },
        Refusal::SubulataNotYours {
            square: s("a1"),
            owner: Seat::A,
        },
        Refusal::SubulataStandStill,
        Refusal::Diagonal,
        Refusal::WrongDistance {
            square: s("a1"),
            terrain: Terrain::Flower,
            reach: vec![s("c1"), s("a3")],
        },
        Refusal::WrongDistance {
            square: s("b1"),
            terrain: Terrain::Water,
            reach: vec![],
        },
        Refusal::WrongDistance {
            square: s("b2"),
            terrain: Terrain::Leaf,
            reach: vec![s("e2"), s("b5"), s("a2")],
        },
        Refusal::OwnPieceThere { square: s("c1") },
        Refusal::BackwardOnlyToCapture {
            seat: Seat::A,
            square: s("c5"),
        },
        Refusal::BackwardOnlyToCapture {
            seat: Seat::B,
            square: s("e7"),
        },
        Refusal::NoSuchPoint { point: 0 },
        Refusal::NoSuchStep {
            die: 3,
            left: vec![6, 6],
        },
        Refusal::NoPieceOnPoint {
            point: 9,
            owner: None,
        },
        Refusal::NoPieceOnPoint {
            point: 13,
            owner: Some(Seat::B),
        },
        Refusal::OwnPieceOnPoint { point: 7 },
        Refusal::Protected { point: 12 },
        Refusal::HornaskellaOffCorner { point: 16 },
        Refusal::MoreStepsPossible {
            playable: vec![s("13+1"), s("5+6")],
        },
        Refusal::NoSuchDie {
            die: 4,
            left: vec![1, 3],
        },
        Refusal::NoPeg {
            hole: s("w3"),
            opponents: false,
        },
        Refusal::NoPeg {
            hole: s("b3"),
            opponents: true,
        },
        Refusal::InactivePeg { hole: s("w5") },
        Refusal::NotNearestStern { hole: s("w12") },
        Refusal::OwnPegOnPath { hole: s("m10") },
        Refusal::OwnPegOnTarget { hole: s("m9") },
        Refusal::BothDicePossible {
            playable: vec![s("w12+1")],
        },
    ]
}

/// The variant's number; the match fails to compile when a variant is added, so the samples
/// above must follow.
fn variant(r: &Refusal) -> usize {
    match r {
        Refusal::OffBoard { .. } => 0,
        Refusal::NoPiece { .. } => 1,
        Refusal::TaflNotYours { .. } => 2,
        Refusal::TaflStandStill => 3,
        Refusal::TaflNotStraight => 4,
        Refusal::PathBlocked { .. } => 5,
        Refusal::Occupied { .. } => 6,
        Refusal::ThroneForKing { .. } => 7,
        Refusal::CornerForKing { .. } => 8,
        Refusal::MoveLimit => 9,
        Refusal::CellsOffBoard => 10,
        Refusal::SubulataNotYours { .. } => 11,
        Refusal::SubulataStandStill => 12,
        Refusal::Diagonal => 13,
        Refusal::WrongDistance { .. } => 14,
        Refusal::OwnPieceThere { .. } => 15,
        Refusal::BackwardOnlyToCapture { .. } => 16,
        Refusal::NoSuchPoint { .. } => 17,
        Refusal::NoSuchStep { .. } => 18,
        Refusal::NoPieceOnPoint { .. } => 19,
        Refusal::OwnPieceOnPoint { .. } => 20,
        Refusal::Protected { .. } => 21,
        Refusal::HornaskellaOffCorner { .. } => 22,
        Refusal::MoreStepsPossible { .. } => 23,
        Refusal::NoSuchDie { .. } => 24,
        Refusal::NoPeg { .. } => 25,
        Refusal::InactivePeg { .. } => 26,
        Refusal::NotNearestStern { .. } => 27,
        Refusal::OwnPegOnPath { .. } => 28,
        Refusal::OwnPegOnTarget { .. } => 29,
        Refusal::BothDicePossible { .. } => 30,
    }
}

/// Every error a move, a roll or an arrangement can get, one sample each at least.
fn errors() -> Vec<(Text, String)> {
    let mut out = Vec::new();
    for r in refusals() {
        let e = MoveError::Illegal {
            mv: "f2-f5".into(),
            reason: r.clone(),
        };
        out.push((refusal(&r), r.to_string()));
        out.push((move_error(&e), e.to_string()));
    }
    let expectations = [
        Expected::Slide { size: 11 },
        Expected::Slide { size: 13 },
        Expected::SubulataMove,
        Expected::AdeltaStep,
        Expected::DaldosaStep,
    ];
    for e in expectations {
        // The rules name a rule set by its id; players read its name (only lang has it).
        let named = match &e {
            Expected::MoveOf(r) => Some((r.id(), rule_set_name(*r).en())),
            _ => None,
        };
        let err = MoveError::Syntax {
            input: "zz9".into(),
            expected: e,
        };
        let english = match named {
            Some((id, name)) => err.to_string().replace(id, &name),
            None => err.to_string(),
        };
        out.push((move_error(&err), english));
    }
    for e in [MoveError::GameOver, MoveError::RollPending] {
        out.push((move_error(&e), e.to_string()));
    }
    for e in [
        RollError::NotExpected,
        RollError::Invalid {
            count: 2,
            sides: 4,
            got: vec![1, 7],
        },
        RollError::Invalid {
            count: 1,
            sides: 6,
            got: vec![],
        },
    ] {
        out.push((roll_error(&e), e.to_string()));
    }
    for e in [
        ArrangeError::NotSupported,
        ArrangeError::BadValues([1, 1, 2, 3, 4, 5, 6, 7, 8]),
        ArrangeError::Locked,
        ArrangeError::GameOver,
    ] {
        out.push((arrange_error(&e), e.to_string()));
    }
    out
}

/// French that is not English, with no message id or Fluent error left in it.
fn assert_french(text: &Text, english: &str) {
    let fr = text.render(Lang::Fr);
    assert!(!fr.is_empty(), "{english}");
    assert!(!fr.contains("rules-") && !fr.contains('{'), "{fr}");
    assert_ne!(fr, english, "not translated: {english}");
}

#[test]
fn every_refusal_is_covered() {
    let seen: std::collections::BTreeSet<usize> = refusals().iter().map(variant).collect();
    assert_eq!(seen, (0..=30).collect());
}

#[test]
fn errors_read_in_english_as_the_rules_write_them_and_in_french() {
    for (text, english) in errors() {
        assert_eq!(text.en(), english);
        assert_french(&text, &english);
    }
    // A move of another game names that game as players know it (the rules' own English
    // names it by id).
    let foreign = MoveError::Syntax {
        input: "zz9".into(),
        expected: Expected::MoveOf(RuleSetId::Copenhagen),
    };
    assert_eq!(
        move_error(&foreign).en(),
        "'zz9' is not a move: expected a move of Copenhagen Hnefatafl"
    );
    assert_french(&move_error(&foreign), "");
    let e = refusal(&Refusal::WrongDistance {
        square: "b2".into(),
        terrain: Terrain::Leaf,
        reach: vec!["e2".into(), "b5".into()],
    });
    assert_eq!(
        e.render(Lang::Fr),
        "la subulata en b2 est sur une feuille et avance d'exactement 3 cases\u{a0}; elle peut \
         aller en e2 ou b5"
    );
    let e = refusal(&Refusal::WrongDistance {
        square: "b1".into(),
        terrain: Terrain::Water,
        reach: vec![],
    });
    assert!(
        e.render(Lang::Fr)
            .contains("dans l'eau et avance d'exactement 1 case\u{a0};")
    );
}

#[test]
fn refusals_of_real_moves_read_as_the_rules_write_them() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x1a26);
    let mut kinds = std::collections::BTreeSet::new();
    for rule_set in RuleSetId::ALL {
        for seed in 0..6 {
            let mut p = Position::start(rule_set, seed);
            for _ in 0..60 {
                if let Status::Roll { .. } = p.status() {
                    p.roll_while_needed(&mut rng);
                }
                // Tries moves made of random cells and dice: most are refused.
                for _ in 0..30 {
                    let text = random_move(rule_set, &mut rng);
                    if let Err(e) = p.clone().play(&text) {
                        if let MoveError::Illegal { reason, .. } = &e {
                            kinds.insert(variant(reason));
                        }
                        let text = move_error(&e);
                        assert_eq!(text.en(), e.to_string());
                        let _ = text.render(Lang::Fr);
                    }
                }
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = &legal[rng.random_range(0..legal.len())];
                if p.play(mv).is_err() {
                    break;
                }
            }
        }
    }
    assert!(kinds.len() > 15, "{kinds:?}");
}

fn random_move(rule_set: RuleSetId, rng: &mut Xoshiro256PlusPlus) -> String {
    let square = |rng: &mut Xoshiro256PlusPlus, size: u8| {
        format!(
            "{}{}",
            char::from(b'a' + rng.random_range(0..size)),
            rng.random_range(1..=size)
        )
    };
    match rule_set {
        RuleSetId::Hnefatafl
        | RuleSetId::Hnefatafl13
        | RuleSetId::Copenhagen
        | RuleSetId::Brandubh => format!("{}-{}", square(rng, 13), square(rng, 13)),
        RuleSetId::Subulata => format!("{}-{}", square(rng, 10), square(rng, 10)),
        RuleSetId::Adelta | RuleSetId::AdeltaRustik => {
            format!("{}+{}", rng.random_range(0..=25), rng.random_range(1..=6))
        }
        RuleSetId::Daldosa => format!(
            "{}{}+{}",
            ['w', 'm', 'b'][rng.random_range(0..3)],
            rng.random_range(1..=12),
            rng.random_range(1..=4)
        ),
    }
}

#[test]
fn names_read_as_the_rules_name_them_in_english() {
    for rule_set in RuleSetId::ALL {
        let name = match rule_set {
            RuleSetId::Adelta => "Ad Elta Stelpur (Ludens Planet rules)",
            RuleSetId::AdeltaRustik => "Ad Elta Stelpur (Alex le Rustik rules)",
            RuleSetId::Hnefatafl => "Hnefatafl 11x11",
            RuleSetId::Hnefatafl13 => "Hnefatafl 13x13",
            RuleSetId::Subulata => "Subulata",
            RuleSetId::Daldosa => "Daldøsa",
            RuleSetId::Copenhagen => "Copenhagen Hnefatafl",
            RuleSetId::Brandubh => "Brandubh",
        };
        assert_eq!(rule_set_name(rule_set).en(), name);
        let seats = match rule_set {
            RuleSetId::Hnefatafl
            | RuleSetId::Hnefatafl13
            | RuleSetId::Copenhagen
            | RuleSetId::Brandubh => ["Attackers", "Defenders"],
            _ => ["White", "Black"],
        };
        let _ = rule_set_name(rule_set).render(Lang::Fr);
        for seat in Seat::BOTH {
            let name = seat_name(rule_set, seat);
            assert_eq!(name.en(), seats[seat.index()]);
            assert_french(&name, &name.en());
            let subject = seat_subject(rule_set, seat);
            assert!(!subject.render(Lang::Fr).is_empty());
        }
    }
    assert_eq!(
        rule_set_name(RuleSetId::AdeltaRustik).render(Lang::Fr),
        "Ad Elta Stelpur (règles d'Alex le Rustik)"
    );
    assert_eq!(
        seat_subject(RuleSetId::Hnefatafl, Seat::A).en(),
        "the attackers"
    );
    assert_eq!(
        seat_subject(RuleSetId::Hnefatafl13, Seat::B).render(Lang::Fr),
        "les défenseurs"
    );
    assert_eq!(
        seat_name(RuleSetId::Daldosa, Seat::B).render(Lang::Fr),
        "Noir"
    );
}

fn outcome(winner: Option<Seat>, reason: EndReason) -> Outcome {
    Outcome {
        winner,
        reason,
        scores: None,
    }
}

#[test]
fn a_result_names_whose_pieces_ran_out() {
    let names = |rs: RuleSetId| move |s: Seat| seat_name(rs, s);
    let daldosa = names(RuleSetId::Daldosa);
    let won = |reason| end_reason(&outcome(Some(Seat::B), reason), RuleSetId::Adelta, &daldosa);
    assert_eq!(
        won(EndReason::NoPegsLeft).en(),
        "White has no pegs left on the board"
    );
    assert_eq!(won(EndReason::AllCaptured).en(), "White has no pieces left");
    assert_eq!(won(EndReason::NoLegalMove).en(), "White has no legal move");
    assert_eq!(
        won(EndReason::KingEscaped).en(),
        "the king escaped to a corner"
    );
    assert_eq!(
        won(EndReason::AllCaptured).render(Lang::Fr),
        "Blanc n'a plus de pion"
    );
    // The side's own name makes the verb agree with the side; a player is one person.
    let tafl = |s: Seat| seat_subject(RuleSetId::Hnefatafl, s);
    let stuck = outcome(Some(Seat::A), EndReason::NoLegalMove);
    let reason = end_reason(&stuck, RuleSetId::Hnefatafl, &tafl);
    assert_eq!(reason.en(), "the defenders have no legal move");
    assert_eq!(
        reason.render(Lang::Fr),
        "les défenseurs n'ont plus de coup possible"
    );
    let tafl = names(RuleSetId::Hnefatafl);
    let reason = end_reason(&stuck, RuleSetId::Hnefatafl, &tafl);
    assert_eq!(reason.en(), "Defenders have no legal move");
    let player = |s: Seat| {
        let mut t = Text::verbatim("bob (");
        t.push(seat_name(RuleSetId::Hnefatafl, s));
        t.push(Text::verbatim(")"));
        t
    };
    let reason = end_reason(&stuck, RuleSetId::Hnefatafl, &player);
    assert_eq!(reason.en(), "bob (Defenders) has no legal move");
    assert_eq!(
        reason.render(Lang::Fr),
        "bob (Défenseurs) n'a plus de coup possible"
    );
    // Subulata ends when one side is home or gone, whoever scores more; a stuck player ends
    // a scored game that either side may win.
    assert_eq!(
        won(EndReason::GoalReached).en(),
        "every piece of one side is home or taken"
    );
    let scored = Outcome {
        scores: Some([15, 20]),
        ..outcome(Some(Seat::B), EndReason::NoLegalMove)
    };
    let subulata = names(RuleSetId::Subulata);
    assert_eq!(
        end_reason(&scored, RuleSetId::Subulata, &subulata).en(),
        "no legal move left"
    );
    let draw = outcome(None, EndReason::Repetition);
    assert_eq!(
        end_reason(&draw, RuleSetId::Hnefatafl, &tafl).en(),
        "threefold repetition"
    );
    // Every reason, won and drawn, with and without scores, reads in both languages.
    for reason in [
        EndReason::AllCaptured,
        EndReason::KingCaptured,
        EndReason::KingEscaped,
        EndReason::NoLegalMove,
        EndReason::Repetition,
        EndReason::GoalReached,
        EndReason::NoPegsLeft,
        EndReason::ExitFort,
        EndReason::Encircled,
        EndReason::MoveLimit,
    ] {
        for winner in [None, Some(Seat::A), Some(Seat::B)] {
            for scores in [None, Some([3, 4])] {
                for rule_set in RuleSetId::ALL {
                    let o = Outcome {
                        winner,
                        reason,
                        scores,
                    };
                    let label = names(rule_set);
                    assert_french(&end_reason(&o, rule_set, &label), "");
                    assert_french(&result(&o, rule_set), "");
                }
            }
        }
    }
}

#[test]
fn results_read_like_sentences() {
    let over = |winner, reason, scores| Outcome {
        winner,
        reason,
        scores,
    };
    let captured = over(Some(Seat::A), EndReason::KingCaptured, None);
    assert_eq!(
        result(&captured, RuleSetId::Hnefatafl).en(),
        "Attackers win: the king was captured"
    );
    assert_eq!(
        result(&captured, RuleSetId::Hnefatafl).render(Lang::Fr),
        "Les assaillants gagnent\u{a0}: le roi a été capturé"
    );
    let all = over(Some(Seat::B), EndReason::AllCaptured, None);
    assert_eq!(
        result(&all, RuleSetId::Adelta).en(),
        "Black wins: White has no pieces left"
    );
    assert_eq!(
        result(&all, RuleSetId::Adelta).render(Lang::Fr),
        "Noir gagne\u{a0}: Blanc n'a plus de pion"
    );
    let home = over(Some(Seat::B), EndReason::GoalReached, Some([15, 20]));
    assert_eq!(
        result(&home, RuleSetId::Subulata).en(),
        "Black wins 20–15: every piece of one side is home or taken"
    );
    assert_eq!(
        result(&home, RuleSetId::Subulata).render(Lang::Fr),
        "Noir gagne 20–15\u{a0}: un camp a fini sa traversée"
    );
    let draw = over(None, EndReason::Repetition, None);
    assert_eq!(
        result(&draw, RuleSetId::Hnefatafl13).en(),
        "Draw: threefold repetition"
    );
    let scored = over(None, EndReason::GoalReached, Some([12, 12]));
    assert_eq!(
        result(&scored, RuleSetId::Subulata).en(),
        "Draw 12–12: every piece of one side is home or taken"
    );
}

/// Calls `each(file, id, pattern)` for the value and every attribute of every French message.
fn each_french_pattern(mut each: impl FnMut(&str, &str, &fluent_syntax::ast::Pattern<&str>)) {
    use fluent_syntax::ast::Entry;
    for (lang, file, source) in crate::catalog::FILES {
        if *lang != Lang::Fr {
            continue;
        }
        let resource = fluent_syntax::parser::parse(*source).unwrap_or_else(|(r, _)| r);
        for entry in &resource.body {
            let Entry::Message(m) = entry else { continue };
            for p in m.value.iter().chain(m.attributes.iter().map(|a| &a.value)) {
                each(file, m.id.name, p);
            }
        }
    }
}

/// French writes a no-break space before `:`, `;`, `!` and `?` and inside « »; an ordinary
/// space there lets a line break strand the mark. (A legend's `?` is a grid symbol, not a
/// question mark.)
#[test]
fn french_punctuation_uses_no_break_spaces() {
    use fluent_syntax::ast::{Expression, Pattern, PatternElement};
    fn texts<'a>(pattern: &'a Pattern<&'a str>, out: &mut Vec<&'a str>) {
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => out.push(value),
                PatternElement::Placeable {
                    expression: Expression::Select { variants, .. },
                } => variants.iter().for_each(|v| texts(&v.value, out)),
                PatternElement::Placeable { .. } => {}
            }
        }
    }
    // Text runs are split at placeables: each message's runs are joined to see the spaces
    // around them.
    let mut texts_of: Vec<(String, String, String)> = Vec::new();
    each_french_pattern(|file, id, pattern| {
        let mut values = Vec::new();
        texts(pattern, &mut values);
        match texts_of.last_mut() {
            Some((f, i, text)) if f == file && i == id => text.push_str(&values.concat()),
            _ => texts_of.push((file.to_string(), id.to_string(), values.concat())),
        }
    });
    for (file, id, text) in texts_of {
        for mark in [':', ';', '!', '?'] {
            if mark == '?' && id.ends_with("-legend") {
                continue;
            }
            assert!(
                !text.contains(&format!(" {mark}")),
                "{file}: {id}: a plain space before {mark}: {text:?}"
            );
        }
        assert!(
            !text.contains("« ") && !text.contains(" »"),
            "{file}: {id}: a plain space inside « »"
        );
    }
}

/// French keeps a number with its unit: `3\u{a0}jours`, `08\u{a0}h\u{a0}07`, `10\u{a0}minutes`, so
/// a phone's line break never strands "jours" at the start of a line.
#[test]
fn french_numbers_keep_their_units_with_no_break_spaces() {
    use fluent_syntax::ast::{Expression, Pattern, PatternElement};
    const UNITS: [&str; 13] = [
        "jour", "jours", "heure", "heures", "minute", "minutes", "seconde", "secondes", "min", "h",
        "j", "semaines", "UTC",
    ];
    /// Whether `text` (after a number when `after_number`) puts a plain space between a
    /// number and a unit.
    fn strands_a_unit(text: &str, after_number: bool) -> bool {
        let starts_with_unit = |rest: &str| {
            UNITS.iter().any(|u| {
                rest.strip_prefix(u)
                    .is_some_and(|after| !after.starts_with(char::is_alphanumeric))
            })
        };
        if after_number && text.strip_prefix(' ').is_some_and(starts_with_unit) {
            return true;
        }
        text.char_indices().any(|(i, c)| {
            c.is_ascii_digit()
                && text[i + 1..]
                    .strip_prefix(' ')
                    .is_some_and(starts_with_unit)
        })
    }
    fn check(pattern: &Pattern<&str>, what: &str) {
        let mut after_placeable = false;
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => {
                    assert!(
                        !strands_a_unit(value, after_placeable),
                        "{what}: a plain space between a number and its unit: {value:?}"
                    );
                    after_placeable = false;
                }
                PatternElement::Placeable {
                    expression: Expression::Select { variants, .. },
                } => {
                    variants.iter().for_each(|v| check(&v.value, what));
                    after_placeable = false;
                }
                PatternElement::Placeable { .. } => after_placeable = true,
            }
        }
    }
    assert!(strands_a_unit("dans 3 jours", false));
    assert!(strands_a_unit(" heures", true));
    assert!(!strands_a_unit(" heureux", true) && !strands_a_unit("3\u{a0}jours", false));
    each_french_pattern(|file, id, pattern| check(pattern, &format!("{file}: {id}")));
}

/// Skald does not know a reader's or a player's gender: French says "personne d'autre ne le
/// voit" rather than "vous seul" / "vous seule", and words no adjective that would have to
/// agree with a person.
#[test]
fn french_never_guesses_a_persons_gender() {
    let gendered = [
        "vous seul",
        "vous seule",
        "lui seul",
        "êtes mentionné",
        "êtes de nouveau mentionné",
        "elle seule",
        "êtes prêt",
    ];
    for (lang, file, source) in crate::catalog::FILES {
        if *lang != Lang::Fr {
            continue;
        }
        for (n, line) in source.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            for g in gendered {
                assert!(!line.contains(g), "{file}:{}: {g:?} in {line:?}", n + 1);
            }
        }
    }
}

/// The tafl community's endings read as what happened on the board, not as the nearest
/// Hnefatafl ending (a fort is no escape, an encirclement no capture of the king).
#[test]
fn tafl_endings_say_what_happened() {
    let said = |winner, reason, rule_set, lang| {
        let o = Outcome {
            winner,
            reason,
            scores: None,
        };
        result(&o, rule_set).render(lang)
    };
    let cph = RuleSetId::Copenhagen;
    assert_eq!(
        said(Some(Seat::B), EndReason::ExitFort, cph, Lang::En),
        "Defenders win: the king made an exit fort on the edge"
    );
    assert_eq!(
        said(
            Some(Seat::A),
            EndReason::Encircled,
            RuleSetId::Brandubh,
            Lang::En
        ),
        "Attackers win: the attackers encircled every defender"
    );
    assert_eq!(
        said(None, EndReason::MoveLimit, cph, Lang::En),
        "Draw: the move limit was reached"
    );
    assert_eq!(
        said(Some(Seat::B), EndReason::ExitFort, cph, Lang::Fr),
        "Les défenseurs gagnent\u{a0}: le roi s'est retranché dans un fort de sortie sur le bord"
    );
    assert_eq!(
        rule_set_name(cph).render(Lang::Fr),
        "Hnefatafl de Copenhague"
    );
    assert_eq!(seat_key(RuleSetId::Brandubh, Seat::A), "attackers");
}
