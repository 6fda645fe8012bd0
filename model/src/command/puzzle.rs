//! The `puzzle` command's words (its handler: `session/src/puzzle/`): a new puzzle, an
//! answer, the stats, the puzzle ladder, the daily puzzle's setting, giving up.

use super::*;
use crate::puzzle::PuzzleFamily;

/// What `puzzle …` asks for, read from its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAsk {
    /// `puzzle [rule-set | family]`: a puzzle near the asker's rating (the one being solved,
    /// again, if there is one).
    New(Option<PuzzleScope>),
    /// `puzzle <move> [<move> …]`: an answer to the puzzle being solved (a dice game's
    /// whole use of the roll is several steps).
    Answer(Vec<String>),
    /// `puzzle skip`: give up the puzzle being solved (a failure), and see its solution.
    Skip,
    /// `puzzle stats [@user]`: a player's puzzle ratings, counts and streak.
    Stats(Option<String>),
    /// `puzzle ladder [family]`: this community's best puzzle solvers.
    Ladder(Option<PuzzleFamily>),
    /// `puzzle daily`: today's daily puzzle; `puzzle daily on [HH:MM] [zone]`, `puzzle daily
    /// off`: the community's setting (the words after `daily`, as typed).
    Daily(Vec<String>),
}

/// Which puzzles a request draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleScope {
    /// One rule set's.
    RuleSet(RuleSetId),
    /// One family's (`tafl`: all four tafl rule sets).
    Family(PuzzleFamily),
}

/// The words each action is known by (English and French).
const SKIP: &[&str] = &["skip", "giveup", "give-up", "resign", "passer", "abandon"];
const STATS: &[&str] = &["stats", "statistics", "stat", "statistiques"];
const LADDER: &[&str] = &["ladder", "top", "classement"];
const DAILY: &[&str] = &["daily", "today", "quotidien", "jour"];

/// Reads `puzzle`'s words.
pub(super) fn parse_puzzle(args: &[&str]) -> Result<PuzzleAsk, Text> {
    let Some((first, rest)) = args.split_first() else {
        return Ok(PuzzleAsk::New(None));
    };
    let word = first.to_lowercase();
    let is = |list: &[&str]| list.contains(&word.as_str());
    if is(SKIP) {
        return no_args(rest).map(|()| PuzzleAsk::Skip);
    }
    if is(STATS) {
        return match rest {
            [] => Ok(PuzzleAsk::Stats(None)),
            [user] => parse_mention(user).map(|u| PuzzleAsk::Stats(Some(u))),
            _ => Err(t!("cmd-error-one-user")),
        };
    }
    if is(LADDER) {
        return match rest {
            [] => Ok(PuzzleAsk::Ladder(None)),
            [one] => match scope(one) {
                Some(PuzzleScope::Family(f)) => Ok(PuzzleAsk::Ladder(Some(f))),
                Some(PuzzleScope::RuleSet(r)) => Ok(PuzzleAsk::Ladder(Some(PuzzleFamily::of(r)))),
                None => Err(unknown_family(one)),
            },
            [_, extra, ..] => Err(t!("cmd-error-takes-nothing", token = shown(extra))),
        };
    }
    if is(DAILY) {
        return Ok(PuzzleAsk::Daily(
            rest.iter().map(|w| w.to_string()).collect(),
        ));
    }
    if rest.is_empty()
        && let Some(scope) = scope(first)
    {
        return Ok(PuzzleAsk::New(Some(scope)));
    }
    if rest.len() == 1 && scope(&args.join("-")).is_some() {
        // "ad elta" style names with a space.
        return Ok(PuzzleAsk::New(scope(&args.join("-"))));
    }
    Ok(PuzzleAsk::Answer(
        args.iter().map(|w| w.to_string()).collect(),
    ))
}

/// A family's id or a rule set's id or alias.
fn scope(token: &str) -> Option<PuzzleScope> {
    let lower = token.to_lowercase();
    if let Some(f) = PuzzleFamily::ALL.into_iter().find(|f| f.id() == lower) {
        return Some(PuzzleScope::Family(f));
    }
    token.parse().ok().map(PuzzleScope::RuleSet)
}

/// The refusal of a word that names no family.
fn unknown_family(token: &str) -> Text {
    t!(
        "cmd-error-unknown-puzzle-family",
        name = shown(token),
        families = PuzzleFamily::ALL.map(|f| f.id()).join(", ")
    )
}

