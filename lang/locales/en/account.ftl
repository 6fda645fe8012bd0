# Your account: the language Skald writes to you in.

language-name-en = English
language-name-fr = French
# One language a player may pick: `language fr` (Français).
language-choice = `language { $code }` ({ $name })
language-chosen = Skald writes to you in { $language }, as you chose.
language-from-platform = Skald writes to you in { $language }, the language of your app.
language-default = Skald writes to you in { $language }, this community's language.
language-how = To change it: { $choices }.
language-set = From now on Skald writes to you in { $language }.
language-channels = What only you read is in your language; a channel's messages are in its community's.
