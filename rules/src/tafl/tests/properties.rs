//! properties
use super::*;
