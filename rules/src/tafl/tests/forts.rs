//! forts
use super::*;
