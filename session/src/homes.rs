//! Posting a game in every home it has (the homes themselves: `skald_model::homes`).

use crate::game::GameDoc;
use crate::identity::ChannelId;
use crate::{Cx, Notice, Reply};
pub use skald_model::homes::*;

impl Cx {
    /// A notice about `g` as posted in each of its homes (pings and private parts reaching
    /// every account of each player, each home keeping its platform's).
    pub(crate) fn fan_out(&self, g: &GameDoc, mut reply: Reply) -> Vec<Notice> {
        self.to_accounts(&mut reply);
        self.set_languages_in(&mut reply, &g.community, None);
        g.homes()
            .into_iter()
            .map(|h| Notice {
                platform: g.platform_of(&h),
                reply: for_platform(reply.clone(), &h.platform),
                channel: h.channel,
                said: None,
            })
            .collect()
    }

    /// The copies of a command's reply for the other homes of the games it shows, the
    /// caller's own channel (`here`) left out.
    pub(crate) fn elsewhere(&self, reply: &Reply, here: &ChannelId) -> Vec<Notice> {
        let mut games: Vec<u64> = reply.boards.iter().map(|b| b.game).collect();
        games.dedup();
        let mut out = Vec::new();
        for id in games {
            let Ok(Some(g)) = self.store.game(id) else {
                continue;
            };
            if !g.doc.is_home(here) || g.doc.homes.len() < 2 {
                continue;
            }
            let copy = Reply {
                elsewhere: Vec::new(),
                ..reply.clone()
            };
            out.extend(
                self.fan_out(&g.doc, copy)
                    .into_iter()
                    .filter(|n| n.channel != *here),
            );
        }
        out
    }

    /// What the engine's move in game `id` posts: one notice per home of the game (`home`
    /// alone, the one the engine's turn was found in, when the game cannot be read).
    pub fn notices_for(&self, id: u64, home: &Home, reply: Reply) -> Vec<Notice> {
        match self.store.game(id) {
            Ok(Some(g)) => self.fan_out(&g.doc, reply),
            _ => vec![Notice {
                channel: home.channel.clone(),
                platform: home.platform.clone(),
                reply,
                said: None,
            }],
        }
    }
}
