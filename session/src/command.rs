//! The one command grammar every adapter shares, and its parser. Errors say what was
//! expected, with the command's usage line, so a player can fix the line and send it again.

use skald_rules::RuleSetId;

/// The handle that names the built-in engine in a challenge (`@skald`).
pub const ENGINE_HANDLE: &str = "skald";
use std::fmt;

/// The most days per move a challenge may ask for, and the fewest.
pub const DAYS_RANGE: std::ops::RangeInclusive<u32> = 1..=14;
/// Days per move when a challenge does not say.
pub const DEFAULT_DAYS: u32 = 3;
/// The most vacation days a player may take in one calendar year.
pub const VACATION_DAYS_PER_YEAR: u32 = 14;

/// A parsed command. Game and challenge ids are optional where the speaker's context
/// makes them clear (see `docs/SESSION.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `challenge <rule-set> [@user | open] [first | second | random] [ranked | casual] [days:N]`
    Challenge(ChallengeSpec),
    /// `accept [#id]`: take up a challenge (or a rematch offer).
    Accept(Option<u64>),
    /// `decline [#id]`: refuse a challenge addressed to you, a draw offer or a takeback.
    Decline(Option<u64>),
    /// `cancel [#id]`: withdraw your own challenge.
    Cancel(Option<u64>),
    /// `move [#id] <move> [<move> ...]`: one move, or several steps of a dice turn.
    Move {
        /// Which game.
        game: Option<u64>,
        /// The moves as typed, one token each (the game joins `f2 f5`-style pairs).
        moves: Vec<String>,
    },
    /// `board [#id]`: the current board.
    Board(Option<u64>),
    /// `moves [#id]`: the moves played so far.
    Moves(Option<u64>),
    /// `resign [#id]`: give up the game.
    Resign(Option<u64>),
    /// `abort [#id]`: end a game without result before both players have moved.
    Abort(Option<u64>),
    /// `draw [#id]`: offer a draw, or accept the opponent's offer.
    Draw(Option<u64>),
    /// `takeback [#id]`: ask to undo your last move, or grant the opponent's request.
    Takeback(Option<u64>),
    /// `rematch [#id]`: offer (or accept) a new game with the seats swapped.
    Rematch(Option<u64>),
    /// `arrange [#id] <nine values>`: your private Subulata value placement.
    Arrange {
        /// Which game.
        game: Option<u64>,
        /// The values for your start cells, in the documented order.
        values: [u8; 9],
    },
    /// `games`: your active games and open challenges.
    Games,
    /// `history [#id]`: your finished games, or one game's result and moves.
    History(Option<u64>),
    /// `ladder [rule-set]`: the top of this community's ladder.
    Ladder(Option<RuleSetId>),
    /// `rating [@user]`: a player's ratings and record here.
    Rating(Option<String>),
    /// `rules [rule-set]`: the rule sets, or one game's rules in short.
    Rules(Option<RuleSetId>),
    /// `vacation <days>`: pause your clocks.
    Vacation(u32),
    /// `help [command]`: the commands, or one command in detail.
    Help(Option<String>),
}

impl Command {
    /// The command's word in the grammar (`move`, `arrange`, ...), as `help` lists it.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge(_) => "challenge",
            Command::Accept(_) => "accept",
            Command::Decline(_) => "decline",
            Command::Cancel(_) => "cancel",
            Command::Move { .. } => "move",
            Command::Board(_) => "board",
            Command::Moves(_) => "moves",
            Command::Resign(_) => "resign",
            Command::Abort(_) => "abort",
            Command::Draw(_) => "draw",
            Command::Takeback(_) => "takeback",
            Command::Rematch(_) => "rematch",
            Command::Arrange { .. } => "arrange",
            Command::Games => "games",
            Command::History(_) => "history",
            Command::Ladder(_) => "ladder",
            Command::Rating(_) => "rating",
            Command::Rules(_) => "rules",
            Command::Vacation(_) => "vacation",
            Command::Help(_) => "help",
        }
    }
}

/// The commands whose arguments are secret (a Subulata player's values): accepted only
/// where nobody else reads what the speaker typed ([`crate::Context::private`]).
pub const SECRET_INPUT: &[&str] = &["arrange"];

/// Whether the command `name` carries secret input (see [`SECRET_INPUT`]).
pub fn is_secret_input(name: &str) -> bool {
    SECRET_INPUT.contains(&name)
}

