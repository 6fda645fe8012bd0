//! The read-only commands that list things: `games`, `history`, `ladder`, `rating`.

use super::clock::describe_duration;
use super::identity::{Context, UserId};
use super::ladder::{PROVISIONAL_RD, Standing};
use super::reply::Reply;
use super::{Cx, Failure};
use crate::command::{self, Command};
use crate::files::{File, FileBody, Outcome, rank_text};
use crate::handler::{Acts, Handler, misrouted};
use crate::{Text, t};
use skald_rules::RuleSetId;

/// How many players `ladder` shows, and how many finished games `history` lists.
const TOP: usize = 10;
/// How many of a rule set's last results `rating` names.
const LAST_RESULTS: usize = 5;

/// A name as a file name's part: letters, digits and `-`, at most 32 characters.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(32)
        .collect()
}

impl Cx {
    /// The name to show for a user id (their latest known name, else the id).
    fn display_name(&self, id: &UserId) -> Result<String, Failure> {
        Ok(self
            .store
            .user(id)?
            .map_or_else(|| id.id.clone(), |u| u.doc.user.name))
    }
}

/// `games`: the speaker's active games and the challenges that concern them here.
pub(crate) fn cmd_games(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    let now = cx.now();
    let mut lines = Vec::new();
    let (games, damaged) = cx.games_and_damaged_of(&ctx.user.id, true, usize::MAX)?;
    for g in games {
        let g = g.doc;
        let Some(seat) = g.seat_of(&ctx.user.id) else {
            continue;
        };
        let opponent = &g.players[seat.other().index()].name;
        let whose = if g.clock.seat == seat {
            t!("games-your-move")
        } else {
            t!("games-their-move", opponent = opponent)
        };
        let mut line = t!(
            "games-line",
            id = g.id,
            rule_set = skald_lang::rule_set_name(g.rule_set()),
            seat = skald_lang::seat_name(g.rule_set(), seat),
            opponent = opponent,
            whose = whose,
            deadline = g.clock.deadline.text(),
            left = describe_duration(g.clock.deadline.since(now).max(0))
        );
        if let (Some(mine), Some(theirs)) = (g.time_left(seat, now), g.time_left(seat.other(), now))
        {
            line.push(t!(
                "games-clocks",
                mine = crate::clock::short_duration(mine),
                opponent = opponent,
                theirs = crate::clock::short_duration(theirs)
            ));
        }
        if !g.is_home(&ctx.channel) {
            let home = g.home_for(ctx.platform());
            line.push(Text::verbatim(", "));
            line.push(crate::homes::channel_text(&home, ctx.platform()));
        }
        if Cx::has_offer_for(&g, &ctx.user.id) {
            line.push(t!("games-offer-waits"));
        }
        lines.push(line);
    }
    for (id, reason) in damaged {
        lines.push(super::damaged::unreadable_text(id, &reason));
    }
    let mut text = if lines.is_empty() {
        t!("games-none")
    } else {
        t!("games-title")
            .then(Text::verbatim("\n"))
            .then(indented(lines))
    };
    let challenges: Vec<Text> = cx
        .store
        .challenges()?
        .into_iter()
        .map(|c| c.doc)
        .filter(|c| {
            c.challenger.id == ctx.user.id
                || c.opponent.as_ref().is_some_and(|o| o.id == ctx.user.id)
                || (c.opponent.is_none() && c.reaches(ctx))
        })
        .map(|c| c.summary(&ctx.user))
        .collect();
    if challenges.is_empty() {
        text.line(t!("games-no-challenges"));
    } else {
        text.line(t!("games-challenges"));
        text.line(indented(challenges));
    }
    Ok(Reply::done(text))
}

/// `history`: the last finished games; `history #id`: one game's result and moves.
pub(crate) fn cmd_history(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    if id.is_some() {
        let g = cx.find_game(ctx, id, "history #id")?.doc;
        let mut text = cx.moves_text(&g);
        match g.result_text() {
            Some(r) => text.line(r),
            None => text.line(crate::t!("history-still-playing")),
        }
        return Ok(Reply::done(text));
    }
    let mut lines = Vec::new();
    for g in cx.games_of(&ctx.user.id, false, TOP)? {
        let g = g.doc;
        let (Some(seat), Some(end)) = (g.seat_of(&ctx.user.id), g.end) else {
            continue;
        };
        let verdict = match end.result.winner() {
            None => "none",
            Some(None) => "draw",
            Some(Some(w)) if w == seat => "won",
            Some(Some(_)) => "lost",
        };
        let mut line = t!(
            "history-line",
            id = g.id,
            rule_set = skald_lang::rule_set_name(g.rule_set()),
            opponent = &g.players[seat.other().index()].name,
            date = end.at.date(),
            verdict = verdict
        );
        if let Some(r) = end.ratings {
            line.push(t!("history-rating", change = r[seat.index()].describe()));
        }
        lines.push(line);
    }
    if lines.is_empty() {
        return Ok(Reply::done(t!("history-none")));
    }
    let mut text = t!("history-title");
    text.line(indented(lines));
    Ok(Reply::done(text))
}

