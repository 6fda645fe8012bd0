//! A tournament game's end, recorded in its tournament in the same commit as the game's end
//! (the one path every ending takes, `game/ending.rs`): the result, the next boards the
//! result allows (made into games in that commit too) and their announcement.

use super::doc::State;
use super::{TournamentDoc, pairing};
use crate::game::GameDoc;
use crate::reply::Notice;
use crate::store::Stored;
use crate::{Cx, Failure};

/// What a game's end adds to its commit when the game is a tournament's.
#[derive(Default)]
pub(crate) struct TournamentEffects {
    /// The tournament as read and as it becomes.
    pub tournaments: Vec<(Option<Stored<TournamentDoc>>, TournamentDoc)>,
    /// New games (the next round's, a knockout replay).
    pub games: Vec<(Option<Stored<GameDoc>>, GameDoc)>,
    /// The announcements, for the tournament's home channel.
    pub notices: Vec<Notice>,
}

impl Cx {
    /// What ending `game` (already finished, as it will be written) does to its tournament:
    /// nothing for a game outside one, or one whose result is recorded already.
    pub(crate) fn tournament_effects(&self, game: &GameDoc) -> Result<TournamentEffects, Failure> {
        let (Some(tid), Some(end)) = (game.tournament, game.end.as_ref()) else {
            return Ok(TournamentEffects::default());
        };
        let Some(stored) = self.store.tournament(tid)? else {
            tracing::warn!(
                game = game.id,
                tournament = tid,
                "a tournament game's tournament is missing"
            );
            return Ok(TournamentEffects::default());
        };
        let mut doc = stored.doc.clone();
        if doc.state != State::Running
            || !pairing::record(&mut doc, game.id, pairing::outcome_of(end))
        {
            return Ok(TournamentEffects::default());
        }
        let advance = pairing::next(&mut doc);
        let now = self.now();
        let games = self.make_games(&mut doc, &advance.new_games, now)?;
        if advance.finished {
            doc.finished = Some(now);
        }
        let notices = self
            .advance_notice(&doc, &advance, &games)
            .into_iter()
            .collect();
        // The last division of a league's season: the season turns over in this commit.
        let league = if advance.finished {
            self.league_effects(&doc)?
        } else {
            TournamentEffects::default()
        };
        let mut effects = TournamentEffects {
            tournaments: vec![(Some(stored), doc)],
            games: games.into_iter().map(|g| (None, g)).collect(),
            notices,
        };
        effects.tournaments.extend(league.tournaments);
        effects.games.extend(league.games);
        effects.notices.extend(league.notices);
        Ok(effects)
    }
}
