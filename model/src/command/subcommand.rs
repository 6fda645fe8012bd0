//! `tournament` and `league` as typed subcommands (`tournament create`, `league join`, …),
//! for platforms whose commands take typed options (Discord's slash subcommands): each
//! action with its own arguments (the rule set and the system as choices, rounds and the
//! most players within bounds, the clock completed), building the same [`Command`] as the
//! text grammar ([`super::tournament::parse`], [`super::league::parse`]). The text grammar
//! stays the one for typed lines, buttons and help; this only gives the actions typed
//! arguments, and refuses what typed options cannot say together (`rounds` for a
//! round-robin) in words that name the options.

use super::tournament::{MAX_RANGE, ROUNDS_RANGE, TournamentSpec};
use super::{
    Arg, ArgKind, ArgValue, Args, Command, Completion, DAYS_RANGE, LeagueAction, LeagueTerms,
    ParseError, TournamentAction, time_control,
};
use crate::tournament::terms::{Format, Pace};
use skald_lang::{Lang, Msg, Text, t};

/// One action of a command as a subcommand: its name, its typed arguments, and how they
/// build the command.
#[derive(Clone, Copy, Debug)]
pub struct SubcommandInfo {
    /// The command it belongs to (`tournament`).
    pub command: &'static str,
    /// The action's word (`create`): its name on platforms with subcommands, in English.
    pub name: &'static str,
    /// Its typed arguments, required ones first.
    pub args: &'static [Arg],
    /// Builds the command from the typed arguments; a refusal says what would do.
    pub build: fn(&Args) -> Result<Command, Text>,
    /// The typed arguments of a command this subcommand builds (`None` for another).
    pub args_of: fn(&Command) -> Option<Args>,
}

impl SubcommandInfo {
    /// Builds the command; a refusal carries no text usage line (the platform shows the
    /// subcommand's options, [`SubcommandInfo::usage`]).
    pub fn from_args(&self, args: &Args) -> Result<Command, ParseError> {
        (self.build)(args).map_err(|message| ParseError {
            message,
            usage: None,
            command: Some(self.command),
        })
    }

    /// The subcommand's message in `commands.ftl` (`sub-tournament-create`).
    fn message_id(&self) -> String {
        format!("sub-{}-{}", self.command, self.name)
    }

    /// Its name in `lang` (`créer`); the action's word in English.
    pub fn slash_name(&self, lang: Lang) -> String {
        skald_lang::render_message(lang, &self.message_id(), &[])
    }

    /// What it does, as a sentence in `lang` (Discord's description).
    pub fn description(&self, lang: Lang) -> String {
        skald_lang::render_message(lang, &format!("{}.summary", self.message_id()), &[])
    }

    /// What one of its arguments is, in one line (`sub-tournament-arg-rounds`).
    pub fn arg_description(&self, arg: &Arg) -> Text {
        Msg::new(format!(
            "sub-{}-arg-{}",
            self.command,
            arg.name.replace('_', "-")
        ))
        .into()
    }

    /// Its options as a platform shows them to a reader of `lang`: required ones bare,
    /// optional ones bracketed (`/tournament create rule_set system [rounds] …`), after
    /// `command` (the command's own name in `lang`).
    pub fn usage(&self, command: &str, lang: Lang) -> String {
        let mut line = format!("/{command} {}", self.slash_name(lang));
        push_options(&mut line, self.args, lang);
        line
    }
}

/// Appends `args` as a platform shows them to a reader of `lang`: each required one by its
/// name, each optional one in brackets (` move [game]`). One writing for a command's usage
/// and a subcommand's.
pub fn push_options(line: &mut String, args: &[Arg], lang: Lang) {
    for arg in args {
        let name = arg.option_name(lang);
        if arg.required {
            line.push_str(&format!(" {name}"));
        } else {
            line.push_str(&format!(" [{name}]"));
        }
    }
}

/// The subcommands of `command` (empty for a command without).
pub fn of(command: &str) -> &'static [SubcommandInfo] {
    match command {
        "tournament" => &TOURNAMENT,
        "league" => &LEAGUE,
        _ => &[],
    }
}

/// The subcommand `name` of `command`.
pub fn find(command: &str, name: &str) -> Option<&'static SubcommandInfo> {
    of(command).iter().find(|s| s.name == name)
}

