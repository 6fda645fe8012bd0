//! Conditional moves (`premove`), as correspondence servers offer them: a player queues lines
//! of play ("if they play e7-e9, I answer d4-d6; then if they play …") and the session plays
//! the answer in their name the moment the opponent's move matches, checked for legality
//! then. Only in games without dice (Hnefatafl, Subulata), whose turns are one move each.
//!
//! Lines are private: stored on the game beside its record (one write path, compare-and-swap
//! like every move), shown only to their owner, never logged. Decisions (what clears a line,
//! which of several lines answers) are in `docs/COMMANDS.md#conditional-moves`.

use crate::game::GameDoc;
use crate::identity::Context;
use crate::reply::{Private, Reply};
use crate::{Cx, Failure, t};
use skald_lang::Text;
use skald_rules::{Event, Match, Position, Seat};

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
pub use skald_model::premove::*;

/// What a player's lines make of the opponent's move `theirs`.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Followed {
    /// The answer to play now, if a line predicted `theirs` and its answer is legal.
    pub answer: Option<String>,
    /// The lines that go on after it (their first exchange played).
    pub remaining: Vec<PremoveLine>,
    /// Answers that could not be played, with why (their lines are dropped).
    pub dropped: Vec<(Exchange, Text)>,
}

/// Follows `lines` through the opponent's move `theirs`: the lines that predicted it are
/// tried in the order they were queued, the first whose answer `legal` accepts is played;
/// the lines with that same answer go on (their first exchange done), every other line is
/// cleared (it predicted another move, or answered differently).
pub(crate) fn follow(
    lines: Vec<PremoveLine>,
    theirs: &str,
    legal: impl Fn(&str) -> Result<(), Text>,
) -> Followed {
    let matching: Vec<PremoveLine> = lines
        .into_iter()
        .filter(|l| l.first().is_some_and(|e| e.theirs == theirs))
        .collect();
    let mut out = Followed::default();
    let mut tried: Vec<&str> = Vec::new();
    for line in &matching {
        let first = &line[0];
        if tried.contains(&first.answer.as_str()) {
            continue;
        }
        tried.push(&first.answer);
        match legal(&first.answer) {
            Ok(()) => {
                out.answer = Some(first.answer.clone());
                break;
            }
            Err(why) => out.dropped.push((first.clone(), why)),
        }
    }
    if let Some(answer) = &out.answer {
        for line in matching {
            if line[0].answer == *answer && line.len() > 1 {
                let rest = line[1..].to_vec();
                if !out.remaining.contains(&rest) {
                    out.remaining.push(rest);
                }
            }
        }
    }
    out
}

/// What answering the opponent's move did: the answer played (with its events) and the
/// private note for the lines' owner (a dropped answer).
#[derive(Default)]
pub(crate) struct Answered {
    /// The owner's seat and the answer played in their name, with what it caused.
    pub played: Option<(Seat, String, Vec<Event>)>,
    /// For the owner alone: answers that could not be played.
    pub note: Option<Private>,
}

impl Cx {
    /// The opponent of `mover` may have lines waiting for `played` (the moves `mover` just
    /// played in `m`, already in `next`): plays the answer in `m` and `next` (clock and
    /// count included), keeps the lines that go on, clears the others.
    pub(crate) fn answer_premoves(
        &self,
        next: &mut GameDoc,
        m: &mut Match,
        mover: Seat,
        played: &[String],
    ) -> Result<Answered, Failure> {
        let owner = mover.other();
        let lines = std::mem::take(&mut next.premoves[owner.index()]);
        let mut out = Answered::default();
        // A line predicts one move answering one move: a turn of more moves matches none, and
        // an answer waits for the owner's turn.
        let [theirs] = played else {
            return Ok(out);
        };
        if lines.is_empty() || m.position().status().seat() != Some(owner) {
            return Ok(out);
        }
        let position = m.position().clone();
        let followed = follow(lines, theirs, |answer| legal_after(&position, answer));
        if !followed.dropped.is_empty() {
            let why = Text::lines(followed.dropped.iter().map(|(e, why)| {
                t!(
                    "premove-dropped",
                    theirs = e.theirs.as_str(),
                    answer = e.answer.as_str(),
                    why = why.clone()
                )
            }));
            let player = &next.players[owner.index()];
            let mut text = t!("premove-dropped-head", id = next.id);
            text.line(why);
            out.note = Some(Private {
                to: player.id.clone(),
                name: player.name.clone(),
                text,
                boards: Vec::new(),
                files: Vec::new(),
                lang: None,
                news: true,
            });
        }
        let Some(answer) = followed.answer else {
            return Ok(out);
        };
        let events = {
            let mut rng = self.rng();
            m.play(&answer, &mut *rng)
        };
        let events = match events {
            Ok(ev) => ev,
            // Checked just above on the same position: cannot happen; the lines are gone.
            Err(_) => return Ok(out),
        };
        let now = self.now();
        next.set(m);
        next.moved[owner.index()] += 1;
        next.premoves[owner.index()] = followed.remaining;
        if m.position().status().seat().is_some() {
            next.spend(owner, now, true);
            self.start_turn(next, m, now)?;
        }
        out.played = Some((owner, answer, events));
        Ok(out)
    }
}

