//! The platform-neutral reply: what an adapter shows in the channel, sends privately, pings
//! and offers as buttons. Adapters decide how (an embed, a Matrix message, console lines).
//!
//! Every type here is serde data: a [`Notice`] may be written into the store's outbox by one
//! process and posted by another ([`Notice::to_stored`], [`crate::stored_notice`]).

use super::identity::{ChannelId, UserId};
use serde::{Deserialize, Serialize};
use skald_lang::{Lang, Text};
use skald_rules::{Event, Position, Viewer};

/// How a command went, so adapters can style the answer (an error colour, a retry hint).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplyKind {
    /// The command was carried out (or only read something).
    Done,
    /// The command was refused; nothing changed. The text says what would be accepted.
    Refused,
    /// Another command changed the game first; nothing changed. The board is attached.
    Conflict,
    /// The store failed; nothing changed (or the change may not be on disk).
    Failed,
}

/// A board picture to show: rendered by the adapter for `viewer`.
///
/// In a channel (`Reply::boards`) the viewer is always [`Viewer::Public`], or
/// [`Viewer::Final`] once the game is over: [`Board::public`] is the only way to make one.
/// A player's own view ([`Board::private`]) only goes into a [`Private`] part.
///
/// Stored (in an outbox notice) with its position in full ([`Viewer::Final`] notation, as the
/// game documents keep it: `Position`'s own serde form, rule set and notation) and `viewer`
/// as it is, which decides what is drawn when it is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The game's number.
    pub game: u64,
    /// The position to draw.
    pub position: Position,
    /// Whose view: decides which hidden values are drawn.
    pub viewer: Viewer,
    /// What the last move did (to highlight it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_move: Vec<Event>,
    /// The players' names, seat A first (with the time each has left, in a game with a
    /// bank).
    pub players: [Text; 2],
    /// A one-line description for screen readers and text-only adapters: the game, the
    /// number of the move to come, whose turn it is (or how the game ended).
    pub alt: Text,
    /// How the game ended when it ended outside its rules (resignation, timeout, agreement,
    /// abort): shown instead of whose turn it was, which the position alone would say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Text>,
    /// Asked for as text (`board text`): every adapter shows [`Board::text`] instead of a
    /// picture, so a reader with a screen reader or a text-only client learns the whole
    /// board, their own hidden values included where the board is their private view.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_text: bool,
    /// A review's turning point: the move played and the engine's preferred one, drawn
    /// on [`Board::position`] (the position before them) as two arrows with a legend.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<Compare>,
}

/// Two moves from one position, drawn as two arrows told apart by colour and a legend:
/// what a player played and what the engine preferred (`review`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compare {
    /// What the moves played did (a dice turn's every step).
    pub played: Vec<Event>,
    /// What the engine's preferred moves would have done.
    pub preferred: Vec<Event>,
    /// The legend: the played moves' words, then the preferred ones'.
    pub legend: [Text; 2],
}

impl Board {
    /// The same board once the game has ended some other way than by its rules
    /// (resignation, agreement, abort, timeout): the rules reveal every value in the final
    /// result, whatever ended it.
    pub fn revealed(self) -> Board {
        Board {
            viewer: Viewer::Final,
            ..self
        }
    }

    /// The view anyone may see: no hidden value before the end, everything after it.
    pub fn public(
        game: u64,
        position: &Position,
        last_move: Vec<Event>,
        players: [Text; 2],
        alt: Text,
    ) -> Board {
        let viewer = if position.status().outcome().is_some() {
            Viewer::Final
        } else {
            Viewer::Public
        };
        Board {
            game,
            position: position.clone(),
            viewer,
            last_move,
            players,
            alt,
            result: None,
            as_text: false,
            compare: None,
        }
    }

    /// The board as text for its viewer (the console's output, a Matrix image's body): the
    /// rules' text board, its first line (whose turn) replaced by the result once the game
    /// ended outside its rules, and a turning point's two moves after it.
    pub fn text(&self) -> Text {
        let (position, viewer) = (&self.position, self.viewer);
        let mut text = match &self.result {
            Some(result) => skald_lang::text_board_ended(position, viewer, result.clone()),
            None => skald_lang::text_board(position, viewer),
        };
        // A turning point's two moves, as its picture's legend says them.
        if let Some(compare) = &self.compare {
            for line in &compare.legend {
                text.line(line.clone());
            }
        }
        text
    }

