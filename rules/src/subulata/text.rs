//! Subulata text board (placeholder).
