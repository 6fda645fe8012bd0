//! `skald-model`: what Skald knows, without how it is stored or who acts on it. The
//! documents the store keeps (games, challenges, users, tournaments and leagues, handled chat
//! messages), the identities and clocks they are made of, the typed [`command::Command`] and
//! its grammar, and the replies and notices the session answers with.
//!
//! The bottom floor of the core: it depends on the rules, the messages, the pictures and the
//! engine's levels, never on the store or the session (the compiler enforces it: they are
//! crates above this one).

#![warn(missing_docs)]

mod button_code;
pub mod challenge;
pub mod chat_message;
pub mod clock;
pub mod command;
pub mod community;
pub mod damaged;
pub mod digest;
pub mod engine_player;
pub mod files;
pub mod game;
pub mod help;
pub mod hints;
pub mod homes;
pub mod identity;
pub mod ladder;
pub mod league;
pub mod link;
pub mod messages;
pub mod parsed;
pub mod premove;
pub mod puzzle;
pub mod reply;
pub mod review;
pub mod stored_notice;
pub mod time_control;
pub mod tournament;
pub mod user;

pub use identity::{ChannelId, CommunityId, Context, User, UserId};
pub use reply::{Board, Choice, Notice, Private, Reply, ReplyKind, Said};
pub use skald_lang::{Lang, Text, t};
pub use stored_notice::{NOTICE_FORMAT, NoticeStoreError};
