//! What a platform that completes what a user types (Discord's autocomplete) offers for
//! each argument ([`Completion`], part of the argument's definition), and what may come
//! next in a `tournament` or `league` action typed word by word (Discord's autocomplete on
//! the free-text
//! `action` option, where nothing else tells a player that `create tafl swiss rounds:5`
//! is how a Swiss begins). Each suggestion is the whole option value: the words already
//! typed, and one more the grammar accepts there. The words themselves are listed beside
//! each parser ([`super::tournament::next_words`], [`super::league::next_words`]); the
//! tests walk every suggested line through the parser.

/// The most suggestions an adapter may show at once (Discord's limit).
pub const MAX_SUGGESTIONS: usize = 25;

/// The longest value a completion may have (Discord's limit on a choice's value).
pub const MAX_VALUE: usize = 100;

/// Which action option is being completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionOf {
    /// `tournament`'s `action` (`create tafl round-robin days:2`, `join`, …).
    Tournament,
    /// `league`'s `action`, the words after the rule set (`join`, `start days:3`, …).
    League,
}

/// What is offered while an argument is typed, on platforms that complete what a user types
/// (Discord's autocomplete). Set in each argument's definition ([`super::Arg::complete`]), so
/// an adapter chooses the suggestions by what the argument is, never by its name, and a new
/// command's arguments complete from their definition alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Nothing: the argument is typed, or picked from its choices, as it is.
    Nothing,
    /// The caller's active games and open challenges, by number (the session's
    /// `suggest_ids`).
    GamesAndChallenges,
    /// The community's players of every platform (the session's `suggest_players`).
    Players,
    /// The common time controls (`crate::time_control::COMMON`), described.
    TimeControls,
    /// The legal moves of the caller's game: the one the command's game number names, else
    /// their only one (the session's `suggest_moves`).
    Moves,
    /// The moves of the puzzle the caller is solving, and `puzzle`'s action words (the
    /// session's `suggest_puzzle`).
    PuzzleMoves,
    /// The next word an action's grammar accepts ([`action`]).
    Action(ActionOf),
}

impl Completion {
    /// Whether anything is offered, so the platform asks for completions at all.
    pub fn offered(self) -> bool {
        self != Completion::Nothing
    }
}

