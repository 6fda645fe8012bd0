//! The `tournament` command's words: which action (`create`, `join`, `leave`, `start`,
//! `remove`, or none: the standings), its options, and the same words written back (for
//! buttons and `Command::to_line`). One grammar for text and typed options: Discord's
//! `action` option carries these words.

use super::words::ranked_word;
use super::{parse_days, parse_id, parse_mention, prefixed, rule_set, shown, time_control};
use crate::tournament::terms::{Format, Pace};
use skald_lang::{Text, t};
use skald_rules::RuleSetId;

/// The most players a tournament may be limited to, and the fewest.
pub const MAX_RANGE: std::ops::RangeInclusive<u32> = 2..=256;
/// The rounds a Swiss may have.
pub const ROUNDS_RANGE: std::ops::RangeInclusive<u32> = 1..=20;

/// What `tournament create` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    /// The game played.
    pub rule_set: RuleSetId,
    /// The system.
    pub format: Format,
    /// When a round-robin's games are made (`None`: the format's default).
    pub pace: Option<Pace>,
    /// Days per move (the default when `bank` is set).
    pub days: u32,
    /// A time bank instead of days per move.
    pub bank: Option<crate::time_control::Bank>,
    /// The most players (`None`: no limit but the format's).
    pub max: Option<u32>,
    /// Whether its games count for the ladder.
    pub ranked: bool,
    /// When it starts by itself (`starts:2026-12-01` or `starts:2026-12-01T18:00`, UTC);
    /// `None`: when its creator says `tournament start`.
    pub starts: Option<crate::clock::Timestamp>,
}

/// What `tournament` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// The standings (no action word, or `standings`).
    Show,
    /// A new tournament, open for players.
    Create(TournamentSpec),
    /// Enter an open tournament.
    Join,
    /// Leave one (a running one: the remaining games are forfeited).
    Leave,
    /// Pair the first round and start the games (its creator or an organiser).
    Start,
    /// Remove a player (its creator or an organiser), by the handle typed after `@`.
    Remove(String),
}

/// Reads the words after `tournament`: an optional `#id` anywhere, then the action and its
/// options.
pub fn parse(args: &[&str]) -> Result<(Option<u64>, TournamentAction), Text> {
    let mut id = None;
    let mut rest = Vec::new();
    for a in args {
        match parse_id(a) {
            Some(n) => {
                if id.is_some() {
                    return Err(t!("cmd-error-only-one-id", token = shown(a)));
                }
                id = Some(n?);
            }
            None => rest.push(*a),
        }
    }
    let Some((word, options)) = rest.split_first() else {
        return Ok((id, TournamentAction::Show));
    };
    let action = match word.to_lowercase().as_str() {
        "standings" | "show" => no_options(options, TournamentAction::Show)?,
        "join" | "enter" => no_options(options, TournamentAction::Join)?,
        "leave" | "withdraw" => no_options(options, TournamentAction::Leave)?,
        "start" => no_options(options, TournamentAction::Start)?,
        "remove" | "kick" => match options {
            [user] => TournamentAction::Remove(parse_mention(user)?),
            _ => return Err(t!("tournament-error-remove-whom")),
        },
        "create" | "new" => {
            if id.is_some() {
                return Err(t!("tournament-error-create-no-id"));
            }
            TournamentAction::Create(parse_create(options)?)
        }
        other => return Err(t!("tournament-error-action", token = shown(other))),
    };
    Ok((id, action))
}

/// The words [`parse`] accepts after `done` (the words typed so far, no `#id`), in the
/// order a player is offered them ([`super::complete`]): an action; after `create` the
/// game, then the system, then the options not given yet (a Swiss's rounds first).
pub fn next_words(done: &[&str]) -> Vec<String> {
    let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let Some((action, options)) = done.split_first() else {
        return words(&["create", "join", "leave", "start", "standings", "remove"]);
    };
    if !matches!(action.to_lowercase().as_str(), "create" | "new") {
        return Vec::new();
    }
    let Some((game, options)) = options.split_first() else {
        return RuleSetId::ALL.map(|r| r.id().to_string()).to_vec();
    };
    if rule_set(game).is_err() {
        return Vec::new();
    }
    let Some((system_word, options)) = options.split_first() else {
        return words(&["round-robin", "swiss", "knockout"]);
    };
    let given = |key: &str| options.iter().any(|w| super::words::has_key(w, key));
    let mut out = Vec::new();
    match system(&system_word.to_lowercase()) {
        Some("swiss") => {
            if !given("rounds") {
                out.extend(words(&["rounds:3", "rounds:5", "rounds:7"]));
            }
        }
        Some("round-robin") => {
            if !options.iter().any(|w| w.eq_ignore_ascii_case("double")) {
                out.push("double".into());
            }
            if !given("pace") {
                out.extend(words(&["pace:rounds", "pace:all"]));
            }
        }
        Some(_) => {}
        None => return Vec::new(),
    }
    out.extend(super::words::game_terms(options));
    if !given("max") {
        out.extend(words(&["max:8", "max:16", "max:32"]));
    }
    out
}

