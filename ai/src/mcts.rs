//! The tree search: UCT over decision nodes, chance nodes for dice rolls, one determinisation
//! of the hidden values per iteration.

use crate::{AiGame, Budget};
use rand::{Rng, RngExt};
use skald_rules::{Seat, Status, dice};
use std::time::Instant;

/// The exploration constant of UCT for rewards in 0..=1.
const EXPLORATION: f64 = 1.0;

/// The exploration constant of a review's searches ([`Sight::Everything`]): half the
/// engine's, so the replies a line meets are nearer the best ones and a line's mean nearer
/// its value (docs/ENGINE.md "Reviews" has the measurements).
const REVIEW_EXPLORATION: f64 = 0.5;

/// What a node holds besides its statistics.
enum Kind<M> {
    /// Not visited yet with a move or roll pending.
    Fresh,
    /// A seat chooses a move: moves not tried yet and the children of tried ones.
    Decision {
        untried: Vec<M>,
        children: Vec<(M, usize)>,
    },
    /// The dice fall: one child per roll seen so far.
    Chance { children: Vec<(Vec<u8>, usize)> },
}

/// One node: how often it was reached and the reward of the seat whose move led to it.
struct Node<M> {
    visits: u32,
    reward: f64,
    /// The first seat's ([`Seat::A`]) reward summed over the visits, whoever moved: what a
    /// review reads ([`SearchTree`]); the search itself never looks at it.
    reward_a: f64,
    /// Visits a review's focus forced through this node ([`search_tree`]), not chosen by UCT.
    forced: u32,
    /// The seat that chose the move into this node (`None` at the root and after a roll).
    mover: Option<Seat>,
    kind: Kind<M>,
}

impl<M> Node<M> {
    fn new(mover: Option<Seat>) -> Node<M> {
        Node {
            visits: 0,
            reward: 0.0,
            reward_a: 0.0,
            forced: 0,
            mover,
            kind: Kind::Fresh,
        }
    }
}

/// The reward of `seat` for a finished game, or the evaluation of a cut-off one.
fn reward<G: AiGame>(state: &G, seat: Seat) -> f64 {
    match state.status() {
        Status::Over(outcome) => match outcome.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        _ => state.evaluate(seat),
    }
}

/// A move after which `seat` has won, if there is one.
pub(crate) fn winning_move<G: AiGame>(state: &G, moves: &[G::Move], seat: Seat) -> Option<G::Move> {
    moves.iter().copied().find(|&mv| {
        let mut next = state.clone();
        next.play(mv).is_ok() && matches!(next.status(), Status::Over(o) if o.winner == Some(seat))
    })
}

/// Plays the game's playout moves ([`AiGame::playout_move`]) and random rolls from `state`
/// until the end or `plies` steps.
fn rollout<G: AiGame, R: Rng + ?Sized>(state: &mut G, plies: u32, rng: &mut R) {
    for _ in 0..plies {
        match state.status() {
            Status::Over(_) => return,
            Status::Roll { spec, .. } => {
                let d = dice::roll(spec, rng);
                if state.roll(&d).is_err() {
                    return;
                }
            }
            Status::Move { .. } => {
                let moves = state.legal_moves();
                if moves.is_empty() {
                    return;
                }
                let mv = state.playout_move(&moves, rng);
                if state.play(mv).is_err() {
                    return;
                }
            }
        }
    }
}

/// Searches from `root` (a view of `me`, who is to move) and returns the most visited move.
pub(crate) fn search<G: AiGame, R: Rng + ?Sized>(
    root: &G,
    me: Seat,
    budget: Budget,
    rng: &mut R,
) -> Option<G::Move> {
    search_counted(root, me, budget, rng).0
}

/// [`search`], and how many iterations it ran (fewer than the budget when the time cap
/// stopped it), so tests can see which limit ended a search.
///
/// The time cap is measured on the machine's monotonic clock ([`Instant`]), never on a
/// game clock: a search budget is the machine's time, and a fake game clock standing still
/// (tests, demos) must not let a capped search run past its cap (docs/ENGINE.md).
pub(crate) fn search_counted<G: AiGame, R: Rng + ?Sized>(
    root: &G,
    me: Seat,
    budget: Budget,
    rng: &mut R,
) -> (Option<G::Move>, u32) {
    let nodes = grow(root, me, Sight::View, &[], budget, rng);
    // Every iteration visits the root once.
    let iterations = nodes[0].visits;
    let best = match &nodes[0].kind {
        Kind::Decision { children, untried } => children
            .iter()
            .map(|&(mv, c)| (nodes[c].visits, nodes[c].reward, mv))
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
            .map(|(_, _, mv)| mv)
            .or_else(|| untried.first().copied()),
        _ => None,
    };
    (best, iterations)
}

