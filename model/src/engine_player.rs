//! The built-in engine as a player: a user of its own platform, `skald`, whose id is its
//! level (`skald:hard`), so a game records which level plays without any stored field.

use crate::identity::{User, UserId};
use skald_ai::Level;

/// The platform name of the engine's users.
pub const ENGINE_PLATFORM: &str = "skald";

/// The user that plays at `level`.
pub fn engine_user(level: Level) -> User {
    User::new(ENGINE_PLATFORM, level.name(), "skald")
}

/// Whether `user` is one of the engine's users.
pub fn is_engine(user: &UserId) -> bool {
    user.platform == ENGINE_PLATFORM
}
