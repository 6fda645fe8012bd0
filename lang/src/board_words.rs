//! Text boards: the rules' grid of letters framed with words (`locales/*/board.ftl`), for
//! consoles, chat and screen readers.
//!
//! The first line alone says where the game stands (the move or step count, whose turn it is
//! and the dice, or the result); the lines after it only describe the board and the pieces,
//! so a caller may replace that line when the game ended outside the rules (a resignation, an
//! abort) and nothing stale remains. The grid itself comes from the rules
//! ([`Position::text_grid`]) and is the same in every language; the legends explain its
//! letters.

use crate::worded::{ATTACKERS_DEFENDERS, Worded, board_lines};
use crate::{Text, end_reason, rule_set_name, seat_key, seat_name, seat_subject, t};
use skald_rules::adelta::{Adelta, CORNERS};
use skald_rules::daldosa::Daldosa;
use skald_rules::hnefatafl::{Hnefatafl, Piece, TaflBoard};
use skald_rules::subulata::Subulata;
use skald_rules::tafl::Tafl;
use skald_rules::{Game, Position, RuleSetId, Seat, Status, Viewer};

/// The text board of `position` for `viewer`: where the game stands, the grid, and what
/// the pieces are (counts, a legend). Hidden values show only as `viewer` may see them.
///
/// Exists so every reader gets the board in their language: the console prints it, chat
/// adapters send it as text and as the description of a picture.
pub fn text_board(position: &Position, viewer: Viewer) -> Text {
    Text::lines(board_lines(position, viewer))
}

/// The text board of a game that ended outside its rules (a resignation, a timeout, an
/// agreed draw, an abort): its first line is "{game}, game over: {result}" instead of whose
/// turn it was, and the lines after it are [`text_board`]'s.
///
/// Exists so the session can show such a game's board in the reader's language without
/// cutting a rendered text apart.
pub fn text_board_ended(position: &Position, viewer: Viewer, result: Text) -> Text {
    let mut lines = board_lines(position, viewer);
    if let Some(first) = lines.first_mut() {
        *first = t!(
            "board-ended",
            game = rule_set_name(position.rule_set()),
            result = result
        );
    }
    Text::lines(lines)
}