/// What a `challenge` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeSpec {
    /// The rule set to play.
    pub rule_set: RuleSetId,
    /// Who may accept.
    pub opponent: Opponent,
    /// Which seat the challenger takes.
    pub seat: SeatChoice,
    /// Whether the result counts for the ladder.
    pub ranked: bool,
    /// Days per move.
    pub days: u32,
}

/// Who a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Anyone in the channel.
    Open,
    /// One user, by the handle typed after `@` (the adapter writes mentions this way).
    User(String),
    /// The built-in engine (`@skald`) at a level: the game starts at once and is never ranked.
    Engine(skald_ai::Level),
}

/// Which seat the challenger takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// The seat that moves first (attackers, White).
    First,
    /// The seat that moves second.
    Second,
    /// Drawn when the challenge is accepted.
    Random,
}

/// A line that is not a valid command: what went wrong and what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong, in a sentence.
    pub message: String,
    /// The usage line of the command concerned, if one was recognised.
    pub usage: Option<&'static str>,
    /// The command word recognised (`arrange`), if one was: the session refuses secret
    /// input typed in a shared channel before saying anything about its arguments.
    pub command: Option<&'static str>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(usage) = self.usage {
            write!(f, "\nusage: {usage}")?;
        }
        Ok(())
    }
}

/// One command's grammar and help: the table `help` prints and errors quote.
#[derive(Clone, Copy, Debug)]
pub struct CommandInfo {
    /// The command word.
    pub name: &'static str,
    /// The usage line.
    pub usage: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
    /// More detail for `help <command>`.
    pub detail: &'static str,
    /// An example line.
    pub example: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: "challenge",
        usage: "challenge <rule-set> [@user | open] [first | second | random] [ranked | casual] [days:N]",
        summary: "invite someone (or anyone here) to a game",
        detail: "`first` takes the seat that moves first (attackers, White; in Ad Elta Stelpur White, but an opening roll decides who starts); the default is `random`. \
                 Without @user the challenge is open to anyone in the channel. Games are ranked \
                 with 3 days per move unless you say `casual` or `days:N` (1 to 14). \
                 `@skald easy`, `@skald normal` or `@skald hard` plays the built-in engine at once (never ranked).",
        example: "challenge tafl @bob first days:2",
    },
    CommandInfo {
        name: "accept",
        usage: "accept [#id]",
        summary: "accept a challenge addressed to you or open here",
        detail: "The game starts at once with the challenge's number.",
        example: "accept #4",
    },
    CommandInfo {
        name: "decline",
        usage: "decline [#id]",
        summary: "refuse a challenge addressed to you, a draw offer or a takeback request",
        detail: "Open challenges cannot be declined; the challenger can cancel them.",
        example: "decline #4",
    },
    CommandInfo {
        name: "cancel",
        usage: "cancel [#id]",
        summary: "withdraw a challenge you made",
        detail: "Only challenges nobody has accepted yet can be withdrawn.",
        example: "cancel #4",
    },
    CommandInfo {
        name: "move",
        usage: "move [#id] <move> [<move> ...]",
        summary: "play a move (or several steps of a dice turn)",
        detail: "Hnefatafl and Subulata: `f2-f5`. Ad Elta Stelpur: point and die, `13+1`. Daldøsa: \
                 hole and die, `w12+1`. Several steps are played in order, all or none.",
        example: "move f2-f5",
    },
    CommandInfo {
        name: "board",
        usage: "board [#id]",
        summary: "show a game's board",
        detail: "Without #id: your active game here, or else the game you last finished here.",
        example: "board #4",
    },
    CommandInfo {
        name: "moves",
        usage: "moves [#id]",
        summary: "list the moves (and dice) played so far",
        detail: "Without #id: the same game as `board`. Private values are never listed.",
        example: "moves",
    },
    CommandInfo {
        name: "resign",
        usage: "resign [#id]",
        summary: "give up a game (counts as a loss)",
        detail: "Before both players have moved, `abort` ends the game without a result.",
        example: "resign",
    },
    CommandInfo {
        name: "abort",
        usage: "abort [#id]",
        summary: "end a game without result, until both players have moved once",
        detail: "No rating changes.",
        example: "abort #4",
    },
    CommandInfo {
        name: "draw",
        usage: "draw [#id]",
        summary: "offer a draw, or accept the one offered to you",
        detail: "Only where the rules know draws (Hnefatafl, Subulata). The offer stands until \
                 your opponent moves or declines.",
        example: "draw",
    },
    CommandInfo {
        name: "takeback",
        usage: "takeback [#id]",
        summary: "ask to undo your last move, or grant your opponent's request",
        detail: "Until your opponent moves; not in dice games.",
        example: "takeback",
    },
    CommandInfo {
        name: "rematch",
        usage: "rematch [#id]",
        summary: "offer a new game against the same opponent with seats swapped",
        detail: "After a game ended. If your opponent offered one already, this accepts it.",
        example: "rematch #4",
    },
    CommandInfo {
        name: "arrange",
        usage: "arrange [#id] <nine values>",
        summary: "Subulata: place your values 1-9 on your start cells, privately",
        detail: "Give the nine values for your start cells in this order: White a1 b1 c1 a2 b2 c2 \
                 a3 b3 c3; Black i9 h9 g9 i8 h8 g8 i7 h7 g7. Allowed until your first move; send it \
                 where nobody else reads (a direct message).",
        example: "arrange 9 1 8 2 7 3 6 4 5",
    },
    CommandInfo {
        name: "games",
        usage: "games",
        summary: "your active games and the open challenges",
        detail: "Lists games on this platform, whichever channel they live in.",
        example: "games",
    },
    CommandInfo {
        name: "history",
        usage: "history [#id]",
        summary: "your finished games, or one game's result and moves",
        detail: "Without #id: your last ten finished games.",
        example: "history #4",
    },
    CommandInfo {
        name: "ladder",
        usage: "ladder [rule-set]",
        summary: "the top 10 of this community's ladder",
        detail: "Ratings are Glicko-2; a `?` marks a provisional rating (deviation 110 or more).",
        example: "ladder hnefatafl",
    },
    CommandInfo {
        name: "rating",
        usage: "rating [@user]",
        summary: "a player's ratings and record in this community",
        detail: "Without @user: your own.",
        example: "rating @bob",
    },
    CommandInfo {
        name: "rules",
        usage: "rules [rule-set]",
        summary: "the rule sets, or one game's rules in short",
        detail: "Rule set names accept aliases like `tafl`, `daldøs`, `subu`.",
        example: "rules daldosa",
    },
    CommandInfo {
        name: "vacation",
        usage: "vacation <days>",
        summary: "pause your clocks for some days (at most 14 per calendar year)",
        detail: "Adds the days to your running deadlines, and turns that come to you during the \
                 vacation start counting when it ends.",
        example: "vacation 5",
    },
    CommandInfo {
        name: "help",
        usage: "help [command]",
        summary: "this list, or one command in detail",
        detail: "",
        example: "help challenge",
    },
];

