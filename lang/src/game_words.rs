//! The rules' words for players: rule-set and seat names, refused moves, dice and
//! arrangement errors, and how games end (`locales/*/rules.ftl`).
//!
//! The rules crate says what happened as data ([`Refusal`], [`Outcome`], …); these functions
//! turn it into [`Text`]s, so each reader gets it in their language. The English renderings
//! are those the rules' own `Display`s give (the tests check it).

use crate::{Msg, Text, t};
use skald_rules::subulata::Terrain;
use skald_rules::{
    ArrangeError, EndReason, Expected, MoveError, Outcome, Refusal, RollError, RuleSetId, Seat,
};

/// The name of a rule set as players read it ("Hnefatafl 11x11", "Ad Elta Stelpur (Ludens
/// Planet rules)").
pub fn rule_set_name(rule_set: RuleSetId) -> Text {
    Msg::new(format!("rules-name-{}", rule_set.id())).into()
}

/// A rule set's name as a choice in a list (Discord's choices, a thread's name): shorter than
/// [`rule_set_name`] where that one says whose rules (`Ad Elta Stelpur (Rustik)`).
///
/// Exists so every name a player reads of a rule set is in the message files, one place.
pub fn rule_set_choice(rule_set: RuleSetId) -> Text {
    Msg::new(format!("rules-choice-{}", rule_set.id())).into()
}

/// The rules of a rule set in a few lines, with its move notation (`rules <rule-set>`).
///
/// Exists so a new rule set's summary is one message (`rules-summary-<id>`), not a code
/// change.
pub fn rule_set_summary(rule_set: RuleSetId) -> Text {
    Msg::new(format!("rules-summary-{}", rule_set.id())).into()
}

/// The key of `seat` in `rule_set` that messages select on: `attackers`, `defenders`,
/// `white` or `black`.
///
/// Exists so sentences can agree with a side ("the attackers have", "White has"; French
/// genders and numbers) and name it in the reader's words.
///
/// The keys come from the rule set's family (`Worded::SEAT_KEYS` in `worded.rs`), so a new
/// rule set of a known family needs nothing here.
pub fn seat_key(rule_set: RuleSetId, seat: Seat) -> &'static str {
    crate::worded::seat_key(rule_set, seat)
}

/// What `seat` is called in `rule_set`, as a label: "Attackers", "White" (French
/// "Assaillants", "Blanc"). For headers, lists and "Attackers: alice".
pub fn seat_name(rule_set: RuleSetId, seat: Seat) -> Text {
    Msg::new(format!("rules-seat-{}", seat_key(rule_set, seat))).into()
}

/// `seat` as a sentence names it: "the attackers", "White" (French "les assaillants",
/// "Blanc").
pub fn seat_subject(rule_set: RuleSetId, seat: Seat) -> Text {
    Msg::new(format!("rules-seat-{}.subject", seat_key(rule_set, seat))).into()
}

/// The key a sentence about `label` agrees with: the side's own key when the label is the
/// side's name ([`seat_name`] or [`seat_subject`]), `player` for anything else (a player's
/// name, "White (you)"), which reads as one person.
fn label_key(rule_set: RuleSetId, seat: Seat, label: &Text) -> &'static str {
    if *label == seat_name(rule_set, seat) || *label == seat_subject(rule_set, seat) {
        seat_key(rule_set, seat)
    } else {
        "player"
    }
}

/// Numbers joined by ", ", as the lists in refusals write them ("6, 6").
fn numbers(values: &[u8]) -> String {
    let parts: Vec<String> = values.iter().map(u8::to_string).collect();
    parts.join(", ")
}

