//! Secrets never reach a log line, whatever the log filter lets through. The HTTP and gateway
//! libraries log requests at debug and trace (serenity's request span prints the route with
//! an interaction's token, the gateway prints whole events), and a module-level directive
//! (`RUST_LOG=trace,serenity::http=trace`) lets them through whatever caps the bot sets.
//! An interaction token lets anyone answer as the bot for 15 minutes; the bot token, for
//! ever. So the masking is done where lines are written, not by trusting the filter: every
//! formatted line passes through [`mask`] before it reaches standard error.
//!
//! Masked: the secrets the configuration holds (the Discord bot token, the Matrix password
//! and access token), the token segment of `/interactions/<id>/<token>` and
//! `/webhooks/<id>/<token>` routes (and so of webhook URLs), and the value of any field
//! whose name ends in `token`, `password` or `authorization` (`token: "…"`,
//! `"token":"…"`, `token=…`, escaped or wrapped in `Some(…)`). See `docs/GUARANTEES.md`.

use std::io::{self, Write};
use std::sync::Arc;
use tracing_subscriber::fmt::MakeWriter;

/// What a masked secret is written as.
pub const MASK: &str = "[masked]";

/// Known secrets shorter than this are not masked by value (they would mask ordinary words);
/// the patterns still mask them where they stand as a token.
pub const MIN_SECRET_LEN: usize = 6;

/// Field names (case-insensitive suffixes of an identifier) whose values are masked.
const SECRET_KEYS: [&str; 3] = ["token", "password", "authorization"];

/// Route prefixes whose second segment is a token: `/interactions/<id>/<token>/callback`,
/// `/webhooks/<application id>/<token>` (a webhook URL, an interaction's follow-ups).
const TOKEN_ROUTES: [&str; 2] = ["/interactions/", "/webhooks/"];

/// Masks every secret in `text`: the `known` ones by value, tokens by where they stand.
pub fn mask(text: &str, known: &[String]) -> String {
    let mut out = text.to_string();
    for secret in known.iter().filter(|s| s.len() >= MIN_SECRET_LEN) {
        out = out.replace(secret.as_str(), MASK);
        // As `Debug` writes it inside a quoted string (a password with a quote in it).
        let escaped = format!("{secret:?}");
        let escaped = &escaped[1..escaped.len() - 1];
        if escaped != secret {
            out = out.replace(escaped, MASK);
        }
    }
    let out = mask_routes(&out);
    mask_fields(&out)
}

/// Ends a token in a route or a field value.
fn ends_value(c: char) -> bool {
    c.is_whitespace() || matches!(c, '"' | '\'' | '\\' | ',' | '}' | ')' | ']' | '&' | ';')
}

