# Words used everywhere.

# A list's last two items: "a, b and c" ($head is "a, b").
list-last = { $head } and { $last }

# A moment: `2026-11-28 08:07 UTC` ($month and $day as two digits).
date-time = { $year }-{ $month }-{ $day } { $hour }:{ $minute } UTC
# Months by number, for languages that name them in dates.
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December

# Durations as players read them: `2 days 3 hours`, `5 hours 10 minutes`.
duration-under-a-minute = under a minute
duration-days = { $n ->
    [one] 1 day
   *[other] { $n } days
}
duration-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
}
duration-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}
# Two units together: `2 days 3 hours`.
duration-pair = { $a } { $b }
# A clock beside a name: `2 d 5 h`, `5 h 12 min`, `47 min`.
clock-under-a-minute = under 1 min
clock-minutes = { $m } min
clock-hours = { $h } h { $m } min
clock-days = { $d } d
clock-days-hours = { $d } d { $h } h

# A command that arrives while Skald shuts down.
restarting = Skald is restarting, so this was not done and nothing was changed. Please send it again in a minute.
# Matrix: a dice game's legal moves, numbered, for `move N`.
matrix-numbered-moves = Moves (`move N` plays number N): { $moves }

# The answers a reply offers as buttons (Discord).
choice-accept = Accept
choice-decline = Decline
choice-rematch = Rematch
choice-record = Record
choice-replay = Replay
choice-review = Review
