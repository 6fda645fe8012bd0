//! Session replies as Discord messages: the channel part (text, board PNGs, buttons, only the
//! pinged users allowed as mentions) and the caller's private parts (ephemeral). Everything is
//! prepared on a blocking thread (PNG drawing) before anything is sent.

use super::buttons;
use poise::serenity_prelude as serenity;
use skald_port::once_key::OnceKey;
use skald_session::{Board, Lang, Reply, ReplyKind, Text, UserId};

/// The platform name in [`UserId`]s of Discord users.
pub const PLATFORM: &str = "discord";

/// Discord's upload limit for one attachment of a bot's message in a server without boosts
/// (10 MiB): a record or replay is made to fit it, or the text says why it is not attached.
pub const UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// One message ready to send.
#[derive(Clone, Debug, Default)]
pub struct Outgoing {
    /// The text (mentions written `<@id>`).
    pub text: String,
    /// Attachments: file name and bytes (board PNGs, a record, a replay GIF).
    pub files: Vec<(String, Vec<u8>)>,
    /// Alt text by file name: a board picture's one-line description, which Discord shows
    /// to screen readers (the whole board as text is `board text`'s answer).
    pub alts: Vec<(String, String)>,
    /// Buttons, as (label, custom id).
    pub buttons: Vec<(String, String)>,
    /// A select menu of moves, as (label, command line); empty for none.
    pub select: Vec<(String, String)>,
    /// The Discord user ids allowed to be pinged.
    pub mentions: Vec<u64>,
    /// The language its readers read: the words Discord shows around the text (the select
    /// menu's placeholder) are in it, like the text and the button labels.
    pub lang: Lang,
}

/// A reply ready to send: the channel part (or, for a refusal, an ephemeral answer) and the
/// caller's private parts.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    /// For the channel; `None` when there is nothing public to say.
    pub public: Option<Outgoing>,
    /// The channel part's continuation, sent right after `public`: a text past Discord's
    /// 2000 characters goes on in further messages ([`super::split`]).
    pub more: Vec<Outgoing>,
    /// Ephemeral, for the caller only: refusals and the caller's private boards.
    pub ephemeral: Vec<Outgoing>,
    /// The channel's language, for what the adapter adds to the channel (a thread's pointer).
    pub lang: Lang,
    /// The caller's language, for what the adapter tells the caller alone.
    pub caller_lang: Lang,
    /// Direct messages, by Discord user id: a notice for one player alone (the daily
    /// digest), and news for a player other than the caller (a conditional move of theirs
    /// dropped by the caller's move). Other players' views (their values after a move) are
    /// left to "My pieces".
    pub direct: Vec<(u64, Outgoing)>,
    /// The name later notices edit the channel message by ([`Reply::progress`]): the
    /// first channel message is remembered under it ([`super::progress`]).
    pub progress: Option<String>,
    /// The name of an earlier message whose text this one replaces ([`Reply::replaces`]).
    pub replaces: Option<String>,
    /// That message's id as the session kept it ([`Reply::replaces_posted`]; a daily
    /// puzzle's post): edited by it when this process does not remember the name.
    pub replaces_posted: Option<u64>,
}

impl Prepared {
    /// The channel's messages in the order they are sent: `public`, then its continuation.
    pub fn channel_messages(&self) -> impl Iterator<Item = &Outgoing> {
        self.public.iter().chain(&self.more)
    }
}

/// What Discord says about the languages of a message's readers: the caller's client
/// (an interaction's `locale`) and the server's preferred locale (for channel messages).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locales {
    /// The caller's client language, for what only they see.
    pub user: Option<Lang>,
    /// The server's preferred locale, for the channel.
    pub guild: Option<Lang>,
}

impl Locales {
    /// Reads Discord's locale names (`fr`, `en-US`); one Skald does not speak counts as none.
    pub fn new(user: Option<&str>, guild: Option<&str>) -> Locales {
        Locales {
            user: user.and_then(Lang::from_locale),
            guild: guild.and_then(Lang::from_locale),
        }
    }
}