/// The words `puzzle …` is typed with again, for a button or a completion.
fn puzzle_words(ask: &PuzzleAsk) -> String {
    match ask {
        PuzzleAsk::New(None) => String::new(),
        PuzzleAsk::New(Some(PuzzleScope::RuleSet(r))) => r.id().to_string(),
        PuzzleAsk::New(Some(PuzzleScope::Family(f))) => f.id().to_string(),
        PuzzleAsk::Answer(moves) => moves.join(" "),
        PuzzleAsk::Skip => "skip".into(),
        PuzzleAsk::Stats(None) => "stats".into(),
        PuzzleAsk::Stats(Some(u)) => format!("stats @{u}"),
        PuzzleAsk::Ladder(None) => "ladder".into(),
        PuzzleAsk::Ladder(Some(f)) => format!("ladder {}", f.id()),
        PuzzleAsk::Daily(words) if words.is_empty() => "daily".into(),
        PuzzleAsk::Daily(words) => format!("daily {}", words.join(" ")),
    }
}

/// The grammar of `puzzle`: its words, arguments and help, and how it is read.
pub const PUZZLE: CommandInfo = CommandInfo {
    name: "puzzle",
    aliases: &["puzzles"],
    usage: "puzzle [what: <rule-set> | <move> | skip | stats [@user] | ladder [family] | daily [on HH:MM [zone] | off]]",
    example: "puzzle brandubh",
    args: &[Arg {
        name: "what",
        kind: ArgKind::Text {
            max_len: 200,
            prefix: "",
        },
        required: false,
        complete: Completion::PuzzleMoves,
    }],
    parse: |a| parse_puzzle(a).map(Command::Puzzle),
    secret: false,
    names_game: false,
    args_of: |c| match c {
        Command::Puzzle(ask) => {
            let words = puzzle_words(ask);
            Some(Args::default().with("what", (!words.is_empty()).then_some(ArgValue::Text(words))))
        }
        _ => None,
    },
    build: |a| parse_puzzle(&words(a.text("what"))).map(Command::Puzzle),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> PuzzleAsk {
        let words: Vec<&str> = line.split_whitespace().collect();
        parse_puzzle(&words).unwrap()
    }

    #[test]
    fn each_action_reads_from_its_words() {
        assert_eq!(read(""), PuzzleAsk::New(None));
        assert_eq!(
            read("brandubh"),
            PuzzleAsk::New(Some(PuzzleScope::RuleSet(RuleSetId::Brandubh)))
        );
        assert_eq!(
            read("tafl"),
            PuzzleAsk::New(Some(PuzzleScope::Family(PuzzleFamily::Tafl)))
        );
        assert_eq!(read("d4-d1"), PuzzleAsk::Answer(vec!["d4-d1".into()]));
        assert_eq!(
            read("13+1 8+5"),
            PuzzleAsk::Answer(vec!["13+1".into(), "8+5".into()])
        );
        assert_eq!(read("skip"), PuzzleAsk::Skip);
        assert_eq!(read("stats @bob"), PuzzleAsk::Stats(Some("bob".into())));
        assert_eq!(read("classement"), PuzzleAsk::Ladder(None));
        assert_eq!(
            read("ladder copenhagen"),
            PuzzleAsk::Ladder(Some(PuzzleFamily::Tafl))
        );
        assert_eq!(
            read("daily on 09:00 Europe/Paris"),
            PuzzleAsk::Daily(vec!["on".into(), "09:00".into(), "Europe/Paris".into()])
        );
    }

    #[test]
    fn bad_words_are_refused_with_what_would_do() {
        assert!(parse_puzzle(&["ladder", "chess"]).is_err());
        assert!(parse_puzzle(&["skip", "now"]).is_err());
        assert!(parse_puzzle(&["stats", "bob"]).is_err());
    }

    #[test]
    fn every_ask_is_typed_back_as_it_reads() {
        for line in [
            "",
            "brandubh",
            "tafl",
            "d4-d1",
            "skip",
            "stats",
            "stats @bob",
            "ladder",
            "ladder daldosa",
            "daily",
            "daily off",
        ] {
            let ask = read(line);
            assert_eq!(read(&puzzle_words(&ask)), ask, "{line}");
        }
    }
}
