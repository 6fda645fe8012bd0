//! endings
use super::*;
