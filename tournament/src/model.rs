//! The tournament record every other module reads: players, their round-by-round history and
//! the point system. One shape for Swiss, round-robin and TRF files, so a tournament can move
//! between them without conversion.

use serde::{Deserialize, Serialize};

/// A player's start number (pairing number), 1-based as on every FIDE document.
pub type StartNumber = u32;

/// A score in tenths of a point (1.5 points is 15): exact arithmetic for halves, and the unit
/// TRF files and bbpPairings use.
pub type Tenths = u32;

/// The seat in a two-player game: white moves first. In Skald's games "white" is the first
/// seat (the attacker in Hnefatafl, the first player elsewhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// The first seat.
    White,
    /// The second seat.
    Black,
}

impl Color {
    /// The other seat: pairing rules constantly ask for "the colour the opponent did not get".
    pub fn invert(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The result of one game for one of its two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameScore {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

impl GameScore {
    /// The same game seen from the opponent's side.
    pub fn opposite(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }
}

/// What one player did in one round. Byes and absences are entries too, because pairing rules
/// (who may get the bye, float histories) and tie-breaks (virtual opponents) depend on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundEntry {
    /// The player was paired against `opponent` with `color`.
    Game {
        /// The opponent's start number.
        opponent: StartNumber,
        /// The colour (seat) this player had.
        color: Color,
        /// The result for this player.
        score: GameScore,
        /// False for a forfeit: the pairing stands but no game was played, so the two may be
        /// paired again and the game counts for neither colour history nor Buchholz.
        played: bool,
        /// False for a game played but not rated (TRF codes W, D, L).
        rated: bool,
    },
    /// The pairing-allocated bye (TRF code U): the odd player out of the pairing.
    PairingBye,
    /// A half-point bye the player asked for (TRF code H).
    HalfPointBye,
    /// A full-point bye given by the organiser (TRF code F).
    FullPointBye,
    /// A zero-point bye: the player announced an absence (TRF code Z).
    ZeroPointBye,
    /// The player was not paired and nothing was recorded (a blank TRF block, a withdrawal).
    NotPaired,
}

impl RoundEntry {
    /// True when a game was actually played over the board (not a forfeit, not a bye).
    pub fn is_played_game(&self) -> bool {
        matches!(self, RoundEntry::Game { played: true, .. })
    }

    /// True when the pairing program placed the player in this round: a game (played or
    /// forfeited) or the pairing-allocated bye. Requested byes and absences are not.
    pub fn participated_in_pairing(&self) -> bool {
        matches!(self, RoundEntry::Game { .. } | RoundEntry::PairingBye)
    }

    /// The opponent when there was one (played or forfeited).
    pub fn opponent(&self) -> Option<StartNumber> {
        match self {
            RoundEntry::Game { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }

    /// The colour of a played game; forfeits and byes have none.
    pub fn played_color(&self) -> Option<Color> {
        match self {
            RoundEntry::Game {
                color,
                played: true,
                ..
            } => Some(*color),
            _ => None,
        }
    }

    /// The result as win, draw or loss, for every kind of entry (a full-point bye is a win,
    /// an absence a loss): FIDE's bye and float rules compare these.
    pub fn score(&self) -> GameScore {
        match self {
            RoundEntry::Game { score, .. } => *score,
            RoundEntry::PairingBye | RoundEntry::FullPointBye => GameScore::Win,
            RoundEntry::HalfPointBye => GameScore::Draw,
            RoundEntry::ZeroPointBye | RoundEntry::NotPaired => GameScore::Loss,
        }
    }
}

/// How many points each kind of entry is worth, in tenths. Configurable because leagues
/// choose (three points for a win is common outside chess); the default is FIDE's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointSystem {
    /// A won game, a forfeit win, a full-point bye.
    pub win: Tenths,
    /// A drawn game, a half-point bye.
    pub draw: Tenths,
    /// A lost game.
    pub loss: Tenths,
    /// A forfeit loss.
    pub forfeit_loss: Tenths,
    /// A zero-point bye and an unrecorded absence.
    pub zero_point_bye: Tenths,
    /// The pairing-allocated bye (FIDE: as much as a win).
    pub pairing_bye: Tenths,
}

impl Default for PointSystem {
    /// FIDE's: win 1, draw ½, loss 0, pairing-allocated bye 1.
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_loss: 0,
            zero_point_bye: 0,
            pairing_bye: 10,
        }
    }
}

impl PointSystem {
    /// The points one round entry is worth.
    pub fn points(&self, entry: &RoundEntry) -> Tenths {
        match entry {
            RoundEntry::Game { score, played, .. } => match score {
                GameScore::Win => self.win,
                GameScore::Draw => self.draw,
                GameScore::Loss if *played => self.loss,
                GameScore::Loss => self.forfeit_loss,
            },
            RoundEntry::PairingBye => self.pairing_bye,
            RoundEntry::FullPointBye => self.win,
            RoundEntry::HalfPointBye => self.draw,
            RoundEntry::ZeroPointBye | RoundEntry::NotPaired => self.zero_point_bye,
        }
    }

