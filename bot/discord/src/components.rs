//! What happens when a button is pressed (the buttons themselves are [`crate::buttons`]): the
//! session decides whether the presser may (a refusal comes back ephemeral).

use super::buttons::pressed_action;
use super::deliver::{self, Outgoing};
use super::{Data, session_context};
use poise::serenity_prelude as serenity;
use skald_session::{Lang, Text, t};

/// A button was pressed: run its command for the presser and answer (publicly when the
/// command did something, ephemerally otherwise; "My pieces" always ephemerally). Work that
/// takes longer than `defer_after` is deferred first ("thinking…"), then answered with
/// follow-ups, like a slow slash command.
pub async fn pressed(
    ctx: &serenity::Context,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let id = match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().cloned().unwrap_or_default()
        }
        _ => press.data.custom_id.clone(),
    };
    let (cmd, mine) = pressed_action(&id);
    let Some(_pass) = data.gate.enter().await else {
        let closed = serenity::CreateInteractionResponseMessage::new()
            .content(skald_port::gate::closed(
                skald_session::Lang::from_locale(&press.locale).unwrap_or_default(),
            ))
            .ephemeral(true);
        return press
            .create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::Message(closed),
            )
            .await;
    };
    let locales = deliver::Locales::new(Some(&press.locale), press.guild_locale.as_deref());
    data.servers.learn(press.channel_id, locales.guild);
    let sctx =
        session_context(&press.user, press.guild_id, press.channel_id).with_locale(locales.user);
    let caller = sctx.user.id.clone();
    let session = data.session.clone();
    let router = data.router.clone();
    let mut job = tokio::task::spawn_blocking(move || {
        let reply = super::commands::answer(&session, &router, &sctx, cmd);
        let spectator = mine && !reply.private.iter().any(|p| p.to == caller);
        (deliver::prepare(&reply, Some(&caller), locales), spectator)
    });
    let (joined, deferred) =
        match super::commands::finished_within(data.defer_after, &mut job).await {
            Some(done) => (done, false),
            None => {
                let thinking = serenity::CreateInteractionResponseMessage::new().ephemeral(mine);
                press
                    .create_response(
                        &ctx.http,
                        serenity::CreateInteractionResponse::Defer(thinking),
                    )
                    .await?;
                (job.await, true)
            }
        };
    let reply = Answer {
        ctx,
        press,
        deferred,
    };
    let (prepared, spectator) = match joined {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(error = %e, "a button's command failed");
            let sorry = Outgoing::said(t!("discord-failed"), locales.user.unwrap_or_default());
            return reply.send(&sorry, true).await.map(drop);
        }
    };
    let caller_lang = prepared.caller_lang;
    let spectator_note = || t!("discord-spectator").render(caller_lang);
    let mut ephemeral = prepared.ephemeral.into_iter();
    if mine {
        // Only the presser's own view, never the channel's answer again. A spectator (or
        // a player of a game without hidden values) gets the public board and a note.
        // The note and the whole public text, split as any long message: the first part
        // answers the press, the others follow, all for the presser alone.
        let mut shown = match (spectator, prepared.public) {
            (true, Some(public)) => {
                deliver::for_spectator(&spectator_note(), public, &prepared.more, caller_lang)
            }
            _ => Vec::new(),
        }
        .into_iter();
        let first = shown
            .next()
            .or_else(|| ephemeral.next())
            .unwrap_or_else(|| Outgoing::text(&spectator_note()));
        reply.send(&first, true).await?;
        for more in shown {
            press
                .create_followup(&ctx.http, deliver::followup(&more))
                .await?;
        }
    } else {
        match prepared.public {
            Some(public) => {
                if let (Some(key), false) = (&prepared.progress, deferred) {
                    // Known before it is sent, so a progress notice racing the answer edits it.
                    let progress = &data.progress;
                    super::progress::remember_answer(
                        progress,
                        key,
                        &press.token,
                        false,
                        press.channel_id,
                        None,
                    );
                }
                let sent = reply.send(&public, false).await?;
                if let Some(key) = &prepared.progress {
                    let sent = match sent {
                        Some(message) => Some(message),
                        // Read back for its id, so it can be edited once the token expired.
                        None => press
                            .get_response(&ctx.http)
                            .await
                            .inspect_err(|e| {
                                tracing::warn!(error = %e, "discord: cannot read back a progress message")
                            })
                            .ok(),
                    };
                    super::progress::remember_answer(
                        &data.progress,
                        key,
                        &press.token,
                        deferred,
                        press.channel_id,
                        sent.as_ref(),
                    );
                }
                for more in &prepared.more {
                    press
                        .create_followup(&ctx.http, deliver::followup_message(more, false))
                        .await?;
                }
            }
            None => {
                let first = ephemeral
                    .next()
                    .unwrap_or_else(|| Outgoing::said(t!("discord-nothing-to-do"), caller_lang));
                reply.send(&first, true).await?;
            }
        }
    }
    for rest in ephemeral {
        press
            .create_followup(&ctx.http, deliver::followup(&rest))
            .await?;
    }
    // News for another player (a conditional move of theirs this press dropped).
    for (user, message) in &prepared.direct {
        super::outlet::send_direct(&ctx.http, *user, message, None).await;
    }
    Ok(())
}

/// The first answer to a press: the interaction response, or after a deferral the
/// follow-up that replaces "thinking…".
struct Answer<'a> {
    ctx: &'a serenity::Context,
    press: &'a serenity::ComponentInteraction,
    deferred: bool,
}

impl Answer<'_> {
    /// Sends the answer: the follow-up's message comes back (the original response's
    /// does not).
    async fn send(
        &self,
        m: &Outgoing,
        ephemeral: bool,
    ) -> Result<Option<serenity::Message>, serenity::Error> {
        if self.deferred {
            self.press
                .create_followup(&self.ctx.http, deliver::followup_message(m, ephemeral))
                .await
                .map(Some)
        } else {
            self.press
                .create_response(
                    &self.ctx.http,
                    serenity::CreateInteractionResponse::Message(deliver::response_message(
                        m, ephemeral,
                    )),
                )
                .await
                .map(|()| None)
        }
    }
}

impl Outgoing {
    /// A plain text message.
    pub fn text(text: &str) -> Outgoing {
        Outgoing {
            text: text.to_string(),
            ..Outgoing::default()
        }
    }

    /// A plain message of the adapter's own, in its reader's language.
    pub fn said(text: Text, lang: Lang) -> Outgoing {
        Outgoing {
            text: text.render(lang),
            lang,
            ..Outgoing::default()
        }
    }
}
