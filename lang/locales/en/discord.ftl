# Discord's own words: buttons, the move menu, and what the adapter says itself.

# Shows a Subulata player their own hidden values.
discord-button-mine = My pieces
# A command a button of the same message does: "press **Accept**".
discord-press = press
# Between two buttons: "press **Accept** or **Decline**".
discord-or = or
discord-choose-move = Choose your move
discord-spectator = You have no hidden pieces in this game (you are not playing in it, or it is over): here is the board everyone sees.
discord-nothing-to-do = Nothing to do.
discord-failed = Sorry, that failed; nothing was changed.
# A command whose options Discord sent in an older shape (commands changed since the client
# cached them).
discord-old-options = Sorry, I could not read this command's options (Discord may still show an older version of it); nothing was changed. Please try again in a minute, or see /help.
# An option Discord sent that the command cannot read.
discord-unreadable-option = Sorry, I could not read one of this command's options; nothing was changed. Pick a value among those Discord offers, or see /help.
# $thread: the thread's id (Discord shows its name).
discord-challenge-in-thread = Challenge posted in <#{ $thread }>.
# A tournament game's thread, named in the round's announcement. $thread: the thread's id
# (Discord shows its name).
discord-game-in-thread = Game #{ $game } is played in <#{ $thread }>.

# `/tournament` or `/league` sent in its old shape (one free-text `action` option) after the
# old shape stopped being read ($command: `tournament`; $example: `/tournament join`).
discord-old-action-form = Your Discord app still shows the old /{ $command } (one action option), which I no longer read; it is now made of subcommands, like `{ $example }`. Nothing was changed. Reload Discord (Ctrl+R, or restart the app) to get the new commands, then try again.
