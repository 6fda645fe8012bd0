//! Games: the commands that act on one game (the stored document is `skald_model::game`).
//!
//! | file | holds |
//! |---|---|
//! | `doc.rs` | [`GameDoc`] and its parts ([`TurnClock`], [`GameResult`], [`GameEnd`]), as stored |
//! | `find.rs` | which game a command means (`#id` or the speaker's only one here), and who may act |
//! | `show.rs` | titles, result and status lines, boards, the move list, the reply after a change |
//! | `commit.rs` | writing a game back: the next turn's clock, one game's commit |
//! | `ending.rs` | ending a game: the one path every ending takes, which rates it for the ladder |
//! | `cmd_move.rs` | `move` and `arrange` |
//! | `cmd_look.rs` | `board` and `moves` |
//! | `cmd_end.rs` | `resign` and `abort` |
//! | `cmd_offer.rs` | `draw` and `takeback` (offers and their answers) |
//! | `cmd_record.rs` | `export` and `replay`: a whole game as a file |
//! | `cmd_review.rs` | `review`: the engine's review of a finished game (made by `crate::review`) |

pub(crate) mod cmd_end;
pub(crate) mod cmd_look;
pub(crate) mod cmd_move;
pub(crate) mod cmd_offer;
pub(crate) mod cmd_record;
pub(crate) mod cmd_review;
mod commit;
mod ending;
mod find;
mod show;

pub(crate) use cmd_move::next_move_text;
pub use cmd_move::numbered_move;
pub use skald_model::game::*;
