# Tournois de la communauté : création, inscription, départ, lancement, rondes, classement.

tournament-format-round-robin = { $double ->
    [yes] double toutes-rondes
   *[no] toutes-rondes
}{ $pace ->
    [rounds] , ronde par ronde
   *[all] {""}
}
tournament-format-swiss = système suisse, { $rounds } { $rounds ->
    [one] ronde
   *[other] rondes
}
tournament-format-knockout = élimination directe
tournament-terms = { $rule_set }, { $format }, { $kind }, { $clock }
tournament-summary = #{ $id } : { $terms } ; { $state ->
    [open] ouvert, { $players } { $players ->
        [one] joueur
       *[other] joueurs
    } pour l'instant (créé par { $creator })
    [running] ronde { $round }, { $players } joueurs
   *[finished] terminé
}
tournament-created = Le tournoi #{ $id } est ouvert, créé par { $creator } : { $terms }.
tournament-max = { $max } joueurs au plus.
tournament-how-to-join = `tournament join #{ $id }` pour jouer ; son créateur le lance avec `tournament start #{ $id }`.
tournament-joined = { $name } s'inscrit au tournoi #{ $id } ({ $players } { $players ->
    [one] joueur
   *[other] joueurs
} pour l'instant ; { $creator } le lance avec `tournament start #{ $id }`).
tournament-left-open = { $removed ->
    [yes] { $name } est retiré du tournoi #{ $id }
   *[no] { $name } quitte le tournoi #{ $id }
} ({ $players } { $players ->
    [one] joueur
   *[other] joueurs
} restent).
tournament-withdrawn = { $removed ->
    [yes] { $name } est retiré du tournoi #{ $id } : ses parties restantes sont perdues par forfait et il n'est plus apparié.
   *[no] { $name } quitte le tournoi #{ $id } : ses parties restantes sont perdues par forfait et il n'est plus apparié.
}
tournament-forfeit-line = La partie #{ $game } se termine : { $opponent } marque le point (forfait, hors classement Elo).
tournament-starts = Le tournoi #{ $id } commence avec { $players } joueurs : { $terms }.
tournament-start-numbers = Numéros de départ (par cote) : { $numbers }.
tournament-round-begins = Tournoi #{ $id }, ronde { $round } sur { $rounds } :
tournament-round-bye = { $name } est exempt à cette ronde.
tournament-new-games = Tournoi #{ $id }, nouvelles parties :
tournament-game-line = #{ $game } : { $a } contre { $b }
tournament-games-clock = { $clock } ; `board #id` montre une partie, `move #id …` y joue.
tournament-title = Tournoi #{ $id } : { $terms }
tournament-state-open = Ouvert : { $players } { $players ->
    [one] joueur
   *[other] joueurs
}{ $players ->
    [0] {""}
   *[other] {" "}({ $names })
}. { $creator } le lance avec `tournament start #{ $id }`.
tournament-state-running = Ronde { $round } sur { $rounds } ; { $waiting } { $waiting ->
    [one] partie
   *[other] parties
} en cours.
tournament-state-finished = Terminé. Classement final :
tournament-standing-line = { $rank }. { $name } : { $points } { $tenths ->
    [0] point
    [5] point
    [10] point
    [15] point
   *[other] points
}{ $tiebreak ->
    [none] {""}
   *[other] , { $tiebreak }
}, { $wins } { $wins ->
    [0] victoire
    [one] victoire
   *[other] victoires
}{ $left ->
    [yes] {" "}(a abandonné)
   *[no] {""}
}
tournament-note-sb = Les égalités sont départagées par le Sonneborn-Berger (SB), puis les parties entre les ex aequo, puis les victoires.
tournament-note-bc1 = Les égalités sont départagées par le Buchholz tronqué (BC1), puis les parties entre les ex aequo, puis les victoires.
tournament-bracket-round = Tour { $round }{ $left ->
    [1] {" "}(finale)
    [2] {" "}(demi-finales)
   *[other] {""}
} :
tournament-bracket-bye = exempt
tournament-bracket-match = {"  "}{ $high } contre { $low }{ $games ->
    [none] {""}
   *[other] {" "}({ $games })
} : { $result }
tournament-bracket-through = qualifié d'office
tournament-bracket-won = { $name } gagne
tournament-bracket-playing = en cours
tournament-champion = { $name } remporte le tournoi !
tournament-over = Le tournoi #{ $id } est terminé. Classement final :
tournament-over-early = Le tournoi #{ $id } s'achève plus tôt que prévu : les règles ne permettent plus aucun appariement. Classement final :
tournament-winner = { $count ->
    [one] Vainqueur : { $names }. Bravo !
   *[other] Vainqueurs ex aequo : { $names }. Bravo !
}
tournaments-none = Aucun tournoi ouvert ou en cours ici. `tournament create <rule-set> <round-robin|swiss|knockout>` en ouvre un.
tournaments-title = Les tournois d'ici (`tournament #id` en montre un) :
tournament-which = Plusieurs tournois conviennent ; précisez lequel, comme `tournament #4 { $action }` :
tournament-no-such = Il n'y a pas de tournoi #{ $id } dans cette communauté. `tournaments` les liste.
tournament-none-here = Pas encore de tournoi ici. `tournament create <rule-set> <round-robin|swiss|knockout>` en ouvre un.
tournament-none-to-join = Aucun tournoi ouvert ici où vous n'êtes pas déjà inscrit. `tournaments` les liste.
tournament-none-to-leave = Vous ne jouez dans aucun tournoi ici.
tournament-none-to-start = Aucun tournoi ouvert ici que vous puissiez lancer (son créateur ou un organisateur le lance). `tournaments` les liste.
tournament-none-to-organise = Aucun tournoi ouvert ou en cours ici que vous organisiez.
tournament-not-open = Le tournoi #{ $id } a déjà commencé ; seul un tournoi ouvert accepte des joueurs.
tournament-joined-already = Vous êtes déjà inscrit au tournoi #{ $id }.
tournament-full = Le tournoi #{ $id } est complet ({ $max } joueurs).
tournament-not-playing = Ce joueur ne joue pas dans le tournoi #{ $id } (ou l'a déjà quitté).
tournament-finished = Le tournoi #{ $id } est terminé ; plus rien n'y change.
tournament-organisers-only = Seul { $creator }, qui a créé le tournoi #{ $id }, ou un organisateur peut le faire.
tournament-is-league = #{ $id } est une ligue, pas un tournoi : `league { $rule_set }` la montre.
tournament-started-already = Le tournoi #{ $id } a déjà commencé. `tournament #{ $id }` montre le classement.
tournament-too-few = Le tournoi #{ $id } doit compter au moins { $need } joueurs pour commencer ; il en a { $have }. `tournament join #{ $id }` pour jouer.
tournament-too-many = Le tournoi #{ $id } compte { $have } joueurs ; ce format en accepte { $most } au plus. `tournament remove @user` en retire un.
tournament-create-organisers = Seuls les organisateurs nommés dans la configuration du bot peuvent créer des tournois ici.
tournament-busy = Le tournoi a changé plusieurs fois pendant cette tentative ; rien n'a été modifié. Veuillez réessayer.
tournament-game-no-abort = La partie #{ $id } est une partie du tournoi #{ $tournament } : elle ne peut pas être annulée. `resign` l'abandonne (une défaite), `tournament leave` quitte le tournoi.
tournament-error-action = « { $token } » n'est pas une action de tournoi ; attendu : create, join, leave, start, remove @user, ou rien pour le classement
tournament-error-create-no-id = un nouveau tournoi reçoit son numéro à sa création : retirez le #id
tournament-error-remove-whom = qui ? nommez un joueur, comme `tournament remove @bob`
tournament-error-which-game = quel jeu ? par exemple `tournament create tafl round-robin` ; les jeux : { $rule_sets }
tournament-error-which-format = quel format ? `round-robin`, `swiss rounds:N` ou `knockout`
tournament-error-how-many-rounds = combien de rondes ? par exemple `swiss rounds:5`
tournament-error-rounds-swiss = `rounds:N` ne vaut que pour un système suisse (un toutes-rondes et une élimination directe ont autant de rondes que leurs joueurs l'exigent)
tournament-error-double-round-robin = `double` ne vaut que pour un toutes-rondes
tournament-error-pace = « { $token } » n'est pas un rythme ; attendu : `pace:all` ou `pace:rounds`
tournament-error-pace-round-robin = `pace:` ne vaut que pour un toutes-rondes (un système suisse et une élimination directe vont ronde par ronde)
tournament-error-twice = « { $token } » est donné deux fois (ou avec un autre mot pour la même chose)
tournament-error-word = « { $token } » n'est pas une option de tournoi ; attendu : un format (round-robin, swiss, knockout), rounds:N, double, pace:all|rounds, days:N, clock:…, max:N, ranked ou casual, starts:<date>
tournament-error-number = « { $value } » n'est pas permis pour { $what } ; attendu : de { $min } à { $max }
tournament-error-starts = « { $token } » n'est pas une heure de début ; écrivez la date UTC, ou la date et l'heure, comme starts:2026-12-01 ou starts:2026-12-01T18:00
tournament-starts-past = l'heure de début { $at } est passée (il est { $now }) ; donnez-en une plus tardive, ou retirez starts: et lancez-le avec `tournament start`
tournament-starts-far = l'heure de début { $at } est à plus d'un an ; donnez-en une dans l'année
tournament-starts-at = Il commence de lui-même le { $at } si assez de joueurs sont inscrits (son créateur peut aussi le lancer plus tôt avec `tournament start #{ $id }`).
tournament-start-missed = Le tournoi #{ $id } n'a pas pu commencer à son heure : { $why } Son créateur le lance avec `tournament start #{ $id }` quand assez de joueurs sont inscrits.
# Le premier message dans le fil d'une partie de tournoi (Discord).
tournament-game-opening = Partie #{ $game } du tournoi #{ $id } : { $rule_set }, { $a } contre { $b }.
