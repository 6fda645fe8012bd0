# Problèmes (`puzzle`) : ce qu'un joueur lit en privé, et la publication du problème du jour.

puzzle-theme-escape = s'échapper en { $n }
puzzle-theme-capture-king = prendre le roi en { $n }
puzzle-theme-exit-fort = fort de sortie en { $n }
puzzle-theme-encircle = encercler en { $n }
puzzle-theme-no-move = ne laisser aucun coup en { $n }
puzzle-theme-repetition = gagner par répétition en { $n }
puzzle-theme-capture-all = tout prendre en { $n }
puzzle-theme-win = gagner en { $n }
puzzle-theme-goal = gagner sur la tuile d'arrivée en { $n }
puzzle-theme-best-roll = le meilleur usage du jet
puzzle-from-engine = Tiré des parties du moteur contre lui-même.
puzzle-from = Tiré de { $source }.
puzzle-player-you = vous
puzzle-player-defence = la défense
puzzle-alt = Problème : { $rule_set }, { $seat } au trait
puzzle-asked = Problème, { $rule_set } : { $seat } au trait, { $theme }.
puzzle-roll = Le jet : { $roll }.
puzzle-rated = Problème coté { $rating }, vous { $mine }. { $source }
puzzle-how = Répondez par `puzzle <coup>` là où personne d'autre ne le lit (`puzzle skip` abandonne).
puzzle-how-dice = Répondez par le tour entier, comme `puzzle 13+1 8+5`, là où personne d'autre ne le lit (`puzzle skip` abandonne).
puzzle-finish-first = Terminez d'abord celui-ci : répondez, ou `puzzle skip`.
puzzle-none = Il ne vous reste aucun problème de { $family } ici ; essayez une autre famille : tafl, adelta, subulata, daldosa.
puzzle-damaged = Ce problème ne peut pas être relu ; `puzzle skip` l'abandonne.
puzzle-answer-privately = Répondez aux problèmes là où personne d'autre ne lit ce que vous tapez, pour ne gâcher le problème de personne : en message privé avec moi, ou avec `/problème` sur Discord. Rien n'a été compté.
puzzle-no-active = Vous ne résolvez aucun problème ; `puzzle` vous en donne un.
puzzle-not-counted = Rien n'a été compté ; réessayez.
puzzle-dice-so-far = Jusqu'ici : { $played } ; { $left ->
        [one] il reste un dé
       *[other] il reste { $left } dés
    } à jouer. Pas suivants : { $steps }. Répondez par le tour entier, `puzzle { $played } <pas>` ; rien n'est compté avant.
puzzle-right-go-on = Juste : { $played }. La réponse : { $reply }.
puzzle-moves-left = { $seat } au trait, { $n ->
        [one] un coup
       *[other] { $n } coups
    } pour gagner.
puzzle-solved = Résolu : { $played } gagne.
puzzle-wrong = Pas celui-ci : { $played } ne force pas le gain.
puzzle-wrong-dice = Pas celui-ci : { $played } n'est pas le meilleur usage du jet.
puzzle-skipped = Abandonné.
puzzle-solution = La solution : { $line }.
puzzle-legend-played = le vôtre : { $moves }
puzzle-legend-solution = la solution : { $moves }
puzzle-rating-change = Cote de problèmes ({ $family }) : { $change }.
puzzle-streak = Série : { $streak } (record { $best }).
puzzle-stats-none = { $name } n'a encore essayé aucun problème ; `puzzle` en donne un.
puzzle-stats-head = Les problèmes de { $name } :
puzzle-stats-line = { $family } : { $rating } ({ $solved } résolus, { $failed } manqués)
puzzle-ladder-empty = Personne ici n'a encore essayé de problème de { $family } ; `puzzle { $family }` en donne un.
puzzle-ladder-head = Les meilleurs en problèmes de { $family } ici :
puzzle-ladder-line = { $place }. { $name } : { $rating } ({ $solved } résolus)

puzzle-daily-head = Problème du jour, { $day } : { $rule_set }, { $seat } au trait, { $theme }.
puzzle-daily-how = Résolvez-le en privé : `puzzle daily` (sur Discord, `/problème quoi:daily`), puis votre coup.
puzzle-daily-solved = Résolu par { $solvers }.
puzzle-daily-nobody = personne
puzzle-daily-names = { $names }
puzzle-daily-names-more = { $names } et { $more } autres
puzzle-daily-yesterday = Le problème d'hier ({ $day }) : { $line }. Résolu par { $solvers }.
puzzle-daily-none = Il n'y a pas encore de problème du jour ici ; un administrateur du serveur le lance avec `puzzle daily on 09:00 Europe/Paris`.
puzzle-daily-done = Vous avez répondu au problème du jour ; le prochain arrive dans { $wait }.
puzzle-daily-done-last = Vous avez répondu au problème du jour.
puzzle-daily-usage = `puzzle daily` vous donne le problème du jour ; `puzzle daily on [HH:MM] [fuseau]` ou `puzzle daily off` (administrateurs du serveur) le lance ou l'arrête ici.
puzzle-daily-bad-word = « { $word } » n'est ni une heure comme 09:00 ni un fuseau comme Europe/Paris.
puzzle-daily-admins = Seul un administrateur du serveur (Discord : Gérer le serveur ; Matrix : niveau de pouvoir 50) lance ou arrête le problème du jour.
puzzle-daily-on = Le problème du jour est lancé : chaque jour à { $at } ({ $zone }), publié ici ; le premier arrive dans { $wait }.
puzzle-daily-off = Le problème du jour est arrêté ici.
puzzle-daily-configured = Le problème du jour de cette communauté est réglé dans la configuration du bot (chaque jour à { $at }, { $zone }) ; son opérateur le change là.
