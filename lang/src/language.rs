//! The languages Skald speaks, and how a platform's locale names them.

use std::fmt;

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// How a language writes a moment (its `language.ftl` says which; `date-time` words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DateStyle {
    /// Digits, ISO order: `2026-11-28 08:07 UTC`.
    Iso,
    /// The day, the month's name (`month-1` … `month-12`), the year: `28 novembre 2026 …`.
    DayMonthName,
}

impl Lang {
    /// Every language, in the order `language` lists them (English first).
    pub const ALL: [Lang; LANGUAGES.len()] = {
        let mut all = [Lang::En; LANGUAGES.len()];
        let mut i = 0;
        while i < LANGUAGES.len() {
            all[i] = LANGUAGES[i].0;
            i += 1;
        }
        all
    };

    fn entry(
        self,
    ) -> &'static (
        Lang,
        &'static str,
        &'static str,
        &'static [&'static str],
        DateStyle,
    ) {
        // Every variant has its row: both are written from the same directory list.
        LANGUAGES
            .iter()
            .find(|row| row.0 == self)
            .unwrap_or(&LANGUAGES[0])
    }

    /// The code players type (`language fr`) and the config names (`language = "fr"`): the
    /// name of its directory under `lang/locales/`.
    pub fn code(self) -> &'static str {
        self.entry().1
    }

    /// The language's own name for itself (`Français`), for lists a player of any language
    /// picks from (`language-native-name` in its `language.ftl`).
    pub fn native_name(self) -> &'static str {
        self.entry().2
    }

    /// The language a code or a platform's locale names: `fr`, `FR`, `fr-FR`, `fr-CA`,
    /// `en-US`, `en_GB`. `None` for a language Skald does not speak (the caller falls back).
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let locale = locale.trim().replace('_', "-");
        let primary = locale.split('-').next().unwrap_or_default();
        let find = |code: &str| {
            Lang::ALL
                .into_iter()
                .find(|l| l.code().eq_ignore_ascii_case(code))
        };
        find(&locale).or_else(|| find(primary))
    }

    /// Discord's locale names for this language, for command localisations (Discord lists
    /// `fr` alone, and English as `en-US` and `en-GB`): `language-discord-locales`.
    pub fn discord_locales(self) -> &'static [&'static str] {
        self.entry().3
    }

    /// How this language writes dates.
    pub(crate) fn date_style(self) -> DateStyle {
        self.entry().4
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

    /// A language is a directory of `lang/locales/`: each one found is a `Lang`, named by its
    /// directory, described by its own `language.ftl`.
    #[test]
    fn every_directory_of_message_files_is_a_language() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let mut codes: Vec<String> = std::fs::read_dir(dir)
            .expect("the locales directory")
            .filter_map(Result::ok)
            .filter(|e| e.path().is_dir())
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .collect();
        codes.sort();
        let mut known: Vec<String> = Lang::ALL.iter().map(|l| l.code().to_string()).collect();
        known.sort();
        assert_eq!(codes, known);
        assert_eq!(
            Lang::ALL[0],
            Lang::En,
            "English first: the default and the fallback"
        );
        assert_eq!(Lang::Fr.native_name(), "Français");
        assert_eq!(Lang::En.discord_locales(), ["en-US", "en-GB"]);
        assert_eq!(Lang::Fr.discord_locales(), ["fr"]);
        assert_eq!(Lang::Fr.date_style(), DateStyle::DayMonthName);
    }
}
