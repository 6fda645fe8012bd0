//! Thinking on a worker thread, so a bot keeps answering others while the engine searches.

use crate::{AiGame, Level, PositionView, SeatView, choose_move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use skald_rules::AnyMove;
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// A move being searched on its own thread; the caller polls or waits for it.
///
/// Exists so async adapters never run a search (up to about 2 s) on their runtime: they start
/// one with [`Thinking::start`] and pick the move up when it is ready.
#[derive(Debug)]
pub struct Thinking<M> {
    rx: Receiver<Option<M>>,
    /// The answer once received (polling keeps it for [`Thinking::wait`]).
    answer: Option<Option<M>>,
}

/// Where a search started with [`Thinking::start`] stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress<M> {
    /// Still searching.
    Pending,
    /// Done: the move, or `None` when the view's seat had no move to make.
    Done(Option<M>),
    /// The worker is gone without an answer (it panicked); the caller may start again.
    Lost,
}

impl<M: Send + 'static> Thinking<M> {
    /// Starts choosing a move for `view` at `level` on a new thread, with an RNG seeded by
    /// `seed` (the same inputs give the same move, as with [`choose_move`]).
    pub fn start<G>(view: SeatView<G>, level: Level, seed: u64) -> Thinking<M>
    where
        G: AiGame<Move = M>,
    {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut rng = StdRng::seed_from_u64(seed);
            let _ = tx.send(choose_move(&view, level, &mut rng));
        });
        Thinking { rx, answer: None }
    }

    /// The move if the search is over, without waiting (it stays available to later calls).
    pub fn poll(&mut self) -> Progress<M>
    where
        M: Clone,
    {
        if let Some(mv) = &self.answer {
            return Progress::Done(mv.clone());
        }
        match self.rx.try_recv() {
            Ok(mv) => {
                self.answer = Some(mv.clone());
                Progress::Done(mv)
            }
            Err(TryRecvError::Empty) => Progress::Pending,
            Err(TryRecvError::Disconnected) => Progress::Lost,
        }
    }

    /// Waits for the search to finish.
    pub fn wait(self) -> Progress<M> {
        if let Some(mv) = self.answer {
            return Progress::Done(mv);
        }
        match self.rx.recv() {
            Ok(mv) => Progress::Done(mv),
            Err(_) => Progress::Lost,
        }
    }
}

impl Thinking<AnyMove> {
    /// [`crate::choose_for_view`] on a worker thread: the typed move for a game-neutral view
    /// (what the session's engine driver runs).
    pub fn start_view(
        view: PositionView,
        budget: Option<crate::Budget>,
        seed: u64,
    ) -> Thinking<AnyMove> {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(crate::choose_for_view(&view, budget, seed));
        });
        Thinking { rx, answer: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_rules::daldosa::Daldosa;
    use skald_rules::{Game, RuleSetId, Status, dice};

    #[test]
    fn the_worker_gives_the_same_move_as_a_direct_search() {
        let mut position = Daldosa::start(RuleSetId::Daldosa, 4);
        let mut rng = StdRng::seed_from_u64(4);
        while let Status::Roll { spec, .. } = position.status() {
            let d = dice::roll(spec, &mut rng);
            position.roll(&d).expect("a valid roll");
        }
        let Status::Move { seat } = position.status() else {
            panic!("a move comes next");
        };
        let view = SeatView::new(&position, seat).expect("view");
        let mut thinking = Thinking::start(view.clone(), Level::Easy, 11);
        // The caller is free meanwhile: polling never blocks.
        let _ = thinking.poll();
        let direct = choose_move(&view, Level::Easy, &mut StdRng::seed_from_u64(11));
        assert!(direct.is_some());
        assert_eq!(thinking.wait(), Progress::Done(direct));
        let not_my_turn = SeatView::new(&position, seat.other()).expect("view");
        let idle = Thinking::start(not_my_turn, Level::Hard, 1);
        assert_eq!(idle.wait(), Progress::Done(None));
    }
}
