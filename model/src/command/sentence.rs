//! A command inside a sentence addressed to the bot (`hey @skald, board please`): chat
//! adapters hand over the words after the bot's mention, and this finds the command there.

use super::{lookup, parse};

/// The command in `words` (what followed the bot's mention in a sentence, or a whole reply
/// to the bot): `None` unless the first word (after punctuation) is a command word or alias,
/// so chatter (`thanks!`) is not read as a command. Trailing words that make the line
/// unreadable (`board please`) are left off, keeping the longest readable line; when no
/// shortening reads, the whole line is kept, so the refusal says what was wrong.
pub fn in_sentence(words: &str) -> Option<String> {
    let words = words.trim_start_matches(|c: char| c.is_whitespace() || ",:;.!?".contains(c));
    let tokens: Vec<&str> = words.split_whitespace().collect();
    let first = tokens.first()?;
    let word = first
        .trim_start_matches(['!', '/'])
        .trim_end_matches([',', '.', '!', '?', ';', ':'])
        .to_lowercase();
    lookup(&word)?;
    let mut tokens: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    tokens[0] = word;
    if let Some(last) = tokens.last_mut() {
        *last = last.trim_end_matches(['.', '!', '?']).to_string();
    }
    for n in (1..=tokens.len()).rev() {
        let line = tokens[..n].join(" ");
        if parse(&line).is_ok() {
            return Some(line);
        }
    }
    Some(tokens.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_found_after_the_mention() {
        assert_eq!(in_sentence(", board please").as_deref(), Some("board"));
        assert_eq!(in_sentence(" board!").as_deref(), Some("board"));
        assert_eq!(
            in_sentence(": move d1-d4 thanks").as_deref(),
            Some("move d1-d4 thanks"),
            "move reads every word as a move: the session refuses the bad one"
        );
        assert_eq!(in_sentence("Help").as_deref(), Some("help"));
        assert_eq!(
            in_sentence("challenge tafl @bob first please").as_deref(),
            Some("challenge tafl @bob first")
        );
    }

    #[test]
    fn chatter_is_not_a_command() {
        assert_eq!(in_sentence("thanks!"), None);
        assert_eq!(in_sentence(""), None);
        assert_eq!(in_sentence("what can you do?"), None);
    }
}