/// Hnefatafl's sides are the attackers and the defenders; its board reads as every tafl
/// family's ([`tafl`]).
impl Worded for Hnefatafl {
    const SEAT_KEYS: [&'static str; 2] = ATTACKERS_DEFENDERS;

    fn board_lines(&self, _viewer: Viewer, grid: Text) -> Vec<Text> {
        tafl(self, grid)
    }
}

/// Copenhagen Hnefatafl and Brandubh: the same sides and text board as Hnefatafl.
impl Worded for Tafl {
    const SEAT_KEYS: [&'static str; 2] = ATTACKERS_DEFENDERS;

    fn board_lines(&self, _viewer: Viewer, grid: Text) -> Vec<Text> {
        tafl(self, grid)
    }
}

/// Ad Elta Stelpur: White and Black, and the dice still to use.
impl Worded for Adelta {
    fn board_lines(&self, viewer: Viewer, grid: Text) -> Vec<Text> {
        adelta(self, viewer, grid)
    }
}

/// Subulata: White and Black, with the values the viewer may see.
impl Worded for Subulata {
    fn board_lines(&self, viewer: Viewer, grid: Text) -> Vec<Text> {
        subulata(self, viewer, grid)
    }
}

/// Daldøsa: White and Black, and the pegs still in play.
impl Worded for Daldosa {
    fn board_lines(&self, _viewer: Viewer, grid: Text) -> Vec<Text> {
        daldosa(self, grid)
    }
}

/// The first line: "{game}, {when}: {state}".
fn heading(rule_set: RuleSetId, when: Text, state: Text) -> Text {
    t!(
        "board-heading",
        game = rule_set_name(rule_set),
        when = when,
        state = state
    )
}

/// The move number of the grid games as the move list numbers it: "move 12" while the game
/// goes on, "after move 12" or "no move played" once it is over.
fn move_number(ply: u32, over: bool) -> Text {
    match (over, ply) {
        (false, ply) => t!("board-move", number = ply / 2 + 1),
        (true, 0) => t!("board-no-move-played"),
        (true, ply) => t!("board-after-move", number = ply.div_ceil(2)),
    }
}

/// `values` joined by `sep` ("6, 6", "1 3").
fn joined(values: &[u8], sep: &str) -> String {
    let parts: Vec<String> = values.iter().map(u8::to_string).collect();
    parts.join(sep)
}

fn yes(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// Any tafl family's board: whose turn or the result, the grid, each side's pieces.
fn tafl<G: TaflBoard>(g: &G, grid: Text) -> Vec<Text> {
    let rs = g.rule_set();
    let first = match g.outcome() {
        None => heading(
            rs,
            move_number(g.ply(), false),
            t!("board-tafl-to-play", seat = seat_key(rs, g.side_to_move())),
        ),
        Some(outcome) => {
            let winner = outcome.winner.map_or("none", |w| seat_key(rs, w));
            let reason = end_reason(&outcome, rs, &|s| seat_subject(rs, s));
            heading(
                rs,
                move_number(g.ply(), true),
                t!("board-tafl-over", winner = winner, reason = reason),
            )
        }
    };
    let attackers = t!(
        "board-tafl-attackers",
        on_board = g.count(Piece::Attacker),
        lost = g.captured(Seat::A)
    );
    let on_board = g.count(Piece::Defender);
    let lost = g.captured(Seat::B);
    let defenders = match g.king() {
        Some(_) => t!("board-tafl-defenders", on_board = on_board, lost = lost),
        None => t!(
            "board-tafl-defenders-no-king",
            on_board = on_board,
            lost = lost
        ),
    };
    vec![first, grid, attackers, defenders, t!("board-tafl-legend")]
}

fn adelta(g: &Adelta, viewer: Viewer, grid: Text) -> Vec<Text> {
    let rs = g.rule_set();
    let you = |seat: Seat| matches!(viewer, Viewer::Seat(s) if s == seat);
    // A seated viewer's colour is marked "you" (and then reads as one player).
    let name = |seat: Seat| {
        if you(seat) {
            t!("board-you", name = seat_name(rs, seat))
        } else {
            seat_name(rs, seat)
        }
    };
    let state = match g.status() {
        Status::Roll { seat: None, .. } => t!("board-opening-roll"),
        Status::Roll {
            seat: Some(seat), ..
        } => t!("board-to-roll", who = name(seat)),
        Status::Move { seat } => t!(
            "board-adelta-to-move",
            who = name(seat),
            steps = joined(g.dice(), ", "),
            again = yes(g.rolls_again())
        ),
        Status::Over(outcome) => {
            let reason = end_reason(&outcome, rs, &name);
            match outcome.winner {
                Some(w) => t!("board-won", who = name(w), reason = reason),
                None => t!("board-drawn", reason = reason),
            }
        }
    };
    let first = heading(rs, t!("board-steps-played", steps = g.ply()), state);
    let corners = t!("board-adelta-corners", corners = joined(&CORNERS, " "));
    let mut counts = Text::new();
    for seat in Seat::BOTH {
        let letter = if seat == Seat::A { "W" } else { "B" };
        let (name, you, pieces) = (seat_name(rs, seat), yes(you(seat)), g.pieces(seat));
        let lost = g.captured_by(seat.other());
        let count = match g.hornaskella(seat) {
            Some(at) => t!(
                "board-adelta-count-hornaskella",
                name = name,
                letter = letter,
                you = you,
                pieces = pieces,
                lost = lost,
                at = at
            ),
            None => t!(
                "board-adelta-count",
                name = name,
                letter = letter,
                you = you,
                pieces = pieces,
                lost = lost
            ),
        };
        if !counts.is_empty() {
            counts.push(Text::verbatim(". "));
        }
        counts.push(count);
    }
    counts.push(Text::verbatim("."));
    vec![first, grid, corners, counts]
}

fn daldosa(g: &Daldosa, grid: Text) -> Vec<Text> {
    let rs = g.rule_set();
    let name = |seat: Seat| seat_name(rs, seat);
    let state = match g.status() {
        Status::Move { seat } => t!(
            "board-daldosa-to-move",
            who = name(seat),
            count = g.dice().len(),
            dice = joined(g.dice(), " ")
        ),
        Status::Roll { .. } => t!("board-daldosa-to-roll", who = name(g.side())),
        Status::Over(outcome) => {
            let reason = end_reason(&outcome, rs, &name);
            match outcome.winner {
                Some(w) => t!("board-won", who = name(w), reason = reason),
                None => t!("board-drawn", reason = reason),
            }
        }
    };
    let mut lines = vec![
        heading(rs, t!("board-steps-played", steps = g.ply()), state),
        grid,
        t!("board-daldosa-ends"),
        t!("board-daldosa-paths"),
    ];
    for seat in Seat::BOTH {
        let (inactive_letter, active_letter) = match seat {
            Seat::A => ("w", "W"),
            Seat::B => ("b", "B"),
        };
        let inactive = g.pegs_inactive(seat);
        lines.push(t!(
            "board-daldosa-count",
            name = name(seat),
            inactive_letter = inactive_letter,
            active_letter = active_letter,
            inactive = inactive,
            active = g.pegs_on_board(seat).saturating_sub(inactive),
            off = g.pegs_off(seat),
            lost = g.pegs_captured(seat)
        ));
    }
    lines
}

fn subulata(g: &Subulata, viewer: Viewer, grid: Text) -> Vec<Text> {
    let rs = g.rule_set();
    let name = |seat: Seat| seat_name(rs, seat);
    let status = g.status();
    let first = match &status {
        Status::Over(o) => {
            let reason = end_reason(o, rs, &name);
            let scores = match o.scores {
                Some([white, black]) => {
                    t!("board-subulata-scores", white = white, black = black)
                }
                None => t!("board-subulata-scores-unknown"),
            };
            let state = match (o.winner, o.scores) {
                (Some(w), _) => t!(
                    "board-subulata-won",
                    reason = reason,
                    scores = scores,
                    winner = name(w)
                ),
                (None, Some(_)) => t!("board-subulata-drawn", reason = reason, scores = scores),
                (None, None) => t!("board-subulata-over", reason = reason, scores = scores),
            };
            heading(rs, move_number(g.ply(), true), state)
        }
        _ => heading(
            rs,
            move_number(g.ply(), false),
            t!(
                "board-subulata-to-move",
                seat = seat_key(rs, g.side_to_move())
            ),
        ),
    };
    let over = matches!(status, Status::Over(_));
    let mut lines = vec![first, grid, t!("board-subulata-legend")];
    for (seat, goal) in [(Seat::A, "g7-i9"), (Seat::B, "a1-c3")] {
        let (name, pieces) = (name(seat), g.pieces_left(seat));
        let (lost, on_goal) = (g.captured_by(seat.other()), g.on_goal(seat));
        // Only the viewer's own score: it adds up hidden values.
        let score = if viewer.sees(seat) {
            g.score(seat)
        } else {
            None
        };
        lines.push(match score {
            None => t!(
                "board-subulata-count",
                name = name,
                pieces = pieces,
                lost = lost,
                on_goal = on_goal,
                goal = goal
            ),
            Some(score) if over => t!(
                "board-subulata-count-final-score",
                name = name,
                pieces = pieces,
                lost = lost,
                on_goal = on_goal,
                goal = goal,
                score = score
            ),
            Some(score) => t!(
                "board-subulata-count-score-now",
                name = name,
                pieces = pieces,
                lost = lost,
                on_goal = on_goal,
                goal = goal,
                score = score
            ),
        });
    }
    lines
}

#[cfg(test)]
mod tests;
