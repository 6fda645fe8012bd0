# Cette langue, telle que Skald la présente et que les plateformes la nomment.

# Le nom de la langue dans la langue elle-même, tel que `language` le montre à tous.
language-native-name = Français
# Les noms que Discord donne à cette langue, séparés par des espaces.
language-discord-locales = fr
# L'écriture des dates : `iso` ou `day-month-name` (28 novembre 2026).
language-date-style = day-month-name