/// `premove [#id] [<their move> <answer> ...|clear]`: queues a line, lists the lines, or
/// clears them; answered to the speaker alone.
pub(crate) fn cmd_premove(
    cx: &Cx,
    ctx: &Context,
    id: Option<u64>,
    line: &[String],
) -> Result<Reply, Failure> {
    let stored = cx.find_game(ctx, id, "premove #id <their move> <your answer>")?;
    let g = &stored.doc;
    let seat = cx.require_active_player(ctx, g)?;
    if g.rule_set().uses_dice() {
        return Err(Failure::Refused(t!(
            "premove-dice",
            id = g.id,
            rule_set = skald_lang::rule_set_name(g.rule_set())
        )));
    }
    let mine = &g.premoves[seat.index()];
    let text = match line {
        [] => listed(g.id, mine),
        [word] if word.eq_ignore_ascii_case("clear") => {
            let mut next = g.clone();
            next.premoves[seat.index()].clear();
            cx.commit_game(stored.clone(), next)?;
            t!("premove-cleared", id = g.id, count = mine.len())
        }
        tokens => {
            let m = g.live()?;
            if m.position().status().seat() != Some(seat.other()) {
                return Err(Failure::Refused(t!("premove-not-their-turn", id = g.id)));
            }
            if mine.len() >= MAX_LINES {
                return Err(Failure::Refused(t!(
                    "premove-too-many",
                    id = g.id,
                    most = MAX_LINES
                )));
            }
            let new = read_line(m.position(), tokens, g.rule_set().has_hidden_information())?;
            let mut next = g.clone();
            if !next.premoves[seat.index()].contains(&new) {
                next.premoves[seat.index()].push(new.clone());
            }
            let count = next.premoves[seat.index()].len();
            cx.commit_game(stored.clone(), next)?;
            t!(
                "premove-queued",
                id = g.id,
                line = line_text(&new),
                count = count
            )
        }
    };
    Ok(Reply::alone(&ctx.user, text))
}

/// Whether `answer` can be played on `position` (the owner to move), and why not.
fn legal_after(position: &Position, answer: &str) -> Result<(), Text> {
    let mut p = position.clone();
    p.play(answer)
        .map(|_| ())
        .map_err(|e| skald_lang::move_error(&e))
}