/// Why a move is refused, in a clause ("the path is blocked at f4").
pub fn refusal(reason: &Refusal) -> Text {
    match reason {
        Refusal::OffBoard { square, size } => {
            t!("rules-refusal-off-board", square = square, size = *size)
        }
        Refusal::NoPiece { square } => t!("rules-refusal-no-piece", square = square),
        Refusal::TaflNotYours { square, owner } => t!(
            "rules-refusal-tafl-not-yours",
            square = square,
            owner = seat_key(RuleSetId::Hnefatafl, *owner)
        ),
        Refusal::TaflStandStill => t!("rules-refusal-tafl-stand-still"),
        Refusal::TaflNotStraight => t!("rules-refusal-tafl-not-straight"),
        Refusal::PathBlocked { square } => t!("rules-refusal-path-blocked", square = square),
        Refusal::Occupied { square } => t!("rules-refusal-occupied", square = square),
        Refusal::ThroneForKing { square } => {
            t!("rules-refusal-throne-for-king", square = square)
        }
        Refusal::CornerForKing { square } => {
            t!("rules-refusal-corner-for-king", square = square)
        }
        Refusal::MoveLimit => t!("rules-refusal-move-limit"),
        Refusal::CellsOffBoard => t!("rules-refusal-cells-off-board"),
        Refusal::SubulataNotYours { square, owner } => t!(
            "rules-refusal-subulata-not-yours",
            square = square,
            owner = seat_key(RuleSetId::Subulata, *owner)
        ),
        Refusal::SubulataStandStill => t!("rules-refusal-subulata-stand-still"),
        Refusal::Diagonal => t!("rules-refusal-diagonal"),
        Refusal::WrongDistance {
            square,
            terrain,
            reach,
        } => {
            let reach = match either_of(reach) {
                Some(cells) => t!("rules-refusal-reach", cells = cells),
                None => t!("rules-refusal-reach-none"),
            };
            t!(
                "rules-refusal-wrong-distance",
                square = square,
                terrain = terrain_key(*terrain),
                distance = terrain.distance(),
                reach = reach
            )
        }
        Refusal::OwnPieceThere { square } => {
            t!("rules-refusal-own-piece-there", square = square)
        }
        Refusal::BackwardOnlyToCapture { seat, square } => t!(
            "rules-refusal-backward",
            seat = seat_key(RuleSetId::Subulata, *seat),
            square = square
        ),
        Refusal::NoSuchPoint { point } => t!("rules-refusal-no-such-point", point = *point),
        Refusal::NoSuchStep { die, left } => t!(
            "rules-refusal-no-such-step",
            die = *die,
            left = numbers(left)
        ),
        Refusal::NoPieceOnPoint { point, owner: None } => {
            t!("rules-refusal-no-piece-on-point", point = *point)
        }
        Refusal::NoPieceOnPoint {
            point,
            owner: Some(owner),
        } => t!(
            "rules-refusal-opponents-piece-on-point",
            point = *point,
            owner = seat_key(RuleSetId::Adelta, *owner)
        ),
        Refusal::OwnPieceOnPoint { point } => {
            t!("rules-refusal-own-piece-on-point", point = *point)
        }
        Refusal::Protected { point } => t!("rules-refusal-protected", point = *point),
        Refusal::HornaskellaOffCorner { point } => {
            t!("rules-refusal-hornaskella-off-corner", point = *point)
        }
        Refusal::MoreStepsPossible { playable } => t!(
            "rules-refusal-more-steps-possible",
            playable = playable.join(", ")
        ),
        Refusal::NoSuchDie { die, left } => t!(
            "rules-refusal-no-such-die",
            die = *die,
            left = numbers(left)
        ),
        Refusal::NoPeg {
            hole,
            opponents: false,
        } => t!("rules-refusal-no-peg", hole = hole),
        Refusal::NoPeg {
            hole,
            opponents: true,
        } => t!("rules-refusal-opponents-peg", hole = hole),
        Refusal::InactivePeg { hole } => t!("rules-refusal-inactive-peg", hole = hole),
        Refusal::NotNearestStern { hole } => {
            t!("rules-refusal-not-nearest-stern", hole = hole)
        }
        Refusal::OwnPegOnPath { hole } => t!("rules-refusal-own-peg-on-path", hole = hole),
        Refusal::OwnPegOnTarget { hole } => t!("rules-refusal-own-peg-on-target", hole = hole),
        Refusal::BothDicePossible { playable } => t!(
            "rules-refusal-both-dice-possible",
            playable = playable.join(", ")
        ),
    }
}

/// `cells` joined by the language's "or" ("c4 or d3"), `None` when there are none.
fn either_of(cells: &[String]) -> Option<Text> {
    let mut iter = cells.iter();
    let first = Text::verbatim(iter.next()?.clone());
    Some(iter.fold(first, |acc, cell| {
        t!("rules-or", first = acc, second = cell)
    }))
}

/// The key `rules-refusal-wrong-distance` selects a terrain's words by.
fn terrain_key(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Water => "water",
        Terrain::Flower => "flower",
        Terrain::Leaf => "leaf",
    }
}

/// What a move of a game looks like, after "expected" ("a hole and a die, like w12+1 …").
pub fn expected(what: &Expected) -> Text {
    match what {
        Expected::Slide { size } => t!(
            "rules-expected-slide",
            last_file = char::from(b'a' + size.saturating_sub(1)).to_string(),
            size = *size
        ),
        Expected::SubulataMove => t!("rules-expected-subulata"),
        Expected::AdeltaStep => t!("rules-expected-adelta"),
        Expected::DaldosaStep => t!("rules-expected-daldosa"),
        Expected::MoveOf(rule_set) => t!("rules-expected-move-of", game = rule_set_name(*rule_set)),
    }
}

