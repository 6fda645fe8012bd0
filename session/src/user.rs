//! A user's own document from the session's side: reading and writing it for a command, and
//! `vacation` (the document itself is `skald_model::user`).

use super::clock::DAY;
use super::command::VACATION_DAYS_PER_YEAR;

pub use skald_model::user::*;

use super::Cx;
use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};

impl Cx {
    /// The speaker's user document as stored (with its version, for [`Self::write_user`]),
    /// or a new one for someone who never spoke.
    pub(crate) fn own_doc(
        &self,
        ctx: &super::Context,
    ) -> Result<(Option<super::store::Stored<UserDoc>>, UserDoc), super::Failure> {
        let stored = self.store.user(&ctx.user.id)?;
        let doc = stored
            .as_ref()
            .map_or_else(|| UserDoc::new(ctx.user.clone()), |s| s.doc.clone());
        Ok((stored, doc))
    }

    /// Writes one user document in place of the version read (`None`: a new user), as its
    /// own commit: a setting a player changed (`language`, `digest`, `pings`).
    pub(crate) fn write_user(
        &self,
        stored: Option<super::store::Stored<UserDoc>>,
        doc: UserDoc,
    ) -> Result<(), super::Failure> {
        self.commit(
            super::store::Commit {
                users: vec![(stored, doc)],
                ..super::store::Commit::default()
            },
            None,
        )?;
        Ok(())
    }
}

/// `vacation <days>`: pauses the speaker's clocks, within the yearly allowance.
pub(crate) fn cmd_vacation(
    cx: &Cx,
    ctx: &super::Context,
    days: u32,
) -> Result<super::Reply, super::Failure> {
    use super::Failure;
    let now = cx.now();
    let stored = cx.store.user(&ctx.user.id)?;
    let mut doc = stored
        .as_ref()
        .map_or_else(|| UserDoc::new(ctx.user.clone()), |s| s.doc.clone());
    let left = doc.vacation_left(now);
    if days > left {
        return Err(Failure::Refused(crate::t!(
            "vacation-too-many",
            left = left,
            year = now.year(),
            most = VACATION_DAYS_PER_YEAR
        )));
    }
    doc.take_vacation(days, now);
    let secs = i64::from(days) * DAY;
    let mut commit = super::store::Commit::default();
    let mut extended = Vec::new();
    for g in cx.games_of(&ctx.user.id, true, usize::MAX)? {
        if g.doc.end.is_some() || g.doc.seat_of(&ctx.user.id) != Some(g.doc.clock.seat) {
            continue;
        }
        let mut next = g.doc.clone();
        next.clock.shift(secs);
        extended.push(crate::t!(
            "vacation-moved",
            id = next.id,
            deadline = next.clock.deadline.text()
        ));
        commit.games.push((Some(g), next));
    }
    commit.users.push((stored, doc.clone()));
    match cx.commit(commit, None) {
        Err(Failure::Conflict(_)) => {
            return Err(Failure::Refused(crate::t!("vacation-race")));
        }
        other => other?,
    };
    let until = doc.vacation_until.unwrap_or(now);
    let mut text = crate::t!(
        "vacation-done",
        name = &ctx.user.name,
        until = until.text(),
        left = doc.vacation_left(now)
    );
    if !extended.is_empty() {
        let moved = crate::Text::join(extended, "; ");
        text.line(crate::t!("vacation-deadlines", moved = moved));
    }
    text.line(crate::t!("vacation-turns"));
    Ok(super::Reply::done(text))
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &command::account::VACATION,
    acts: Acts::AsPlayer,
    run: |cx, ctx, cmd| match cmd {
        Command::Vacation(days) => cmd_vacation(cx, ctx, *days),
        _ => Err(misrouted(cmd)),
    },
}];