/// The subcommand that builds `cmd`, with its typed arguments (for writing the command as
/// a platform's subcommand, `/tournament join tournament:3`).
pub fn typed(cmd: &Command) -> Option<(&'static SubcommandInfo, Args)> {
    [&TOURNAMENT[..], &LEAGUE[..]]
        .into_iter()
        .flatten()
        .find_map(|s| (s.args_of)(cmd).map(|a| (s, a)))
}

/// The two systems' and the paces' words, as a typed choice offers them.
const SYSTEMS: &[&str] = &["round-robin", "swiss", "knockout"];
const PACES: &[&str] = &["all", "rounds"];

const TOURNAMENT_ID: Arg = Arg {
    name: "tournament",
    kind: ArgKind::GameId,
    required: false,
    complete: Completion::Nothing,
};
const RULE_SET: Arg = Arg {
    name: "rule_set",
    kind: ArgKind::RuleSet,
    required: true,
    complete: Completion::Nothing,
};
const DAYS: Arg = Arg {
    name: "days",
    kind: ArgKind::Number {
        min: *DAYS_RANGE.start(),
        max: *DAYS_RANGE.end(),
        prefix: "days:",
    },
    required: false,
    complete: Completion::Nothing,
};
const CLOCK: Arg = Arg {
    name: "clock",
    kind: ArgKind::Text {
        max_len: 24,
        prefix: "clock:",
    },
    required: false,
    complete: Completion::TimeControls,
};
const CAP: Arg = Arg {
    name: "cap",
    kind: ArgKind::Text {
        max_len: 12,
        prefix: "cap:",
    },
    required: false,
    complete: Completion::Nothing,
};
const RANKED: Arg = Arg {
    name: "ranked",
    kind: ArgKind::Flag {
        yes: "ranked",
        no: "casual",
    },
    required: false,
    complete: Completion::Nothing,
};

/// A tournament action that takes nothing but which tournament.
macro_rules! plain {
    ($name:literal, $action:ident) => {
        SubcommandInfo {
            command: "tournament",
            name: $name,
            args: &[TOURNAMENT_ID],
            build: |a| {
                Ok(Command::Tournament {
                    id: a.id("tournament"),
                    action: TournamentAction::$action,
                })
            },
            args_of: |c| match c {
                Command::Tournament {
                    id,
                    action: TournamentAction::$action,
                } => Some(Args::default().with("tournament", id.map(ArgValue::Id))),
                _ => None,
            },
        }
    };
}

/// `tournament`'s actions. Their order is the order a platform lists them in.
pub const TOURNAMENT: [SubcommandInfo; 6] = [
    SubcommandInfo {
        command: "tournament",
        name: "create",
        args: &[
            RULE_SET,
            Arg {
                name: "system",
                kind: ArgKind::Word { words: SYSTEMS },
                required: true,
                complete: Completion::Nothing,
            },
            Arg {
                name: "rounds",
                kind: ArgKind::Number {
                    min: *ROUNDS_RANGE.start(),
                    max: *ROUNDS_RANGE.end(),
                    prefix: "rounds:",
                },
                required: false,
                complete: Completion::Nothing,
            },
            Arg {
                name: "double",
                kind: ArgKind::Flag {
                    yes: "double",
                    no: "single",
                },
                required: false,
                complete: Completion::Nothing,
            },
            Arg {
                name: "pace",
                kind: ArgKind::Word { words: PACES },
                required: false,
                complete: Completion::Nothing,
            },
            DAYS,
            CLOCK,
            CAP,
            Arg {
                name: "max",
                kind: ArgKind::Number {
                    min: *MAX_RANGE.start(),
                    max: *MAX_RANGE.end(),
                    prefix: "max:",
                },
                required: false,
                complete: Completion::Nothing,
            },
            RANKED,
            Arg {
                name: "starts",
                kind: ArgKind::Text {
                    max_len: 20,
                    prefix: "starts:",
                },
                required: false,
                complete: Completion::Nothing,
            },
        ],
        build: build_create,
        args_of: |c| match c {
            Command::Tournament {
                id: None,
                action: TournamentAction::Create(spec),
            } => Some(create_args(spec)),
            _ => None,
        },
    },
    plain!("join", Join),
    plain!("leave", Leave),
    plain!("start", Start),
    SubcommandInfo {
        command: "tournament",
        name: "remove",
        args: &[
            Arg {
                name: "user",
                kind: ArgKind::User,
                required: true,
                complete: Completion::Nothing,
            },
            TOURNAMENT_ID,
        ],
        build: |a| match a.user("user") {
            Some(user) => Ok(Command::Tournament {
                id: a.id("tournament"),
                action: TournamentAction::Remove(user),
            }),
            None => Err(t!("tournament-error-remove-whom")),
        },
        args_of: |c| match c {
            Command::Tournament {
                id,
                action: TournamentAction::Remove(user),
            } => Some(
                Args::default()
                    .with("user", Some(ArgValue::User(user.clone())))
                    .with("tournament", id.map(ArgValue::Id)),
            ),
            _ => None,
        },
    },
    plain!("standings", Show),
];

