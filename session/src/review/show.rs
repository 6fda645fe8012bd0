//! What players read of a made review: each player's accuracy, the turning points (each
//! with a board of the position before it, the move played and the engine's preferred one
//! drawn as two arrows), the win-chance graph, and that graph in words.
//!
//! Chances are told from the mover's side ("alice: 62% → 31%"), as players think of their
//! own move; the graph shows the first seat's chance, as lichess's and OGS's do.

use crate::files::{File, FileBody, WinChanceOf};
use crate::game::GameDoc;
use crate::reply::{Board, Compare, Reply};
use crate::t;
use skald_ai::review::{Analysis, TurnReview};
use skald_lang::Text;
use skald_model::messages::dice_text;
use skald_model::review::{StoredReview, milli};
use skald_rules::{Match, Record, Seat, Viewer};

/// How many turning points a review shows at most.
pub const TURNING_POINTS: usize = 3;

/// A chance (the first seat's, 0..=1) as `seat`'s whole percent.
fn percent(chance: f64, seat: Seat) -> i64 {
    let mine = if seat == Seat::A {
        chance
    } else {
        1.0 - chance
    };
    (mine.clamp(0.0, 1.0) * 100.0).round() as i64
}

/// A loss or luck in points with one decimal, as a message's words write it (`3.1`,
/// French `3,1`): the `review-points` message with the whole points and the tenth.
fn points(x: f64) -> Text {
    let tenths = (x.clamp(-100.0, 100.0).abs() * 10.0).round() as i64;
    t!("review-points", whole = tenths / 10, tenth = tenths % 10)
}

/// The review of `g` as posted: the text, the graph, a board per turning point (also what
/// `skald review FILE` prints and draws).
pub fn review_reply(g: &GameDoc, review: &StoredReview) -> Reply {
    let analysis = review.analysis();
    let mut text = t!(
        "review-title",
        title = g.title(),
        iterations = review.iterations
    );
    if let Some(result) = g.result_line() {
        text.line(t!("review-result", result = result));
    }
    for seat in Seat::BOTH {
        let s = analysis.summary(seat);
        text.line(t!(
            "review-player",
            player = g.label(seat),
            moves = s.moves,
            loss = points(s.average_loss),
            inaccuracies = s.inaccuracies,
            mistakes = s.mistakes,
            blunders = s.blunders
        ));
    }
    let turning = analysis.turning_points(TURNING_POINTS);
    if turning.is_empty() {
        text.line(t!("review-no-turning-point"));
    }
    let mut boards = Vec::new();
    for turn in &turning {
        text.line(turn_line(g, turn));
        if let Some(board) = turning_board(g, turn) {
            boards.push(board);
        }
    }
    text.line(chances_line(g, &analysis));
    let by_play = g
        .live()
        .ok()
        .is_some_and(|m| m.position().status().outcome().is_some());
    // The graph says how the game ended when its moves do not (a resignation, a timeout).
    let note = (!by_play).then(|| g.result_line()).flatten();
    if let Some(result) = &note {
        text.line(t!("review-not-by-play", result = result.clone()));
    }
    text.line(t!("review-scale"));
    let mut reply = Reply::done(text);
    reply.files.push(File {
        game: g.id,
        stem: format!("skald-review-{}", g.id),
        body: FileBody::WinChance(WinChanceOf {
            title: g.title(),
            rule_set: g.rule_set(),
            players: g.names(),
            chances: chances(&analysis),
            marks: turning
                .iter()
                .filter_map(|t| {
                    let i = analysis.turns.iter().position(|x| x.action == t.action)?;
                    Some((i + 1, t.number))
                })
                .collect(),
            note,
        }),
        caption: t!("review-chart-caption", title = g.title()),
    });
    reply.boards = boards;
    reply
}