    /// One player's own view (their hidden values shown), for a private part only.
    pub fn private(board: &Board, seat: skald_rules::Seat) -> Board {
        Board {
            viewer: if board.viewer == Viewer::Final {
                Viewer::Final
            } else {
                Viewer::Seat(seat)
            },
            ..board.clone()
        }
    }
}

/// A part of a reply only one user may read (a direct message, an ephemeral answer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Private {
    /// Who it is for.
    pub to: UserId,
    /// The name to show for them (`(private to @alice)`).
    pub name: String,
    /// The text.
    pub text: Text,
    /// Boards in that user's own view.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<Board>,
    /// Files for that user alone (a running Subulata game's record with their own values).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<crate::files::File>,
    /// The language they chose (`language`), else the one their platform last said they use;
    /// `None`: the channel's (see [`Reply::lang`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// News about its reader caused by someone else's command (a conditional move dropped,
    /// values placed when a challenge was accepted): it must reach them wherever they are,
    /// by a direct message where a platform has no other private place for it. Not set for a
    /// view its reader can ask for again (their values after each move, offered on Discord
    /// behind a button).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub news: bool,
}

/// Something the reader may do next, for adapters that offer buttons.
///
/// Stored with its command as the button code ([`crate::command::encode`]), the one encoding
/// of a button's command (see [`crate::stored_notice`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// What the button says (`f2-f5`, `Accept`), in each reader's language.
    pub label: Text,
    /// The command it sends, typed (`Command::to_line` writes it as a player would type it,
    /// `move #3 f2-f5`; a chat adapter encodes it in its button).
    #[serde(with = "crate::button_code::serde_code")]
    pub command: crate::command::Command,
    /// Who may press it (`None`: anyone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub for_user: Option<UserId>,
}

/// Everything one command (or one scheduler wake-up) has to say.
///
/// Stored as JSON with empty lists and absent languages left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// How the command went.
    pub kind: ReplyKind,
    /// Text for the channel.
    pub text: Text,
    /// Boards for the channel (public views only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<Board>,
    /// Files for the channel (`export`'s record, `replay`'s GIF), described rather than
    /// made: an adapter renders each for its readers' language within its platform's upload
    /// limit ([`crate::files::File::render`]), on a blocking thread as it draws boards. Never
    /// a hidden value before the game ends (a player's own go into a [`Private`] part).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<crate::files::File>,
    /// Parts for one user each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private: Vec<Private>,
    /// Users to ping (mention) with the channel text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notify: Vec<UserId>,
    /// What may be done next: answers (accept, decline, rematch) and, in the dice games,
    /// every legal step of the turn (few, so adapters offer them as buttons or a numbered
    /// list). The board games' turns have up to a few hundred moves: those are typed (with
    /// completion, see `session::suggest`), not listed in every reply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// The users the text names as `@name` (with their ids), so an adapter can write each
    /// as its platform's mention (shown as the name, pinging only those in `notify`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named: Vec<crate::User>,
    /// The same news for the game's other home channels (a game between platforms, see
    /// [`crate::homes`]): the adapter hands these to the process's router, which posts each
    /// through the adapter owning its channel.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elsewhere: Vec<Notice>,
    /// New games (a tournament round's) that the adapter posting this reply may give a
    /// channel of their own, each with what to post first there ([`crate::own_channel`]):
    /// Discord makes a thread per game with `discord.threads`; other adapters ignore them,
    /// the text naming every game already.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_channels: Vec<OwnChannel>,
    /// The language the channel's community chose (`[[community]] language`, else `[game]
    /// language`); `None`: the platform's own (a Discord server's preferred locale), else
    /// English. See [`Reply::channel_lang`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// The language the speaker chose or their platform says they use, for what only they
    /// see (a Discord ephemeral answer, the console's private lines); `None`: the channel's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker_lang: Option<Lang>,
    /// A name for the channel message this reply posts, so a later notice can edit it
    /// ([`Reply::replaces`]): a review's first answer, whose progress each step updates.
    /// An adapter remembers the message it posted under this name (Discord edits the
    /// answer of the interaction, Matrix sends an `m.replace` edit, the console prints a
    /// new line); one that forgot it (a restart) posts the edit as a new message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<String>,
    /// The name ([`Reply::progress`]) of an earlier message this reply's text replaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// How the adapter that posted the message [`Reply::replaces`] names reaches it, as it
    /// told the session then (a daily puzzle's post keeps it in the store): an adapter that
    /// does not remember the name (it restarted, or another process posted the message)
    /// edits the message by this instead of posting a new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces_posted: Option<String>,
}

