# Votre compte : la langue dans laquelle Skald vous écrit.

# Le nom d'une langue dans celle-ci ; $code : son code ; $native : son propre nom, pour
# une langue ajoutée après ce fichier.
language-name = { $code ->
    [en] anglais
    [fr] français
   *[other] { $native }
}
# Une langue au choix : `language fr` (Français).
language-choice = `language { $code }` ({ $name })
language-chosen = Skald vous écrit en { $language }, comme vous l'avez choisi.
language-from-platform = Skald vous écrit en { $language }, la langue de votre application.
language-default = Skald vous écrit en { $language }, la langue de cette communauté.
language-how = Pour en changer : { $choices }.
language-set = Désormais, Skald vous écrit en { $language }.
language-channels = Ce qui n'est lu que par vous est dans votre langue ; les messages d'un salon sont dans la langue de sa communauté.

vacation-too-many = il vous reste { $left } { $left ->
    [one] jour
   *[other] jours
} de vacances en { $year } (au plus { $most } par an) ; demandez-en { $left } ou moins
vacation-moved = #{ $id } désormais attendue le { $deadline }
vacation-race = une de vos parties a changé à cet instant même ; renvoyez `vacation`
vacation-done = { $name } est en vacances jusqu'au { $until } : ses pendules sont arrêtées. { $left ->
    [one] Il reste { $left } jour
   *[other] Il reste { $left } jours
} de vacances cette année.
vacation-deadlines = Échéances déplacées : { $moved }.
vacation-turns = Les tours qui vous arrivent entre-temps ne commencent à compter qu'à la fin des vacances.

limit-rate = Doucement, s'il vous plaît : chaque joueur peut envoyer au plus { $commands } commandes en { $seconds } secondes. Réessayez dans { $wait } { $wait ->
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
store-unconfirmed = Désolé, la base de données n'a pas confirmé ceci à temps : il se peut que ce soit enregistré, ou non. Regardez (`board`, `games`) avant de réessayer.
store-failed = Désolé, le bot n'a pas pu enregistrer ceci : le stockage a échoué. Rien n'a changé ; réessayez plus tard.
game-changed-meanwhile = La partie #{ $id } a changé pendant que votre commande arrivait (une autre commande est passée avant), donc rien n'a été fait. Voici le plateau actuel ; renvoyez votre commande si elle vaut toujours.

# Une plateforme par son nom : $platform vaut discord, matrix, console ou other.
platform-name = { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] autre
}
link-code-sent = { $name } : je vous ai envoyé un code de liaison, que personne d'autre ne voit.
link-code = Votre code de liaison est { $code }, valable jusqu'au { $expires } ({ $minutes } minutes), une seule fois. Sur votre autre plateforme, envoyez `link { $code }` là où personne d'autre ne le voit (/link sur Discord ; votre salon privé avec moi sur Matrix) : ce compte jouera alors en votre nom, avec vos parties et vos cotes. Ne partagez jamais ce code : qui l'utilise joue en votre nom.
link-already-plays-as = ce compte joue déjà en tant que { $player } ; demandez un code depuis ce compte-là, ou `unlink` celui-ci d'abord
link-not-a-code = « { $typed } » n'est pas un code de liaison : un code fait 8 lettres et chiffres comme ABCD-EFGH, obtenu par `link` sur votre autre compte
link-code-invalid = ce code de liaison n'est pas valable : il est peut-être mal tapé, déjà utilisé ou expiré (un code dure 10 minutes). Demandez-en un nouveau avec `link` sur votre autre compte.
link-own-code = c'est le code de ce compte même : envoyez-le depuis votre compte sur l'autre plateforme
link-already-plays-as-unlink = ce compte joue déjà en tant que { $player } ; faites d'abord `unlink`
link-others-play-as-this = d'autres comptes jouent déjà en tant que celui-ci : liez-les dans l'autre sens (demandez le code ici et envoyez-le là-bas), ou faites-leur d'abord `unlink`
link-platform-taken = { $player } a déjà un compte sur { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] la console
   *[other] cette plateforme
} : un joueur a un compte par plateforme
link-challenge-pending = le défi #{ $id } de ce compte est encore en attente : annulez-le, acceptez-le ou refusez-le d'abord, puis liez
link-accounts-play-each-other = vos deux comptes s'affrontent dans la partie #{ $id } : terminez-la ou annulez-la d'abord, puis liez
link-race = une de vos parties a changé à cet instant même ; renvoyez `link` avec le code
link-not-linked = ce compte n'est lié à aucun autre : `link` réunit vos comptes de deux plateformes en un seul joueur
link-several-named = plusieurs joueurs s'appellent { $name } ({ $players }) ; désignez celui que vous voulez par son identifiant
link-account-race = votre compte a changé à cet instant même ; renvoyez la commande
link-joined = Ce compte { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] autre
} joue désormais en tant que { $player } : mêmes parties, mêmes cotes, sur toutes les plateformes.
link-games-moved = {" "}{ $n ->
    [one] { $n } partie de ce compte est passée
   *[other] { $n } parties de ce compte sont passées
} à { $player }.
link-ratings-merged = {" "}Cotes fusionnées ({ $rule_sets }) : sur chaque classement, la cote ayant le plus de parties est gardée.
link-unlinked-account = Ce compte { $platform ->
    [discord] Discord
    [matrix] Matrix
    [console] console
   *[other] autre
} ne joue plus en tant que { $player } ; les parties et les cotes restent à { $player }.
link-unlinked-player = { $n ->
    [one] Votre compte { $platforms } ne joue plus
   *[other] Vos comptes { $platforms } ne jouent plus
} en votre nom ; vos parties et vos cotes restent ici.

