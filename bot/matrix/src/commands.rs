//! Which messages are commands: `!skald <command>` (the prefix is configurable), or a
//! message that mentions the bot (`skald: move f2-f5`, a pill, `@skald:server move ...`).
//! Pills in the HTML body become `@user:server`, the form the session's grammar reads; the
//! bot's own id after the command word becomes `@skald`, the built-in engine
//! (`!skald challenge tafl @skald:example.org hard` plays the engine).

use matrix_sdk::ruma::events::room::message::Relation;
use matrix_sdk::ruma::events::room::message::{MessageType, RoomMessageEventContent};
use matrix_sdk::ruma::matrix_uri::MatrixId;
use matrix_sdk::ruma::{OwnedUserId, UserId};
use ruma::html::matrix::{AnchorUri, MatrixElement};
use ruma::html::{Html, NodeRef};
use skald_session::command::{self, ENGINE_HANDLE};

/// The command line in a message, or `None` when the message is not for the bot.
pub fn command_line(
    content: &RoomMessageEventContent,
    me: &UserId,
    prefix: &str,
) -> Option<String> {
    raw_command_line(content, me, prefix).map(|line| bot_as_engine(&line, me))
}

/// `line` with each word that is the bot's own id (`@skald:example.org`) replaced by the
/// engine's handle: challenging the bot means playing the built-in engine.
fn bot_as_engine(line: &str, me: &UserId) -> String {
    line.split(' ')
        .map(|word| {
            if word.eq_ignore_ascii_case(me.as_str()) {
                format!("@{ENGINE_HANDLE}")
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn raw_command_line(
    content: &RoomMessageEventContent,
    me: &UserId,
    prefix: &str,
) -> Option<String> {
    let MessageType::Text(text) = &content.msgtype else {
        return None;
    };
    let html = text
        .formatted
        .as_ref()
        .filter(|f| f.format == matrix_sdk::ruma::events::room::message::MessageFormat::Html)
        .map(|f| pills_to_ids(&f.body));
    let body = match html {
        Some(html) => html,
        None if is_reply(content) => without_reply_fallback(&text.body).to_string(),
        None => text.body.clone(),
    };
    let body = body.trim();
    if let Some(rest) = strip_word(body, prefix) {
        return Some(nonempty(rest));
    }
    // Addressed by name first (`skald: board`, `@skald:example.org games`): always answered.
    for name in [me.as_str(), me.localpart()] {
        let at_name = format!("@{name}");
        if let Some(rest) = strip_word(body, &at_name) {
            return Some(nonempty(rest.trim_start_matches([':', ','])));
        }
        if let Some(rest) = strip_word(body, name) {
            if rest.starts_with([':', ',']) || rest.trim().is_empty() {
                return Some(nonempty(rest.trim_start_matches([':', ','])));
            }
            // `skald board`: a command only when one follows.
            return command::in_sentence(rest);
        }
    }
    // A mention further on (`hey @skald, board please`): the command follows it.
    if let Some(rest) = after_mention(body, me) {
        return command::in_sentence(rest);
    }
    // Mentioned only through `m.mentions` (a reply to the bot's message): a command when
    // the message is one, chatter otherwise.
    let mentioned = content
        .mentions
        .as_ref()
        .is_some_and(|m| m.user_ids.contains(me));
    if mentioned {
        return command::in_sentence(body);
    }
    None
}

/// Whether the message replies to another (`m.in_reply_to`, in a thread or not).
fn is_reply(content: &RoomMessageEventContent) -> bool {
    match &content.relates_to {
        Some(Relation::Reply(_)) => true,
        Some(Relation::Thread(thread)) => thread.in_reply_to.is_some(),
        _ => false,
    }
}

/// A reply's plain body without the legacy fallback older clients put before it: the
/// quoted lines (`> <@bob:x> said this`) and the empty line after them.
fn without_reply_fallback(body: &str) -> &str {
    if !body.starts_with('>') {
        return body;
    }
    let mut rest = body;
    while rest.starts_with('>') {
        rest = rest.split_once('\n').map_or("", |(_, r)| r);
    }
    rest.strip_prefix('\n').unwrap_or(rest)
}

/// The text after the first word that mentions the bot (`@skald`, `@skald:example.org`,
/// followed by punctuation or not), if one does.
fn after_mention<'a>(body: &'a str, me: &UserId) -> Option<&'a str> {
    let short = format!("@{}", me.localpart());
    let mut offset = 0;
    for word in body.split_inclusive(char::is_whitespace) {
        offset += word.len();
        let bare = word
            .trim_end()
            .trim_end_matches([',', ':', ';', '.', '!', '?']);
        if bare.eq_ignore_ascii_case(me.as_str()) || bare.eq_ignore_ascii_case(&short) {
            let consumed = offset - word.len() + word.trim_end().len();
            let rest = &body[consumed..];
            return Some(rest);
        }
    }
    None
}

fn nonempty(s: &str) -> String {
    if s.trim().is_empty() {
        "help".to_string()
    } else {
        s.trim().to_string()
    }
}

/// `text` without a leading `word` (case-insensitive) that ends there or before a space,
/// `:` or `,`.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &text[word.len()..];
    (rest.is_empty() || rest.starts_with([' ', ':', ',', '\n'])).then_some(rest)
}

/// An HTML body as plain text, each pill (`<a href="https://matrix.to/#/@bob:x">Bob</a>`,
/// or a `matrix:u/bob:x` link) replaced by the id it links to, the other tags dropped and the
/// quoted message of a reply (`<mx-reply>`) left out. Ruma's HTML reader parses the body
/// (html5ever: character references, unclosed tags) and reads each link as a Matrix URI.
pub fn pills_to_ids(html: &str) -> String {
    let mut out = String::new();
    for node in Html::parse(html).children() {
        plain_text(&node, &mut out);
    }
    out
}

/// Appends `node`'s text to `out`, pills as the ids they link to.
fn plain_text(node: &NodeRef, out: &mut String) {
    if let Some(text) = node.as_text() {
        out.push_str(&text.borrow());
        return;
    }
    if let Some(element) = node.as_element() {
        match element.to_matrix().element {
            MatrixElement::MatrixReply => return,
            MatrixElement::A(anchor) => {
                if let Some(user) = anchor.href.as_ref().and_then(pill_target) {
                    out.push_str(user.as_str());
                    return;
                }
            }
            MatrixElement::Br | MatrixElement::P => out.push(' '),
            _ => {}
        }
    }
    for child in node.children() {
        plain_text(&child, out);
    }
}

/// The user a link points to: a `https://matrix.to/#/@bob:x` link (percent-encoded or not,
/// `?via=` allowed) or a `matrix:u/bob:x` URI; links to rooms, events or elsewhere are not
/// pills.
fn pill_target(href: &AnchorUri) -> Option<OwnedUserId> {
    let id = match href {
        AnchorUri::MatrixTo(uri) => uri.id(),
        AnchorUri::Matrix(uri) => uri.id(),
        _ => return None,
    };
    match id {
        MatrixId::User(user) => Some(user.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::user_id;

    fn line(body: &str) -> Option<String> {
        command_line(
            &RoomMessageEventContent::text_plain(body),
            user_id!("@skald:example.org"),
            "!skald",
        )
    }

    #[test]
    fn prefix_and_names_start_commands() {
        assert_eq!(line("!skald move f2-f5").as_deref(), Some("move f2-f5"));
        assert_eq!(line("!SKALD help").as_deref(), Some("help"));
        assert_eq!(line("!skald").as_deref(), Some("help"));
        assert_eq!(line("skald: board").as_deref(), Some("board"));
        assert_eq!(line("@skald:example.org games").as_deref(), Some("games"));
        assert_eq!(line("!skaldish move"), None);
        assert_eq!(
            line("!skald challenge tafl @skald:example.org hard").as_deref(),
            Some("challenge tafl @skald hard"),
            "challenging the bot plays the engine"
        );
        assert_eq!(
            line("@skald:example.org challenge tafl @bob:example.org").as_deref(),
            Some("challenge tafl @bob:example.org")
        );
        assert_eq!(line("hello everyone"), None);
    }

    #[test]
    fn a_mention_mid_sentence_runs_the_command_after_it() {
        assert_eq!(line("hey @skald, board please").as_deref(), Some("board"));
        assert_eq!(
            line("hey @skald:example.org: move d1-d4").as_deref(),
            Some("move d1-d4")
        );
        assert_eq!(line("skald board").as_deref(), Some("board"));
        assert_eq!(line("thanks @skald!"), None, "chatter is not answered");
        assert_eq!(line("skald is fun"), None);
        assert_eq!(line("I like @skaldic poetry"), None);
    }

    #[test]
    fn a_reply_is_read_without_its_fallback_and_chatter_in_replies_is_ignored() {
        let me = user_id!("@skald:example.org");
        let reply = |body: &str| {
            let mut c = RoomMessageEventContent::text_plain(body);
            c.relates_to = Some(Relation::Reply(
                matrix_sdk::ruma::events::relation::Reply::new(
                    matrix_sdk::ruma::events::relation::InReplyTo::new(
                        matrix_sdk::ruma::owned_event_id!("$x:example.org"),
                    ),
                ),
            ));
            c.add_mentions(matrix_sdk::ruma::events::Mentions::with_user_ids([
                me.to_owned()
            ]))
        };
        let with_fallback =
            reply("> <@skald:example.org> Game #1: alice played\n> more\n\n!skald board");
        assert_eq!(
            command_line(&with_fallback, me, "!skald").as_deref(),
            Some("board")
        );
        assert_eq!(
            command_line(&reply("moves"), me, "!skald").as_deref(),
            Some("moves")
        );
        assert_eq!(
            command_line(&reply("thanks, nice move"), me, "!skald"),
            None
        );
        // Not a reply: a quote the player typed stays.
        assert_eq!(line("> !skald board"), None);
    }

    #[test]
    fn pills_become_ids() {
        let html =
            r#"!skald challenge tafl <a href="https://matrix.to/#/@bob:example.org">Bob</a> first"#;
        assert_eq!(
            pills_to_ids(html),
            "!skald challenge tafl @bob:example.org first"
        );
        let content = RoomMessageEventContent::text_html(
            "x",
            r#"<a href="https://matrix.to/#/@skald:example.org">Skald</a>: games"#,
        );
        assert_eq!(
            command_line(&content, user_id!("@skald:example.org"), "!skald").as_deref(),
            Some("games")
        );
    }

    #[test]
    fn ruma_reads_the_pills_links() {
        // Percent-encoded, with routing servers, single quotes, other attributes, `matrix:`.
        let html = "<a title='x' href='https://matrix.to/#/%40bob%3Aexample.org?via=example.org&amp;via=b.org'>Bob</a> \
             and <A HREF=\"matrix:u/carol:example.org\">Carol</A>";
        assert_eq!(
            pills_to_ids(html),
            "@bob:example.org and @carol:example.org"
        );
        // Links to rooms or elsewhere are not pills: their text stays.
        assert_eq!(
            pills_to_ids(
                r#"<a href="https://matrix.to/#/!room:example.org">room</a> <a href="https://example.org">site</a>"#
            ),
            "room site"
        );
        assert_eq!(
            pills_to_ids(r#"<abbr href="https://matrix.to/#/@bob:x">b</abbr>"#),
            "b"
        );
        // Character references are decoded once.
        assert_eq!(
            pills_to_ids("a &amp;lt; b &lt;3 &#64;x &#x41; &bogus; &"),
            "a &lt; b <3 @x A &bogus; &"
        );
        // A reply's quoted message is not part of the command.
        assert_eq!(
            pills_to_ids(
                "<mx-reply><blockquote>In reply to <a href=\"https://matrix.to/#/@bob:x\">bob</a> hi</blockquote></mx-reply>!skald board"
            ),
            "!skald board"
        );
    }
}
