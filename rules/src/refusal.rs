//! Why a move is refused and what a move should look like, as data: the words are chosen
//! by `skald-lang` in the reader's language (`lang/locales/*/rules.ftl`).
//!
//! The English `Display` impls here are for developer tools, logs and this crate's tests;
//! `skald-lang`'s tests check that its English says exactly the same.

use crate::subulata::terrain::Terrain;
use crate::{RuleSetId, Seat};
use std::fmt;

/// Why a well-formed move is not allowed in the position, with what a sentence about it
/// names (squares, points and holes as the players write them, dice, seats).
///
/// Exists so a refusal can be told to each player in their language: the rules decide the
/// reason, `skald_lang::refusal` words it. Variants are grouped by game; each says which.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    // ------------------------------------------------------------------ Hnefatafl
    /// Hnefatafl: a square of the move is not on the `size`x`size` board.
    OffBoard {
        /// The square as written (`m12`).
        square: String,
        /// The board's side (11 or 13).
        size: u8,
    },
    /// Hnefatafl and Subulata: no piece stands on the square the move starts from.
    NoPiece {
        /// The start square.
        square: String,
    },
    /// Hnefatafl: the piece on the start square is the other side's.
    TaflNotYours {
        /// The start square.
        square: String,
        /// The side the piece belongs to (the side to move is the other).
        owner: Seat,
    },
    /// Hnefatafl: the move starts and ends on the same square.
    TaflStandStill,
    /// Hnefatafl: the move is not along a rank or a file.
    TaflNotStraight,
    /// Hnefatafl: a piece stands between the two squares.
    PathBlocked {
        /// The first occupied square on the way.
        square: String,
    },
    /// Hnefatafl: the target square is occupied.
    Occupied {
        /// The target square.
        square: String,
    },
    /// Hnefatafl: only the king may stop on the throne.
    ThroneForKing {
        /// The throne's square.
        square: String,
    },
    /// Hnefatafl: only the king may stop on a corner.
    CornerForKing {
        /// The corner's square.
        square: String,
    },
    /// Hnefatafl: the move counter cannot go higher (a game of four billion moves).
    MoveLimit,

    // ------------------------------------------------------------------ Subulata
    /// Subulata: a cell of the move is off the 9x9 board.
    CellsOffBoard,
    /// Subulata: the piece on the start cell is the other player's.
    SubulataNotYours {
        /// The start cell.
        square: String,
        /// The player the piece belongs to (the player to move is the other).
        owner: Seat,
    },
    /// Subulata: the move starts and ends on the same cell.
    SubulataStandStill,
    /// Subulata: the move is diagonal.
    Diagonal,
    /// Subulata: the piece must move exactly as far as its cell's terrain says.
    WrongDistance {
        /// The start cell.
        square: String,
        /// The terrain of the start cell (it decides the distance).
        terrain: Terrain,
        /// The cells the piece may go to from there (none: it cannot move).
        reach: Vec<String>,
    },
    /// Subulata: the target cell holds one of the mover's own pieces.
    OwnPieceThere {
        /// The target cell.
        square: String,
    },
    /// Subulata: a backward move must capture, and the target cell is empty.
    BackwardOnlyToCapture {
        /// The player moving (backward is left or down for White, right or up for Black).
        seat: Seat,
        /// The empty target cell.
        square: String,
    },

    // ------------------------------------------------------------------ Ad Elta Stelpur
    /// Ad Elta Stelpur: the point does not exist.
    NoSuchPoint {
        /// The number given.
        point: u8,
    },
    /// Ad Elta Stelpur: no step of that many points is left this turn.
    NoSuchStep {
        /// The step asked for.
        die: u8,
        /// The steps left.
        left: Vec<u8>,
    },
    /// Ad Elta Stelpur: the mover has no piece on the point (`owner`: whose piece is there).
    NoPieceOnPoint {
        /// The point.
        point: u8,
        /// The opponent, when a piece of theirs stands there; `None` for an empty point.
        owner: Option<Seat>,
    },
    /// Ad Elta Stelpur, Alex le Rustik rules (and any Hornaskella): the target holds one of the
    /// mover's pieces, and a piece cannot go on past it.
    OwnPieceOnPoint {
        /// The target point.
        point: u8,
    },
    /// Ad Elta Stelpur: the enemy piece on the target stands on a corner between two of the
    /// mover's pieces.
    Protected {
        /// The target point.
        point: u8,
    },
    /// Ad Elta Stelpur: a Hornaskella is captured only on a corner.
    HornaskellaOffCorner {
        /// The Hornaskella's point.
        point: u8,
    },
    /// Ad Elta Stelpur, Alex le Rustik rules: this step would leave a step unplayable.
    MoreStepsPossible {
        /// The steps that may be played now.
        playable: Vec<String>,
    },

    // ------------------------------------------------------------------ Daldøsa
    /// Daldøsa: no die in hand shows that number.
    NoSuchDie {
        /// The die asked for.
        die: u8,
        /// The dice left.
        left: Vec<u8>,
    },
    /// Daldøsa: the mover has no peg in the hole.
    NoPeg {
        /// The hole (`w12`).
        hole: String,
        /// Whether the opponent's peg stands there.
        opponents: bool,
    },
    /// Daldøsa: the peg is inactive and only a 1 activates it.
    InactivePeg {
        /// The peg's hole.
        hole: String,
    },
    /// Daldøsa: only the inactive peg nearest the stern may be activated.
    NotNearestStern {
        /// The hole of the peg that may be activated.
        hole: String,
    },
    /// Daldøsa: one of the mover's pegs stands on the way.
    OwnPegOnPath {
        /// Its hole.
        hole: String,
    },
    /// Daldøsa: one of the mover's pegs stands on the target.
    OwnPegOnTarget {
        /// The target hole.
        hole: String,
    },
    /// Daldøsa: this step would leave the other die unusable.
    BothDicePossible {
        /// The steps that may be played now.
        playable: Vec<String>,
    },
}

