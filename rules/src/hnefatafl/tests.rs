//! Hnefatafl position tests (placeholder).
