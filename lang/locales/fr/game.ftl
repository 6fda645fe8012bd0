# Une partie en cours : à qui de jouer, ce qui s'est passé, coups refusés, listes des coups.

dice-none = aucun dé

status-opening-roll = le lancer d'ouverture est attendu
status-must-roll = { $seat } doit lancer les dés
status-to-move = à { $seat } de jouer
status-to-move-dice = à { $seat } de jouer, avec { $dice }
status-won = la partie est terminée : { $winner } a gagné ({ $why })
status-draw = la partie est terminée : partie nulle ({ $why })
status-score = , score { $a } à { $b }

# Le lancer d'ouverture d'Ad Elta Stelpur : la somme et les dés de chaque camp.
event-opening-roll-sums = lancer d'ouverture : { $a } { $sum_a } ({ $a1 }+{ $a2 }), { $b } { $sum_b } ({ $b1 }+{ $b2 })
event-opening-roll = lancer d'ouverture : { $dice }
event-rolled = { $seat } a lancé { $dice }
event-starts = { $seat } commence
event-moved = { $seat } a joué { $from } vers { $to }
event-moved-off = { $seat } a sorti { $from } du tablier
event-bumped = { $seat } a trouvé { $target } occupée et a poursuivi jusqu'à { $landed }
event-captured = un pion de { $seat } a été pris en { $at }
event-activated = { $seat } a activé un pion, désormais en { $at }
event-left-board = un pion de { $seat } a quitté le tablier depuis { $from }
event-hornaskella = { $seat } a une Hornaskella en { $at }
event-dice-lost = { $seat } n'a pas pu utiliser { $dice }
event-extra-roll = { $seat } relance les dés
event-passed = { $seat } n'a pas pu jouer et passe son tour
event-won = partie terminée : { $winner } a gagné ({ $why })
event-draw = partie terminée : partie nulle ({ $why })

move-refused = impossible de jouer « { $mv } » : { $why }
move-none-legal = aucun coup n'est possible
move-legal = coups possibles : { $moves }
move-legal-more = coups possibles : { $moves } … et { $more ->
    [one] { $more } autre
   *[other] { $more } autres
}

moves-unreadable = (la partie enregistrée est illisible)
moves-rolled = {" "}a lancé { $dice }
moves-to-play = {" "}(à jouer)
moves-no-move = {" "}(aucun coup)
moves-more-to-play =  : { $moves } (à suivre)
moves-played =  : { $moves }

# « #3 Hnefatafl 11x11, alice contre bob »
game-title = #{ $id } { $rule_set }, { $a } contre { $b }
# Un joueur et son camp : « alice (Assaillants) ».
game-player-seat = { $name } ({ $seat })
game-status = #{ $id } : { $status }
game-deadline = , échéance { $deadline } (dans { $left }).
game-clocks = Pendules : { $clocks }.
game-your-values = Partie #{ $id } : vos pions et leurs valeurs (personne d'autre ne les voit) :
# La fin d'une phrase faite de plusieurs messages.
sentence-end = .

result-wins = { $winner } gagne : { $why }
result-draw = Partie nulle : { $why }
result-score = {" "}(score { $a } à { $b })
result-resigned = { $loser } a abandonné ; { $winner } gagne
result-timed-out = { $loser } a dépassé son temps ; { $winner } gagne
result-draw-agreed = Partie nulle d'un commun accord
result-aborted = Annulée par { $player } ; sans résultat
result-aborted-on-time = { $player } a dépassé son temps avant que chacun ait joué ; la partie est annulée sans résultat
result-ratings = Classements ({ $rule_set }) : { $a } { $rating_a }, { $b } { $rating_b }.
result-casual = Une partie amicale : les classements ne changent pas.

# La description d'un plateau pour les lecteurs d'écran.
board-alt = { $title }, coup { $n } : { $status }
board-alt-over = { $title } : partie terminée, { $result }

