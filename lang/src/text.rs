//! A text for players before it is in any language: the session's answers are made of these,
//! and each adapter renders them for each reader.

use crate::Lang;
use crate::language::DateStyle;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A text for players, not yet in any language: message ids with their arguments, words that
/// are the same in every language (names, move notation, a board's grid), and lists.
///
/// Built with [`t!`](crate::t) and the methods below, rendered with [`Text::render`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text(Vec<Part>);

/// One piece of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Part {
    /// A message from the files.
    Msg(Msg),
    /// Words the same in every language.
    Verbatim(String),
    /// Items written as the language writes a list: `a, b and c`, `a, b et c`.
    List(Vec<Text>),
    /// A moment (UTC) written as the language writes dates.
    DateTime(DateTime),
}

/// A moment in UTC, by its calendar fields, for [`Text::date_time`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateTime {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month.
    pub day: u8,
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute.
    pub minute: u8,
}

/// One message of the files with its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Msg {
    /// The message id (`game-move-played`), or `id.attribute` for one of its attributes.
    id: Cow<'static, str>,
    /// The arguments the message's patterns use (`$name`), by name.
    args: Vec<(Cow<'static, str>, Arg)>,
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// Words the same in every language: a name, a move, a game number written out.
    Str(String),
    /// A number: the messages choose plural forms by it (`{ $n -> [one] … *[other] … }`).
    Int(i64),
    /// A text of its own, rendered in the same language first.
    Text(Text),
}

impl Msg {
    /// The message `id` with no arguments yet.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// Adds the argument `name`.
    pub fn arg(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Arg>) -> Msg {
        self.args.push((name.into(), value.into()));
        self
    }

    /// The message id, for tests and for adapters that key on it.
    pub fn id(&self) -> &str {
        &self.id
    }

    fn render(&self, lang: Lang) -> String {
        let args: Vec<(&str, crate::catalog::Value)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Str(s) => crate::catalog::Value::Str(s.clone()),
                    Arg::Int(n) => crate::catalog::Value::Int(*n),
                    Arg::Text(t) => crate::catalog::Value::Str(t.render(lang)),
                };
                (name.as_ref(), value)
            })
            .collect();
        crate::catalog::format(lang, &self.id, &args)
    }
}

impl Text {
    /// An empty text.
    pub fn new() -> Text {
        Text(Vec::new())
    }

    /// Words the same in every language (a name, a move, a board's grid of symbols). Never
    /// a sentence: those are messages, so that they can be translated.
    pub fn verbatim(words: impl Into<String>) -> Text {
        let words = words.into();
        if words.is_empty() {
            return Text::new();
        }
        Text(vec![Part::Verbatim(words)])
    }

    /// Items written as a list in the reader's language (`a, b and c`).
    pub fn list(items: impl IntoIterator<Item = Text>) -> Text {
        Text(vec![Part::List(items.into_iter().collect())])
    }

    /// A moment as the reader's language writes it: `2026-11-28 08:07 UTC`,
    /// `28 novembre 2026 à 08:07 UTC`.
    pub fn date_time(at: DateTime) -> Text {
        Text(vec![Part::DateTime(at)])
    }

