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
rating-line-rank = ; { $rank } on the ladder
rating-line-last = ; last results: { $results }
rating-result = { $result ->
    [won] won
    [lost] lost
   *[drawn] drawn
}
rating-rank = #{ $place } of { $n }
rating-chart-title = Rating of { $name }
rating-chart-caption = Rating of { $name } over time, a line per rule set
rating-chart-empty = No ranked games yet
rating-chart-win = win
rating-chart-loss = loss
rating-chart-draw = draw
rating-chart-failed = The rating picture could not be drawn; the text above has the ratings.
ladder-chart-title = { $rule_set }: the last 90 days
ladder-chart-caption = The top players' ratings in { $rule_set } over the last 90 days
ladder-chart-empty = No ranked games in the last 90 days
