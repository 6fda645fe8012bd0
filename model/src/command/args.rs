//! The typed arguments of the commands, defined once in [`super::COMMANDS`]: what each takes
//! (its kind, choices, bounds), how a platform's typed option becomes a value, how a value is
//! written in the text grammar, and the compact encoding buttons carry. Platform-neutral: an
//! adapter turns these definitions into its own registrations (Discord's slash options).

use super::complete::Completion;
use super::{Command, ENGINE_HANDLE, SeatChoice, info};
use skald_ai::Level;
use skald_lang::{Lang, Msg, Text, t};
use skald_rules::RuleSetId;

/// What kind of value an argument takes; decides its text form, its typed form on a platform
/// with typed options, its choices and its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A game or challenge number (`#12` in text, at least 1).
    GameId,
    /// A rule set, one of [`RULE_SET_CHOICES`].
    RuleSet,
    /// A user (`@handle` in text; a user picked from a list on Discord).
    User,
    /// The challenger's seat, one of [`SEAT_CHOICES`].
    Seat,
    /// The built-in engine's level, one of [`LEVEL_CHOICES`].
    Level,
    /// Yes or no, written as one of two words in text (`ranked` / `casual`).
    Flag {
        /// The word for yes.
        yes: &'static str,
        /// The word for no.
        no: &'static str,
    },
    /// A whole number within bounds, written after `prefix` in text (`days:3`).
    Number {
        /// The smallest allowed.
        min: u32,
        /// The largest allowed.
        max: u32,
        /// What precedes the number in text (empty for a bare number).
        prefix: &'static str,
    },
    /// Free text of at most `max_len` characters (moves, values, a command name), written
    /// after `prefix` in text (`clock:3d+6h`; empty for most).
    Text {
        /// The most characters accepted.
        max_len: u16,
        /// What precedes the text in a line (empty for none).
        prefix: &'static str,
    },
    /// A language Skald speaks (its choices are the languages' own names).
    Language,
    /// One of a few words (a tournament's system: `round-robin`, `swiss`, `knockout`),
    /// offered as choices labelled in each language (`choice-word-<word>`); the value is the
    /// word.
    Word {
        /// The words, in the order of their choices' numbers (append, never reorder).
        words: &'static [&'static str],
    },
}

/// One argument of a command: everything an adapter needs to offer it and read it back.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// The option's name on platforms with named options (`rule_set`, `game`): in English,
    /// and how commands are read back whatever the language they were shown in. Its name in
    /// each language is [`Arg::option_name`]; what it is, per command,
    /// [`super::CommandInfo::arg_description`].
    pub name: &'static str,
    /// What it takes.
    pub kind: ArgKind,
    /// Whether the command needs it.
    pub required: bool,
    /// What a platform that completes what a user types offers while it is typed (the
    /// caller's games for a game number, the legal moves for `move`): part of the
    /// definition, so an adapter completes a new command's arguments from it alone.
    pub complete: Completion,
}

/// A typed argument value, whatever platform it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// A game or challenge number.
    Id(u64),
    /// A rule set.
    RuleSet(RuleSetId),
    /// A user handle (`skald` for the built-in engine, a platform id otherwise).
    User(String),
    /// A seat choice.
    Seat(SeatChoice),
    /// An engine level.
    Level(Level),
    /// Yes or no.
    Flag(bool),
    /// A bounded number.
    Number(u32),
    /// Free text.
    Text(String),
    /// A language Skald speaks.
    Language(skald_lang::Lang),
}

