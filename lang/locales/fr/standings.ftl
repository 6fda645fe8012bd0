# L'image du classement d'un tournoi (render/src/standings.rs, dessinée par
# session/src/files.rs) : en-têtes des colonnes, ligne sous le titre, légende.

standings-place = #
standings-player = Nom
standings-points = Pts
standings-sonneborn-berger = SB
standings-buchholz-cut1 = Bu-1
standings-direct-encounter = CD
standings-wins = V
standings-games-left = Reste
standings-crosstable = Grille américaine
standings-not-started = Avant la ronde 1 sur { $rounds }
standings-after-round = Après la ronde { $round } sur { $rounds }
standings-round-under-way = Ronde { $round } sur { $rounds } en cours
standings-final = Classement final après { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}
standings-legend-points = Pts : points
standings-legend-sonneborn-berger = SB : Sonneborn-Berger
standings-legend-buchholz-cut1 = Bu-1 : Buchholz tronqué
standings-legend-direct-encounter = CD : confrontation directe
standings-legend-wins = V : victoires
standings-legend-games-left = Reste : parties encore à jouer
standings-legend-crosstable = +/- : gagné/perdu par forfait, · : pas encore jouée
standings-legend-no-crosstable = grille américaine jusqu'à { $max } participants seulement
standings-legend-more = { $count } { $count ->
    [one] autre participant non affiché
   *[other] autres participants non affichés
}
file-standings-caption = Classement de { $title } : { $stage }
file-standings-failed = Le classement de { $title } ne peut pas être dessiné ; rien n'est joint.
file-standings-too-big = L'image du classement de { $title } dépasse les { $limit } Mo que cette messagerie accepte : rien n'est joint.
