//! The daily puzzle: once a day, at the hour a community's admin chose in its time zone, the
//! same puzzle for everyone, posted publicly (picture and theme, never the solution) in the
//! channels it was turned on in, preferring one from the community's own games. Answers are
//! private (`puzzle daily`, then `puzzle <move>` where only the solver reads it). The post
//! is edited with who solved it; the next day's post shows yesterday's solution.
//!
//! Once a day across restarts and processes: the post goes into the outbox in the same
//! compare-and-swap write of the community's document that moves its `next_post` to the
//! following day, as the daily digest does; the day is a calendar day of the chosen zone,
//! so the hour stays put across daylight saving changes.

use super::{give, pool, show};
use crate::clock::{Timestamp, describe_duration};
use crate::digest::{next_digest, read_time, read_zone};
use crate::identity::{ChannelId, Context, User};
use crate::reply::{Notice, Reply};
use crate::store::Commit;
use crate::{Cx, Failure, Text, t};
use skald_model::puzzle::{DailyPost, DailySetting, Puzzle, PuzzleRoom};

/// The hour a daily puzzle comes at when none is given.
const DEFAULT_AT: (u8, u8) = (9, 0);

/// How many posted days the community's document keeps (today's, yesterday's and a few
/// before, so a puzzle is not posted again soon).
const POSTS_KEPT: usize = 30;

/// The most solvers' names a post lists before "and N more".
const NAMES_SHOWN: usize = 20;

/// The day `at` falls on in `zone` (`2026-11-29`), as the community reads its calendar.
fn day_in(zone: &str, at: Timestamp) -> String {
    jiff::tz::TimeZone::get(zone)
        .ok()
        .and_then(|tz| {
            jiff::Timestamp::from_second(at.0)
                .ok()
                .map(|t| t.to_zoned_datetime(tz).date().to_string())
        })
        .unwrap_or_else(|| at.date())
}

/// What every daily post's name starts with.
const POST_NAME: &str = "daily-puzzle:";

/// The name under which a day's post is edited (the adapters keep the message it named).
fn post_name(room: &PuzzleRoom, day: &str) -> String {
    format!("{POST_NAME}{}:{day}", room.community)
}

/// The community and day a post's name ([`post_name`]) names; `None` for another name (a
/// review's progress). The day is last: a community's id has colons of its own.
fn read_post_name(name: &str) -> Option<(crate::CommunityId, &str)> {
    let (community, day) = name.strip_prefix(POST_NAME)?.rsplit_once(':')?;
    Some((crate::CommunityId(community.to_string()), day))
}

impl Cx {
    /// When the next daily puzzle is due in any community (the store's index of them).
    pub(crate) fn next_daily_puzzle_due(&self) -> Option<Timestamp> {
        self.store.next_daily_puzzle().unwrap_or_else(|e| {
            tracing::error!(error = %e, "cannot read the daily puzzles");
            None
        })
    }