/// Turns a reply into messages. Private parts go to `caller` only (ephemeral); private parts
/// for anyone else are dropped (that player gets their view with the "My pieces" button),
/// except in a notice for players alone (the digest), sent as direct messages.
/// The channel's message is in the channel's language, what only the caller sees in theirs.
pub fn prepare(reply: &Reply, caller: Option<&UserId>, locales: Locales) -> Prepared {
    let channel_lang = reply.channel_lang(locales.guild);
    let caller_lang = reply.speaker_lang.or(locales.user).unwrap_or(channel_lang);
    let mut out = Prepared {
        lang: channel_lang,
        caller_lang,
        progress: reply.progress.clone(),
        replaces: reply.replaces.clone(),
        replaces_posted: reply
            .replaces_posted
            .as_deref()
            .and_then(|h| h.parse().ok()),
        ..Prepared::default()
    };
    let lang = if reply.kind == ReplyKind::Done {
        channel_lang
    } else {
        caller_lang
    };
    // A refusal is answered without buttons: its text names slash commands only.
    let pressable: &[skald_session::Choice] = if reply.kind == ReplyKind::Done {
        &reply.choices
    } else {
        &[]
    };
    let (attached, notes) = made(&reply.files, lang);
    let mut text = reply.text.clone();
    notes.into_iter().for_each(|n| text.line(n));
    let text = discord_commands(
        &mentions_of(&text.render(lang), &reply.named),
        pressable,
        lang,
    );
    let Attached {
        mut files,
        mut alts,
    } = pictures(&reply.boards, "board", lang);
    files.extend(attached.files);
    alts.extend(attached.alts);
    let main = Outgoing {
        text: discord_text(&text) + &text_boards(&reply.boards, lang),
        files,
        alts,
        buttons: buttons::buttons(reply, lang),
        select: buttons::select(reply),
        lang,
        mentions: reply
            .notify
            .iter()
            .filter(|u| u.platform == PLATFORM)
            .filter_map(|u| u.id.parse().ok())
            .collect(),
    };
    let main = Outgoing {
        text: with_pings(&main.text, &main.mentions),
        ..main
    };
    // The choices of a reply with nothing for the channel (a dice puzzle's steps) go with
    // the caller's own answer instead.
    let mut unposted = None;
    if reply.kind == ReplyKind::Done {
        // A reply with nothing for the channel (`premove`: only its speaker's private part)
        // posts no public message.
        if !main.text.trim().is_empty() || !main.files.is_empty() {
            let mut parts = split_message(main).into_iter();
            out.public = parts.next();
            out.more = parts.collect();
        } else {
            unposted = Some((main.buttons, main.select));
        }
    } else {
        out.ephemeral.extend(split_message(Outgoing {
            mentions: Vec::new(),
            buttons: Vec::new(),
            select: Vec::new(),
            ..main
        }));
    }
    let alone = caller.is_none()
        && reply.text.is_empty()
        && reply.boards.is_empty()
        && reply.files.is_empty();
    for p in &reply.private {
        let mine = Some(&p.to) == caller;
        // Someone else's part goes by direct message when it is all the reply holds (a
        // digest, a reminder's private part) or news they must hear of (a conditional move
        // dropped by another's move); a view they can ask for again (their values after
        // each move) waits behind the *My pieces* button instead.
        let direct = (!mine && (alone || p.news) && p.to.platform == PLATFORM)
            .then(|| p.to.id.parse::<u64>().ok())
            .flatten();
        if !mine && direct.is_none() {
            continue;
        }
        let lang = if mine {
            caller_lang
        } else {
            p.lang.unwrap_or(channel_lang)
        };
        let (attached, notes) = made(&p.files, lang);
        let mut text = p.text.clone();
        notes.into_iter().for_each(|n| text.line(n));
        let Attached {
            mut files,
            mut alts,
        } = pictures(&p.boards, "my-pieces", lang);
        files.extend(attached.files);
        alts.extend(attached.alts);
        let mut message = Outgoing {
            text: discord_text(&discord_commands(&text.render(lang), &[], lang))
                + &text_boards(&p.boards, lang),
            files,
            alts,
            lang,
            ..Outgoing::default()
        };
        if mine && let Some((buttons, select)) = unposted.take() {
            message.buttons = buttons;
            message.select = select;
        }
        for part in split_message(message) {
            match direct {
                Some(user) => out.direct.push((user, part)),
                None => out.ephemeral.push(part),
            }
        }
    }
    out
}

