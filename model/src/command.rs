//! The one command grammar every adapter shares, and its parser. Errors say what was
//! expected, with the command's usage line, so a player can fix the line and send it again.

use skald_lang::{Lang, Msg, Text, t};
use skald_rules::RuleSetId;
use std::fmt;

/// The handle that names the built-in engine in a challenge (`@skald`).
pub const ENGINE_HANDLE: &str = "skald";

/// The most days per move a challenge may ask for, and the fewest.
pub const DAYS_RANGE: std::ops::RangeInclusive<u32> = 1..=14;
pub use crate::time_control::DEFAULT_DAYS;
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
    /// `board [#id] [text]`: the current board; with `text`, as text instead of a picture
    /// (the asker's own view too), for screen readers and text-only clients.
    Board {
        /// Which game.
        game: Option<u64>,
        /// Boards as text rather than pictures.
        text: bool,
    },
    /// `moves [#id]`: the moves played so far.
    Moves(Option<u64>),
    /// `export [#id] [otn]`: the game's record as a file `skald import` reads; with `otn`,
    /// in OpenTafl notation (Copenhagen and Brandubh), as the tafl community's programs read.
    Export {
        /// Which game.
        game: Option<u64>,
        /// OpenTafl notation rather than Skald's JSON lines.
        otn: bool,
    },
    /// `replay [#id]`: the game as an animated GIF.
    Replay(Option<u64>),
    /// `review [#id]`: the engine's review of a finished game (its win chances, the turning
    /// points, each player's accuracy), made once and kept.
    Review(Option<u64>),
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
    /// `link [code]`: a code for joining another platform's account (none given), or join
    /// this account to the player whose code it is.
    Link(Option<String>),
    /// `unlink`: split this account from the player it is joined to.
    Unlink,
    /// `language [en|fr]`: the language Skald writes to you in (none given: which it is).
    Language(Option<skald_lang::Lang>),
    /// `premove [#id] [<their move> <answer> ...|clear]`: conditional moves (see
    /// [`crate::premove`]); no words lists them.
    Premove {
        /// The game (`None`: the speaker's only game here).
        game: Option<u64>,
        /// The words after the id, as typed: moves in pairs, `clear`, or none.
        line: Vec<String>,
    },
    /// `digest [on [HH:MM] [zone] | off]`: the daily digest (see [`crate::digest`]); the
    /// words as typed.
    Digest(Vec<String>),
    /// `pings [on|off]`: whether a turn comes with a mention; the words as typed.
    Pings(Vec<String>),
    /// `tournament [#id] [create … | join | leave | start | remove @user]`: a community
    /// tournament (see [`crate::tournament`]); no action shows its standings.
    Tournament {
        /// Which tournament (`None`: the only one that fits here).
        id: Option<u64>,
        /// What to do.
        action: TournamentAction,
    },
    /// `tournaments`: this community's open and running tournaments.
    Tournaments,
    /// `league [<rule-set>] [standings | join | leave | start …]`: a community's standing
    /// league for a game, played in seasons (see [`crate::league`]); with no rule set, the
    /// community's leagues.
    League {
        /// Which league (`None`: list them).
        rule_set: Option<RuleSetId>,
        /// What to do.
        action: LeagueAction,
    },
    /// `puzzle [rule-set | <move> | skip | stats | ladder | daily …]`: puzzles mined from
    /// games (see [`crate::puzzle`]).
    Puzzle(PuzzleAsk),
}

impl Command {
    /// The command's entry in [`COMMANDS`]: the one that reads its arguments.
    pub fn info(&self) -> Option<&'static CommandInfo> {
        COMMANDS.iter().find(|c| (c.args_of)(self).is_some())
    }

    /// The command's word in the grammar (`move`, `arrange`, ...), as `help` lists it.
    pub fn name(&self) -> &'static str {
        self.info().map_or("", |c| c.name)
    }

    /// The command's arguments as typed values, named as in its definition.
    pub fn args(&self) -> Args {
        COMMANDS
            .iter()
            .find_map(|c| (c.args_of)(self))
            .unwrap_or_default()
    }

    /// The game this command acts on, when its words name it: what the session reads first
    /// ([`crate::Session`]'s read-ahead). Commands whose number may be a challenge's
    /// (`accept`, `decline`, `cancel`, `rematch`) or a finished game's (`history`) are left
    /// out: a read of a game that is not there would be a wasted trip.
    pub fn game(&self) -> Option<u64> {
        COMMANDS
            .iter()
            .filter(|c| c.names_game)
            .find_map(|c| (c.args_of)(self))
            .and_then(|a| a.id("game"))
    }

    /// Whether this command carries something only its sender may see (a Subulata player's
    /// values, a link code): refused where others read what the speaker typed. A bare `link`
    /// carries nothing (its code is answered privately), so it works anywhere.
    pub fn carries_secret(&self) -> bool {
        match self {
            Command::Link(None) => false,
            // Listing or clearing one's lines says nothing of them.
            Command::Premove { line, .. } => {
                !(line.is_empty() || line.len() == 1 && line[0].eq_ignore_ascii_case("clear"))
            }
            _ => is_secret_input(self.name()),
        }
    }
}

/// Whether the command `name` carries secret input ([`CommandInfo::secret`]).
pub fn is_secret_input(name: &str) -> bool {
    info(name).is_some_and(|c| c.secret)
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
    /// Days per move (the default when `bank` is set, which replaces it).
    pub days: u32,
    /// A time bank instead of days per move (`clock:3d+6h`).
    pub bank: Option<crate::time_control::Bank>,
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
    /// What went wrong, in a sentence (in the reader's language once rendered).
    pub message: Text,
    /// The usage line of the command concerned, if one was recognised.
    pub usage: Option<&'static str>,
    /// The command word recognised (`arrange`), if one was: the session refuses secret
    /// input typed in a shared channel before saying anything about its arguments.
    pub command: Option<&'static str>,
}

impl ParseError {
    /// The refusal as a player reads it: what went wrong, then the command's usage line
    /// (typed the same in every language).
    pub fn text(&self) -> Text {
        let mut text = self.message.clone();
        if let Some(usage) = self.usage {
            text.line(t!("cmd-usage", usage = usage));
        }
        text
    }
}

