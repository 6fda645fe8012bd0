# Mots communs.

# Les deux derniers éléments d'une liste : « a, b et c » ($head vaut « a, b »).
list-last = { $head } et { $last }
