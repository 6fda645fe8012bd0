//! Discord ids in the configuration file, written as admins copy them: a bare integer
//! (`guild = 812345678901234567`) or a quoted string (`guild = "812345678901234567"`), as
//! many bots' configurations quote them (Discord's own API sends ids as strings). Anything
//! else is refused with an error that says what is accepted.
//!
//! Used through `#[serde(default, deserialize_with = "...")]` on the configuration's id
//! fields: [`option`] for one optional id, [`list`] for a list of ids.

use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};
use std::fmt;

/// What the error of a value that is not an id says is accepted.
pub const ACCEPTED: &str = "a Discord id: a whole number like 812345678901234567, or the same digits in quotes (\"812345678901234567\")";

/// One Discord id read from either form, so a list may mix them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscordId(pub u64);

impl<'de> Deserialize<'de> for DiscordId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DiscordId, D::Error> {
        d.deserialize_any(IdVisitor)
    }
}

/// Reads an integer or a string of digits as an id.
struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = DiscordId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(ACCEPTED)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<DiscordId, E> {
        Ok(DiscordId(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<DiscordId, E> {
        u64::try_from(v)
            .map(DiscordId)
            .map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<DiscordId, E> {
        // Digits only: `parse` alone would take a leading `+`.
        if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
            return Err(E::invalid_value(Unexpected::Str(v), &self));
        }
        v.parse()
            .map(DiscordId)
            .map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
    }
}

/// An optional id (`guild = 81…` or `guild = "81…"`); pair with `#[serde(default)]` so a
/// missing key stays `None`.
pub fn option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(Option::<DiscordId>::deserialize(d)?.map(|id| id.0))
}

/// A list of ids, each in either form (`discord_guilds = [81…, "82…"]`); pair with
/// `#[serde(default)]` so a missing key is an empty list.
pub fn list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    Ok(Vec::<DiscordId>::deserialize(d)?
        .into_iter()
        .map(|id| id.0)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Section {
        #[serde(default, deserialize_with = "option")]
        guild: Option<u64>,
        #[serde(default, deserialize_with = "list")]
        guilds: Vec<u64>,
    }

    fn read(text: &str) -> Result<Section, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn an_id_is_read_as_an_integer_or_a_quoted_string() {
        let bare = read("guild = 812345678901234567").expect("an integer");
        assert_eq!(bare.guild, Some(812_345_678_901_234_567));
        let quoted = read("guild = \"812345678901234567\"").expect("a quoted id");
        assert_eq!(quoted.guild, Some(812_345_678_901_234_567));
        // Past i64::MAX only the quoted form can say it (TOML integers are i64).
        let big = read("guild = \"18446744073709551615\"").expect("u64::MAX quoted");
        assert_eq!(big.guild, Some(u64::MAX));
    }

    #[test]
    fn a_list_may_mix_both_forms_and_missing_keys_are_empty() {
        let s = read("guilds = [81, \"82\"]").expect("a mixed list");
        assert_eq!(s.guilds, vec![81, 82]);
        let none = read("").expect("nothing");
        assert_eq!(none.guild, None);
        assert!(none.guilds.is_empty());
    }

    #[test]
    fn anything_else_is_refused_saying_what_is_accepted() {
        for bad in [
            "guild = \"my server\"",
            "guild = \"\"",
            "guild = \"+81\"",
            "guild = \"81 \"",
            "guild = -5",
            "guild = 8.5",
            "guild = true",
            "guilds = [81, \"x\"]",
            "guild = \"99999999999999999999\"",
        ] {
            let err = read(bad).expect_err(bad);
            assert!(
                err.contains("a Discord id: a whole number")
                    && err.contains("or the same digits in quotes"),
                "{bad}: {err}"
            );
        }
    }
}