moves-title = { $title } : coups
moves-none = (aucun coup pour l'instant)
moves-left-out = ({ $n ->
    [one] la première ligne est omise
   *[other] les { $n } premières lignes sont omises
})

word-ranked = classée
word-casual = amicale
game-starts = La partie #{ $id } commence : { $rule_set }, { $a } contre { $b }, { $kind }, { $days } { $days ->
    [one] jour
   *[other] jours
} par coup.
game-takeback-engine = #{ $id } : { $player } reprend son dernier coup et la réponse du moteur.
game-takeback-nothing = vous n'avez rien à reprendre dans la partie #{ $id } : vous n'avez pas encore joué
game-resigns = #{ $id } : { $player } abandonne.
game-aborts = #{ $id } : { $player } annule la partie.
game-abort-too-late = la partie #{ $id } ne peut plus être annulée : les deux joueurs ont joué. `resign #{ $id }` l'abandonne, `draw #{ $id }` propose la nulle.
board-title = { $title } ({ $kind })

move-not-your-turn = ce n'est pas à vous de jouer ; { $status }
# Les coups d'un tour envoyés ensemble, quand le tour s'est terminé (ou les dés ont été relancés) en route.
move-cannot-follow = après { $played }, { $why ->
    [turn-over] votre tour était fini
   *[rolled-again] les dés ont été relancés
}, donc « { $rest } » ne peut pas suivre ; rien n'a été joué. Envoyez d'abord les coups jusqu'à { $last }.
move-nothing-played = rien n'a été joué (pas même { $played }) : renvoyez le tour entier
usage-line = usage : `{ $usage }`
game-played = #{ $id } : { $player } a joué { $moves }.
arrange-not-subulata = la partie #{ $id } est une partie de { $rule_set } : seul Subulata a des valeurs à placer
arrange-refused = impossible de placer vos valeurs dans la partie #{ $id } : { $why }
arrange-done = #{ $id } : { $player } a placé ses pions.
arrange-private = Partie #{ $id } : vos valeurs sont placées (vous pouvez les changer jusqu'à votre premier coup) :

draw-none-in-game = { $rule_set } ne connaît pas la partie nulle : une partie finit toujours par un gagnant. `resign #{ $id }` l'abandonne.
draw-engine = skald, le moteur intégré, joue chaque partie jusqu'au bout et n'accepte aucune nulle ; continuez, ou `resign #{ $id }` pour abandonner la partie
draw-accepted = #{ $id } : { $player } accepte la nulle.
draw-already-offered = vous avez déjà proposé la nulle dans la partie #{ $id } ; elle tient jusqu'à ce que { $other } réponde ou joue
# $offer vaut `draw` ou `takeback` (c'est aussi la commande qui accepte).
offer-made = #{ $id } : { $player } { $offer ->
    [draw] propose la nulle
   *[takeback] demande à reprendre son dernier coup
}. { $other } : `{ $offer } #{ $id }` { $offer ->
    [draw] l'accepte
   *[takeback] l'accorde
}, `decline #{ $id }` refuse (jouer un coup refuse aussi).
offer-declined = #{ $id } : { $player } refuse { $offer ->
    [draw] la nulle proposée
   *[takeback] la reprise demandée
} par { $other }.
takeback-dice = { $rule_set } se joue aux dés : un coup ne se reprend plus une fois les dés tombés
takeback-granted = #{ $id } : { $player } accorde la reprise ; le dernier coup de { $asker } est annulé.
takeback-already-asked = vous avez déjà demandé une reprise dans la partie #{ $id } ; en attente de { $other }
takeback-nothing = vous n'avez rien à reprendre dans la partie #{ $id } : une reprise annule votre propre dernier coup, tant que l'adversaire n'a pas joué

find-no-active-game = vous n'avez pas de partie en cours ici ; désignez-en une avec #id (`games` liste les vôtres) ou commencez-en une avec `challenge <rule-set>`
find-which-game = vous avez { $n } parties en cours ici : { $games } ; dites laquelle, comme `{ $example }`
find-no-finished-game = vous n'avez pas de partie terminée ici ; désignez-en une avec #id
find-other-channel = la partie #{ $id } se joue dans un autre salon ({ $channel }) ; envoyez cette commande là-bas
find-not-your-game = vous ne jouez pas la partie #{ $id } ({ $a } contre { $b })
find-game-over = la partie #{ $id } est terminée. { $result }
    `rematch #{ $id }` propose une revanche ; `history #{ $id }` la montre.
history-still-playing = (en cours)
deadline-time-ran-out = #{ $id } : le temps de { $player } est écoulé.
deadline-reminder = Rappel, { $player } : votre coup dans la partie #{ $id } ({ $rule_set }) est attendu avant le { $deadline }, dans { $left }.
suggest-challenge = #{ $id } défi : { $rule_set } par { $by }
missed-command = Cette commande a été envoyée il y a { $age }, pendant mon absence : elle n'a donc pas été exécutée et rien n'a changé. Renvoyez-la si vous la voulez toujours.