/// Why a move was not played: not a move of the game, not allowed here (and why), the game
/// is over, or the dice must be rolled first.
pub fn move_error(error: &MoveError) -> Text {
    match error {
        MoveError::Syntax { input, expected: e } => {
            t!("rules-not-a-move", input = input, expected = expected(e))
        }
        MoveError::Illegal { mv, reason } => {
            t!("rules-move-not-allowed", move = mv, reason = refusal(reason))
        }
        MoveError::GameOver => t!("rules-game-over"),
        MoveError::RollPending => t!("rules-roll-pending"),
    }
}

/// Why dice were not accepted.
pub fn roll_error(error: &RollError) -> Text {
    match error {
        RollError::NotExpected => t!("rules-roll-not-expected"),
        RollError::Invalid { count, sides, got } => t!(
            "rules-roll-invalid",
            count = *count,
            sides = *sides,
            got = format!("{got:?}")
        ),
    }
}

/// Why a Subulata value arrangement was not accepted.
pub fn arrange_error(error: &ArrangeError) -> Text {
    match error {
        ArrangeError::NotSupported => t!("rules-arrange-not-supported"),
        ArrangeError::BadValues(values) => {
            let values: Vec<String> = values.iter().map(u8::to_string).collect();
            t!("rules-arrange-bad-values", values = values.join(" "))
        }
        ArrangeError::Locked => t!("rules-arrange-locked"),
        ArrangeError::GameOver => t!("rules-game-over"),
    }
}

/// Why a game ended, naming the side it concerns when there is one: "White has no pegs left
/// on the board", "the king was captured", "threefold repetition".
///
/// `label` names each seat: a label equal to [`seat_name`] or [`seat_subject`] makes the verb
/// agree with the side ("the attackers have", "Attackers have"); any other label ("bob
/// (Attackers)", "White (you)") is one player ("has").
pub fn end_reason(outcome: &Outcome, rule_set: RuleSetId, label: &dyn Fn(Seat) -> Text) -> Text {
    let loser = outcome.winner.map(Seat::other);
    let about = |id: &'static str, loser: Seat| {
        let name = label(loser);
        let key = label_key(rule_set, loser, &name);
        Text::from(Msg::new(id).arg("loser", name).arg("loser_seat", key))
    };
    match (outcome.reason, loser) {
        (EndReason::AllCaptured, Some(l)) => about("rules-end-loser-no-pieces", l),
        // In Subulata a stuck player ends a scored game, which either side may win.
        (EndReason::NoLegalMove, Some(l)) if outcome.scores.is_none() => {
            about("rules-end-loser-no-move", l)
        }
        (EndReason::NoPegsLeft, Some(l)) => about("rules-end-loser-no-pegs", l),
        (reason, _) => end_reason_alone(reason),
    }
}

/// Why a game ended, in a few words naming nobody ("threefold repetition").
fn end_reason_alone(reason: EndReason) -> Text {
    match reason {
        EndReason::AllCaptured => t!("rules-end-all-captured"),
        EndReason::KingCaptured => t!("rules-end-king-captured"),
        EndReason::KingEscaped => t!("rules-end-king-escaped"),
        EndReason::NoLegalMove => t!("rules-end-no-legal-move"),
        EndReason::Repetition => t!("rules-end-repetition"),
        EndReason::GoalReached => t!("rules-end-goal-reached"),
        EndReason::NoPegsLeft => t!("rules-end-no-pegs-left"),
        EndReason::ExitFort => t!("rules-end-exit-fort"),
        EndReason::Encircled => t!("rules-end-encircled"),
        EndReason::MoveLimit => t!("rules-end-move-limit"),
    }
}

/// The result in a few words, the winner's score first when the game is scored: "Attackers
/// win: the king was captured", "Black wins 20–15: every piece of one side is home or
/// taken", "Draw: threefold repetition". For the pictures' header.
pub fn result(outcome: &Outcome, rule_set: RuleSetId) -> Text {
    let reason = end_reason(outcome, rule_set, &|s| seat_name(rule_set, s));
    let scores = |first: Seat| {
        outcome
            .scores
            .map(|s| (s[first.index()], s[first.other().index()]))
    };
    match outcome.winner {
        Some(seat) => {
            let winner = seat_name(rule_set, seat);
            let key = seat_key(rule_set, seat);
            match scores(seat) {
                Some((a, b)) => t!(
                    "rules-result-win-score",
                    winner = winner,
                    seat = key,
                    a = a,
                    b = b,
                    reason = reason
                ),
                None => t!(
                    "rules-result-win",
                    winner = winner,
                    seat = key,
                    reason = reason
                ),
            }
        }
        None => match scores(Seat::A) {
            Some((a, b)) => t!("rules-result-draw-score", a = a, b = b, reason = reason),
            None => t!("rules-result-draw", reason = reason),
        },
    }
}

#[cfg(test)]
mod tests;
