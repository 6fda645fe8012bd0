# A game as it goes: whose turn, what happened, refused moves, move lists.

dice-none = no dice

status-opening-roll = the opening roll is pending
status-must-roll = { $seat } must roll
status-to-move = { $seat } to move
status-to-move-dice = { $seat } to move with { $dice }
status-won = the game is over: { $winner } won ({ $why })
status-draw = the game is over: a draw ({ $why })
status-score = , score { $a } to { $b }

# The opening roll of Ad Elta Stelpur: each side's sum and dice.
event-opening-roll-sums = opening roll: { $a } { $sum_a } ({ $a1 }+{ $a2 }), { $b } { $sum_b } ({ $b1 }+{ $b2 })
event-opening-roll = opening roll: { $dice }
event-rolled = { $seat } rolled { $dice }
event-starts = { $seat } starts
event-moved = { $seat } moved { $from } to { $to }
event-moved-off = { $seat } moved { $from } off the board
event-bumped = { $seat } found { $target } taken and went on to { $landed }
event-captured = a piece of { $seat } was captured on { $at }
event-activated = { $seat } activated a peg, now on { $at }
event-left-board = a peg of { $seat } left the board from { $from }
event-hornaskella = { $seat } has a Hornaskella on { $at }
event-dice-lost = { $seat } could not use { $dice }
event-extra-roll = { $seat } rolls again
event-passed = { $seat } could not move and passed
event-won = game over: { $winner } won ({ $why })
event-draw = game over: draw ({ $why })

move-refused = cannot play '{ $mv }': { $why }
move-none-legal = no move is legal
move-legal = legal moves: { $moves }
move-legal-more = legal moves: { $moves } ... and { $more } more

moves-unreadable = (the record cannot be read)
moves-rolled = {" "}rolled { $dice }
moves-to-play = {" "}(to play)
moves-no-move = {" "}(no move)
moves-more-to-play = : { $moves } (more to play)
moves-played = : { $moves }

# `#3 Hnefatafl 11x11, alice vs bob`
game-title = #{ $id } { $rule_set }, { $a } vs { $b }
# A player and their side: `alice (Attackers)`.
game-player-seat = { $name } ({ $seat })
game-status = #{ $id }: { $status }
game-deadline = , deadline { $deadline } (in { $left }).
game-clocks = Clocks: { $clocks }.
game-your-values = Game #{ $id }: your pieces with their values (only you see them):
# The end of a sentence made of several messages.
sentence-end = .

result-wins = { $winner } wins: { $why }
result-draw = Draw: { $why }
result-score = {" "}(score { $a } to { $b })
result-resigned = { $loser } resigned; { $winner } wins
result-timed-out = { $loser } ran out of time; { $winner } wins
result-draw-agreed = Drawn by agreement
result-aborted = Aborted by { $player }; no result
result-aborted-on-time = { $player } ran out of time before both players had moved; the game is aborted without result
result-ratings = Ratings ({ $rule_set }): { $a } { $rating_a }, { $b } { $rating_b }.
result-casual = A casual game: ratings are unchanged.

# A board's description for screen readers: `#3 Hnefatafl 11x11, alice vs bob, move 5: bob (Defenders) to move`.
board-alt = { $title }, move { $n }: { $status }
board-alt-over = { $title }: game over, { $result }

moves-title = { $title }: moves
moves-none = (no moves yet)
moves-left-out = (the first { $n } lines are left out)

word-ranked = ranked
word-casual = casual
game-starts = Game #{ $id } starts: { $rule_set }, { $a } vs { $b }, { $kind }, { $days } { $days ->
    [one] day
   *[other] days
} per move.
game-takeback-engine = #{ $id }: { $player } takes back their last move and the engine's answer.
game-takeback-nothing = there is nothing for you to take back in game #{ $id }: you have not moved yet
game-resigns = #{ $id }: { $player } resigns.
game-aborts = #{ $id }: { $player } aborts the game.
game-abort-too-late = game #{ $id } cannot be aborted: both players have moved. `resign #{ $id }` gives it up, `draw #{ $id }` offers a draw.
board-title = { $title } ({ $kind })

