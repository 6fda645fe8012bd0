//! Discord's cap on a message's text (2000 characters): a longer text goes out as several
//! messages, cut where a reader expects a break. A round of a big tournament or a league's
//! new season lists every game; cut off at the cap, its last games and pings were lost on
//! Discord while Matrix and the console showed them whole.

/// Discord's limit on a message's `content`, in characters.
pub const MESSAGE_LIMIT: usize = 2000;

/// `text` in parts of at most `limit` characters, in order, none empty (an empty text is
/// one empty part). Each cut is after the last line end that fits; a line longer than a
/// part is cut after its last space that fits, else anywhere. The line ends where it is cut
/// are dropped (each part is its own message), and nothing else is lost.
pub fn parts(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(1);
    let mut out = Vec::new();
    let mut rest = text;
    while rest.chars().count() > limit {
        // The byte offset just past the `limit`-th character.
        let end = rest
            .char_indices()
            .nth(limit)
            .map_or(rest.len(), |(i, _)| i);
        let head = &rest[..end];
        let (cut, skip) = match head.rfind('\n') {
            Some(i) if i > 0 => (i, 1),
            _ => match head.rfind(' ') {
                Some(i) if i > 0 => (i, 1),
                _ => (end, 0),
            },
        };
        out.push(rest[..cut].to_string());
        rest = &rest[cut + skip..];
    }
    if !rest.is_empty() || out.is_empty() {
        out.push(rest.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_one_part_as_it_is() {
        assert_eq!(parts("Round 1:\n#1 a vs b", 2000), ["Round 1:\n#1 a vs b"]);
        assert_eq!(parts("", 2000), [""]);
    }

    #[test]
    fn a_long_text_is_cut_at_line_ends_and_loses_nothing() {
        let lines: Vec<String> = (1..=120)
            .map(|i| format!("#{i}: Player{i} (Attackers) vs Player{} (Defenders)", i + 1))
            .collect();
        let text = lines.join("\n");
        let cut = parts(&text, MESSAGE_LIMIT);
        assert!(cut.len() > 1, "{} characters in one part", text.len());
        for p in &cut {
            assert!(p.chars().count() <= MESSAGE_LIMIT, "{}", p.chars().count());
            // Whole lines only.
            assert!(p.lines().all(|l| lines.contains(&l.to_string())), "{p}");
        }
        assert_eq!(cut.join("\n"), text);
    }

    #[test]
    fn a_line_longer_than_a_part_is_cut_at_a_space_or_anywhere() {
        let words = "word ".repeat(10) + "end";
        let cut = parts(&words, 12);
        assert!(cut.iter().all(|p| p.chars().count() <= 12), "{cut:?}");
        assert_eq!(cut.join(" "), words);
        let solid = "é".repeat(25);
        let cut = parts(&solid, 10);
        assert_eq!(cut.len(), 3);
        assert_eq!(cut.concat(), solid);
    }
}
