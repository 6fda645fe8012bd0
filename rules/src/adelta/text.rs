//! Adelta text board (placeholder).
