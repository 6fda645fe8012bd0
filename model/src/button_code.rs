//! A choice's command as its button code (`"1:accept:4"`, [`crate::command::encode`]), the one
//! encoding a stored notice and a platform's button share: only a command that reads back
//! exactly has one.

use crate::command::{Command, decode, encode};

/// The button code of `command`, when it reads back to exactly `command`.
pub(crate) fn code_of(command: &Command) -> Option<String> {
    encode(command).filter(|code| decode(code).as_ref() == Some(command))
}

/// Whether `command` has an exact button code.
pub(crate) fn exact_code(command: &Command) -> bool {
    code_of(command).is_some()
}

/// A [`Choice`](crate::Choice)'s command as its button code (`#[serde(with)]`).
pub(crate) mod serde_code {
    use super::{Command, code_of, decode};
    use serde::{Deserialize, Deserializer, Serializer, de, ser};
    use std::borrow::Cow;

    /// Writes the code; a command without an exact one is an error naming the command only.
    pub(crate) fn serialize<S: Serializer>(command: &Command, s: S) -> Result<S::Ok, S::Error> {
        match code_of(command) {
            Some(code) => s.serialize_str(&code),
            None => Err(ser::Error::custom(format_args!(
                "the `{}` choice has no exact button code",
                command.name()
            ))),
        }
    }

    /// Reads a code back; anything else is an error that does not quote it.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Command, D::Error> {
        let code = Cow::<str>::deserialize(d)?;
        decode(&code).ok_or_else(|| de::Error::custom("not a button code"))
    }
}