/// `tournament create`'s options as the spec the text grammar reads from its words.
fn build_create(a: &Args) -> Result<Command, Text> {
    let rule_set = a.rule_set("rule_set").ok_or_else(|| {
        t!(
            "tournament-error-which-game",
            rule_sets = super::rule_set_ids()
        )
    })?;
    let rounds = a.number("rounds");
    let double = a.flag("double").unwrap_or(false);
    let format = match a.text("system") {
        Some("swiss") => Format::Swiss {
            rounds: rounds.ok_or_else(|| t!("sub-error-rounds-needed"))?,
        },
        Some("knockout") => Format::Knockout,
        Some("round-robin") => Format::RoundRobin { double },
        _ => return Err(t!("tournament-error-which-format")),
    };
    if rounds.is_some() && !matches!(format, Format::Swiss { .. }) {
        return Err(t!("sub-error-rounds-swiss-only"));
    }
    if double && !matches!(format, Format::RoundRobin { .. }) {
        return Err(t!("sub-error-double-round-robin-only"));
    }
    let pace = match a.text("pace") {
        None => None,
        Some("all") => Some(Pace::All),
        Some(_) => Some(Pace::Rounds),
    };
    if pace.is_some() && !matches!(format, Format::RoundRobin { .. }) {
        return Err(t!("sub-error-pace-round-robin-only"));
    }
    let (days, bank) = time_control(a.number("days"), a.text("clock"), a.text("cap"))?;
    let starts = match a.text("starts") {
        None => None,
        Some(v) => Some(crate::clock::Timestamp::parse(v).map_err(|_| {
            t!(
                "tournament-error-starts",
                token = super::shown(&format!("starts:{v}"))
            )
        })?),
    };
    Ok(Command::Tournament {
        id: None,
        action: TournamentAction::Create(TournamentSpec {
            rule_set,
            format,
            pace,
            days,
            bank,
            max: a.number("max"),
            ranked: a.flag("ranked").unwrap_or(true),
            starts,
        }),
    })
}

/// A created tournament's spec as `create`'s typed arguments (defaults left out).
fn create_args(spec: &TournamentSpec) -> Args {
    let (system, rounds, double) = match spec.format {
        Format::RoundRobin { double } => ("round-robin", None, double),
        Format::Swiss { rounds } => ("swiss", Some(rounds), false),
        Format::Knockout => ("knockout", None, false),
    };
    Args::default()
        .with("rule_set", Some(ArgValue::RuleSet(spec.rule_set)))
        .with("system", Some(ArgValue::Text(system.into())))
        .with("rounds", rounds.map(ArgValue::Number))
        .with("double", double.then_some(ArgValue::Flag(true)))
        .with(
            "pace",
            spec.pace.map(|p| {
                ArgValue::Text(match p {
                    Pace::All => "all".into(),
                    Pace::Rounds => "rounds".into(),
                })
            }),
        )
        .with(
            "days",
            (spec.bank.is_none() && spec.days != super::DEFAULT_DAYS)
                .then_some(ArgValue::Number(spec.days)),
        )
        .with("clock", spec.bank.map(|b| ArgValue::Text(b.code())))
        .with(
            "cap",
            spec.bank.and_then(|b| b.cap_code()).map(ArgValue::Text),
        )
        .with("max", spec.max.map(ArgValue::Number))
        .with("ranked", (!spec.ranked).then_some(ArgValue::Flag(false)))
        .with(
            "starts",
            spec.starts
                .map(|at| ArgValue::Text(at.minute().to_string())),
        )
}

