//! Daldosa notation (placeholder).