/// A message whose text is past Discord's cap, as several ([`super::split`]): the first
/// keeps the files, the buttons and the menu; each part pings the users its own text
/// mentions first ([`with_pings`] put every ping the text does not name at its start, so in
/// the first part), so nobody is pinged twice and nobody is left out.
fn split_message(m: Outgoing) -> Vec<Outgoing> {
    let texts = super::split::parts(&m.text, super::split::MESSAGE_LIMIT);
    if texts.len() == 1 {
        return vec![m];
    }
    let Outgoing {
        files,
        alts,
        buttons,
        select,
        mentions,
        lang,
        ..
    } = m;
    let mut pinged: Vec<u64> = Vec::new();
    let mut out: Vec<Outgoing> = texts
        .into_iter()
        .map(|text| {
            let here: Vec<u64> = mentions
                .iter()
                .copied()
                .filter(|id| !pinged.contains(id) && text.contains(&format!("<@{id}>")))
                .collect();
            pinged.extend(&here);
            Outgoing {
                text,
                mentions: here,
                lang,
                ..Outgoing::default()
            }
        })
        .collect();
    if let Some(first) = out.first_mut() {
        first.files = files;
        first.alts = alts;
        first.buttons = buttons;
        first.select = select;
        first
            .mentions
            .extend(mentions.iter().filter(|id| !pinged.contains(id)));
    }
    out
}

/// The commands a session text names, written as a Discord player reading `lang` gives them:
/// the button of this message that does it ("press **Accept**", "appuyez sur **Accepter**"),
/// else the slash command with its options as that player's Discord names them
/// (`/move game:3 move:f2-f5`, `/jouer partie:3 coup:f2-f5`), a usage line as the command's
/// options (`/move move [game]`), a pattern as the bare command (`/challenge`).
pub fn discord_commands(text: &str, buttons: &[skald_session::Choice], lang: Lang) -> String {
    use skald_session::hints;
    let press = skald_lang::render_message(lang, "discord-press", &[]);
    let out = hints::rewrite(text, &mut |n| {
        if let Some(c) = n
            .command
            .as_ref()
            .and_then(|cmd| buttons.iter().find(|c| &c.command == cmd))
        {
            return Some(format!("{press} **{}**", buttons::label(c, lang)));
        }
        let slash = match (&n.command, n.usage) {
            (_, true) => hints::slash_usage(n.info, lang),
            (Some(cmd), _) => hints::slash_line(n.info, cmd, n.text, lang),
            (None, _) => hints::slash_pattern(n.info, n.text, lang),
        };
        Some(format!("`{slash}`"))
    });
    // "press **Accept** or press **Decline**" says "press" once.
    let or = skald_lang::render_message(lang, "discord-or", &[]);
    out.replace(&format!(" {or} {press} **"), &format!(" {or} **"))
}

