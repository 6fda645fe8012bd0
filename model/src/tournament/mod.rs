//! The stored tournament: [`TournamentDoc`] (its terms, players, rounds with their pairings,
//! games and results, a knockout's bracket), as the store keeps it in JSON beside the games,
//! with compare-and-swap on every write; and its translation into the pure
//! [`skald_tournament::Tournament`] the pairing and standings code reads.

mod show;
pub mod terms;

pub use show::{hundredths, tenths};
pub use terms::{Format, Pace};

use crate::league::{LeagueLink, LeagueState};

use crate::clock::Timestamp;
use crate::identity::Home;
use crate::identity::{CommunityId, User, UserId};
use serde::{Deserialize, Serialize};
use skald_rules::RuleSetId;
use skald_tournament::knockout::Bracket;
use skald_tournament::{
    Color, GameScore, Player, PointSystem, RoundEntry, StartNumber, Tournament, TournamentKind,
};

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Taking players.
    Open,
    /// Its games are being played.
    Running,
    /// Over: the final standings were announced.
    Finished,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Who.
    pub user: User,
    /// The start number (1-based), given at the start by rating; 0 while the tournament is
    /// open.
    pub start: StartNumber,
    /// The rating the start numbers and seeds were drawn from.
    #[serde(default)]
    pub rating: u16,
    /// The round from which the player no longer plays (left, or removed by an
    /// organiser); `None` while they play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<u32>,
}

/// A game's result as the tournament records it, seen from the first seat (White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The first seat's result.
    pub white: GameScore,
    /// False for a forfeit (a game aborted on time before both moved, a player who left):
    /// it scores but counts as not played (no Sonneborn-Berger, a rematch is allowed).
    pub played: bool,
}

/// One board of a round: two players and their game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The first seat's start number.
    pub white: StartNumber,
    /// The second seat's start number.
    pub black: StartNumber,
    /// The game's number (`None`: no game was made, the pairing was forfeited at once
    /// because a player had left).
    pub game: Option<u64>,
    /// The result, once the game ended.
    pub outcome: Option<Outcome>,
    /// A knockout: the match in the bracket's round this game belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout_match: Option<usize>,
}

/// One round: its boards and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    /// The boards (a knockout's replays of drawn games are added to their round).
    pub pairings: Vec<Pairing>,
    /// Who sat out (the odd player in a round-robin or a Swiss; knockout byes are in the
    /// bracket).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<StartNumber>,
    /// Whether its games were made (a round-robin with `pace: rounds` schedules every
    /// round at the start and makes each round's games when it comes).
    pub started: bool,
}

impl Round {
    /// Whether every game of the round has a result (a round whose games are not made yet
    /// is not complete).
    pub fn complete(&self) -> bool {
        self.started && self.pairings.iter().all(|p| p.outcome.is_some())
    }
}

/// A tournament as stored: everything to run it, show it and export it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentDoc {
    /// Its number (from the games' and challenges' sequence: `#T` never names a game).
    pub id: u64,
    /// Bumped by the store on every write.
    pub version: u64,
    /// The community whose tournament it is (and whose ladder its ranked games count for).
    pub community: CommunityId,
    /// Where it was created: its games live there and its announcements go there.
    pub home: Home,
    /// The game played.
    pub rule_set: RuleSetId,
    /// The system.
    pub format: Format,
    /// When a round-robin's games are made.
    pub pace: Pace,
    /// Days per move (unless `bank` is set).
    pub days: u32,
    /// A time bank instead of days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<crate::time_control::Bank>,
    /// Whether its games count for the ladder.
    pub ranked: bool,
    /// The most players it takes (`None`: no limit but the system's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_players: Option<u32>,
    /// Who created it (may start it and remove players).
    pub creator: User,
    /// When it was created.
    pub created: Timestamp,
    /// When an open tournament starts by itself (`starts:`); cleared when it starts, or when
    /// it could not for want of players (its creator then starts it by hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts: Option<Timestamp>,
    /// Open, running or finished.
    pub state: State,
    /// The entrants, in the order they joined (start numbers given at the start).
    pub players: Vec<Entrant>,
    /// The rounds paired so far (every round at once for a round-robin).
    pub rounds: Vec<Round>,
    /// A knockout's bracket (the tournament crate's), from the start on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<Bracket>,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<Timestamp>,
    /// A league's part: this document is a league itself, or one division of a league's
    /// season (see [`crate::league`]); `None` for a tournament of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league: Option<LeagueLink>,
}

impl TournamentDoc {
    /// A new open tournament without players: a single round-robin with every game at
    /// once, on the default clock, ranked, made now by `creator` in `home`. Callers (a
    /// `tournament create`, a league, a league's division) set what differs.
    pub fn new_open(
        id: u64,
        community: CommunityId,
        home: Home,
        rule_set: RuleSetId,
        creator: User,
        now: Timestamp,
    ) -> TournamentDoc {
        TournamentDoc {
            id,
            version: 0,
            community,
            home,
            rule_set,
            format: Format::RoundRobin { double: false },
            pace: Pace::All,
            days: crate::time_control::DEFAULT_DAYS,
            bank: None,
            ranked: true,
            max_players: None,
            creator,
            created: now,
            starts: None,
            state: State::Open,
            players: Vec::new(),
            rounds: Vec::new(),
            bracket: None,
            finished: None,
            league: None,
        }
    }

    /// Whether this document is a league (stored beside the tournaments, never shown or
    /// played as one).
    pub fn is_league(&self) -> bool {
        matches!(self.league, Some(LeagueLink::League(_)))
    }

