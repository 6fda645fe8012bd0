//! Discord's published limits on the requests the bot makes, as the fake Discord checks them
//! (<https://discord.com/developers/docs>: application commands, interaction responses,
//! message components, allowed mentions). The real Discord answers a request that breaks one
//! with `400 Invalid Form Body`; the fake does the same and records why, so a test fails on a
//! request Discord would refuse even when the bot shrugs the error off.

use serde_json::Value;

/// The most bytes one attachment may hold: 10 MiB, for a bot in a server without boosts.
pub const UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// What is wrong with a request to `path` (`/api/v10/...`) carrying `body`; empty when
/// Discord would take it.
pub fn problems(method: &str, path: &str, body: &Value) -> Vec<String> {
    let path = path.split('?').next().unwrap_or("");
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let mut out = Vec::new();
    match (method, parts.as_slice()) {
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => commands(body, &mut out),
        ("POST", ["interactions", _, _, "callback"]) => callback(body, &mut out),
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            message(body, &mut out)
        }
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => {
            message(body, &mut out)
        }
        ("POST", ["channels", _, "threads"]) => thread(body, &mut out),
        _ => {}
    }
    out
}

/// A thread made without a message (`POST /channels/{id}/threads`): a name of 1 to 100
/// characters, an auto-archive duration Discord offers (minutes), a thread type.
fn thread(body: &Value, out: &mut Vec<String>) {
    check_str(&body["name"], "thread name", 1, 100, out);
    let archive = &body["auto_archive_duration"];
    if !archive.is_null() && ![60, 1440, 4320, 10080].contains(&archive.as_u64().unwrap_or(0)) {
        out.push(format!(
            "thread auto_archive_duration {archive}: 60, 1440, 4320 or 10080"
        ));
    }
    let kind = &body["type"];
    if !kind.is_null() && ![10, 11, 12].contains(&kind.as_u64().unwrap_or(0)) {
        out.push(format!("thread type {kind}: 10, 11 or 12"));
    }
}

fn text_len(v: &Value) -> Option<usize> {
    v.as_str().map(|s| s.chars().count())
}

/// A required string of `min..=max` characters.
fn check_str(v: &Value, what: &str, min: usize, max: usize, out: &mut Vec<String>) {
    match text_len(v) {
        Some(n) if (min..=max).contains(&n) => {}
        Some(n) => out.push(format!("{what}: {n} characters, allowed {min} to {max}")),
        None => out.push(format!("{what}: missing or not a string ({v})")),
    }
}

/// An optional string of at most `max` characters.
fn check_opt_str(v: &Value, what: &str, max: usize, out: &mut Vec<String>) {
    if !v.is_null() {
        check_str(v, what, 0, max, out);
    }
}

/// A command or option name: 1 to 32 lower-case letters, digits, `-` or `_`.
fn check_name(v: &Value, what: &str, out: &mut Vec<String>) {
    let ok = v.as_str().is_some_and(|s| {
        (1..=32).contains(&s.chars().count())
            && s.chars()
                .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
    });
    if !ok {
        out.push(format!("{what}: invalid name {v}"));
    }
}

/// Discord's locales, the keys of a localisation map.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// A localisation map (`name_localizations`, `description_localizations`): known locales,
/// each value a valid name (`names`) or a string of 1 to `max` characters.
fn check_localizations(v: &Value, what: &str, names: bool, max: usize, out: &mut Vec<String>) {
    if v.is_null() {
        return;
    }
    let Some(map) = v.as_object() else {
        out.push(format!("{what}: localizations not a map ({v})"));
        return;
    };
    for (locale, value) in map {
        if !LOCALES.contains(&locale.as_str()) {
            out.push(format!("{what}: unknown locale {locale}"));
        }
        let what = format!("{what} [{locale}]");
        if names {
            check_name(value, &what, out);
        } else {
            check_str(value, &what, 1, max, out);
        }
    }
}

