# The commands: their names on Discord (slash commands), what each does (`help`, Discord's
# descriptions), their options, choices and parse errors. Command words typed in text
# (`accept #1`) and usage lines (`vacation <days>`) are the same in every language: they are
# not here.

## One message per command: its value is the slash command's name in this language (in
## English, the command word itself); `.summary` is one line for `help` (and, capitalised,
## Discord's description, at most 100 characters); `.detail` is more for `help <command>`.

cmd-challenge = challenge
    .summary = invite someone (or anyone here) to a game
    .detail = `first` takes the seat that moves first (attackers, White; in Ad Elta Stelpur White, but an opening roll decides who starts); the default is `random`. Without @user the challenge is open to anyone in the channel. Games are ranked with 3 days per move unless you say `casual` or `days:N` (1 to 14). `clock:3d+6h` gives each player a bank of 3 days instead, 6 hours added after each of their moves, never beyond the starting bank unless `cap:14d` allows more; a player whose bank runs out loses. `@skald easy`, `@skald normal` or `@skald hard` plays the built-in engine at once (never ranked).
cmd-accept = accept
    .summary = accept a challenge addressed to you or open here
    .detail = The game starts at once with the challenge's number.
cmd-decline = decline
    .summary = refuse a challenge addressed to you, a draw offer or a takeback request
    .detail = Open challenges cannot be declined; the challenger can cancel them.
cmd-cancel = cancel
    .summary = withdraw a challenge you made
    .detail = Only challenges nobody has accepted yet can be withdrawn.
cmd-move = move
    .summary = play a move (or several steps of a dice turn)
    .detail = The tafl games (Hnefatafl, Copenhagen, Brandubh) and Subulata: `f2-f5`. Ad Elta Stelpur: point and die, `13+1`. Daldøsa: hole and die, `w12+1`. Several steps are played in order, all or none.
cmd-board = board
    .summary = show a game's board
    .detail = Without #id: your active game here, or else the game you last finished here. `board text` shows it as text instead of a picture (for screen readers and text-only clients); a player of a game with hidden values gets their own view as text too, where only they read it.
cmd-moves = moves
    .summary = list the moves (and dice) played so far
    .detail = Without #id: the same game as `board`. Private values are never listed.
cmd-export = export
    .summary = a game's record as a file, which `skald import` reads
    .detail = Without #id: the same game as `board`. While a Subulata game is played, a player's record holds their own values only, sent to them privately. `export #id otn` writes a Copenhagen or Brandubh game in OpenTafl notation, as the tafl community's programs read.
cmd-replay = replay
    .summary = a game as an animated picture, a frame per move
    .detail = Without #id: the same game as `board`. While a Subulata game is played, a player's replay shows their own values only, sent to them privately.
cmd-puzzle = puzzle
    .summary = a puzzle from real games, privately: solve it, keep your streak, climb the ladder
    .detail = `puzzle` or `puzzle brandubh` (a rule set) or `puzzle tafl` (a family: tafl, adelta, subulata, daldosa) gives you a puzzle near your puzzle rating, privately; answer with `puzzle <move>` where only you read it (a direct message, or `/puzzle` on Discord). A tafl or Subulata puzzle is a forced win: the only first move that wins by force within its number of moves; after each right move the bot plays the strongest defence, until the win. Any move that also wins within the moves left counts as right. A dice puzzle is the best use of the roll: the one use the engine rates at least 20 points of win chance above every other (type the whole turn, like `puzzle 13+1 8+5`, in any order). A wrong move ends the puzzle and shows the solution. `puzzle skip` gives up (a failure). `puzzle stats [@user]`: ratings (one per family), solved, streak. `puzzle ladder [family]`: this community's best solvers. `puzzle daily`: today's puzzle of this community; `puzzle daily on 09:00 Europe/Paris` or `off` (server admins): one puzzle a day for everyone, posted here, answered privately, yesterday's solution shown with it.
cmd-review = review
    .summary = the engine's review of a finished game: win chances, turning points, accuracy
    .detail = Without #id: the same game as `board`. Anyone may ask in the game's channel, its players anywhere; a game still being played is never reviewed. The first request starts the engine (it answers at once with how long it takes, and shows its progress); the review is kept, so later requests get it at once. Win chance counts a draw as half a win; a move that lost over 5 points of it is an inaccuracy, over 10 a mistake, over 20 a blunder. In dice games, what the roll gave or took is told apart from what the choice lost.
