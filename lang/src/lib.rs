//! Skald's languages. Every text a player reads is a [`Text`]: message ids from the Fluent
//! files under `lang/locales/<language>/` with their arguments, not yet in any language. The
//! session builds them; each adapter turns them into words for each reader with
//! [`Text::render`], in the reader's [`Lang`].
//!
//! Adding a language is adding a folder of `.ftl` files with the same ids and a variant of
//! [`Lang`]; the tests refuse a missing or extra id or argument.

mod board_words;
mod catalog;
mod game_words;
mod language;
mod text;
mod worded;

pub use board_words::{text_board, text_board_ended};
pub use catalog::{has_message, render_message};
pub use game_words::{
    arrange_error, end_reason, expected, move_error, refusal, result, roll_error, rule_set_choice,
    rule_set_name, rule_set_summary, seat_key, seat_name, seat_subject,
};
pub use language::Lang;
pub use text::{Arg, DateTime, Msg, Text};
