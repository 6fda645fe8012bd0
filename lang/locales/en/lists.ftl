# The lists: history, ladder, ratings.

history-line = #{ $id } { $rule_set } vs { $opponent } ({ $date }): { $verdict ->
    [won] won
    [lost] lost
    [draw] draw
   *[none] no result
}
history-rating = , rating { $change }
history-none = You have no finished games yet.
history-title = Your last finished games (`history #id` shows one):
ladder-empty-game = Nobody has played a ranked game of { $rule_set } here yet.
ladder-title = Ladder: { $rule_set } ({ $n } players)
# `  1. alice 1662? ±290, 1 game` ($place is right-aligned).
ladder-row = {"  "}{ $place }. { $name } { $rating } ±{ $deviation }, { $games } { $games ->
    [one] game
   *[other] games
}
ladder-empty = Nobody has played a ranked game here yet. `challenge <rule-set>` starts one.
ladder-provisional = (? marks a provisional rating: deviation { $rd } or more)
rating-none = { $name } has no ranked games here yet.
rating-title = { $name }'s ratings here:
rating-line = { $rule_set }: { $rating } ±{ $deviation }, { $games } { $games ->
    [one] game
   *[other] games
} ({ $wins } won, { $losses } lost, { $draws } drawn){ $provisional ->
    [yes] , provisional
   *[no] {""}
}