/// `league`'s actions.
pub const LEAGUE: [SubcommandInfo; 4] = [
    SubcommandInfo {
        command: "league",
        name: "join",
        args: &[RULE_SET],
        build: |a| league(a, LeagueAction::Join),
        args_of: |c| league_args(c, |x| matches!(x, LeagueAction::Join)),
    },
    SubcommandInfo {
        command: "league",
        name: "leave",
        args: &[RULE_SET],
        build: |a| league(a, LeagueAction::Leave),
        args_of: |c| league_args(c, |x| matches!(x, LeagueAction::Leave)),
    },
    SubcommandInfo {
        command: "league",
        name: "start",
        args: &[RULE_SET, DAYS, CLOCK, CAP, RANKED],
        build: |a| {
            let (days, bank) = time_control(a.number("days"), a.text("clock"), a.text("cap"))?;
            let clock_given = a.number("days").is_some() || a.text("clock").is_some();
            league(
                a,
                LeagueAction::Start(LeagueTerms {
                    days,
                    bank,
                    ranked: a.flag("ranked"),
                    clock_given,
                }),
            )
        },
        args_of: |c| match c {
            Command::League {
                rule_set: Some(r),
                action: LeagueAction::Start(terms),
            } => Some(
                Args::default()
                    .with("rule_set", Some(ArgValue::RuleSet(*r)))
                    .with(
                        "days",
                        (terms.clock_given && terms.bank.is_none())
                            .then_some(ArgValue::Number(terms.days)),
                    )
                    .with("clock", terms.bank.map(|b| ArgValue::Text(b.code())))
                    .with(
                        "cap",
                        terms.bank.and_then(|b| b.cap_code()).map(ArgValue::Text),
                    )
                    .with("ranked", terms.ranked.map(ArgValue::Flag)),
            ),
            _ => None,
        },
    },
    SubcommandInfo {
        command: "league",
        name: "standings",
        args: &[Arg {
            required: false,
            ..RULE_SET
        }],
        build: |a| {
            Ok(Command::League {
                rule_set: a.rule_set("rule_set"),
                action: LeagueAction::Standings,
            })
        },
        args_of: |c| match c {
            Command::League {
                rule_set,
                action: LeagueAction::Standings,
            } => Some(Args::default().with("rule_set", rule_set.map(ArgValue::RuleSet))),
            _ => None,
        },
    },
];

/// A league action for the rule set given (which every action but the standings needs).
fn league(a: &Args, action: LeagueAction) -> Result<Command, Text> {
    match a.rule_set("rule_set") {
        Some(r) => Ok(Command::League {
            rule_set: Some(r),
            action,
        }),
        None => Err(t!(
            "league-error-which-game",
            rule_sets = super::rule_set_ids()
        )),
    }
}

