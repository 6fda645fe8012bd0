# `rules`: the rule sets, and each game in a few lines with its move notation (the rules
# themselves are in the rules crate; docs/RULES.md is the authority).

rules-summary-title = Rule sets (`rules <rule-set>` for a summary):
# One rule set: its id, its name and the other words accepted for it.
rules-summary-item = { $id } - { $name } (also: { $aliases })
# Before one game's summary.
rules-summary-heading = { $name } (`{ $id }`):
rules-summary-adelta =
    24 points in a ring, both sides moving the same way; White starts on 1-6, Black on 13-18. Roll two dice: each 1 or 6 is a step (doubles give extra steps and a new roll). Landing on an enemy captures it; an occupied target makes the piece go on to the next empty point. A last piece becomes a Hornaskella that jumps between the corner points. Capture every enemy piece to win.
    Moves: the point and the die, `13+1`.
rules-summary-adelta-rustik =
    Ad Elta Stelpur by Alex le Rustik: as `adelta`, but a piece may not land on its own piece (the step is lost instead), and a piece on a corner with enemies on both neighbouring points cannot be captured. Use as many dice as possible.
    Moves: the point and the die, `13+1`.
# Both Hnefatafl boards (11x11 and 13x13).
rules-summary-hnefatafl =
    The attackers move first and want to capture the king; the defenders want him on a corner. Every piece moves like a rook; only the king may stop on the throne or a corner. A soldier between two enemies (or an enemy and a hostile square) on a line is captured. The king is captured when he and the defenders chained to him side by side are shut in on every side by attackers, the board edge, corners or the empty throne: alone on an edge three attackers do it. Threefold repetition draws; a player with no legal move loses.
    Moves: `f2-f5`.
rules-summary-hnefatafl-13 = { rules-summary-hnefatafl }
rules-summary-subulata =
    A 9x9 board of water, flower and leaf cells. Your nine pieces carry the values 1-9, which only you see until the end (place them with `arrange`). A piece moves exactly 1 from water, 2 from flower, 3 from leaf, forward (right/up for White, left/down for Black) onto an empty cell or an enemy, or backward only to capture. The game ends when one side's pieces all stand on their goal tile; score the values on the goal plus one per capture.
    Moves: `a1-a2`.
rules-summary-daldosa =
    Two rows of pegs in a boat; White travels its row, the middle row back, then Black's row and off. Roll two four-sided dice: a 1 activates a peg, any die moves an active peg exactly that far; never over or onto your own peg; landing on an enemy peg removes it. A player with no pegs left on the board loses.
    Moves: the hole and the die, `w12+1`.
rules-summary-copenhagen =
    The tafl community's rules on 11x11. The attackers move first and want to capture the king; the defenders want him on a corner. Every piece moves like a rook; only the king may stop on the throne or a corner. A soldier between two enemies on a line (or an enemy and a corner or the empty throne; the throne is always hostile to attackers) is captured; the king is armed and captures too. Shieldwall: two or more enemies in a row along the edge, each with a piece of yours in front of it, are captured when you close the row's ends (the king is spared). The king is captured by four attackers around him, or three beside the throne; never on the edge. The defenders also win by an exit fort: the king on the edge, with room to move, behind defenders that can never be captured. The attackers also win by encircling every defender. A third repetition of a position loses for the defenders; a player with no legal move loses; a game undecided after 400 plies is drawn.
    Moves: `f2-f5`.
rules-summary-brandubh =
    The Irish tafl on 7x7, as played online. The attackers move first and want to capture the king; the defenders want him on a corner. Every piece moves like a rook; only the king may stop on the throne or a corner. A piece between two enemies on a line (or an enemy and a corner or the empty throne) is captured; the king is armed and captures too. On the throne the king needs attackers on all four sides; anywhere else he is taken like a soldier, by two attackers on opposite sides or an attacker and a corner. The attackers also win by encircling every defender. A third repetition of a position is a draw; a player with no legal move loses.
    Moves: `a4-a2`.
