# Votre compte : la langue dans laquelle Skald vous écrit.

language-name-en = anglais
language-name-fr = français
# Une langue au choix : `language fr` (Français).
language-choice = `language { $code }` ({ $name })
language-chosen = Skald vous écrit en { $language }, comme vous l'avez choisi.
language-from-platform = Skald vous écrit en { $language }, la langue de votre application.
language-default = Skald vous écrit en { $language }, la langue de cette communauté.
language-how = Pour en changer : { $choices }.
language-set = Désormais, Skald vous écrit en { $language }.
language-channels = Ce que vous seul lisez est dans votre langue ; les messages d'un salon sont dans la langue de sa communauté.
