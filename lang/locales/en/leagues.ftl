# Community leagues: seasons of divisions, promotion and relegation.

league-error-which-game = which game's league? Name it first, like `league tafl join` (games: { $rule_sets })
league-error-action = '{ $token }' is not something a league does; expected join, leave, start, standings, or nothing for the standings
league-error-start-word = '{ $token }' is not a league option; `league <game> start` takes days:N or clock:…, and ranked or casual
league-busy = the league is busy with another command; try again in a moment
league-none = No league here yet. `league <game> join` makes one and puts you in it (games: { $rule_sets }).
league-list-title = Leagues here:
league-summary-running = { $game } (`league { $id }`): season { $season }, { $players } { $players ->
    [one] player
   *[other] players
} in { $divisions } { $divisions ->
    [one] division
   *[other] divisions
}
league-summary-waiting = { $game } (`league { $id }`): { $players } { $players ->
    [one] player
   *[other] players
}, waiting for a season to start (it needs { $need })
league-no-such = There is no { $game } league here yet: `league { $id } join` makes one and puts you in it.
league-made = { $name } made the { $game } league and is its first player. Others join with `league { $id } join`; once { $need } have joined, `league { $id } start` begins the first season.
league-joined-already = you are in the { $game } league already (`league { $id }` shows it)
league-joined-waiting = { $name } joined the { $game } league ({ $players } { $players ->
    [one] player
   *[other] players
}; { $ready ->
    [yes] `league { $id } start` begins the season
   *[no] `league { $id } start` begins a season once there are { $need }
}).
league-joined-next = { $name } joined the { $game } league and plays from season { $next } (season { $season } is being played; the next one starts by itself when its last game ends).
league-stays = { $name } stays in the { $game } league after season { $season } after all.
league-not-in = you are not in the { $game } league (`league { $id } join` to enter it)
league-leaves-after = { $name } leaves the { $game } league after season { $season }. Their games of season { $season } still count: play them or resign them.
league-left = { $name } left the { $game } league.
league-start-organisers = only the tournament organisers may start a league's season here
league-running = season { $season } of the { $game } league is being played; the next one starts by itself when its last game ends
league-too-few-to-start = the { $game } league has { $players } { $players ->
    [one] player
   *[other] players
}; a season needs { $need } (`league { $id } join`)
league-too-few = a division of { $players } cannot play a round-robin; it needs { $need }
league-season-begins = { $game } league, season { $season }: { $players } players in { $divisions } { $divisions ->
    [one] division
   *[other] divisions
} ({ $clock }). { $divisions ->
    [one] Everyone plays everyone; players who join now play from the next season.
   *[other] Everyone plays everyone in their division; the best go up and the last go down at the end.
}
league-division-line = Division { $division } (tournament #{ $id }): { $names }
league-moves = { $kind ->
    [up] Up:
    [down] Down:
    [new] New:
   *[left] Left the league:
} { $names }
league-season-over = { $game } league: season { $season } is over.
league-division-winner = Division { $division } won by { $name }.
league-paused = The { $game } league pauses: { $players } { $players ->
    [one] player remains
   *[other] players remain
} and a season needs { $need }. `league { $id } join`, then `league { $id } start`.
league-title-open = { $game } league: no season yet. { $players } { $players ->
    [one] player
   *[other] players
} ({ $names }); `league { $id } start` begins the first season once there are { $need }.
league-title-running = { $game } league, season { $season } ({ $clock }, { $ranked ->
    [yes] ranked
   *[no] casual
}):
league-title-between = { $game } league: season { $season } is over and the next waits for { $need } players (`league { $id } join`, then `league { $id } start`). Last season:
league-division-title = Division { $division } (tournament #{ $id }{ $over ->
    [yes] , over
   *[no] {""}
}):
league-joining-next = Joining in season { $next }: { $names }
league-leaving = Leaving after season { $season }: { $names }
