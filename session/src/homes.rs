//! Where a game is posted: its home channel on each platform its players use. A game
//! between a Discord player and a Matrix player lives in the Discord channel where the
//! challenge was made and the Matrix room where it was accepted (or the other way round):
//! every move, board and notice appears in both, each pinging and privately reaching the
//! players on that platform only.
//!
//! Games made before homes existed have none recorded: their one channel is their home and
//! everything is posted there, as before.

use crate::game::GameDoc;
use crate::identity::{ChannelId, UserId};
use crate::{Notice, Reply, Session};
use serde::{Deserialize, Serialize};

/// One channel a game is posted in, and the platform it is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Home {
    /// The platform (`discord`, `matrix`, `console`): who can be pinged there.
    pub platform: String,
    /// The channel or room.
    pub channel: ChannelId,
}

impl GameDoc {
    /// The game's home channels, its first channel first. A game from before homes were
    /// recorded has one, on no known platform (everything is posted there).
    pub fn homes(&self) -> Vec<Home> {
        if self.homes.is_empty() {
            return vec![Home {
                platform: String::new(),
                channel: self.channel.clone(),
            }];
        }
        self.homes.clone()
    }

    /// Whether `channel` is one of the game's homes.
    pub fn is_home(&self, channel: &ChannelId) -> bool {
        self.channel == *channel || self.homes.iter().any(|h| h.channel == *channel)
    }
}

/// How a player on `viewer` (a platform) is shown where a channel is: a link they can
/// follow on their own platform (Discord's `<#id>` channel mention, a Matrix `matrix.to`
/// link), else the platform's name ("on Discord"), never an id they cannot use.
pub fn channel_text(home: &Home, viewer: &str) -> crate::Text {
    if home.platform.is_empty() || home.platform == viewer {
        let link = match viewer {
            "discord" => format!("<#{}>", home.channel),
            "matrix" => format!("https://matrix.to/#/{}", home.channel),
            _ => home.channel.0.clone(),
        };
        let kind = if matches!(viewer, "discord" | "matrix") {
            "link"
        } else {
            "id"
        };
        crate::t!("home-in", channel = link, kind = kind)
    } else {
        let platform = match home.platform.as_str() {
            p @ ("discord" | "matrix" | "console") => p,
            _ => "other",
        };
        crate::t!("home-on", platform = platform)
    }
}

impl GameDoc {
    /// Where `viewer` (a platform) follows the game: its home there, else its first.
    pub fn home_for(&self, viewer: &str) -> Home {
        let homes = self.homes();
        homes
            .iter()
            .find(|h| h.platform == viewer)
            .cloned()
            .unwrap_or_else(|| homes[0].clone())
    }
}

/// `reply` as posted on `platform`: pings and private parts for that platform's accounts
/// only (an unknown platform, empty, keeps them all).
pub fn for_platform(mut reply: Reply, platform: &str) -> Reply {
    if !platform.is_empty() {
        let here = |u: &UserId| u.platform == platform;
        reply.notify.retain(here);
        reply.private.retain(|p| here(&p.to));
    }
    reply
}

impl Session {
    /// A notice about `g` as posted in each of its homes (pings and private parts reaching
    /// every account of each player, each home keeping its platform's).
    pub(crate) fn fan_out(&self, g: &GameDoc, mut reply: Reply) -> Vec<Notice> {
        self.to_accounts(&mut reply);
        self.set_languages_in(&mut reply, &g.community, None);
        g.homes()
            .into_iter()
            .map(|h| Notice {
                channel: h.channel,
                reply: for_platform(reply.clone(), &h.platform),
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

    /// What the engine's move in game `id` posts: one notice per home of the game (`channel`
    /// alone when the game cannot be read).
    pub fn notices_for(&self, id: u64, channel: &ChannelId, reply: Reply) -> Vec<Notice> {
        match self.store.game(id) {
            Ok(Some(g)) => self.fan_out(&g.doc, reply),
            _ => vec![Notice {
                channel: channel.clone(),
                reply,
                said: None,
            }],
        }
    }
}