/// The grammar entry of a command word.
pub fn info(name: &str) -> Option<&'static CommandInfo> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Other words accepted for a command (`play` for `move`).
fn canonical_name(word: &str) -> &str {
    match word {
        "play" | "mv" => "move",
        "resigns" | "forfeit" => "resign",
        "offer-draw" => "draw",
        "undo" => "takeback",
        "list" => "games",
        "?" | "commands" => "help",
        other => other,
    }
}

/// Reads one command line. A leading `!` or `/` (common chat prefixes) is ignored, and the
/// command word is case-insensitive.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let line = line
        .strip_prefix('!')
        .or_else(|| line.strip_prefix('/'))
        .unwrap_or(line);
    let mut tokens = line.split_whitespace();
    let Some(word) = tokens.next() else {
        return Err(ParseError {
            message: "an empty line is not a command; try `help`".to_string(),
            usage: None,
            command: None,
        });
    };
    let word = word.to_lowercase();
    let name = canonical_name(&word);
    let args: Vec<&str> = tokens.collect();
    let Some(cmd) = info(name) else {
        let mut message = format!("unknown command '{word}'");
        if let Some(near) = nearest_command(&word) {
            message.push_str(&format!("; did you mean `{near}`?"));
        }
        message.push_str(&format!(
            "\ncommands: {}",
            COMMANDS
                .iter()
                .map(|c| c.name)
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return Err(ParseError {
            message,
            usage: None,
            command: None,
        });
    };
    let err = |message: String| ParseError {
        message,
        usage: Some(cmd.usage),
        command: Some(cmd.name),
    };
    match cmd.name {
        "challenge" => parse_challenge(&args).map_err(err).map(Command::Challenge),
        "accept" => only_id(&args).map_err(err).map(Command::Accept),
        "decline" => only_id(&args).map_err(err).map(Command::Decline),
        "cancel" => only_id(&args).map_err(err).map(Command::Cancel),
        "board" => only_id(&args).map_err(err).map(Command::Board),
        "moves" => only_id(&args).map_err(err).map(Command::Moves),
        "resign" => only_id(&args).map_err(err).map(Command::Resign),
        "abort" => only_id(&args).map_err(err).map(Command::Abort),
        "draw" => only_id(&args).map_err(err).map(Command::Draw),
        "takeback" => only_id(&args).map_err(err).map(Command::Takeback),
        "rematch" => only_id(&args).map_err(err).map(Command::Rematch),
        "history" => only_id(&args).map_err(err).map(Command::History),
        "move" => {
            let (game, rest) = split_id(&args).map_err(err)?;
            if rest.is_empty() {
                return Err(err(
                    "which move? name at least one, like `move f2-f5`".into()
                ));
            }
            Ok(Command::Move {
                game,
                moves: rest.iter().map(|s| s.to_string()).collect(),
            })
        }
        "arrange" => {
            let (game, rest) = split_id(&args).map_err(err)?;
            let values = parse_values(&rest).map_err(err)?;
            Ok(Command::Arrange { game, values })
        }
        "games" => no_args(&args).map_err(err).map(|()| Command::Games),
        "ladder" => optional_rule_set(&args).map_err(err).map(Command::Ladder),
        "rules" => optional_rule_set(&args).map_err(err).map(Command::Rules),
        "rating" => match args.as_slice() {
            [] => Ok(Command::Rating(None)),
            [user] => parse_mention(user)
                .map(|u| Command::Rating(Some(u)))
                .map_err(err),
            _ => Err(err("expected at most one @user".into())),
        },
        "vacation" => match args.as_slice() {
            [days] => parse_vacation(days).map(Command::Vacation).map_err(err),
            [] => Err(err("how many days? like `vacation 5`".into())),
            _ => Err(err("expected one number of days".into())),
        },
        "help" => match args.as_slice() {
            [] => Ok(Command::Help(None)),
            [topic] => {
                let topic = topic.trim_start_matches(['!', '/']).to_lowercase();
                let name = canonical_name(&topic);
                if info(name).is_some() {
                    Ok(Command::Help(Some(name.to_string())))
                } else {
                    Err(err(format!(
                        "no command '{topic}'; commands: {}",
                        COMMANDS
                            .iter()
                            .map(|c| c.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )))
                }
            }
            _ => Err(err("expected at most one command name".into())),
        },
        _ => Err(err("this command is not available".into())),
    }
}

/// A `#id` token's number.
fn parse_id(token: &str) -> Option<Result<u64, String>> {
    let digits = token.strip_prefix('#')?;
    Some(
        digits
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                format!("'{token}' is not a game or challenge number; expected like #12")
            }),
    )
}

