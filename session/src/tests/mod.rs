//! The session's flows through its API, on a temporary store and a fake clock: what a player
//! would notice, command by command, an area per module. They read the session's own
//! documents, so they live inside the crate rather than in `tests/`.

mod clock;
mod digest;
mod flows;
mod language;
mod league;
mod limits;
mod link;
mod memo;
mod notice;
mod own_channel;
mod premove;
mod puzzles;
mod rating_pictures;
mod records;
mod review;
mod support;
mod tafl;
mod tournament;