move-not-your-turn = it is not your turn; { $status }
# Moves of one turn sent together, where the turn ended (or the dice were rolled) midway.
move-cannot-follow = after { $played } { $why ->
    [turn-over] your turn was over
   *[rolled-again] the dice were rolled again
}, so '{ $rest }' cannot follow; nothing was played. Send the moves up to { $last } first.
move-nothing-played = nothing was played (not even { $played }): send the whole turn again
usage-line = usage: `{ $usage }`
game-played = #{ $id }: { $player } played { $moves }.
arrange-not-subulata = game #{ $id } is { $rule_set }: only Subulata has a value arrangement
arrange-refused = cannot arrange in game #{ $id }: { $why }
arrange-done = #{ $id }: { $player } has arranged their pieces.
arrange-private = Game #{ $id }: your arrangement is set (you may change it until your first move):

draw-none-in-game = { $rule_set } has no draws: a game always ends with a winner. `resign #{ $id }` gives it up.
draw-engine = skald, the built-in engine, plays every game to its end and agrees to no draw; play on, or `resign #{ $id }` to give the game up
draw-accepted = #{ $id }: { $player } accepts the draw offer.
draw-already-offered = you already offered a draw in game #{ $id }; it stands until { $other } answers or moves
# $offer is `draw` or `takeback` (also the command that accepts).
offer-made = #{ $id }: { $player } { $offer ->
    [draw] offers a draw
   *[takeback] asks to take back their last move
}. { $other }: `{ $offer } #{ $id }` { $offer ->
    [draw] accepts
   *[takeback] grants it
}, `decline #{ $id }` refuses (moving refuses too).
offer-declined = #{ $id }: { $player } declines the { $offer ->
    [draw] draw offer
   *[takeback] takeback request
} of { $other }.
takeback-dice = { $rule_set } has dice: moves cannot be taken back once the dice fell
takeback-granted = #{ $id }: { $player } grants the takeback; { $asker }'s last move is undone.
takeback-already-asked = you already asked for a takeback in game #{ $id }; waiting for { $other }
takeback-nothing = there is nothing for you to take back in game #{ $id }: a takeback undoes your own last move, until your opponent moves

find-no-active-game = you have no active game here; name one with #id (`games` lists yours) or start one with `challenge <rule-set>`
find-which-game = you have { $n } active games here: { $games }; say which, like `{ $example }`
find-no-finished-game = you have no finished game here; name one with #id
find-other-channel = game #{ $id } is played in another channel ({ $channel }); send this command there
find-not-your-game = you are not playing game #{ $id } ({ $a } vs { $b })
find-game-over = game #{ $id } is over. { $result }
    `rematch #{ $id }` offers a new game; `history #{ $id }` shows it.
history-still-playing = (still being played)
deadline-time-ran-out = #{ $id }: { $player }'s time ran out.
deadline-reminder = Reminder, { $player }: your move in game #{ $id } ({ $rule_set }) is due by { $deadline }, in { $left }.
suggest-challenge = #{ $id } challenge: { $rule_set } by { $by }
missed-command = This command was sent { $age } ago, while I was away, so it was not run and nothing was changed. Send it again if you still want it.

# A challenge's terms: `Hnefatafl 11x11, ranked, 3 days per move; alice plays the Attackers (moves first)`.
challenge-terms = { $rule_set }, { $kind }, { $clock }; { $seat }
challenge-seat-first = { $player } plays { $seat } ({ $start ->
    [roll] an opening roll decides who starts
   *[first] moves first
})
challenge-seat-second = { $player } plays { $seat }
challenge-seat-random = seats drawn at random
clock-days-per-move = { $days } { $days ->
    [one] day
   *[other] days
} per move
bank = a bank of { $start }
bank-increment = , { $increment } added a move
bank-cap = , up to { $cap }
challenge-anyone-here = anyone here
challenge-summary-mine = #{ $id } you challenge { $opponent }: { $terms } (`cancel #{ $id }` withdraws it)
challenge-summary-for-you = #{ $id } { $challenger } challenges you: { $terms } (`accept #{ $id }` or `decline #{ $id }`)
challenge-summary-open = #{ $id } open challenge by { $challenger }: { $terms } (`accept #{ $id }`)
challenge-headline = Challenge #{ $id }
challenge-headline-rematch = Rematch of game #{ $game }, challenge #{ $id }
challenge-made = { $headline }: { $challenger } challenges @{ $opponent } to { $terms }.
    @{ $opponent }: `accept #{ $id }` or `decline #{ $id }`.
