# Puzzles (`puzzle`): what a solver reads privately, and the daily puzzle's public post.

puzzle-theme-escape = escape in { $n }
puzzle-theme-capture-king = capture the king in { $n }
puzzle-theme-exit-fort = exit fort in { $n }
puzzle-theme-encircle = encircle in { $n }
puzzle-theme-no-move = leave no move in { $n }
puzzle-theme-repetition = win by repetition in { $n }
puzzle-theme-capture-all = capture everything in { $n }
puzzle-theme-win = win in { $n }
puzzle-theme-goal = win on the goal in { $n }
puzzle-theme-best-roll = the best use of the roll
puzzle-from-engine = From the engine's own games.
puzzle-from = From { $source }.
puzzle-player-you = you
puzzle-player-defence = the defence
puzzle-alt = Puzzle: { $rule_set }, { $seat } to move
puzzle-asked = Puzzle, { $rule_set }: { $seat } to move, { $theme }.
puzzle-roll = The roll: { $roll }.
puzzle-rated = Puzzle rated { $rating }, you { $mine }. { $source }
puzzle-how = Answer with `puzzle <move>` where only you read it (`puzzle skip` gives up).
puzzle-how-dice = Answer with the whole turn, like `puzzle 13+1 8+5`, where only you read it (`puzzle skip` gives up).
puzzle-finish-first = Finish this one first: answer it, or `puzzle skip`.
puzzle-none = No puzzle of { $family } is left for you here; try another family: tafl, adelta, subulata, daldosa.
puzzle-damaged = This puzzle cannot be read back; `puzzle skip` drops it.
puzzle-answer-privately = Answer puzzles where only you read what you type, so nobody's puzzle is spoiled: in a direct message with me, or with `/puzzle` on Discord. Nothing was counted.
puzzle-no-active = You are not solving a puzzle; `puzzle` gives you one.
puzzle-not-counted = Nothing was counted; try again.
puzzle-dice-so-far = So far: { $played }; { $left ->
        [one] one die
       *[other] { $left } dice
    } left to use. Next steps: { $steps }. Answer with the whole turn, `puzzle { $played } <step>`; nothing is counted before.
puzzle-right-go-on = Right: { $played }. They answer { $reply }.
puzzle-moves-left = { $seat } to move, { $n ->
        [one] one move
       *[other] { $n } moves
    } left to win.
puzzle-solved = Solved: { $played } wins.
puzzle-wrong = Not this one: { $played } does not force the win.
puzzle-wrong-dice = Not this one: { $played } is not the best use of the roll.
puzzle-skipped = Given up.
puzzle-solution = The solution: { $line }.
puzzle-legend-played = yours: { $moves }
puzzle-legend-solution = the solution: { $moves }
puzzle-rating-change = Puzzle rating ({ $family }): { $change }.
puzzle-streak = Streak: { $streak } (best { $best }).
puzzle-stats-none = { $name } has not tried a puzzle yet; `puzzle` gives one.
puzzle-stats-head = { $name }'s puzzles:
puzzle-stats-line = { $family }: { $rating } ({ $solved } solved, { $failed } failed)
puzzle-ladder-empty = Nobody here has tried a { $family } puzzle yet; `puzzle { $family }` gives one.
puzzle-ladder-head = The best { $family } puzzle solvers here:
puzzle-ladder-line = { $place }. { $name }: { $rating } ({ $solved } solved)

puzzle-daily-head = Daily puzzle, { $day }: { $rule_set }, { $seat } to move, { $theme }.
puzzle-daily-how = Solve it privately: `puzzle daily` (on Discord, `/puzzle what:daily`), then your move.
puzzle-daily-solved = Solved by { $solvers }.
puzzle-daily-nobody = nobody
puzzle-daily-names = { $names }
puzzle-daily-names-more = { $names } and { $more } more
puzzle-daily-yesterday = Yesterday's puzzle ({ $day }): { $line }. Solved by { $solvers }.
puzzle-daily-none = There is no daily puzzle here yet; a server admin starts it with `puzzle daily on 09:00 Europe/Paris`.
puzzle-daily-done = You answered today's puzzle; the next one comes in { $wait }.
puzzle-daily-done-last = You answered today's puzzle.
puzzle-daily-usage = `puzzle daily` gives you today's puzzle; `puzzle daily on [HH:MM] [time zone]` or `puzzle daily off` (server admins) starts or stops it here.
puzzle-daily-bad-word = '{ $word }' is neither an hour like 09:00 nor a time zone like Europe/Paris.
puzzle-daily-admins = Only a server admin (Discord: Manage Server; Matrix: power level 50) turns the daily puzzle on or off.
puzzle-daily-on = The daily puzzle is on: every day at { $at } ({ $zone }), posted here; the first comes in { $wait }.
puzzle-daily-off = The daily puzzle is off here.
puzzle-daily-configured = This community's daily puzzle is set in the bot's configuration (every day at { $at }, { $zone }); its operator changes it there.