impl Reply {
    /// A successful reply with this text.
    pub fn done(text: impl Into<Text>) -> Reply {
        Reply {
            kind: ReplyKind::Done,
            text: text.into(),
            boards: Vec::new(),
            files: Vec::new(),
            private: Vec::new(),
            notify: Vec::new(),
            choices: Vec::new(),
            named: Vec::new(),
            elsewhere: Vec::new(),
            own_channels: Vec::new(),
            lang: None,
            speaker_lang: None,
            progress: None,
            replaces: None,
            replaces_posted: None,
        }
    }

    /// An answer only `to` reads, with nothing for the channel (`premove`, `digest`): the
    /// adapters post no channel message for it.
    pub fn alone(to: &crate::User, text: Text) -> Reply {
        let mut reply = Reply::done(Text::default());
        reply.private.push(Private {
            to: to.id.clone(),
            name: to.name.clone(),
            text,
            boards: Vec::new(),
            files: Vec::new(),
            lang: None,
            news: false,
        });
        reply
    }

    /// A refusal: nothing changed, and the text says what would be accepted.
    pub fn refused(text: impl Into<Text>) -> Reply {
        Reply {
            kind: ReplyKind::Refused,
            ..Reply::done(text)
        }
    }

    /// Adds a public board (see [`Board::public`]).
    pub fn with_board(mut self, board: Board) -> Reply {
        self.boards.push(board);
        self
    }

    /// Adds a line of channel text.
    pub fn line(&mut self, text: impl Into<Text>) {
        self.text.line(text);
    }

    /// The channel's language: the community's choice, else `platform` (what the platform
    /// says the channel speaks), else English.
    pub fn channel_lang(&self, platform: Option<Lang>) -> Lang {
        self.lang.or(platform).unwrap_or_default()
    }

    /// The language of what only the speaker sees.
    pub fn speaker_lang(&self, platform: Option<Lang>) -> Lang {
        self.speaker_lang.unwrap_or(self.channel_lang(platform))
    }

    /// Pings a user (once).
    pub fn ping(&mut self, user: &UserId) {
        if !self.notify.contains(user) {
            self.notify.push(user.clone());
        }
    }

    /// Whether every board meant for the channel is a public view: the invariant hidden
    /// information rests on, checked by tests.
    pub fn channel_boards_are_public(&self) -> bool {
        self.boards
            .iter()
            .all(|b| matches!(b.viewer, Viewer::Public | Viewer::Final))
    }
}

/// A reply the scheduler sends on its own (a ping, a reminder, a timeout), to a channel.
///
/// With several processes on one database, the process that makes a notice may not own its
/// channel's platform: it writes the notice into the store ([`Notice::to_stored`]) and the
/// owning process reads it back ([`Notice::from_stored`]) and posts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notice {
    /// Where to post it: the game's channel.
    pub channel: ChannelId,
    /// The platform of [`Notice::channel`] (`discord`, `matrix`, `console`), whose process
    /// posts it: taken from the data the notice is made from (a game's home, a tournament's,
    /// the account that asked for a digest or was challenged), never from the shape of the
    /// channel's id. The store's outbox keeps it in its entry, beside the stored notice and
    /// not inside it ([`crate::stored_notice`]); only a copy inside a reply's
    /// [`Reply::elsewhere`] writes its own.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub platform: String,
    /// What to post.
    pub reply: Reply,
    /// For an engine move posted on its own: the command the engine would have typed, which a
    /// transcript (the console) prints before the answer, as if the engine had typed it. `None`
    /// for deadlines, and for engine moves merged into one message (the chat platforms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
}

/// A command line as someone would have typed it, for transcripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Said {
    /// The speaker's display name (`skald`).
    pub by: String,
    /// The line (`move #3 f2-f5`).
    pub line: String,
}

/// Discord's longest channel (thread) name, the shortest limit of the platforms.
pub const NAME_MAX_CHARS: usize = 100;

/// A new game that may be given a channel of its own by the adapter posting the
/// announcement that names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnChannel {
    /// The game's number.
    pub game: u64,
    /// Where the game is now (the announcement's channel): a move applies only from here.
    pub from: ChannelId,
    /// A name for its channel, at most [`NAME_MAX_CHARS`] characters:
    /// `Hnefatafl 11x11 – alice v bob`.
    pub name: String,
    /// What to post first in its channel: which game it is, whose move, the board, and
    /// both players pinged.
    pub opening: Reply,
}
