//! Subulata position tests (placeholder).
