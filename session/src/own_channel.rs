//! A game that may get a channel of its own where its announcement is posted (on Discord,
//! a thread under the tournament's channel), and moving a game's channel there.
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

use crate::game::GameDoc;
use crate::identity::ChannelId;
use crate::store::{Commit, CommitError, StoreError};
use crate::tournament::TournamentDoc;
use crate::{Session, t};
use skald_rules::Seat;

pub use skald_model::reply::{NAME_MAX_CHARS, OwnChannel};

/// How many times a move is tried again after another write to the game came first.
const RETRIES: usize = 8;

impl Session {
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
                let name: String =
                    format!("{rule_set} – {} v {}", g.players[0].name, g.players[1].name)
                        .chars()
                        .take(NAME_MAX_CHARS)
                        .collect();
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