/// The refusal in English, for logs and tests; players get [`ParseError::text`] in theirs.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().en())
    }
}

pub mod account;
mod args;
pub mod challenge;
pub mod community;
pub mod complete;
pub mod game;
pub mod league;
pub mod lists;
pub mod manual;
pub mod puzzle;
mod sentence;
pub mod subcommand;
pub mod tournament;
mod words;

pub use league::{LeagueAction, LeagueTerms};
pub use puzzle::{PuzzleAsk, PuzzleScope};
pub use tournament::{TournamentAction, TournamentSpec};

pub use sentence::in_sentence;

pub use args::{
    Arg, ArgKind, ArgValue, Args, CODE_PREFIX, LEVEL_CHOICES, RULE_SET_CHOICES, Raw, SEAT_CHOICES,
    decode, encode,
};
use args::{challenge_args, game_arg, joined};
pub use complete::{ActionOf, Completion};

/// One command, defined once: its words, its help, its typed arguments, how its text form is
/// read and how it is built from typed arguments. The text parser, `help`, the usage lines in
/// errors, the button encoding and each adapter's registration (Discord's slash commands) all
/// come from [`COMMANDS`], so adding a command is one entry there and its handler.
#[derive(Clone, Copy, Debug)]
pub struct CommandInfo {
    /// The command word.
    pub name: &'static str,
    /// Other words accepted for it in text (`play` for `move`).
    pub aliases: &'static [&'static str],
    /// The usage line of the text grammar (the same in every language). What the command
    /// does is in the message files: `cmd-<name>` ([`CommandInfo::summary`],
    /// [`CommandInfo::detail`]).
    pub usage: &'static str,
    /// An example line.
    pub example: &'static str,
    /// Its typed arguments, required ones first (Discord's rule for options).
    pub args: &'static [Arg],
    /// Reads the words after the command word (the text grammar); errors say what was expected.
    pub parse: fn(&[&str]) -> Result<Command, Text>,
    /// Whether its arguments are secret (a Subulata player's values): the session takes it
    /// only where nobody else reads what the speaker typed ([`crate::Context::private`]).
    pub secret: bool,
    /// Whether its `game` argument always names a game (`move`, `board`), never a challenge
    /// (`accept`) or a finished game (`history`): the session reads that game before the
    /// speaker's own document ([`Command::game`]).
    pub names_game: bool,
    /// The typed arguments of a command of this entry (`None` for another command's): what
    /// a button encodes and what [`Command::name`] and [`Command::game`] read, so no `match`
    /// elsewhere lists every command.
    pub args_of: fn(&Command) -> Option<Args>,
    /// Builds the command from typed arguments (a platform's options, a button's encoding).
    pub build: fn(&Args) -> Result<Command, Text>,
}

impl CommandInfo {
    /// Builds the command from typed arguments; an error carries the usage line, like a
    /// line that does not parse.
    pub fn from_args(&self, args: &Args) -> Result<Command, ParseError> {
        (self.build)(args).map_err(|message| ParseError {
            message,
            usage: Some(self.usage),
            command: Some(self.name),
        })
    }

    /// The command's message in `commands.ftl` (`cmd-board`): its value is the command's
    /// name on platforms that name commands per language (Discord's slash commands).
    fn message_id(&self) -> String {
        format!("cmd-{}", self.name)
    }

    /// One line on what the command does (`show a game's board`), as `help` lists it.
    pub fn summary(&self) -> Text {
        Msg::new(format!("{}.summary", self.message_id())).into()
    }

    /// More on the command for `help <command>`, if there is more to say.
    pub fn detail(&self) -> Option<Text> {
        let id = format!("{}.detail", self.message_id());
        skald_lang::has_message(Lang::En, &id).then(|| Msg::new(id).into())
    }

    /// The summary as a sentence in `lang` (`Show a game's board.`), for platforms that show
    /// one line per command (Discord's descriptions).
    pub fn description(&self, lang: Lang) -> String {
        let summary = self.summary().render(lang);
        let mut chars = summary.chars();
        match chars.next() {
            Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
            None => String::new(),
        }
    }

    /// The command's name in `lang` where a platform lets commands have one per language
    /// (`accepter`); the command word itself in English. Text commands are typed in English
    /// in every language.
    pub fn slash_name(&self, lang: Lang) -> String {
        skald_lang::render_message(lang, &self.message_id(), &[])
    }

    /// What one of the command's arguments is, in one line (`cmd-<name>-<argument>`).
    pub fn arg_description(&self, arg: &Arg) -> Text {
        Msg::new(format!(
            "{}-{}",
            self.message_id(),
            arg.name.replace('_', "-")
        ))
        .into()
    }

    /// The command named `name` in any language (`accept`, an alias, `accepter`), for
    /// `help <command>` typed by someone who sees the commands in their language.
    fn named(name: &str) -> Option<&'static CommandInfo> {
        lookup(name).or_else(|| {
            COMMANDS.iter().find(|c| {
                Lang::ALL
                    .into_iter()
                    .any(|l| c.slash_name(l).to_lowercase() == name)
            })
        })
    }
}

/// The optional game or challenge number most commands take.
const GAME: Arg = Arg {
    name: "game",
    kind: ArgKind::GameId,
    required: false,
    complete: Completion::GamesAndChallenges,
};
/// An optional rule set.
const RULE_SET: Arg = Arg {
    name: "rule_set",
    kind: ArgKind::RuleSet,
    required: false,
    complete: Completion::Nothing,
};