/// Takes an optional `#id` from the front of the arguments.
fn split_id<'a>(args: &'a [&'a str]) -> Result<(Option<u64>, Vec<&'a str>), String> {
    match args.split_first() {
        Some((first, rest)) => match parse_id(first) {
            Some(id) => Ok((Some(id?), rest.to_vec())),
            None => Ok((None, args.to_vec())),
        },
        None => Ok((None, Vec::new())),
    }
}

/// Commands that take nothing but an optional `#id`.
fn only_id(args: &[&str]) -> Result<Option<u64>, String> {
    match args {
        [] => Ok(None),
        [one] => match parse_id(one) {
            Some(id) => id.map(Some),
            None => Err(format!(
                "unexpected '{one}'; expected nothing or a number like #12"
            )),
        },
        [_, extra, ..] => Err(format!(
            "unexpected '{extra}'; expected nothing or one number like #12"
        )),
    }
}

fn no_args(args: &[&str]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(extra) => Err(format!("unexpected '{extra}'; this command takes nothing")),
    }
}

fn rule_set(token: &str) -> Result<RuleSetId, String> {
    token
        .parse()
        .map_err(|e: skald_rules::UnknownRuleSet| e.to_string())
}

fn optional_rule_set(args: &[&str]) -> Result<Option<RuleSetId>, String> {
    match args {
        [] => Ok(None),
        [one] => rule_set(one).map(Some),
        // "ad elta" style names with a space.
        many => rule_set(&many.join("-")).map(Some),
    }
}

