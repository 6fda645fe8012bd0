//! `review [#id]`: the engine's review of a finished game (`crate::review` makes it).
//! The first request stores where to post it and answers at once with how long it will
//! take; a request while it is being made adds its channel; a request once it is made
//! answers with it at once. A game still being played is refused: no engine help mid-game.

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::{Context, Home};
use crate::reply::Reply;
use crate::review::review_reply;
use crate::{Cx, Failure, t};
use skald_model::clock::{MINUTE, describe_duration};
use skald_model::review::{ReviewPost, ReviewRequest, ReviewState};

/// What one search of a review takes on one core at the standard budget, for the wait
/// announced to the asker (docs/ENGINE.md "Reviews" has the measured figures): about 0.3 s
/// in the tafl games and Subulata, whose playouts stop after 20 plies, and more in the dice
/// games, whose playouts run to the end.
fn seconds_per_search(dice: bool) -> f64 {
    if dice { 1.2 } else { 0.3 }
}

/// `review [#id]`: see the module's comment.
pub(crate) fn cmd_review(cx: &Cx, ctx: &Context, id: Option<u64>) -> Result<Reply, Failure> {
    let stored = cx.find_game_to_show(ctx, id, "review #id")?;
    let g = &stored.doc;
    if g.end.is_none() {
        return Err(Failure::Refused(t!("review-live", id = g.id)));
    }
    if g.seat_of(&ctx.user.id).is_none() && !g.is_home(&ctx.channel) {
        return Err(Failure::Refused(t!("review-not-here", id = g.id)));
    }
    let searches = g.moves_played();
    if searches == 0 {
        return Err(Failure::Refused(t!("review-nothing", id = g.id)));
    }
    let here = Home {
        platform: ctx.platform().to_string(),
        channel: ctx.channel.clone(),
    };
    let now = cx.now();
    let mut after = g.clone();
    let (text, key) = match &g.review {
        Some(ReviewState::Done(review)) => return Ok(review_reply(g, review)),
        Some(ReviewState::Pending(request)) => {
            let percent = request.done as usize * 100 / (request.total as usize).max(1);
            if request.posts.iter().any(|p| p.home.channel == here.channel) {
                // Already asked here: the first answer's message shows the progress.
                return Ok(Reply::done(t!(
                    "review-pending",
                    title = g.title(),
                    percent = percent
                )));
            }
            let mut request = request.clone();
            let key = progress_key(g.id, request.posts.len());
            request.posts.push(ReviewPost {
                home: here,
                lang: None,
                progress: key.clone(),
            });
            after.review = Some(ReviewState::Pending(request));
            (
                t!("review-pending", title = g.title(), percent = percent),
                key,
            )
        }
        None => {
            let key = progress_key(g.id, 0);
            after.review = Some(ReviewState::Pending(ReviewRequest {
                asked: now,
                posts: vec![ReviewPost {
                    home: here,
                    lang: None,
                    progress: key.clone(),
                }],
                look_at: now,
                holder: None,
                done: 0,
                total: 0,
            }));
            let secs = searches as f64
                * seconds_per_search(g.rule_set().uses_dice())
                * cx.config.engine_budget_scale
                / crate::engine_driver::default_threads() as f64;
            let minutes = ((secs / MINUTE as f64).ceil() as i64).max(1);
            (
                t!(
                    "review-started",
                    title = g.title(),
                    searches = searches,
                    time = describe_duration(minutes * MINUTE)
                ),
                key,
            )
        }
    };
    cx.commit_game(stored.clone(), after)?;
    let mut reply = Reply::done(text);
    reply.progress = Some(key);
    Ok(reply)
}

/// The name of the progress message of a review's `n`th asking channel.
fn progress_key(game: u64, n: usize) -> String {
    format!("review:{game}:{n}")
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &command::game::REVIEW,
    acts: Acts::AsPlayer,
    run: |cx, ctx, cmd| match cmd {
        Command::Review(id) => cmd_review(cx, ctx, *id),
        _ => Err(misrouted(cmd)),
    },
}];