    /// Posts the daily puzzles due by `now`, each in the write that moves its community's
    /// next post to the following day (a write that lost a race posts nothing).
    pub(crate) fn due_daily_puzzles(&self, now: Timestamp) -> Vec<Notice> {
        let due = match self.store.daily_puzzles_due(now) {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the daily puzzles");
                return Vec::new();
            }
        };
        let mut notices = Vec::new();
        for (_, community) in due {
            match self.post_daily(&community, now) {
                Ok(made) => notices.extend(made),
                Err(Failure::Conflict(_)) => {
                    tracing::debug!(community = %community, "a daily puzzle raced another write")
                }
                Err(e) => {
                    tracing::warn!(community = %community, error = ?e, "daily puzzle skipped")
                }
            }
        }
        notices
    }

    /// Posts one community's daily puzzle if it is due.
    fn post_daily(
        &self,
        community: &crate::CommunityId,
        now: Timestamp,
    ) -> Result<Vec<Notice>, Failure> {
        let Some(stored) = self.puzzle_room(community)? else {
            return Ok(Vec::new());
        };
        let mut room = stored.doc.clone();
        let Some(setting) = room.daily.clone() else {
            return Ok(Vec::new());
        };
        if room.next_post.is_none_or(|at| at > now) {
            return Ok(Vec::new());
        }
        let day = day_in(&setting.zone, now);
        room.next_post = Some(
            next_digest(setting.at, &setting.zone, now).unwrap_or(now.plus(crate::clock::DAY)),
        );
        let already = room.posted.iter().any(|p| p.day == day);
        let mut notices = Vec::new();
        if !already && let Some(puzzle) = todays_puzzle(&room) {
            let yesterday = room.posted.last().cloned();
            room.posted.push(DailyPost {
                day: day.clone(),
                puzzle: puzzle.clone(),
                solved_by: Vec::new(),
                messages: Vec::new(),
            });
            let extra = room.posted.len().saturating_sub(POSTS_KEPT);
            room.posted.drain(..extra);
            for (platform, channel) in &setting.channels {
                notices.push(self.daily_notice(
                    &room,
                    &day,
                    &puzzle,
                    yesterday.as_ref(),
                    platform,
                    channel,
                ));
            }
        }
        self.commit(
            Commit {
                puzzle_rooms: vec![(Some(stored), room)],
                outbox: self.outbox_entries(&notices),
                ..Commit::default()
            },
            None,
        )?;
        Ok(notices)
    }

    /// Keeps how `platform`'s adapter reaches the message it posted in `channel` under the
    /// progress name `name`, when that is a daily puzzle's post (other names, a review's
    /// progress, are the adapter's memory alone): the solvers' edits then carry it, so the
    /// post is edited by whichever process handles an answer, after a restart too. `false`
    /// when nothing was kept (not a daily post, or the store refused: logged).
    pub(crate) fn message_posted(
        &self,
        name: &str,
        platform: &str,
        channel: &ChannelId,
        handle: &str,
    ) -> bool {
        let Some((community, day)) = read_post_name(name) else {
            return false;
        };
        for _ in 0..4 {
            let stored = match self.puzzle_room(&community) {
                Ok(Some(stored)) => stored,
                Ok(None) => return false,
                Err(e) => {
                    tracing::warn!(community = %community, error = ?e, "cannot read a daily post");
                    return false;
                }
            };
            let mut room = stored.doc.clone();
            let Some(post) = room.posted.iter_mut().find(|p| p.day == day) else {
                return false;
            };
            if !post.remember_message(platform, channel, handle) {
                return true;
            }
            let commit = Commit {
                puzzle_rooms: vec![(Some(stored), room)],
                ..Commit::default()
            };
            match self.commit(commit, None) {
                Ok(_) => return true,
                Err(Failure::Conflict(_)) => continue,
                Err(e) => {
                    tracing::warn!(community = %community, error = ?e, "cannot keep a daily post's message");
                    return false;
                }
            }
        }
        false
    }

    /// A day's post in one channel: the puzzle's board and theme, how to answer, and
    /// yesterday's solution with its solvers.
    fn daily_notice(
        &self,
        room: &PuzzleRoom,
        day: &str,
        puzzle: &Puzzle,
        yesterday: Option<&DailyPost>,
        platform: &str,
        channel: &ChannelId,
    ) -> Notice {
        let mut reply = Reply::done(daily_text(day, puzzle, &[]));
        if let Ok(position) = puzzle.read_position() {
            reply
                .boards
                .push(show::board(&position, Vec::new(), show::solver(puzzle)));
        }
        if let Some(y) = yesterday {
            reply.text.line(t!(
                "puzzle-daily-yesterday",
                day = y.day.as_str(),
                line = show::line_text(&y.puzzle.solution),
                solvers = solvers_text(
                    &y.solved_by
                        .iter()
                        .map(|u| u.name.as_str())
                        .collect::<Vec<_>>()
                )
            ));
        }
        reply.progress = Some(post_name(room, day));
        self.set_languages_in(&mut reply, &room.community, None);
        Notice {
            channel: channel.clone(),
            platform: platform.to_string(),
            reply,
            said: None,
        }
    }
}