/// Every command, in the order `help` lists them (and Discord registers them). Each entry
/// is defined in its command group's module, which mirrors the session's module holding
/// its handler (`game` here, `session/src/game/` there).
pub const COMMANDS: &[CommandInfo] = &[
    challenge::CHALLENGE,
    challenge::ACCEPT,
    challenge::DECLINE,
    challenge::CANCEL,
    game::MOVE,
    game::PREMOVE,
    account::DIGEST,
    account::PINGS,
    game::BOARD,
    game::MOVES,
    game::EXPORT,
    game::REPLAY,
    game::REVIEW,
    game::RESIGN,
    game::ABORT,
    game::DRAW,
    game::TAKEBACK,
    challenge::REMATCH,
    game::ARRANGE,
    lists::GAMES,
    lists::HISTORY,
    lists::LADDER,
    lists::RATING,
    community::TOURNAMENT,
    community::TOURNAMENTS,
    community::LEAGUE,
    puzzle::PUZZLE,
    manual::RULES,
    account::VACATION,
    account::LINK,
    account::UNLINK,
    account::LANGUAGE,
    manual::HELP,
];

fn how_many_days() -> Text {
    t!("cmd-error-how-many-days")
}

/// The grammar entry of a command word (not an alias).
pub fn info(name: &str) -> Option<&'static CommandInfo> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The entry of a command word or one of its aliases (lower case).
pub fn lookup(word: &str) -> Option<&'static CommandInfo> {
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word))
}

/// The words of a text argument.
fn words(text: Option<&str>) -> Vec<&str> {
    text.map(|t| t.split_whitespace().collect())
        .unwrap_or_default()
}

/// `move`'s moves, at least one.
fn moves(game: Option<u64>, rest: &[&str]) -> Result<Command, Text> {
    if rest.is_empty() {
        return Err(t!("cmd-error-which-move"));
    }
    Ok(Command::Move {
        game,
        moves: rest.iter().map(|s| s.to_string()).collect(),
    })
}

/// `help`'s topic: a command word or alias, or a command's name in a language (`accepter`,
/// as Discord shows it), as the command's name.
fn help_topic(topic: &str) -> Result<String, Text> {
    let topic = topic.trim().trim_start_matches(['!', '/']).to_lowercase();
    match CommandInfo::named(&topic) {
        Some(c) => Ok(c.name.to_string()),
        None => Err(t!(
            "cmd-error-no-such-command",
            topic = shown(&topic),
            names = command_names()
        )),
    }
}

/// Every command word, as typed in every language (`challenge, accept, …`).
fn command_names() -> String {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a player typed, quoted back in a refusal: at most 40 characters.
fn shown(typed: &str) -> String {
    typed.chars().take(40).collect()
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
            message: t!("cmd-error-empty"),
            usage: None,
            command: None,
        });
    };
    let word = word.to_lowercase();
    let args: Vec<&str> = tokens.collect();
    let Some(cmd) = lookup(&word) else {
        let mut message = t!("cmd-error-unknown", word = shown(&word));
        if let Some(near) = nearest_command(&word) {
            message.push(t!("cmd-error-did-you-mean", near = near));
        }
        message.line(t!("cmd-error-commands", names = command_names()));
        return Err(ParseError {
            message,
            usage: None,
            command: None,
        });
    };
    (cmd.parse)(&args).map_err(|message| ParseError {
        message,
        usage: Some(cmd.usage),
        command: Some(cmd.name),
    })
}

/// `challenge` from typed arguments: a level without an opponent, or the built-in engine's
/// handle as the opponent, plays the engine (never ranked).
fn build_challenge(a: &Args) -> Result<Command, Text> {
    let rule_set = a.rule_set("rule_set").ok_or_else(which_game)?;
    let level = a.level("level");
    // A player named in text (one of another platform) when no user was picked.
    let named = a
        .text("player")
        .map(|p| p.trim().trim_start_matches('@').to_string())
        .filter(|p| !p.is_empty());
    if named.is_some() && a.user("opponent").is_some() {
        return Err(t!("cmd-error-one-opponent"));
    }
    let opponent = match a.user("opponent").or(named) {
        Some(h) if h.eq_ignore_ascii_case(ENGINE_HANDLE) => {
            Opponent::Engine(level.unwrap_or(skald_ai::Level::Normal))
        }
        Some(_) if level.is_some() => return Err(levels_of_engine()),
        Some(h) => Opponent::User(h),
        None => level.map_or(Opponent::Open, Opponent::Engine),
    };
    let ranked = match (&opponent, a.flag("ranked")) {
        (Opponent::Engine(_), Some(true)) => return Err(never_ranked()),
        (Opponent::Engine(_), _) => false,
        (_, ranked) => ranked.unwrap_or(true),
    };
    let (days, bank) = time_control(a.number("days"), a.text("clock"), a.text("cap"))?;
    Ok(Command::Challenge(ChallengeSpec {
        rule_set,
        opponent,
        seat: a.seat("seat").unwrap_or(SeatChoice::Random),
        ranked,
        days,
        bank,
    }))
}

/// A challenge's clock: `days:N` per move, or a bank (`clock:` with an optional `cap:`),
/// not both.
fn time_control(
    days: Option<u32>,
    clock: Option<&str>,
    cap: Option<&str>,
) -> Result<(u32, Option<crate::time_control::Bank>), Text> {
    match (days, clock, cap) {
        (Some(_), Some(_), _) => Err(t!("cmd-error-days-or-clock")),
        (_, None, Some(_)) => Err(t!("cmd-error-cap-without-clock")),
        (_, Some(clock), cap) => Ok((
            DEFAULT_DAYS,
            Some(crate::time_control::Bank::parse(clock, cap)?),
        )),
        (days, None, None) => Ok((days.unwrap_or(DEFAULT_DAYS), None)),
    }
}

/// The rule sets' ids, as typed (`adelta, adelta-rustik, …`).
fn rule_set_ids() -> String {
    RuleSetId::ALL.map(RuleSetId::id).join(", ")
}

fn which_game() -> Text {
    t!("cmd-error-which-game", rule_sets = rule_set_ids())
}

fn never_ranked() -> Text {
    t!("cmd-error-never-ranked", engine = ENGINE_HANDLE)
}

fn levels_of_engine() -> Text {
    t!("cmd-error-levels", engine = ENGINE_HANDLE)
}

/// A `#id` token's number.
fn parse_id(token: &str) -> Option<Result<u64, Text>> {
    let digits = token.strip_prefix('#')?;
    Some(
        digits
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| t!("cmd-error-not-an-id", token = shown(token))),
    )
}

