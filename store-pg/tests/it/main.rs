//! The integration tests of this crate, in one test binary (one link; its tests run side by side),
//! a module per area.

mod connection;
mod contract;
mod indexes;
mod pipeline;
mod restart;
mod suites;
mod trips;
