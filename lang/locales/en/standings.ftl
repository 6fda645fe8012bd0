# The standings picture of a tournament (render/src/standings.rs, drawn by
# session/src/files.rs): column headers, the line under the title, the legend.

standings-place = #
standings-player = Player
standings-points = Pts
standings-sonneborn-berger = SB
standings-buchholz-cut1 = BH-1
standings-direct-encounter = DE
standings-wins = W
standings-games-left = Left
standings-crosstable = Crosstable
standings-not-started = Before round 1 of { $rounds }
standings-after-round = After round { $round } of { $rounds }
standings-round-under-way = Round { $round } of { $rounds } under way
standings-final = Final standings after { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}
standings-legend-points = Pts: points
standings-legend-sonneborn-berger = SB: Sonneborn-Berger
standings-legend-buchholz-cut1 = BH-1: Buchholz Cut 1
standings-legend-direct-encounter = DE: direct encounter
standings-legend-wins = W: wins
standings-legend-games-left = Left: games still to play
standings-legend-crosstable = +/-: won/lost by forfeit, ·: not played yet
standings-legend-no-crosstable = a crosstable only up to { $max } players
standings-legend-more = { $count } more { $count ->
    [one] player
   *[other] players
} not shown
file-standings-caption = Standings of { $title }: { $stage }
file-standings-failed = The standings of { $title } cannot be drawn; nothing is attached.
file-standings-too-big = The standings picture of { $title } is bigger than the { $limit } MB this chat takes, so none is attached.
