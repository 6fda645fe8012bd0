# Community tournaments: creating, joining, leaving, starting, rounds, standings.

tournament-format-round-robin = { $double ->
    [yes] double round-robin
   *[no] round-robin
}{ $pace ->
    [rounds] , round by round
   *[all] {""}
}
tournament-format-swiss = Swiss, { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}
tournament-format-knockout = knockout
tournament-terms = { $rule_set }, { $format }, { $kind }, { $clock }
tournament-summary = #{ $id }: { $terms }; { $state ->
    [open] open, { $players } { $players ->
        [one] player
       *[other] players
    } so far (created by { $creator })
    [running] round { $round }, { $players } players
   *[finished] finished
}
tournament-created = Tournament #{ $id } is open, created by { $creator }: { $terms }.
tournament-max = At most { $max } players.
tournament-how-to-join = `tournament join #{ $id }` to play; its creator starts it with `tournament start #{ $id }`.
tournament-joined = { $name } joined tournament #{ $id } ({ $players } { $players ->
    [one] player
   *[other] players
} so far; { $creator } starts it with `tournament start #{ $id }`).
tournament-left-open = { $removed ->
    [yes] { $name } was removed from tournament #{ $id }
   *[no] { $name } left tournament #{ $id }
} ({ $players } { $players ->
    [one] player
   *[other] players
} left).
tournament-withdrawn = { $removed ->
    [yes] { $name } was removed from tournament #{ $id }: their remaining games are forfeited and they are paired no more.
   *[no] { $name } left tournament #{ $id }: their remaining games are forfeited and they are paired no more.
}
tournament-forfeit-line = Game #{ $game } ends: { $opponent } scores the point (a forfeit, not rated).
tournament-starts = Tournament #{ $id } starts with { $players } players: { $terms }.
tournament-start-numbers = Start numbers (by rating): { $numbers }.
tournament-round-begins = Tournament #{ $id }, round { $round } of { $rounds }:
tournament-round-bye = { $name } has the bye this round.
tournament-new-games = Tournament #{ $id }, new games:
tournament-game-line = #{ $game }: { $a } vs { $b }
tournament-games-clock = { $clock }; `board #id` shows a game, `move #id …` plays in it.
tournament-title = Tournament #{ $id }: { $terms }
tournament-state-open = Open: { $players } { $players ->
    [one] player
   *[other] players
}{ $players ->
    [0] {""}
   *[other] {" "}({ $names })
}. { $creator } starts it with `tournament start #{ $id }`.
tournament-state-running = Round { $round } of { $rounds }; { $waiting } { $waiting ->
    [one] game
   *[other] games
} being played.
tournament-state-finished = Finished. Final standings:
tournament-standing-line = { $rank }. { $name }: { $points } { $tenths ->
    [10] point
   *[other] points
}{ $tiebreak ->
    [none] {""}
   *[other] , { $tiebreak }
}, { $wins } { $wins ->
    [one] win
   *[other] wins
}{ $left ->
    [yes] {" "}(withdrew)
   *[no] {""}
}
tournament-note-sb = Ties are broken by Sonneborn-Berger (SB), then the games between the tied players, then wins.
tournament-note-bc1 = Ties are broken by Buchholz Cut 1 (BC1), then the games between the tied players, then wins.
tournament-bracket-round = Round { $round }{ $left ->
    [1] {" "}(final)
    [2] {" "}(semi-finals)
   *[other] {""}
}:
tournament-bracket-bye = bye
tournament-bracket-match = {"  "}{ $high } vs { $low }{ $games ->
    [none] {""}
   *[other] {" "}({ $games })
}: { $result }
tournament-bracket-through = goes through
tournament-bracket-won = { $name } wins
tournament-bracket-playing = being played
tournament-champion = { $name } wins the tournament!
tournament-over = Tournament #{ $id } is over. Final standings:
tournament-over-early = Tournament #{ $id } is over early: no pairing allowed by the rules remains. Final standings:
tournament-winner = { $count ->
    [one] Winner: { $names }. Congratulations!
   *[other] Joint winners: { $names }. Congratulations!
}
tournaments-none = No tournament is open or running here. `tournament create <rule-set> <round-robin|swiss|knockout>` opens one.
tournaments-title = Tournaments here (`tournament #id` shows one):
tournament-which = Several tournaments fit; say which, like `tournament #4 { $action }`:
tournament-no-such = There is no tournament #{ $id } in this community. `tournaments` lists them.
tournament-none-here = No tournament here yet. `tournament create <rule-set> <round-robin|swiss|knockout>` opens one.
tournament-none-to-join = No open tournament here that you have not joined. `tournaments` lists them.
tournament-none-to-leave = You play in no tournament here.
tournament-none-to-start = No open tournament here that you may start (its creator or an organiser starts it). `tournaments` lists them.
tournament-none-to-organise = No running or open tournament here that you organise.
tournament-not-open = Tournament #{ $id } has started already; only an open tournament takes players.
tournament-joined-already = You are in tournament #{ $id } already.
tournament-full = Tournament #{ $id } is full ({ $max } players).
tournament-not-playing = That player does not play in tournament #{ $id } (or left it already).
tournament-finished = Tournament #{ $id } is over; nothing changes in it any more.
tournament-organisers-only = Only { $creator }, who created tournament #{ $id }, or an organiser may do that.
tournament-is-league = #{ $id } is a league, not a tournament: `league { $rule_set }` shows it.
tournament-started-already = Tournament #{ $id } has started already. `tournament #{ $id }` shows the standings.
tournament-too-few = Tournament #{ $id } needs at least { $need } players to start; it has { $have }. `tournament join #{ $id }` to play.
tournament-too-many = Tournament #{ $id } has { $have } players; this format takes { $most } at most. `tournament remove @user` takes one out.
tournament-create-organisers = Only the organisers named in the bot's configuration may create tournaments here.
tournament-busy = The tournament changed several times while this was tried; nothing was changed. Please try again.
tournament-game-no-abort = Game #{ $id } is a game of tournament #{ $tournament }: it cannot be aborted. `resign` gives it up (a loss), `tournament leave` leaves the tournament.
tournament-error-action = '{ $token }' is not something a tournament does; expected create, join, leave, start, remove @user, or nothing for the standings
tournament-error-create-no-id = a new tournament gets its number when it is created: leave out the #id
tournament-error-remove-whom = who? name one player, like `tournament remove @bob`
tournament-error-which-game = which game? for example `tournament create tafl round-robin`; the games: { $rule_sets }
tournament-error-which-format = which format? `round-robin`, `swiss rounds:N` or `knockout`
tournament-error-how-many-rounds = how many rounds? for example `swiss rounds:5`
tournament-error-rounds-swiss = `rounds:N` is for a Swiss only (a round-robin and a knockout have as many rounds as their players need)
tournament-error-double-round-robin = `double` is for a round-robin only
tournament-error-pace = '{ $token }' is not a pace; expected `pace:all` or `pace:rounds`
tournament-error-pace-round-robin = `pace:` is for a round-robin only (a Swiss and a knockout go round by round)
tournament-error-twice = '{ $token }' is given twice (or with another word for the same thing)
tournament-error-word = '{ $token }' is not a tournament option; expected a format (round-robin, swiss, knockout), rounds:N, double, pace:all|rounds, days:N, clock:…, max:N, ranked or casual, starts:<date>
tournament-error-number = '{ $value }' is not allowed for { $what }; expected { $min } to { $max }
tournament-error-starts = '{ $token }' is not a start time; write the UTC date, or date and time, like starts:2026-12-01 or starts:2026-12-01T18:00
tournament-starts-past = the start time { $at } has passed (it is { $now }); give a later one, or leave starts: out and start it with `tournament start`
tournament-starts-far = the start time { $at } is more than a year away; give one within a year
tournament-starts-at = It starts by itself at { $at } if enough players have joined (its creator may also start it earlier with `tournament start #{ $id }`).
tournament-start-missed = Tournament #{ $id } could not start at its time: { $why } Its creator starts it with `tournament start #{ $id }` once enough players have joined.
# The first message in a tournament game's own channel (a Discord thread).
tournament-game-opening = Game #{ $game } of tournament #{ $id }: { $rule_set }, { $a } vs { $b }.
