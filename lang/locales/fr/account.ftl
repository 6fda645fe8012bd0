# Votre compte : la langue dans laquelle Skald vous écrit.

language-name-en = anglais
language-name-fr = français
# Une langue au choix : `language fr` (Français).
language-choice = `language { $code }` ({ $name })
language-chosen = Skald vous écrit en { $language }, comme vous l'avez choisi.
language-from-platform = Skald vous écrit en { $language }, la langue de votre application.
language-default = Skald vous écrit en { $language }, la langue de cette communauté.
language-how = Pour en changer : { $choices }.
language-set = Désormais, Skald vous écrit en { $language }.
language-channels = Ce que vous seul lisez est dans votre langue ; les messages d'un salon sont dans la langue de sa communauté.

vacation-too-many = il vous reste { $left } { $left ->
    [one] jour
   *[other] jours
} de vacances en { $year } (au plus { $most } par an) ; demandez-en { $left } ou moins
vacation-moved = #{ $id } désormais attendue le { $deadline }
vacation-race = une de vos parties a changé à cet instant même ; renvoyez `vacation`
vacation-done = { $name } est en vacances jusqu'au { $until } : ses pendules sont arrêtées. { $left ->
    [one] Il reste { $left } jour
   *[other] Il reste { $left } jours
} de vacances cette année.
vacation-deadlines = Échéances déplacées : { $moved }.
vacation-turns = Les tours qui vous arrivent entre-temps ne commencent à compter qu'à la fin des vacances.

limit-rate = Doucement, s'il vous plaît : chaque joueur peut envoyer au plus { $commands } commandes en { $seconds } secondes. Réessayez dans { $wait } { $wait ->
    [one] seconde
   *[other] secondes
} ; cette commande n'a pas été exécutée.
limit-length = Ce message est trop long pour être une commande : la limite est de { $max } caractères. Les commandes sont courtes, comme `move f2-f5` ; `help` les liste. Rien n'a été fait.
limit-challenges = vous avez déjà { $open } { $open ->
    [one] défi
   *[other] défis
} en attente de réponse, et le maximum est { $max } ; `cancel #id` en retire un (`games` les liste). Rien n'a été fait.
limit-games-challenge = vous jouez déjà { $active } { $active ->
    [one] partie
   *[other] parties
}, et le maximum à la fois est { $max } ; relancez un défi quand l'une d'elles sera terminée. Rien n'a été fait.
limit-games-accept = vous jouez déjà { $active } { $active ->
    [one] partie
   *[other] parties
}, et le maximum à la fois est { $max } ; acceptez #{ $challenge } quand l'une d'elles sera terminée. Rien n'a été fait.
limit-games-challenger = { $challenger } joue déjà { $active } { $active ->
    [one] partie
   *[other] parties
}, et le maximum à la fois est { $max } ; le défi #{ $challenge } reste ouvert, acceptez-le quand une de ses parties sera terminée. Rien n'a été fait.
store-failed = Désolé, le bot n'a pas pu enregistrer ceci : le stockage a échoué. Rien n'a changé ; réessayez plus tard.
game-changed-meanwhile = La partie #{ $id } a changé pendant que votre commande arrivait (une autre commande est passée avant), donc rien n'a été fait. Voici le plateau actuel ; renvoyez votre commande si elle vaut toujours.
