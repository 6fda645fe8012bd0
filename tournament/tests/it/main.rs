//! The integration tests of this crate, in one test binary (one link; its tests run side by side),
//! a module per area.

mod berger;
mod common;
mod knockout;
mod league;
mod model;
mod reference;
mod standings;
mod swiss_properties;
mod trf;
