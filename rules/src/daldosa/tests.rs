//! Daldosa position tests (placeholder).
