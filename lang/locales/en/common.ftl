# Words used everywhere.

# A list's last two items: "a, b and c" ($head is "a, b").
list-last = { $head } and { $last }