/// The Discord users a text names as `@name` written as mentions (`<@id>`): Discord shows
/// them as the name, and pings only the users the message allows. Players of other
/// platforms keep their `@name`. A name is replaced only where it ends (`@Bo` is not
/// `@Bob`'s start), longest names first.
fn mentions_of(text: &str, named: &[skald_session::User]) -> String {
    let mut named: Vec<&skald_session::User> = named
        .iter()
        .filter(|u| u.id.platform == PLATFORM && u.id.id.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    named.sort_by_key(|u| std::cmp::Reverse(u.name.len()));
    let mut out = text.to_string();
    for u in named {
        let needle = format!("@{}", u.name);
        let mut result = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(&needle) {
            let after = &rest[at + needle.len()..];
            let ends = after
                .chars()
                .next()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
            result.push_str(&rest[..at]);
            if ends {
                result.push_str(&format!("<@{}>", u.id.id));
            } else {
                result.push_str(&needle);
            }
            rest = after;
        }
        result.push_str(rest);
        out = result;
    }
    out
}

/// Prepends the pings (`<@id>`) to a text unless it already mentions them.
fn with_pings(text: &str, mentions: &[u64]) -> String {
    let pings: Vec<String> = mentions
        .iter()
        .map(|id| format!("<@{id}>"))
        .filter(|m| !text.contains(m.as_str()))
        .collect();
    if pings.is_empty() {
        text.to_string()
    } else {
        format!("{} {text}", pings.join(" "))
    }
}

/// Session text for Discord: `@<snowflake>` (how the session names a user it has not seen
/// speak) becomes a Discord mention `<@snowflake>`, which shows the name; it only pings the
/// users allowed by the message's allowed mentions. A mention that is one already (`<@id>`,
/// as Discord sends a mention typed into a text option, which the session may echo) is left
/// as typed. Not capped: [`prepare`] splits a text past Discord's 2000 characters into
/// several messages.
pub fn discord_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let mention_already = out.ends_with('<') && after[digits..].starts_with('>');
        if (15..=20).contains(&digits) && !mention_already {
            out.push_str(&format!("<@{}>", &after[..digits]));
            rest = &after[digits..];
        } else {
            out.push('@');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Discord's longest attachment description (alt text).
const ALT_LIMIT: usize = 1024;

/// The boards asked for as pictures, as PNG files with their alt text; a board that cannot
/// be drawn is logged and left out (the text still says where the game stands). Boards
/// asked for as text are [`text_boards`]'.
fn pictures(boards: &[Board], audience: &str, lang: Lang) -> Attached {
    let mut out = Attached::default();
    let drawn: Vec<&Board> = boards.iter().filter(|b| !b.as_text).collect();
    for (i, b) in drawn.iter().enumerate() {
        match skald_session::pictures::board_png(b, lang) {
            Ok(png) => {
                // Several boards of one game (a review's turning points) are told apart.
                // A board of no game (game 0) is a puzzle's.
                let stem = match b.game {
                    0 => "skald-puzzle".to_string(),
                    game => format!("game-{game}-{audience}"),
                };
                let name = if drawn.len() > 1 {
                    format!("{stem}-{}.png", i + 1)
                } else {
                    format!("{stem}.png")
                };
                let alt: String = b.alt.render(lang).chars().take(ALT_LIMIT).collect();
                out.alts.push((name.clone(), alt));
                out.files.push((name, png.bytes));
            }
            Err(e) => tracing::warn!(game = b.game, error = %e, "cannot draw a board"),
        }
    }
    out
}

/// Pictures and files ready to attach, with their alt text by file name (a board's
/// one-line description, a file's caption).
#[derive(Default)]
struct Attached {
    files: Vec<(String, Vec<u8>)>,
    alts: Vec<(String, String)>,
}

/// The boards asked for as text (`board text`), each its one-line description then the
/// text board in a code block (kept as typed, aligned in a fixed-width font), appended to a
/// message's text.
fn text_boards(boards: &[Board], lang: Lang) -> String {
    boards
        .iter()
        .filter(|b| b.as_text)
        .map(|b| {
            let grid = b.text().render(lang).replace("```", "'''");
            format!("\n{}\n```\n{grid}\n```", b.alt.render(lang))
        })
        .collect()
}

/// A reply's files made for readers of `lang` within [`UPLOAD_LIMIT`]: the attachments, and
/// what the text must add (a replay shortened to fit, a file left out and why).
fn made(files: &[skald_session::files::File], lang: Lang) -> (Attached, Vec<Text>) {
    let mut attached = Attached::default();
    let mut notes = Vec::new();
    for f in files {
        match f.render(lang, UPLOAD_LIMIT) {
            Ok(ready) => {
                notes.extend(ready.note);
                let alt = f.caption.render(lang).chars().take(ALT_LIMIT).collect();
                attached.alts.push((ready.name.clone(), alt));
                attached.files.push((ready.name, ready.bytes));
            }
            Err(why) => notes.push(why),
        }
    }
    (attached, notes)
}

/// What a spectator who pressed "My pieces" sees, for them alone: `note`, then the channel
/// part's whole text (`public` and its continuation `more`), in parts within Discord's cap
/// ([`super::split`]) as any long message; the first keeps the files (the board). No part
/// has buttons, a menu or pings: the channel's answer is not given again, only shown.
pub fn for_spectator(note: &str, public: Outgoing, more: &[Outgoing], lang: Lang) -> Vec<Outgoing> {
    let head = super::split::parts(
        &format!("{note}\n{}", public.text),
        super::split::MESSAGE_LIMIT,
    );
    let mut out: Vec<Outgoing> = head
        .into_iter()
        .chain(more.iter().map(|m| m.text.clone()))
        .map(|text| Outgoing {
            text,
            lang,
            ..Outgoing::default()
        })
        .collect();
    if let Some(first) = out.first_mut() {
        first.files = public.files;
    }
    out
}

/// Allowed mentions: exactly these users, never roles or everyone.
pub fn allowed(mentions: &[u64]) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(
            mentions
                .iter()
                .map(|id| serenity::UserId::new((*id).max(1))),
        )
        .empty_roles()
        .everyone(false)
        .replied_user(false)
}

/// The attachments of a message.
pub fn attachments(m: &Outgoing) -> Vec<serenity::CreateAttachment> {
    m.files
        .iter()
        .map(|(name, png)| {
            let file = serenity::CreateAttachment::bytes(png.clone(), name.clone());
            match m.alts.iter().find(|(n, _)| n == name) {
                Some((_, alt)) => file.description(alt.clone()),
                None => file,
            }
        })
        .collect()
}

/// A poise reply for a slash command.
pub fn poise_reply(m: &Outgoing, ephemeral: bool) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(m.text.clone())
        .ephemeral(ephemeral)
        .allowed_mentions(allowed(&m.mentions))
        .components(buttons::rows(&m.buttons, &m.select, m.lang));
    for a in attachments(m) {
        r = r.attachment(a);
    }
    r
}

