# Mots communs.

# Les deux derniers éléments d'une liste : « a, b et c » ($head vaut « a, b »).
list-last = { $head } et { $last }

# Un instant (le premier du mois s'écrit « 1er ») : « 28 novembre 2026 à 08 h 07 UTC » ($month est le nom du mois).
date-time = { $day ->
    [1] 1er
   *[other] { $day }
} { $month } { $year } à { $hour } h { $minute } UTC
# Les mois par leur numéro, pour les dates.
month-1 = janvier
month-2 = février
month-3 = mars
month-4 = avril
month-5 = mai
month-6 = juin
month-7 = juillet
month-8 = août
month-9 = septembre
month-10 = octobre
month-11 = novembre
month-12 = décembre

# Les durées telles qu'on les lit : « 2 jours 3 heures », « 5 heures 10 minutes ».
duration-under-a-minute = moins d'une minute
duration-days = { $n ->
    [one] 1 jour
   *[other] { $n } jours
}
duration-hours = { $n ->
    [one] 1 heure
   *[other] { $n } heures
}
duration-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}
# Deux unités ensemble : « 2 jours 3 heures ».
duration-pair = { $a } { $b }
# Une pendule à côté d'un nom : « 2 j 5 h », « 5 h 12 min », « 47 min ».
clock-under-a-minute = moins d'1 min
clock-minutes = { $m } min
clock-hours = { $h } h { $m } min
clock-days = { $d } j
clock-days-hours = { $d } j { $h } h

# Une commande arrivée pendant l'arrêt de Skald.
restarting = Skald redémarre : rien n'a donc été fait ni changé. Renvoyez-la dans une minute, s'il vous plaît.
# Matrix : les coups possibles d'une partie aux dés, numérotés, pour `move N`.
matrix-numbered-moves = Coups (`move N` joue le numéro N) : { $moves }

# Ce qu'une réponse propose en boutons (Discord).
choice-accept = Accepter
choice-decline = Refuser
choice-rematch = Revanche
choice-record = Feuille de partie
choice-replay = Revoir
choice-review = Analyse