/// An option as a platform delivers it, before it is read by its [`Arg`]: choices arrive as
/// their numbers (their index in the choice list), users as ids.
#[derive(Clone, Copy, Debug)]
pub enum Raw<'a> {
    /// A whole number (a number option, or a choice's index).
    Int(i64),
    /// A boolean option.
    Bool(bool),
    /// A text option (and every field of the button encoding).
    Text(&'a str),
    /// A user option, by the handle the session resolves (see [`ArgValue::User`]).
    User(&'a str),
}

/// The rule sets as choices (their labels are `skald_lang::rule_set_choice`). The order is
/// the choices' numbers on Discord, which clients cache: append, never reorder.
pub const RULE_SET_CHOICES: [RuleSetId; 8] = [
    RuleSetId::Hnefatafl,
    RuleSetId::Hnefatafl13,
    RuleSetId::Adelta,
    RuleSetId::AdeltaRustik,
    RuleSetId::Subulata,
    RuleSetId::Daldosa,
    RuleSetId::Copenhagen,
    RuleSetId::Brandubh,
];
/// The seats as choices (same order rule as [`RULE_SET_CHOICES`]).
pub const SEAT_CHOICES: [(SeatChoice, &str); 3] = [
    (SeatChoice::First, "first"),
    (SeatChoice::Second, "second"),
    (SeatChoice::Random, "random"),
];
/// The engine's levels players may pick (same order rule as [`RULE_SET_CHOICES`]).
pub const LEVEL_CHOICES: [(Level, &str); 3] = [
    (Level::Easy, "easy"),
    (Level::Normal, "normal"),
    (Level::Hard, "hard"),
];

impl ArgKind {
    /// The labels of a choice argument in English (the default a platform shows), numbered
    /// by position; empty for other kinds. [`ArgKind::choice_labels`] gives them in any
    /// language.
    pub fn choices(self) -> Vec<String> {
        match self {
            ArgKind::RuleSet => RULE_SET_CHOICES
                .iter()
                .map(|r| skald_lang::rule_set_choice(*r).en())
                .collect(),
            ArgKind::Seat => SEAT_CHOICES.iter().map(|c| c.1.to_string()).collect(),
            ArgKind::Level => LEVEL_CHOICES.iter().map(|c| c.1.to_string()).collect(),
            ArgKind::Language => skald_lang::Lang::ALL
                .iter()
                .map(|l| l.native_name().to_string())
                .collect(),
            ArgKind::Word { .. } => self.choice_labels(Lang::En),
            _ => Vec::new(),
        }
    }

    /// The labels of a choice argument in `lang`, numbered as [`ArgKind::choices`]: seats
    /// and levels from the message files (`choice-seat-first`), rule sets and languages by
    /// their own names, the same in every language.
    pub fn choice_labels(self, lang: Lang) -> Vec<String> {
        let from_files = |group: &str| -> Vec<String> {
            self.choices()
                .iter()
                .map(|word| {
                    skald_lang::render_message(lang, &format!("choice-{group}-{word}"), &[])
                })
                .collect()
        };
        match self {
            ArgKind::Seat => from_files("seat"),
            ArgKind::Level => from_files("level"),
            ArgKind::Word { words } => words
                .iter()
                .map(|w| skald_lang::render_message(lang, &format!("choice-word-{w}"), &[]))
                .collect(),
            ArgKind::RuleSet => RULE_SET_CHOICES
                .iter()
                .map(|r| skald_lang::rule_set_choice(*r).render(lang))
                .collect(),
            _ => self.choices(),
        }
    }
}

fn pick<T: Copy>(list: &[(T, &str)], i: i64) -> Option<T> {
    usize::try_from(i)
        .ok()
        .and_then(|i| list.get(i))
        .map(|c| c.0)
}

fn word<T: Copy>(list: &[(T, &str)], w: &str) -> Option<T> {
    list.iter()
        .find(|c| c.1.eq_ignore_ascii_case(w))
        .map(|c| c.0)
}

fn label<T: Copy + PartialEq>(list: &[(T, &'static str)], v: T) -> &'static str {
    list.iter().find(|c| c.0 == v).map_or("", |c| c.1)
}

impl Arg {
    /// Reads a platform's option (or a field of a button's encoding) as this argument's
    /// value; a value out of bounds or of the wrong kind says what was expected.
    pub fn read(&self, raw: Raw<'_>) -> Result<ArgValue, Text> {
        let bad = || {
            t!(
                "cmd-error-bad-option",
                value = shown(raw),
                option = self.option_text()
            )
        };
        match (self.kind, raw) {
            (ArgKind::GameId, Raw::Int(i)) => u64::try_from(i)
                .ok()
                .filter(|&n| n > 0)
                .map(ArgValue::Id)
                .ok_or_else(bad),
            (ArgKind::GameId, Raw::Text(t)) => t
                .trim_start_matches('#')
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .map(ArgValue::Id)
                .ok_or_else(bad),
            (ArgKind::RuleSet, Raw::Int(i)) => usize::try_from(i)
                .ok()
                .and_then(|i| RULE_SET_CHOICES.get(i).copied())
                .map(ArgValue::RuleSet)
                .ok_or_else(bad),
            (ArgKind::RuleSet, Raw::Text(t)) => super::rule_set(t).map(ArgValue::RuleSet),
            (ArgKind::Seat, Raw::Int(i)) => {
                pick(&SEAT_CHOICES, i).map(ArgValue::Seat).ok_or_else(bad)
            }
            (ArgKind::Seat, Raw::Text(t)) => {
                word(&SEAT_CHOICES, t).map(ArgValue::Seat).ok_or_else(bad)
            }
            (ArgKind::Level, Raw::Int(i)) => {
                pick(&LEVEL_CHOICES, i).map(ArgValue::Level).ok_or_else(bad)
            }
            (ArgKind::Level, Raw::Text(t)) => {
                word(&LEVEL_CHOICES, t).map(ArgValue::Level).ok_or_else(bad)
            }
            (ArgKind::Language, Raw::Int(i)) => usize::try_from(i)
                .ok()
                .and_then(|i| skald_lang::Lang::ALL.get(i))
                .map(|l| ArgValue::Language(*l))
                .ok_or_else(bad),
            (ArgKind::Language, Raw::Text(t)) => super::parse_language(t).map(ArgValue::Language),
            (ArgKind::Word { words }, Raw::Int(i)) => usize::try_from(i)
                .ok()
                .and_then(|i| words.get(i))
                .map(|w| ArgValue::Text(w.to_string()))
                .ok_or_else(bad),
            (ArgKind::Word { words }, Raw::Text(t)) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(t))
                .map(|w| ArgValue::Text(w.to_string()))
                .ok_or_else(bad),
            (ArgKind::User, Raw::User(h) | Raw::Text(h)) => {
                let h = h.trim_start_matches('@');
                if h.is_empty() || h.contains('\0') {
                    Err(bad())
                } else {
                    Ok(ArgValue::User(h.to_string()))
                }
            }
            (ArgKind::Flag { .. }, Raw::Bool(b)) => Ok(ArgValue::Flag(b)),
            (ArgKind::Flag { yes, no }, Raw::Text(t)) => match t {
                t if t.eq_ignore_ascii_case(yes) => Ok(ArgValue::Flag(true)),
                t if t.eq_ignore_ascii_case(no) => Ok(ArgValue::Flag(false)),
                _ => Err(bad()),
            },
            (ArgKind::Number { min, max, .. }, Raw::Int(_) | Raw::Text(_)) => {
                let n = match raw {
                    Raw::Int(i) => u32::try_from(i).ok(),
                    Raw::Text(t) => t.parse::<u32>().ok(),
                    _ => None,
                };
                match n {
                    Some(n) if (min..=max).contains(&n) => Ok(ArgValue::Number(n)),
                    _ => Err(t!(
                        "cmd-error-out-of-bounds",
                        value = shown(raw),
                        option = self.option_text(),
                        min = min,
                        max = max
                    )),
                }
            }
            (ArgKind::Text { max_len, .. }, Raw::Text(t)) => {
                if t.chars().count() > usize::from(max_len) {
                    Err(t!(
                        "cmd-error-too-long",
                        option = self.option_text(),
                        max = max_len
                    ))
                } else {
                    Ok(ArgValue::Text(t.to_string()))
                }
            }
            _ => Err(bad()),
        }
    }

    /// The option's message in `commands.ftl` (`arg-rule-set`).
    fn message_id(&self) -> String {
        format!("arg-{}", self.name.replace('_', "-"))
    }

    /// The option's name in `lang` on platforms that name options per language (Discord:
    /// `partie` for `game` in French); the code's name in English.
    pub fn option_name(&self, lang: Lang) -> String {
        skald_lang::render_message(lang, &self.message_id(), &[])
    }

    /// The option's name as a text, for refusals that name it in the reader's language.
    fn option_text(&self) -> Text {
        Msg::new(self.message_id()).into()
    }

    /// The value as one field of the button encoding (and what [`Arg::read`] reads back
    /// from [`Raw::Text`]).
    fn code(&self, v: &ArgValue) -> String {
        match v {
            ArgValue::Id(n) => n.to_string(),
            ArgValue::RuleSet(r) => r.id().to_string(),
            ArgValue::User(h) | ArgValue::Text(h) => h.clone(),
            ArgValue::Seat(s) => label(&SEAT_CHOICES, *s).to_string(),
            ArgValue::Level(l) => l.name().to_string(),
            ArgValue::Flag(b) => match self.kind {
                ArgKind::Flag { yes, no } => if *b { yes } else { no }.to_string(),
                _ => b.to_string(),
            },
            ArgValue::Number(n) => n.to_string(),
            ArgValue::Language(l) => l.code().to_string(),
        }
    }

    /// The value as the text grammar writes it (`#12`, `@bob`, `days:3`).
    /// A value as the text grammar writes it (`#3`, `@bob`, `days:5`, `first`).
    pub fn text_of(&self, v: &ArgValue) -> String {
        self.text(v)
    }

    /// A value as a platform's option shows it in `lang`: a choice's label (`Hnefatafl
    /// 11x11`, `au hasard`), otherwise its text form.
    pub fn label_of(&self, v: &ArgValue, lang: Lang) -> String {
        let labels = self.kind.choice_labels(lang);
        (0i64..)
            .zip(labels)
            .find(|(i, _)| self.read(Raw::Int(*i)).as_ref() == Ok(v))
            .map_or_else(|| self.code(v), |(_, l)| l)
    }

    fn text(&self, v: &ArgValue) -> String {
        match (v, self.kind) {
            (ArgValue::Id(n), _) => format!("#{n}"),
            (ArgValue::User(h), _) => format!("@{h}"),
            (ArgValue::Number(n), ArgKind::Number { prefix, .. }) => format!("{prefix}{n}"),
            (ArgValue::Text(t), ArgKind::Text { prefix, .. }) => format!("{prefix}{t}"),
            _ => self.code(v),
        }
    }
}

fn shown(raw: Raw<'_>) -> String {
    match raw {
        Raw::Int(i) => i.to_string(),
        Raw::Bool(b) => b.to_string(),
        Raw::Text(t) | Raw::User(t) => t.chars().take(40).collect(),
    }
}

/// A command's argument values by name: what a typed platform delivers, what a command
/// decomposes into, and what its definition builds the [`Command`] from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args(Vec<(&'static str, ArgValue)>);

impl Args {
    /// Adds a value when there is one (an absent optional argument is left out).
    pub fn with(mut self, name: &'static str, value: Option<ArgValue>) -> Args {
        if let Some(v) = value {
            self.0.retain(|(n, _)| *n != name);
            self.0.push((name, v));
        }
        self
    }

    /// Sets one value, replacing any earlier one of that name.
    pub fn set(&mut self, name: &'static str, value: ArgValue) {
        self.0.retain(|(n, _)| *n != name);
        self.0.push((name, value));
    }

    /// The names of the values given, in the order they were added.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.iter().map(|(n, _)| *n)
    }

    /// The value named `name`, if given.
    pub fn get(&self, name: &str) -> Option<&ArgValue> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    pub(super) fn id(&self, name: &str) -> Option<u64> {
        match self.get(name) {
            Some(ArgValue::Id(n)) => Some(*n),
            _ => None,
        }
    }
    pub(super) fn rule_set(&self, name: &str) -> Option<RuleSetId> {
        match self.get(name) {
            Some(ArgValue::RuleSet(r)) => Some(*r),
            _ => None,
        }
    }
    pub(super) fn user(&self, name: &str) -> Option<String> {
        match self.get(name) {
            Some(ArgValue::User(h)) => Some(h.clone()),
            _ => None,
        }
    }
    pub(super) fn seat(&self, name: &str) -> Option<SeatChoice> {
        match self.get(name) {
            Some(ArgValue::Seat(s)) => Some(*s),
            _ => None,
        }
    }
    pub(super) fn level(&self, name: &str) -> Option<Level> {
        match self.get(name) {
            Some(ArgValue::Level(l)) => Some(*l),
            _ => None,
        }
    }
    pub(super) fn flag(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(ArgValue::Flag(b)) => Some(*b),
            _ => None,
        }
    }
    pub(super) fn language(&self, name: &str) -> Option<skald_lang::Lang> {
        match self.get(name) {
            Some(ArgValue::Language(l)) => Some(*l),
            _ => None,
        }
    }
    pub(super) fn number(&self, name: &str) -> Option<u32> {
        match self.get(name) {
            Some(ArgValue::Number(n)) => Some(*n),
            _ => None,
        }
    }
    pub(super) fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(ArgValue::Text(t)) => Some(t),
            _ => None,
        }
    }
}