/// An interaction response message (for buttons).
pub fn response_message(
    m: &Outgoing,
    ephemeral: bool,
) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(m.text.clone())
        .ephemeral(ephemeral)
        .allowed_mentions(allowed(&m.mentions))
        .components(buttons::rows(&m.buttons, &m.select, m.lang))
        .files(attachments(m))
}

/// An ephemeral follow-up (the caller's private boards after a button).
pub fn followup(m: &Outgoing) -> serenity::CreateInteractionResponseFollowup {
    followup_message(m, true)
}

/// A follow-up message with its buttons (the answer to a deferred button press).
pub fn followup_message(
    m: &Outgoing,
    ephemeral: bool,
) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new()
        .content(m.text.clone())
        .ephemeral(ephemeral)
        .allowed_mentions(allowed(&m.mentions))
        .components(buttons::rows(&m.buttons, &m.select, m.lang))
        .files(attachments(m))
}

/// A channel message (scheduler notices).
pub fn channel_message(m: &Outgoing) -> serenity::CreateMessage {
    serenity::CreateMessage::new()
        .content(m.text.clone())
        .allowed_mentions(allowed(&m.mentions))
        .components(buttons::rows(&m.buttons, &m.select, m.lang))
        .files(attachments(m))
}

/// `message` under `key` as its nonce, which Discord enforces: the same nonce again (the
/// notice posted once more after a crash) returns the first message instead of a new one.
pub(crate) fn once(
    message: serenity::CreateMessage,
    key: Option<OnceKey>,
) -> serenity::CreateMessage {
    match key {
        Some(k) => message
            .nonce(serenity::Nonce::String(k.as_str().to_string()))
            .enforce_nonce(true),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_session::{Private, Reply};

    #[test]
    fn named_discord_users_are_real_mentions_pinging_only_the_notified() {
        let mut r = Reply::done(skald_session::Text::verbatim(
            "alice challenges @Bob to a game.\n@Bob: accept. @Bobby and @M-carol watch.",
        ));
        r.named = vec![
            skald_session::User::new(PLATFORM, "222222222222222222", "Bob"),
            skald_session::User::new(PLATFORM, "333333333333333333", "Bobby"),
            skald_session::User::new("matrix", "carol:x.org", "M-carol"),
        ];
        r.ping(&UserId::new(PLATFORM, "222222222222222222"));
        let public = prepare(&r, None, Locales::default())
            .public
            .expect("public part");
        assert_eq!(
            public.text,
            "alice challenges <@222222222222222222> to a game.\n<@222222222222222222>: accept. <@333333333333333333> and @M-carol watch."
        );
        // Bobby is shown as a mention but not pinged; no ping is prepended twice.
        assert_eq!(public.mentions, [222222222222222222]);
    }

    #[test]
    fn a_spectator_gets_the_whole_channel_text_in_parts_within_the_cap_without_pings() {
        let lines: Vec<String> = (1..=150)
            .map(|i| format!("{i}. <@200000000000000{i:03}> played a{i}-b{i}"))
            .collect();
        let mut r = Reply::done(skald_session::Text::verbatim(lines.join("\n")));
        r.ping(&UserId::new(PLATFORM, "200000000000000001"));
        let p = prepare(&r, None, Locales::default());
        assert!(!p.more.is_empty(), "not long enough to be split");
        let public = p.public.clone().expect("public part");
        let mut with_png = public.clone();
        with_png.files = vec![("game-1-board.png".into(), vec![1, 2, 3])];
        with_png.buttons = vec![("Accept".into(), "1:accept:1".into())];
        let seen = for_spectator("Only the board.", with_png, &p.more, Lang::Fr);
        assert!(seen.len() >= 2, "{seen:?}");
        for m in &seen {
            assert!(
                m.text.chars().count() <= crate::split::MESSAGE_LIMIT,
                "{}",
                m.text
            );
            assert!(m.mentions.is_empty() && m.buttons.is_empty() && m.select.is_empty());
            assert_eq!(m.lang, Lang::Fr);
        }
        assert_eq!(seen[0].files.len(), 1);
        assert!(seen[1..].iter().all(|m| m.files.is_empty()));
        let all: Vec<&str> = seen.iter().map(|m| m.text.as_str()).collect();
        let all = all.join("\n");
        assert!(all.starts_with("Only the board.\n"), "{all}");
        for l in &lines {
            assert!(all.contains(l.as_str()), "{l} is missing");
        }
    }

    #[test]
    fn snowflakes_become_mentions_and_private_parts_reach_only_the_caller() {
        assert_eq!(
            discord_text("@alice vs @123456789012345678."),
            "@alice vs <@123456789012345678>."
        );
        // A mention typed into a text option and echoed stays as typed.
        assert_eq!(
            discord_text("cannot play '<@123456789012345678>': no"),
            "cannot play '<@123456789012345678>': no"
        );
        let mut r = Reply::done(skald_session::Text::verbatim("Your move"));
        r.ping(&UserId::new(PLATFORM, "123456789012345678"));
        let bob = UserId::new(PLATFORM, "222222222222222222");
        r.private.push(Private {
            to: bob.clone(),
            name: "bob".into(),
            text: skald_session::Text::verbatim("secret values"),
            boards: Vec::new(),
            files: Vec::new(),
            lang: None,
            news: false,
        });
        let p = prepare(&r, None, Locales::default());
        assert!(p.ephemeral.is_empty());
        let public = p.public.expect("public part");
        assert_eq!(public.mentions, [123456789012345678]);
        assert!(public.text.starts_with("<@123456789012345678> Your move"));
        let p = prepare(&r, Some(&bob), Locales::default());
        assert_eq!(p.ephemeral.len(), 1);
        assert!(!p.public.expect("public").text.contains("secret"));
        let refused = prepare(
            &Reply::refused(skald_session::Text::verbatim("no")),
            Some(&bob),
            Locales::default(),
        );
        assert!(refused.public.is_none());
        assert_eq!(refused.ephemeral[0].text, "no");
    }

    #[test]
    fn news_for_another_player_goes_by_direct_message_and_their_views_do_not() {
        // alice moves; bob's conditional move no longer fits and he is told, although he
        // did nothing: by direct message, in his language, never in the channel.
        let alice = UserId::new(PLATFORM, "111111111111111111");
        let bob = UserId::new(PLATFORM, "222222222222222222");
        let part = |text: &str, news: bool| Private {
            to: bob.clone(),
            name: "bob".into(),
            text: skald_session::Text::verbatim(text),
            boards: Vec::new(),
            files: Vec::new(),
            lang: Some(Lang::Fr),
            news,
        };
        let mut r = Reply::done(skald_session::Text::verbatim("alice played f4-e4"));
        r.private
            .push(part("your conditional move was dropped", true));
        r.private.push(part("your values", false));
        let p = prepare(&r, Some(&alice), Locales::default());
        assert_eq!(p.direct.len(), 1, "{:?}", p.direct);
        let (to, message) = &p.direct[0];
        assert_eq!(*to, 222222222222222222);
        assert_eq!(message.text, "your conditional move was dropped");
        assert_eq!(message.lang, Lang::Fr);
        assert!(p.ephemeral.is_empty(), "nothing of bob's shown to alice");
        let public = p.public.expect("public part");
        assert!(!public.text.contains("dropped") && !public.text.contains("values"));
        // bob's own command shows both to him, ephemerally, and sends no direct message.
        let p = prepare(&r, Some(&bob), Locales::default());
        assert_eq!(p.ephemeral.len(), 2);
        assert!(p.direct.is_empty());
        // News for a player of another platform is that platform's to deliver.
        let mut r = Reply::done(skald_session::Text::verbatim("alice played f4-e4"));
        let mut elsewhere = part("dropped", true);
        elsewhere.to = UserId::new("matrix", "@bob:example.org");
        r.private.push(elsewhere);
        assert!(
            prepare(&r, Some(&alice), Locales::default())
                .direct
                .is_empty()
        );
    }

    #[test]
    fn a_text_past_discords_cap_goes_on_in_more_messages_each_pinging_its_own() {
        // A round of a big tournament: 60 games, each line naming both players; the first
        // and the last game's players are pinged.
        let id = |i: u64| 200_000_000_000_000_000 + i;
        let mut lines = vec!["Round 1 of 5 starts:".to_string()];
        let mut r = Reply::done(skald_session::Text::verbatim(""));
        for g in 1..=60u64 {
            lines.push(format!(
                "#{g}: @P{} (Attackers) vs @P{} (Defenders)",
                2 * g,
                2 * g + 1
            ));
            for p in [2 * g, 2 * g + 1] {
                r.named.push(skald_session::User::new(
                    PLATFORM,
                    &id(p).to_string(),
                    &format!("P{p}"),
                ));
            }
        }
        r.text = skald_session::Text::verbatim(lines.join("\n"));
        for p in [2, 3, 120, 121] {
            r.ping(&UserId::new(PLATFORM, &id(p).to_string()));
        }
        let p = prepare(&r, None, Locales::default());
        let public = p.public.clone().expect("public part");
        assert!(
            !p.more.is_empty(),
            "one message of {} characters",
            public.text.len()
        );
        let all: Vec<&Outgoing> = p.channel_messages().collect();
        for m in &all {
            assert!(m.text.chars().count() <= 2000, "{}", m.text.chars().count());
            assert!(m.files.is_empty() && m.buttons.is_empty());
        }
        // Every line is there, in order, none cut in two.
        let joined: Vec<String> = all.iter().map(|m| m.text.clone()).collect();
        let shown = joined.join("\n");
        assert!(shown.starts_with("Round 1 of 5 starts:\n#1: <@200000000000000002>"));
        assert!(shown.ends_with(
            "#60: <@200000000000000120> (Attackers) vs <@200000000000000121> (Defenders)"
        ));
        assert_eq!(shown.lines().count(), 61);
        // The pinged: the first game's in the first message, the last game's in the last,
        // each once.
        assert_eq!(public.mentions, [id(2), id(3)]);
        assert_eq!(
            p.more.last().map(|m| m.mentions.clone()),
            Some(vec![id(120), id(121)])
        );
        let pings: usize = all.iter().map(|m| m.mentions.len()).sum();
        assert_eq!(pings, 4);
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use skald_session::files::{File, FileBody};
    use skald_session::{Private, Reply};

    fn record(stem: &str, bytes: &[u8]) -> File {
        File {
            game: 1,
            stem: stem.into(),
            body: FileBody::Record(bytes.to_vec()),
            caption: skald_session::t!("record-still-playing"),
        }
    }

    #[test]
    fn files_are_attached_where_their_reader_is_and_one_over_the_limit_is_explained() {
        let bob = UserId::new(PLATFORM, "222222222222222222");
        let mut r = Reply::done(skald_session::t!("record-still-playing"));
        r.files.push(record("skald-game-1", b"{}\n"));
        r.private.push(Private {
            to: bob.clone(),
            name: "bob".into(),
            text: skald_session::t!("record-your-values"),
            boards: Vec::new(),
            files: vec![record("skald-game-1-bob", b"{\"mine\":1}\n")],
            lang: None,
            news: false,
        });
        let p = prepare(&r, Some(&bob), Locales::default());
        let public = p.public.expect("public part");
        assert_eq!(
            public.files,
            [("skald-game-1.jsonl".into(), b"{}\n".to_vec())]
        );
        assert_eq!(p.ephemeral.len(), 1);
        assert_eq!(p.ephemeral[0].files[0].0, "skald-game-1-bob.jsonl");
        // Someone else's private file is never attached for the caller.
        let p = prepare(&r, None, Locales::default());
        assert!(p.ephemeral.is_empty());
        // A file bigger than Discord takes is left out, and the text says why.
        let big = vec![b' '; UPLOAD_LIMIT as usize + 1];
        let mut r = Reply::done(skald_session::t!("record-still-playing"));
        r.files.push(record("skald-game-1", &big));
        let public = prepare(&r, None, Locales::default())
            .public
            .expect("public part");
        assert!(public.files.is_empty());
        assert!(
            public.text.contains("more than the 10 MB"),
            "{}",
            public.text
        );
    }
}

#[cfg(test)]
mod help_tests {
    use super::*;

    use skald_session::help::help_text;

    #[test]
    fn help_on_discord_lists_slash_commands_with_their_options() {
        let help = discord_commands(&help_text(None).en(), &[], Lang::En);
        assert!(help.contains("`/challenge rule_set [opponent]"), "{help}");
        assert!(help.contains("`/move move [game]`"), "{help}");
        assert!(!help.contains("[#id]"), "{help}");
        assert!(help.contains("(`/help command` for more)"), "{help}");
        let one = discord_commands(&help_text(Some("move")).en(), &[], Lang::En);
        assert!(one.contains("example: `/move"), "{one}");
    }

    #[test]
    fn help_on_a_french_discord_names_the_french_slash_commands() {
        let help = discord_commands(&help_text(None).render(Lang::Fr), &[], Lang::Fr);
        assert!(help.contains("`/défier jeu [adversaire]"), "{help}");
        assert!(help.contains("`/jouer coup [partie]`"), "{help}");
        assert!(
            help.contains("(`/aide commande` pour en savoir plus)"),
            "{help}"
        );
        let one = discord_commands(&help_text(Some("move")).render(Lang::Fr), &[], Lang::Fr);
        assert!(
            one.starts_with("`/jouer coup [partie]`\u{a0}: jouer un coup"),
            "{one}"
        );
        assert!(one.contains("exemple\u{a0}: `/jouer coup:f2-f5`"), "{one}");
    }

    #[test]
    fn a_button_of_the_message_is_named_in_the_readers_language() {
        let choice = |label: skald_session::Text, line: &str| skald_session::Choice {
            label,
            command: skald_session::command::parse(line).expect("parses"),
            for_user: None,
        };
        let buttons = [
            choice(skald_session::t!("choice-accept"), "accept #4"),
            choice(skald_session::t!("choice-decline"), "decline #4"),
        ];
        let text = "@bob: `accept #4` or `decline #4`; `board #4`.";
        assert_eq!(
            discord_commands(text, &buttons, Lang::En),
            "@bob: press **Accept** or **Decline**; `/board game:4`."
        );
        let text = "@bob\u{a0}: `accept #4` ou `decline #4`.";
        assert_eq!(
            discord_commands(text, &buttons, Lang::Fr),
            "@bob\u{a0}: appuyez sur **Accepter** ou **Refuser**."
        );
    }
}
