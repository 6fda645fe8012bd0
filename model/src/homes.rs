//! Where a game is posted: its home channel on each platform its players use. A game
//! between a Discord player and a Matrix player lives in the Discord channel where the
//! challenge was made and the Matrix room where it was accepted (or the other way round):
//! every move, board and notice appears in both, each pinging and privately reaching the
//! players on that platform only.
//!
//! Games made before homes existed have none recorded: their one channel is their home and
//! everything is posted there, as before, by the process serving their players' platform
//! ([`GameDoc::platform_of`]).

use crate::game::GameDoc;
use crate::identity::{ChannelId, UserId};

pub use crate::identity::Home;
use crate::reply::Reply;

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

    /// The platform whose process posts in `home`, one of the game's homes: the home's own.
    /// A game from before homes were recorded has one home on no known platform
    /// ([`GameDoc::homes`]); such a game was played on one platform (games between
    /// platforms came with homes), its players', so it is the platform of its first player
    /// who is not the built-in engine. Never read from the shape of the channel's id. Empty
    /// only for a game with no such player, which no command makes.
    pub fn platform_of(&self, home: &Home) -> String {
        if !home.platform.is_empty() {
            return home.platform.clone();
        }
        self.players
            .iter()
            .map(|p| &p.id)
            .find(|id| !crate::engine_player::is_engine(id))
            .map(|id| id.platform.clone())
            .unwrap_or_default()
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
