# Ligues de la communauté : saisons en divisions, montées et descentes.

league-error-which-game = la ligue de quel jeu ? Nommez-le d'abord, comme `league tafl join` (jeux : { $rule_sets })
league-error-action = « { $token } » n'est pas une action de ligue ; attendu join, leave, start, standings, ou rien pour le classement
league-error-start-word = « { $token } » n'est pas une option de ligue ; `league <jeu> start` accepte days:N ou clock:…, et ranked ou casual
league-busy = la ligue est occupée par une autre commande ; réessayez dans un instant
league-none = Pas encore de ligue ici. `league <jeu> join` en crée une et vous y inscrit (jeux : { $rule_sets }).
league-list-title = Les ligues d'ici :
league-summary-running = { $game } (`league { $id }`) : saison { $season }, { $players } { $players ->
    [one] joueur
   *[other] joueurs
} en { $divisions } { $divisions ->
    [one] division
   *[other] divisions
}
league-summary-waiting = { $game } (`league { $id }`) : { $players } { $players ->
    [one] joueur
   *[other] joueurs
}, en attente d'une saison (il en faut { $need })
league-no-such = Il n'y a pas encore de ligue de { $game } ici : `league { $id } join` en crée une et vous y inscrit.
league-made = { $name } crée la ligue de { $game } et en est le premier joueur. Les autres la rejoignent avec `league { $id } join` ; dès qu'ils sont { $need }, `league { $id } start` lance la première saison.
league-joined-already = vous êtes déjà dans la ligue de { $game } (`league { $id }` la montre)
league-joined-waiting = { $name } rejoint la ligue de { $game } ({ $players } { $players ->
    [one] joueur
   *[other] joueurs
} ; { $ready ->
    [yes] `league { $id } start` lance la saison
   *[no] `league { $id } start` lance une saison dès qu'ils sont { $need }
}).
league-joined-next = { $name } rejoint la ligue de { $game } et joue à partir de la saison { $next } (la saison { $season } est en cours ; la suivante commence d'elle-même à la fin de sa dernière partie).
league-stays = Finalement, { $name } reste dans la ligue de { $game } après la saison { $season }.
league-not-in = vous n'êtes pas dans la ligue de { $game } (`league { $id } join` pour y entrer)
league-leaves-after = { $name } quitte la ligue de { $game } après la saison { $season }. Ses parties de la saison { $season } comptent toujours : jouez-les ou abandonnez-les.
league-left = { $name } quitte la ligue de { $game }.
league-start-organisers = seuls les organisateurs de tournois peuvent lancer une saison de ligue ici
league-running = la saison { $season } de la ligue de { $game } est en cours ; la suivante commence d'elle-même à la fin de sa dernière partie
league-too-few-to-start = la ligue de { $game } a { $players } { $players ->
    [one] joueur
   *[other] joueurs
} ; une saison en demande { $need } (`league { $id } join`)
league-too-few = une division de { $players } ne peut pas jouer un toutes-rondes ; il en faut { $need }
league-season-begins = Ligue de { $game }, saison { $season } : { $players } joueurs en { $divisions } { $divisions ->
    [one] division
   *[other] divisions
} ({ $clock }). { $divisions ->
    [one] Chacun joue contre tous ; ceux qui s'inscrivent maintenant jouent à partir de la saison suivante.
   *[other] Chacun joue contre tous ceux de sa division ; à la fin, les meilleurs montent et les derniers descendent.
}
league-division-line = Division { $division } (tournoi #{ $id }) : { $names }
league-moves = { $kind ->
    [up] Montent :
    [down] Descendent :
    [new] Nouveaux :
   *[left] Quittent la ligue :
} { $names }
league-season-over = Ligue de { $game } : la saison { $season } est terminée.
league-division-winner = Division { $division } gagnée par { $name }.
league-paused = La ligue de { $game } s'interrompt : { $players } { $players ->
    [one] joueur reste
   *[other] joueurs restent
} et une saison en demande { $need }. `league { $id } join`, puis `league { $id } start`.
league-title-open = Ligue de { $game } : pas encore de saison. { $players } { $players ->
    [one] joueur
   *[other] joueurs
} ({ $names }) ; `league { $id } start` lance la première saison dès qu'ils sont { $need }.
league-title-running = Ligue de { $game }, saison { $season } ({ $clock }, { $ranked ->
    [yes] classée
   *[no] amicale
}) :
league-title-between = Ligue de { $game } : la saison { $season } est terminée et la suivante attend { $need } joueurs (`league { $id } join`, puis `league { $id } start`). Dernière saison :
league-division-title = Division { $division } (tournoi #{ $id }{ $over ->
    [yes] , terminé
   *[no] {""}
}) :
league-joining-next = Entrent à la saison { $next } : { $names }
league-leaving = Partent après la saison { $season } : { $names }