    /// The total of the first `rounds` entries (all of them when `rounds` is longer).
    pub fn total(&self, entries: &[RoundEntry], rounds: usize) -> Tenths {
        entries.iter().take(rounds).map(|e| self.points(e)).sum()
    }
}

/// One player of a tournament with everything a TRF player line holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The start (pairing) number, 1-based.
    pub start_number: StartNumber,
    /// The name as shown in standings.
    pub name: String,
    /// The rating (0 when unrated); orders seeds and breaks pairing ties.
    pub rating: u16,
    /// TRF sex column ("m", "w" or blank).
    pub sex: String,
    /// TRF title column ("GM", "IM", … or blank).
    pub title: String,
    /// TRF federation column (three letters or blank).
    pub federation: String,
    /// TRF FIDE id column (digits or blank); Skald may put its own account id here.
    pub fide_id: String,
    /// TRF birth date column ("YYYY/MM/DD", "YYYY" or blank).
    pub birth: String,
    /// The rank a TRF file recorded, if any (written back as read; standings compute their own).
    pub rank: Option<u32>,
    /// One entry per round, round 1 first.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// A player with a start number, a name and a rating, and no history yet.
    pub fn new(start_number: StartNumber, name: impl Into<String>, rating: u16) -> Player {
        Player {
            start_number,
            name: name.into(),
            rating,
            sex: String::new(),
            title: String::new(),
            federation: String::new(),
            fide_id: String::new(),
            birth: String::new(),
            rank: None,
            rounds: Vec::new(),
        }
    }
}

/// Which pairing system a tournament uses; written in TRF line 092.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentKind {
    /// Swiss, FIDE Dutch system.
    SwissDutch,
    /// Round-robin on the Berger tables; `cycles` is 1 or 2.
    RoundRobin {
        /// 1 for a single, 2 for a double round-robin.
        cycles: u8,
    },
    /// Knockout bracket.
    Knockout,
}

/// A whole tournament: what a TRF file holds and what pairing and standings read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// The name (TRF line 012).
    pub name: String,
    /// The start date as written (TRF line 042), if any.
    pub start_date: Option<String>,
    /// The end date as written (TRF line 052), if any.
    pub end_date: Option<String>,
    /// The pairing system.
    pub kind: TournamentKind,
    /// The planned number of rounds (TRF line XXR): the Dutch rules relax colours in the last.
    pub total_rounds: u32,
    /// The colour of the first-ranked player in round 1, drawn by lot (TRF line XXC).
    pub initial_color: Color,
    /// The points for each kind of result.
    pub points: PointSystem,
    /// The players, in start-number order.
    pub players: Vec<Player>,
}

impl Tournament {
    /// An empty tournament of a kind, with FIDE's point system.
    pub fn new(name: impl Into<String>, kind: TournamentKind, total_rounds: u32) -> Tournament {
        Tournament {
            name: name.into(),
            start_date: None,
            end_date: None,
            kind,
            total_rounds,
            initial_color: Color::White,
            points: PointSystem::default(),
            players: Vec::new(),
        }
    }

    /// The player with a start number.
    pub fn player(&self, start_number: StartNumber) -> Option<&Player> {
        self.players.iter().find(|p| p.start_number == start_number)
    }

    /// Gives start numbers by the FIDE initial ranking (C.04.2): rating, then title, then
    /// name, highest first. For a new tournament only: start numbers in recorded rounds would
    /// no longer match.
    pub fn assign_start_numbers_by_rating(&mut self) {
        fn title_rank(title: &str) -> u8 {
            match title.trim().to_ascii_uppercase().as_str() {
                "GM" => 0,
                "IM" => 1,
                "WGM" => 2,
                "FM" => 3,
                "WIM" => 4,
                "CM" => 5,
                "WFM" => 6,
                "WCM" => 7,
                _ => 8,
            }
        }
        self.players.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(title_rank(&a.title).cmp(&title_rank(&b.title)))
                .then(a.name.cmp(&b.name))
        });
        for (i, p) in self.players.iter_mut().enumerate() {
            p.start_number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
    }

    /// The number of rounds with at least one entry.
    pub fn rounds_recorded(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }
}
