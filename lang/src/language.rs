//! The languages Skald speaks, and how a platform's locale names them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A language Skald has message files for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English: the default, and the language of the code's names.
    #[default]
    En,
    /// French: the language of the rule texts these games come from.
    Fr,
}

impl Lang {
    /// Every language, in the order `language` lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The code players type (`language fr`) and the config names (`language = "fr"`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name for itself (`Français`), for lists a player of any language
    /// picks from.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
        }
    }

    /// The language a code or a platform's locale names: `fr`, `FR`, `fr-FR`, `fr-CA`,
    /// `en-US`, `en_GB`. `None` for a language Skald does not speak (the caller falls back).
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// Discord's locale names for this language, for command localisations (Discord lists
    /// `fr` alone, and English as `en-US` and `en-GB`).
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &["en-US", "en-GB"],
            Lang::Fr => &["fr"],
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_locales_name_their_language() {
        assert_eq!(Lang::from_locale("fr"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("fr-CA"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("EN_us"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de"), None);
        assert_eq!(Lang::from_locale(""), None);
    }
}
