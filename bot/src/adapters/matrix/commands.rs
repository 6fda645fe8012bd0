//! Which messages are commands: `!skald <command>` (the prefix is configurable), or a
//! message that mentions the bot (`skald: move f2-f5`, a pill, `@skald:server move ...`).
//! Pills in the HTML body become `@user:server`, the form the session's grammar reads; the
//! bot's own id after the command word becomes `@skald`, the built-in engine
//! (`!skald challenge tafl @skald:example.org hard` plays the engine).

use matrix_sdk::ruma::UserId;
use matrix_sdk::ruma::events::room::message::{MessageType, RoomMessageEventContent};
use skald_session::command::ENGINE_HANDLE;

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
    let body = html.unwrap_or_else(|| text.body.clone());
    let body = body.trim();
    if let Some(rest) = strip_word(body, prefix) {
        return Some(nonempty(rest));
    }
    let mentioned = content
        .mentions
        .as_ref()
        .is_some_and(|m| m.user_ids.contains(me));
    let names = [me.as_str().to_string(), me.localpart().to_string()];
    for name in &names {
        for lead in [format!("@{name}"), name.clone()] {
            if let Some(rest) = strip_word(body, &lead) {
                let rest = rest.trim_start_matches([':', ',']).trim();
                return Some(nonempty(rest));
            }
        }
    }
    mentioned.then(|| nonempty(body))
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

/// An HTML body as plain text, each pill (`<a href="https://matrix.to/#/@bob:x">Bob</a>`)
/// replaced by the id it links to and the other tags dropped.
pub fn pills_to_ids(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let Some(end) = after.find('>') else {
            out.push_str(after);
            rest = "";
            break;
        };
        let tag = &after[..=end];
        if let Some(id) = pill_target(tag) {
            // Skip the link's text up to `</a>`.
            let inner = &after[end + 1..];
            let close = inner.find("</a>").map_or(inner.len(), |i| i + 4);
            out.push_str(&id);
            rest = &inner[close..];
        } else {
            if tag.starts_with("<br") || tag.starts_with("<p") {
                out.push(' ');
            }
            rest = &after[end + 1..];
        }
    }
    out.push_str(rest);
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
}

/// The user id a pill's opening tag links to.
fn pill_target(tag: &str) -> Option<String> {
    let at = tag.find("https://matrix.to/#/")? + "https://matrix.to/#/".len();
    let id: String = tag[at..]
        .chars()
        .take_while(|c| !matches!(c, '"' | '\'' | '?' | '>'))
        .collect();
    let id = id
        .replace("%40", "@")
        .replace("%3A", ":")
        .replace("%3a", ":");
    id.starts_with('@').then_some(id)
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
}
