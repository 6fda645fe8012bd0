# Les mots des règles : noms des jeux et des camps, coups refusés, fins de partie.
#
# $seat, $owner et $loser_seat sont la clé d'un camp : attackers (assaillants), defenders
# (défenseurs), white (Blanc), black (Noir), ou player quand la phrase nomme un joueur
# (« alice (Blanc) ») plutôt qu'un camp. Les phrases dont le verbe s'accorde avec le camp
# choisissent selon cette clé.

## Jeux

rules-name-adelta = Ad Elta Stelpur (règles Ludens Planet)
rules-name-adelta-rustik = Ad Elta Stelpur (règles d'Alex le Rustik)
rules-name-hnefatafl = Hnefatafl 11x11
rules-name-hnefatafl-13 = Hnefatafl 13x13
rules-name-subulata = Subulata
rules-name-daldosa = Daldøsa
rules-name-copenhagen = Hnefatafl de Copenhague
rules-name-brandubh = Brandubh

# A rule set as a choice in a list (Discord's choices, a thread's name): its name, shorter
# where the full one says whose rules; a proper name reads the same in every language.
rules-choice-adelta = Ad Elta Stelpur
rules-choice-adelta-rustik = Ad Elta Stelpur (Rustik)
rules-choice-hnefatafl = Hnefatafl 11x11
rules-choice-hnefatafl-13 = Hnefatafl 13x13
rules-choice-subulata = Subulata
rules-choice-daldosa = Daldøsa
rules-choice-copenhagen = Hnefatafl de Copenhague
rules-choice-brandubh = Brandubh

## Camps : le nom comme étiquette (« Assaillants : alice »), .subject dans une phrase.

rules-seat-attackers = Assaillants
    .subject = les assaillants
rules-seat-defenders = Défenseurs
    .subject = les défenseurs
rules-seat-white = Blanc
    .subject = Blanc
rules-seat-black = Noir
    .subject = Noir

## Coups impossibles

rules-move-not-allowed = le coup { $move } est interdit : { $reason }
rules-not-a-move = « { $input } » n'est pas un coup : il faut { $expected }
rules-game-over = la partie est terminée
rules-roll-pending = il faut d'abord lancer les dés

# À quoi ressemble un coup, après « il faut ».
rules-expected-slide = un déplacement d'une case à une autre, comme f2-f5 (colonnes a-{ $last_file }, rangées 1-{ $size })
rules-expected-subulata = un déplacement d'une case à une autre, comme c3-c5 (colonnes a-i, rangées 1-9 ; c3c5 et C3 C5 conviennent aussi)
rules-expected-adelta = un déplacement : la case de départ (1-24) et le dé à utiliser (1-6), comme 13+1 ou 13 1
rules-expected-daldosa = une case et un dé, comme w12+1 (rangée w, m ou b, case 1-12, puis le dé 1-4)
rules-expected-move-of = un coup de { $game }

# Hnefatafl
rules-refusal-off-board = { $square } n'est pas sur le tablier de { $size }x{ $size }
rules-refusal-no-piece = il n'y a pas de pion en { $square }
rules-refusal-tafl-not-yours =
    { $owner ->
        [attackers] le pion en { $square } appartient aux assaillants, et c'est aux défenseurs de jouer
       *[defenders] le pion en { $square } appartient aux défenseurs, et c'est aux assaillants de jouer
    }
rules-refusal-tafl-stand-still = le pion doit se déplacer d'au moins une case
rules-refusal-tafl-not-straight = les pions se déplacent en ligne droite, le long d'une rangée ou d'une colonne, comme la tour aux échecs
rules-refusal-path-blocked = le chemin est barré en { $square }
rules-refusal-occupied = la case { $square } est déjà occupée
rules-refusal-throne-for-king = seul le roi peut s'arrêter sur la forteresse centrale ({ $square }) ; les autres pions peuvent seulement passer au-dessus
rules-refusal-corner-for-king = seul le roi peut s'arrêter sur une forteresse de coin ({ $square })
rules-refusal-move-limit = la partie a atteint le plus grand numéro de coup possible

# Subulata
rules-refusal-cells-off-board = les deux cases doivent être sur le plateau (de a1 à i9)
rules-refusal-subulata-not-yours =
    { $owner ->
        [white] la subulata en { $square } est à Blanc, et c'est à Noir de jouer
       *[black] la subulata en { $square } est à Noir, et c'est à Blanc de jouer
    }
rules-refusal-subulata-stand-still = une subulata doit aller sur une autre case
rules-refusal-diagonal = les subulatas se déplacent en ligne droite, le long d'une rangée ou d'une colonne, jamais en diagonale
# $terrain : water (eau), flower (fleur) ou leaf (feuille) ; $reach : l'un des deux messages suivants.
rules-refusal-wrong-distance =
    la subulata en { $square } est { $terrain ->
        [water] dans l'eau
        [flower] sur une fleur
       *[leaf] sur une feuille
    } et avance d'exactement { $distance ->
        [one] { $distance } case
       *[other] { $distance } cases
    } ; { $reach }