impl Cx {
    /// At start-up: each community whose configuration sets a daily puzzle
    /// (`[[community]] daily_puzzle`) has it stored as configured (its hour, zone and post
    /// channels), its next post planned; one already stored as configured is left as it is,
    /// so a restart neither skips nor repeats a day. Several processes agree (the write is
    /// compare-and-swap; the same setting either way).
    pub(crate) fn apply_configured_dailies(&self) {
        let now = self.now();
        for (community, at, zone) in self.config.communities.daily_puzzles() {
            let mut channels = Vec::new();
            for platform in self.config.communities.post_platforms(&community) {
                if let Some(channel) = self.config.communities.post_channel(&community, &platform) {
                    channels.push((platform, channel));
                }
            }
            let setting = DailySetting {
                at,
                zone: zone.clone(),
                channels,
            };
            for _ in 0..3 {
                let stored = match self.puzzle_room(&community) {
                    Ok(stored) => stored,
                    Err(e) => {
                        tracing::error!(error = ?e, "cannot read a community's daily puzzle");
                        break;
                    }
                };
                let mut room = stored
                    .as_ref()
                    .map_or_else(|| PuzzleRoom::new(community.clone()), |r| r.doc.clone());
                if room.daily.as_ref() == Some(&setting) && room.next_post.is_some() {
                    break;
                }
                room.daily = Some(setting.clone());
                room.next_post = next_digest(at, &zone, now);
                let commit = Commit {
                    puzzle_rooms: vec![(stored, room)],
                    ..Commit::default()
                };
                match self.commit(commit, None) {
                    Ok(_) => break,
                    Err(Failure::Conflict(_)) => continue,
                    Err(e) => {
                        tracing::error!(error = ?e, "cannot store a community's daily puzzle");
                        break;
                    }
                }
            }
        }
    }
}

/// The day's puzzle: the community's own newest not yet posted, else the starter set's
/// nearest its solvers' usual level (1500) among those not posted lately.
fn todays_puzzle(room: &PuzzleRoom) -> Option<Puzzle> {
    let posted = |p: &Puzzle| room.posted.iter().any(|d| d.puzzle.id() == p.id());
    if let Some(own) = room.mined.iter().rev().find(|p| !posted(p)) {
        return Some(own.clone());
    }
    // Families in turn, day after day, so each game's players get theirs (a family with
    // nothing left gives its day to the next).
    let families = skald_model::puzzle::PuzzleFamily::ALL;
    (0..families.len()).find_map(|i| {
        let family = families[(room.posted.len() + i) % families.len()];
        pool::puzzles_of(room, Some(family))
            .filter(|p| !posted(p))
            .min_by(|a, b| {
                let da = (pool::rating_in(room, a).rating - 1500.0).abs();
                let db = (pool::rating_in(room, b).rating - 1500.0).abs();
                da.total_cmp(&db).then_with(|| a.id().cmp(&b.id()))
            })
            .cloned()
    })
}

/// The post's words: the day, the rule set, who moves and what to find, where it came from,
/// how to answer, and who solved it so far.
fn daily_text(day: &str, puzzle: &Puzzle, solvers: &[&str]) -> Text {
    let seat = puzzle
        .read_position()
        .map(|p| show::mover(&p))
        .unwrap_or(skald_rules::Seat::A);
    let mut text = t!(
        "puzzle-daily-head",
        day = day,
        rule_set = skald_lang::rule_set_name(puzzle.rule_set),
        seat = skald_lang::seat_name(puzzle.rule_set, seat),
        theme = show::theme(puzzle)
    );
    if let Some(roll) = &puzzle.roll {
        text.line(t!("puzzle-roll", roll = roll.as_str()));
    }
    text.line(show::source(puzzle));
    text.line(t!("puzzle-daily-how"));
    if !solvers.is_empty() {
        text.line(t!("puzzle-daily-solved", solvers = solvers_text(solvers)));
    }
    text
}

