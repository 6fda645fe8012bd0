# Les mots de la console elle-même : qui parle sur une ligne, et son horloge factice.

console-who-speaks = qui parle ? écrivez `@nom <commande>`, comme `@alice help`
# $name : ce qui suit le @, qui n'est pas un nom.
console-not-a-name = « @{ $name } » n'est pas un nom : le nom de qui parle est fait de lettres, de chiffres, de « _ », « - » ou « . », comme `@alice help`
# $name : qui parle, sans rien dire.
console-says-nothing = que dit @{ $name } ? par exemple `@{ $name } help`
console-real-clock = la console suit l'horloge réelle ; lancez-la avec --fake-clock pour avancer le temps
# $now : l'heure factice.
console-fake-time = heure factice : { $now }
# $now : l'heure factice ; $by : de combien elle a avancé (« 3 jours »).
console-fake-time-moved = heure factice : { $now } (+{ $by })
console-clock-usage = attendu : `!clock` ou `!clock +<durée>`, comme `!clock +3d`, `!clock +12h`, `!clock +90m`