/// The rule set of a league command whose action `is` tells.
fn league_args(c: &Command, is: fn(&LeagueAction) -> bool) -> Option<Args> {
    match c {
        Command::League {
            rule_set: Some(r),
            action,
        } if is(action) => Some(Args::default().with("rule_set", Some(ArgValue::RuleSet(*r)))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a text line the way the text grammar does, for comparing.
    fn line(text: &str) -> Command {
        super::super::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// What a subcommand builds from typed options given as `(name, raw text)`.
    fn typed_in(command: &str, name: &str, given: &[(&str, &str)]) -> Result<Command, ParseError> {
        let sub = find(command, name).unwrap_or_else(|| panic!("{command} {name}"));
        let mut args = Args::default();
        for (option, value) in given {
            let arg = sub
                .args
                .iter()
                .find(|a| a.name == *option)
                .unwrap_or_else(|| panic!("{name} has no {option}"));
            let v = arg
                .read(super::super::Raw::Text(value))
                .unwrap_or_else(|e| panic!("{option}:{value}: {}", e.en()));
            args.set(arg.name, v);
        }
        sub.from_args(&args)
    }

    #[test]
    fn each_subcommand_builds_what_its_text_line_reads() {
        /// A command, its subcommand, the typed options, and the text line it reads as.
        type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str);
        let cases: &[Case] = &[
            (
                "tournament",
                "create",
                &[("rule_set", "tafl"), ("system", "swiss"), ("rounds", "5")],
                "tournament create tafl swiss rounds:5",
            ),
            (
                "tournament",
                "create",
                &[
                    ("rule_set", "brandubh"),
                    ("system", "round-robin"),
                    ("double", "double"),
                    ("pace", "rounds"),
                    ("clock", "3d+6h"),
                    ("max", "8"),
                    ("ranked", "casual"),
                    ("starts", "2027-03-01T18:00"),
                ],
                "tournament create brandubh round-robin double pace:rounds clock:3d+6h max:8 casual starts:2027-03-01T18:00",
            ),
            (
                "tournament",
                "create",
                &[("rule_set", "tafl"), ("system", "knockout"), ("days", "5")],
                "tournament create tafl knockout days:5",
            ),
            (
                "tournament",
                "join",
                &[("tournament", "3")],
                "tournament #3 join",
            ),
            ("tournament", "leave", &[], "tournament leave"),
            ("tournament", "start", &[], "tournament start"),
            (
                "tournament",
                "remove",
                &[("user", "bob"), ("tournament", "2")],
                "tournament #2 remove @bob",
            ),
            ("tournament", "standings", &[], "tournament"),
            (
                "league",
                "join",
                &[("rule_set", "tafl")],
                "league tafl join",
            ),
            (
                "league",
                "leave",
                &[("rule_set", "tafl")],
                "league tafl leave",
            ),
            (
                "league",
                "start",
                &[("rule_set", "tafl"), ("days", "4"), ("ranked", "casual")],
                "league tafl start days:4 casual",
            ),
            ("league", "standings", &[], "league"),
            (
                "league",
                "standings",
                &[("rule_set", "tafl")],
                "league tafl",
            ),
        ];
        for (command, name, given, text) in cases {
            let built = typed_in(command, name, given).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(built, line(text), "{command} {name} {given:?}");
            // And back: the command as the subcommand's options builds it again.
            let (sub, args) = typed(&built).unwrap_or_else(|| panic!("{text}: no subcommand"));
            assert_eq!(sub.name, *name, "{text}");
            assert_eq!(sub.from_args(&args).ok(), Some(built), "{text}");
        }
    }

    #[test]
    fn options_that_do_not_go_together_are_refused_saying_what_would_do() {
        let refused = |given: &[(&str, &str)]| {
            typed_in("tournament", "create", given)
                .expect_err("refused")
                .message
                .en()
        };
        let said = refused(&[("rule_set", "tafl"), ("system", "swiss")]);
        assert!(said.contains("rounds (1 to 20)"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "round-robin"),
            ("rounds", "3"),
        ]);
        assert!(said.contains("pick the system Swiss"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("double", "double"),
        ]);
        assert!(said.contains("double is for a round-robin only"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "knockout"),
            ("pace", "all"),
        ]);
        assert!(said.contains("pace is for a round-robin only"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "knockout"),
            ("days", "2"),
            ("clock", "3d+6h"),
        ]);
        assert!(said.contains("not both"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "knockout"),
            ("clock", "soon"),
        ]);
        assert!(said.contains("'soon' is not a time control"), "{said}");
        let said = refused(&[
            ("rule_set", "tafl"),
            ("system", "knockout"),
            ("starts", "tomorrow"),
        ]);
        assert!(said.contains("not a start time"), "{said}");
        // Bounds and choices are the arguments' own: out of them, the option is named.
        let rounds = find("tournament", "create")
            .and_then(|s| s.args.iter().find(|a| a.name == "rounds"))
            .expect("rounds");
        let said = rounds
            .read(super::super::Raw::Int(21))
            .expect_err("21")
            .en();
        assert!(said.contains("expected 1 to 20"), "{said}");
        let system = find("tournament", "create")
            .and_then(|s| s.args.iter().find(|a| a.name == "system"))
            .expect("system");
        assert!(system.read(super::super::Raw::Int(3)).is_err());
        // A league action without its game says which games there are.
        let said = typed_in("league", "join", &[])
            .expect_err("no game")
            .message
            .en();
        assert!(said.contains("tafl"), "{said}");
    }

    #[test]
    fn every_subcommand_and_option_is_named_and_described_in_every_language() {
        for sub in TOURNAMENT.iter().chain(&LEAGUE) {
            for lang in Lang::ALL {
                let name = sub.slash_name(lang);
                assert!(
                    !name.is_empty()
                        && name.chars().count() <= 32
                        && name.chars().all(|c| c.is_lowercase() || c == '-'),
                    "{} {}: {name}",
                    sub.command,
                    sub.name
                );
                let d = sub.description(lang);
                assert!(!d.is_empty() && d.chars().count() <= 100, "{d}");
                for arg in sub.args {
                    let id = format!("sub-{}-arg-{}", sub.command, arg.name.replace('_', "-"));
                    assert!(skald_lang::has_message(lang, &id), "{lang:?}: {id}");
                    assert!(sub.arg_description(arg).render(lang).chars().count() <= 100);
                    let labels = arg.kind.choice_labels(lang);
                    assert!(
                        labels.iter().all(|l| !l.starts_with("choice-")),
                        "{labels:?}"
                    );
                }
            }
        }
    }
}