/// Takes an optional `#id` from the front of the arguments.
fn split_id<'a>(args: &'a [&'a str]) -> Result<(Option<u64>, Vec<&'a str>), Text> {
    match args.split_first() {
        Some((first, rest)) => match parse_id(first) {
            Some(id) => Ok((Some(id?), rest.to_vec())),
            None => Ok((None, args.to_vec())),
        },
        None => Ok((None, Vec::new())),
    }
}

/// Commands that take nothing but an optional `#id`.
fn only_id(args: &[&str]) -> Result<Option<u64>, Text> {
    match args {
        [] => Ok(None),
        [one] => match parse_id(one) {
            Some(id) => id.map(Some),
            None => Err(t!("cmd-error-only-id", token = shown(one))),
        },
        [_, extra, ..] => Err(t!("cmd-error-only-one-id", token = shown(extra))),
    }
}

fn no_args(args: &[&str]) -> Result<(), Text> {
    match args.first() {
        None => Ok(()),
        Some(extra) => Err(t!("cmd-error-takes-nothing", token = shown(extra))),
    }
}

/// A rule set by its id or an alias; the refusal lists the ids.
fn rule_set(token: &str) -> Result<RuleSetId, Text> {
    token.parse().map_err(|e: skald_rules::UnknownRuleSet| {
        t!(
            "cmd-error-unknown-rule-set",
            name = shown(&e.0),
            rule_sets = rule_set_ids()
        )
    })
}

fn optional_rule_set(args: &[&str]) -> Result<Option<RuleSetId>, Text> {
    match args {
        [] => Ok(None),
        [one] => rule_set(one).map(Some),
        // "ad elta" style names with a space.
        many => rule_set(&many.join("-")).map(Some),
    }
}

/// `@name` to `name`. Punctuation typed after a name (`@bob,` `@bob>`) is not part of it.
fn parse_mention(token: &str) -> Result<String, Text> {
    match token
        .strip_prefix('@')
        .map(|h| h.trim_end_matches([',', ';', ':', '!', '?', '>']))
    {
        Some(handle) if !handle.is_empty() && !handle.contains('\0') => Ok(handle.to_string()),
        _ => Err(t!("cmd-error-not-a-user", token = shown(token))),
    }
}

/// A number of days as typed (`5`, `5d`); the refusal says which are allowed.
fn number_of_days(value: &str, max: u32) -> Result<u32, Text> {
    value
        .trim_end_matches('d')
        .parse()
        .map_err(|_| t!("cmd-error-not-days", value = shown(value), max = max))
}

fn parse_days(value: &str) -> Result<u32, Text> {
    let days = number_of_days(value, *DAYS_RANGE.end())?;
    if !DAYS_RANGE.contains(&days) {
        return Err(t!("cmd-error-days-per-move", days = days));
    }
    Ok(days)
}

/// A language as typed: its code (`fr`), a locale (`fr-CA`) or its own name (`Français`).
fn parse_language(value: &str) -> Result<Lang, Text> {
    Lang::from_locale(value)
        .or_else(|| {
            Lang::ALL
                .into_iter()
                .find(|l| l.native_name().eq_ignore_ascii_case(value))
        })
        .ok_or_else(|| {
            let choices =
                Lang::ALL.map(|l| Text::verbatim(format!("`{}` ({})", l.code(), l.native_name())));
            t!(
                "cmd-error-not-a-language",
                value = value.chars().take(20).collect::<String>(),
                choices = alternatives(choices)
            )
        })
}

/// Alternatives written as the language writes them: `a, b or c`.
fn alternatives(items: impl IntoIterator<Item = Text>) -> Text {
    let mut items: Vec<Text> = items.into_iter().collect();
    let Some(last) = items.pop() else {
        return Text::new();
    };
    if items.is_empty() {
        return last;
    }
    let mut head = Text::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            head.push(Text::verbatim(", "));
        }
        head.push(item);
    }
    t!("cmd-or-last", head = head, last = last)
}

fn parse_vacation(value: &str) -> Result<u32, Text> {
    let days = number_of_days(value, VACATION_DAYS_PER_YEAR)?;
    if days == 0 || days > VACATION_DAYS_PER_YEAR {
        return Err(t!(
            "cmd-error-vacation-days",
            days = days,
            max = VACATION_DAYS_PER_YEAR
        ));
    }
    Ok(days)
}

fn parse_challenge(args: &[&str]) -> Result<ChallengeSpec, Text> {
    let Some((first, rest)) = args.split_first() else {
        return Err(which_game());
    };
    let rule_set = rule_set(first)?;
    let mut opponent: Option<Opponent> = None;
    let mut seat: Option<SeatChoice> = None;
    let mut ranked: Option<bool> = None;
    let mut days: Option<u32> = None;
    let mut clock: Option<&str> = None;
    let mut cap: Option<&str> = None;
    /// `what` is the option's key in `cmd-error-given-twice` (`opponent`, `seat`, ...).
    fn once<T>(
        slot: &mut Option<T>,
        value: T,
        what: &'static str,
        token: &str,
    ) -> Result<(), Text> {
        if slot.is_some() {
            return Err(t!(
                "cmd-error-given-twice",
                token = shown(token),
                what = what
            ));
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
                "opponent",
                token,
            )?;
        } else if let Some(l) = ["easy", "normal", "hard"]
            .contains(&lower.as_str())
            .then(|| lower.parse::<skald_ai::Level>().ok())
            .flatten()
        {
            once(&mut level, l, "level", token)?;
        } else if token.starts_with('@') {
            once(
                &mut opponent,
                Opponent::User(parse_mention(token)?),
                "opponent",
                token,
            )?;
        } else if let Some(value) = lower
            .strip_prefix("days:")
            .or_else(|| lower.strip_prefix("days="))
        {
            once(&mut days, parse_days(value)?, "days", token)?;
        } else if let Some(value) = prefixed(token, "clock") {
            once(&mut clock, value, "clock", token)?;
        } else if let Some(value) = prefixed(token, "cap") {
            once(&mut cap, value, "cap", token)?;
        } else {
            match lower.as_str() {
                "open" => once(&mut opponent, Opponent::Open, "opponent", token)?,
                "first" => once(&mut seat, SeatChoice::First, "seat", token)?,
                "second" => once(&mut seat, SeatChoice::Second, "seat", token)?,
                "random" => once(&mut seat, SeatChoice::Random, "seat", token)?,
                "ranked" | "rated" => once(&mut ranked, true, "ranked", token)?,
                "casual" | "unranked" | "unrated" => once(&mut ranked, false, "ranked", token)?,
                _ => {
                    return Err(t!("cmd-error-challenge-word", token = shown(token)));
                }
            }
        }
    }
    if let Some(Opponent::Engine(l)) = &mut opponent {
        if ranked == Some(true) {
            return Err(never_ranked());
        }
        ranked = Some(false);
        *l = level.unwrap_or(skald_ai::Level::Normal);
    } else if level.is_some() {
        return Err(levels_of_engine());
    }
    let (days, bank) = time_control(days, clock, cap)?;
    Ok(ChallengeSpec {
        rule_set,
        opponent: opponent.unwrap_or(Opponent::Open),
        seat: seat.unwrap_or(SeatChoice::Random),
        ranked: ranked.unwrap_or(true),
        days,
        bank,
    })
}