/// `@name` to `name`. Punctuation typed after a name (`@bob,` `@bob>`) is not part of it.
fn parse_mention(token: &str) -> Result<String, String> {
    match token
        .strip_prefix('@')
        .map(|h| h.trim_end_matches([',', ';', ':', '!', '?', '>']))
    {
        Some(handle) if !handle.is_empty() && !handle.contains('\0') => Ok(handle.to_string()),
        _ => Err(format!(
            "'{token}' is not a user; expected a mention like @bob"
        )),
    }
}

fn parse_days(value: &str) -> Result<u32, String> {
    let days: u32 = value
        .trim_end_matches('d')
        .parse()
        .map_err(|_| format!("'{value}' is not a number of days; expected 1 to 14"))?;
    if !DAYS_RANGE.contains(&days) {
        return Err(format!(
            "{days} days per move is not allowed; expected 1 to 14"
        ));
    }
    Ok(days)
}

fn parse_vacation(value: &str) -> Result<u32, String> {
    let days: u32 = value
        .trim_end_matches('d')
        .parse()
        .map_err(|_| format!("'{value}' is not a number of days; expected 1 to 14"))?;
    if days == 0 || days > VACATION_DAYS_PER_YEAR {
        return Err(format!(
            "{days} vacation days is not allowed; expected 1 to {VACATION_DAYS_PER_YEAR}"
        ));
    }
    Ok(days)
}

fn parse_challenge(args: &[&str]) -> Result<ChallengeSpec, String> {
    let Some((first, rest)) = args.split_first() else {
        return Err(
            "which game? name a rule set: adelta, adelta-rustik, hnefatafl, hnefatafl-13, subulata, daldosa"
                .to_string(),
        );
    };
    let rule_set = rule_set(first)?;
    let mut opponent: Option<Opponent> = None;
    let mut seat: Option<SeatChoice> = None;
    let mut ranked: Option<bool> = None;
    let mut days: Option<u32> = None;
    fn once<T>(slot: &mut Option<T>, value: T, what: &str, token: &str) -> Result<(), String> {
        if slot.is_some() {
            return Err(format!("'{token}': {what} was already given"));
        }
        *slot = Some(value);
        Ok(())
    }
    let mut level: Option<skald_ai::Level> = None;
    for token in rest {
        let lower = token.to_lowercase();
        if lower == format!("@{ENGINE_HANDLE}") {
            once(
                &mut opponent,
                Opponent::Engine(skald_ai::Level::Normal),
                "the opponent",
                token,
            )?;
        } else if let Some(l) = ["easy", "normal", "hard"]
            .contains(&lower.as_str())
            .then(|| lower.parse::<skald_ai::Level>().ok())
            .flatten()
        {
            once(&mut level, l, "the level", token)?;
        } else if token.starts_with('@') {
            once(
                &mut opponent,
                Opponent::User(parse_mention(token)?),
                "the opponent",
                token,
            )?;
        } else if let Some(value) = lower
            .strip_prefix("days:")
            .or_else(|| lower.strip_prefix("days="))
        {
            once(&mut days, parse_days(value)?, "days", token)?;
        } else {
            match lower.as_str() {
                "open" => once(&mut opponent, Opponent::Open, "the opponent", token)?,
                "first" => once(&mut seat, SeatChoice::First, "the seat", token)?,
                "second" => once(&mut seat, SeatChoice::Second, "the seat", token)?,
                "random" => once(&mut seat, SeatChoice::Random, "the seat", token)?,
                "ranked" | "rated" => once(&mut ranked, true, "ranked or casual", token)?,
                "casual" | "unranked" | "unrated" => {
                    once(&mut ranked, false, "ranked or casual", token)?
                }
                _ => {
                    return Err(format!(
                        "unexpected '{token}'; expected @user or open (or @skald with easy, normal or hard), \
                         first, second or random, ranked or casual, days:N"
                    ));
                }
            }
        }
    }
    if let Some(Opponent::Engine(l)) = &mut opponent {
        if ranked == Some(true) {
            return Err(format!(
                "games against @{ENGINE_HANDLE} are never ranked; leave out 'ranked'"
            ));
        }
        ranked = Some(false);
        *l = level.unwrap_or(skald_ai::Level::Normal);
    } else if level.is_some() {
        return Err(format!(
            "easy, normal and hard are levels of @{ENGINE_HANDLE}: `challenge <rule-set> @{ENGINE_HANDLE} hard`"
        ));
    }
    Ok(ChallengeSpec {
        rule_set,
        opponent: opponent.unwrap_or(Opponent::Open),
        seat: seat.unwrap_or(SeatChoice::Random),
        ranked: ranked.unwrap_or(true),
        days: days.unwrap_or(DEFAULT_DAYS),
    })
}

