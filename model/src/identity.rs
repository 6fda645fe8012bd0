//! Who speaks and where: users, communities and channels as plain data, so the session
//! never sees a platform type. An adapter turns its own ids into these.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A user on one platform, like `console:alice` or `discord:81234`: what games and ratings
/// are keyed by. The display name lives beside it ([`User`]) because names change.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UserId {
    /// The platform: `console`, `discord`, `matrix`.
    pub platform: String,
    /// The platform's id of the user (for the console, the name typed after `@`).
    pub id: String,
}

impl UserId {
    /// A user id from its two parts.
    pub fn new(platform: &str, id: &str) -> UserId {
        UserId {
            platform: platform.to_string(),
            id: id.to_string(),
        }
    }

    /// The store key, `platform:id` (platforms never contain `:`).
    pub fn key(&self) -> String {
        format!("{}:{}", self.platform, self.id)
    }

    /// Reads a store key written by [`UserId::key`].
    pub fn from_key(key: &str) -> Option<UserId> {
        let (platform, id) = key.split_once(':')?;
        Some(UserId::new(platform, id))
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.platform, self.id)
    }
}

/// A user with the name to show: who sent a command, or who is mentioned.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    /// The stable id.
    pub id: UserId,
    /// The name to show (`alice`); updated whenever the user speaks.
    pub name: String,
}

impl User {
    /// A user from platform, id and display name.
    pub fn new(platform: &str, id: &str, name: &str) -> User {
        User {
            id: UserId::new(platform, id),
            name: name.to_string(),
        }
    }
}

/// Where a ladder lives: a Discord server, a Matrix room, or the console. Ratings are kept
/// per community and per rule set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CommunityId(pub String);

/// Where a game lives and where its notifications go: a Discord channel, a Matrix room, the
/// console.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChannelId(pub String);

impl fmt::Display for CommunityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for ChannelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Everything the session needs to know about where a command came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// Who sent it.
    pub user: User,
    /// The ladder scope it was sent in.
    pub community: CommunityId,
    /// The channel it was sent in (replies go there).
    pub channel: ChannelId,
    /// Whether only the speaker sees what they typed: a Discord slash command's options or a
    /// direct message, a Matrix direct room with the bot, the console. Secret input (a
    /// Subulata player's `arrange`) is refused anywhere else, whatever the adapter.
    pub private: bool,
    /// The account that spoke, when the session acts for the player it is linked to
    /// (`user` is then that player): names typed are read on this account's platform.
    /// `None` when the speaker is their own player (adapters always leave it `None`).
    pub account: Option<UserId>,
    /// The language the speaker's platform says they use (a Discord interaction's locale):
    /// their answers are in it unless they chose one with `language`, and it is remembered
    /// for what reaches them later. `None` where the platform does not say (Matrix, console).
    pub locale: Option<skald_lang::Lang>,
    /// Whether the speaker administers the place they speak in (Discord: the Manage Server
    /// permission; Matrix: a power level of at least 50 in the room; the console: its
    /// operator). Community settings (`puzzle daily on`) need it.
    pub admin: bool,
}

impl Context {
    /// The platform the command was typed on (where `@handles` are read).
    pub fn platform(&self) -> &str {
        &self.account.as_ref().unwrap_or(&self.user.id).platform
    }
}

impl Context {
    /// A context in a shared channel, where everyone present reads what the speaker typed.
    pub fn new(user: User, community: &str, channel: &str) -> Context {
        Context {
            user,
            community: CommunityId(community.to_string()),
            channel: ChannelId(channel.to_string()),
            private: false,
            account: None,
            locale: None,
            admin: false,
        }
    }

    /// This context for a speaker who administers the place (see [`Context::admin`]).
    pub fn as_admin(self) -> Context {
        Context {
            admin: true,
            ..self
        }
    }

    /// This context with the language the speaker's platform reports (see
    /// [`Context::locale`]).
    pub fn with_locale(self, locale: Option<skald_lang::Lang>) -> Context {
        Context { locale, ..self }
    }

    /// A context where only the speaker sees what they typed (see [`Context::private`]).
    pub fn private(user: User, community: &str, channel: &str) -> Context {
        Context {
            private: true,
            ..Context::new(user, community, channel)
        }
    }
}

/// One channel a game is posted in, and the platform it is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Home {
    /// The platform (`discord`, `matrix`, `console`): who can be pinged there.
    pub platform: String,
    /// The channel or room.
    pub channel: ChannelId,
}