/// The value of `name:value` (or `name=value`), the name in any case, the value as typed.
fn prefixed<'a>(token: &'a str, name: &str) -> Option<&'a str> {
    let head = token.get(..name.len() + 1)?;
    let (word, sep) = head.split_at(name.len());
    (word.eq_ignore_ascii_case(name) && (sep == ":" || sep == "="))
        .then(|| &token[name.len() + 1..])
}

/// Nine values 1..=9, each once: `9 1 8 2 7 3 6 4 5`, `918273645` or `9,1,8,...`.
fn parse_values(args: &[&str]) -> Result<[u8; 9], Text> {
    let joined: String = args.join(" ");
    let digits: Vec<char> = joined
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if digits.is_empty() {
        return Err(t!("cmd-error-which-values"));
    }
    if let Some(bad) = digits.iter().find(|c| !matches!(c, '1'..='9')) {
        return Err(t!("cmd-error-not-a-value", value = bad.to_string()));
    }
    if digits.len() != 9 {
        return Err(t!("cmd-error-nine-values", count = digits.len()));
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
        return Err(t!("cmd-error-missing-values", missing = missing.join(", ")));
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

    /// The command words a table row of `docs/COMMANDS.md` lists in its first column: each
    /// code span's first word (`` `accept [#id]` `` lists `accept`).
    fn documented_words(row: &str) -> Vec<String> {
        let first_cell = row
            .trim_start_matches('|')
            .split(" | ")
            .next()
            .unwrap_or("");
        first_cell
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|span| span.split_whitespace().next())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_command_table_in_commands_md_lists_every_command_and_only_commands() {
        let doc = include_str!("../../docs/COMMANDS.md");
        let table: Vec<&str> = doc
            .lines()
            .skip_while(|l| !l.starts_with("| command |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let words: Vec<String> = table.iter().flat_map(|row| documented_words(row)).collect();
        for c in COMMANDS {
            assert!(
                words.iter().any(|w| w == c.name),
                "docs/COMMANDS.md's command table does not list `{}`",
                c.name
            );
        }
        for w in &words {
            assert!(
                lookup(w).is_some(),
                "docs/COMMANDS.md's command table lists `{w}`, which is no command"
            );
        }
    }

    #[test]
    fn every_command_is_read_by_its_own_entry_and_no_other() {
        for c in COMMANDS {
            let cmd = parse(c.example).expect("every example parses");
            let readers: Vec<&str> = COMMANDS
                .iter()
                .filter(|e| (e.args_of)(&cmd).is_some())
                .map(|e| e.name)
                .collect();
            assert_eq!(readers, [c.name], "entries reading `{}`", c.example);
        }
    }

    #[test]
    fn only_commands_whose_number_is_always_a_game_name_one_for_the_read_ahead() {
        assert_eq!(parse("move #4 e2-e4").map(|c| c.game()), Ok(Some(4)));
        assert_eq!(parse("board #4").map(|c| c.game()), Ok(Some(4)));
        assert_eq!(
            parse("premove #4 a1-a2 b1-b2").map(|c| c.game()),
            Ok(Some(4))
        );
        assert_eq!(parse("board").map(|c| c.game()), Ok(None));
        // A number that may be a challenge's, or a finished game's.
        assert_eq!(parse("accept #4").map(|c| c.game()), Ok(None));
        assert_eq!(parse("history #4").map(|c| c.game()), Ok(None));
    }

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
                bank: None,
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
                bank: None,
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
                bank: None,
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
            e.contains("expected 1 to 14") && e.contains("usage: `challenge"),
            "{e}"
        );
        assert!(bad("challenge tafl days:x").contains("not a number of days"));
        assert!(bad("challenge tafl first second").contains("the seat was already given"));
        assert!(bad("challenge tafl @bob open").contains("the opponent was already given"));
        let e = bad("challenge tafl blitz");
        assert!(
            e.contains("unexpected 'blitz'") && e.contains("ranked"),
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

    /// One value of every command, with every argument its definition has used somewhere.
    fn samples() -> Vec<Command> {
        let spec = |opponent, seat, ranked, days| {
            Command::Challenge(ChallengeSpec {
                rule_set: RuleSetId::Daldosa,
                opponent,
                seat,
                ranked,
                days,
                bank: None,
            })
        };
        vec![
            spec(Opponent::Open, SeatChoice::Random, true, 3),
            spec(Opponent::User("1234".into()), SeatChoice::First, false, 14),
            spec(
                Opponent::Engine(skald_ai::Level::Hard),
                SeatChoice::Second,
                false,
                1,
            ),
            Command::Accept(None),
            Command::Accept(Some(4)),
            Command::Decline(Some(4)),
            Command::Cancel(None),
            Command::Move {
                game: Some(2),
                moves: vec!["13+1".into(), "14+2".into()],
            },
            Command::Move {
                game: None,
                moves: vec!["f2-f5".into()],
            },
            Command::Board {
                game: Some(1),
                text: false,
            },
            Command::Board {
                game: None,
                text: true,
            },
            Command::Moves(None),
            Command::Export {
                game: Some(3),
                otn: false,
            },
            Command::Export {
                game: None,
                otn: true,
            },
            Command::Replay(Some(8)),
            Command::Replay(None),
            Command::Review(Some(8)),
            Command::Review(None),
            Command::Resign(Some(7)),
            Command::Abort(None),
            Command::Draw(Some(3)),
            Command::Takeback(None),
            Command::Rematch(Some(1)),
            Command::Arrange {
                game: Some(5),
                values: [9, 1, 8, 2, 7, 3, 6, 4, 5],
            },
            Command::Games,
            Command::History(None),
            Command::History(Some(2)),
            Command::Ladder(None),
            Command::Ladder(Some(RuleSetId::Hnefatafl13)),
            Command::Rating(Some("bob".into())),
            Command::Rating(None),
            Command::Rules(Some(RuleSetId::AdeltaRustik)),
            Command::Vacation(5),
            Command::Help(Some("move".into())),
            Command::Help(None),
            Command::Link(None),
            Command::Link(Some("ABCD-EFGH".into())),
            Command::Unlink,
            Command::Language(None),
            Command::Language(Some(skald_lang::Lang::Fr)),
            Command::Premove {
                game: None,
                line: Vec::new(),
            },
            Command::Premove {
                game: Some(3),
                line: vec!["clear".into()],
            },
            Command::Premove {
                game: Some(3),
                line: vec!["e7-e9".into(), "d4-d6".into()],
            },
            Command::Digest(Vec::new()),
            Command::Puzzle(PuzzleAsk::New(None)),
            Command::Puzzle(PuzzleAsk::Answer(vec!["d4-d1".into()])),
            // A dice puzzle's step button: the steps so far and the next.
            Command::Puzzle(PuzzleAsk::Answer(vec!["13+1".into(), "8+5".into()])),
            Command::Puzzle(PuzzleAsk::Stats(Some("bob".into()))),
            Command::Puzzle(PuzzleAsk::Daily(vec!["off".into()])),
            Command::Digest(vec!["on".into(), "Europe/Paris".into()]),
            Command::Digest(vec!["off".into()]),
            Command::Pings(Vec::new()),
            Command::Pings(vec!["off".into()]),
            Command::Tournament {
                id: None,
                action: TournamentAction::Show,
            },
            Command::Tournament {
                id: Some(4),
                action: TournamentAction::Join,
            },
            Command::Tournament {
                id: Some(4),
                action: TournamentAction::Remove("bob".into()),
            },
            Command::Tournament {
                id: None,
                action: TournamentAction::Create(TournamentSpec {
                    rule_set: RuleSetId::Hnefatafl,
                    format: crate::tournament::Format::RoundRobin { double: true },
                    pace: None,
                    days: DEFAULT_DAYS,
                    bank: None,
                    max: None,
                    ranked: false,
                    starts: None,
                }),
            },
            Command::Tournaments,
            Command::League {
                rule_set: None,
                action: LeagueAction::Standings,
            },
            Command::League {
                rule_set: Some(RuleSetId::Hnefatafl),
                action: LeagueAction::Join,
            },
            Command::League {
                rule_set: Some(RuleSetId::Hnefatafl),
                action: LeagueAction::Start(LeagueTerms {
                    days: DEFAULT_DAYS,
                    bank: None,
                    ranked: Some(false),
                    clock_given: false,
                }),
            },
        ]
    }

    #[test]
    fn every_command_is_defined_once_and_sampled() {
        let sampled: Vec<&str> = samples().iter().map(Command::name).collect();
        let mut names = std::collections::HashSet::new();
        for c in COMMANDS {
            assert!(names.insert(c.name), "{} defined twice", c.name);
            assert!(sampled.contains(&c.name), "{} has no sample", c.name);
            assert_eq!(parse(c.example).map(|cmd| cmd.name()), Ok(c.name));
            for alias in c.aliases {
                let line = c.example.replacen(c.name, alias, 1);
                assert_eq!(parse(&line).map(|cmd| cmd.name()), Ok(c.name), "{line}");
            }
            // Help lists every usage line and summary, and shows each command's example, in
            // every language.
            for lang in Lang::ALL {
                let help = crate::help::help_text(None).render(lang);
                let summary = c.summary().render(lang);
                assert!(!summary.is_empty() && summary != format!("cmd-{}.summary", c.name));
                assert!(help.contains(c.usage) && help.contains(&summary), "{help}");
                let one = crate::help::help_text(Some(c.name)).render(lang);
                assert!(one.contains(c.usage) && one.contains(c.example), "{one}");
            }
            // Discord wants required options first, and descriptions of at most 100 characters.
            let first_optional = c.args.iter().position(|a| !a.required);
            let last_required = c.args.iter().rposition(|a| a.required);
            assert!(
                last_required.is_none()
                    || first_optional.is_none()
                    || last_required < first_optional,
                "{}: required arguments first",
                c.name
            );
        }
    }

    /// Discord's rules for what each command registers, in every language: names of 1 to 32
    /// lower-case letters, digits, `-` or `_` (`^[-_\p{L}\p{N}]{1,32}$`, no upper case),
    /// unique among commands and among one command's options; descriptions and choice
    /// labels of 1 to 100 characters. And every message a command needs exists.
    #[test]
    fn every_command_fits_discord_in_every_language() {
        let valid_name = |name: &str| {
            (1..=32).contains(&name.chars().count())
                && name.chars().all(|ch| {
                    (ch == '-' || ch == '_' || ch.is_alphanumeric()) && !ch.is_uppercase()
                })
        };
        let fits = |text: &str| (1..=100).contains(&text.chars().count());
        for lang in Lang::ALL {
            let mut names = std::collections::HashSet::new();
            for c in COMMANDS {
                let name = c.slash_name(lang);
                assert!(valid_name(&name), "{lang}: /{name}");
                assert!(names.insert(name.clone()), "{lang}: /{name} twice");
                if lang == Lang::En {
                    assert_eq!(name, c.name, "English names are the command words");
                }
                let d = c.description(lang);
                assert!(
                    fits(&d),
                    "{lang} /{name}: {} characters: {d}",
                    d.chars().count()
                );
                let mut options = std::collections::HashSet::new();
                for a in c.args {
                    let option = a.option_name(lang);
                    assert!(valid_name(&option), "{lang} /{name} {option}");
                    assert!(
                        options.insert(option.clone()),
                        "{lang} /{name} {option} twice"
                    );
                    if lang == Lang::En {
                        assert_eq!(option, a.name);
                    }
                    let id = format!("cmd-{}-{}", c.name, a.name.replace('_', "-"));
                    assert!(skald_lang::has_message(lang, &id), "{lang}: no {id}");
                    let d = c.arg_description(a).render(lang);
                    assert!(fits(&d), "{lang} /{name} {option}: {d}");
                    let labels = a.kind.choice_labels(lang);
                    assert_eq!(labels.len(), a.kind.choices().len());
                    assert!(labels.iter().all(|l| fits(l)), "{lang}: {labels:?}");
                    if lang == Lang::En {
                        assert_eq!(labels, a.kind.choices());
                    }
                }
            }
        }
    }

    #[test]
    fn refusals_are_written_in_the_readers_language() {
        let fr = |line: &str| match parse(line) {
            Ok(c) => panic!("{line:?} should be refused, got {c:?}"),
            Err(e) => e.text().render(Lang::Fr),
        };
        assert_eq!(
            fr("vacation"),
            "combien de jours\u{a0}? par exemple `vacation 5`\nutilisation\u{a0}: `vacation <days>`"
        );
        assert_eq!(
            fr("vacation 20").lines().next(),
            Some("20\u{a0}jours de vacances, ce n'est pas permis\u{a0}; attendu\u{a0}: de 1 à 14")
        );
        assert!(
            fr("vacation 0").starts_with("0\u{a0}jour de vacances,"),
            "{}",
            fr("vacation 0")
        );
        assert_eq!(
            fr("mvoe f2-f5"),
            "commande inconnue «\u{a0}mvoe\u{a0}»\u{a0}; vouliez-vous dire `move`\u{a0}?\n\
             commandes\u{a0}: challenge, accept, decline, cancel, move, premove, digest, pings, board, moves, export, \
             replay, review, resign, abort, draw, takeback, rematch, arrange, games, history, ladder, rating, tournament, \
             tournaments, league, puzzle, rules, vacation, link, unlink, language, help"
        );
        assert!(fr("challenge chess").starts_with("jeu inconnu «\u{a0}chess\u{a0}»"));
        assert!(fr("challenge tafl first second").contains("le camp est déjà donné"));
        assert!(fr("language xx").contains("`en` (English) ou `fr` (Français)"));
        assert!(bad("language xx").contains("`en` (English) or `fr` (Français)"));
        // A typed option names the option as the reader's Discord shows it.
        let vacation = info("vacation").expect("vacation");
        let e = vacation.args[0]
            .read(Raw::Int(40))
            .expect_err("out of bounds");
        assert_eq!(e.en(), "'40' is not allowed for days; expected 1 to 14");
        assert_eq!(
            e.render(Lang::Fr),
            "«\u{a0}40\u{a0}» n'est pas permis pour jours\u{a0}; attendu\u{a0}: de 1 à 14"
        );
        let help = info("help").expect("help");
        let long = "x".repeat(40);
        let e = help.args[0].read(Raw::Text(&long)).expect_err("too long");
        assert_eq!(
            e.render(Lang::Fr),
            "trop long pour commande\u{a0}; 32 caractères au plus"
        );
    }

    #[test]
    fn help_finds_a_command_by_its_name_in_any_language() {
        assert_eq!(ok("help accepter"), Command::Help(Some("accept".into())));
        assert_eq!(ok("help /défier"), Command::Help(Some("challenge".into())));
        assert_eq!(ok("help Règles"), Command::Help(Some("rules".into())));
    }

    #[test]
    fn typed_text_typed_and_encoded_round_trips() {
        for cmd in samples() {
            let spec = info(cmd.name()).expect("every command is in the table");
            let args = cmd.args();
            for name in args.names() {
                assert!(
                    spec.args.iter().any(|a| a.name == name),
                    "{}: {name} is not a defined argument",
                    cmd.name()
                );
            }
            assert_eq!(spec.from_args(&args).as_ref(), Ok(&cmd), "typed");
            let line = cmd.to_line();
            assert_eq!(parse(&line).as_ref(), Ok(&cmd), "{line}");
            let id = encode(&cmd).expect("encodable");
            assert!(id.starts_with(CODE_PREFIX), "{id}");
            assert_eq!(decode(&id).as_ref(), Some(&cmd), "{id}");
        }
    }

    #[test]
    fn button_encoding_decodes_to_the_intended_command() {
        assert_eq!(
            encode(&Command::Accept(Some(4))).as_deref(),
            Some("1:accept:4")
        );
        assert_eq!(decode("1:accept:4"), Some(Command::Accept(Some(4))));
        assert_eq!(decode("1:rematch:1"), Some(Command::Rematch(Some(1))));
        assert_eq!(
            decode("1:move:w12+1:2"),
            Some(Command::Move {
                game: Some(2),
                moves: vec!["w12+1".into()]
            })
        );
        assert_eq!(decode("1:decline:"), Some(Command::Decline(None)));
        // Empty fields at the end are left out, and read as absent: a button posted before
        // `export` took `otn` reads as it did, and is what a new one carries.
        assert_eq!(
            encode(&Command::Decline(None)).as_deref(),
            Some("1:decline")
        );
        assert_eq!(decode("1:decline"), Some(Command::Decline(None)));
        let export = |otn| Command::Export { game: Some(4), otn };
        assert_eq!(encode(&export(false)).as_deref(), Some("1:export:4"));
        assert_eq!(decode("1:export:4"), Some(export(false)));
        let with_otn = encode(&export(true)).expect("encodes");
        assert_eq!(decode(&with_otn), Some(export(true)), "{with_otn}");
        // Old ids (a command line), forged or malformed ones: not an encoded action.
        for id in [
            "accept #1",
            "1:accept:4:5",
            "1:accept:x",
            "1:accept:0",
            "1:play:f2-f5:",
            "1:nosuch:1",
            "2:accept:1",
            "1:move::2",
            "1:vacation:99",
        ] {
            assert_eq!(decode(id), None, "{id}");
        }
    }

    #[test]
    fn typed_options_read_like_discord_sends_them() {
        let challenge = info("challenge").expect("challenge");
        let arg = |name: &str| {
            *challenge
                .args
                .iter()
                .find(|a| a.name == name)
                .expect("defined")
        };
        assert_eq!(
            arg("rule_set").read(Raw::Int(5)),
            Ok(ArgValue::RuleSet(RuleSetId::Daldosa))
        );
        assert_eq!(
            arg("rule_set").read(Raw::Int(0)),
            Ok(ArgValue::RuleSet(RuleSetId::Hnefatafl))
        );
        // The tafl community's rule sets came after the others: appended, so the numbers
        // Discord clients cached for the first six still mean what they meant.
        assert_eq!(
            arg("rule_set").read(Raw::Int(6)),
            Ok(ArgValue::RuleSet(RuleSetId::Copenhagen))
        );
        assert_eq!(
            arg("rule_set").read(Raw::Int(7)),
            Ok(ArgValue::RuleSet(RuleSetId::Brandubh))
        );
        assert!(arg("rule_set").read(Raw::Int(8)).is_err());
        assert_eq!(
            ArgKind::RuleSet.choices()[6..],
            ["Copenhagen Hnefatafl", "Brandubh"]
        );
        assert_eq!(
            ArgKind::RuleSet.choice_labels(Lang::Fr)[6],
            "Hnefatafl de Copenhague"
        );
        let mut every: Vec<RuleSetId> = RULE_SET_CHOICES.to_vec();
        every.sort();
        assert_eq!(every, RuleSetId::ALL, "every rule set is a choice, once");
        assert_eq!(
            arg("seat").read(Raw::Int(1)),
            Ok(ArgValue::Seat(SeatChoice::Second))
        );
        assert_eq!(
            arg("level").read(Raw::Int(2)),
            Ok(ArgValue::Level(skald_ai::Level::Hard))
        );
        assert!(arg("days").read(Raw::Int(15)).is_err());
        assert!(arg("days").read(Raw::Int(-1)).is_err());
        assert!(arg("opponent").read(Raw::User("")).is_err());
        // A level alone plays the engine; a level with a person is refused, as in text.
        let level = Args::default()
            .with("rule_set", Some(ArgValue::RuleSet(RuleSetId::Hnefatafl)))
            .with("level", Some(ArgValue::Level(skald_ai::Level::Easy)));
        match challenge.from_args(&level) {
            Ok(Command::Challenge(s)) => {
                assert_eq!(s.opponent, Opponent::Engine(skald_ai::Level::Easy));
                assert!(!s.ranked);
            }
            other => panic!("{other:?}"),
        }
        let both = level.with("opponent", Some(ArgValue::User("42".into())));
        let e = challenge.from_args(&both).expect_err("refused");
        assert!(
            e.to_string().contains("levels of @skald")
                && e.to_string().contains("usage: `challenge")
        );
        let ranked_engine = Args::default()
            .with("rule_set", Some(ArgValue::RuleSet(RuleSetId::Hnefatafl)))
            .with("opponent", Some(ArgValue::User(ENGINE_HANDLE.into())))
            .with("ranked", Some(ArgValue::Flag(true)));
        assert!(challenge.from_args(&ranked_engine).is_err());
        let mv = info("move").expect("move");
        assert!(mv.from_args(&Args::default()).is_err());
        let help = info("help").expect("help");
        let topic = Args::default().with("command", Some(ArgValue::Text("/Play".into())));
        assert_eq!(
            help.from_args(&topic),
            Ok(Command::Help(Some("move".into())))
        );
    }

    /// The usage line is written by hand in each command's one entry (the text grammar
    /// orders words differently from the typed options: `#id` first, `@skald <level>` as one
    /// opponent); this keeps it true to the typed arguments: each argument shows in it in the
    /// form the parser reads, bracketed exactly when it is optional.
    #[test]
    fn every_usage_line_shows_each_argument_as_the_parser_reads_it() {
        for c in COMMANDS {
            for a in c.args {
                let word = match a.kind {
                    ArgKind::GameId => "#id".to_string(),
                    ArgKind::RuleSet => "rule-set".to_string(),
                    ArgKind::User => "@user".to_string(),
                    ArgKind::Seat => "first | second | random".to_string(),
                    ArgKind::Flag { yes, no } => format!("{yes} | {no}"),
                    ArgKind::Number { prefix: "", .. } => format!("<{}>", a.name),
                    ArgKind::Number { prefix, .. } => format!("{prefix}N"),
                    ArgKind::Text { .. } => format!("{}>", a.name),
                    ArgKind::Language => skald_lang::Lang::ALL.map(|l| l.code()).join("|"),
                    ArgKind::Word { words } => words.join(" | "),
                    ArgKind::Level => {
                        let detail = c.detail().map(|d| d.en()).unwrap_or_default();
                        assert!(detail.contains("@skald easy"), "{}", c.name);
                        continue;
                    }
                };
                let word = if matches!(a.kind, ArgKind::Text { .. }) && !a.required {
                    a.name.to_string()
                } else {
                    word
                };
                let at = c.usage.find(&word);
                assert!(at.is_some(), "{}: {word} missing in {}", c.name, c.usage);
                let before = &c.usage[..at.unwrap_or(0)];
                let open = before.matches('[').count() > before.matches(']').count();
                assert_eq!(
                    open,
                    !a.required,
                    "{}: {word} is {} but {} brackets in {}",
                    c.name,
                    if a.required { "required" } else { "optional" },
                    if open { "inside" } else { "outside" },
                    c.usage
                );
            }
        }
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