/// The first seat's chance in thousandths: before the first turn, then after each.
fn chances(analysis: &Analysis) -> Vec<u16> {
    let first = analysis
        .turns
        .first()
        .map(|t| t.before_roll.unwrap_or(t.before));
    first
        .into_iter()
        .chain(analysis.turns.iter().map(|t| t.after))
        .map(milli)
        .collect()
}

/// One turning point in words: the move, the chance before and after it, the engine's
/// preference, and in dice games what the roll gave or took.
fn turn_line(g: &GameDoc, turn: &TurnReview) -> Text {
    let me = turn.mover;
    let mut line = match &turn.roll {
        Some(dice) => t!(
            "review-turn-dice",
            number = turn.number,
            player = g.label(me),
            dice = dice_text(dice),
            played = turn.played.join(" "),
            before = percent(turn.before, me),
            after = percent(turn.after, me),
            best = turn.best.join(" "),
            best_chance = percent(turn.best_chance, me)
        ),
        None => t!(
            "review-turn",
            number = turn.number,
            player = g.label(me),
            played = turn.played.join(" "),
            before = percent(turn.before, me),
            after = percent(turn.after, me),
            best = turn.best.join(" "),
            best_chance = percent(turn.best_chance, me)
        ),
    };
    if let Some(luck) = turn.luck() {
        let word = if luck >= 0.0 {
            "review-luck-gave"
        } else {
            "review-luck-took"
        };
        line.push(Text::verbatim(" "));
        line.push(Text::from(
            skald_lang::Msg::new(word).arg("points", points(luck.abs())),
        ));
    }
    line
}

/// The graph in words, for readers who cannot see it: the first seat's chance at the
/// start, its highest and lowest and where, and at the end.
fn chances_line(g: &GameDoc, analysis: &Analysis) -> Text {
    let series = chances(analysis);
    let pct = |m: u16| i64::from(m.min(1000) + 5) / 10;
    let number = |i: usize| {
        i.checked_sub(1)
            .and_then(|t| analysis.turns.get(t))
            .map_or(0, |t| t.number)
    };
    let (Some(&start), Some(&end)) = (series.first(), series.last()) else {
        return Text::default();
    };
    let (hi, &high) = series
        .iter()
        .enumerate()
        .max_by_key(|(i, m)| (**m, std::cmp::Reverse(*i)))
        .unwrap_or((0, &start));
    let (lo, &low) = series
        .iter()
        .enumerate()
        .min_by_key(|(i, m)| (**m, *i))
        .unwrap_or((0, &start));
    t!(
        "review-chances",
        player = g.label(Seat::A),
        start = pct(start),
        high = pct(high),
        high_move = number(hi),
        low = pct(low),
        low_move = number(lo),
        end = pct(end)
    )
}

/// The position before a turning point with both moves drawn: `None` when the record does
/// not replay to it (the text still tells it).
fn turning_board(g: &GameDoc, turn: &TurnReview) -> Option<Board> {
    let prefix = Record {
        actions: g.record.actions.get(..turn.action)?.to_vec(),
        ..g.record.clone()
    };
    let before = Match::from_record(prefix).ok()?.position().clone();
    let events = |moves: &[String]| {
        let mut p = before.clone();
        let mut all = Vec::new();
        for m in moves {
            all.extend(p.play(m).ok()?);
        }
        Some(all)
    };
    let played = events(&turn.played)?;
    let preferred = events(&turn.best).unwrap_or_default();
    let players = g.names().map(Text::verbatim);
    let alt = t!(
        "review-board-alt",
        number = turn.number,
        player = g.label(turn.mover),
        played = turn.played.join(" "),
        best = turn.best.join(" ")
    );
    let mut board = Board::public(g.id, &before, Vec::new(), players, alt);
    // The game is over: every value shows, as in its final position.
    board.viewer = Viewer::Final;
    board.compare = Some(Compare {
        played,
        preferred,
        legend: [
            t!("review-legend-played", moves = turn.played.join(" ")),
            t!("review-legend-engine", moves = turn.best.join(" ")),
        ],
    });
    Some(board)
}
