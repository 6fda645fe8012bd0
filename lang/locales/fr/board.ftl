# Plateaux : les mots des plateaux en texte (autour de la grille de lettres des règles) et
# des images.
#
# $seat est la clé d'un camp : attackers, defenders, white ou black. Les lettres des grilles
# (A, D, K, W, B, w, f, l…) sont les mêmes dans toutes les langues : les légendes ci-dessous
# les expliquent.

## Plateaux en texte. La première ligne dit où en est la partie : « { $game }, { $when } : { $state } ».

board-heading = { $game }, { $when } : { $state }
# Une partie finie hors de ses règles : son résultat au lieu du camp qui avait le trait.
board-ended = { $game }, partie terminée : { $result }
# Les coups sont numérotés comme dans la liste des coups : un coup et sa réponse sous un même numéro.
board-move = coup { $number }
board-after-move = après le coup { $number }
board-no-move-played = aucun coup joué
# Les jeux de dés comptent les déplacements (un par dé utilisé), pas les tours.
board-steps-played =
    { $steps ->
        [0] aucun déplacement joué
        [one] après { $steps } déplacement
       *[other] après { $steps } déplacements
    }

# Hnefatafl
board-tafl-to-play =
    { $seat ->
        [attackers] aux assaillants (A)
       *[defenders] aux défenseurs (D)
    } de jouer.
# $winner : attackers, defenders, ou none pour une partie nulle.
board-tafl-over =
    partie terminée, { $winner ->
        [attackers] les assaillants gagnent
        [defenders] les défenseurs gagnent
       *[none] partie nulle
    } ({ $reason }).
board-tafl-attackers =
    Assaillants : { $on_board } sur le tablier, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }.
board-tafl-defenders =
    Défenseurs : { $on_board } et le roi sur le tablier, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }.
board-tafl-defenders-no-king =
    Défenseurs : { $on_board } sur le tablier, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    } ; le roi a été capturé.
board-tafl-legend = A assaillant, D défenseur, K roi, # forteresse de coin, + forteresse centrale, . case vide.

# Ad Elta Stelpur et Daldøsa ($who : « Blanc », « Blanc (vous) »)
board-opening-roll = le lancer d'ouverture décide qui commence (le plus grand total de deux dés).
board-to-roll = à { $who } de lancer les dés.
# $steps : « 6, 6 » ; $again : yes après un double.
board-adelta-to-move =
    à { $who } de jouer ; déplacements restants : { $steps }{ $again ->
        [yes] , puis nouveau lancer
       *[no] {""}
    }.
board-won = partie terminée, { $who } gagne ({ $reason }).
board-drawn = partie terminée, partie nulle ({ $reason }).
board-you = { $name } (vous)
board-adelta-corners = Coins : { $corners }. Les pions vont de 1 à 12, puis de 13 à 24, puis reviennent en 1.
# Les pions d'un camp ($letter : W ou B) ; les deux sont joints par « . ».
board-adelta-count =
    { $name } ({ $letter }{ $you ->
        [yes] , vous
       *[no] {""}
    }) : { $pieces } { $pieces ->
        [one] pion
       *[other] pions
    } sur le tablier, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }
board-adelta-count-hornaskella =
    { $name } ({ $letter }{ $you ->
        [yes] , vous
       *[no] {""}
    }) : { $pieces } { $pieces ->
        [one] pion
       *[other] pions
    } sur le tablier, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }, Hornaskella sur la case { $at }

# Daldøsa ($dice : « 1 3 » ; $count : combien de dés restent, 2 avant le premier déplacement)
board-daldosa-to-move =
    à { $who } de jouer, { $count ->
        [one] dé
       *[other] dés
    } à jouer : { $dice } ({ $count ->
        [one] second
       *[other] premier
    } déplacement du tour).
board-daldosa-to-roll = à { $who } de lancer les deux dés à quatre faces.
# Sous la grille : la proue sous la case 1, la poupe finissant sous la case 12 (garder la largeur).
board-daldosa-ends = {"    "}proue                          poupe
board-daldosa-paths = Parcours : Blanc w1-w12, m12-m1, b1-b12, sortie ; Noir b1-b12, m12-m1, w1-w12, sortie
# $inactive_letter, $active_letter : w et W, ou b et B.
board-daldosa-count =
    { $name } ({ $inactive_letter } inactif, { $active_letter } actif) : { $inactive } { $inactive ->
        [one] inactif
       *[other] inactifs
    }, { $active } { $active ->
        [one] actif
       *[other] actifs
    }, { $off } { $off ->
        [one] sorti
       *[other] sortis
    }, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }

# Subulata
board-subulata-to-move =
    { $seat ->
        [white] à Blanc (W) de jouer, vers la droite ou vers le haut.
       *[black] à Noir (B) de jouer, vers la gauche ou vers le bas.
    }
# $scores : l'un des deux messages qui suivent ces trois-ci.
board-subulata-over = partie terminée, { $reason } ; { $scores }.
board-subulata-won = partie terminée, { $reason } ; { $scores } ; { $winner } gagne.
board-subulata-drawn = partie terminée, { $reason } ; { $scores } ; partie nulle.
board-subulata-scores = Blanc { $white }, Noir { $black }
board-subulata-scores-unknown = scores inconnus (valeurs cachées)
board-subulata-legend = Cases : w eau (avance de 1), f fleur (2), l feuille (3) ; W Blanc, B Noir, ? valeur cachée.
# Les pions d'un camp ; $goal : « g7-i9 ». Le score est celui du lecteur, montré à lui seul.
board-subulata-count =
    { $name } : { $pieces } { $pieces ->
        [one] pion
       *[other] pions
    } sur le plateau, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }, { $on_goal } sur la tuile d'arrivée { $goal }.
board-subulata-count-score-now =
    { $name } : { $pieces } { $pieces ->
        [one] pion
       *[other] pions
    } sur le plateau, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }, { $on_goal } sur la tuile d'arrivée { $goal }, score actuel { $score }.
board-subulata-count-final-score =
    { $name } : { $pieces } { $pieces ->
        [one] pion
       *[other] pions
    } sur le plateau, { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }, { $on_goal } sur la tuile d'arrivée { $goal }, score final { $score }.

## La vue en texte : un plateau avec ses joueurs et le dernier coup.

board-view-title = { $game } : { $first } contre { $second }
board-view-player = { $seat } ({ $name })
# $steps : les déplacements joints par « , ».
board-last-move = Dernier coup : { $steps }.
board-last-move-taken =
    Dernier coup : { $steps } ; { $count ->
        [one] un pion a été pris en
       *[other] des pions ont été pris en
    } { $cells }.
board-step = { $from } vers { $to }
board-step-activated = { $cell } activé
board-step-off = { $from } hors du plateau

## Images : l'en-tête, et les légendes sous les plateaux.

board-picture-move = Coup { $number }
board-picture-after-move = Après le coup { $number }
board-picture-no-move = Aucun coup joué
board-picture-steps =
    { $steps ->
        [0] Aucun déplacement joué
        [one] Après { $steps } déplacement
       *[other] Après { $steps } déplacements
    }
board-picture-player = { $side } : { $name }
board-picture-to-play =
    { $seat ->
        [attackers] Aux assaillants
        [defenders] Aux défenseurs
        [white] À Blanc
       *[black] À Noir
    } de jouer
board-picture-player-to-play =
    { $seat ->
        [attackers] Aux assaillants
        [defenders] Aux défenseurs
        [white] À Blanc
       *[black] À Noir
    } ({ $name }) de jouer
board-picture-opening-roll = Lancer d'ouverture
board-picture-dice-to-use =
    { $count ->
        [one] dé à jouer
       *[other] dés à jouer
    }
# Ad Elta Stelpur : un camp réduit à un seul pion a une Hornaskella.
board-picture-adelta-count =
    { $side } : { $pieces ->
        [1] 1 pion, { $lost } perdus, une Hornaskella
       *[other] { $pieces } { $pieces ->
            [one] pion
           *[other] pions
        }, { $lost } { $lost ->
            [one] perdu
           *[other] perdus
        }
    }
board-picture-daldosa-count =
    { $side } : { $lost } { $lost ->
        [one] perdu
       *[other] perdus
    }, { $off } { $off ->
        [one] sorti
       *[other] sortis
    }
# Subulata : la tuile de départ d'un camp est la tuile d'arrivée de l'autre.
board-picture-subulata-tiles = Départ de { $start } · arrivée de { $goal }
board-picture-final-score = Score final : { $white } { $a } · { $black } { $b }