/// What the searched position holds for the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sight {
    /// A seat's view: hidden values are sampled afresh each iteration (determinisation).
    View,
    /// The whole position with every value known (a finished game under review): searched as
    /// it is, never resampled.
    Everything,
}

/// A search's whole tree, for a review: the root's statistics (each root move's visits and
/// mean reward, the root's mean) and, below them, how often each line was tried and what it
/// scored. [`search_tree`] makes it; the engine's own choices ([`search`]) never keep one.
pub(crate) struct SearchTree<M> {
    nodes: Vec<Node<M>>,
}

/// A node of a [`SearchTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeId(usize);

impl<M: Copy + PartialEq> SearchTree<M> {
    /// The root: the searched position.
    pub(crate) fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Iterations through `node`.
    pub(crate) fn visits(&self, node: NodeId) -> u32 {
        self.nodes[node.0].visits
    }

    /// The first seat's mean reward through `node`, or `None` if no iteration reached it.
    pub(crate) fn mean_a(&self, node: NodeId) -> Option<f64> {
        let n = &self.nodes[node.0];
        (n.visits > 0).then(|| n.reward_a / f64::from(n.visits))
    }

    /// The moves tried at `node` (a decision) with their nodes, in the order first tried.
    pub(crate) fn moves(&self, node: NodeId) -> Vec<(M, NodeId)> {
        match &self.nodes[node.0].kind {
            Kind::Decision { children, .. } => {
                children.iter().map(|&(mv, c)| (mv, NodeId(c))).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The child of `node` reached by `mv`, if the search tried it.
    pub(crate) fn child(&self, node: NodeId, mv: M) -> Option<NodeId> {
        self.moves(node)
            .into_iter()
            .find(|&(m, _)| m == mv)
            .map(|(_, c)| c)
    }

    /// The rolls seen at `node` (a chance node) with their nodes.
    pub(crate) fn rolls(&self, node: NodeId) -> Vec<NodeId> {
        match &self.nodes[node.0].kind {
            Kind::Chance { children } => children.iter().map(|&(_, c)| NodeId(c)).collect(),
            _ => Vec::new(),
        }
    }

    /// The move of `node` the search chose most often (ties: the higher mean reward, as
    /// [`search`] picks); visits the focus forced do not count.
    pub(crate) fn most_visited(&self, node: NodeId) -> Option<(M, NodeId)> {
        match &self.nodes[node.0].kind {
            Kind::Decision { children, .. } => children
                .iter()
                .max_by(|a, b| {
                    let (x, y) = (&self.nodes[a.1], &self.nodes[b.1]);
                    (x.visits - x.forced)
                        .cmp(&(y.visits - y.forced))
                        .then(x.reward.total_cmp(&y.reward))
                })
                .map(|&(mv, c)| (mv, NodeId(c))),
            _ => None,
        }
    }
}

/// One iteration in this many follows a [`search_tree`]'s focus line.
const FOCUS_EVERY: u32 = 5;

/// The search of [`search`] from `root` with what `sight` says it holds, keeping the whole
/// tree: what a review reads (root statistics, lines of steps). Without a focus, the same RNG
/// draws as [`search`] on a view, so neither changes the other's answers.
///
/// `focus`, a line of moves from the root (the moves a player actually chose), gets one
/// iteration in [`FOCUS_EVERY`] forced down it (for as long as the line is playable), so its
/// mean is measured in the same tree, with the same care, as the search's own choice: a
/// review compares the two. Forced visits do not count in
/// [`SearchTree::most_visited`].
pub(crate) fn search_tree<G: AiGame, R: Rng + ?Sized>(
    root: &G,
    me: Seat,
    sight: Sight,
    focus: &[G::Move],
    budget: Budget,
    rng: &mut R,
) -> SearchTree<G::Move> {
    SearchTree {
        nodes: grow(root, me, sight, focus, budget, rng),
    }
}

/// The tree search itself: grows the tree from `root` for the budget and hands it back.
fn grow<G: AiGame, R: Rng + ?Sized>(
    root: &G,
    me: Seat,
    sight: Sight,
    focus: &[G::Move],
    budget: Budget,
    rng: &mut R,
) -> Vec<Node<G::Move>> {
    let start = Instant::now();
    // Decisive moves: a node whose mover can win at once only considers that move, so the
    // tree sees the opponent's immediate wins after a few visits. Not with hidden values,
    // where a win in one sampled world may be a loss in another.
    let hidden = sight == Sight::View && root.rule_set().has_hidden_information();
    let plies = root.rollout_limit().map_or(budget.rollout_plies, |limit| {
        limit.min(budget.rollout_plies)
    });
    // A review wants values more than choices: it explores less, so the replies a line
    // meets are nearer the best ones.
    let exploration = match sight {
        Sight::View => EXPLORATION,
        Sight::Everything => REVIEW_EXPLORATION,
    };
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None)];
    let mut path: Vec<usize> = Vec::new();
    for iteration in 0..budget.iterations {
        if iteration.is_multiple_of(32)
            && let Some(cap) = budget.time_cap
            && start.elapsed() >= cap
        {
            break;
        }
        let mut state = match sight {
            Sight::View => root.determinise(me, rng),
            Sight::Everything => root.clone(),
        };
        path.clear();
        let mut at = 0;
        path.push(at);
        let mut forcing = !focus.is_empty() && iteration % FOCUS_EVERY == FOCUS_EVERY - 1;
        let mut depth = 0;
        // Selection and expansion: descend until a new node is made or the game ends.
        loop {
            let status = state.status();
            match status {
                Status::Over(_) => break,
                Status::Roll { spec, .. } => {
                    let d = dice::roll(spec, rng);
                    if state.roll(&d).is_err() {
                        break;
                    }
                    if matches!(nodes[at].kind, Kind::Fresh) {
                        nodes[at].kind = Kind::Chance {
                            children: Vec::new(),
                        };
                    }
                    let found = match &nodes[at].kind {
                        Kind::Chance { children } => {
                            children.iter().find(|(k, _)| *k == d).map(|&(_, c)| c)
                        }
                        _ => None,
                    };
                    match found {
                        Some(c) => {
                            at = c;
                            path.push(at);
                        }
                        None => {
                            let c = nodes.len();
                            nodes.push(Node::new(None));
                            if let Kind::Chance { children } = &mut nodes[at].kind {
                                children.push((d, c));
                            }
                            path.push(c);
                            break;
                        }
                    }
                }
                Status::Move { seat } => {
                    if matches!(nodes[at].kind, Kind::Fresh) {
                        let mut untried = state.legal_moves();
                        if !hidden && let Some(win) = winning_move(&state, &untried, seat) {
                            untried = vec![win];
                        }
                        nodes[at].kind = Kind::Decision {
                            untried,
                            children: Vec::new(),
                        };
                    }
                    // A forced iteration follows the focus line while it can.
                    if forcing && let Some(&f) = focus.get(depth) {
                        depth += 1;
                        let (tried, untried_at) = match &nodes[at].kind {
                            Kind::Decision { children, untried } => (
                                children.iter().find(|(m, _)| *m == f).map(|&(_, c)| c),
                                untried.iter().position(|&m| m == f),
                            ),
                            _ => (None, None),
                        };
                        if let Some(c) = tried {
                            if state.play(f).is_err() {
                                break;
                            }
                            nodes[c].forced += 1;
                            at = c;
                            path.push(at);
                            continue;
                        }
                        if let Some(i) = untried_at {
                            if state.play(f).is_err() {
                                break;
                            }
                            let c = nodes.len();
                            let mut node = Node::new(Some(seat));
                            node.forced = 1;
                            nodes.push(node);
                            if let Kind::Decision { children, untried } = &mut nodes[at].kind {
                                untried.swap_remove(i);
                                children.push((f, c));
                            }
                            path.push(c);
                            break;
                        }
                    }
                    forcing = false;
                    // Expansion: one move not tried yet, picked at random.
                    let fresh = match &mut nodes[at].kind {
                        Kind::Decision { untried, .. } if !untried.is_empty() => {
                            let i = rng.random_range(0..untried.len());
                            Some(untried.swap_remove(i))
                        }
                        _ => None,
                    };
                    if let Some(mv) = fresh {
                        if state.play(mv).is_err() {
                            break;
                        }
                        let c = nodes.len();
                        nodes.push(Node::new(Some(seat)));
                        if let Kind::Decision { children, .. } = &mut nodes[at].kind {
                            children.push((mv, c));
                        }
                        path.push(c);
                        break;
                    }
                    // Selection: the child with the best upper confidence bound.
                    let chosen = match &nodes[at].kind {
                        Kind::Decision { children, .. } => {
                            let ln = f64::from(nodes[at].visits.max(1)).ln();
                            children
                                .iter()
                                .map(|&(mv, c)| {
                                    let n = &nodes[c];
                                    let v = f64::from(n.visits.max(1));
                                    (n.reward / v + exploration * (ln / v).sqrt(), mv, c)
                                })
                                .max_by(|a, b| a.0.total_cmp(&b.0))
                                .map(|(_, mv, c)| (mv, c))
                        }
                        _ => None,
                    };
                    let Some((mv, c)) = chosen else { break };
                    if state.play(mv).is_err() {
                        break;
                    }
                    at = c;
                    path.push(at);
                }
            }
        }
        rollout(&mut state, plies, rng);
        let rewards = [reward(&state, Seat::A), reward(&state, Seat::B)];
        for &i in &path {
            let node = &mut nodes[i];
            node.visits += 1;
            node.reward_a += rewards[Seat::A.index()];
            if let Some(m) = node.mover {
                node.reward += rewards[m.index()];
            }
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use skald_rules::hnefatafl::Hnefatafl;
    use skald_rules::{Game, RuleSetId};
    use std::time::Duration;

    /// Hnefatafl's opening and the seat to move.
    fn opening() -> (Hnefatafl, Seat) {
        let game = Hnefatafl::start(RuleSetId::Hnefatafl, 0);
        let Status::Move { seat } = game.status() else {
            panic!("a seat moves first");
        };
        (game, seat)
    }

    #[test]
    fn the_time_cap_stops_a_search_long_before_a_huge_iteration_budget() {
        // A billion iterations would take hours; a 1 ms cap, read on the machine's clock,
        // stops the search after a few dozen. No game clock is involved at all, so a fake one
        // standing still cannot stretch it. (Not a timing assertion: only the count.)
        let budget = Budget {
            iterations: 1_000_000_000,
            time_cap: Some(Duration::from_millis(1)),
            rollout_plies: 200,
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let (game, me) = opening();
        let (best, done) = search_counted(&game, me, budget, &mut rng);
        assert!(best.is_some());
        assert!(done >= 1, "at least one iteration before the first look");
        assert!(done < budget.iterations, "stopped by the cap: {done}");
    }

    #[test]
    fn without_a_cap_a_search_runs_its_whole_budget_and_repeats() {
        let budget = Budget {
            iterations: 200,
            time_cap: None,
            rollout_plies: 40,
        };
        let run = || {
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            let (game, me) = opening();
            search_counted(&game, me, budget, &mut rng)
        };
        let (first, done) = run();
        assert_eq!(done, 200);
        assert_eq!(run().0, first, "the same seed, the same move");
    }

    #[test]
    fn the_tree_variant_keeps_the_search_answer_and_its_root_statistics_add_up() {
        let budget = Budget {
            iterations: 300,
            time_cap: None,
            rollout_plies: 40,
        };
        let (game, me) = opening();
        let chosen = search(&game, me, budget, &mut rand::rngs::StdRng::seed_from_u64(3));
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let tree = search_tree(&game, me, Sight::View, &[], budget, &mut rng);
        let root = tree.root();
        assert_eq!(tree.most_visited(root).map(|(mv, _)| mv), chosen);
        assert_eq!(tree.visits(root), 300);
        let moves = tree.moves(root);
        let through: u32 = moves.iter().map(|&(_, c)| tree.visits(c)).sum();
        assert_eq!(through, 300, "every iteration went through one root move");
        // The root's mean is its moves' means weighted by their visits.
        let weighted: f64 = moves
            .iter()
            .filter_map(|&(_, c)| tree.mean_a(c).map(|m| m * f64::from(tree.visits(c))))
            .sum();
        let mean = tree.mean_a(root).expect("visited");
        assert!((mean - weighted / 300.0).abs() < 1e-9);
        assert!((0.0..=1.0).contains(&mean));
    }

    #[test]
    fn a_focus_line_is_measured_without_being_chosen_for_it() {
        let budget = Budget {
            iterations: 500,
            time_cap: None,
            rollout_plies: 40,
        };
        let (game, me) = opening();
        let unfocused = search_tree(
            &game,
            me,
            Sight::Everything,
            &[],
            budget,
            &mut rand::rngs::StdRng::seed_from_u64(4),
        );
        let root = unfocused.root();
        // The move the search liked least: forcing visits into it must not make it the choice.
        let Some(&(worst, _)) = unfocused
            .moves(root)
            .iter()
            .min_by_key(|&&(_, c)| unfocused.visits(c))
        else {
            panic!("moves were tried");
        };
        let tree = search_tree(
            &game,
            me,
            Sight::Everything,
            &[worst],
            budget,
            &mut rand::rngs::StdRng::seed_from_u64(4),
        );
        let child = tree.child(tree.root(), worst).expect("the focus was tried");
        assert!(tree.visits(child) >= 100, "one iteration in five");
        assert_ne!(
            tree.most_visited(tree.root()).map(|(mv, _)| mv),
            Some(worst)
        );
    }
}
