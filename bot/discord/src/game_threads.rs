//! Tournament games in threads of their own (`discord.threads = true`). A round's
//! announcement lists its new games ([`skald_session::Reply::own_channels`]); wherever it
//! is posted on Discord (a `/tournament` answer, or a notice of the background loop when a
//! round begins after a game ended, from any process), each game gets a public thread in
//! the announcement's channel, the session moves the game there
//! ([`Session::move_game_channel`]), the game's opening message (which game, whose move,
//! the board, both players pinged) is posted in the thread, and the announcement, posted
//! in the channel after that, points to each thread instead of pinging the players again.
//!
//! Exactly once: the game is moved before anything is posted in its thread, and a game
//! already moved (the same notice posted again after a crash) keeps its thread: no second
//! thread is made, and its opening goes out under the same nonce as the first time. Only a
//! crash between making the thread and moving the game leaves an empty thread behind (and
//! a second one is made when the notice is posted again); a game moved meanwhile by
//! another poster keeps that poster's thread and the one just made is deleted.

use super::deliver::{self, Locales};
use super::server_locales::ServerLocales;
use poise::serenity_prelude as serenity;
use skald_port::once_key::{OnceKey, Parts};
use skald_session::own_channel::OwnChannel;
use skald_session::{ChannelId, Lang, Reply, Session, t};
use std::sync::Arc;

/// What making the threads needs.
#[derive(Clone, Copy)]
pub struct Threads<'a> {
    /// Discord's HTTP API.
    pub http: &'a serenity::Http,
    /// The session, which keeps each game's channel.
    pub session: &'a Arc<Session>,
    /// Each channel's server language: a thread reads its parent's.
    pub servers: &'a ServerLocales,
}

impl Threads<'_> {
    /// Gives each game of `reply` that may have a channel of its own a thread in `home`
    /// (the channel the reply is posted in), moves it there and posts its opening message
    /// there (each under the next key of `parts`, for a notice from the outbox). Returns
    /// the reply to post in `home`: a pointer to each game's thread added, and those games'
    /// players no longer pinged there (their thread's opening pings them). A game whose
    /// thread cannot be made (no permission, a thread as `home`) stays in `home`, where the
    /// announcement names it.
    pub async fn open(
        self,
        home: serenity::ChannelId,
        guild: Option<Lang>,
        mut reply: Reply,
        parts: &Parts,
    ) -> Reply {
        for game in std::mem::take(&mut reply.own_channels) {
            // One key per game whether or not it is posted, so a repeat gets the same keys.
            let key = parts.next();
            let Some(thread) = self.thread_of(home, &game).await else {
                continue;
            };
            self.servers.learn(thread, guild);
            self.post_opening(thread, &game, guild, key).await;
            reply.line(t!(
                "discord-game-in-thread",
                game = game.game,
                thread = thread.to_string()
            ));
            reply.notify.retain(|u| !game.opening.notify.contains(u));
        }
        reply
    }

    /// The thread `game` lives in: the one it moved to already (a notice posted again),
    /// else a new one in `home` that the session now keeps as the game's channel. `None`
    /// when the game stays in `home`.
    async fn thread_of(
        &self,
        home: serenity::ChannelId,
        game: &OwnChannel,
    ) -> Option<serenity::ChannelId> {
        let id = game.game;
        let session = self.session.clone();
        match tokio::task::spawn_blocking(move || session.game_channel(id)).await {
            Ok(Ok(Some(now))) if now != game.from => return snowflake(&now),
            Ok(Ok(Some(_))) => {}
            Ok(Ok(None)) => {
                tracing::warn!(
                    game = id,
                    "a tournament game to open a thread for is missing"
                );
                return None;
            }
            Ok(Err(e)) => {
                tracing::warn!(game = id, error = %e, "cannot read a tournament game's channel");
                return None;
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "cannot read a tournament game's channel");
                return None;
            }
        }
        let name: String = game
            .name
            .chars()
            .take(skald_session::own_channel::NAME_MAX_CHARS)
            .collect();
        let made = match home
            .create_thread(
                self.http,
                serenity::CreateThread::new(name)
                    .kind(serenity::ChannelType::PublicThread)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await
        {
            Ok(t) => {
                super::thread_sweep::die_here_if_asked();
                t.id
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, %home, "cannot open a tournament game's thread; it stays in the channel");
                return None;
            }
        };
        let (session, from, to) = (
            self.session.clone(),
            game.from.clone(),
            ChannelId(made.to_string()),
        );
        let moved = {
            let to = to.clone();
            tokio::task::spawn_blocking(move || session.move_game_channel(id, &from, &to)).await
        };
        let lives = match moved {
            Ok(Ok(Some(now))) if now == to => return Some(made),
            // Moved by another poster first: its thread is the game's.
            Ok(Ok(Some(now))) => snowflake(&now),
            Ok(Ok(None)) => None,
            Ok(Err(e)) => {
                tracing::warn!(game = id, error = %e, "cannot move a tournament game to its thread");
                None
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "cannot move a tournament game to its thread");
                None
            }
        };
        if let Err(e) = made.delete(self.http).await {
            tracing::warn!(error = %e, thread = %made, "cannot delete an unused thread");
        }
        lives
    }

    /// Posts `game`'s opening message in its thread, in its server's language.
    async fn post_opening(
        &self,
        thread: serenity::ChannelId,
        game: &OwnChannel,
        guild: Option<Lang>,
        key: Option<OnceKey>,
    ) {
        let opening = game.opening.clone();
        let locales = Locales { user: None, guild };
        let prepared = match tokio::task::spawn_blocking(move || {
            deliver::prepare(&opening, None, locales)
        })
        .await
        {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(game = game.game, error = %e, "cannot prepare a tournament game's opening");
                return;
            }
        };
        if prepared.public.is_none() {
            return;
        }
        // A continuation's key is the opening's, with its place after it.
        let keys =
            std::iter::once(key.clone()).chain((1..).map(|i| key.as_ref().map(|k| k.part(i))));
        for (part, key) in prepared.channel_messages().zip(keys) {
            let message = deliver::once(deliver::channel_message(part), key);
            if let Err(e) = thread.send_message(self.http, message).await {
                tracing::warn!(game = game.game, error = %e, %thread, "cannot post a tournament game's opening");
                return;
            }
        }
    }
}

/// A Discord channel id from the session's channel (a snowflake); `None` for another
/// platform's.
fn snowflake(channel: &ChannelId) -> Option<serenity::ChannelId> {
    channel
        .0
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(serenity::ChannelId::new)
}