/// Nine values 1..=9, each once: `9 1 8 2 7 3 6 4 5`, `918273645` or `9,1,8,...`.
fn parse_values(args: &[&str]) -> Result<[u8; 9], String> {
    let joined: String = args.join(" ");
    let digits: Vec<char> = joined
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if digits.is_empty() {
        return Err(
            "which values? give the nine values 1 to 9, like `arrange 9 1 8 2 7 3 6 4 5`"
                .to_string(),
        );
    }
    if let Some(bad) = digits.iter().find(|c| !matches!(c, '1'..='9')) {
        return Err(format!(
            "'{bad}' is not a value; expected the nine values 1 to 9, each once"
        ));
    }
    if digits.len() != 9 {
        return Err(format!(
            "expected nine values (1 to 9, each once), got {}",
            digits.len()
        ));
    }
    let mut values = [0u8; 9];
    for (slot, c) in values.iter_mut().zip(&digits) {
        *slot = *c as u8 - b'0';
    }
    let missing: Vec<String> = (1..=9u8)
        .filter(|v| !values.contains(v))
        .map(|v| v.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "each value 1 to 9 must appear once; missing {}",
            missing.join(", ")
        ));
    }
    Ok(values)
}

/// The command word closest to a misspelt one (Levenshtein distance at most 2, counted in
/// characters).
fn nearest_command(word: &str) -> Option<&'static str> {
    COMMANDS
        .iter()
        .map(|c| (strsim::levenshtein(word, c.name), c.name))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        match parse(line) {
            Ok(c) => c,
            Err(e) => panic!("{line:?} should parse: {e}"),
        }
    }

    fn bad(line: &str) -> String {
        match parse(line) {
            Ok(c) => panic!("{line:?} should be refused, got {c:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn challenge_defaults_and_options() {
        assert_eq!(
            ok("challenge tafl"),
            Command::Challenge(ChallengeSpec {
                rule_set: RuleSetId::Hnefatafl,
                opponent: Opponent::Open,
                seat: SeatChoice::Random,
                ranked: true,
                days: 3,
            })
        );
        assert_eq!(
            ok("!Challenge daldøs @bob first casual days:7"),
            Command::Challenge(ChallengeSpec {
                rule_set: RuleSetId::Daldosa,
                opponent: Opponent::User("bob".into()),
                seat: SeatChoice::First,
                ranked: false,
                days: 7,
            })
        );
        // Options in any order, `days=N` too.
        assert_eq!(
            ok("challenge subu days=1 second open ranked"),
            Command::Challenge(ChallengeSpec {
                rule_set: RuleSetId::Subulata,
                opponent: Opponent::Open,
                seat: SeatChoice::Second,
                ranked: true,
                days: 1,
            })
        );
    }

    #[test]
    fn punctuation_after_a_mention_is_not_part_of_the_name() {
        for line in [
            "challenge tafl @bob,",
            "challenge tafl @bob>",
            "challenge tafl @bob!",
        ] {
            match ok(line) {
                Command::Challenge(spec) => {
                    assert_eq!(spec.opponent, Opponent::User("bob".into()), "{line}")
                }
                other => panic!("{line}: {other:?}"),
            }
        }
        assert!(bad("challenge tafl @,").contains("expected a mention like @bob"));
    }

    #[test]
    fn challenge_errors_say_what_is_expected() {
        assert!(bad("challenge").contains("which game?"));
        let e = bad("challenge chess");
        assert!(
            e.contains("unknown rule set 'chess'") && e.contains("hnefatafl"),
            "{e}"
        );
        let e = bad("challenge tafl days:30");
        assert!(
            e.contains("expected 1 to 14") && e.contains("usage: challenge"),
            "{e}"
        );
        assert!(bad("challenge tafl days:x").contains("not a number of days"));
        assert!(bad("challenge tafl first second").contains("the seat was already given"));
        assert!(bad("challenge tafl @bob open").contains("the opponent was already given"));
        let e = bad("challenge tafl blitz");
        assert!(
            e.contains("unexpected 'blitz'") && e.contains("ranked or casual"),
            "{e}"
        );
        assert!(bad("challenge tafl @").contains("expected a mention like @bob"));
    }

    #[test]
    fn ids_and_moves() {
        assert_eq!(ok("accept"), Command::Accept(None));
        assert_eq!(ok("accept #12"), Command::Accept(Some(12)));
        assert_eq!(
            ok("move #3 f2-f5"),
            Command::Move {
                game: Some(3),
                moves: vec!["f2-f5".into()]
            }
        );
        assert_eq!(
            ok("play 13+1 14 6"),
            Command::Move {
                game: None,
                moves: vec!["13+1".into(), "14".into(), "6".into()]
            }
        );
        assert!(bad("move").contains("which move?"));
        assert!(bad("move #3").contains("which move?"));
        assert!(bad("accept #x").contains("expected like #12"));
        assert!(bad("accept #0").contains("expected like #12"));
        assert!(bad("resign now").contains("unexpected 'now'"));
        assert!(bad("board #1 #2").contains("unexpected '#2'"));
        assert!(bad("games all").contains("takes nothing"));
    }

    #[test]
    fn arrange_values() {
        let want = [9, 1, 8, 2, 7, 3, 6, 4, 5];
        assert_eq!(
            ok("arrange 9 1 8 2 7 3 6 4 5"),
            Command::Arrange {
                game: None,
                values: want
            }
        );
        assert_eq!(
            ok("arrange #2 918273645"),
            Command::Arrange {
                game: Some(2),
                values: want
            }
        );
        assert_eq!(
            ok("arrange 9,1,8,2,7,3,6,4,5"),
            Command::Arrange {
                game: None,
                values: want
            }
        );
        assert!(bad("arrange").contains("which values?"));
        assert!(bad("arrange 1 2 3").contains("got 3"));
        assert!(bad("arrange 1 1 3 4 5 6 7 8 9").contains("missing 2"));
        assert!(bad("arrange 0 1 2 3 4 5 6 7 8").contains("'0' is not a value"));
    }

    #[test]
    fn other_commands() {
        assert_eq!(ok("games"), Command::Games);
        assert_eq!(ok("ladder"), Command::Ladder(None));
        assert_eq!(
            ok("ladder tafl-13"),
            Command::Ladder(Some(RuleSetId::Hnefatafl13))
        );
        assert_eq!(ok("rules ad elta"), Command::Rules(Some(RuleSetId::Adelta)));
        assert_eq!(ok("rating @bob"), Command::Rating(Some("bob".into())));
        assert_eq!(ok("rating"), Command::Rating(None));
        assert!(bad("rating bob").contains("like @bob"));
        assert_eq!(ok("vacation 5"), Command::Vacation(5));
        assert_eq!(ok("vacation 5d"), Command::Vacation(5));
        assert!(bad("vacation 15").contains("1 to 14"));
        assert!(bad("vacation 0").contains("1 to 14"));
        assert!(bad("vacation").contains("how many days?"));
        assert_eq!(ok("help"), Command::Help(None));
        assert_eq!(ok("help play"), Command::Help(Some("move".into())));
        assert!(bad("help dance").contains("no command 'dance'"));
        assert!(bad("ladder chess").contains("unknown rule set"));
    }

    #[test]
    fn unknown_commands_suggest_the_nearest() {
        let e = bad("mvoe f2-f5");
        assert!(
            e.contains("unknown command 'mvoe'") && e.contains("did you mean `move`?"),
            "{e}"
        );
        assert!(e.contains("commands: challenge, accept"), "{e}");
        let e = bad("xyzzy");
        assert!(!e.contains("did you mean"), "{e}");
        assert!(bad("").contains("empty line"));
        assert!(bad("   ").contains("empty line"));
    }

    #[test]
    fn every_command_has_usage_and_example_that_parse() {
        for c in COMMANDS {
            assert!(c.usage.starts_with(c.name));
            let parsed = parse(c.example);
            assert!(parsed.is_ok(), "{}: {:?}", c.example, parsed);
        }
    }
}
