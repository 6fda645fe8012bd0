# Your account: the language Skald writes to you in.

# A language's name in this one; $code: its code; $native: its own name for itself, for a
# language added after this file was written.
language-name = { $code ->
    [en] English
    [fr] French
   *[other] { $native }
}
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
store-unconfirmed = Sorry, the database did not confirm this in time: it may or may not have been saved. Look (`board`, `games`) before you try again.
store-failed = Sorry, the bot could not save this: the store failed. Nothing was changed; please try again later.
game-changed-meanwhile = Game #{ $id } changed while your command was on its way (another command was handled first), so nothing was done. Here is the board now; send your command again if it still applies.

# A platform by name: $platform is discord, matrix, console or other.
platform-name = { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] other
}
link-code-sent = { $name }: I sent you a link code, only to you.
link-code = Your link code is { $code }, valid until { $expires } ({ $minutes } minutes), once. On your other platform, send `link { $code }` where only you see it (/link on Discord; your direct room with me on Matrix): that account then plays as you, with your games and ratings. Never share the code: whoever uses it plays as you.
link-already-plays-as = this account already plays as { $player }; ask for a code from that account, or `unlink` this one first
link-not-a-code = '{ $typed }' is not a link code: a code is 8 letters and digits like ABCD-EFGH, from `link` on your other account
link-code-invalid = this link code is not valid: it may be mistyped, used already or expired (codes last 10 minutes). Ask for a new one with `link` on your other account.
link-own-code = this is the code of this very account: send it from your account on the other platform
link-already-plays-as-unlink = this account already plays as { $player }; `unlink` it first
link-others-play-as-this = other accounts already play as this one: join them the other way round (ask for the code here and send it there), or `unlink` them first
link-platform-taken = { $player } already has an account on { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] that platform
}: a player has one account per platform
link-challenge-pending = challenge #{ $id } of this account is still pending: cancel, accept or decline it first, then link
link-accounts-play-each-other = your two accounts play each other in game #{ $id }: finish or abort it first, then link
link-race = one of your games changed at this very moment; send `link` with the code again
link-not-linked = this account is not linked to another: `link` joins your accounts on two platforms into one player
link-several-named = several players are called { $name } ({ $players }); name the one you mean by their id
link-account-race = your account changed at this very moment; send the command again
link-joined = This { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] other
} account now plays as { $player }: same games, same ratings, on every platform.
link-games-moved = {" "}{ $n } { $n ->
    [one] game
   *[other] games
} of this account moved to { $player }.
link-ratings-merged = {" "}Ratings merged ({ $rule_sets }): on each ladder the rating with more games is kept.
link-unlinked-account = This { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] other
} account no longer plays as { $player }; the games and ratings stay with { $player }.
link-unlinked-player = Your { $platforms } { $n ->
    [one] account no longer plays
   *[other] accounts no longer play
} as you; your games and ratings stay here.

# The daily digest (`digest`) and `pings`, answered to the player alone.
# $at: the hour (09:00); $zone: an IANA time zone (Europe/Paris); $wait: how long until the
# next one ("23 hours"), which says it in any zone.
digest-is-on = Your daily digest comes at { $at } ({ $zone }); the next one in { $wait }. `digest off` stops it.
digest-is-off = You get no daily digest. `digest on 09:00 Europe/Paris` sends you, once a day at that hour in your time zone, the games where it is your turn (nothing on a day when none waits).
digest-started = Your daily digest comes at { $at } ({ $zone }), the first in { $wait }: the games where it is your turn, most urgent first, and nothing on a day when none waits. `pings off` also stops the mentions when a turn comes; `digest off` stops the digest.
digest-stopped = You get no daily digest any more.
# $word: what could not be read.
digest-bad-word = '{ $word }' is neither a time like 09:00 nor a time zone like Europe/Paris, America/Montreal or UTC; nothing was changed
digest-usage = expected `digest`, `digest on [HH:MM] [time zone]` (like `digest on 09:00 Europe/Paris`) or `digest off`
# $count: how many games wait for the player.
digest-head = Your daily digest: { $count ->
    [one] one game waits for your move
   *[other] { $count } games wait for your move, most urgent first
}.
# $place: where the game lives (a link on the reader's platform).
digest-line = #{ $id } { $rule_set } against { $opponent }: { $left } left (until { $deadline }), { $place }
pings-are-on = You are mentioned when a turn of yours comes. `pings off` stops that (the daily digest and the deadline reminders still come).
pings-are-off = You are not mentioned when a turn of yours comes; the daily digest and the deadline reminders tell you. `pings on` brings the mentions back.
pings-now-on = You are mentioned again when a turn of yours comes.
pings-now-off = You are no longer mentioned when a turn of yours comes: your daily digest and the deadline reminders tell you.
pings-now-off-no-digest = You are no longer mentioned when a turn of yours comes; only the deadline reminders will tell you. `digest on 09:00 Europe/Paris` sends you a daily list of the games waiting for you.
pings-usage = expected `pings`, `pings on` or `pings off`