/// "alice, bob and 3 more" (or "nobody yet").
fn solvers_text(names: &[&str]) -> Text {
    if names.is_empty() {
        return t!("puzzle-daily-nobody");
    }
    let shown: Vec<&str> = names.iter().take(NAMES_SHOWN).copied().collect();
    let more = names.len() - shown.len();
    if more == 0 {
        t!(
            "puzzle-daily-names",
            names = shown.join(", "),
            count = names.len()
        )
    } else {
        t!(
            "puzzle-daily-names-more",
            names = shown.join(", "),
            more = more,
            count = names.len()
        )
    }
}

/// Adds `user` to the solvers of `day`'s post in `room`, and returns the edits of that
/// post in each of its channels (written with the solver's commit).
pub(super) fn solved_by(cx: &Cx, room: &mut PuzzleRoom, day: &str, user: &User) -> Vec<Notice> {
    let Some(setting) = room.daily.clone() else {
        return Vec::new();
    };
    let Some(post) = room.posted.iter_mut().find(|p| p.day == day) else {
        return Vec::new();
    };
    if !post.solved_by.iter().any(|u| u.id == user.id) {
        post.solved_by.push(user.clone());
    }
    let names: Vec<String> = post.solved_by.iter().map(|u| u.name.clone()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let text = daily_text(day, &post.puzzle.clone(), &names);
    let post = post.clone();
    let name = post_name(room, day);
    setting
        .channels
        .iter()
        .map(|(platform, channel)| {
            let mut reply = Reply::done(text.clone());
            reply.replaces = Some(name.clone());
            reply.replaces_posted = post.message_in(platform, channel).map(String::from);
            cx.set_languages_in(&mut reply, &room.community, None);
            Notice {
                channel: channel.clone(),
                platform: platform.clone(),
                reply,
                said: None,
            }
        })
        .collect()
}

/// `puzzle daily [on [HH:MM] [zone] | off]`.
pub(super) fn cmd_daily(cx: &Cx, ctx: &Context, words: &[String]) -> Result<Reply, Failure> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    match lower.first().map(String::as_str) {
        None => solve_today(cx, ctx),
        Some("on") => turn_on(cx, ctx, &words[1..]),
        Some("off") if words.len() == 1 => turn_off(cx, ctx),
        Some(_) => Err(Failure::Refused(t!("puzzle-daily-usage"))),
    }
}

/// `puzzle daily`: today's puzzle, privately, to solve (once a day).
fn solve_today(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    let (stored, mut doc) = cx.own_doc(ctx)?;
    // Here, else (asked in a direct room, its own scope) the daily puzzle of a community
    // the player uses Skald in.
    let here = std::iter::once(ctx.community.clone());
    let theirs = doc.seen_in.keys().map(|c| {
        cx.config
            .communities
            .community_of(&crate::CommunityId(c.clone()))
    });
    let mut found = None;
    for community in here.chain(theirs) {
        if let Some(r) = cx.puzzle_room(&community)?
            && r.doc.daily.is_some()
            && !r.doc.posted.is_empty()
        {
            found = Some(r);
            break;
        }
    }
    let Some(room) = found else {
        return Err(Failure::Refused(t!("puzzle-daily-none")));
    };
    let community = room.doc.community.clone();
    let room = Some(room);
    let Some(today) = room.as_ref().and_then(|r| r.doc.posted.last().cloned()) else {
        return Err(Failure::Refused(t!("puzzle-daily-none")));
    };
    let key = (community.clone(), today.day.clone());
    if doc.puzzles.dailies.contains(&key) {
        let next = room
            .as_ref()
            .and_then(|r| r.doc.next_post)
            .map(|at| describe_duration(at.since(cx.now()).max(0)));
        return Err(Failure::Refused(match next {
            Some(wait) => t!("puzzle-daily-done", wait = wait),
            None => t!("puzzle-daily-done-last"),
        }));
    }
    if let Some(active) = &doc.puzzles.active {
        if active.daily.as_ref() == Some(&today.day) {
            return give::shown_again(ctx, &doc.puzzles, active);
        }
        let mut reply = give::shown_again(ctx, &doc.puzzles, active)?;
        reply.private[0].text.line(t!("puzzle-finish-first"));
        return Ok(reply);
    }
    let rating = room.as_ref().map_or_else(
        || skald_model::puzzle::PuzzleRating::new_puzzle(today.puzzle.rating),
        |r| pool::rating_in(&r.doc, &today.puzzle),
    );
    let mut active = give::start(
        today.puzzle.clone(),
        rating,
        ctx,
        cx.now(),
        Some(today.day.clone()),
    )?;
    // Rated and counted in the community whose daily puzzle it is.
    active.community = community;
    doc.puzzles.active = Some(Box::new(active.clone()));
    give::give(cx, ctx, stored, doc, &active)
}

