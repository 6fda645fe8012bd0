//! Hnefatafl notation (placeholder).