# Les conditions d'un défi : « Hnefatafl 11x11, classée, 3 jours par coup ; alice joue les assaillants (commence) ».
challenge-terms = { $rule_set }, { $kind }, { $clock } ; { $seat }
challenge-seat-first = { $player } joue { $seat } ({ $start ->
    [roll] un lancer d'ouverture décide qui commence
   *[first] commence
})
challenge-seat-second = { $player } joue { $seat }
challenge-seat-random = camps tirés au sort
clock-days-per-move = { $days } { $days ->
    [one] jour
   *[other] jours
} par coup
bank = une réserve de { $start }
bank-increment = , plus { $increment } par coup
bank-cap = , au plus { $cap }
challenge-anyone-here = n'importe qui ici
challenge-summary-mine = #{ $id } vous défiez { $opponent } : { $terms } (`cancel #{ $id }` le retire)
challenge-summary-for-you = #{ $id } { $challenger } vous défie : { $terms } (`accept #{ $id }` ou `decline #{ $id }`)
challenge-summary-open = #{ $id } défi ouvert de { $challenger } : { $terms } (`accept #{ $id }`)
challenge-headline = Défi #{ $id }
challenge-headline-rematch = Revanche de la partie #{ $game }, défi #{ $id }
challenge-made = { $headline } : { $challenger } défie @{ $opponent } : { $terms }.
    @{ $opponent } : `accept #{ $id }` ou `decline #{ $id }`.
challenge-made-open = { $headline } : { $challenger } défie n'importe qui ici : { $terms }.
    Tout le monde : `accept #{ $id }`.

games-your-move = à vous de jouer
games-their-move = à { $opponent } de jouer
games-line = #{ $id } { $rule_set }, vous ({ $seat }) contre { $opponent } : { $whose }, échéance { $deadline } (dans { $left })
games-clocks = , votre pendule { $mine }, celle de { $opponent } { $theirs }
games-offer-waits = , une proposition attend votre réponse
games-none = Vous n'avez aucune partie en cours.
games-title = Vos parties :
games-no-challenges = Aucun défi en attente. `challenge <rule-set>` en lance un.
games-challenges = Défis :

# Où se joue une partie : un lien que le lecteur peut suivre sur sa plateforme, sinon la plateforme.
home-in = { $kind ->
    [link] dans { $channel }
   *[id] dans le salon { $channel }
}
home-on = sur { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] la console
   *[other] une autre plateforme
}
# Un camp comme complément de « joue » : « les assaillants », « Blanc ».
challenge-seat-object = { $key ->
    [attackers] les assaillants
    [defenders] les défenseurs
    [white] Blanc
   *[black] Noir
}
challenge-which = { $n } défis conviennent : { $challenges } ; dites lequel, comme `{ $example }`
challenge-other-channel = le défi #{ $id } a été lancé dans un autre salon, { $channel } ; acceptez-le là-bas
challenge-values-placed = Partie #{ $id } : vous jouez { $seat }. Vos valeurs ont été placées au hasard (ci-dessous). Jusqu'à votre premier coup, vous pouvez les placer vous-même, en privé : `arrange #{ $id } <neuf valeurs>` pour { $order }.
secret-values-in-public = Tout le monde ici lit ce que vous tapez : ces valeurs n'ont donc pas été utilisées et rien n'a changé. Envoyez `arrange` là où personne d'autre ne le voit : la commande /arrange sur Discord, votre salon privé avec le bot sur Matrix.
secret-link-in-public = Tout le monde ici lit ce que vous tapez : les codes de liaison ne sont donc pas pris ici et rien n'a changé. Envoyez `link` là où personne d'autre ne le voit : la commande /link sur Discord, votre salon privé avec le bot sur Matrix.
edit-of-done-command = Cette commande a déjà été exécutée : la modification n'a donc pas été relancée. Envoyez la nouvelle commande dans un nouveau message.
edit-of-forgotten-message = Ce message date de plus de { $days } jours et je ne me souviens plus si je l'ai exécuté : la modification n'a donc pas été exécutée et rien n'a changé. Envoyez la commande dans un nouveau message.