challenge-made-open = { $headline }: { $challenger } challenges anyone here to { $terms }.
    Anyone: `accept #{ $id }`.

games-your-move = your move
games-their-move = { $opponent } to move
games-line = #{ $id } { $rule_set }, you ({ $seat }) vs { $opponent }: { $whose }, deadline { $deadline } (in { $left })
games-clocks = , your clock { $mine }, { $opponent }'s { $theirs }
games-offer-waits = , an offer awaits your answer
games-none = You have no active games.
games-title = Your games:
games-no-challenges = No challenges are waiting. `challenge <rule-set>` makes one.
games-challenges = Challenges:

# Where a game is played: a link the reader can follow on their platform, else the platform.
home-in = in { $kind ->
    [link] { $channel }
   *[id] channel { $channel }
}
home-on = on { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] the console
   *[other] another platform
}
# A seat as the object of "plays": `the Attackers`, `White`.
challenge-seat-object = { $key ->
    [attackers] the Attackers
    [defenders] the Defenders
    [white] White
   *[black] Black
}
challenge-which = { $n } challenges fit: { $challenges }; say which, like `{ $example }`
challenge-other-channel = challenge #{ $id } was made in another channel, { $channel }; accept it there
challenge-values-placed = Game #{ $id }: you play { $seat }. Your values were placed at random (below). Until your first move you may place them yourself, privately: `arrange #{ $id } <nine values>` for { $order }.
secret-values-in-public = Everyone here can read what you type, so these values were not used and nothing was changed. Send `arrange` where only you see it: the /arrange command on Discord, your direct room with the bot on Matrix.
secret-link-in-public = Everyone here can read what you type, so link codes are not taken here and nothing was changed. Send `link` where only you see it: the /link command on Discord, your direct room with the bot on Matrix.
edit-of-done-command = That command was already carried out, so the edit was not run again. Send the new command as a new message.
edit-of-forgotten-message = That message is older than { $days } days, and I no longer remember whether I ran it, so the edit was not run and nothing was changed. Send the command as a new message.

challenge-yourself = you cannot challenge yourself; name someone else, or leave the @user out for an open challenge
challenge-already-accepted = challenge #{ $id } was already accepted: it is game #{ $id }
challenge-none-such = there is no challenge #{ $id } (it may have been answered or withdrawn); `games` lists the open ones
challenge-own = you cannot accept your own challenge; `cancel #{ $id }` withdraws it
challenge-not-for-you = challenge #{ $id } is for @{ $opponent }, not for you
challenge-answered-by-other = challenge #{ $id } was answered by someone else a moment ago
nothing-written = nothing was written
accept-none-here = there is no challenge for you here; `games` lists challenges, `challenge <rule-set>` makes one
decline-none-here = there is nothing for you to decline here: no challenge addressed to you, no draw offer or takeback request
decline-nothing-in-game = there is nothing to decline in game #{ $id }: no draw offer or takeback request is waiting for you
decline-which-game = offers are waiting in games { $games }; say which, like `decline #{ $id }`
decline-open-challenge = challenge #{ $id } is open to anyone, so it cannot be declined; leave it, or { $challenger } can `cancel #{ $id }` it
cancel-none-here = you have no challenge waiting here; `games` lists yours
cancel-not-yours = challenge #{ $id } is { $challenger }'s; only they can withdraw it{ $yours ->
    [declinable] {" "}(you can `decline #{ $id }` it)
   *[other] {""}
}
cancel-answered = challenge #{ $id } was answered a moment ago
rematch-not-yours = you did not play game #{ $id }; only its players can ask for a rematch
rematch-still-playing = game #{ $id } is still being played; a rematch comes after it ends
rematch-already-offered = you already offered a rematch: challenge #{ $challenge }, waiting for { $opponent }
rematch-already-game = the rematch of game #{ $id } is already game #{ $rematch }

