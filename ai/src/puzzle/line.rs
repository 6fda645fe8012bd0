//! The principal solution line of a proven win: the mover's quickest winning moves and the
//! defender's most resisting replies (the reply that delays the win longest).

use super::search::{After, Search};
use skald_rules::{EndReason, Game};

/// A line played out from a proven position: the moves in order (the mover's first) and how
/// the game ended.
pub(super) struct Line {
    /// Every move of the line, the mover's and the defender's alternating, as notation.
    pub(super) moves: Vec<String>,
    /// How the line's last move ended the game.
    pub(super) ending: EndReason,
}

/// The line that starts with the mover's `first` in `game`, which is proven to win within
/// `left` of the mover's moves; `None` only if that proof does not hold (a bug, not an input).
pub(super) fn principal<G: Game>(
    search: &mut Search<G>,
    game: &G,
    first: G::Move,
    left: u8,
) -> Option<Line> {
    let mut moves = Vec::new();
    let mut position = game.clone();
    let mut mover_move = first;
    let mut left = left;
    loop {
        moves.push(mover_move.to_string());
        let after = match search.play(&position, mover_move) {
            After::MoverWon(ending) => return Some(Line { moves, ending }),
            After::Open(next) if left >= 2 => next,
            _ => return None,
        };
        let (reply, next, needed) = most_resisting(search, &after, left - 1)?;
        moves.push(reply.to_string());
        match next {
            Reply::Lost(ending) => return Some(Line { moves, ending }),
            Reply::Open(next) => {
                position = next;
                left = needed;
                mover_move = quickest(search, &position, left)?;
            }
        }
    }
}

/// Where a defender's reply leaves the game.
enum Reply<G> {
    /// The reply itself ended the game with the mover's win (no legal move left, say).
    Lost(EndReason),
    /// The mover is to move here.
    Open(G),
}

/// The defender's reply in `game` after which the mover needs the most moves (at most
/// `left`) to win; the first such reply in move order on a tie.
fn most_resisting<G: Game>(
    search: &mut Search<G>,
    game: &G,
    left: u8,
) -> Option<(G::Move, Reply<G>, u8)> {
    let mut best: Option<(G::Move, Reply<G>, u8)> = None;
    for reply in game.legal_moves() {
        let (outcome, needed) = match search.play(game, reply) {
            After::MoverWon(ending) => (Reply::Lost(ending), 0),
            After::Open(next) => {
                let needed = search.fewest(&next, left)?;
                (Reply::Open(next), needed)
            }
            After::NotWon | After::Refused => return None,
        };
        if best.as_ref().is_none_or(|(_, _, most)| needed > *most) {
            best = Some((reply, outcome, needed));
        }
    }
    best
}

/// The mover's move in `game` that wins in the fewest moves (at most `left`); the first such
/// move in move order.
fn quickest<G: Game>(search: &mut Search<G>, game: &G, left: u8) -> Option<G::Move> {
    let needed = search.fewest(game, left)?;
    if let Some((mv, _)) = search.win_at_once(game) {
        return Some(mv);
    }
    game.legal_moves()
        .into_iter()
        .find(|&mv| search.forces(game, mv, needed))
}