    /// Items joined by `separator` (punctuation the same in every language: `; `, `, `).
    pub fn join(items: impl IntoIterator<Item = Text>, separator: &str) -> Text {
        let mut text = Text::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text.push(Text::verbatim(separator));
            }
            text.push(item);
        }
        text
    }

    /// Lines joined by line breaks (empty texts skipped).
    pub fn lines(lines: impl IntoIterator<Item = Text>) -> Text {
        let mut text = Text::new();
        for line in lines {
            text.line(line);
        }
        text
    }

    /// Whether there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Appends another text right after this one (no space: put one in the messages).
    pub fn push(&mut self, more: impl Into<Text>) {
        let more = more.into();
        self.0.extend(more.0);
    }

    /// [`Text::push`] by value, for chains.
    pub fn then(mut self, more: impl Into<Text>) -> Text {
        self.push(more);
        self
    }

    /// Appends a line: a line break first unless the text is empty. An empty line is skipped.
    pub fn line(&mut self, line: impl Into<Text>) {
        let line = line.into();
        if line.is_empty() {
            return;
        }
        if !self.is_empty() {
            self.0.push(Part::Verbatim("\n".to_string()));
        }
        self.0.extend(line.0);
    }

    /// The messages this text uses, in order (nested ones included), for tests that check
    /// what was said without depending on the wording.
    pub fn message_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        self.collect_ids(&mut ids);
        ids
    }

    fn collect_ids<'a>(&'a self, ids: &mut Vec<&'a str>) {
        for part in &self.0 {
            match part {
                Part::Msg(msg) => {
                    ids.push(msg.id());
                    for (_, arg) in &msg.args {
                        if let Arg::Text(t) = arg {
                            t.collect_ids(ids);
                        }
                    }
                }
                Part::Verbatim(_) | Part::DateTime(_) => {}
                Part::List(items) => items.iter().for_each(|t| t.collect_ids(ids)),
            }
        }
    }

    /// The text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::new();
        for part in &self.0 {
            match part {
                Part::Msg(msg) => out.push_str(&msg.render(lang)),
                Part::Verbatim(words) => out.push_str(words),
                Part::List(items) => out.push_str(&render_list(lang, items)),
                Part::DateTime(at) => out.push_str(&render_date(lang, at)),
            }
        }
        out
    }

    /// The text in English: for tests, logs an operator reads, and the command line.
    pub fn en(&self) -> String {
        self.render(Lang::En)
    }
}

/// A date in the language's style: the numbers and month as `date-time` takes them there
/// (English: ISO digits; French: the day, the month's name).
fn render_date(lang: Lang, at: &DateTime) -> String {
    use crate::catalog::Value;
    // The day as a number where the language words it (French "1er"), as digits in ISO.
    let (month, day) = match lang.date_style() {
        DateStyle::Iso => (
            format!("{:02}", at.month),
            Value::Str(format!("{:02}", at.day)),
        ),
        DateStyle::DayMonthName => (
            crate::catalog::format(lang, &format!("month-{}", at.month), &[]),
            Value::Int(i64::from(at.day)),
        ),
    };
    crate::catalog::format(
        lang,
        "date-time",
        &[
            ("year", Value::Str(at.year.to_string())),
            ("month", Value::Str(month)),
            ("day", day),
            ("hour", Value::Str(format!("{:02}", at.hour))),
            ("minute", Value::Str(format!("{:02}", at.minute))),
        ],
    )
}

/// `a`, `a and b`, `a, b and c` in the language's words (`list-pair`, `list-more`).
fn render_list(lang: Lang, items: &[Text]) -> String {
    let rendered: Vec<String> = items.iter().map(|t| t.render(lang)).collect();
    match rendered.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let head = init.join(", ");
            crate::catalog::format(
                lang,
                "list-last",
                &[
                    ("head", crate::catalog::Value::Str(head)),
                    ("last", crate::catalog::Value::Str(last.clone())),
                ],
            )
        }
    }
}

impl From<Msg> for Text {
    fn from(msg: Msg) -> Text {
        Text(vec![Part::Msg(msg)])
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Text(m.into())
    }
}

macro_rules! int_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_args!(i64, u64, i32, u32, u16, u8, usize);

/// A message as a [`Text`]: `t!("game-over")`, `t!("game-won", winner = name, moves = 42)`.
/// Argument names are the Fluent variables (`$winner`).
#[macro_export]
macro_rules! t {
    ($id:literal $(,)?) => {
        $crate::Text::from($crate::Msg::new($id))
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::Text::from($crate::Msg::new($id)$(.arg(stringify!($name), $value))+)
    };
}
