# This language, as Skald lists it and as platforms name it. A new language is a new
# directory beside this one (named by its code, like `de` or `pt-BR`) holding every file
# English has, this one included; `lang/build.rs` finds it.

# The language's own name for itself, as `language` lists it to speakers of any language.
language-native-name = English
# Discord's names for this language's locales, separated by spaces (slash commands are
# registered with their names in each).
language-discord-locales = en-US en-GB
# How dates are written: `iso` (2026-11-28 08:07 UTC) or `day-month-name` (28 November 2026,
# with `month-1` … `month-12`); `date-time` in common.ftl words the result.
language-date-style = iso