cmd-resign = resign
    .summary = give up a game (counts as a loss)
    .detail = Before both players have moved, `abort` ends the game without a result.
cmd-abort = abort
    .summary = end a game without result, until both players have moved once
    .detail = No rating changes.
cmd-draw = draw
    .summary = offer a draw, or accept the one offered to you
    .detail = Only where the rules know draws (the tafl games and Subulata). The offer stands until your opponent moves or declines.
cmd-takeback = takeback
    .summary = ask to undo your last move, or grant your opponent's request
    .detail = Until your opponent moves; not in dice games.
cmd-rematch = rematch
    .summary = offer a new game against the same opponent with seats swapped
    .detail = After a game ended. If your opponent offered one already, this accepts it.
cmd-arrange = arrange
    .summary = Subulata: place your values 1-9 on your start cells, privately
    .detail = Give the nine values for your start cells in this order: White a1 b1 c1 a2 b2 c2 a3 b3 c3; Black i9 h9 g9 i8 h8 g8 i7 h7 g7. Allowed until your first move; send it where nobody else reads (a direct message).
cmd-premove = premove
    .summary = queue conditional moves: your answers to your opponent's next moves
    .detail = On your opponent's turn, in the tafl games and Subulata: `premove f2-f5 d4-d6` answers f2-f5 with d4-d6 the moment it is played, if legal then; add more pairs for a longer line, queue up to 10 lines per game. Any other move clears them. Only you see them: send it where nobody else reads (a direct message). Alone it lists your lines; `premove clear` removes them.
cmd-digest = digest
    .summary = a daily private list of the games waiting for your move, at your hour
    .detail = `digest on 09:00 Europe/Paris` (any IANA time zone; default 08:00 UTC): once a day at that hour, the games where it is your turn, most urgent first, with the time left and where they are; nothing on a day when none waits. `digest off` stops it.
cmd-pings = pings
    .summary = whether you are mentioned when your turn comes
    .detail = `pings off`: no mention when a turn comes (the daily digest and the deadline reminders still come); `pings on` brings them back.
cmd-games = games
    .summary = your active games and the open challenges
    .detail = Lists games on this platform, whichever channel they live in.
cmd-history = history
    .summary = your finished games, or one game's result and moves
    .detail = Without #id: your last ten finished games.
cmd-ladder = ladder
    .summary = the top 10 of this community's ladder
    .detail = Ratings are Glicko-2; a `?` marks a provisional rating (deviation 110 or more).
cmd-rating = rating
    .summary = a player's ratings and record in this community
    .detail = Without @user: your own.
cmd-rules = rules
    .summary = the rule sets, or one game's rules in short
    .detail = Rule set names accept aliases like `tafl`, `daldøs`, `subu`.
cmd-vacation = vacation
    .summary = pause your clocks for some days (at most 14 per calendar year)
    .detail = Adds the days to your running deadlines, and turns that come to you during the vacation start counting when it ends.
cmd-link = link
    .summary = be one player on Discord and Matrix: join your accounts with a one-time code
    .detail = Send `link` to get a code, sent only to you (valid 10 minutes, once); then send `link <code>` from your account on the other platform where only you see it (/link on Discord, your direct room with the bot on Matrix). That account then plays as you: your games, your ratings, pings on both platforms. Its own games move to you; where both accounts had a rating, the one with more games is kept.
cmd-unlink = unlink
    .summary = split this account from the player it was linked to
    .detail = Typed on a linked account, that account leaves (its games and ratings stay with the player). Typed by the player, every linked account leaves.