fn array(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// The bulk overwrite of application commands.
fn commands(body: &Value, out: &mut Vec<String>) {
    let Some(list) = body.as_array() else {
        out.push("commands: not a list".into());
        return;
    };
    if list.len() > 100 {
        out.push(format!("commands: {} registered, at most 100", list.len()));
    }
    for c in list {
        let name = c["name"].as_str().unwrap_or("?");
        check_name(&c["name"], "command name", out);
        check_str(
            &c["description"],
            &format!("/{name} description"),
            1,
            100,
            out,
        );
        check_localizations(&c["name_localizations"], &format!("/{name}"), true, 32, out);
        let what = format!("/{name} description");
        check_localizations(&c["description_localizations"], &what, false, 100, out);
        options(name, array(&c["options"]), out);
    }
}

/// A command's options: at most 25, required ones first, each kind with only its fields;
/// subcommands (type 1) only beside other subcommands, never required, each holding
/// options of its own checked the same way.
fn options(command: &str, list: &[Value], out: &mut Vec<String>) {
    if list.len() > 25 {
        out.push(format!("/{command}: {} options, at most 25", list.len()));
    }
    let subs = list
        .iter()
        .filter(|o| o["type"].as_u64() == Some(1))
        .count();
    if subs > 0 && subs != list.len() {
        out.push(format!("/{command}: subcommands mixed with other options"));
    }
    let mut optional_seen = false;
    let mut names = std::collections::HashSet::new();
    for o in list {
        let name = o["name"].as_str().unwrap_or("?");
        let what = format!("/{command} {name}");
        check_name(&o["name"], &what, out);
        if !names.insert(name) {
            out.push(format!("{what}: duplicate option name"));
        }
        check_str(
            &o["description"],
            &format!("{what} description"),
            1,
            100,
            out,
        );
        check_localizations(&o["name_localizations"], &what, true, 32, out);
        let described = format!("{what} description");
        check_localizations(&o["description_localizations"], &described, false, 100, out);
        let required = o["required"].as_bool().unwrap_or(false);
        if o["type"].as_u64() == Some(1) {
            if required {
                out.push(format!("{what}: a required subcommand"));
            }
            let inner = array(&o["options"]);
            if inner
                .iter()
                .any(|i| matches!(i["type"].as_u64(), Some(1 | 2)))
            {
                out.push(format!("{what}: a subcommand inside a subcommand"));
            }
            options(&format!("{command} {name}"), inner, out);
            continue;
        }
        if required && optional_seen {
            out.push(format!("{what}: a required option after an optional one"));
        }
        optional_seen |= !required;
        let kind = o["type"].as_u64().unwrap_or(0);
        if !(3..=11).contains(&kind) {
            out.push(format!("{what}: option type {kind}"));
        }
        let numeric = kind == 4 || kind == 10;
        for bound in ["min_value", "max_value"] {
            let v = &o[bound];
            if v.is_null() {
                continue;
            }
            if !numeric {
                out.push(format!("{what}: {bound} on an option of type {kind}"));
            } else if kind == 4 && !v.is_i64() {
                out.push(format!("{what}: {bound} {v} is not an integer"));
            } else if v
                .as_f64()
                .is_some_and(|n| n.abs() > 9_007_199_254_740_991.0)
            {
                out.push(format!("{what}: {bound} {v} beyond ±2^53"));
            }
        }
        if let (Some(min), Some(max)) = (o["min_value"].as_f64(), o["max_value"].as_f64())
            && min > max
        {
            out.push(format!("{what}: min_value {min} above max_value {max}"));
        }
        for (bound, low) in [("min_length", 0), ("max_length", 1)] {
            let v = &o[bound];
            if v.is_null() {
                continue;
            }
            if kind != 3 {
                out.push(format!("{what}: {bound} on an option of type {kind}"));
            } else if !v.as_u64().is_some_and(|n| (low..=6000).contains(&n)) {
                out.push(format!("{what}: {bound} {v}, allowed {low} to 6000"));
            }
        }
        let choices = array(&o["choices"]);
        if choices.len() > 25 {
            out.push(format!("{what}: {} choices, at most 25", choices.len()));
        }
        if !choices.is_empty() && o["autocomplete"].as_bool() == Some(true) {
            out.push(format!("{what}: choices and autocomplete together"));
        }
        if !choices.is_empty() && !matches!(kind, 3 | 4 | 10) {
            out.push(format!("{what}: choices on an option of type {kind}"));
        }
        for ch in choices {
            check_str(&ch["name"], &format!("{what} choice name"), 1, 100, out);
            let named = format!("{what} choice name");
            check_localizations(&ch["name_localizations"], &named, false, 100, out);
            let fits = match kind {
                3 => text_len(&ch["value"]).is_some_and(|n| (1..=100).contains(&n)),
                4 => ch["value"].is_i64(),
                _ => ch["value"].is_number(),
            };
            if !fits {
                out.push(format!(
                    "{what}: choice value {} for type {kind}",
                    ch["value"]
                ));
            }
        }
    }
}

/// An interaction response: a known type, and a valid message or autocomplete result.
fn callback(body: &Value, out: &mut Vec<String>) {
    let data = &body["data"];
    match body["type"].as_u64() {
        Some(4 | 7) => message(data, out),
        Some(5 | 6) => flags(data, out),
        Some(8) => {
            let choices = array(&data["choices"]);
            if choices.len() > 25 {
                out.push(format!(
                    "autocomplete: {} choices, at most 25",
                    choices.len()
                ));
            }
            for ch in choices {
                check_str(&ch["name"], "autocomplete choice name", 1, 100, out);
                if ch["value"].is_string() {
                    check_str(&ch["value"], "autocomplete choice value", 1, 100, out);
                }
            }
        }
        Some(1 | 9 | 10 | 12) => {}
        other => out.push(format!("interaction response type {other:?}")),
    }
}

/// Only the message flags a bot may set (ephemeral, suppress embeds, silent).
fn flags(data: &Value, out: &mut Vec<String>) {
    let flags = data["flags"].as_u64().unwrap_or(0);
    if flags & !(64 | 4 | 4096) != 0 {
        out.push(format!("message flags {flags}"));
    }
}

/// A message: content within 2,000 characters, valid components and allowed mentions.
fn message(m: &Value, out: &mut Vec<String>) {
    check_opt_str(&m["content"], "content", 2000, out);
    // A nonce is an integer or a string of at most 25 characters.
    if !m["nonce"].is_u64() {
        check_opt_str(&m["nonce"], "nonce", 25, out);
    }
    flags(m, out);
    let rows = array(&m["components"]);
    if rows.len() > 5 {
        out.push(format!("{} component rows, at most 5", rows.len()));
    }
    let mut ids = std::collections::HashSet::new();
    for row in rows {
        if row["type"].as_u64() != Some(1) {
            out.push(format!("a top-level component of type {}", row["type"]));
            continue;
        }
        let parts = array(&row["components"]);
        let selects = parts
            .iter()
            .filter(|c| c["type"].as_u64() != Some(2))
            .count();
        if parts.is_empty()
            || parts.len() > 5
            || (selects > 0 && parts.len() > 1)
            || (selects == 0 && parts.iter().any(|c| c["type"].as_u64() != Some(2)))
        {
            out.push(format!(
                "a row of {} components ({selects} not buttons): 1 to 5 buttons or one select menu",
                parts.len()
            ));
        }
        for c in parts {
            if let Some(id) = c["custom_id"].as_str()
                && !ids.insert(id.to_string())
            {
                out.push(format!("custom_id {id} used twice"));
            }
            match c["type"].as_u64() {
                Some(2) => button(c, out),
                Some(3) => select(c, out),
                other => out.push(format!("component type {other:?}")),
            }
        }
    }
    mentions(&m["allowed_mentions"], out);
}

fn button(b: &Value, out: &mut Vec<String>) {
    let style = b["style"].as_u64().unwrap_or(0);
    if !(1..=5).contains(&style) {
        out.push(format!("button style {style}"));
    }
    if style == 5 {
        check_str(&b["url"], "link button url", 1, 512, out);
    } else {
        check_str(&b["custom_id"], "button custom_id", 1, 100, out);
    }
    check_opt_str(&b["label"], "button label", 80, out);
}

fn select(s: &Value, out: &mut Vec<String>) {
    check_str(&s["custom_id"], "select custom_id", 1, 100, out);
    check_opt_str(&s["placeholder"], "select placeholder", 150, out);
    let options = array(&s["options"]);
    if !(1..=25).contains(&options.len()) {
        out.push(format!("select menu of {} options, 1 to 25", options.len()));
    }
    let mut values = std::collections::HashSet::new();
    for o in options {
        check_str(&o["label"], "select option label", 1, 100, out);
        check_str(&o["value"], "select option value", 1, 100, out);
        check_opt_str(&o["description"], "select option description", 100, out);
        if !values.insert(o["value"].as_str().unwrap_or("").to_string()) {
            out.push(format!("select option value {} twice", o["value"]));
        }
    }
    for bound in ["min_values", "max_values"] {
        if let Some(n) = s[bound].as_u64()
            && n > 25
        {
            out.push(format!("select {bound} {n}"));
        }
    }
}

/// Allowed mentions: known parse kinds, at most 100 users, and never both `parse: users`
/// and a user list (Discord refuses the pair).
fn mentions(a: &Value, out: &mut Vec<String>) {
    if a.is_null() {
        return;
    }
    let parse: Vec<&str> = array(&a["parse"])
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if parse
        .iter()
        .any(|p| !matches!(*p, "users" | "roles" | "everyone"))
    {
        out.push(format!("allowed_mentions.parse {parse:?}"));
    }
    let users = array(&a["users"]);
    if users.len() > 100 {
        out.push(format!(
            "allowed_mentions: {} users, at most 100",
            users.len()
        ));
    }
    if parse.contains(&"users") && !users.is_empty() {
        out.push("allowed_mentions: parse users together with a user list".into());
    }
    if users
        .iter()
        .any(|u| u.as_str().is_none_or(|s| s.parse::<u64>().is_err()))
    {
        out.push(format!("allowed_mentions.users {users:?}: not snowflakes"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn what_discord_refuses_is_found() {
        let ok = json!({"type": 4, "data": {"content": "hi", "components": [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "a", "custom_id": "1:a"}]},
            {"type": 1, "components": [{"type": 3, "custom_id": "pick",
                "options": [{"label": "x", "value": "1:x"}]}]}],
            "allowed_mentions": {"parse": [], "users": ["1"]}}});
        assert!(problems("POST", "/api/v10/interactions/1/t/callback", &ok).is_empty());
        let long = json!({"type": 4, "data": {"content": "x".repeat(2001)}});
        assert_eq!(
            problems("POST", "/api/v10/interactions/1/t/callback", &long).len(),
            1
        );
        let wall = json!({"content": "x", "components": (0..6)
            .map(|r| json!({"type": 1, "components": [{"type": 2, "style": 2, "label": "b", "custom_id": format!("{r}")}]}))
            .collect::<Vec<_>>()});
        assert!(!problems("POST", "/api/v10/channels/1/messages", &wall).is_empty());
        let mixed = json!({"content": "x", "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "b", "custom_id": "b"},
            {"type": 3, "custom_id": "s", "options": [{"label": "x", "value": "x"}]}]}]});
        assert!(!problems("POST", "/api/v10/channels/1/messages", &mixed).is_empty());
        let mixed_subcommands = json!([{"name": "tournament", "description": "T", "options": [
            {"type": 1, "name": "join", "description": "j", "options": [
                {"type": 4, "name": "tournament", "description": "t", "min_value": 0, "max_length": 3}]},
            {"type": 3, "name": "action", "description": "a"}]}]);
        let found = problems(
            "PUT",
            "/api/v10/applications/1/commands",
            &mixed_subcommands,
        );
        assert!(found.iter().any(|p| p.contains("mixed")), "{found:?}");
        assert!(
            found
                .iter()
                .any(|p| p.contains("/tournament join tournament: max_length")),
            "{found:?}"
        );
        let commands = json!([{"name": "move", "description": "Play", "options": [
            {"type": 4, "name": "game", "description": "g", "required": false},
            {"type": 3, "name": "move", "description": "m", "required": true, "max_length": 7000}]}]);
        assert_eq!(
            problems("PUT", "/api/v10/applications/1/commands", &commands).len(),
            2
        );
        let localised = json!([{"name": "move", "description": "Play",
            "name_localizations": {"fr": "Jouer", "xx": "jouer"},
            "description_localizations": {"fr": "x".repeat(101)}}]);
        assert_eq!(
            problems("PUT", "/api/v10/applications/1/commands", &localised).len(),
            3,
            "an upper-case name, an unknown locale, a description too long"
        );
    }
}
