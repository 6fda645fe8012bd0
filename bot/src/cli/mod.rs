//! The command line: `skald <command> ...`, parsed with clap.

use clap::{Parser, Subcommand, ValueEnum};
use skald_lang::Lang;
use skald_rules::{RuleSetId, Seat, Viewer};
use std::path::PathBuf;

/// Skald: play Hnefatafl (and the tafl community's Copenhagen Hnefatafl and Brandubh), Ad Elta
/// Stelpur, Subulata and Daldøsa in chat.
///
/// With no command, runs the chat adapters the configuration enables, or the console when
/// none is configured.
#[derive(Debug, Parser)]
#[command(name = "skald", version, about)]
pub struct Cli {
    /// The configuration file (see config.example.toml).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The top-level commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal: one command per line, `@name <command>` to speak as someone.
    Console(ConsoleArgs),
    /// Write the whole store as JSON lines to standard output (for backups and moves), or
    /// one Copenhagen or Brandubh game as an OpenTafl notation record (`--format otn --game N`).
    Export {
        /// `jsonl` (the whole store, what `skald import` restores) or `otn` (one tafl game,
        /// what OpenTafl and the tafl community's programs read; needs `--game`).
        #[arg(long, value_enum, default_value_t = ExportFormat::Jsonl)]
        format: ExportFormat,
        /// The game to write as OTN, as chat shows it (`#3` or `3`).
        #[arg(long, value_name = "N")]
        game: Option<String>,
        /// A sled data directory (default: the config's store: its `[store] postgres`
        /// database, else its data directory, else ./skald-data).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// Read an export into a new, empty store, or add the game of an OpenTafl notation
    /// record (a `.otn` file) to a store.
    Import {
        /// The JSON lines file written by `skald export`, or an OTN game record (a name ending
        /// in `.otn` or `.otg`, or a text not starting with `{`).
        file: PathBuf,
        /// A sled data directory (default: the config's store: its `[store] postgres`
        /// database, else its data directory, else ./skald-data).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// Play the built-in engine's moves only, beside other skald processes on one
    /// PostgreSQL database (`[store] postgres`; see docs/DEPLOY.md).
    Worker,
    /// Copy a whole store into a new, empty one, between sled and PostgreSQL either way,
    /// and check the copy exports the same bytes. Stop the bot first.
    Migrate {
        /// The store to copy: a sled data directory or a postgres:// URL.
        #[arg(long, value_name = "DIR|URL")]
        from: String,
        /// The new, empty store: a sled data directory or a postgres:// URL.
        #[arg(long, value_name = "DIR|URL")]
        to: String,
    },
    /// Work with the rules directly: start positions, legal moves, playing moves.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Draw a position as a PNG picture.
    Render(RenderArgs),
    /// Make an animated GIF of a whole game from its record.
    Replay(ReplayArgs),
    /// The engine's review of a finished game from a file of `skald export` or `export #id`:
    /// printed as text, its graph and turning points written as PNG files.
    Review(ReviewArgs),
    /// Play the built-in AI against itself: wins, losses, draws and a 95% interval of A's score.
    AiMatch(AiMatchArgs),
    /// Tournament tools: the next Swiss round of a TRF-16 file; a stored tournament as TRF-16.
    #[command(subcommand)]
    Tournament(TournamentCommand),
    /// Puzzles: mine them from games (a file, a store, engine self-play) as JSON lines, check
    /// a puzzle file (each puzzle re-proved), export a store's and the shipped ones
    /// (docs/PUZZLES.md).
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
}

/// `skald puzzles ...`: the puzzle file's tools (docs/PUZZLES.md "The puzzle file").
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Mine puzzles (a forced win with exactly one first move) from finished games or engine
    /// self-play: one JSON line a puzzle on standard output (or --out), counts on standard
    /// error. Tafl rule sets and Subulata; the dice games' puzzles are not mined yet.
    Mine(PuzzlesMineArgs),
    /// Check a puzzle file: every line read, its solution replayed and its first move
    /// re-proved the only one that wins within the bound. Prints each failure with its line
    /// number; exits 1 if any failed, 2 if the file cannot be read.
    Check {
        /// The puzzle file (JSON lines, as `skald puzzles mine` writes).
        file: PathBuf,
    },
    /// Write puzzles as JSON lines (the puzzle file): the ones mined from each community's
    /// games in a store (--data), and with --starter the set shipped with Skald.
    Export(PuzzlesExportArgs),
}

/// `skald puzzles export [--data DIR] [--community C] [--starter] [--out FILE]`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true).multiple(true).args(["data", "starter"])))]
pub struct PuzzlesExportArgs {
    /// A sled data directory: its communities' own puzzles (read only; stop the bot first).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Only this community's puzzles (its id, as `skald export` writes it).
    #[arg(long, value_name = "C", requires = "data")]
    pub community: Option<String>,
    /// The starter set shipped with Skald too.
    #[arg(long)]
    pub starter: bool,
    /// Write the puzzles to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `skald puzzles mine --from FILE | --data DIR | --self-play N [--rule-set R] [--bound N]`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["from", "data", "self_play"])))]
pub struct PuzzlesMineArgs {
    /// A file of `skald export` or `export #id` (its finished games), or game records (JSON).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// A sled data directory: its finished games (read only; stop the bot first).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// N seeded engine self-play games per rule set (the one --rule-set names, else every
    /// one whose puzzles are proven).
    #[arg(long, value_name = "N")]
    pub self_play: Option<u64>,
    /// The first self-play seed (games use seeds S to S+N-1).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Only this rule set's games (see `skald rules list`).
    #[arg(long, value_name = "R", value_parser = parse_rule_set)]
    pub rule_set: Option<RuleSetId>,
    /// The most of the mover's moves a win may take, 1 to 4 (default: 3, or 2 on the 11x11
    /// and 13x13 boards).
    #[arg(long, value_name = "N")]
    pub bound: Option<u8>,
    /// Write the puzzles to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `skald tournament ...`: Skald's tournament core on files, for arbiters and scripts.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Print the next round's pairings of a TRF-16 file by the FIDE Dutch system: one
    /// `white black` pair of start numbers per line, board 1 first, and `N 0` for the bye.
    ///
    /// Exits 2 when the file cannot be read or is refused (the message names the line and
    /// what is accepted), 1 when no pairing meets the absolute criteria.
    Pair {
        /// The TRF-16 file: `001` player lines with the rounds played so far, `XXR` for the
        /// planned number of rounds, `XXC` for the initial colour.
        file: PathBuf,
        /// Print the number of pairs (the bye included) first, as `bbpPairings --dutch FILE
        /// -p` does, for scripts written for bbpPairings.
        #[arg(long)]
        bbp: bool,
    },
    /// Write a stored tournament as a TRF-16 file to standard output: its players by start
    /// number, every round's results (a game still being played is left blank).
    Export {
        /// The tournament's number, as chat shows it (`#3` or `3`).
        tournament: String,
        /// TRF-16, FIDE's Tournament Report File (the one format so far; say it, so a
        /// later format cannot be taken for it).
        #[arg(long)]
        trf: bool,
        /// A sled data directory (default: the config's store: its `[store] postgres`
        /// database, else its data directory, else ./skald-data).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
}

/// What `skald export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// The whole store as JSON lines.
    Jsonl,
    /// One game as an OpenTafl notation record.
    Otn,
}

/// `skald ai-match <rule-set> --a hard --b random --games N`: engine against engine, seats
/// alternating (A has seat A in even games).
#[derive(Debug, clap::Args)]
pub struct AiMatchArgs {
    /// Rule set id (see `skald rules list`).
    #[arg(value_parser = parse_rule_set)]
    pub rule_set: RuleSetId,
    /// Player A's level: random, easy, normal or hard.
    #[arg(long, default_value = "hard")]
    pub a: skald_ai::Level,
    /// Player B's level: random, easy, normal or hard.
    #[arg(long, default_value = "random")]
    pub b: skald_ai::Level,
    /// How many games.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Seed of game 0 (game i uses seed + i): set-ups, dice and the engines' choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Multiplies both levels' search iterations (e.g. 0.25 for a quicker, weaker match).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Stop each game after this many steps and count it a draw (to time a few moves).
    #[arg(long, default_value_t = skald_ai::harness::MAX_PLIES)]
    pub max_plies: u32,
    /// Print each game's result on standard error as it ends.
    #[arg(short, long)]
    pub verbose: bool,
    /// Multiplies A's iterations instead of `--scale`.
    #[arg(long)]
    pub scale_a: Option<f64>,
    /// Multiplies B's iterations instead of `--scale`.
    #[arg(long)]
    pub scale_b: Option<f64>,
    /// Lift the levels' wall-time caps, so a scaled-up search runs all its iterations (to
    /// measure what more thinking would give; moves then take longer than the bot allows).
    #[arg(long)]
    pub uncapped: bool,
    /// Play the games in pairs on the same dice, A on each seat once, and count the pairs
    /// one seat won twice (dice luck) apart from those A won or lost twice (strength).
    #[arg(long)]
    pub paired: bool,
}

/// `skald render <id> "<position>" -o out.png`: a board picture, as the bot would post it.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Rule set id (see `skald rules list`).
    #[arg(value_parser = parse_rule_set)]
    pub rule_set: RuleSetId,
    /// The position string.
    pub position: String,
    /// Where to write the PNG.
    #[arg(short, long)]
    pub output: std::path::PathBuf,
    /// Whose view: a, b, public (spectators) or final (everything, once the game is over).
    #[arg(long, value_enum, default_value_t = ViewerArg::Public)]
    pub viewer: ViewerArg,
    /// A legal move to play on the position first; the picture then shows the resulting
    /// position with this move marked (from, to, captures).
    #[arg(long)]
    pub last_move: Option<String>,
    /// Player names for the header, seat A first: `--players Astrid,Bjørn`.
    #[arg(long, value_delimiter = ',', num_args = 1..=2)]
    pub players: Vec<String>,
    /// Seed for dice rolled after `--last-move` ends a turn; random when left out.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The language of the picture's words: en or fr.
    #[arg(long, value_parser = parse_language, default_value = "en")]
    pub language: Lang,
}

/// `skald replay <record-file> -o game.gif`: a whole game as an animation.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// A game record (JSON), or a game from `skald export` (one JSON line holding a `record`).
    pub record: std::path::PathBuf,
    /// Where to write the GIF.
    #[arg(short, long)]
    pub output: std::path::PathBuf,
    /// With an export file of many games: the number of the game to replay.
    #[arg(long)]
    pub game: Option<u64>,
    /// Player names for the header, seat A first: `--players Astrid,Bjørn`.
    #[arg(long, value_delimiter = ',', num_args = 1..=2)]
    pub players: Vec<String>,
    /// The language of the animation's words: en or fr.
    #[arg(long, value_parser = parse_language, default_value = "en")]
    pub language: Lang,
}

