//! The integration tests of this crate, in one test binary (one link; its tests run side by side),
//! a module per area.

mod common;
mod dice_puzzle;
mod hidden;
mod legal_moves;
mod puzzle;
mod review;
mod wins;
