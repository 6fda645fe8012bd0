# `rules` : les jeux, et chacun en quelques lignes avec la notation de ses coups (les règles
# elles-mêmes sont dans la crate rules ; docs/RULES.md fait foi). Vocabulaire des règles
# françaises : pion, roi, prise en tenailles, forteresse, Hornaskella, subulatas, tuile de
# départ et d'arrivée, dé, dés, coin, tablier, case.

rules-summary-title = Jeux (`rules <rule-set>` pour un résumé) :
# Un jeu : son identifiant, son nom et les autres mots acceptés pour lui.
rules-summary-item = { $id } - { $name } (aussi : { $aliases })
# Avant le résumé d'un jeu.
rules-summary-heading = { $name } (`{ $id }`) :
rules-summary-adelta =
    24 cases en anneau, les deux camps tournant dans le même sens ; Blanc commence sur 1-6, Noir sur 13-18. Lancez deux dés : chaque 1 ou 6 est un pas (un double donne des pas en plus et un nouveau lancer). Arriver sur un pion adverse le prend ; une case d'arrivée occupée fait continuer le pion jusqu'à la prochaine case libre. Un dernier pion devient une Hornaskella qui saute de coin en coin. Prenez tous les pions adverses pour gagner.
    Coups : la case et le dé, `13+1`.
rules-summary-adelta-rustik =
    Ad Elta Stelpur d'Alex le Rustik : comme `adelta`, mais un pion ne peut pas arriver sur l'un de ses propres pions (le pas est perdu), et un pion sur un coin entouré de pions adverses sur les deux cases voisines ne peut pas être pris. Utilisez autant de dés que possible.
    Coups : la case et le dé, `13+1`.
# Les deux tabliers de Hnefatafl (11x11 et 13x13).
rules-summary-hnefatafl =
    Les assaillants jouent en premier et veulent prendre le roi ; les défenseurs veulent l'amener dans une forteresse de coin. Chaque pion se déplace comme la tour aux échecs ; seul le roi peut s'arrêter sur la forteresse centrale ou dans un coin. Un pion pris en tenailles sur une ligne entre deux adversaires (ou un adversaire et une case hostile) est pris. Le roi est pris quand lui et les défenseurs qui lui sont reliés côte à côte sont enfermés de tous côtés par des assaillants, le bord du tablier, des coins ou la forteresse centrale vide : seul sur un bord, trois assaillants suffisent. Une position répétée trois fois donne la nulle ; un joueur sans coup légal perd.
    Coups : `f2-f5`.
rules-summary-hnefatafl-13 = { rules-summary-hnefatafl }
rules-summary-subulata =
    Un plateau de 9x9 cases d'eau, de fleur et de feuille. Vos neuf subulatas portent les valeurs 1 à 9, que personne d'autre ne voit jusqu'à la fin (placez-les avec `arrange`). Une subulata avance d'exactement 1 case depuis l'eau, 2 depuis une fleur, 3 depuis une feuille, vers l'avant (à droite ou en haut pour Blanc, à gauche ou en bas pour Noir) sur une case libre ou une subulata adverse, ou vers l'arrière seulement pour prendre. La partie se termine quand toutes les subulatas d'un camp sont sur leur tuile d'arrivée ; comptez les valeurs sur la tuile d'arrivée, plus un par prise.
    Coups : `a1-a2`.
rules-summary-daldosa =
    Deux rangées de pions dans un bateau ; Blanc parcourt sa rangée, revient par la rangée du milieu, puis suit celle de Noir et sort. Lancez deux dés à quatre faces : un 1 active un pion, chaque dé avance un pion actif d'exactement autant de cases ; jamais par-dessus ni sur l'un de vos pions ; arriver sur un pion adverse le retire. Un joueur qui n'a plus de pion sur le tablier perd.
    Coups : la case et le dé, `w12+1`.
rules-summary-copenhagen =
    Les règles de la communauté du tafl sur 11x11. Les assaillants jouent en premier et veulent prendre le roi ; les défenseurs veulent l'amener dans une forteresse de coin. Chaque pion se déplace comme la tour aux échecs ; seul le roi peut s'arrêter sur la forteresse centrale ou dans un coin. Un soldat pris en tenailles sur une ligne entre deux adversaires (ou un adversaire et un coin ou la forteresse centrale vide ; celle-ci est toujours hostile aux assaillants) est pris ; le roi est armé et prend lui aussi. Mur de boucliers : au moins deux adversaires alignés le long du bord, chacun avec l'un de vos pions devant lui, sont pris quand vous fermez les deux bouts de la rangée (le roi est épargné). Le roi est pris par quatre assaillants autour de lui, ou trois à côté de la forteresse centrale ; jamais sur le bord. Les défenseurs gagnent aussi par un fort de sortie : le roi sur le bord, libre de bouger, derrière des défenseurs qui ne pourront jamais être pris. Les assaillants gagnent aussi en encerclant tous les défenseurs. Une position répétée trois fois fait perdre les défenseurs ; un joueur sans coup légal perd ; une partie sans résultat après 400 coups est nulle.
    Coups : `f2-f5`.
rules-summary-brandubh =
    Le tafl irlandais sur 7x7, tel qu'on le joue en ligne. Les assaillants jouent en premier et veulent prendre le roi ; les défenseurs veulent l'amener dans une forteresse de coin. Chaque pion se déplace comme la tour aux échecs ; seul le roi peut s'arrêter sur la forteresse centrale ou dans un coin. Un pion pris en tenailles sur une ligne entre deux adversaires (ou un adversaire et un coin ou la forteresse centrale vide) est pris ; le roi est armé et prend lui aussi. Sur la forteresse centrale, le roi doit être entouré d'assaillants sur ses quatre côtés ; partout ailleurs il est pris comme un soldat, entre deux assaillants face à face ou entre un assaillant et un coin. Les assaillants gagnent aussi en encerclant tous les défenseurs. Une position répétée trois fois donne la nulle ; un joueur sans coup légal perd.
    Coups : `a4-a2`.
