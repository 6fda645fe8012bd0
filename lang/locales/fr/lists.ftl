# Les listes : historique, classement, cotes.

history-line = #{ $id } { $rule_set } contre { $opponent } ({ $date }) : { $verdict ->
    [won] gagnée
    [lost] perdue
    [draw] nulle
   *[none] sans résultat
}
history-rating = , cote { $change }
history-none = Vous n'avez encore aucune partie terminée.
history-title = Vos dernières parties terminées (`history #id` en montre une) :
ladder-empty-game = Personne n'a encore joué de partie classée de { $rule_set } ici.
ladder-title = Classement : { $rule_set } ({ $n } joueurs)
# « 1. alice 1662? ±290, 1 partie » ($place est aligné à droite).
ladder-row = {"  "}{ $place }. { $name } { $rating } ±{ $deviation }, { $games } { $games ->
    [one] partie
   *[other] parties
}
ladder-empty = Personne n'a encore joué de partie classée ici. `challenge <rule-set>` en lance une.
ladder-provisional = (? signale une cote provisoire : écart { $rd } ou plus)
rating-none = { $name } n'a encore aucune partie classée ici.
rating-title = Les cotes de { $name } ici :
rating-line = { $rule_set } : { $rating } ±{ $deviation }, { $games } { $games ->
    [one] partie
   *[other] parties
} ({ $wins } gagnées, { $losses } perdues, { $draws } nulles){ $provisional ->
    [yes] , provisoire
   *[no] {""}
}
rating-line-rank =  ; { $rank } au classement
rating-line-last =  ; derniers résultats : { $results }
rating-result = { $result ->
    [won] gagnée
    [lost] perdue
   *[drawn] nulle
}
rating-rank = {"n°"}{ $place } sur { $n }
rating-chart-title = Cote de { $name }
rating-chart-caption = La cote de { $name } au fil du temps, une ligne par jeu
rating-chart-empty = Aucune partie classée pour l'instant
rating-chart-win = victoire
rating-chart-loss = défaite
rating-chart-draw = nulle
rating-chart-failed = L'image des cotes n'a pas pu être dessinée ; le texte ci-dessus donne les cotes.
ladder-chart-title = { $rule_set }, 90 derniers jours
ladder-chart-caption = Les cotes des meilleurs joueurs de { $rule_set } sur les 90 derniers jours
ladder-chart-empty = Aucune partie classée ces 90 derniers jours
