//! A review's progress on Discord (`Reply::progress`, `Reply::replaces`): the answer to
//! `/review` (or the *Review* button) is remembered under its progress name with the
//! interaction's token and the message's id, and each later notice naming it edits that
//! message's text instead of posting: through the interaction's token while it works
//! (Discord keeps it 15 minutes), else as a channel message the bot wrote. A name this
//! process does not know (it restarted, or forgot it: [`skald_port::progress`]) posts the
//! notice as a new message.

use super::deliver::{self, Outgoing};
use poise::serenity_prelude as serenity;
use std::time::{Duration, Instant};

/// How long an interaction's token is used for edits: Discord accepts it for 15 minutes
/// after the interaction; a minute is left for the way there.
pub const TOKEN_FOR: Duration = Duration::from_secs(14 * 60);

/// How the message posted under a progress name is edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    /// Its channel.
    pub channel: u64,
    /// Its id, when Discord said it.
    pub message: Option<u64>,
    /// The interaction it answered, while its token may work.
    pub token: Option<Token>,
}

/// An interaction's token, and which of its messages is the one to edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The interaction's token.
    pub token: String,
    /// The follow-up message to edit (the answer after a deferral); `None`: the original
    /// response.
    pub followup: Option<u64>,
}

/// The messages posted under a progress name: shared by the commands, the buttons and
/// the outlet.
pub type Progress = skald_port::progress::Sent<Posted>;

/// Remembers the answer `message` to an interaction (`token`, deferred or not) under
/// `key`. Discord said the message (a follow-up's answer, or the original response read
/// back); without it the original response is still edited by its token.
pub fn remember_answer(
    progress: &Progress,
    key: &str,
    token: &str,
    deferred: bool,
    channel: serenity::ChannelId,
    message: Option<&serenity::Message>,
) {
    let id = message.map(|m| m.id.get());
    let posted = Posted {
        channel: message.map_or(channel.get(), |m| m.channel_id.get()),
        message: id,
        token: Some(Token {
            token: token.to_string(),
            followup: if deferred { id } else { None },
        }),
    };
    progress.remember(key, posted, Instant::now());
}

/// Remembers a channel message the bot posted (a notice with a progress name).
pub fn remember_message(progress: &Progress, key: &str, message: &serenity::Message) {
    let posted = Posted {
        channel: message.channel_id.get(),
        message: Some(message.id.get()),
        token: None,
    };
    progress.remember(key, posted, Instant::now());
}

/// How a remembered message is edited at `now`, the order tried: its interaction's
/// token while it works, then the channel message by id.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Way {
    /// The interaction's original response.
    Original(String),
    /// A follow-up of the interaction.
    Followup(String, u64),
    /// The channel message.
    Channel(u64, u64),
}

/// The ways to edit `posted` (posted at `at`) at `now`, best first.
fn ways(posted: &Posted, at: Instant, now: Instant) -> Vec<Way> {
    let mut out = Vec::new();
    if let Some(t) = &posted.token
        && now.saturating_duration_since(at) < TOKEN_FOR
    {
        out.push(match t.followup {
            Some(id) => Way::Followup(t.token.clone(), id),
            None => Way::Original(t.token.clone()),
        });
    }
    if let Some(id) = posted.message {
        out.push(Way::Channel(posted.channel, id));
    }
    out
}

/// Edits the message remembered under `key` to say `m`'s text (no pings: the answer it
/// replaces pinged nobody either); a name this process does not know is edited by `kept`,
/// the message's channel and id as the session kept them (a daily puzzle's post). `false`
/// when neither is known or every way failed: the caller posts `m` as a new message.
pub async fn edit(
    http: &serenity::Http,
    progress: &Progress,
    key: &str,
    kept: Option<(u64, u64)>,
    m: &Outgoing,
) -> bool {
    let now = Instant::now();
    let found = progress.find(key, now).or_else(|| {
        kept.map(|(channel, message)| {
            let posted = Posted {
                channel,
                message: Some(message),
                token: None,
            };
            progress.remember(key, posted.clone(), now);
            (posted, now)
        })
    });
    let Some((posted, at)) = found else {
        tracing::info!(
            key,
            "discord: a progress message this process does not know; posted anew"
        );
        return false;
    };
    let mentions = deliver::allowed(&[]);
    for way in ways(&posted, at, now) {
        let done = match &way {
            Way::Original(token) => {
                let edit = serenity::EditInteractionResponse::new()
                    .content(m.text.clone())
                    .allowed_mentions(mentions.clone());
                http.edit_original_interaction_response(token, &edit, Vec::new())
                    .await
            }
            Way::Followup(token, id) => {
                let edit = serenity::CreateInteractionResponseFollowup::new()
                    .content(m.text.clone())
                    .allowed_mentions(mentions.clone());
                http.edit_followup_message(
                    token,
                    serenity::MessageId::new((*id).max(1)),
                    &edit,
                    Vec::new(),
                )
                .await
            }
            Way::Channel(channel, id) => {
                let edit = serenity::EditMessage::new()
                    .content(m.text.clone())
                    .allowed_mentions(mentions.clone());
                serenity::ChannelId::new((*channel).max(1))
                    .edit_message(http, serenity::MessageId::new((*id).max(1)), edit)
                    .await
            }
        };
        match done {
            Ok(message) => {
                if posted.message.is_none() {
                    let known = Posted {
                        channel: message.channel_id.get(),
                        message: Some(message.id.get()),
                        ..posted.clone()
                    };
                    progress.update(key, known, now);
                }
                return true;
            }
            Err(e) => tracing::warn!(error = %e, ?way, "discord: cannot edit a progress message"),
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_edits_for_fourteen_minutes_then_the_channel_message_by_id() {
        let at = Instant::now();
        let answer = Posted {
            channel: 7,
            message: Some(9),
            token: Some(Token {
                token: "tok".into(),
                followup: None,
            }),
        };
        assert_eq!(
            ways(&answer, at, at + Duration::from_secs(60)),
            [Way::Original("tok".into()), Way::Channel(7, 9)]
        );
        assert_eq!(ways(&answer, at, at + TOKEN_FOR), [Way::Channel(7, 9)]);
        // After a deferral the answer is a follow-up, edited as one.
        let deferred = Posted {
            token: Some(Token {
                token: "tok".into(),
                followup: Some(9),
            }),
            ..answer.clone()
        };
        assert_eq!(
            ways(&deferred, at, at),
            [Way::Followup("tok".into(), 9), Way::Channel(7, 9)]
        );
        // Its id unknown and its token expired: nothing to edit, the notice is posted.
        let lost = Posted {
            message: None,
            ..answer
        };
        assert!(ways(&lost, at, at + TOKEN_FOR).is_empty());
    }
}
