//! Adelta notation (placeholder).
