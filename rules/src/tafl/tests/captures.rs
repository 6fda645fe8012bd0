//! captures
use super::*;