# Le résumé quotidien (`digest`) et `pings`, répondus au seul joueur concerné.
# $at : l'heure (09:00) ; $zone : un fuseau IANA (Europe/Paris) ; $wait : le temps d'ici le prochain
# (« 23 heures »), qui se dit dans tout fuseau.
digest-is-on = Votre résumé quotidien arrive à { $at } ({ $zone }) ; le prochain dans { $wait }. `digest off` l'arrête.
digest-is-off = Vous ne recevez pas de résumé quotidien. `digest on 09:00 Europe/Paris` vous envoie, une fois par jour à cette heure dans votre fuseau, les parties où c'est à vous de jouer (rien les jours où aucune n'attend).
digest-started = Votre résumé quotidien arrive à { $at } ({ $zone }), le premier dans { $wait } : les parties où c'est à vous de jouer, les plus pressées d'abord, et rien les jours où aucune n'attend. `pings off` arrête aussi les mentions quand votre tour vient ; `digest off` arrête le résumé.
digest-stopped = Vous ne recevez plus de résumé quotidien.
# $word : ce qui n'a pas pu être lu.
digest-bad-word = « { $word } » n'est ni une heure comme 09:00 ni un fuseau horaire comme Europe/Paris, America/Montreal ou UTC ; rien n'a changé
digest-usage = attendu : `digest`, `digest on [HH:MM] [fuseau]` (comme `digest on 09:00 Europe/Paris`) ou `digest off`
# $count : combien de parties attendent le joueur.
digest-head = Votre résumé quotidien : { $count ->
    [one] une partie attend votre coup
   *[other] { $count } parties attendent votre coup, les plus pressées d'abord
}.
# $place : où vit la partie (un lien sur la plateforme du lecteur).
digest-line = #{ $id } { $rule_set } contre { $opponent } : il reste { $left } (jusqu'au { $deadline }), { $place }
pings-are-on = Skald vous mentionne quand votre tour vient. `pings off` arrête cela (le résumé quotidien et les rappels d'échéance viennent toujours).
pings-are-off = Skald ne vous mentionne pas quand votre tour vient ; le résumé quotidien et les rappels d'échéance vous le disent. `pings on` rétablit les mentions.
pings-now-on = Skald vous mentionne de nouveau quand votre tour vient.
pings-now-off = Skald ne vous mentionne plus quand votre tour vient : votre résumé quotidien et les rappels d'échéance vous le disent.
pings-now-off-no-digest = Skald ne vous mentionne plus quand votre tour vient ; seuls les rappels d'échéance vous le diront. `digest on 09:00 Europe/Paris` vous envoie chaque jour la liste des parties qui vous attendent.
pings-usage = attendu : `pings`, `pings on` ou `pings off`
