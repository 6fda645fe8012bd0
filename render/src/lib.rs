//! Board pictures and text views of every game (being written).