/// Reads the typed tokens as exchanges: their move, then the answer, and so on. Each move is
/// read as `move` reads it (`f2-f5`, `F2F5`, `f2 f5`). Without hidden information the whole
/// line is played through from `position` and must be legal; in Subulata only the notation
/// is checked (checking more would need the opponent's hidden values): the answer is
/// checked when it is played.
fn read_line(position: &Position, tokens: &[String], hidden: bool) -> Result<PremoveLine, Failure> {
    let mut moves = Vec::new();
    let mut at = position.clone();
    let mut i = 0;
    while i < tokens.len() {
        let (text, used) = crate::game::next_move_text(&at, &tokens[i..]);
        i += used;
        let canonical = at
            .canonical_move(&text)
            .map_err(|e| refuse_move(&text, &e))?;
        if !hidden {
            at.play(&canonical).map_err(|e| refuse_move(&text, &e))?;
        }
        moves.push(canonical);
    }
    if moves.len() % 2 != 0 {
        return Err(Failure::Refused(t!(
            "premove-unpaired",
            last = moves.last().map_or("", String::as_str)
        )));
    }
    if moves.len() / 2 > MAX_EXCHANGES {
        return Err(Failure::Refused(t!(
            "premove-too-long",
            most = MAX_EXCHANGES
        )));
    }
    Ok(moves
        .chunks(2)
        .map(|pair| Exchange {
            theirs: pair[0].clone(),
            answer: pair[1].clone(),
        })
        .collect())
}

fn refuse_move(text: &str, e: &skald_rules::MoveError) -> Failure {
    Failure::Refused(t!(
        "premove-bad-move",
        input = text,
        why = skald_lang::move_error(e)
    ))
}

/// A line as players read it: `e7-e9 → d4-d6, e9-e8 → d6-d7`.
fn line_text(line: &PremoveLine) -> Text {
    Text::join(
        line.iter().map(|e| {
            t!(
                "premove-exchange",
                theirs = e.theirs.as_str(),
                answer = e.answer.as_str()
            )
        }),
        ", ",
    )
}

/// The owner's lines in game `id`.
fn listed(id: u64, lines: &[PremoveLine]) -> Text {
    if lines.is_empty() {
        return t!("premove-none", id = id);
    }
    let mut text = t!("premove-list-head", id = id, count = lines.len());
    for (n, line) in lines.iter().enumerate() {
        text.line(Text::verbatim(format!("{}. ", n + 1)).then(line_text(line)));
    }
    text
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &command::game::PREMOVE,
    acts: Acts::AsPlayer,
    run: |cx, ctx, cmd| match cmd {
        Command::Premove { game, line } => cmd_premove(cx, ctx, *game, line),
        _ => Err(misrouted(cmd)),
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    fn line(pairs: &[(&str, &str)]) -> PremoveLine {
        pairs
            .iter()
            .map(|(t, a)| Exchange {
                theirs: t.to_string(),
                answer: a.to_string(),
            })
            .collect()
    }

    #[test]
    fn the_first_line_that_predicted_the_move_answers_and_lines_that_agree_go_on() {
        let lines = vec![
            line(&[("a1-a2", "b1-b2"), ("a2-a3", "b2-b3")]),
            line(&[("c1-c2", "d1-d2")]),
            line(&[("a1-a2", "b1-b2"), ("a2-a4", "b2-b4")]),
            line(&[("a1-a2", "e1-e2"), ("a2-a3", "e2-e3")]),
        ];
        let f = follow(lines, "a1-a2", |_| Ok(()));
        assert_eq!(f.answer.as_deref(), Some("b1-b2"));
        assert_eq!(
            f.remaining,
            vec![line(&[("a2-a3", "b2-b3")]), line(&[("a2-a4", "b2-b4")])]
        );
        assert!(f.dropped.is_empty());
    }

    #[test]
    fn another_move_clears_every_line() {
        let lines = vec![line(&[("a1-a2", "b1-b2")]), line(&[("c1-c2", "d1-d2")])];
        let f = follow(lines, "e1-e2", |_| Ok(()));
        assert_eq!(f, Followed::default());
    }

    #[test]
    fn an_answer_made_illegal_drops_its_line_and_the_next_one_answers() {
        let lines = vec![
            line(&[("a1-a2", "b1-b2"), ("a2-a3", "b2-b3")]),
            line(&[("a1-a2", "c1-c2")]),
        ];
        let f = follow(lines, "a1-a2", |a| {
            if a == "b1-b2" {
                Err(Text::verbatim("b1-b2"))
            } else {
                Ok(())
            }
        });
        assert_eq!(f.answer.as_deref(), Some("c1-c2"));
        assert!(f.remaining.is_empty(), "the line that answered is done");
        assert_eq!(f.dropped.len(), 1);
        assert_eq!(f.dropped[0].0.answer, "b1-b2");
    }
}
