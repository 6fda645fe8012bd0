//! Daldosa text board (placeholder).
