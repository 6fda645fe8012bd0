# Les commandes : leurs noms sur Discord (commandes slash), ce que fait chacune (`help`, les
# descriptions de Discord), leurs options, leurs choix et les erreurs de lecture. Les mots de
# commande tapés dans un texte (`accept #1`) et les lignes d'utilisation (`vacation <days>`)
# sont les mêmes dans toutes les langues : ils ne sont pas ici.

## Un message par commande : sa valeur est le nom de la commande slash dans cette langue ;
## `.summary` tient en une ligne pour `help` (et, avec une majuscule, sert de description sur
## Discord, 100 caractères au plus) ; `.detail` en dit plus pour `help <command>`.

cmd-challenge = défier
    .summary = inviter quelqu'un (ou n'importe qui ici) à une partie
    .detail = `first` prend le camp qui joue en premier (les assaillants, Blanc ; à Ad Elta Stelpur, Blanc, mais un lancer d'ouverture décide qui commence) ; par défaut `random`. Sans @user, le défi est ouvert à tous dans le salon. Les parties sont classées, à 3 jours par coup, sauf si vous précisez `casual` ou `days:N` (1 à 14). `clock:3d+6h` donne plutôt à chaque joueur une réserve de 3 jours, augmentée de 6 heures après chacun de ses coups, sans jamais dépasser la réserve de départ sauf si `cap:14d` permet davantage ; un joueur dont la réserve s'épuise perd. `@skald easy`, `@skald normal` ou `@skald hard` lance aussitôt une partie contre le moteur intégré (jamais classée).
cmd-accept = accepter
    .summary = accepter un défi qui vous est adressé ou ouvert ici
    .detail = La partie commence aussitôt, avec le numéro du défi.
cmd-decline = refuser
    .summary = refuser un défi qui vous est adressé, une proposition de nulle ou une demande de reprise
    .detail = Les défis ouverts ne peuvent pas être refusés ; leur auteur peut les annuler.
cmd-cancel = annuler
    .summary = retirer un défi que vous avez lancé
    .detail = Seuls les défis que personne n'a encore acceptés peuvent être retirés.
cmd-move = jouer
    .summary = jouer un coup (ou plusieurs pas d'un tour de dés)
    .detail = Les jeux de tafl (Hnefatafl, Copenhague, Brandubh) et Subulata : `f2-f5`. Ad Elta Stelpur : la case et le dé, `13+1`. Daldøsa : la case et le dé, `w12+1`. Plusieurs pas se jouent dans l'ordre, tous ou aucun.
cmd-board = plateau
    .summary = afficher le plateau d'une partie
    .detail = Sans #id : votre partie en cours ici, sinon la dernière partie que vous avez terminée ici. `board text` l'affiche en texte plutôt qu'en image (pour les lecteurs d'écran et les clients sans images) ; dans une partie à valeurs cachées, votre propre vue vient aussi en texte, là où personne d'autre ne la lit.
cmd-moves = coups
    .summary = lister les coups (et les dés) joués jusqu'ici
    .detail = Sans #id : la même partie que `board`. Les valeurs secrètes ne sont jamais listées.
cmd-export = exporter
    .summary = la feuille d'une partie dans un fichier, que `skald import` sait lire
    .detail = Sans #id : la même partie que `board`. Tant qu'une partie de Subulata se joue, la feuille d'un joueur ne contient que ses propres valeurs, et lui est envoyée en privé. `export #id otn` écrit une partie de Copenhague ou de Brandubh en notation OpenTafl, comme la lisent les programmes de la communauté tafl.
cmd-replay = revoir
    .summary = une partie en image animée, une image par coup
    .detail = Sans #id : la même partie que `board`. Tant qu'une partie de Subulata se joue, l'animation d'un joueur ne montre que ses propres valeurs, et lui est envoyée en privé.
cmd-puzzle = problème
    .summary = un problème tiré de vraies parties, en privé : résolvez-le, gardez votre série
    .detail = `puzzle` ou `puzzle brandubh` (un jeu) ou `puzzle tafl` (une famille : tafl, adelta, subulata, daldosa) vous donne un problème proche de votre cote de problèmes, en privé ; répondez par `puzzle <coup>` là où personne d'autre ne le lit (un message privé, ou `/problème` sur Discord). Un problème de tafl ou de Subulata est un gain forcé : le seul premier coup qui gagne de force dans son nombre de coups ; après chaque bon coup, le bot joue la meilleure défense, jusqu'au gain. Tout coup qui gagne aussi dans les coups restants compte comme juste. Un problème de dés est le meilleur usage du jet : celui que le moteur estime au moins 20 points de chances de gain au-dessus de tout autre (tapez le tour entier, comme `puzzle 13+1 8+5`, dans n'importe quel ordre). Un coup faux termine le problème et montre la solution. `puzzle skip` abandonne (un échec). `puzzle stats [@joueur]` : cotes (une par famille), problèmes résolus, série. `puzzle ladder [famille]` : les meilleurs de cette communauté. `puzzle daily` : le problème du jour de cette communauté ; `puzzle daily on 09:00 Europe/Paris` ou `off` (administrateurs du serveur) : un problème par jour pour tous, publié ici, résolu en privé, avec la solution de la veille.
cmd-review = analyse
    .summary = l'analyse d'une partie terminée par le moteur : chances de gain, tournants, précision
    .detail = Sans #id : la même partie que `board`. Tout le monde peut la demander dans le salon de la partie, ses joueurs partout ; une partie en cours n'est jamais analysée. La première demande lance le moteur (il répond aussitôt avec le temps qu'il lui faut, puis montre où il en est) ; l'analyse est gardée, et les demandes suivantes la reçoivent aussitôt. La chance de gain compte une nulle pour une demi-victoire ; un coup qui en a perdu plus de 5 points est une imprécision, plus de 10 une erreur, plus de 20 une gaffe. Aux jeux de dés, ce que le lancer a rapporté ou coûté est distingué de ce que le choix a perdu.
cmd-resign = abandonner
    .summary = abandonner une partie (compte comme une défaite)
    .detail = Tant que les deux joueurs n'ont pas joué, `abort` met fin à la partie sans résultat.
cmd-abort = interrompre
    .summary = mettre fin à une partie sans résultat, tant que les deux joueurs n'ont pas joué une fois
    .detail = Aucune cote ne change.
cmd-draw = nulle
    .summary = proposer la nulle, ou accepter celle qu'on vous propose
    .detail = Seulement là où les règles connaissent la nulle (les jeux de tafl et Subulata). La proposition tient jusqu'à ce que votre adversaire joue ou la refuse.
cmd-takeback = reprendre
    .summary = demander à reprendre votre dernier coup, ou accorder la demande de votre adversaire
    .detail = Jusqu'à ce que votre adversaire joue ; pas dans les jeux de dés.
cmd-rematch = revanche
    .summary = proposer une nouvelle partie contre le même adversaire, camps inversés
    .detail = Après la fin d'une partie. Si votre adversaire en a déjà proposé une, cette commande l'accepte.
cmd-arrange = disposer
    .summary = Subulata : placer en secret vos valeurs 1 à 9 sur vos cases de départ
    .detail = Donnez les neuf valeurs de vos cases de départ dans cet ordre : Blanc a1 b1 c1 a2 b2 c2 a3 b3 c3 ; Noir i9 h9 g9 i8 h8 g8 i7 h7 g7. Possible jusqu'à votre premier coup ; envoyez-les là où personne d'autre ne lit (un message privé).
cmd-premove = conditionnel
    .summary = préparer des coups conditionnels : vos réponses aux prochains coups adverses
    .detail = Pendant le tour de votre adversaire, aux jeux de tafl et à Subulata : `premove f2-f5 d4-d6` répond à f2-f5 par d4-d6 dès qu'il est joué, s'il est alors légal ; ajoutez des paires pour une ligne plus longue, jusqu'à 10 lignes par partie. Tout autre coup les efface. Personne d'autre ne les voit : envoyez-la là où personne d'autre ne lit (un message privé). Seule, la commande liste vos lignes ; `premove clear` les retire.
cmd-digest = résumé
    .summary = chaque jour, la liste privée des parties qui attendent votre coup, à votre heure
    .detail = `digest on 09:00 Europe/Paris` (tout fuseau IANA ; par défaut 08:00 UTC) : une fois par jour à cette heure, les parties où c'est à vous de jouer, les plus pressées d'abord, avec le temps restant et où elles sont ; rien les jours où aucune n'attend. `digest off` l'arrête.
cmd-pings = mentions
    .summary = vous mentionner ou non quand votre tour vient
    .detail = `pings off` : pas de mention quand votre tour vient (le résumé quotidien et les rappels d'échéance viennent toujours) ; `pings on` les rétablit.
cmd-games = parties
    .summary = vos parties en cours et les défis ouverts
    .detail = Liste les parties de cette plateforme, quel que soit leur salon.
cmd-history = historique
    .summary = vos parties terminées, ou le résultat et les coups d'une partie
    .detail = Sans #id : vos dix dernières parties terminées.
cmd-ladder = classement
    .summary = les 10 premiers du classement de cette communauté
    .detail = Les cotes sont des cotes Glicko-2 ; un `?` marque une cote provisoire (écart de 110 ou plus).
cmd-rating = cote
    .summary = les cotes et le bilan d'un joueur dans cette communauté
    .detail = Sans @user : les vôtres.
cmd-rules = règles
    .summary = les jeux, ou les règles d'un jeu en bref
    .detail = Les noms des jeux s'écrivent aussi plus court : `tafl`, `daldøs`, `subu`.
cmd-vacation = vacances
    .summary = suspendre vos pendules quelques jours (14 au plus par année civile)
    .detail = Ajoute ces jours à vos délais en cours ; les tours qui vous reviennent pendant les vacances commencent à compter à leur fin.
cmd-link = lier
    .summary = être un seul joueur sur Discord et Matrix : liez vos comptes par un code à usage unique
    .detail = Envoyez `link` pour obtenir un code, que personne d'autre ne voit (valable 10 minutes, une seule fois) ; puis envoyez `link <code>` depuis votre compte sur l'autre plateforme, là où personne d'autre ne le voit (/lier sur Discord, votre salon privé avec le bot sur Matrix). Ce compte joue alors en votre nom : vos parties, vos cotes, les notifications sur les deux plateformes. Ses propres parties vous reviennent ; là où les deux comptes avaient une cote, celle qui compte le plus de parties est gardée.
cmd-unlink = délier
    .summary = séparer ce compte du joueur auquel il était lié
    .detail = Tapé depuis un compte lié, ce compte se détache (ses parties et ses cotes restent au joueur). Tapé par le joueur, tous les comptes liés se détachent.
cmd-language = langue
    .summary = la langue dans laquelle Skald vous écrit
    .detail = Sans langue, dit laquelle Skald utilise pour vous. Ce qui n'est lu que par vous (les réponses qui vous sont faites sur Discord, votre salon privé sur Matrix, les valeurs de vos pions) est dans votre langue ; les messages d'un salon sont dans celle de sa communauté.
cmd-help = aide
    .summary = cette liste, ou une commande en détail

## Les options de chaque commande, décrites (`cmd-<commande>-<option>`, 100 caractères au plus).

-game-any = Numéro de partie ou de défi (par défaut : le seul qui convient)
cmd-challenge-rule-set = Le jeu
cmd-challenge-opponent = Qui défier (sans : n'importe qui ici)
cmd-challenge-seat = Votre camp (par défaut : au hasard)
cmd-challenge-ranked = Compte pour le classement (par défaut : oui)
cmd-challenge-days = Jours par coup (de 1 à 14, 3 par défaut)
cmd-challenge-level = Jouer contre moi, le moteur intégré, à ce niveau (ou choisissez-moi comme adversaire)
cmd-challenge-player = Ou un joueur de cette communauté sur une autre plateforme, par son nom
cmd-challenge-clock = Une réserve de temps au lieu de jours par coup, comme 3d+6h (réserve + ajout par coup)
cmd-challenge-cap = Le plus qu'une réserve peut contenir, comme 14d (par défaut : la réserve de départ)
cmd-accept-game = { -game-any }
cmd-decline-game = { -game-any }
cmd-cancel-game = { -game-any }
cmd-move-move = Le coup, comme f2-f5
cmd-move-game = Numéro de partie (par défaut : votre partie où c'est à vous de jouer)
cmd-board-game = { -game-any }
cmd-board-text = En texte plutôt qu'en image, votre propre vue comprise (pour les lecteurs d'écran)
cmd-moves-game = { -game-any }
cmd-export-game = { -game-any }
cmd-export-otn = En notation OpenTafl (Copenhague et Brandubh), comme la lisent les programmes de la communauté tafl
cmd-replay-game = { -game-any }
cmd-review-game = { -game-any }
cmd-puzzle-what = un jeu ou une famille pour un nouveau problème, votre coup, skip, stats, ladder ou daily
cmd-resign-game = { -game-any }
cmd-abort-game = { -game-any }
cmd-draw-game = { -game-any }
cmd-takeback-game = { -game-any }
cmd-rematch-game = { -game-any }
cmd-arrange-values = Neuf valeurs, comme 1 2 3 4 5 6 7 8 9
cmd-arrange-game = Numéro de partie
cmd-premove-line = Son coup puis votre réponse, répétés (vide : liste ; clear : tout retirer)
cmd-premove-game = Numéro de partie
cmd-digest-setting = on [HH:MM] [fuseau], ou off (vide : voir le vôtre)
cmd-pings-setting = on ou off (vide : voir le vôtre)
cmd-history-game = { -game-any }
cmd-ladder-rule-set = Jeu (par défaut : tous)
cmd-rating-user = De qui (par défaut : vous)
cmd-rules-rule-set = Jeu
cmd-vacation-days = Combien de jours
cmd-link-code = Le code de votre autre compte (sans : obtenir un code)
cmd-language-language = La langue (sans : afficher la vôtre)
cmd-help-command = Une commande

## Les noms des options sur Discord (`arg-<option>`) : en minuscules, lettres, chiffres, - et
## _, 32 caractères au plus ; deux options d'une même commande n'ont jamais le même nom.

arg-game = partie
arg-rule-set = jeu
arg-opponent = adversaire
arg-seat = camp
arg-ranked = classée
arg-days = jours
arg-level = niveau
arg-player = joueur
arg-clock = pendule
arg-cap = plafond
arg-move = coup
arg-values = valeurs
arg-line = ligne
arg-setting = réglage
arg-what = quoi
arg-user = joueur
arg-code = code
arg-language = langue
arg-command = commande
arg-text = texte
arg-otn = otn

## Les choix tels que Discord les liste (les jeux et les langues gardent leur nom).

choice-seat-first = premier
choice-seat-second = second
choice-seat-random = au hasard
choice-level-easy = facile
choice-level-normal = normal
choice-level-hard = difficile
# La valeur d'une option oui ou non, telle que Discord l'affiche dans une commande.
choice-yes = Vrai
choice-no = Faux

## Les complétions pendant qu'on tape une option.

# Les cadences habituelles, proposées pour `clock` (`complete-clock-<code>`, `+` écrit `-` ;
# $code : `3d+6h`).
complete-clock-1d-2h = { $code } : un jour, 2 heures par coup (rapide)
complete-clock-3d-6h = { $code } : 3 jours, 6 heures par coup (hnefatafl.org)
complete-clock-7d-1d = { $code } : une semaine, un jour par coup
complete-clock-10d-36h = { $code } : 10 jours, 36 heures par coup (le rythme de Little Golem)
complete-clock-14d-2d = { $code } : deux semaines, 2 jours par coup (lent)

## `help`.

# `help <command>` : la ligne d'utilisation et ce que fait la commande.
help-command = `{ $usage }` : { $summary }.
help-example = exemple : `{ $example }`
help-list-title = Commandes (`help <command>` pour en savoir plus) :
help-list-item = `{ $usage }` - { $summary }
help-list-ids = Les numéros de partie et de défi (#id) peuvent être omis quand un seul convient.

## Les lignes qui ne sont pas des commandes : ce qui n'allait pas et ce qui serait lu.

# Après un refus : la ligne d'utilisation de la commande.
cmd-usage = utilisation : `{ $usage }`
cmd-error-empty = une ligne vide n'est pas une commande ; essayez `help`
cmd-error-unknown = commande inconnue « { $word } »
cmd-error-did-you-mean = ; vouliez-vous dire `{ $near }` ?
# Tous les mots de commande, tels qu'on les tape ($names : `challenge, accept, …`).
cmd-error-commands = commandes : { $names }
cmd-error-no-such-command = pas de commande « { $topic } » ; commandes : { $names }
cmd-error-which-move = quel coup ? indiquez-en au moins un, comme `move f2-f5`
cmd-error-one-opponent = nommez un seul adversaire : un utilisateur ou un joueur, pas les deux
cmd-error-days-or-clock = donnez soit days:N (des jours par coup), soit clock:3d+6h (une réserve), pas les deux
cmd-error-cap-without-clock = cap: est le plus qu'une réserve peut contenir ; donnez aussi la réserve, comme `clock:10d+36h cap:14d`
cmd-error-not-a-clock = « { $control } » n'est pas une cadence ; écrivez la réserve et ce que chaque coup ajoute, comme `clock:3d+6h` ou `clock:10d+36h` (unités d, h, m ; une réserve de 1h à 60d, au plus 7d par coup)
# $bank, $increment, $cap : des durées (`3 jours`).
cmd-error-bank-bounds = une réserve de { $bank } n'est pas permise ; elle doit aller d'une heure à 60 jours, comme `clock:3d+6h`
cmd-error-increment-bound = { $increment } par coup, ce n'est pas permis ; au plus 7 jours, comme `clock:10d+36h`
cmd-error-not-a-cap = « { $cap } » n'est pas un plafond ; écrivez le plus qu'une réserve peut contenir, comme `cap:14d`
cmd-error-cap-bounds = un plafond de { $cap } n'est pas permis ; il doit valoir au moins la réserve ({ $bank }) et au plus 90 jours
cmd-error-which-game = quel jeu ? nommez-en un : { $rule_sets }
cmd-error-unknown-puzzle-family = famille de problèmes inconnue « { $name } » ; familles : { $families }, ou un jeu
cmd-error-unknown-rule-set = jeu inconnu « { $name } » ; jeux connus : { $rule_sets }
cmd-error-never-ranked = les parties contre @{ $engine } ne sont jamais classées ; retirez « ranked »
cmd-error-levels = easy, normal et hard sont des niveaux de @{ $engine } : `challenge <rule-set> @{ $engine } hard`
cmd-error-not-an-id = « { $token } » n'est pas un numéro de partie ou de défi ; attendu : un numéro comme #12
cmd-error-export-word = « { $token } » inattendu ; attendu : un numéro de partie comme #12, le mot otn (la notation OpenTafl, pour Copenhague et Brandubh), ou les deux
cmd-error-board-word = « { $token } » inattendu ; attendu : un numéro de partie comme #12, le mot text (le plateau en texte), ou les deux
cmd-error-only-id = « { $token } » inattendu ; attendu : rien ou un numéro comme #12
cmd-error-only-one-id = « { $token } » inattendu ; attendu : rien ou un seul numéro comme #12
cmd-error-takes-nothing = « { $token } » inattendu ; cette commande ne prend rien
cmd-error-not-a-user = « { $token } » n'est pas un utilisateur ; attendu : une mention comme @bob
cmd-error-not-days = « { $value } » n'est pas un nombre de jours ; attendu : de 1 à { $max }
cmd-error-days-per-move = { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } par coup, ce n'est pas permis ; attendu : de 1 à 14
cmd-error-vacation-days = { $days ->
        [one] { $days } jour de vacances, ce n'est pas permis
       *[other] { $days } jours de vacances, ce n'est pas permis
    } ; attendu : de 1 à { $max }
cmd-error-not-a-language = « { $value } » n'est pas une langue que Skald parle ; attendu : { $choices }
# Les deux dernières possibilités d'une liste : « `en` (English) ou `fr` (Français) ».
cmd-or-last = { $head } ou { $last }
cmd-error-given-twice = « { $token } » : { $what ->
        [opponent] l'adversaire est déjà donné
        [level] le niveau est déjà donné
        [days] les jours sont déjà donnés
        [clock] la pendule est déjà donnée
        [cap] le plafond est déjà donné
        [seat] le camp est déjà donné
       *[ranked] ranked ou casual est déjà donné
    }
cmd-error-challenge-word = « { $token } » inattendu ; attendu : @user ou open (ou @skald avec easy, normal ou hard), first, second ou random, ranked ou casual, days:N ou clock:3d+6h
cmd-error-which-values = quelles valeurs ? donnez les neuf valeurs 1 à 9, comme `arrange 9 1 8 2 7 3 6 4 5`
cmd-error-not-a-value = « { $value } » n'est pas une valeur ; attendu : les neuf valeurs 1 à 9, chacune une fois
cmd-error-nine-values = il faut neuf valeurs (1 à 9, chacune une fois), pas { $count }
cmd-error-missing-values = chaque valeur de 1 à 9 doit apparaître une fois ; il manque { $missing }
cmd-error-one-user = attendu : au plus un @user
cmd-error-how-many-days = combien de jours ? par exemple `vacation 5`
cmd-error-one-number-of-days = attendu : un seul nombre de jours
cmd-error-one-code = attendu : un seul code, comme `link ABCD-EFGH`
cmd-error-unlink-alone = `unlink` ne prend rien après lui
cmd-error-one-language = attendu : une seule langue, comme `language fr`
cmd-error-one-command = attendu : au plus un nom de commande
# Une option tapée (Discord) dont la valeur ne lui convient pas ($option : le nom de l'option).
cmd-error-bad-option = « { $value } » ne convient pas pour { $option }
cmd-error-out-of-bounds = « { $value } » n'est pas permis pour { $option } ; attendu : de { $min } à { $max }
cmd-error-too-long = trop long pour { $option } ; { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    } au plus

cmd-tournament = tournoi
    .summary = un tournoi de la communauté : le créer, s'y inscrire, le quitter, le lancer, son classement
    .detail = `tournament create tafl round-robin` (ou `swiss rounds:5`, ou `knockout`) en ouvre un ici ; ajoutez `double` pour un double toutes-rondes, `pace:rounds` pour jouer un toutes-rondes ronde par ronde (par défaut toutes ses parties commencent ensemble), `days:N` ou `clock:…` pour la pendule des parties, `max:N` pour N joueurs au plus, `casual` pour des parties hors classement, `starts:2026-12-01T18:00` (UTC) pour qu'il commence de lui-même à cette heure. Puis `tournament join`, `tournament leave`, `tournament start` (son créateur ou un organisateur), `tournament remove @user` (de même). Seul, `tournament` montre le classement. `#id` en désigne un quand plusieurs conviennent.
cmd-league = ligue
    .summary = une ligue jouée en saisons : la rejoindre, la quitter, la lancer, son classement
    .detail = `league tafl join` entre dans la ligue de Hnefatafl de la communauté (et la crée, la première fois) ; dès que 4 joueurs y sont, `league tafl start` lance la première saison (`days:N` ou `clock:…` pour la pendule des parties, `casual` pour des parties hors classement). Chaque saison répartit les joueurs en divisions de 4 à 8 qui jouent un toutes-rondes ; à la dernière partie, les meilleurs de chaque division montent, les derniers descendent, et la saison suivante commence d'elle-même. Une inscription compte à partir de la saison suivante, `league tafl leave` après la saison en cours. `league tafl` montre les divisions et leurs classements ; `league` seul, les ligues de la communauté.
cmd-league-rule-set = Jeu (aucun : les ligues de la communauté)
cmd-league-action = join, leave, start [days:N | clock:…] [casual], standings (rien : classement)
cmd-tournaments = tournois
    .summary = les tournois ouverts et en cours ici
cmd-tournament-action = create <jeu> <format> …, join, leave, start, remove @user (rien : classement)
cmd-tournament-tournament = Quel tournoi (par défaut : le seul qui convient)
arg-action = action
arg-tournament = tournoi

## `tournament` et `league` comme sous-commandes Discord (`sub-<commande>-<action>` : le nom,
## en minuscules, 32 caractères au plus ; `.summary` : ce qu'elle fait, 100 caractères au plus).

sub-tournament-create = créer
    .summary = Ouvrir un nouveau tournoi ici.
sub-tournament-join = rejoindre
    .summary = S'inscrire à un tournoi ouvert.
sub-tournament-leave = quitter
    .summary = Quitter un tournoi (en cours : vos parties restantes sont perdues par forfait).
sub-tournament-start = lancer
    .summary = Apparier la première ronde et lancer les parties (son créateur ou un organisateur).
sub-tournament-remove = retirer
    .summary = Retirer un joueur d'un tournoi (son créateur ou un organisateur).
sub-tournament-standings = classement
    .summary = Afficher le classement d'un tournoi.
sub-tournament-arg-rule-set = Le jeu
sub-tournament-arg-system = Toutes-rondes, suisse ou élimination directe
sub-tournament-arg-rounds = Combien de rondes (suisse seulement)
sub-tournament-arg-double = Chacun rencontre chacun deux fois (toutes-rondes seulement)
sub-tournament-arg-pace = Toutes les parties ensemble ou ronde par ronde (toutes-rondes seulement)
sub-tournament-arg-days = Jours par coup (3 par défaut)
sub-tournament-arg-clock = Une réserve de temps au lieu des jours, comme 3d+6h
sub-tournament-arg-cap = Le plus qu'une réserve peut contenir, comme 14d
sub-tournament-arg-max = Le nombre maximal de joueurs
sub-tournament-arg-ranked = Si ses parties comptent pour le classement (par défaut : oui)
sub-tournament-arg-starts = Quand il commence de lui-même (UTC), comme 2026-12-01T18:00
sub-tournament-arg-tournament = Quel tournoi (par défaut : le seul qui convient)
sub-tournament-arg-user = Le joueur à retirer
sub-league-join = rejoindre
    .summary = Entrer dans la ligue d'un jeu (à partir de sa prochaine saison).
sub-league-leave = quitter
    .summary = Quitter une ligue après la saison en cours.
sub-league-start = lancer
    .summary = Lancer la première saison d'une ligue (ou la suivante, après une pause).
sub-league-standings = classement
    .summary = Afficher les divisions d'une ligue, ou les ligues de la communauté.
sub-league-arg-rule-set = Le jeu de la ligue
sub-league-arg-days = Jours par coup (3 par défaut)
sub-league-arg-clock = Une réserve de temps au lieu des jours, comme 3d+6h
sub-league-arg-cap = Le plus qu'une réserve peut contenir, comme 14d
sub-league-arg-ranked = Si ses parties comptent pour le classement
arg-system = système
arg-rounds = rondes
arg-double = double
arg-pace = rythme
arg-max = max
arg-starts = début
choice-word-round-robin = toutes-rondes
choice-word-swiss = suisse
choice-word-knockout = élimination directe
choice-word-all = toutes ensemble
choice-word-rounds = ronde par ronde
# Des options qui ne vont pas ensemble (les noms d'options sont ceux de Discord).
sub-error-rounds-needed = un tournoi suisse a besoin de son nombre de rondes : donnez rondes (1 à 20)
sub-error-rounds-swiss-only = rondes ne vaut que pour un suisse (un toutes-rondes et une élimination directe ont autant de rondes qu'il faut à leurs joueurs) : retirez-la, ou choisissez le système suisse
sub-error-double-round-robin-only = double ne vaut que pour un toutes-rondes : retirez-la, ou choisissez le système toutes-rondes
sub-error-pace-round-robin-only = rythme ne vaut que pour un toutes-rondes (un suisse et une élimination directe vont ronde par ronde) : retirez-la
