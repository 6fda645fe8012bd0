//! Buttons: a reply's choices (accept, decline, the legal steps of a dice turn, rematch) and
//! "My pieces" for Subulata, and what happens when one is pressed. A button's custom id is
//! the command line it sends, so pressing it is the same as typing the command; the session
//! decides whether the presser may (a refusal comes back ephemeral).

use super::deliver::{self, Outgoing};
use super::{Data, session_context};
use crate::session::Reply;
use poise::serenity_prelude as serenity;

/// Discord's limits: 5 rows of 5 buttons, 80 characters a label, 100 a custom id.
const MAX_BUTTONS: usize = 25;
const MAX_LABEL: usize = 80;
const MAX_ID: usize = 100;
/// The custom id prefix of "My pieces": `mine #3` asks for the presser's own view.
const MINE: &str = "mine ";

/// The buttons for a reply: every choice when they all fit (with "My pieces" where values
/// are hidden); when the legal moves do not fit, only the other choices (`/move` then).
pub fn buttons(reply: &Reply) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for b in &reply.boards {
        if deliver::hides_values(b) {
            out.push(("My pieces".into(), format!("{MINE}#{}", b.game)));
        }
    }
    let (moves, others): (Vec<_>, Vec<_>) = reply
        .choices
        .iter()
        .filter(|c| c.command.len() <= MAX_ID && c.label.len() <= MAX_LABEL)
        .partition(|c| c.command.starts_with("move "));
    out.extend(others.iter().map(|c| (c.label.clone(), c.command.clone())));
    if out.len() + moves.len() <= MAX_BUTTONS {
        out.extend(moves.iter().map(|c| (c.label.clone(), c.command.clone())));
    }
    // Discord refuses two buttons with one id (a rematch is offered to both players).
    let mut seen = std::collections::HashSet::new();
    out.retain(|(_, id)| seen.insert(id.clone()));
    out.truncate(MAX_BUTTONS);
    out
}

/// Buttons in rows of five.
pub fn rows(buttons: &[(String, String)]) -> Vec<serenity::CreateActionRow> {
    buttons
        .chunks(5)
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|(label, id)| {
                        let style = match label.as_str() {
                            "accept" => serenity::ButtonStyle::Success,
                            "decline" | "cancel" => serenity::ButtonStyle::Danger,
                            "My pieces" => serenity::ButtonStyle::Primary,
                            _ => serenity::ButtonStyle::Secondary,
                        };
                        serenity::CreateButton::new(id.clone())
                            .label(label.clone())
                            .style(style)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A button was pressed: run its command for the presser and answer (publicly when the
/// command did something, ephemerally otherwise; "My pieces" always ephemerally).
pub async fn pressed(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let id = press.data.custom_id.clone();
    let (line, mine) = match id.strip_prefix(MINE) {
        Some(game) => (format!("board {game}"), true),
        None => (id, false),
    };
    let sctx = session_context(&press.user, press.guild_id, press.channel_id);
    let caller = sctx.user.id.clone();
    let session = data.session.clone();
    let job = tokio::task::spawn_blocking(move || {
        let reply = session.handle(&sctx, &line);
        deliver::prepare(&reply, Some(&caller))
    });
    let prepared = match job.await {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(error = %e, "a button's command failed");
            return answer(
                ctx,
                press,
                &Outgoing::text("Sorry, that failed; nothing was changed."),
                true,
            )
            .await;
        }
    };
    let mut ephemeral = prepared.ephemeral.into_iter();
    if mine {
        let first = ephemeral
            .next()
            .unwrap_or_else(|| Outgoing::text("You have no hidden pieces to see in that game."));
        answer(ctx, press, &first, true).await?;
    } else {
        match prepared.public {
            Some(public) => answer(ctx, press, &public, false).await?,
            None => {
                let first = ephemeral
                    .next()
                    .unwrap_or_else(|| Outgoing::text("Nothing to do."));
                answer(ctx, press, &first, true).await?;
            }
        }
    }
    for rest in ephemeral {
        press
            .create_followup(&ctx.http, deliver::followup(&rest))
            .await?;
    }
    Ok(())
}

async fn answer(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    m: &Outgoing,
    ephemeral: bool,
) -> Result<(), serenity::Error> {
    press
        .create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(deliver::response_message(m, ephemeral)),
        )
        .await
}

impl Outgoing {
    /// A plain text message.
    pub fn text(text: &str) -> Outgoing {
        Outgoing {
            text: text.to_string(),
            ..Outgoing::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Choice, UserId};

    fn choice(label: &str, command: &str) -> Choice {
        Choice {
            label: label.into(),
            command: command.into(),
            for_user: Some(UserId::new("discord", "1")),
        }
    }

    #[test]
    fn moves_become_buttons_only_when_all_fit_and_ids_are_unique() {
        let mut r = Reply::done("x");
        r.choices.push(choice("rematch", "rematch #1"));
        r.choices.push(choice("rematch", "rematch #1"));
        assert_eq!(
            buttons(&r),
            [("rematch".to_string(), "rematch #1".to_string())]
        );
        let mut r = Reply::done("x");
        r.choices.push(choice("draw", "decline #2"));
        for n in 0..30 {
            r.choices
                .push(choice(&format!("m{n}"), &format!("move #2 m{n}")));
        }
        assert_eq!(buttons(&r).len(), 1, "30 moves do not fit: /move instead");
        r.choices.truncate(25);
        let b = buttons(&r);
        assert_eq!(b.len(), 25);
        assert_eq!(rows(&b).len(), 5);
    }
}