/// The version tag that starts every encoded action; a later encoding takes `2:`.
pub const CODE_PREFIX: &str = "1:";

/// A command as a button's (or a select option's) id: `1:<name>` then one `:field` per
/// argument of its definition, empty when absent (`1:accept:4`, `1:move:w12+1:2`), the
/// empty fields at the end left out. `None` when a value holds a `:` (none of the commands
/// offered as buttons do).
///
/// Leaving the trailing empty fields out keeps every button already posted working when a
/// command gains an optional argument at its end (`export`'s `otn`): `1:export:4` is read
/// the same before and after, and is still what a new button carries.
pub fn encode(cmd: &Command) -> Option<String> {
    let spec = info(cmd.name())?;
    let args = cmd.args();
    let mut fields = Vec::new();
    for arg in spec.args {
        let field = args.get(arg.name).map(|v| arg.code(v)).unwrap_or_default();
        if field.contains(':') {
            return None;
        }
        fields.push(field);
    }
    while fields.last().is_some_and(String::is_empty) {
        fields.pop();
    }
    let mut out = format!("{CODE_PREFIX}{}", spec.name);
    for field in fields {
        out.push(':');
        out.push_str(&field);
    }
    Some(out)
}

/// Reads an id made by [`encode`] back into its command; `None` for anything else (an old
/// id holding a command line, or a forged one).
pub fn decode(id: &str) -> Option<Command> {
    let mut fields = id.strip_prefix(CODE_PREFIX)?.split(':');
    let spec = info(fields.next()?)?;
    let mut args = Args::default();
    for arg in spec.args {
        // A field left out at the end is an absent argument (see [`encode`]).
        let field = fields.next().unwrap_or_default();
        if !field.is_empty() {
            args.set(arg.name, arg.read(Raw::Text(field)).ok()?);
        }
    }
    if fields.next().is_some() {
        return None;
    }
    spec.from_args(&args).ok()
}

