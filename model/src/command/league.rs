//! The `league` command's words: `league [<rule-set>] [standings | join | leave | start
//! [days:N | clock:… [cap:…]] [ranked | casual]]`, and the same words written back (for
//! buttons and `Command::to_line`). One grammar for text and typed options: Discord's
//! `action` option carries the words after the rule set.

use super::tournament::GameTerms;
use super::{rule_set, shown};
use skald_lang::{Text, t};
use skald_rules::RuleSetId;

/// The terms `league … start` may set for the league's games (kept for every season).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueTerms {
    /// Days per move (the default when `bank` is set).
    pub days: u32,
    /// A time bank instead of days per move.
    pub bank: Option<crate::time_control::Bank>,
    /// Whether its games count for the ladder (`None`: as before, ranked at first).
    pub ranked: Option<bool>,
    /// Whether a clock was given at all (`None` keeps the league's).
    pub clock_given: bool,
}

/// What `league` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueAction {
    /// The league's divisions and standings (no action word, or `standings`); with no rule
    /// set, this community's leagues.
    Standings,
    /// Enter the league: from its next season (or its first).
    Join,
    /// Leave it at the end of the season being played.
    Leave,
    /// Start its first season (or the next, after it paused for want of players).
    Start(LeagueTerms),
}

/// Reads the words after `league`: the rule set (needed for every action but the list),
/// then the action and its options.
pub fn parse(args: &[&str]) -> Result<(Option<RuleSetId>, LeagueAction), Text> {
    let Some((first, rest)) = args.split_first() else {
        return Ok((None, LeagueAction::Standings));
    };
    let rule_set = match rule_set(first) {
        Ok(r) => r,
        // `league join` without the game: say which games there are.
        Err(_) if action_word(first) => {
            return Err(t!(
                "league-error-which-game",
                rule_sets = super::rule_set_ids()
            ));
        }
        Err(e) => return Err(e),
    };
    let Some((word, options)) = rest.split_first() else {
        return Ok((Some(rule_set), LeagueAction::Standings));
    };
    let no_options = |action: LeagueAction| match options.first() {
        None => Ok(action),
        Some(extra) => Err(t!("cmd-error-takes-nothing", token = shown(extra))),
    };
    let action = match word.to_lowercase().as_str() {
        "standings" | "show" => no_options(LeagueAction::Standings)?,
        "join" | "enter" => no_options(LeagueAction::Join)?,
        "leave" | "withdraw" => no_options(LeagueAction::Leave)?,
        "start" => LeagueAction::Start(parse_terms(options)?),
        other => return Err(t!("league-error-action", token = shown(other))),
    };
    Ok((Some(rule_set), action))
}

/// The words [`parse`] accepts after the rule set and `done` (the action's words typed so
/// far), in the order a player is offered them ([`super::complete`]).
pub fn next_words(done: &[&str]) -> Vec<String> {
    match done.split_first() {
        None => ["standings", "join", "leave", "start"]
            .map(String::from)
            .to_vec(),
        Some((action, terms)) if action.eq_ignore_ascii_case("start") => {
            super::words::game_terms(terms)
        }
        Some(_) => Vec::new(),
    }
}

/// Whether a word is one of the actions (typed where the rule set was expected).
fn action_word(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "standings" | "show" | "join" | "enter" | "leave" | "withdraw" | "start"
    )
}

/// `start`'s options: `days:N` or `clock:… [cap:…]`, and `ranked` or `casual`, each once.
fn parse_terms(options: &[&str]) -> Result<LeagueTerms, Text> {
    let mut terms = GameTerms::default();
    for token in options {
        if !terms.take(token)? {
            return Err(t!("league-error-start-word", token = shown(token)));
        }
    }
    let (days, bank) = terms.clock()?;
    Ok(LeagueTerms {
        days,
        bank,
        ranked: terms.ranked(),
        clock_given: terms.clock_given(),
    })
}

/// The action written back as the words [`parse`] reads after the rule set (`None` for the
/// standings).
pub fn words(action: &LeagueAction) -> Option<String> {
    Some(match action {
        LeagueAction::Standings => return None,
        LeagueAction::Join => "join".into(),
        LeagueAction::Leave => "leave".into(),
        LeagueAction::Start(terms) => {
            let mut w = vec!["start".to_string()];
            if terms.clock_given {
                match &terms.bank {
                    Some(b) => {
                        w.push(format!("clock:{}", b.code()));
                        if let Some(cap) = b.cap_code() {
                            w.push(format!("cap:{cap}"));
                        }
                    }
                    None => w.push(format!("days:{}", terms.days)),
                }
            }
            match terms.ranked {
                Some(true) => w.push("ranked".into()),
                Some(false) => w.push("casual".into()),
                None => {}
            }
            w.join(" ")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<(Option<RuleSetId>, LeagueAction), Text> {
        parse(&line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn every_action_reads_back_from_its_words() {
        for line in [
            "tafl",
            "tafl join",
            "tafl leave",
            "tafl start",
            "tafl start days:3 casual",
            "tafl start clock:3d+6h",
            "tafl start ranked",
        ] {
            let (rule_set, action) = parsed(line).expect(line);
            assert_eq!(rule_set, Some(RuleSetId::Hnefatafl), "{line}");
            let again = match words(&action) {
                Some(w) => format!("tafl {w}"),
                None => "tafl".to_string(),
            };
            assert_eq!(parsed(&again).expect(&again).1, action, "{line} -> {again}");
        }
        assert_eq!(
            parsed("").expect("the list"),
            (None, LeagueAction::Standings)
        );
    }

    #[test]
    fn bad_words_are_refused_with_what_would_do() {
        let said = |line: &str| parsed(line).expect_err(line).en();
        assert!(said("join").contains("tafl"), "{}", said("join"));
        assert!(
            said("tafl dance").contains("dance"),
            "{}",
            said("tafl dance")
        );
        assert!(
            said("tafl join now").contains("now"),
            "{}",
            said("tafl join now")
        );
        assert!(said("tafl start days:3 days:4").contains("days:4"));
        assert!(said("tafl start days:2 clock:3d+6h").contains("clock"));
        assert!(said("tafl start max:4").contains("max:4"));
        assert!(said("chess join").contains("chess"));
    }
}