    /// The entrant with a start number.
    pub fn entrant(&self, start: StartNumber) -> Option<&Entrant> {
        self.players.iter().find(|p| p.start == start)
    }

    /// The entrant a user is, if they entered.
    pub fn entrant_of(&self, user: &UserId) -> Option<&Entrant> {
        self.players.iter().find(|p| p.user.id == *user)
    }

    /// A start number's name, for the texts (`?` for a number nobody holds).
    pub fn name(&self, start: StartNumber) -> String {
        self.entrant(start)
            .map_or_else(|| "?".to_string(), |e| e.user.name.clone())
    }

    /// Whether a user still plays in it (entered, not withdrawn).
    pub fn plays(&self, user: &UserId) -> bool {
        self.entrant_of(user).is_some_and(|e| e.withdrawn.is_none())
    }

    /// The rounds the system plays (the planned number: a knockout's is its bracket's).
    pub fn planned_rounds(&self) -> u32 {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match self.format {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { .. } => count(self.rounds.len()),
            Format::Knockout => self.bracket.as_ref().map_or(0, |b| count(b.rounds.len())),
        }
    }

    /// The tournament crate's kind for this format.
    pub fn kind(&self) -> TournamentKind {
        match self.format {
            Format::RoundRobin { double } => TournamentKind::RoundRobin {
                cycles: if double { 2 } else { 1 },
            },
            Format::Swiss { .. } => TournamentKind::SwissDutch,
            Format::Knockout => TournamentKind::Knockout,
        }
    }

    /// The points: FIDE's (win 1, draw ½), with a round-robin's bye worth nothing (every
    /// player has one in an odd field) and a Swiss's pairing-allocated bye a win.
    pub fn points(&self) -> PointSystem {
        let mut points = PointSystem::default();
        if matches!(self.format, Format::RoundRobin { .. }) {
            points.pairing_bye = 0;
        }
        points
    }

    /// The record the pairing and standings code reads, from the results so far: a game
    /// still being played counts as not played yet, a withdrawn player's later rounds as
    /// zero-point byes. With `upto`, only that many rounds.
    pub fn as_tournament(&self, upto: Option<usize>) -> Tournament {
        let mut t = Tournament::new(format!("#{}", self.id), self.kind(), self.planned_rounds());
        t.initial_color = Color::White;
        t.points = self.points();
        let rounds: Vec<&Round> = self
            .rounds
            .iter()
            .filter(|r| r.started)
            .take(upto.unwrap_or(usize::MAX))
            .collect();
        for e in self.players.iter().filter(|e| e.start > 0) {
            let mut p = Player::new(e.start, e.user.name.clone(), e.rating);
            p.fide_id = e.user.id.key();
            for round in &rounds {
                p.rounds.push(entry_of(round, e));
            }
            t.players.push(p);
        }
        t.players.sort_by_key(|p| p.start_number);
        t
    }
}

impl TournamentDoc {
    /// The tournament as a FIDE Tournament Report File (TRF-16), for arbiters' tools and
    /// rating offices: for `skald tournament export #T --trf` (the command-line side is to
    /// be wired where `skald tournament pair` lives). Start numbers are the tournament's,
    /// names as shown, games still being played left blank.
    pub fn to_trf(&self) -> String {
        let mut t = self.as_tournament(None);
        t.name = format!("Skald tournament #{}", self.id);
        let date = |at: Timestamp| at.date().replace('-', "/");
        t.start_date = Some(date(self.created));
        t.end_date = self.finished.map(date);
        // The FIDE id column holds FIDE's digits only: Skald accounts stay out of it.
        for p in &mut t.players {
            p.fide_id.clear();
        }
        skald_tournament::trf::write(&t)
    }
}

/// What one round was for one entrant.
fn entry_of(round: &Round, e: &Entrant) -> RoundEntry {
    if round.bye == Some(e.start) {
        return RoundEntry::PairingBye;
    }
    // A knockout replays drawn games: the match's last game decides, the earlier ones are
    // draws (the standings of a knockout show the bracket, not these).
    let mine = round
        .pairings
        .iter()
        .rev()
        .find(|p| p.white == e.start || p.black == e.start);
    match mine {
        Some(p) => match p.outcome {
            Some(o) => {
                let (color, opponent, score) = if p.white == e.start {
                    (Color::White, p.black, o.white)
                } else {
                    (Color::Black, p.white, o.white.opposite())
                };
                RoundEntry::Game {
                    opponent,
                    color,
                    score,
                    played: o.played,
                    rated: o.played,
                }
            }
            None => RoundEntry::NotPaired,
        },
        None if e.withdrawn.is_some_and(|w| w <= round.number) => RoundEntry::ZeroPointBye,
        None => RoundEntry::NotPaired,
    }
}

impl TournamentDoc {
    /// A league document's seasons (`None` for a tournament).
    pub fn league_state(&self) -> Option<&LeagueState> {
        match &self.league {
            Some(LeagueLink::League(state)) => Some(state),
            _ => None,
        }
    }

    /// A league's members who play on: its players less those leaving after the season.
    pub fn league_members(&self) -> impl Iterator<Item = &Entrant> {
        self.players.iter().filter(|e| e.withdrawn.is_none())
    }

    /// A league document's seasons, to change (`None` for a tournament).
    pub fn league_state_mut(&mut self) -> Option<&mut LeagueState> {
        match &mut self.league {
            Some(LeagueLink::League(state)) => Some(state),
            _ => None,
        }
    }
}
