//! The language each Discord channel's server prefers, for the posts no interaction comes
//! with (reminders, timeouts, the engine's moves, news of a game from another platform): a
//! channel reads its server's preferred locale, as a command there does (see
//! `docs/LANGUAGES.md`).
//!
//! Learned from every interaction's `guild_locale` (and passed on to the game threads the
//! bot opens), else read from the gateway's cache of the server (`preferred_locale`, sent
//! when the bot connects), else asked of Discord's API for a channel the cache does not
//! hold (a thread archived before a restart). What is found is kept for the process's
//! life; the next interaction in the channel corrects it if the server changed language.

use poise::serenity_prelude as serenity;
use skald_session::Lang;
use std::collections::HashMap;
use std::sync::Mutex;

/// Channel → its server's language (`None`: a direct message, or a locale Skald does not
/// speak).
#[derive(Default)]
pub struct ServerLocales {
    known: Mutex<HashMap<serenity::ChannelId, Option<Lang>>>,
}

impl ServerLocales {
    /// Records what an interaction in `channel` said of its server (`guild_locale`).
    pub fn learn(&self, channel: serenity::ChannelId, lang: Option<Lang>) {
        self.known
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(channel, lang);
    }

    /// What this process already knows of `channel`.
    fn known(&self, channel: serenity::ChannelId) -> Option<Option<Lang>> {
        self.known
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&channel)
            .copied()
    }

    /// The language `channel`'s server prefers, finding it out if need be.
    pub async fn of(
        &self,
        channel: serenity::ChannelId,
        cache: &serenity::Cache,
        http: &serenity::Http,
    ) -> Option<Lang> {
        if let Some(known) = self.known(channel) {
            return known;
        }
        let guild = match guild_in_cache(cache, channel) {
            Some(g) => Some(g),
            None => match http.get_channel(channel).await {
                Ok(serenity::Channel::Guild(c)) => Some(c.guild_id),
                Ok(_) => None,
                Err(e) => {
                    // Not remembered: the next post asks again.
                    tracing::debug!(error = %e, %channel, "cannot read a channel's server");
                    return None;
                }
            },
        };
        let Some(guild) = guild else {
            self.learn(channel, None);
            return None;
        };
        let cached = cache.guild(guild).map(|g| g.preferred_locale.clone());
        let locale = match cached {
            Some(l) => l,
            None => match http.get_guild(guild).await {
                Ok(g) => g.preferred_locale,
                Err(e) => {
                    tracing::debug!(error = %e, %guild, "cannot read a server's locale");
                    return None;
                }
            },
        };
        let lang = Lang::from_locale(&locale);
        self.learn(channel, lang);
        lang
    }
}

/// The server of `channel` as the gateway's cache knows it: one of its channels, or one of
/// its active threads.
fn guild_in_cache(
    cache: &serenity::Cache,
    channel: serenity::ChannelId,
) -> Option<serenity::GuildId> {
    cache.guilds().into_iter().find(|g| {
        cache.guild(*g).is_some_and(|guild| {
            guild.channels.contains_key(&channel) || guild.threads.iter().any(|t| t.id == channel)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interaction_teaches_a_channel_its_language_and_the_next_one_corrects_it() {
        let servers = ServerLocales::default();
        let channel = serenity::ChannelId::new(7);
        assert_eq!(servers.known(channel), None);
        servers.learn(channel, Some(Lang::Fr));
        assert_eq!(servers.known(channel), Some(Some(Lang::Fr)));
        servers.learn(channel, Some(Lang::En));
        assert_eq!(servers.known(channel), Some(Some(Lang::En)));
        assert_eq!(servers.known(serenity::ChannelId::new(8)), None);
    }
}