takeback-engine-thinking = the engine is still thinking about its move in game #{ $id }; once it has moved, `takeback #{ $id }` undoes your move and its answer
engine-no-game = there is no game #{ $id }
engine-not-its-game = game #{ $id } is over or not the engine's
engine-game-changed = game #{ $id } changed while the engine thought
engine-no-move = the engine found no move in game #{ $id }
find-challenge-not-game = #{ $id } is a challenge nobody has accepted yet, not a game; `accept #{ $id }` starts it
find-no-such-game = there is no game #{ $id }; `games` lists yours
look-your-values = Game #{ $id }: your pieces with their values:
decline-challenge = { $player } declines challenge #{ $id } from { $challenger }.
cancel-challenge = { $player } withdraws challenge #{ $id }.
not-a-user = '@{ $handle }' is not a user
user-id-unusable = this user id cannot be used
# $reason is the admin's technical detail (English, as logged).
damaged-game = game #{ $id } cannot be read: { $reason }. Your other games are not affected. The bot's admin can export it (`skald export`, an `unreadable_game` line) and inspect it; the log names the game too.
members-unknown = I cannot see who is in this room right now, so nothing was changed. Try again in a moment, or name the player by their full id (`@bob:example.org`).
not-in-room = Nobody called { $typed } is in this room, so nothing was changed.
not-in-room-candidates = {" "}Name one of: { $people } (their full id, or a mention).
several-in-room = { $typed } could be any of: { $people }. Nothing was changed; name one by their full id, or mention them.

# Conditional moves (`premove`): lines of play a player queues against their opponent's next
# moves, shown to that player alone.
# $theirs: the opponent's predicted move; $answer: the player's answer to it.
premove-exchange = if { $theirs } then { $answer }
# $line: the exchanges; $count: how many lines the player now has in the game.
premove-queued = Queued in game #{ $id }: { $line }. { $count ->
    [one] It is your only line there
   *[other] You have { $count } lines there
} (`premove #{ $id }` lists them, `premove #{ $id } clear` removes them). Each answer is played the moment the move it answers is, if it is legal then.
premove-none = You have no conditional moves in game #{ $id }. On your opponent's turn, `premove #{ $id } <their move> <your answer>` queues one.
premove-list-head = Your conditional moves in game #{ $id } ({ $count ->
    [one] one line
   *[other] { $count } lines, tried in this order
}):
premove-cleared = { $count ->
    [0] You had no conditional moves in game #{ $id }; nothing changed.
    [one] Your line of conditional moves in game #{ $id } is cleared.
   *[other] Your { $count } lines of conditional moves in game #{ $id } are cleared.
}
premove-dice = conditional moves are for games without dice (the tafl games, Subulata): in game #{ $id } ({ $rule_set }) the dice decide what can be played
premove-not-their-turn = it is your turn in game #{ $id }: play your move; a conditional move answers your opponent's next one
premove-too-many = you already have { $most } lines in game #{ $id }, the most there may be; `premove #{ $id } clear` removes them
premove-unpaired = a line is pairs of moves, their move then your answer: { $last } has no answer
premove-too-long = a line holds at most { $most } pairs of moves
premove-bad-move = '{ $input }' cannot be part of this line: { $why }
# In the public reply: the player's queued answer, played at once in their name.
premove-answered = { $player } answered at once with a conditional move: { $answer }.
premove-dropped-head = Game #{ $id }: a conditional move could not be played, so its line is dropped:
premove-dropped = if { $theirs } then { $answer }: { $why }
secret-premove-in-public = Everyone here can read what you type, so this line was not queued and nothing was changed. Send `premove` where only you see it: the /premove command on Discord, your direct room with the bot on Matrix.

