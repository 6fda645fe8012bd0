# The console's own words: who speaks on a line, and its fake clock.

console-who-speaks = who speaks? write `@name <command>`, like `@alice help`
# $name: what followed the @, which is not a name.
console-not-a-name = '@{ $name }' is not a name: a speaker's name is letters, digits, '_', '-' or '.', like `@alice help`
# $name: the speaker, who said nothing.
console-says-nothing = what does @{ $name } say? like `@{ $name } help`
console-real-clock = the console runs on the real clock; start it with --fake-clock to move time
# $now: the fake time.
console-fake-time = fake time: { $now }
# $now: the fake time; $by: how far it moved ("3 days").
console-fake-time-moved = fake time: { $now } (+{ $by })
console-clock-usage = expected `!clock` or `!clock +<duration>`, like `!clock +3d`, `!clock +12h`, `!clock +90m`