/// `skald review <file> [--out DIR]`: the engine's review of a finished game.
#[derive(Debug, clap::Args)]
pub struct ReviewArgs {
    /// A file of `skald export` or `export #id` (JSON lines), or a game record (JSON).
    pub file: std::path::PathBuf,
    /// With a file of many games: the number of the game to review.
    #[arg(long)]
    pub game: Option<u64>,
    /// Where to write the PNG files (default: beside the file).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// The language of the review's words: en or fr.
    #[arg(long, value_parser = parse_language, default_value = "en")]
    pub language: Lang,
}

/// `skald console` options.
#[derive(Debug, Default, clap::Args)]
pub struct ConsoleArgs {
    /// The data directory (default: the config's, else ./skald-data).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Who speaks lines that do not start with `@name` (default: console).
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
    /// Seed every random choice (dice, set-ups, seats) so a transcript repeats exactly.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Use a fake clock that only `!clock +3d` lines move (kept in the data directory).
    #[arg(long)]
    pub fake_clock: bool,
    /// The engine searches its level's whole iteration budget, without the wall-time cap, so
    /// a seeded transcript repeats exactly however loaded the machine is (`hard` then takes
    /// about 4 s a move). The fake clock does not imply it: the cap is machine time.
    #[arg(long)]
    pub uncapped: bool,
    /// Print each input line before its reply (the default when input is not a terminal).
    #[arg(long, overrides_with = "no_echo")]
    pub echo: bool,
    /// Do not print input lines.
    #[arg(long)]
    pub no_echo: bool,
    /// Do not draw board pictures (PNG files in <data>/boards/); text boards only.
    #[arg(long)]
    pub no_pictures: bool,
    /// The console's language (`en`, `fr`; default: the config's `[game] language`, else
    /// English). Each player's private lines are in the language they chose with `language`.
    #[arg(long, value_name = "LANG", value_parser = parse_language)]
    pub language: Option<Lang>,
}