challenge-yourself = vous ne pouvez pas vous défier vous-même ; nommez quelqu'un d'autre, ou omettez le @joueur pour un défi ouvert
challenge-already-accepted = le défi #{ $id } a déjà été accepté : c'est la partie #{ $id }
challenge-none-such = il n'y a pas de défi #{ $id } (il a peut-être reçu une réponse ou été retiré) ; `games` liste ceux qui sont ouverts
challenge-own = vous ne pouvez pas accepter votre propre défi ; `cancel #{ $id }` le retire
challenge-not-for-you = le défi #{ $id } s'adresse à @{ $opponent }, pas à vous
challenge-answered-by-other = quelqu'un d'autre a répondu au défi #{ $id } à l'instant
nothing-written = rien n'a été enregistré
accept-none-here = il n'y a pas de défi pour vous ici ; `games` liste les défis, `challenge <rule-set>` en lance un
decline-none-here = vous n'avez rien à refuser ici : aucun défi ne vous est adressé, aucune nulle ni reprise n'est proposée
decline-nothing-in-game = rien à refuser dans la partie #{ $id } : aucune nulle ni reprise ne vous attend
decline-which-game = des propositions attendent dans les parties { $games } ; dites laquelle, comme `decline #{ $id }`
decline-open-challenge = le défi #{ $id } est ouvert à tous, il ne peut donc pas être refusé ; laissez-le, ou { $challenger } peut le retirer avec `cancel #{ $id }`
cancel-none-here = vous n'avez aucun défi en attente ici ; `games` liste les vôtres
cancel-not-yours = le défi #{ $id } appartient à { $challenger } ; personne d'autre ne peut le retirer{ $yours ->
    [declinable] {" "}(vous pouvez le refuser avec `decline #{ $id }`)
   *[other] {""}
}
cancel-answered = le défi #{ $id } a reçu une réponse à l'instant
rematch-not-yours = vous n'avez pas joué la partie #{ $id } ; seuls ses joueurs peuvent demander une revanche
rematch-still-playing = la partie #{ $id } est encore en cours ; la revanche vient après sa fin
rematch-already-offered = vous avez déjà proposé une revanche : défi #{ $challenge }, en attente de { $opponent }
rematch-already-game = la revanche de la partie #{ $id } est déjà la partie #{ $rematch }

takeback-engine-thinking = le moteur réfléchit encore à son coup dans la partie #{ $id } ; une fois qu'il aura joué, `takeback #{ $id }` annulera votre coup et sa réponse
engine-no-game = il n'y a pas de partie #{ $id }
engine-not-its-game = la partie #{ $id } est terminée ou n'est pas celle du moteur
engine-game-changed = la partie #{ $id } a changé pendant que le moteur réfléchissait
engine-no-move = le moteur n'a trouvé aucun coup dans la partie #{ $id }
find-challenge-not-game = #{ $id } est un défi que personne n'a encore accepté, pas une partie ; `accept #{ $id }` la commence
find-no-such-game = il n'y a pas de partie #{ $id } ; `games` liste les vôtres
look-your-values = Partie #{ $id } : vos pions et leurs valeurs :
decline-challenge = { $player } refuse le défi #{ $id } de { $challenger }.
cancel-challenge = { $player } retire le défi #{ $id }.
not-a-user = « @{ $handle } » n'est pas un joueur
user-id-unusable = cet identifiant d'utilisateur est inutilisable
# $reason est le détail technique pour l'administrateur (en anglais, comme dans le journal).
damaged-game = la partie #{ $id } est illisible : { $reason }. Vos autres parties ne sont pas touchées. L'administrateur du bot peut l'exporter (`skald export`, une ligne `unreadable_game`) et l'examiner ; le journal la nomme aussi.
members-unknown = Je ne vois pas qui est dans ce salon pour l'instant, donc rien n'a changé. Réessayez dans un moment, ou désignez le joueur par son identifiant complet (`@bob:example.org`).
not-in-room = Personne du nom de { $typed } n'est dans ce salon, donc rien n'a changé.
not-in-room-candidates = {" "}Désignez l'un de : { $people } (son identifiant complet, ou une mention).
several-in-room = { $typed } peut désigner : { $people }. Rien n'a changé ; désignez-en un par son identifiant complet, ou mentionnez-le.