## export and replay: a whole game as a file.
export-caption = Record of { $title }, for `skald import`
export-summary = Record of { $title }: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
export-how = The file is the game as `skald export` writes it: `skald import` reads it into a Skald store, and `skald replay` turns it into an animation.
export-otn-caption = { $title } in OpenTafl notation, for the tafl community's programs
export-otn-summary = { $title } in OpenTafl notation: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
export-otn-how = OpenTafl and the tafl community's programs read it (captures marked `x`, the king's capture `++`, an escape `--`); `skald import` reads it back too. `export` alone gives Skald's own record.
export-otn-tafl-only = Game #{ $id } is { $rule_set }: OpenTafl notation holds Copenhagen and Brandubh games only. `export #{ $id }` gives Skald's own record of it.
export-otn-failed = Game #{ $id } could not be written in OpenTafl notation (its record does not replay); `export #{ $id }` gives Skald's own record of it.
replay-caption = Replay of { $title }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
replay-summary = Replay of { $title }: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
record-still-playing = The game goes on.
record-sent-privately = Game #{ $id } hides values until it ends: what you asked for went to you privately.
record-your-values = Your own values are in it and your opponent's are not; every value shows once the game is over.
file-record-too-big = The record of game #{ $id } is { $size } MB, more than the { $limit } MB this chat takes, so it is not attached. Whoever runs Skald can write it with `skald export`.
file-replay-failed = Game #{ $id } cannot be replayed from its record; nothing is attached.
file-replay-shortened = The whole replay of game #{ $id } is bigger than the { $limit } MB this chat takes: this one shows the last { $shown } of its { $moves } moves. `export #{ $id }` gives the whole record, which `skald replay` draws in full.
file-replay-too-big = Even the last moves of game #{ $id } make a replay bigger than the { $limit } MB this chat takes, so none is attached. `export #{ $id }` gives the record, which `skald replay` draws.

## review: the engine's review of a finished game.
review-live = Game #{ $id } is still being played: the engine reviews a game once it is over, so nobody gets its help mid-game. Ask again with `review #{ $id }` when it has ended.
review-not-here = Game #{ $id } is not played in this channel: ask for its review where it is played, or as one of its players.
review-nothing = Game #{ $id } ended before anyone moved: there is nothing to review.
review-started = The engine is reviewing { $title }: { $searches ->
    [one] one position
   *[other] { $searches } positions
} to search, ready within { $time }. The review will be posted here; this message shows how far it got.
review-pending = The engine is reviewing { $title } ({ $percent }% done). The review will be posted here too.
review-progress = Reviewing { $title }: { $percent }% done.
review-progress-done = The review of { $title } is done: see below.
review-failed = Game #{ $id } cannot be reviewed: its record no longer replays. Nothing was kept; whoever runs Skald can look at it with `skald export`.
review-title = Engine review of { $title } ({ $iterations } playouts a position):
review-result = Result: { $result }.
review-player = { $player }: { $moves ->
    [one] one move
   *[other] { $moves } moves
}, { $loss } points of win chance lost a move on average; { $inaccuracies ->
    [one] one inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] one mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] one blunder
   *[other] { $blunders } blunders
}.
review-no-turning-point = No turning point: no move lost more than 5 points of win chance.
review-turn = Move { $number }, { $player }: { $played }, { $before }% → { $after }%; the engine preferred { $best } ({ $best_chance }%).
review-turn-dice = Move { $number }, { $player } with { $dice }: { $played }, { $before }% → { $after }%; the best use of the roll was { $best } ({ $best_chance }%).
review-luck-gave = The roll itself gave { $points } points.
review-luck-took = The roll itself took { $points } points.
review-chances = { $player }'s win chance: { $start }% at the start, highest { $high }% { $high_move ->
    [0] at the start
   *[other] after move { $high_move }
}, lowest { $low }% { $low_move ->
    [0] at the start
   *[other] after move { $low_move }
}, { $end }% at the end.
review-not-by-play = The result did not come from play ({ $result }): the graph ends with the last move.
review-scale = Win chance counts a draw as half a win. A move that lost over 5 points of it is an inaccuracy, over 10 a mistake, over 20 a blunder.
review-chart-caption = Win chance over { $title }
review-chart-failed = The win-chance graph of game #{ $id } could not be drawn; the review's text above has its figures.
review-board-alt = Move { $number }, { $player }: played { $played }, the engine preferred { $best }.
review-legend-played = played: { $moves }
review-legend-engine = engine: { $moves }
review-axis-percent = { $n }%
review-axis-moves = move
