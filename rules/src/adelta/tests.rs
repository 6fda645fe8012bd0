//! Adelta position tests (placeholder).
