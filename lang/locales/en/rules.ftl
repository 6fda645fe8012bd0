# The rules' words: rule-set and seat names, refused moves, how games end.
#
# $seat, $owner and $loser_seat are a seat's key: attackers, defenders, white, black, or
# player when a sentence names one player ("alice (White)") rather than a side. Sentences
# whose verb agrees with a side select on it.

## Rule sets

rules-name-adelta = Ad Elta Stelpur (Ludens Planet rules)
rules-name-adelta-rustik = Ad Elta Stelpur (Alex le Rustik rules)
rules-name-hnefatafl = Hnefatafl 11x11
rules-name-hnefatafl-13 = Hnefatafl 13x13
rules-name-subulata = Subulata
rules-name-daldosa = Daldøsa
rules-name-copenhagen = Copenhagen Hnefatafl
rules-name-brandubh = Brandubh

# A rule set as a choice in a list (Discord's choices, a thread's name): its name, shorter
# where the full one says whose rules; a proper name reads the same in every language.
rules-choice-adelta = Ad Elta Stelpur
rules-choice-adelta-rustik = Ad Elta Stelpur (Rustik)
rules-choice-hnefatafl = Hnefatafl 11x11
rules-choice-hnefatafl-13 = Hnefatafl 13x13
rules-choice-subulata = Subulata
rules-choice-daldosa = Daldøsa
rules-choice-copenhagen = Copenhagen Hnefatafl
rules-choice-brandubh = Brandubh

## Seats: the name as a label ("Attackers: alice"), .subject in a sentence.

rules-seat-attackers = Attackers
    .subject = the attackers
rules-seat-defenders = Defenders
    .subject = the defenders
rules-seat-white = White
    .subject = White
rules-seat-black = Black
    .subject = Black

## Moves that cannot be played

rules-move-not-allowed = { $move } is not allowed: { $reason }
rules-not-a-move = '{ $input }' is not a move: expected { $expected }
rules-game-over = the game is over
rules-roll-pending = the dice must be rolled first

# What a move looks like, after "expected".
rules-expected-slide = a move from one square to another, like f2-f5 (files a-{ $last_file }, ranks 1-{ $size })
rules-expected-subulata = a move from one cell to another, like c3-c5 (files a-i, ranks 1-9; c3c5 and C3 C5 work too)
rules-expected-adelta = a step: the point to move from (1-24) and the die to use (1-6), like 13+1 or 13 1
rules-expected-daldosa = a hole and a die, like w12+1 (row w, m or b, hole 1-12, then the die 1-4)
rules-expected-move-of = a move of { $game }

# Hnefatafl
rules-refusal-off-board = { $square } is not on the { $size }x{ $size } board
rules-refusal-no-piece = there is no piece on { $square }
rules-refusal-tafl-not-yours =
    { $owner ->
        [attackers] the piece on { $square } belongs to the attackers, and it is the defenders' turn
       *[defenders] the piece on { $square } belongs to the defenders, and it is the attackers' turn
    }
rules-refusal-tafl-stand-still = the piece must move at least one square
rules-refusal-tafl-not-straight = pieces move in a straight line along a rank or a file, like a rook
rules-refusal-path-blocked = the path is blocked at { $square }
rules-refusal-occupied = { $square } is already occupied
rules-refusal-throne-for-king = only the king may stop on the throne ({ $square }); other pieces may only pass over it
rules-refusal-corner-for-king = only the king may stop on a corner ({ $square })
rules-refusal-move-limit = the game has reached the largest move number

# Subulata
rules-refusal-cells-off-board = both cells must be on the board (a1 to i9)
rules-refusal-subulata-not-yours =
    { $owner ->
        [white] the piece on { $square } is White's, and it is Black's turn
       *[black] the piece on { $square } is Black's, and it is White's turn
    }
rules-refusal-subulata-stand-still = a piece must move to another cell
rules-refusal-diagonal = pieces move in a straight line along a rank or a file, never diagonally
# $terrain: water, flower or leaf; $reach: one of the two messages after it.
rules-refusal-wrong-distance =
    the piece on { $square } stands on { $terrain ->
        [water] water
        [flower] a flower
       *[leaf] a leaf
    } and moves exactly { $distance ->
        [one] { $distance } cell
       *[other] { $distance } cells
    }; { $reach }
