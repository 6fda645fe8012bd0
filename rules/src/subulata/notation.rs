//! Subulata notation (placeholder).
