//! A game that may get a channel of its own where its announcement is posted (on Discord,
//! a thread under the tournament's channel), and moving a game's channel there; and a
//! challenge that may get a channel of its own where it is made (on Discord, a thread per
//! challenge), with what to do with that channel.
//!
//! The session decides nothing about platforms: a round's announcement lists its new games
//! as [`OwnChannel`]s ([`Reply::own_channels`]); an adapter whose platform has channels
//! that can be made on the spot (Discord threads, with `discord.threads`) may make one per
//! game, tell the session with [`Session::move_game_channel`], and post the game's
//! [`OwnChannel::opening`] there. Other adapters ignore the list: the announcement already
//! names every game, which stays in the channel it was made in.
//!
//! Moving a game's channel is one compare-and-swap on the game: it applies only while the
//! game is still where the announcement left it, so two posters (a notice posted again after
//! a crash, two processes) cannot send one game to two channels; the second learns where
//! the game went and posts there.
//!
//! A challenge is planned before its channel is made ([`Session::challenge_channel`]): one
//! the session would refuse gets its refusal and no channel, any other the name of its
//! channel. Made there ([`Session::challenge_in_own_channel`]), its answer says whether the
//! channel stays: a challenge refused after all (a race) leaves no channel behind.

use crate::command::{ChallengeSpec, Command};
use crate::game::GameDoc;
use crate::identity::{ChannelId, Context};
use crate::reply::{Reply, ReplyKind};
use crate::store::{Commit, CommitError, StoreError};
use crate::tournament::TournamentDoc;
use crate::{Cx, Session, t};
use skald_rules::Seat;

pub use skald_model::reply::{NAME_MAX_CHARS, OwnChannel};

/// How many times a move is tried again after another write to the game came first.
const RETRIES: usize = 8;

/// A channel's name made of the rule set and who it is for (`Hnefatafl 11x11 – alice v
/// bob`), cut to [`NAME_MAX_CHARS`] characters: the one way own channels are named.
fn channel_name(rule_set: &str, who: &str) -> String {
    format!("{rule_set} – {who}")
        .chars()
        .take(NAME_MAX_CHARS)
        .collect()
}

/// What becomes of a challenge on a platform that can give it a channel of its own (Discord
/// with `discord.threads`, in a server), decided before any channel is made: so a challenge
/// the session refuses leaves nothing behind, and every own channel is named by the session.
#[derive(Clone, Debug)]
pub enum ChallengeChannel {
    /// The challenge would be refused: this answer goes to its author alone, and no channel
    /// is made.
    Refused(Box<Reply>),
    /// Make a channel of its own, then run the challenge there
    /// ([`Session::challenge_in_own_channel`]).
    Open {
        /// The new channel's name, at most [`NAME_MAX_CHARS`] characters: the rule set
        /// and the challenger's name as their platform shows it (`Hnefatafl 11x11 – Alice`).
        name: String,
    },
}

/// A challenge run in the channel just made for it: the answer, and whether the channel
/// stays.
#[derive(Clone, Debug)]
pub struct InOwnChannel {
    /// The answer: its public part posted in the new channel, its private parts to the
    /// caller.
    pub reply: Reply,
    /// Whether the new channel is kept. `false` when the challenge was refused after all
    /// (another command of the caller's raced it past a limit): nothing lives in the
    /// channel, so it is removed, and the refusal goes to its author alone.
    pub keep_channel: bool,
}

impl Session {
    /// Whether a challenge gets a channel of its own, and its name: asked by an adapter
    /// that can make one (Discord's thread per challenge) before it makes it. Nothing is
    /// written and the rate limit is not charged; a challenge that passes is checked again
    /// when it is made, in its channel.
    pub fn challenge_channel(&self, ctx: &Context, spec: &ChallengeSpec) -> ChallengeChannel {
        if let Some(refusal) = self.cx.challenge_refusal(ctx, spec) {
            return ChallengeChannel::Refused(Box::new(refusal));
        }
        // The rule set as the challenge's choice shows it (`Ad Elta Stelpur`).
        let rule_set = skald_lang::rule_set_choice(spec.rule_set).en();
        ChallengeChannel::Open {
            name: channel_name(&rule_set, &ctx.user.name),
        }
    }