/// What a move of a game looks like, for a text that is not one.
///
/// Exists so "not a move" can be answered in the reader's language with an example
/// (`skald_lang::move_error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// Hnefatafl: a slide from square to square on a `size`x`size` board (`f2-f5`).
    Slide {
        /// The board's side (11 or 13).
        size: u8,
    },
    /// Subulata: a move from cell to cell (`c3-c5`).
    SubulataMove,
    /// Ad Elta Stelpur: a point and a die (`13+1`).
    AdeltaStep,
    /// Daldøsa: a hole and a die (`w12+1`).
    DaldosaStep,
    /// A move of another game was given to this one.
    MoveOf(RuleSetId),
}

/// Numbers joined by ", ".
fn numbers(values: &[u8]) -> String {
    let parts: Vec<String> = values.iter().map(u8::to_string).collect();
    parts.join(", ")
}

/// The English name of a seat in a sentence (`the attackers`, `White`).
fn side(seat: Seat, tafl: bool) -> &'static str {
    match (tafl, seat) {
        (true, Seat::A) => "attackers",
        (true, Seat::B) => "defenders",
        (false, Seat::A) => "White",
        (false, Seat::B) => "Black",
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OffBoard { square, size } => {
                write!(f, "{square} is not on the {size}x{size} board")
            }
            Refusal::NoPiece { square } => write!(f, "there is no piece on {square}"),
            Refusal::TaflNotYours { square, owner } => write!(
                f,
                "the piece on {square} belongs to the {}, and it is the {}' turn",
                side(*owner, true),
                side(owner.other(), true)
            ),
            Refusal::TaflStandStill => f.write_str("the piece must move at least one square"),
            Refusal::TaflNotStraight => {
                f.write_str("pieces move in a straight line along a rank or a file, like a rook")
            }
            Refusal::PathBlocked { square } => write!(f, "the path is blocked at {square}"),
            Refusal::Occupied { square } => write!(f, "{square} is already occupied"),
            Refusal::ThroneForKing { square } => write!(
                f,
                "only the king may stop on the throne ({square}); other pieces may only pass over it"
            ),
            Refusal::CornerForKing { square } => {
                write!(f, "only the king may stop on a corner ({square})")
            }
            Refusal::MoveLimit => f.write_str("the game has reached the largest move number"),
            Refusal::CellsOffBoard => f.write_str("both cells must be on the board (a1 to i9)"),
            Refusal::SubulataNotYours { square, owner } => write!(
                f,
                "the piece on {square} is {}'s, and it is {}'s turn",
                side(*owner, false),
                side(owner.other(), false)
            ),
            Refusal::SubulataStandStill => f.write_str("a piece must move to another cell"),
            Refusal::Diagonal => f.write_str(
                "pieces move in a straight line along a rank or a file, never diagonally",
            ),
            Refusal::WrongDistance {
                square,
                terrain,
                reach,
            } => {
                let d = terrain.distance();
                write!(
                    f,
                    "the piece on {square} stands on {} and moves exactly {d} cell{}; ",
                    terrain.name(),
                    if d == 1 { "" } else { "s" },
                )?;
                if reach.is_empty() {
                    f.write_str("it has no legal move from there")
                } else {
                    write!(f, "it can go to {}", reach.join(" or "))
                }
            }
            Refusal::OwnPieceThere { square } => write!(f, "{square} holds your own piece"),
            Refusal::BackwardOnlyToCapture { seat, square } => write!(
                f,
                "a piece moves backward ({} for {}) only to capture, and {square} is empty",
                match seat {
                    Seat::A => "left or down",
                    Seat::B => "right or up",
                },
                side(*seat, false)
            ),
            Refusal::NoSuchPoint { point } => {
                write!(f, "there is no point {point} (points are 1 to 24)")
            }
            Refusal::NoSuchStep { die, left } => write!(
                f,
                "no step of {die} is left (steps left: {})",
                numbers(left)
            ),
            Refusal::NoPieceOnPoint { point, owner } => match owner {
                None => write!(f, "you have no piece on {point}"),
                Some(owner) => write!(
                    f,
                    "you have no piece on {point} (it holds a {} piece)",
                    side(*owner, false)
                ),
            },
            Refusal::OwnPieceOnPoint { point } => write!(
                f,
                "point {point} holds your own piece, and a piece cannot jump past it in these rules"
            ),
            Refusal::Protected { point } => write!(
                f,
                "the piece on {point} is protected: it stands on a corner between two of your pieces"
            ),
            Refusal::HornaskellaOffCorner { point } => {
                write!(
                    f,
                    "the Hornaskella on {point} can only be captured on a corner"
                )
            }
            Refusal::MoreStepsPossible { playable } => write!(
                f,
                "as many steps as possible must be used, and this one would leave a step \
                 unplayable (playable now: {})",
                playable.join(", ")
            ),
            Refusal::NoSuchDie { die, left } => {
                write!(f, "no die shows {die} (dice left: {})", numbers(left))
            }
            Refusal::NoPeg { hole, opponents } => {
                write!(f, "you have no peg on {hole}")?;
                if *opponents {
                    f.write_str(" (the peg there is your opponent's)")?;
                }
                Ok(())
            }
            Refusal::InactivePeg { hole } => {
                write!(f, "the peg on {hole} is inactive: only a 1 can activate it")
            }
            Refusal::NotNearestStern { hole } => write!(
                f,
                "only your inactive peg nearest the stern, on {hole}, can be activated"
            ),
            Refusal::OwnPegOnPath { hole } => {
                write!(f, "the path is blocked by your own peg on {hole}")
            }
            Refusal::OwnPegOnTarget { hole } => {
                write!(f, "your own peg already stands on {hole}")
            }
            Refusal::BothDicePossible { playable } => write!(
                f,
                "you must use as many dice as you can, and after this step the other die could \
                 not be used (playable now: {})",
                playable.join(", ")
            ),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Slide { size } => write!(
                f,
                "a move from one square to another, like f2-f5 (files a-{}, ranks 1-{size})",
                char::from(b'a' + size.saturating_sub(1)),
            ),
            Expected::SubulataMove => f.write_str(
                "a move from one cell to another, like c3-c5 (files a-i, ranks 1-9; c3c5 and \
                 C3 C5 work too)",
            ),
            Expected::AdeltaStep => f.write_str(
                "a step: the point to move from (1-24) and the die to use (1-6), like 13+1 or 13 1",
            ),
            Expected::DaldosaStep => f.write_str(
                "a hole and a die, like w12+1 (row w, m or b, hole 1-12, then the die 1-4)",
            ),
            Expected::MoveOf(rule_set) => write!(f, "a move of {}", rule_set.id()),
        }
    }
}
