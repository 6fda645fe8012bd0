# Les mots de Discord : boutons, menu des coups, et ce que l'adaptateur dit lui-même.

# Montre à un joueur de Subulata ses propres valeurs cachées.
discord-button-mine = Mes pions
# Une commande qu'un bouton du même message fait : « appuyez sur **Accepter** ».
discord-press = appuyez sur
# Entre deux boutons : « appuyez sur **Accepter** ou **Refuser** ».
discord-or = ou
discord-choose-move = Choisissez votre coup
discord-spectator = Vous n'avez pas de pions cachés dans cette partie (vous n'y jouez pas, ou elle est terminée) : voici le plateau que tout le monde voit.
discord-nothing-to-do = Rien à faire.
discord-failed = Désolé, cela a échoué ; rien n'a été changé.
# Une commande dont Discord envoie les options sous une forme ancienne (les commandes ont
# changé depuis que le client les a gardées).
discord-old-options = Désolé, je n'ai pas pu lire les options de cette commande (Discord en montre peut-être encore une ancienne version) ; rien n'a été changé. Réessayez dans une minute, ou voyez /aide.
# Une option que la commande ne sait pas lire.
discord-unreadable-option = Désolé, je n'ai pas pu lire une des options de cette commande ; rien n'a été changé. Choisissez une valeur parmi celles que Discord propose, ou voyez /aide.
# $thread : l'identifiant du fil (Discord affiche son nom).
discord-challenge-in-thread = Défi publié dans <#{ $thread }>.
# Le fil d'une partie de tournoi, nommé dans l'annonce de la ronde. $thread : l'id du fil
# (Discord en montre le nom).
discord-game-in-thread = La partie #{ $game } se joue dans <#{ $thread }>.

# `/tournament` ou `/league` envoyé sous son ancienne forme (une option `action` en texte
# libre) après la fin de sa lecture ($command : `tournament` ; $example : `/tournoi rejoindre`).
discord-old-action-form = Votre application Discord montre encore l'ancienne commande /{ $command } (une option action), que je ne lis plus ; elle est maintenant faite de sous-commandes, comme `{ $example }`. Rien n'a été changé. Rechargez Discord (Ctrl+R, ou relancez l'application) pour avoir les nouvelles commandes, puis réessayez.