/// The system a (lowercase) word names, by its canonical word: `round-robin`, `swiss` or
/// `knockout` (`rr`, `ko` and `roundrobin` are accepted too).
fn system(lower: &str) -> Option<&'static str> {
    match lower {
        "round-robin" | "roundrobin" | "rr" => Some("round-robin"),
        "swiss" => Some("swiss"),
        "knockout" | "ko" => Some("knockout"),
        _ => None,
    }
}

fn no_options(options: &[&str], action: TournamentAction) -> Result<TournamentAction, Text> {
    match options.first() {
        None => Ok(action),
        Some(extra) => Err(t!("cmd-error-takes-nothing", token = shown(extra))),
    }
}

/// `create <rule-set> <round-robin|swiss|knockout> [rounds:N] [double] [pace:all|rounds]
/// [days:N | clock:… [cap:…]] [max:N] [ranked|casual]`, options in any order, each once.
fn parse_create(args: &[&str]) -> Result<TournamentSpec, Text> {
    let Some((first, rest)) = args.split_first() else {
        return Err(t!(
            "tournament-error-which-game",
            rule_sets = super::rule_set_ids()
        ));
    };
    let rule_set = rule_set(first)?;
    let mut kind: Option<&'static str> = None;
    let mut rounds: Option<u32> = None;
    let mut double = false;
    let mut pace: Option<Pace> = None;
    let mut terms = GameTerms::default();
    let mut max: Option<u32> = None;
    let mut starts: Option<crate::clock::Timestamp> = None;
    let twice = |token: &str| t!("tournament-error-twice", token = shown(token));
    for token in rest {
        let lower = token.to_lowercase();
        if terms.take(token)? {
            continue;
        }
        if let Some(v) = prefixed(token, "starts") {
            let at = crate::clock::Timestamp::parse(v)
                .map_err(|_| t!("tournament-error-starts", token = shown(token)))?;
            if starts.replace(at).is_some() {
                return Err(twice(token));
            }
        } else if let Some(v) = prefixed(token, "rounds") {
            let n = number(v, &ROUNDS_RANGE, "rounds")?;
            if rounds.replace(n).is_some() {
                return Err(twice(token));
            }
        } else if let Some(v) = prefixed(token, "max") {
            let n = number(v, &MAX_RANGE, "max")?;
            if max.replace(n).is_some() {
                return Err(twice(token));
            }
        } else if let Some(v) = prefixed(token, "pace") {
            let p = match v.to_lowercase().as_str() {
                "all" => Pace::All,
                "rounds" | "round" => Pace::Rounds,
                _ => return Err(t!("tournament-error-pace", token = shown(token))),
            };
            if pace.replace(p).is_some() {
                return Err(twice(token));
            }
        } else {
            match (system(&lower), lower.as_str()) {
                (Some(s), _) => {
                    if kind.replace(s).is_some() {
                        return Err(twice(token));
                    }
                }
                (None, "double") => {
                    if double {
                        return Err(twice(token));
                    }
                    double = true;
                }
                _ => return Err(t!("tournament-error-word", token = shown(token))),
            }
        }
    }
    let format = match kind {
        None => return Err(t!("tournament-error-which-format")),
        Some("swiss") => {
            if double {
                return Err(t!("tournament-error-double-round-robin"));
            }
            Format::Swiss {
                rounds: rounds.ok_or_else(|| t!("tournament-error-how-many-rounds"))?,
            }
        }
        Some("knockout") => {
            if double {
                return Err(t!("tournament-error-double-round-robin"));
            }
            if rounds.is_some() {
                return Err(t!("tournament-error-rounds-swiss"));
            }
            Format::Knockout
        }
        Some(_) => {
            if rounds.is_some() {
                return Err(t!("tournament-error-rounds-swiss"));
            }
            Format::RoundRobin { double }
        }
    };
    if pace.is_some() && !matches!(format, Format::RoundRobin { .. }) {
        return Err(t!("tournament-error-pace-round-robin"));
    }
    let (days, bank) = terms.clock()?;
    Ok(TournamentSpec {
        rule_set,
        format,
        pace,
        days,
        bank,
        max,
        ranked: terms.ranked().unwrap_or(true),
        starts,
    })
}

