//! shieldwalls
use super::*;