    /// Makes the challenge in the channel just made for it (`ctx`'s channel), as
    /// [`Session::execute`] does, and says whether that channel stays: only when the
    /// challenge was made (a refusal, a conflict or a failure leaves the channel empty).
    pub fn challenge_in_own_channel(&self, ctx: &Context, spec: ChallengeSpec) -> InOwnChannel {
        let reply = self.execute(ctx, Command::Challenge(spec));
        let keep_channel = reply.kind == ReplyKind::Done;
        InOwnChannel {
            reply,
            keep_channel,
        }
    }
}

impl Cx {
    /// The channel game `id` lives in now; `None` when there is no such game.
    pub fn game_channel(&self, id: u64) -> Result<Option<ChannelId>, StoreError> {
        Ok(self.store.game(id)?.map(|g| g.doc.channel))
    }

    /// Moves game `id` from channel `from` to `to` (its own channel, just made), in its
    /// channel and in the home on that channel. Returns where the game lives afterwards:
    /// `to` when it moved now or had moved there already (idempotent), another channel when
    /// it had moved elsewhere first (the caller's new channel is then not used), `None`
    /// when there is no such game. Compare-and-swap on the game: a write racing it (a move
    /// played meanwhile) makes it read the game again.
    pub fn move_game_channel(
        &self,
        id: u64,
        from: &ChannelId,
        to: &ChannelId,
    ) -> Result<Option<ChannelId>, StoreError> {
        for _ in 0..RETRIES {
            let Some(stored) = self.store.game(id)? else {
                return Ok(None);
            };
            if stored.doc.channel != *from {
                return Ok(Some(stored.doc.channel));
            }
            let mut moved = stored.doc.clone();
            moved.channel = to.clone();
            for home in &mut moved.homes {
                if home.channel == *from {
                    home.channel = to.clone();
                }
            }
            match self.store.commit(Commit {
                games: vec![(Some(stored), moved)],
                ..Commit::default()
            }) {
                Ok(_) => {
                    tracing::info!(game = id, channel = %to.0, "game moved to its own channel");
                    return Ok(Some(to.clone()));
                }
                Err(CommitError::Conflict) => continue,
                Err(CommitError::Store(e)) => return Err(e),
            }
        }
        // Written to again and again meanwhile: say where it is now.
        self.game_channel(id)
    }

    /// Whether a challenge or a tournament game lives in `channel`: a thread the adapter
    /// made for one (`discord.threads`) is in use; one holding neither was left behind by
    /// a process that died between making it and moving the game or challenge there, and
    /// may go. Reads the open challenges and the games of every tournament, once per
    /// channel asked about (the adapter asks only about its own empty threads, at start-up).
    pub fn channel_in_use(&self, channel: &ChannelId) -> Result<bool, StoreError> {
        if self
            .store
            .challenges()?
            .iter()
            .any(|c| c.doc.channel == *channel)
        {
            return Ok(true);
        }
        for t in self.store.tournaments()? {
            let games = t
                .doc
                .rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .filter_map(|p| p.game);
            for id in games {
                if self.game_channel(id)?.as_ref() == Some(channel) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The new games of `doc` announced in its home channel, each as an [`OwnChannel`] with
    /// its opening message. A game that cannot be read (a bug) is left out: it stays in the
    /// home channel, where the announcement names it.
    pub(crate) fn own_channels(&self, doc: &TournamentDoc, games: &[GameDoc]) -> Vec<OwnChannel> {
        let rule_set = skald_lang::rule_set_name(doc.rule_set).en();
        games
            .iter()
            .filter(|g| g.channel == doc.home.channel)
            .filter_map(|g| {
                let m = g.live().ok()?;
                let headline = t!(
                    "tournament-game-opening",
                    game = g.id,
                    id = doc.id,
                    rule_set = skald_lang::rule_set_name(g.rule_set()),
                    a = g.label(Seat::A),
                    b = g.label(Seat::B)
                );
                let now = self.now();
                let mut opening = self.game_reply(g, &m, headline, &[], None, now);
                // Each player sees their own values with `board`, privately, as in the
                // home channel.
                opening.private.clear();
                for p in &g.players {
                    opening.ping(&p.id);
                }
                self.to_accounts(&mut opening);
                self.set_languages_in(&mut opening, &g.community, None);
                let players = format!("{} v {}", g.players[0].name, g.players[1].name);
                let name = channel_name(&rule_set, &players);
                Some(OwnChannel {
                    game: g.id,
                    from: g.channel.clone(),
                    name,
                    opening,
                })
            })
            .collect()
    }
}