rules-refusal-reach-none = elle ne peut aller nulle part depuis cette case
# $cells : « c4 », « c4 ou d3 » (voir rules-or).
rules-refusal-reach = elle peut aller en { $cells }
rules-or = { $first } ou { $second }
rules-refusal-own-piece-there = une de vos subulatas occupe déjà { $square }
rules-refusal-backward =
    une subulata ne recule ({ $seat ->
        [white] vers la gauche ou vers le bas pour Blanc
       *[black] vers la droite ou vers le haut pour Noir
    }) que pour prendre, et { $square } est vide

# Ad Elta Stelpur ($left, $playable : des nombres ou des coups tels qu'écrits, « 6, 6 »)
rules-refusal-no-such-point = il n'y a pas de case { $point } (les cases vont de 1 à 24)
rules-refusal-no-such-step = il ne vous reste pas de déplacement de { $die } (déplacements restants : { $left })
rules-refusal-no-piece-on-point = vous n'avez pas de pion sur la case { $point }
rules-refusal-opponents-piece-on-point =
    vous n'avez pas de pion sur la case { $point } (elle porte un pion { $owner ->
        [white] blanc
       *[black] noir
    })
rules-refusal-own-piece-on-point = la case { $point } porte déjà un de vos pions, et dans ces règles un pion ne peut pas le dépasser
rules-refusal-protected = le pion de la case { $point } est protégé : il est sur un coin, entre deux de vos pions
rules-refusal-hornaskella-off-corner = l'Hornaskella de la case { $point } ne peut être capturée que sur un coin
rules-refusal-more-steps-possible = il faut jouer autant de déplacements que possible, et celui-ci en rendrait un injouable (coups possibles : { $playable })

# Daldøsa
rules-refusal-no-such-die = aucun dé ne montre { $die } (dés restants : { $left })
rules-refusal-no-peg = vous n'avez pas de pion en { $hole }
rules-refusal-opponents-peg = vous n'avez pas de pion en { $hole } (le pion qui s'y trouve est à votre adversaire)
rules-refusal-inactive-peg = le pion en { $hole } est inactif : seul un 1 peut l'activer
rules-refusal-not-nearest-stern = seul votre pion inactif le plus proche de la poupe, en { $hole }, peut être activé
rules-refusal-own-peg-on-path = le chemin est barré par votre propre pion en { $hole }
rules-refusal-own-peg-on-target = votre propre pion occupe déjà { $hole }
rules-refusal-both-dice-possible = vous devez utiliser autant de dés que possible, et après ce déplacement l'autre dé ne pourrait plus servir (coups possibles : { $playable })

## Dés et placements

rules-roll-not-expected = aucun lancer n'est attendu maintenant
# $got : les dés tels que donnés, « [1, 7] ».
rules-roll-invalid =
    il faut { $count ->
        [one] { $count } dé
       *[other] { $count } dés
    } de 1 à { $sides }, reçu { $got }
rules-arrange-not-supported = ce jeu n'a pas de placement des valeurs
rules-arrange-bad-values = il faut les neuf valeurs de 1 à 9, chacune une fois ; reçu { $values }
rules-arrange-locked = votre placement est verrouillé : vous avez déjà joué

## Fins de partie

rules-end-all-captured = tous les pions ont été pris
rules-end-king-captured = le roi a été capturé
rules-end-king-escaped = le roi a atteint un coin
rules-end-no-legal-move = plus aucun coup possible
rules-end-repetition = position répétée trois fois
rules-end-goal-reached = un camp a fini sa traversée
rules-end-no-pegs-left = plus aucun pion en jeu
rules-end-exit-fort = le roi s'est retranché dans un fort de sortie sur le bord
rules-end-encircled = les assaillants ont encerclé tous les défenseurs
rules-end-move-limit = la limite de coups a été atteinte
# $loser nomme le camp qui a perdu ($loser_seat : sa clé).
rules-end-loser-no-pieces =
    { $loser } { $loser_seat ->
        [attackers] n'ont
        [defenders] n'ont
       *[other] n'a
    } plus de pion
rules-end-loser-no-move =
    { $loser } { $loser_seat ->
        [attackers] n'ont
        [defenders] n'ont
       *[other] n'a
    } plus de coup possible
rules-end-loser-no-pegs =
    { $loser } { $loser_seat ->
        [attackers] n'ont
        [defenders] n'ont
       *[other] n'a
    } plus de pion en jeu

# Un résultat en quelques mots, pour l'en-tête des images : « Noir gagne 20–15 : Blanc n'a
# plus de pion ». $winner est le nom du camp.
rules-result-win =
    { $seat ->
        [attackers] Les assaillants gagnent
        [defenders] Les défenseurs gagnent
       *[other] { $winner } gagne
    } : { $reason }
rules-result-win-score =
    { $seat ->
        [attackers] Les assaillants gagnent
        [defenders] Les défenseurs gagnent
       *[other] { $winner } gagne
    } { $a }–{ $b } : { $reason }
rules-result-draw = Partie nulle : { $reason }
rules-result-draw-score = Partie nulle { $a }–{ $b } : { $reason }
