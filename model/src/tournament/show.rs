//! A tournament's texts from its document: its terms in one line, the standings (points, then
//! the format's tie-breaks, as the tournament crate computes them) and a knockout's bracket.

use super::{Format, Pace, State, TournamentDoc};
use crate::{Text, t};
use skald_tournament::knockout::Slot;
use skald_tournament::standings::{self, TieBreak};

/// Points and tie-breaks in hundredths of a point as a player reads them: `3`, `2½`,
/// `4¼`, `0.3` for anything else.
pub fn hundredths(h: u64) -> String {
    let whole = h / 100;
    let frac = match h % 100 {
        0 => "",
        25 => "¼",
        50 => "½",
        75 => "¾",
        other => return format!("{whole}.{other:02}"),
    };
    if whole == 0 && !frac.is_empty() {
        frac.to_string()
    } else {
        format!("{whole}{frac}")
    }
}

/// A score in tenths of a point, as [`hundredths`] writes it.
pub fn tenths(t: u32) -> String {
    hundredths(u64::from(t) * 10)
}

impl TournamentDoc {
    /// `round-robin`, `double round-robin`, `Swiss, 5 rounds`, `knockout`.
    pub fn format_text(&self) -> Text {
        match self.format {
            Format::RoundRobin { double } => t!(
                "tournament-format-round-robin",
                double = if double { "yes" } else { "no" },
                pace = if self.pace == Pace::All {
                    "all"
                } else {
                    "rounds"
                }
            ),
            Format::Swiss { rounds } => t!("tournament-format-swiss", rounds = rounds),
            Format::Knockout => t!("tournament-format-knockout"),
        }
    }

    /// The terms: `Hnefatafl 11x11, round-robin, ranked, 3 days per move`.
    pub fn terms(&self) -> Text {
        t!(
            "tournament-terms",
            rule_set = skald_lang::rule_set_name(self.rule_set),
            format = self.format_text(),
            kind = crate::game::ranked_word(self.ranked),
            clock = crate::time_control::clock_terms(self.days, self.bank.as_ref())
        )
    }

    /// The round being played: the first one started and not complete (with every round
    /// at once, the earliest), else the last one started; 0 before the start.
    pub fn current_round(&self) -> u32 {
        self.rounds
            .iter()
            .find(|r| r.started && !r.complete())
            .or(self.rounds.iter().rfind(|r| r.started))
            .map_or(0, |r| r.number)
    }

    /// The line for `tournaments`: number, terms, state and players.
    pub fn summary(&self) -> Text {
        let round = self.current_round();
        t!(
            "tournament-summary",
            id = self.id,
            terms = self.terms(),
            state = match self.state {
                State::Open => "open",
                State::Running => "running",
                State::Finished => "finished",
            },
            players = self.players.len(),
            round = round,
            creator = &self.creator.name
        )
    }

    /// The standings, one line a player: rank, name, points, the first tie-break and the
    /// wins, a mark for who left. A knockout shows its bracket instead.
    pub fn standings_text(&self) -> Text {
        if self.format == Format::Knockout {
            return self.bracket_text();
        }
        let record = self.as_tournament(None);
        let mut text = Text::new();
        for s in standings::standings(&record) {
            let tiebreak = s
                .tiebreaks
                .first()
                .map_or("none".to_string(), |(tb, v)| match tb {
                    TieBreak::SonnebornBerger => format!("SB {}", hundredths(*v)),
                    TieBreak::BuchholzCut1 => format!("BC1 {}", hundredths(*v)),
                    _ => "none".to_string(),
                });
            let wins = s
                .tiebreaks
                .iter()
                .find(|(tb, _)| *tb == TieBreak::Wins)
                .map_or(0, |(_, v)| *v);
            let left = self
                .entrant(s.start_number)
                .is_some_and(|e| e.withdrawn.is_some());
            text.line(t!(
                "tournament-standing-line",
                rank = s.rank,
                name = self.name(s.start_number),
                points = tenths(s.points),
                tenths = s.points,
                tiebreak = tiebreak,
                wins = wins,
                left = if left { "yes" } else { "no" }
            ));
        }
        text
    }

    /// A knockout's bracket: each round's matches, their games and who went through.
    fn bracket_text(&self) -> Text {
        let mut text = Text::new();
        let Some(bracket) = &self.bracket else {
            return text;
        };
        let name = |slot: Slot| match slot {
            Slot::Player(p) => Text::verbatim(self.name(p)),
            Slot::Bye => t!("tournament-bracket-bye"),
            Slot::Pending => Text::verbatim("…"),
        };
        for (ri, matches) in bracket.rounds.iter().enumerate() {
            text.line(t!(
                "tournament-bracket-round",
                round = ri + 1,
                left = bracket.rounds.len() - ri
            ));
            for (mi, m) in matches.iter().enumerate() {
                if m.high == Slot::Bye && m.low == Slot::Bye {
                    continue;
                }
                let games: Vec<String> = self
                    .rounds
                    .get(ri)
                    .map(|r| {
                        r.pairings
                            .iter()
                            .filter(|p| p.knockout_match == Some(mi))
                            .filter_map(|p| p.game.map(|g| format!("#{g}")))
                            .collect()
                    })
                    .unwrap_or_default();
                let winner = match (m.high, m.low) {
                    (Slot::Player(_), Slot::Bye) | (Slot::Bye, Slot::Player(_)) => {
                        t!("tournament-bracket-through")
                    }
                    _ => match m.winner() {
                        Some(w) => t!("tournament-bracket-won", name = self.name(w)),
                        None => t!("tournament-bracket-playing"),
                    },
                };
                text.line(t!(
                    "tournament-bracket-match",
                    high = name(m.high),
                    low = name(m.low),
                    games = if games.is_empty() {
                        "none".to_string()
                    } else {
                        games.join(", ")
                    },
                    result = winner
                ));
            }
        }
        if let Some(champion) = bracket.champion() {
            text.line(t!("tournament-champion", name = self.name(champion)));
        }
        text
    }

    /// Whether the format ranks by a tie-break the standings name (for the explanation
    /// under them).
    pub fn tiebreak_note(&self) -> Option<Text> {
        match self.format {
            Format::RoundRobin { .. } => Some(t!("tournament-note-sb")),
            Format::Swiss { .. } => Some(t!("tournament-note-bc1")),
            Format::Knockout => None,
        }
    }
}
