//! The session's text as a Matrix HTML body: `code` spans as `<code>`, line breaks as
//! `<br>`, leading spaces kept (as no-break spaces), everything else escaped; a text board
//! as a preformatted block.

/// `text` as HTML: each `` `span` `` a `<code>` element (an unmatched backtick stays as
/// it is), line breaks kept, leading indentation kept, the rest escaped.
pub fn from_text(text: &str) -> String {
    text.split('\n')
        .map(line_html)
        .collect::<Vec<_>>()
        .join("<br>")
}

/// One line as HTML (see [`from_text`]).
fn line_html(line: &str) -> String {
    let body = line.trim_start_matches(' ');
    let indent = line.len() - body.len();
    let mut out = "&nbsp;".repeat(indent);
    let parts: Vec<&str> = body.split('`').collect();
    // An odd number of parts means every backtick is paired.
    let paired = parts.len() % 2 == 1;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if i % 2 == 1 && (paired || !last) {
            out.push_str("<code>");
            out.push_str(&escape(part));
            out.push_str("</code>");
        } else {
            if i % 2 == 1 {
                out.push('`');
            }
            out.push_str(&escape(part));
        }
    }
    out
}

/// A text board (or any block whose columns matter) as a preformatted block.
pub fn preformatted(text: &str) -> String {
    format!("<pre><code>{}</code></pre>", escape(text))
}

/// Text made safe inside HTML, as element text or a quoted attribute value: the four
/// characters HTML gives a meaning there. (Ruma's HTML crate reads HTML and serializes whole
/// trees; it has no function for a piece of text, and a crate for these four replacements
/// would add more than it saves.)
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_line_breaks_and_indentation() {
        assert_eq!(
            from_text("Moves (`move N` plays number N): 1. a<b"),
            "Moves (<code>move N</code> plays number N): 1. a&lt;b"
        );
        assert_eq!(
            from_text("usage:\n  `board [#id]`\nok"),
            "usage:<br>&nbsp;&nbsp;<code>board [#id]</code><br>ok"
        );
        assert_eq!(from_text("a ` b"), "a ` b", "an unmatched backtick stays");
        assert_eq!(
            from_text("`x` and ` y"),
            "<code>x</code> and ` y",
            "the last unpaired one stays"
        );
        assert_eq!(
            preformatted(" a <b>\n c"),
            "<pre><code> a &lt;b&gt;\n c</code></pre>"
        );
    }
}