/// The options an event's games share, read one word at a time: `days:N` or `clock:…
/// [cap:…]`, and `ranked` or `casual`, each once (`tournament create` and `league … start`).
#[derive(Default)]
pub(super) struct GameTerms<'a> {
    days: Option<u32>,
    clock: Option<&'a str>,
    cap: Option<&'a str>,
    ranked: Option<bool>,
}

impl<'a> GameTerms<'a> {
    /// Takes `token` when it is one of these options (`Ok(true)`); `Ok(false)` for another
    /// word; a refusal for an option given twice or a bad number of days.
    pub(super) fn take(&mut self, token: &'a str) -> Result<bool, Text> {
        let twice = || t!("tournament-error-twice", token = shown(token));
        let lower = token.to_lowercase();
        if let Some(v) = prefixed(token, "days") {
            if self.days.replace(parse_days(v)?).is_some() {
                return Err(twice());
            }
        } else if let Some(v) = prefixed(token, "clock") {
            if self.clock.replace(v).is_some() {
                return Err(twice());
            }
        } else if let Some(v) = prefixed(token, "cap") {
            if self.cap.replace(v).is_some() {
                return Err(twice());
            }
        } else if let Some(ranked) = ranked_word(&lower) {
            if self.ranked.replace(ranked).is_some() {
                return Err(twice());
            }
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// Whether a clock (`days:` or `clock:`) was given.
    pub(super) fn clock_given(&self) -> bool {
        self.days.is_some() || self.clock.is_some()
    }

    /// `ranked` (true), `casual` (false), or neither.
    pub(super) fn ranked(&self) -> Option<bool> {
        self.ranked
    }

    /// The clock: days per move (the default when none was given) and the bank, if any.
    pub(super) fn clock(&self) -> Result<(u32, Option<crate::time_control::Bank>), Text> {
        time_control(self.days, self.clock, self.cap)
    }
}

/// A bounded number option (`rounds:5`), or what is allowed.
fn number(value: &str, range: &std::ops::RangeInclusive<u32>, what: &str) -> Result<u32, Text> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            t!(
                "tournament-error-number",
                what = what.to_string(),
                value = shown(value),
                min = *range.start(),
                max = *range.end()
            )
        })
}

/// The action written back as the words [`parse`] reads (options only when they differ
/// from the defaults, so a plain tournament's words hold no `:`).
pub fn words(action: &TournamentAction) -> Option<String> {
    Some(match action {
        TournamentAction::Show => return None,
        TournamentAction::Join => "join".into(),
        TournamentAction::Leave => "leave".into(),
        TournamentAction::Start => "start".into(),
        TournamentAction::Remove(h) => format!("remove @{h}"),
        TournamentAction::Create(spec) => {
            let mut w = vec!["create".to_string(), spec.rule_set.id().to_string()];
            match spec.format {
                Format::RoundRobin { double } => {
                    w.push("round-robin".into());
                    if double {
                        w.push("double".into());
                    }
                }
                Format::Swiss { rounds } => {
                    w.push("swiss".into());
                    w.push(format!("rounds:{rounds}"));
                }
                Format::Knockout => w.push("knockout".into()),
            }
            match spec.pace {
                Some(Pace::All) => w.push("pace:all".into()),
                Some(Pace::Rounds) => w.push("pace:rounds".into()),
                None => {}
            }
            match &spec.bank {
                Some(b) => {
                    w.push(format!("clock:{}", b.code()));
                    if let Some(cap) = b.cap_code() {
                        w.push(format!("cap:{cap}"));
                    }
                }
                None if spec.days != super::DEFAULT_DAYS => w.push(format!("days:{}", spec.days)),
                None => {}
            }
            if let Some(m) = spec.max {
                w.push(format!("max:{m}"));
            }
            if !spec.ranked {
                w.push("casual".into());
            }
            if let Some(at) = spec.starts {
                w.push(format!("starts:{}", at.minute()));
            }
            w.join(" ")
        }
    })
}