/// `skald rules ...`: the rules engine on the command line, for players, scripts and tests.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// The rule set ids, one per line, with the game's name.
    List,
    /// The starting position string (full form), with the first dice rolled in dice games.
    Start {
        /// Rule set id (see `skald rules list`).
        #[arg(value_parser = parse_rule_set)]
        rule_set: RuleSetId,
        /// Seed for the set-up (Subulata's board) and the first rolls; random when left out.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// The legal moves (steps, in dice games) of a position, one per line.
    Legal {
        /// Rule set id.
        #[arg(value_parser = parse_rule_set)]
        rule_set: RuleSetId,
        /// The position string.
        position: String,
    },
    /// Plays moves and prints the resulting position; rolls when a turn needs new dice.
    Play {
        /// Rule set id.
        #[arg(value_parser = parse_rule_set)]
        rule_set: RuleSetId,
        /// The position string.
        position: String,
        /// Moves in order (for dice games: one step each, like `13+1` or `w12+1`).
        moves: Vec<String>,
        /// Seed for the dice rolled after the moves; random when left out.
        #[arg(long)]
        seed: Option<u64>,
        /// Also print what happened (captures, rolls, ...) on standard error.
        #[arg(short, long)]
        verbose: bool,
    },
    /// A readable text board of a position.
    Show {
        /// Rule set id.
        #[arg(value_parser = parse_rule_set)]
        rule_set: RuleSetId,
        /// The position string.
        position: String,
        /// Whose view: a, b, public or final (everything).
        #[arg(long, value_enum, default_value_t = ViewerArg::Final)]
        viewer: ViewerArg,
    },
}

