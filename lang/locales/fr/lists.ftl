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
