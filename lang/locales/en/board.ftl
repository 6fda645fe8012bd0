# Boards: the words of text boards (around the rules' grid of letters) and of pictures.
#
# $seat is a seat's key: attackers, defenders, white or black. The grids' letters (A, D, K,
# W, B, w, f, l, …) are the same in every language: the legends below explain them.

## Text boards. The first line says where the game stands: "{ $game }, { $when }: { $state }".

board-heading = { $game }, { $when }: { $state }
# A game that ended outside its rules: its result instead of whose turn it was.
board-ended = { $game }, game over: { $result }
# Moves are numbered as in the move list: a move and its reply under one number.
board-move = move { $number }
board-after-move = after move { $number }
board-no-move-played = no move played
# The dice games count steps (one per die used), not turns.
board-steps-played =
    { $steps ->
        [0] no step played
        [one] after { $steps } step
       *[other] after { $steps } steps
    }

# Hnefatafl
board-tafl-to-play =
    { $seat ->
        [attackers] attackers (A)
       *[defenders] defenders (D)
    } to play.
# $winner: attackers, defenders, or none for a draw.
board-tafl-over =
    game over, { $winner ->
        [attackers] the attackers win
        [defenders] the defenders win
       *[none] a draw
    } ({ $reason }).
board-tafl-attackers = Attackers: { $on_board } on the board, { $lost } lost.
board-tafl-defenders = Defenders: { $on_board } and the king on the board, { $lost } lost.
board-tafl-defenders-no-king = Defenders: { $on_board } on the board, { $lost } lost; the king was captured.
board-tafl-legend = A attacker, D defender, K king, # corner, + throne, . empty.

# Ad Elta Stelpur and Daldøsa ($who: "White", "White (you)")
board-opening-roll = the opening roll decides who starts (higher total of two dice).
board-to-roll = { $who } to roll.
# $steps: "6, 6"; $again: yes when a double was rolled.
board-adelta-to-move =
    { $who } to move; steps left: { $steps }{ $again ->
        [yes] , then rolls again
       *[no] {""}
    }.
board-won = game over, { $who } wins ({ $reason }).
board-drawn = game over, a draw ({ $reason }).
board-you = { $name } (you)
board-adelta-corners = Corners: { $corners }. Pieces move 1 -> 12, then 13 -> 24, then 1 again.
# One side's pieces ($letter: W or B); the two are joined by ". ".
board-adelta-count =
    { $name } ({ $letter }{ $you ->
        [yes] , you
       *[no] {""}
    }): { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    } on the board, { $lost } lost
board-adelta-count-hornaskella =
    { $name } ({ $letter }{ $you ->
        [yes] , you
       *[no] {""}
    }): { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    } on the board, { $lost } lost, Hornaskella on { $at }

# Daldøsa ($dice: "1 3"; $count: how many dice are left, 2 before the first step)
board-daldosa-to-move =
    { $who } to move, { $count ->
        [one] die
       *[other] dice
    } to use: { $dice } ({ $count ->
        [one] second
       *[other] first
    } step of the turn).
board-daldosa-to-roll = { $who } to roll two four-sided dice.
# Under the grid: the prow under hole 1, the stern ending under hole 12 (keep the width).
board-daldosa-ends = {"    "}prow                           stern
board-daldosa-paths = Paths: White w1-w12, m12-m1, b1-b12, off; Black b1-b12, m12-m1, w1-w12, off
# $inactive_letter, $active_letter: w and W, or b and B.
board-daldosa-count = { $name } ({ $inactive_letter } inactive, { $active_letter } active): { $inactive } inactive, { $active } active, { $off } off, { $lost } lost

# Subulata
board-subulata-to-move =
    { $seat ->
        [white] White (W) to move, right or up.
       *[black] Black (B) to move, left or down.
    }
# $scores: one of the two messages after these three.
board-subulata-over = game over, { $reason }; { $scores }.
board-subulata-won = game over, { $reason }; { $scores }; { $winner } wins.
board-subulata-drawn = game over, { $reason }; { $scores }; a draw.
board-subulata-scores = White { $white }, Black { $black }
board-subulata-scores-unknown = scores unknown (hidden values)
board-subulata-legend = Cells: w water (moves 1), f flower (2), l leaf (3); W White, B Black, ? hidden value.
# One side's pieces; $goal: "g7-i9". The score is the viewer's own, shown only to them.
board-subulata-count =
    { $name }: { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    } on the board, { $lost } lost, { $on_goal } on goal { $goal }.
board-subulata-count-score-now =
    { $name }: { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    } on the board, { $lost } lost, { $on_goal } on goal { $goal }, score now { $score }.
board-subulata-count-final-score =
    { $name }: { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    } on the board, { $lost } lost, { $on_goal } on goal { $goal }, final score { $score }.

## The text view: a board with its players and the last move.

board-view-title = { $game }: { $first } vs { $second }
board-view-player = { $seat } ({ $name })
# $steps: the steps joined by ", ".
board-last-move = Last move: { $steps }.
board-last-move-taken =
    Last move: { $steps }; { $count ->
        [one] a piece was taken on
       *[other] pieces were taken on
    } { $cells }.
board-step = { $from } to { $to }
board-step-activated = { $cell } activated
board-step-off = { $from } off the board

## Pictures: the header, and the captions under the boards.

board-picture-move = Move { $number }
board-picture-after-move = After move { $number }
board-picture-no-move = No move played
board-picture-steps =
    { $steps ->
        [0] No step played
        [one] After { $steps } step
       *[other] After { $steps } steps
    }
board-picture-player = { $side }: { $name }
board-picture-to-play =
    { $seat ->
        [attackers] Attackers
        [defenders] Defenders
        [white] White
       *[black] Black
    } to play
board-picture-player-to-play =
    { $seat ->
        [attackers] Attackers
        [defenders] Defenders
        [white] White
       *[black] Black
    } ({ $name }) to play
board-picture-opening-roll = Opening roll
board-picture-dice-to-use =
    { $count ->
        [one] die to use
       *[other] dice to use
    }
# Ad Elta Stelpur: a side down to one piece has a Hornaskella.
board-picture-adelta-count =
    { $side }: { $pieces ->
        [1] 1 piece, { $lost } lost, a Hornaskella
       *[other] { $pieces } pieces, { $lost } lost
    }
board-picture-daldosa-count = { $side }: { $lost } lost, { $off } off
# Subulata: the start tile of one side is the goal tile of the other.
board-picture-subulata-tiles = { $start } start · { $goal } goal
board-picture-final-score = Final score: { $white } { $a } · { $black } { $b }