/// The optional game number most commands take, as a typed argument.
pub(super) fn game_arg(game: &Option<u64>) -> Args {
    Args::default().with("game", game.map(ArgValue::Id))
}

/// Words typed as one text argument (`None` when there are none).
pub(super) fn joined(words: &[String]) -> Option<ArgValue> {
    (!words.is_empty()).then(|| ArgValue::Text(words.join(" ")))
}

/// A challenge's typed arguments.
pub(super) fn challenge_args(spec: &super::ChallengeSpec) -> Args {
    let (user, level) = match &spec.opponent {
        super::Opponent::Open => (None, None),
        super::Opponent::User(h) => (Some(h.clone()), None),
        super::Opponent::Engine(l) => (Some(ENGINE_HANDLE.to_string()), Some(*l)),
    };
    Args::default()
        .with("rule_set", Some(ArgValue::RuleSet(spec.rule_set)))
        .with("opponent", user.map(ArgValue::User))
        .with("seat", Some(ArgValue::Seat(spec.seat)))
        .with("ranked", Some(ArgValue::Flag(spec.ranked)))
        .with(
            "days",
            spec.bank.is_none().then_some(ArgValue::Number(spec.days)),
        )
        .with("level", level.map(ArgValue::Level))
        .with("clock", spec.bank.map(|b| ArgValue::Text(b.code())))
        .with(
            "cap",
            spec.bank.and_then(|b| b.cap_code()).map(ArgValue::Text),
        )
}

impl Command {
    /// The command as a line of the text grammar that [`super::parse`] reads back to it
    /// (`#id` first, then the other arguments in their definition's order).
    pub fn to_line(&self) -> String {
        let mut line = self.name().to_string();
        let Some(spec) = info(self.name()) else {
            return line;
        };
        let args = self.args();
        let ids = spec.args.iter().filter(|a| a.kind == ArgKind::GameId);
        let others = spec.args.iter().filter(|a| a.kind != ArgKind::GameId);
        for arg in ids.chain(others) {
            if let Some(v) = args.get(arg.name) {
                line.push(' ');
                line.push_str(&arg.text(v));
            }
        }
        line
    }
}
