//! Hnefatafl text board (placeholder).