/// A viewer named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ViewerArg {
    /// Seat A's own view (attackers, White).
    A,
    /// Seat B's own view (defenders, Black).
    B,
    /// What spectators see.
    Public,
    /// Everything, as at the final reveal.
    Final,
}

impl From<ViewerArg> for Viewer {
    fn from(v: ViewerArg) -> Viewer {
        match v {
            ViewerArg::A => Viewer::Seat(Seat::A),
            ViewerArg::B => Viewer::Seat(Seat::B),
            ViewerArg::Public => Viewer::Public,
            ViewerArg::Final => Viewer::Final,
        }
    }
}

/// Reads a rule set id or alias, with the list of known ids in the error.
fn parse_rule_set(text: &str) -> Result<RuleSetId, String> {
    text.parse()
        .map_err(|e: skald_rules::UnknownRuleSet| e.to_string())
}

/// Reads a language code (`en`, `fr`, or a locale such as `fr-CA`).
fn parse_language(text: &str) -> Result<Lang, String> {
    Lang::from_locale(text).ok_or_else(|| {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        format!("unknown language '{text}'; known: {}", codes.join(", "))
    })
}

pub mod ai_match;
pub mod otn;
pub mod picture;
pub mod puzzles;
pub mod review;
pub mod rules;
pub mod store;
pub mod tournament;
