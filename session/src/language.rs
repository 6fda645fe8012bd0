//! Who reads which language: the `language` command, and the languages a reply's parts are
//! written in (see [`crate::Reply::lang`], [`crate::Private::lang`]).
//!
//! A channel reads its community's language (`[[community]] language`, else `[game]
//! language`, else the platform's: a Discord server's preferred locale, else English). What
//! one person alone reads is in theirs: the one they chose with `language`, else the one their
//! platform reports as they speak (a Discord client's locale), else the one it last reported.

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
use crate::identity::{CommunityId, Context, UserId};
use crate::{Cx, Failure, Lang, Reply, t};
use skald_lang::Text;

impl Cx {
    /// The language a community's channels read, if its admin (or the operator) chose one.
    pub(crate) fn community_lang(&self, community: &CommunityId) -> Option<Lang> {
        self.config
            .communities
            .language(&self.config.communities.community_of(community))
            .or(self.config.language)
    }

    /// The language `user` chose (on a linked account, its player's choice), and the one
    /// their platform last reported.
    fn user_langs(&self, user: &UserId) -> (Option<Lang>, Option<Lang>) {
        let doc = |id: &UserId| self.store.user(id).ok().flatten().map(|s| s.doc);
        let Some(own) = doc(user) else {
            return (None, None);
        };
        let chosen = own
            .language
            .or_else(|| own.player.as_ref().and_then(doc).and_then(|p| p.language));
        (chosen, own.locale)
    }

    /// Fills in the languages of a reply to `speaker`, and of its copies for other channels;
    /// parts a handler gave a language keep it. Public for the few replies an adapter words
    /// itself (a name it cannot resolve, "Skald is restarting"), so they too are in the
    /// reader's language.
    pub fn set_languages(&self, reply: &mut Reply, speaker: &Context) {
        self.set_languages_in(reply, &speaker.community, Some(speaker));
    }

    /// The languages of a reply (or, with no speaker, a notice) posted in a channel of
    /// `community`.
    pub(crate) fn set_languages_in(
        &self,
        reply: &mut Reply,
        community: &CommunityId,
        speaker: Option<&Context>,
    ) {
        if reply.lang.is_none() {
            reply.lang = self.community_lang(community);
        }
        if let Some(ctx) = speaker
            && reply.speaker_lang.is_none()
        {
            let (chosen, last) = self.user_langs(&ctx.user.id);
            reply.speaker_lang = chosen.or(ctx.locale).or(last);
        }
        for part in &mut reply.private {
            if part.lang.is_some() {
                continue;
            }
            part.lang = match speaker {
                Some(ctx) if ctx.user.id == part.to => reply.speaker_lang,
                _ => {
                    let (chosen, last) = self.user_langs(&part.to);
                    chosen.or(last)
                }
            };
        }
        for notice in &mut reply.elsewhere {
            self.set_languages_in(&mut notice.reply, community, None);
        }
    }
}

/// `language [en|fr]`: says which language Skald writes to the player in, or sets it.
/// The answer is in that language, wherever it is posted.
pub(crate) fn cmd_language(cx: &Cx, ctx: &Context, lang: Option<Lang>) -> Result<Reply, Failure> {
    let choices = Text::list(
        Lang::ALL.map(|l| t!("language-choice", code = l.code(), name = l.native_name())),
    );
    let Some(lang) = lang else {
        let (chosen, last) = cx.user_langs(&ctx.user.id);
        let current = chosen.or(ctx.locale).or(last);
        let mut reply = match (chosen, current) {
            (Some(l), _) => Reply::done(t!("language-chosen", language = name(l))),
            (None, Some(l)) => Reply::done(t!("language-from-platform", language = name(l))),
            (None, None) => Reply::done(t!(
                "language-default",
                language = name(cx.community_lang(&ctx.community).unwrap_or_default())
            )),
        };
        reply.line(t!("language-how", choices = choices));
        return Ok(reply);
    };
    let (stored, mut doc) = cx.own_doc(ctx)?;
    doc.language = Some(lang);
    cx.write_user(stored, doc)?;
    let mut reply = Reply::done(t!("language-set", language = name(lang)));
    reply.line(t!("language-channels"));
    reply.lang = Some(lang);
    reply.speaker_lang = Some(lang);
    Ok(reply)
}

/// A language's name in the reader's language (`French`, `français`; a language added
/// since the reader's file was written goes by its own name).
fn name(lang: Lang) -> Text {
    t!(
        "language-name",
        code = lang.code(),
        native = lang.native_name()
    )
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[Handler {
    info: &command::account::LANGUAGE,
    acts: Acts::AsPlayer,
    run: |cx, ctx, cmd| match cmd {
        Command::Language(lang) => cmd_language(cx, ctx, *lang),
        _ => Err(misrouted(cmd)),
    },
}];