rules-refusal-reach-none = it has no legal move from there
# $cells: "c4", "c4 or d3" (see rules-or).
rules-refusal-reach = it can go to { $cells }
rules-or = { $first } or { $second }
rules-refusal-own-piece-there = { $square } holds your own piece
rules-refusal-backward =
    a piece moves backward ({ $seat ->
        [white] left or down for White
       *[black] right or up for Black
    }) only to capture, and { $square } is empty

# Ad Elta Stelpur ($left, $playable: numbers or moves as written, "6, 6")
rules-refusal-no-such-point = there is no point { $point } (points are 1 to 24)
rules-refusal-no-such-step = no step of { $die } is left (steps left: { $left })
rules-refusal-no-piece-on-point = you have no piece on { $point }
rules-refusal-opponents-piece-on-point =
    you have no piece on { $point } (it holds a { $owner ->
        [white] White
       *[black] Black
    } piece)
rules-refusal-own-piece-on-point = point { $point } holds your own piece, and a piece cannot jump past it in these rules
rules-refusal-protected = the piece on { $point } is protected: it stands on a corner between two of your pieces
rules-refusal-hornaskella-off-corner = the Hornaskella on { $point } can only be captured on a corner
rules-refusal-more-steps-possible = as many steps as possible must be used, and this one would leave a step unplayable (playable now: { $playable })

# Daldøsa
rules-refusal-no-such-die = no die shows { $die } (dice left: { $left })
rules-refusal-no-peg = you have no peg on { $hole }
rules-refusal-opponents-peg = you have no peg on { $hole } (the peg there is your opponent's)
rules-refusal-inactive-peg = the peg on { $hole } is inactive: only a 1 can activate it
rules-refusal-not-nearest-stern = only your inactive peg nearest the stern, on { $hole }, can be activated
rules-refusal-own-peg-on-path = the path is blocked by your own peg on { $hole }
rules-refusal-own-peg-on-target = your own peg already stands on { $hole }
rules-refusal-both-dice-possible = you must use as many dice as you can, and after this step the other die could not be used (playable now: { $playable })

## Dice and arrangements

rules-roll-not-expected = no roll is expected now
# $got: the dice as given, "[1, 7]".
rules-roll-invalid = expected { $count } dice showing 1..={ $sides }, got { $got }
rules-arrange-not-supported = this game has no value arrangement
rules-arrange-bad-values = expected the nine values 1 to 9, each once, got { $values }
rules-arrange-locked = your arrangement is locked: you have already moved

## How a game ended

rules-end-all-captured = all pieces captured
rules-end-king-captured = the king was captured
rules-end-king-escaped = the king escaped to a corner
rules-end-no-legal-move = no legal move left
rules-end-repetition = threefold repetition
rules-end-goal-reached = every piece of one side is home or taken
rules-end-no-pegs-left = no pegs left on the board
rules-end-exit-fort = the king made an exit fort on the edge
rules-end-encircled = the attackers encircled every defender
rules-end-move-limit = the move limit was reached
# $loser names the side that lost ($loser_seat: its key).
rules-end-loser-no-pieces =
    { $loser } { $loser_seat ->
        [attackers] have
        [defenders] have
       *[other] has
    } no pieces left
rules-end-loser-no-move =
    { $loser } { $loser_seat ->
        [attackers] have
        [defenders] have
       *[other] has
    } no legal move
rules-end-loser-no-pegs =
    { $loser } { $loser_seat ->
        [attackers] have
        [defenders] have
       *[other] has
    } no pegs left on the board

# A result in a few words, for the pictures' header: "Black wins 20–15: White has no pieces
# left". $winner is the side's name.
rules-result-win =
    { $winner } { $seat ->
        [attackers] win
        [defenders] win
       *[other] wins
    }: { $reason }
rules-result-win-score =
    { $winner } { $seat ->
        [attackers] win
        [defenders] win
       *[other] wins
    } { $a }–{ $b }: { $reason }
rules-result-draw = Draw: { $reason }
rules-result-draw-score = Draw { $a }–{ $b }: { $reason }