/// The token segment of every `/interactions/<id>/<token>` and `/webhooks/<id>/<token>`.
fn mask_routes(text: &str) -> String {
    let mut out = text.to_string();
    for route in TOKEN_ROUTES {
        let mut result = String::with_capacity(out.len());
        let mut rest = out.as_str();
        while let Some(at) = rest.find(route) {
            let after = at + route.len();
            result.push_str(&rest[..after]);
            rest = &rest[after..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || !rest[digits..].starts_with('/') {
                continue;
            }
            result.push_str(&rest[..=digits]);
            rest = &rest[digits + 1..];
            let len = rest
                .find(|c: char| ends_value(c) || matches!(c, '/' | '?' | '#' | '>'))
                .unwrap_or(rest.len());
            if len > 0 && !rest.starts_with(MASK) {
                result.push_str(MASK);
                rest = &rest[len..];
            }
        }
        result.push_str(rest);
        out = result;
    }
    out
}

/// The value of every field named `…token`, `…password` or `…authorization`.
fn mask_fields(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut result = String::with_capacity(text.len());
    let mut copied = 0;
    let mut from = 0;
    while let Some((key_end, _)) = next_key(&lower, from) {
        from = key_end;
        let Some(value) = value_at(text, key_end) else {
            continue;
        };
        // Already hidden: by this writer, or by the library (`Secret([REDACTED …])`).
        let hidden = [MASK, "[REDACTED"];
        if value.is_empty() || hidden.iter().any(|h| text[value.start..].starts_with(h)) {
            continue;
        }
        result.push_str(&text[copied..value.start]);
        result.push_str(MASK);
        copied = value.end;
        from = value.end;
    }
    result.push_str(&text[copied..]);
    result
}

/// The end of the next secret field name at or after `from` (an identifier ending in one of
/// [`SECRET_KEYS`], not followed by more of an identifier), and which key it is.
fn next_key(lower: &str, from: usize) -> Option<(usize, &'static str)> {
    let mut best: Option<(usize, &'static str)> = None;
    for key in SECRET_KEYS {
        let mut start = from;
        while let Some(at) = lower.get(start..).and_then(|r| r.find(key)) {
            let end = start + at + key.len();
            let continues = lower[end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            if !continues {
                if best.is_none_or(|(b, _)| end < b) {
                    best = Some((end, key));
                }
                break;
            }
            start = end;
        }
    }
    best
}

/// Where the value of a field whose name ends at `key_end` stands: after `:` or `=` (with
/// quotes, backslashes, spaces and colour codes around it), inside `Some(`/`String(`, after
/// a `Bot `/`Bearer ` scheme. `None` when no value follows (the word in a sentence).
fn value_at(text: &str, key_end: usize) -> Option<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut i = key_end;
    let mut assigned = false;
    loop {
        match bytes.get(i) {
            Some(b'"' | b'\'' | b'\\' | b' ') => i += 1,
            Some(b':' | b'=') => {
                assigned = true;
                i += 1;
            }
            // An ANSI colour code between the name and the value (a terminal's log).
            Some(0x1b) if bytes.get(i + 1) == Some(&b'[') => {
                i += 2;
                while bytes.get(i).is_some_and(|b| !b.is_ascii_alphabetic()) {
                    i += 1;
                }
                i += 1;
            }
            _ => break,
        }
    }
    if !assigned {
        return None;
    }
    let i = i.min(text.len());
    // `Some("…")`, `String("…")`: the wrapper's name and parenthesis.
    let word = text[i..]
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let mut i = i;
    if word > 0 && bytes.get(i + word) == Some(&b'(') {
        i += word + 1;
    }
    while matches!(bytes.get(i), Some(b'"' | b'\'' | b'\\')) {
        i += 1;
    }
    // `Bot <token>`, `Bearer <token>`: the scheme stays, the credential goes.
    for scheme in ["Bot ", "Bearer "] {
        if text[i..].starts_with(scheme) {
            i += scheme.len();
        }
    }
    let len = text[i..].find(ends_value).unwrap_or(text.len() - i);
    let value = &text[i..i + len];
    if matches!(value, "None" | "null") {
        return None;
    }
    Some(i..i + len)
}

/// A [`MakeWriter`] that masks every line (see [`mask`]) before the inner writer gets it.
#[derive(Clone, Debug)]
pub struct MaskingWriter<M> {
    inner: M,
    known: Arc<Vec<String>>,
}

impl<M> MaskingWriter<M> {
    /// Wraps `inner`, masking `known` secrets by value besides the patterns.
    pub fn new(inner: M, known: Vec<String>) -> MaskingWriter<M> {
        MaskingWriter {
            inner,
            known: Arc::new(known),
        }
    }
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for MaskingWriter<M> {
    type Writer = Masked<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        Masked {
            inner: self.inner.make_writer(),
            known: self.known.clone(),
            pending: Vec::new(),
        }
    }

    fn make_writer_for(&'a self, meta: &tracing::Metadata<'_>) -> Self::Writer {
        Masked {
            inner: self.inner.make_writer_for(meta),
            known: self.known.clone(),
            pending: Vec::new(),
        }
    }
}

/// One event's writer: collects what is written, and passes it on masked, whole lines at a
/// time (a line is never split between two writes, so no secret is split either).
pub struct Masked<W: Write> {
    inner: W,
    known: Arc<Vec<String>>,
    pending: Vec<u8>,
}

impl<W: Write> Masked<W> {
    /// Writes the first `upto` bytes pending, masked.
    fn emit(&mut self, upto: usize) -> io::Result<()> {
        let chunk: Vec<u8> = self.pending.drain(..upto).collect();
        let text = String::from_utf8_lossy(&chunk);
        self.inner.write_all(mask(&text, &self.known).as_bytes())
    }
}

impl<W: Write> Write for Masked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.emit(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for Masked<W> {
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            let _ = self.emit(self.pending.len());
        }
        let _ = self.inner.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.bot-token-secret";
    const INTERACTION: &str = "aW50ZXJhY3Rpb246MTIzOnNlY3JldA";

    fn masked(line: &str) -> String {
        let out = mask(line, &[BOT.to_string()]);
        assert!(!out.contains(BOT), "{out}");
        assert!(!out.contains(INTERACTION), "{out}");
        out
    }

    #[test]
    fn every_form_a_token_is_logged_in_is_masked() {
        for line in [
            // serenity's request span: the route and the HTTP client's URL.
            format!(
                "request{{req=Request {{ body: None, route: InteractionResponse {{ interaction_id: InteractionId(1), token: \"{INTERACTION}\" }} }}}}"
            ),
            format!("POST http://127.0.0.1:9/api/v10/interactions/1/{INTERACTION}/callback"),
            format!("https://discord.com/api/v10/webhooks/900/{INTERACTION}/messages/@original"),
            format!("url=https://discord.com/api/webhooks/900/{INTERACTION}?wait=true"),
            // Gateway events: JSON, JSON inside a debug string, serde_json's Value.
            format!("{{\"op\":0,\"d\":{{\"token\":\"{INTERACTION}\",\"id\":\"1\"}}}}"),
            format!("Text(\"{{\\\"token\\\":\\\"{INTERACTION}\\\"}}\")"),
            format!("Object {{\"token\": String(\"{INTERACTION}\")}}"),
            format!("interaction_token={INTERACTION} other=1"),
            format!("token: Some(\"{INTERACTION}\")"),
            format!("\u{1b}[3mtoken\u{1b}[0m\u{1b}[2m=\u{1b}[0m{INTERACTION}"),
            // The bot token by value, and as an authorization header.
            format!("IDENTIFY {{\"token\":\"Bot {BOT}\"}}"),
            format!("authorization: \"Bot {BOT}\""),
            format!("something {BOT} else"),
        ] {
            masked(&line);
        }
    }

    #[test]
    fn what_is_no_secret_stays_readable() {
        for line in [
            "connected to Discord, commands registered",
            "token_env = SKALD_DISCORD_TOKEN; tokens: 3",
            "a token: none here",
            "/interactions/abc/def",
            "token: None",
        ] {
            let out = masked(line);
            if line != "a token: none here" {
                assert_eq!(out, line);
            }
        }
        assert_eq!(
            masked("POST /api/v10/interactions/12/tok/callback took 3 ms"),
            format!("POST /api/v10/interactions/12/{MASK}/callback took 3 ms")
        );
        assert_eq!(
            masked("route: Route { token: \"abc\", id: 3 }"),
            format!("route: Route {{ token: \"{MASK}\", id: 3 }}")
        );
        // Masking twice changes nothing more.
        let once = masked(&format!(
            "token: \"{INTERACTION}\" /webhooks/1/{INTERACTION}"
        ));
        assert_eq!(mask(&once, &[]), once);
        // A secret too short to mask by value is not hunted in ordinary words.
        assert_eq!(mask("a bc", &["bc".to_string()]), "a bc");
    }

    #[test]
    fn the_writer_masks_lines_split_across_writes() {
        let mut sink = Vec::new();
        {
            let mut w = Masked {
                inner: &mut sink,
                known: Arc::new(vec![BOT.to_string()]),
                pending: Vec::new(),
            };
            let line = format!("sent token=\"{INTERACTION}\" with {BOT}\nnext line");
            let (a, b) = line.split_at(20);
            w.write_all(a.as_bytes()).expect("written");
            w.write_all(b.as_bytes()).expect("written");
        }
        let out = String::from_utf8(sink).expect("UTF-8");
        assert!(!out.contains(INTERACTION) && !out.contains(BOT), "{out}");
        assert!(out.ends_with("next line"), "{out}");
    }
}
