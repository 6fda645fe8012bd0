//! Finding the game a command means: `#id`, or else the speaker's only active game in the
//! channel (`board` and `moves` fall back on the last finished one), with the refusals that
//! name the choices; and the checks every game command makes (right channel, a player of an
//! active game).

use super::GameDoc;
use crate::identity::{Context, UserId};
use crate::store::{StoreError, Stored};
use crate::{Cx, Failure};
use skald_rules::Seat;

/// A game that cannot be read: its number and what is wrong.
pub(crate) type Damaged = (u64, String);

/// How many of the newest finished games in a channel a command without a number tries,
/// when the newest cannot be read.
const FINISHED_TRIES: usize = 4;

impl Cx {
    /// A user's active games, oldest first, or finished games, newest first (at most
    /// `limit`).
    pub(crate) fn games_of(
        &self,
        user: &UserId,
        active: bool,
        limit: usize,
    ) -> Result<Vec<Stored<GameDoc>>, Failure> {
        Ok(self.games_and_damaged_of(user, active, limit)?.0)
    }

    /// [`Cx::games_of`], and the numbers of the user's games that cannot be read (left
    /// out of the list, so one damaged game does not hide the others).
    pub(crate) fn games_and_damaged_of(
        &self,
        user: &UserId,
        active: bool,
        limit: usize,
    ) -> Result<(Vec<Stored<GameDoc>>, Vec<Damaged>), Failure> {
        let mut ids: Vec<u64> = self
            .store
            .user_games(user)?
            .into_iter()
            .filter(|(_, a)| *a == active)
            .map(|(id, _)| id)
            .collect();
        if !active {
            ids.reverse();
        }
        self.read_games(ids.into_iter().take(limit))
    }

    /// The games `ids` names, in that order, and the numbers of those that cannot be read
    /// (left out, logged).
    fn read_games(
        &self,
        ids: impl IntoIterator<Item = u64>,
    ) -> Result<(Vec<Stored<GameDoc>>, Vec<Damaged>), Failure> {
        let mut games = Vec::new();
        let mut damaged = Vec::new();
        for id in ids {
            match self.store.game(id) {
                Ok(Some(g)) => games.push(g),
                Ok(None) => {}
                Err(StoreError::UnreadableGame { id, reason }) => {
                    tracing::error!(game = id, %reason, "a stored game cannot be read; left out of a list");
                    damaged.push((id, reason));
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok((games, damaged))
    }

    /// The speaker's games at home in this channel, from the store's index by channel
    /// ([`crate::store::Store::channel_games`]): the active ones, or the newest finished
    /// one. What a command without a number reads, the same however many games the
    /// speaker played elsewhere or finished before.
    fn games_here(&self, ctx: &Context, active: bool) -> Result<Vec<Stored<GameDoc>>, Failure> {
        // A finished game that cannot be read is passed over for the one before it, up
        // to a few.
        let limit = if active { usize::MAX } else { FINISHED_TRIES };
        let ids = self
            .store
            .channel_games(&ctx.user.id, &ctx.channel, active, limit)?;
        let (games, _) = self.read_games(ids)?;
        let mut here = games
            .into_iter()
            .filter(|g| g.doc.is_home(&ctx.channel) && g.doc.end.is_none() == active);
        Ok(if active {
            here.collect()
        } else {
            here.next().into_iter().collect()
        })
    }

    /// The game a command is about: `#id`, or the speaker's only active game in the channel.
    pub(crate) fn find_game(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
    ) -> Result<Stored<GameDoc>, Failure> {
        self.find_game_or_last(ctx, id, example, false)
    }

    /// The game `board` and `moves` show: as [`Self::find_game`], but with no active game
    /// here the speaker's most recently finished one, so a player can look back at the game
    /// that just ended without looking up its number.
    pub(crate) fn find_game_to_show(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
    ) -> Result<Stored<GameDoc>, Failure> {
        self.find_game_or_last(ctx, id, example, true)
    }

    /// [`Self::find_game`], falling back on the last finished game here if `or_last`.
    fn find_game_or_last(
        &self,
        ctx: &Context,
        id: Option<u64>,
        example: &str,
        or_last: bool,
    ) -> Result<Stored<GameDoc>, Failure> {
        if let Some(id) = id {
            return match self.store.game(id)? {
                Some(g) => Ok(g),
                None if self.store.challenge(id)?.is_some() => Err(Failure::Refused(crate::t!(
                    "find-challenge-not-game",
                    id = id
                ))),
                None => Err(Failure::Refused(crate::t!("find-no-such-game", id = id))),
            };
        }
        let mut here = self.games_here(ctx, true)?;
        match here.len() {
            1 => Ok(here.remove(0)),
            0 => {
                let none = || Failure::Refused(crate::t!("find-no-active-game"));
                match or_last.then(|| self.find_finished_game(ctx, None)) {
                    Some(Err(Failure::Refused(_))) | None => Err(none()),
                    Some(found) => found,
                }
            }
            _ => {
                let titles = crate::Text::join(here.iter().map(|g| g.doc.title()), "; ");
                Err(Failure::Refused(crate::t!(
                    "find-which-game",
                    n = here.len(),
                    games = titles,
                    example = example.replace("#id", &format!("#{}", here[0].doc.id))
                )))
            }
        }
    }

    /// The most recently finished game of the speaker in this channel, or `#id`.
    pub(crate) fn find_finished_game(
        &self,
        ctx: &Context,
        id: Option<u64>,
    ) -> Result<Stored<GameDoc>, Failure> {
        if id.is_some() {
            return self.find_game(ctx, id, "");
        }
        self.games_here(ctx, false)?
            .pop()
            .ok_or_else(|| Failure::Refused(crate::t!("find-no-finished-game")))
    }

    /// Refuses a command sent to a game from another channel.
    pub(crate) fn require_channel(&self, ctx: &Context, g: &GameDoc) -> Result<(), Failure> {
        if !g.is_home(&ctx.channel) {
            return Err(Failure::Refused(crate::t!(
                "find-other-channel",
                id = g.id,
                channel = g.channel.0.clone()
            )));
        }
        Ok(())
    }

    /// The speaker's seat in an active game, or a refusal.
    pub(crate) fn require_active_player(
        &self,
        ctx: &Context,
        g: &GameDoc,
    ) -> Result<Seat, Failure> {
        let Some(seat) = g.seat_of(&ctx.user.id) else {
            return Err(Failure::Refused(crate::t!(
                "find-not-your-game",
                id = g.id,
                a = &g.players[0].name,
                b = &g.players[1].name
            )));
        };
        if let Some(text) = g.result_text() {
            return Err(Failure::Refused(crate::t!(
                "find-game-over",
                id = g.id,
                result = text
            )));
        }
        Ok(seat)
    }
}
