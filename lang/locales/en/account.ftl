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

vacation-too-many = you have { $left } vacation { $left ->
    [one] day
   *[other] days
} left in { $year } (at most { $most } a year); ask for { $left } or fewer
vacation-moved = #{ $id } now due { $deadline }
vacation-race = one of your games changed at this very moment; send `vacation` again
vacation-done = { $name } is on vacation until { $until }: clocks are paused. { $left } vacation { $left ->
    [one] day
   *[other] days
} left this year.
vacation-deadlines = Deadlines moved: { $moved }.
vacation-turns = Turns that come to you meanwhile start counting when the vacation ends.

limit-rate = Slow down, please: each player may send at most { $commands } commands in { $seconds } seconds. Try again in { $wait } { $wait ->
    [one] second
   *[other] seconds
}; this command was not carried out.
limit-length = That message is too long to be a command: the limit is { $max } characters. Commands are short, like `move f2-f5`; `help` lists them. Nothing was done.
limit-challenges = you already have { $open } { $open ->
    [one] challenge
   *[other] challenges
} waiting for an answer, and the most allowed is { $max }; `cancel #id` withdraws one (`games` lists them). Nothing was done.
limit-games-challenge = you already play { $active } { $active ->
    [one] game
   *[other] games
}, and the most allowed at once is { $max }; challenge again when one of them has ended. Nothing was done.
limit-games-accept = you already play { $active } { $active ->
    [one] game
   *[other] games
}, and the most allowed at once is { $max }; accept #{ $challenge } when one of them has ended. Nothing was done.
limit-games-challenger = { $challenger } already plays { $active } { $active ->
    [one] game
   *[other] games
}, and the most allowed at once is { $max }; challenge #{ $challenge } stays open, accept it when one of their games has ended. Nothing was done.
store-failed = Sorry, the bot could not save this: the store failed. Nothing was changed; please try again later.
game-changed-meanwhile = Game #{ $id } changed while your command was on its way (another command was handled first), so nothing was done. Here is the board now; send your command again if it still applies.