/// `ladder [rule-set]`: the top of this community's ladder(s).
pub(crate) fn cmd_ladder(
    cx: &Cx,
    ctx: &Context,
    rule_set: Option<RuleSetId>,
) -> Result<Reply, Failure> {
    let sets: Vec<RuleSetId> = match rule_set {
        Some(r) => vec![r],
        None => RuleSetId::ALL.to_vec(),
    };
    let mut text = Text::new();
    let mut files = Vec::new();
    for r in sets {
        let rows = cx.sorted_ladder(&ctx.community, r)?;
        if rows.is_empty() {
            if rule_set.is_some() {
                text.line(t!(
                    "ladder-empty-game",
                    rule_set = skald_lang::rule_set_name(r)
                ));
            }
            continue;
        }
        text.line(t!(
            "ladder-title",
            rule_set = skald_lang::rule_set_name(r),
            n = rows.len()
        ));
        for (i, (user, s)) in rows.iter().take(TOP).enumerate() {
            text.line(t!(
                "ladder-row",
                place = format!("{:>2}", i + 1),
                name = cx.display_name(user)?,
                rating = s.shown(),
                deviation = s.deviation.round() as i64,
                games = s.games
            ));
        }
        // One ladder asked for by name: its top players' curves over the last 90 days.
        if rule_set.is_some() {
            let top = rows
                .iter()
                .take(TOP)
                .map(|(user, _)| Ok((user.clone(), cx.display_name(user)?)))
                .collect::<Result<Vec<_>, Failure>>()?;
            let curves = cx.ladder_curves(&ctx.community, r, &top)?;
            files.push(File {
                game: 0,
                stem: format!("skald-ladder-{}", r.id()),
                body: FileBody::Ladder(curves),
                caption: t!(
                    "ladder-chart-caption",
                    rule_set = skald_lang::rule_set_name(r)
                ),
            });
        }
    }
    if text.is_empty() {
        return Ok(Reply::done(t!("ladder-empty")));
    }
    text.line(t!("ladder-provisional", rd = PROVISIONAL_RD.to_string()));
    let mut reply = Reply::done(text);
    reply.files = files;
    Ok(reply)
}

/// `rating [@user]`: a player's standings in this community.
pub(crate) fn cmd_rating(cx: &Cx, ctx: &Context, handle: Option<&str>) -> Result<Reply, Failure> {
    let user = match handle {
        Some(h) => cx.resolve(ctx, h)?,
        None => ctx.user.clone(),
    };
    let history = cx.rating_history(&ctx.community, &user.id, &user.name)?;
    let mut lines = Vec::new();
    for r in RuleSetId::ALL {
        if let Some(s) = cx.store.standing(&ctx.community, r, &user.id)? {
            let mut line = standing_line(r, &s);
            // What the picture shows, in words: the place on the ladder, the last results.
            // The history's line has the place already; a standing without rated games in
            // the history (older than it reaches) is looked up.
            let rank = match history.lines.iter().find(|l| l.rule_set == r) {
                Some(line) => line.rank,
                None => cx.rank_of(&ctx.community, r, &user.id)?,
            };
            if let Some((place, n)) = rank {
                line.push(t!("rating-line-rank", rank = rank_text(place, n)));
            }
            let last: Vec<&str> = history
                .lines
                .iter()
                .filter(|l| l.rule_set == r)
                .flat_map(|l| {
                    l.points
                        .iter()
                        .rev()
                        .filter_map(|p| p.result)
                        .take(LAST_RESULTS)
                })
                .map(|o| match o {
                    Outcome::Win => "won",
                    Outcome::Loss => "lost",
                    Outcome::Draw => "drawn",
                })
                .collect();
            if !last.is_empty() {
                line.push(t!(
                    "rating-line-last",
                    results =
                        Text::join(last.iter().map(|w| t!("rating-result", result = *w)), ", ")
                ));
            }
            lines.push(line);
        }
    }
    if lines.is_empty() {
        return Ok(Reply::done(t!("rating-none", name = &user.name)));
    }
    let mut text = t!("rating-title", name = &user.name);
    text.line(indented(lines));
    let mut reply = Reply::done(text);
    if !history.lines.is_empty() {
        reply.files.push(File {
            game: 0,
            stem: format!("skald-rating-{}", file_safe(&user.name)),
            body: FileBody::Rating(history),
            caption: t!("rating-chart-caption", name = &user.name),
        });
    }
    Ok(reply)
}

/// `Hnefatafl 11x11: 1662? ±290, 1 game (1 won, 0 lost, 0 drawn)`.
fn standing_line(r: RuleSetId, s: &Standing) -> Text {
    t!(
        "rating-line",
        rule_set = skald_lang::rule_set_name(r),
        rating = s.shown(),
        deviation = s.deviation.round() as i64,
        games = s.games,
        wins = s.wins,
        losses = s.losses,
        draws = s.draws,
        provisional = if s.provisional() { "yes" } else { "no" }
    )
}

/// Lines of a list under its title, each indented by two spaces.
fn indented(lines: Vec<Text>) -> Text {
    Text::lines(lines.into_iter().map(|l| Text::verbatim("  ").then(l)))
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::lists::GAMES,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Games => cmd_games(cx, ctx),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::lists::HISTORY,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::History(id) => cmd_history(cx, ctx, *id),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::lists::LADDER,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Ladder(rule_set) => cmd_ladder(cx, ctx, *rule_set),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::lists::RATING,
        acts: Acts::AsPlayer,
        run: |cx, ctx, cmd| match cmd {
            Command::Rating(user) => cmd_rating(cx, ctx, user.as_deref()),
            _ => Err(misrouted(cmd)),
        },
    },
];
