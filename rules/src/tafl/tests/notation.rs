//! notation
use super::*;