# Les coups conditionnels (`premove`) : des lignes de jeu qu'un joueur prépare contre les
# prochains coups de son adversaire, montrées à ce joueur seulement.
# $theirs : le coup prévu de l'adversaire ; $answer : la réponse du joueur.
premove-exchange = si { $theirs } alors { $answer }
# $line : les échanges ; $count : combien de lignes le joueur a maintenant dans la partie.
premove-queued = Ajouté à la partie #{ $id } : { $line }. { $count ->
    [one] C'est votre seule ligne dans cette partie
   *[other] Vous avez { $count } lignes dans cette partie
} (`premove #{ $id }` les liste, `premove #{ $id } clear` les retire). Chaque réponse est jouée dès que le coup auquel elle répond l'est, si elle est légale à ce moment-là.
premove-none = Vous n'avez aucun coup conditionnel dans la partie #{ $id }. Pendant le tour de votre adversaire, `premove #{ $id } <son coup> <votre réponse>` en prépare un.
premove-list-head = Vos coups conditionnels dans la partie #{ $id } ({ $count ->
    [one] une ligne
   *[other] { $count } lignes, essayées dans cet ordre
}) :
premove-cleared = { $count ->
    [0] Vous n'aviez aucun coup conditionnel dans la partie #{ $id } ; rien n'a changé.
    [one] Votre ligne de coups conditionnels dans la partie #{ $id } est retirée.
   *[other] Vos { $count } lignes de coups conditionnels dans la partie #{ $id } sont retirées.
}
premove-dice = les coups conditionnels sont pour les jeux sans dés (les jeux de tafl, Subulata) : dans la partie #{ $id } ({ $rule_set }), les dés décident de ce qui peut être joué
premove-not-their-turn = c'est à vous de jouer dans la partie #{ $id } : jouez votre coup ; un coup conditionnel répond au prochain coup de votre adversaire
premove-too-many = vous avez déjà { $most } lignes dans la partie #{ $id }, le maximum ; `premove #{ $id } clear` les retire
premove-unpaired = une ligne est faite de paires de coups, le sien puis votre réponse : { $last } n'a pas de réponse
premove-too-long = une ligne compte au plus { $most } paires de coups
premove-bad-move = « { $input } » ne peut pas faire partie de cette ligne : { $why }
# Dans la réponse publique : la réponse préparée du joueur, jouée aussitôt en son nom.
premove-answered = { $player } a répondu aussitôt par un coup conditionnel : { $answer }.
premove-dropped-head = Partie #{ $id } : un coup conditionnel n'a pas pu être joué, sa ligne est donc abandonnée :
premove-dropped = si { $theirs } alors { $answer } : { $why }
secret-premove-in-public = Tout le monde ici lit ce que vous tapez : cette ligne n'a donc pas été ajoutée et rien n'a changé. Envoyez `premove` là où personne d'autre ne le voit : la commande /premove sur Discord, votre salon privé avec le bot sur Matrix.

## export et replay : une partie entière dans un fichier.
export-caption = Feuille de la partie { $title }, pour `skald import`
export-summary = Feuille de la partie { $title } : { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}.
export-how = Le fichier est la partie telle que `skald export` l'écrit : `skald import` la lit dans un stockage de Skald, et `skald replay` en fait une animation.
export-otn-caption = { $title } en notation OpenTafl, pour les programmes de la communauté tafl
export-otn-summary = { $title } en notation OpenTafl : { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}.
export-otn-how = OpenTafl et les programmes de la communauté tafl la lisent (prises marquées `x`, la prise du roi `++`, une fuite `--`) ; `skald import` la relit aussi. `export` seul donne la feuille de Skald.
export-otn-tafl-only = La partie #{ $id } est une partie de { $rule_set } : la notation OpenTafl ne contient que des parties de Copenhague et de Brandubh. `export #{ $id }` en donne la feuille de Skald.
export-otn-failed = La partie #{ $id } n'a pas pu être écrite en notation OpenTafl (sa feuille ne se rejoue pas) ; `export #{ $id }` en donne la feuille de Skald.
replay-caption = La partie { $title } en animation, { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}
replay-summary = La partie { $title } en animation : { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}.
record-still-playing = La partie continue.
record-sent-privately = La partie #{ $id } cache des valeurs jusqu'à sa fin : ce que vous avez demandé vous a été envoyé en privé.
record-your-values = Vos propres valeurs y figurent, pas celles de votre adversaire ; toutes les valeurs apparaissent une fois la partie finie.
file-record-too-big = La feuille de la partie #{ $id } pèse { $size } Mo, plus que les { $limit } Mo que cette messagerie accepte : elle n'est pas jointe. Qui fait tourner Skald peut l'écrire avec `skald export`.
file-replay-failed = La partie #{ $id } ne peut pas être rejouée depuis sa feuille ; rien n'est joint.
file-replay-shortened = L'animation entière de la partie #{ $id } dépasse les { $limit } Mo que cette messagerie accepte : celle-ci montre les { $shown } derniers de ses { $moves } coups. `export #{ $id }` donne la feuille entière, que `skald replay` anime en entier.
file-replay-too-big = Même les derniers coups de la partie #{ $id } donnent une animation de plus de { $limit } Mo, la limite de cette messagerie : rien n'est joint. `export #{ $id }` donne la feuille, que `skald replay` anime.