/// `puzzle daily on [HH:MM] [zone]` (an admin): posted in this channel, and in the
/// community's post channels on its other platforms.
fn turn_on(cx: &Cx, ctx: &Context, words: &[String]) -> Result<Reply, Failure> {
    configured_elsewhere(cx, ctx)?;
    if !ctx.admin {
        return Err(Failure::Refused(t!("puzzle-daily-admins")));
    }
    let stored = cx.puzzle_room(&ctx.community)?;
    let mut room = stored
        .as_ref()
        .map_or_else(|| PuzzleRoom::new(ctx.community.clone()), |r| r.doc.clone());
    let previous = room.daily.as_ref();
    let mut at = previous.map_or(DEFAULT_AT, |d| d.at);
    let mut zone = previous.map_or_else(|| "UTC".to_string(), |d| d.zone.clone());
    for word in words {
        if let Some(t) = read_time(word) {
            at = t;
        } else if let Some(z) = read_zone(word) {
            zone = z;
        } else {
            return Err(Failure::Refused(t!(
                "puzzle-daily-bad-word",
                word = word.as_str()
            )));
        }
    }
    let Some(next) = next_digest(at, &zone, cx.now()) else {
        return Err(Failure::Refused(t!(
            "puzzle-daily-bad-word",
            word = zone.as_str()
        )));
    };
    let platform = ctx.platform().to_string();
    let mut channels = vec![(platform.clone(), ctx.channel.clone())];
    for other in cx.config.communities.post_platforms(&ctx.community) {
        if other != platform
            && let Some(channel) = cx.config.communities.post_channel(&ctx.community, &other)
        {
            channels.push((other, channel));
        }
    }
    room.daily = Some(DailySetting {
        at,
        zone: zone.clone(),
        channels,
    });
    room.next_post = Some(next);
    cx.commit(
        Commit {
            puzzle_rooms: vec![(stored, room)],
            ..Commit::default()
        },
        None,
    )?;
    Ok(Reply::done(t!(
        "puzzle-daily-on",
        at = format!("{:02}:{:02}", at.0, at.1),
        zone = zone.as_str(),
        wait = describe_duration(next.since(cx.now()).max(0))
    )))
}

/// A community whose daily puzzle the bot's configuration sets is changed there, by its
/// operator, not in chat: the refusal says so.
fn configured_elsewhere(cx: &Cx, ctx: &Context) -> Result<(), Failure> {
    match cx.config.communities.daily_puzzle(&ctx.community) {
        Some((at, zone)) => Err(Failure::Refused(t!(
            "puzzle-daily-configured",
            at = format!("{:02}:{:02}", at.0, at.1),
            zone = zone.as_str()
        ))),
        None => Ok(()),
    }
}

/// `puzzle daily off` (an admin).
fn turn_off(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    configured_elsewhere(cx, ctx)?;
    if !ctx.admin {
        return Err(Failure::Refused(t!("puzzle-daily-admins")));
    }
    let Some(stored) = cx.puzzle_room(&ctx.community)? else {
        return Ok(Reply::done(t!("puzzle-daily-off")));
    };
    let mut room = stored.doc.clone();
    room.daily = None;
    room.next_post = None;
    cx.commit(
        Commit {
            puzzle_rooms: vec![(Some(stored), room)],
            ..Commit::default()
        },
        None,
    )?;
    Ok(Reply::done(t!("puzzle-daily-off")))
}