/// The suggestions for what was typed so far in `action`'s option: the typed words, and
/// one more word matching the last one being typed (or any next word after a space). At
/// most [`MAX_SUGGESTIONS`], each at most [`MAX_VALUE`] bytes; none once the grammar
/// expects nothing more (the typed line is then sent as it is).
pub fn action(of: ActionOf, typed: &str) -> Vec<String> {
    let words: Vec<&str> = typed.split_whitespace().collect();
    let (done, partial) = match words.split_last() {
        Some((last, before)) if !typed.ends_with(char::is_whitespace) => (before, *last),
        _ => (&words[..], ""),
    };
    let partial = partial.to_lowercase();
    // A `#id` typed in the action (the text grammar takes it anywhere) is kept, not read.
    let grammar: Vec<&str> = done
        .iter()
        .copied()
        .filter(|w| !w.starts_with('#'))
        .collect();
    let next = match of {
        ActionOf::Tournament => super::tournament::next_words(&grammar),
        ActionOf::League => super::league::next_words(&grammar),
    };
    let prefix = done.join(" ");
    next.into_iter()
        .filter(|w| w.starts_with(&partial))
        .map(|w| {
            if prefix.is_empty() {
                w
            } else {
                format!("{prefix} {w}")
            }
        })
        .filter(|v| v.len() <= MAX_VALUE)
        .take(MAX_SUGGESTIONS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{ActionOf, action};
    use crate::command::{league, tournament};

    #[test]
    fn the_first_word_is_an_action_and_a_partial_word_narrows_it() {
        assert_eq!(
            action(ActionOf::Tournament, ""),
            ["create", "join", "leave", "start", "standings", "remove"]
        );
        assert_eq!(action(ActionOf::Tournament, "cr"), ["create"]);
        assert_eq!(action(ActionOf::Tournament, "  CR"), ["create"]);
        assert_eq!(action(ActionOf::League, "j"), ["join"]);
        assert_eq!(action(ActionOf::League, "st"), ["standings", "start"]);
        assert!(action(ActionOf::Tournament, "x").is_empty());
    }

    #[test]
    fn create_asks_for_the_game_then_the_system_then_its_options() {
        let games = action(ActionOf::Tournament, "create ");
        assert!(games.contains(&"create hnefatafl".to_string()), "{games:?}");
        assert!(games.iter().all(|g| g.starts_with("create ")), "{games:?}");
        assert_eq!(
            action(ActionOf::Tournament, "create hnefatafl "),
            [
                "create hnefatafl round-robin",
                "create hnefatafl swiss",
                "create hnefatafl knockout"
            ]
        );
        // A Swiss needs its rounds: they come first.
        let swiss = action(ActionOf::Tournament, "create hnefatafl swiss ");
        assert_eq!(swiss[0], "create hnefatafl swiss rounds:3", "{swiss:?}");
        assert!(!swiss.iter().any(|s| s.ends_with("double")), "{swiss:?}");
        // An option given is not offered again, nor its rival.
        let more = action(ActionOf::Tournament, "create hnefatafl round-robin days:2 ");
        assert!(!more.iter().any(|s| s.contains("clock:")), "{more:?}");
        assert!(more.iter().any(|s| s.ends_with(" double")), "{more:?}");
        assert!(more.iter().any(|s| s.ends_with(" casual")), "{more:?}");
        assert!(action(ActionOf::Tournament, "join ").is_empty());
        // A `#id` typed in the action is kept in the value.
        assert_eq!(action(ActionOf::Tournament, "#3 jo"), ["#3 join"]);
    }

    #[test]
    fn league_start_offers_its_terms() {
        let terms = action(ActionOf::League, "start ");
        assert!(terms.contains(&"start days:3".to_string()), "{terms:?}");
        assert!(
            terms.contains(&"start clock:3d+6h".to_string()),
            "{terms:?}"
        );
        let after = action(ActionOf::League, "start casual ");
        assert!(!after.iter().any(|s| s.ends_with("ranked")), "{after:?}");
        assert!(action(ActionOf::League, "join ").is_empty());
    }

    /// Every line reached by taking suggestions, from nothing, up to `depth` words.
    fn walk(of: ActionOf, depth: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut frontier = vec![String::new()];
        for _ in 0..depth {
            let mut next = Vec::new();
            for line in &frontier {
                let typed = if line.is_empty() {
                    String::new()
                } else {
                    format!("{line} ")
                };
                next.extend(action(of, &typed));
            }
            lines.extend(next.iter().cloned());
            frontier = next;
        }
        lines
    }

    #[test]
    fn every_suggested_tournament_line_parses_or_only_lacks_what_comes_next() {
        let lines = walk(ActionOf::Tournament, 5);
        assert!(lines.len() > 1000, "{}", lines.len());
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            match tournament::parse(&words) {
                Ok(_) => {}
                Err(e) => {
                    // Only what a next suggestion supplies may be missing: the game, the
                    // system, a Swiss's rounds, whom to remove.
                    let id = e.en();
                    let missing = [
                        crate::t!(
                            "tournament-error-which-game",
                            rule_sets = crate::command::rule_set_ids()
                        ),
                        crate::t!("tournament-error-which-format"),
                        crate::t!("tournament-error-how-many-rounds"),
                        crate::t!("tournament-error-remove-whom"),
                    ];
                    assert!(
                        missing.iter().any(|m| m.en() == id),
                        "suggested `{line}` is refused: {id}"
                    );
                    let typed = format!("{line} ");
                    assert!(
                        !action(ActionOf::Tournament, &typed).is_empty()
                            || line.starts_with("remove"),
                        "suggested `{line}` is refused and nothing comes next"
                    );
                }
            }
        }
    }

    #[test]
    fn every_suggested_league_line_parses() {
        let lines = walk(ActionOf::League, 4);
        assert!(lines.len() > 50, "{}", lines.len());
        for line in &lines {
            let mut words = vec!["hnefatafl"];
            words.extend(line.split_whitespace());
            if let Err(e) = league::parse(&words) {
                panic!("suggested `{line}` is refused: {}", e.en());
            }
        }
    }

    #[test]
    fn no_suggestion_exceeds_what_discord_shows() {
        for of in [ActionOf::Tournament, ActionOf::League] {
            let long = format!("{} ", "create hnefatafl round-robin ".repeat(4));
            for s in action(of, &long).into_iter().chain(action(of, "")) {
                assert!(s.len() <= super::MAX_VALUE, "{s}");
            }
            assert!(action(of, "").len() <= super::MAX_SUGGESTIONS);
        }
    }
}