## review : l'analyse par le moteur d'une partie terminée.
review-live = La partie #{ $id } est encore en cours : le moteur n'analyse une partie qu'une fois terminée, pour que personne ne reçoive son aide en pleine partie. Redemandez `review #{ $id }` quand elle sera finie.
review-not-here = La partie #{ $id } ne se joue pas dans ce salon : demandez son analyse là où elle se joue, ou en tant que joueur de la partie.
review-nothing = La partie #{ $id } s'est terminée avant le premier coup : il n'y a rien à analyser.
review-started = Le moteur analyse { $title } : { $searches ->
    [one] une position
   *[other] { $searches } positions
} à chercher, prêt d'ici { $time }. L'analyse sera publiée ici ; ce message montre où elle en est.
review-pending = Le moteur analyse { $title } ({ $percent } % fait). L'analyse sera publiée ici aussi.
review-progress = Analyse de { $title } : { $percent } % fait.
review-progress-done = L'analyse de { $title } est faite : voir ci-dessous.
review-failed = La partie #{ $id } ne peut pas être analysée : son enregistrement ne se rejoue plus. Rien n'a été gardé ; l'administrateur de Skald peut l'examiner avec `skald export`.
review-title = Analyse de { $title } par le moteur ({ $iterations } parties simulées par position) :
review-result = Résultat : { $result }.
review-player = { $player } : { $moves ->
    [one] un coup
   *[other] { $moves } coups
}, { $loss } points de chance de gain perdus par coup en moyenne ; { $inaccuracies ->
    [one] une imprécision
   *[other] { $inaccuracies } imprécisions
}, { $mistakes ->
    [one] une erreur
   *[other] { $mistakes } erreurs
}, { $blunders ->
    [one] une gaffe
   *[other] { $blunders } gaffes
}.
review-no-turning-point = Aucun tournant : aucun coup n'a perdu plus de 5 points de chance de gain.
review-turn = Coup { $number }, { $player } : { $played }, { $before } % → { $after } % ; le moteur préférait { $best } ({ $best_chance } %).
review-turn-dice = Coup { $number }, { $player } avec { $dice } : { $played }, { $before } % → { $after } % ; le meilleur emploi du lancer était { $best } ({ $best_chance } %).
review-luck-gave = Le lancer lui-même a rapporté { $points } points.
review-luck-took = Le lancer lui-même a coûté { $points } points.
review-chances = Chance de gain de { $player } : { $start } % au départ, au plus haut { $high } % { $high_move ->
    [0] au départ
   *[other] après le coup { $high_move }
}, au plus bas { $low } % { $low_move ->
    [0] au départ
   *[other] après le coup { $low_move }
}, { $end } % à la fin.
review-not-by-play = Le résultat n'est pas venu du jeu ({ $result }) : la courbe s'arrête au dernier coup.
review-scale = La chance de gain compte une nulle pour une demi-victoire. Un coup qui en a perdu plus de 5 points est une imprécision, plus de 10 une erreur, plus de 20 une gaffe.
review-chart-caption = Chance de gain au fil de { $title }
review-chart-failed = La courbe de chance de gain de la partie #{ $id } n'a pas pu être dessinée ; le texte de l'analyse ci-dessus en donne les chiffres.
review-board-alt = Coup { $number }, { $player } : joué { $played }, le moteur préférait { $best }.
review-legend-played = joué : { $moves }
review-legend-engine = moteur : { $moves }
review-axis-percent = { $n } %
review-axis-moves = coup