cmd-language = language
    .summary = the language Skald writes to you in
    .detail = Without a language, says which one Skald uses for you. What only you read (your answers on Discord, your direct room on Matrix, your pieces' values) is in your language; a channel's messages are in its community's.
cmd-help = help
    .summary = this list, or one command in detail

## Each command's options, described (`cmd-<command>-<option>`, at most 100 characters).

-game-any = Game or challenge number (default: the only one that fits)
cmd-challenge-rule-set = The game to play
cmd-challenge-opponent = Who to challenge (leave out: anyone here)
cmd-challenge-seat = Your seat (default: random)
cmd-challenge-ranked = Counts for the ladder (default: yes)
cmd-challenge-days = Days per move (1-14, default 3)
cmd-challenge-level = Play me, the built-in engine, at this level (or pick me as the opponent)
cmd-challenge-player = Or a player of this community on another platform, by name
cmd-challenge-clock = A time bank instead of days per move, like 3d+6h (bank + per move)
cmd-challenge-cap = The most a bank may hold, like 14d (default: the starting bank)
cmd-accept-game = { -game-any }
cmd-decline-game = { -game-any }
cmd-cancel-game = { -game-any }
cmd-move-move = The move, like f2-f5
cmd-move-game = Game number (default: your game where it is your turn)
cmd-board-game = { -game-any }
cmd-board-text = As text instead of a picture, your own view included (for screen readers)
cmd-moves-game = { -game-any }
cmd-export-game = { -game-any }
cmd-export-otn = In OpenTafl notation (Copenhagen and Brandubh), as the tafl community's programs read
cmd-replay-game = { -game-any }
cmd-review-game = { -game-any }
cmd-puzzle-what = a rule set or family for a new puzzle, your move, skip, stats, ladder, or daily
cmd-resign-game = { -game-any }
cmd-abort-game = { -game-any }
cmd-draw-game = { -game-any }
cmd-takeback-game = { -game-any }
cmd-rematch-game = { -game-any }
cmd-arrange-values = Nine values, like 1 2 3 4 5 6 7 8 9
cmd-arrange-game = Game number
cmd-premove-line = Their move then your answer, repeated (empty: list; clear: remove all)
cmd-premove-game = Game number
cmd-digest-setting = on [HH:MM] [time zone], or off (empty: show yours)
cmd-pings-setting = on or off (empty: show yours)
cmd-history-game = { -game-any }
cmd-ladder-rule-set = Rule set (default: all)
cmd-rating-user = Whose (default: yours)
cmd-rules-rule-set = Rule set
cmd-vacation-days = How many days
cmd-link-code = The code from your other account (leave out: get a code)
cmd-language-language = The language (none: show yours)
cmd-help-command = A command

## The options' names on Discord (`arg-<option>`): lower case, letters, digits, - and _, at
## most 32 characters. In English, the names the code uses.

arg-game = game
arg-rule-set = rule_set
arg-opponent = opponent
arg-seat = seat
arg-ranked = ranked
arg-days = days
arg-level = level
arg-player = player
arg-clock = clock
arg-cap = cap
arg-move = move
arg-values = values
arg-line = line
arg-setting = setting
arg-what = what
arg-user = user
arg-code = code
arg-language = language
arg-command = command
arg-text = text
arg-otn = otn

## Choices as Discord lists them (rule sets and languages keep their own names).

choice-seat-first = first
choice-seat-second = second
choice-seat-random = random
choice-level-easy = easy
choice-level-normal = normal
choice-level-hard = hard
# A yes-or-no option's value, as Discord shows it in a command (`ranked:True`).
choice-yes = True
choice-no = False

## Completions while an option is typed.

# The usual time controls, offered for `clock` (`complete-clock-<code>`, `+` written `-`;
# $code: `3d+6h`).
complete-clock-1d-2h = { $code }: a day, 2 hours a move (fast)
complete-clock-3d-6h = { $code }: 3 days, 6 hours a move (hnefatafl.org)
complete-clock-7d-1d = { $code }: a week, a day a move
complete-clock-10d-36h = { $code }: 10 days, 36 hours a move (Little Golem's pace)
complete-clock-14d-2d = { $code }: two weeks, 2 days a move (slow)

## `help`.

# `help <command>`: the usage line and what the command does.
help-command = `{ $usage }`: { $summary }.
help-example = example: `{ $example }`
help-list-title = Commands (`help <command>` for more):
help-list-item = `{ $usage }` - { $summary }
help-list-ids = Game and challenge numbers (#id) may be left out when only one fits.

## Lines that are not commands: what was wrong and what would be read.

# After a refusal: the command's usage line.
cmd-usage = usage: `{ $usage }`
cmd-error-empty = an empty line is not a command; try `help`
cmd-error-unknown = unknown command '{ $word }'
cmd-error-did-you-mean = ; did you mean `{ $near }`?
# Every command word, as typed ($names: `challenge, accept, …`).
cmd-error-commands = commands: { $names }
cmd-error-no-such-command = no command '{ $topic }'; commands: { $names }
cmd-error-which-move = which move? name at least one, like `move f2-f5`
cmd-error-one-opponent = name one opponent: a user or a player, not both
cmd-error-days-or-clock = give either days:N (days for each move) or clock:3d+6h (a bank), not both
cmd-error-cap-without-clock = cap: is the most a bank may hold; give the bank too, like `clock:10d+36h cap:14d`
cmd-error-not-a-clock = '{ $control }' is not a time control; write the bank and what each move adds, like `clock:3d+6h` or `clock:10d+36h` (units d, h, m; a bank of 1h to 60d, at most 7d a move)
# $bank, $increment, $cap: durations (`3 days`).
cmd-error-bank-bounds = a bank of { $bank } is not allowed; it must be 1 hour to 60 days, like `clock:3d+6h`
cmd-error-increment-bound = { $increment } a move is not allowed; at most 7 days, like `clock:10d+36h`
cmd-error-not-a-cap = '{ $cap }' is not a cap; write the most a bank may hold, like `cap:14d`
cmd-error-cap-bounds = a cap of { $cap } is not allowed; it must be at least the bank ({ $bank }) and at most 90 days
cmd-error-which-game = which game? name a rule set: { $rule_sets }
cmd-error-unknown-puzzle-family = unknown puzzle family '{ $name }'; puzzle families: { $families }, or a rule set
cmd-error-unknown-rule-set = unknown rule set '{ $name }'; known rule sets: { $rule_sets }
cmd-error-never-ranked = games against @{ $engine } are never ranked; leave out 'ranked'
cmd-error-levels = easy, normal and hard are levels of @{ $engine }: `challenge <rule-set> @{ $engine } hard`
cmd-error-not-an-id = '{ $token }' is not a game or challenge number; expected like #12
cmd-error-export-word = unexpected '{ $token }'; expected a game number like #12, the word otn (OpenTafl notation, for Copenhagen and Brandubh), or both
cmd-error-board-word = unexpected '{ $token }'; expected a game number like #12, the word text (the board as text), or both
cmd-error-only-id = unexpected '{ $token }'; expected nothing or a number like #12
cmd-error-only-one-id = unexpected '{ $token }'; expected nothing or one number like #12
cmd-error-takes-nothing = unexpected '{ $token }'; this command takes nothing
cmd-error-not-a-user = '{ $token }' is not a user; expected a mention like @bob
cmd-error-not-days = '{ $value }' is not a number of days; expected 1 to { $max }
cmd-error-days-per-move = { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per move is not allowed; expected 1 to 14
cmd-error-vacation-days = { $days ->
        [one] { $days } vacation day
       *[other] { $days } vacation days
    } is not allowed; expected 1 to { $max }
cmd-error-not-a-language = '{ $value }' is not a language Skald speaks; expected { $choices }
# The last two of a list of alternatives: "`en` (English) or `fr` (Français)".
cmd-or-last = { $head } or { $last }
cmd-error-given-twice = '{ $token }': { $what ->
        [opponent] the opponent
        [level] the level
        [days] days
        [clock] the clock
        [cap] the cap
        [seat] the seat
       *[ranked] ranked or casual
    } was already given
cmd-error-challenge-word = unexpected '{ $token }'; expected @user or open (or @skald with easy, normal or hard), first, second or random, ranked or casual, days:N or clock:3d+6h
cmd-error-which-values = which values? give the nine values 1 to 9, like `arrange 9 1 8 2 7 3 6 4 5`
cmd-error-not-a-value = '{ $value }' is not a value; expected the nine values 1 to 9, each once
cmd-error-nine-values = expected nine values (1 to 9, each once), got { $count }
cmd-error-missing-values = each value 1 to 9 must appear once; missing { $missing }
cmd-error-one-user = expected at most one @user
cmd-error-how-many-days = how many days? like `vacation 5`
cmd-error-one-number-of-days = expected one number of days
cmd-error-one-code = expected one code, like `link ABCD-EFGH`
cmd-error-unlink-alone = `unlink` takes nothing after it
cmd-error-one-language = expected one language, like `language fr`
cmd-error-one-command = expected at most one command name
# A typed option (Discord) whose value does not fit it ($option: the option's name).
cmd-error-bad-option = '{ $value }' cannot be used for { $option }
cmd-error-out-of-bounds = '{ $value }' is not allowed for { $option }; expected { $min } to { $max }
cmd-error-too-long = { $option } is too long; at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }

cmd-tournament = tournament
    .summary = a community tournament: create, join, leave, start, or its standings
    .detail = `tournament create tafl round-robin` (or `swiss rounds:5`, or `knockout`) opens one here; add `double` for a double round-robin, `pace:rounds` to play a round-robin round by round (all its games start at once by default), `days:N` or `clock:…` for the games' clock, `max:N` for at most N players, `casual` for games the ladder does not count, `starts:2026-12-01T18:00` (UTC) to start by itself then. Then `tournament join`, `tournament leave`, `tournament start` (its creator or an organiser), `tournament remove @user` (the same). Alone, `tournament` shows the standings. `#id` names one when several fit.
cmd-league = league
    .summary = a league played in seasons: join, leave, start, or its standings
    .detail = `league tafl join` enters this community's Hnefatafl league (and makes it, the first time); once 4 players are in, `league tafl start` begins the first season (`days:N` or `clock:…` for the games' clock, `casual` for games the ladder does not count). Each season splits the players into divisions of 4 to 8 that play a round-robin; when the last game ends the best of each division go up, the last go down, and the next season starts by itself. A join counts from the next season, `league tafl leave` after the current one. `league tafl` shows the divisions and standings; `league` alone, this community's leagues.
cmd-league-rule-set = Game (none: this community's leagues)
cmd-league-action = join, leave, start [days:N | clock:…] [casual], standings (none: standings)
cmd-tournaments = tournaments
    .summary = the open and running tournaments here
cmd-tournament-action = create <rule-set> <format> …, join, leave, start, remove @user (none: standings)
cmd-tournament-tournament = Which tournament (default: the only one that fits)
arg-action = action
arg-tournament = tournament

## `tournament` and `league` as Discord subcommands (`sub-<command>-<action>`: the name,
## lowercase, at most 32 characters; `.summary`: what it does, at most 100 characters).

sub-tournament-create = create
    .summary = Open a new tournament here.
sub-tournament-join = join
    .summary = Enter an open tournament.
sub-tournament-leave = leave
    .summary = Leave a tournament (a running one: your remaining games are forfeited).
sub-tournament-start = start
    .summary = Pair the first round and start the games (its creator or an organiser).
sub-tournament-remove = remove
    .summary = Remove a player from a tournament (its creator or an organiser).
sub-tournament-standings = standings
    .summary = Show a tournament's standings.
sub-tournament-arg-rule-set = The game played
sub-tournament-arg-system = Round-robin, Swiss or knockout
sub-tournament-arg-rounds = How many rounds (a Swiss only)
sub-tournament-arg-double = Everyone meets everyone twice (a round-robin only)
sub-tournament-arg-pace = All games at once or round by round (a round-robin only)
sub-tournament-arg-days = Days for each move (default 3)
sub-tournament-arg-clock = A time bank instead of days, like 3d+6h
sub-tournament-arg-cap = The most a bank may hold, like 14d
sub-tournament-arg-max = The most players
sub-tournament-arg-ranked = Whether its games count for the ladder (default: yes)
sub-tournament-arg-starts = When it starts by itself (UTC), like 2026-12-01T18:00
sub-tournament-arg-tournament = Which tournament (default: the only one that fits)
sub-tournament-arg-user = The player to remove
sub-league-join = join
    .summary = Enter a game's league (from its next season).
sub-league-leave = leave
    .summary = Leave a league after the season being played.
sub-league-start = start
    .summary = Start a league's first season (or the next, after a pause).
sub-league-standings = standings
    .summary = Show a league's divisions, or this community's leagues.
sub-league-arg-rule-set = The league's game
sub-league-arg-days = Days for each move (default 3)
sub-league-arg-clock = A time bank instead of days, like 3d+6h
sub-league-arg-cap = The most a bank may hold, like 14d
sub-league-arg-ranked = Whether its games count for the ladder
arg-system = system
arg-rounds = rounds
arg-double = double
arg-pace = pace
arg-max = max
arg-starts = starts
choice-word-round-robin = round-robin
choice-word-swiss = Swiss
choice-word-knockout = knockout
choice-word-all = all at once
choice-word-rounds = round by round
# Typed options that do not go together (the option names are Discord's).
sub-error-rounds-needed = a Swiss needs its number of rounds: give rounds (1 to 20)
sub-error-rounds-swiss-only = rounds is for a Swiss only (a round-robin and a knockout have as many rounds as their players need): leave it out, or pick the system Swiss
sub-error-double-round-robin-only = double is for a round-robin only: leave it out, or pick the system round-robin
sub-error-pace-round-robin-only = pace is for a round-robin only (a Swiss and a knockout go round by round): leave it out
