//! How a reply's choices look on Discord: buttons (accept, decline, the legal steps of a dice
//! turn or of a dice puzzle's answer, rematch) and "My pieces" for Subulata, a select menu
//! for a dice turn's many steps,
//! in rows within Discord's limits; and what a pressed id asks for. A button's custom id is
//! its typed command in the session's versioned encoding (`1:accept:4`, `1:move:w12+1:2`,
//! [`command::encode`]), decoded back to the command when pressed, so pressing it is the same
//! as using the command. A dice turn's steps come as buttons while they fit one row (five),
//! beyond that as a select menu (up to 25 options) whose option values are encoded the same
//! way, the other choices staying buttons. Ids posted before the encoding (a command line,
//! `accept #4`, `mine #3`) still work: they are read as the text grammar. A leaf: the replies
//! ([`crate::deliver`]) and the presses ([`crate::components`]) both use it.

use poise::serenity_prelude as serenity;
use skald_rules::Viewer;
use skald_session::command::{self, Command};
use skald_session::{Board, Choice, Lang, Reply, Text, t};

/// Discord's limits: 5 rows of 5 buttons, 80 characters a label, 100 a custom id.
const MAX_ROWS: usize = 5;
const MAX_BUTTONS: usize = 25;
/// The most steps of a dice turn offered as buttons: one row. More come as a select menu,
/// which stays one row on a phone whatever the number.
pub const STEPS_AS_BUTTONS: usize = 5;
const MAX_LABEL: usize = 80;
const MAX_ID: usize = 100;
/// The custom id prefix of "My pieces": `1:mine:3` asks for the presser's own view of game 3
/// (a Discord-only action, versioned like the session's encoding).
pub(crate) const MINE: &str = "1:mine:";
/// The same before the encoding: `mine #3`.
pub(crate) const OLD_MINE: &str = "mine ";
/// Discord's limit of options in a select menu (and its custom id here).
const MAX_OPTIONS: usize = 25;
const SELECT_ID: &str = "pick";

/// Whether a public board hides values its players can ask to see ("My pieces").
pub fn hides_values(board: &Board) -> bool {
    board.viewer == Viewer::Public && board.position.rule_set().has_hidden_information()
}

/// A choice's button label in `lang` (`Accepter`), as the buttons and the text naming them
/// ("press **Accept**") both show it.
pub fn label(choice: &Choice, lang: Lang) -> String {
    choice.label.render(lang)
}

/// The buttons for a reply, labelled in `lang` (the channel's): the answers (accept,
/// decline, rematch) and "My pieces" where values are hidden, then a dice turn's steps while
/// they fit one row of buttons ([`STEPS_AS_BUTTONS`]); more steps come as a select menu
/// ([`select`]).
pub fn buttons(reply: &Reply, lang: Lang) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for b in &reply.boards {
        if hides_values(b) {
            let mine = skald_lang::render_message(lang, "discord-button-mine", &[]);
            out.push((mine, format!("{MINE}{}", b.game)));
        }
    }
    let (steps, others) = split_steps(reply, lang);
    out.extend(others);
    if steps.len() <= STEPS_AS_BUTTONS {
        out.extend(steps);
    }
    // Discord refuses two buttons with one id (a rematch is offered to both players).
    let mut seen = std::collections::HashSet::new();
    out.retain(|(_, id)| seen.insert(id.clone()));
    out.truncate(MAX_BUTTONS);
    out
}

/// A dice turn's steps as a select menu when they are more than one row of buttons and fit
/// a menu (25 options); empty otherwise. More than 25 steps are typed with `/move` (which
/// completes them); the game's rule sets stay far below that.
pub fn select(reply: &Reply) -> Vec<(String, String)> {
    // The steps are moves, labelled the same in every language.
    let (steps, _) = split_steps(reply, Lang::En);
    if (STEPS_AS_BUTTONS + 1..=MAX_OPTIONS).contains(&steps.len()) {
        steps
    } else {
        Vec::new()
    }
}

/// A reply's choices as (label, encoded id): the moves, and the others.
type Labelled = Vec<(String, String)>;

/// The steps (move choices) and the other choices of a reply, each as (label in `lang`,
/// encoded id).
fn split_steps(reply: &Reply, lang: Lang) -> (Labelled, Labelled) {
    let (steps, others): (Vec<_>, Vec<_>) = reply
        .choices
        .iter()
        .filter_map(|c| action(c, lang))
        .partition(|(cmd, _, _)| {
            matches!(
                cmd,
                Command::Move { .. } | Command::Puzzle(command::PuzzleAsk::Answer(_))
            )
        });
    let plain = |v: Vec<(Command, String, String)>| -> Labelled {
        v.into_iter().map(|(_, label, id)| (label, id)).collect()
    };
    (plain(steps), plain(others))
}

/// A choice as a typed action: its command, its label in `lang` and the encoded id that
/// carries it; `None` when it does not fit Discord's limits.
fn action(c: &Choice, lang: Lang) -> Option<(Command, String, String)> {
    let cmd = c.command.clone();
    let id = command::encode(&cmd)?;
    let label = label(c, lang);
    (id.len() <= MAX_ID && label.chars().count() <= MAX_LABEL).then_some((cmd, label, id))
}

/// What a pressed id asks for, and whether it is "My pieces". An id that is no encoded action
/// is read as a command line: buttons posted before the encoding carry one.
pub(crate) fn pressed_action(id: &str) -> (Result<Command, Text>, bool) {
    if let Some(game) = id.strip_prefix(MINE) {
        let game = game.parse::<u64>().ok().filter(|&g| g > 0);
        let board = game.map(|g| Command::Board {
            game: Some(g),
            text: false,
        });
        return (board.ok_or_else(|| t!("discord-nothing-to-do")), true);
    }
    if let Some(game) = id.strip_prefix(OLD_MINE) {
        return (text(&format!("board {game}")), true);
    }
    match command::decode(id) {
        Some(cmd) => (Ok(cmd), false),
        None => (text(id), false),
    }
}

/// A command line, as buttons posted before the encoding carry one.
fn text(line: &str) -> Result<Command, Text> {
    command::parse(line).map_err(|e| e.text())
}

/// Buttons in rows of five (the steps of a dice turn in a row of their own, after the
/// others), then the select menu (if any, its placeholder in `lang`) in a row of its own: at
/// most Discord's five rows.
pub fn rows(
    buttons: &[(String, String)],
    select: &[(String, String)],
    lang: Lang,
) -> Vec<serenity::CreateActionRow> {
    let button_rows = if select.is_empty() {
        MAX_ROWS
    } else {
        MAX_ROWS - 1
    };
    let (steps, others): (Vec<_>, Vec<_>) = buttons
        .iter()
        .cloned()
        .partition(|(_, id)| matches!(command::decode(id), Some(Command::Move { .. })));
    let mut rows = button_rows_of(&others);
    rows.extend(button_rows_of(&steps));
    rows.truncate(button_rows);
    if !select.is_empty() {
        let options = select
            .iter()
            .map(|(label, line)| serenity::CreateSelectMenuOption::new(label, line))
            .collect();
        rows.push(serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                SELECT_ID,
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(skald_lang::render_message(lang, "discord-choose-move", &[])),
        ));
    }
    rows
}

fn button_rows_of(buttons: &[(String, String)]) -> Vec<serenity::CreateActionRow> {
    buttons
        .chunks(5)
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|(label, id)| {
                        serenity::CreateButton::new(id.clone())
                            .label(label.clone())
                            .style(style(id))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A button's colour by what it does (read from its id, whatever the language of its
/// label): accepting green, declining red, "My pieces" blue.
fn style(id: &str) -> serenity::ButtonStyle {
    if id.starts_with(MINE) || id.starts_with(OLD_MINE) {
        return serenity::ButtonStyle::Primary;
    }
    match command::decode(id) {
        Some(Command::Accept(_) | Command::Draw(_) | Command::Takeback(_)) => {
            serenity::ButtonStyle::Success
        }
        Some(Command::Decline(_)) => serenity::ButtonStyle::Danger,
        _ => serenity::ButtonStyle::Secondary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_session::{Choice, UserId};

    fn choice(label: &str, command: &str) -> Choice {
        Choice {
            label: skald_session::Text::verbatim(label),
            command: skald_session::command::parse(command).expect("a test choice parses"),
            for_user: Some(UserId::new("discord", "1")),
        }
    }

    /// The kinds of the rows Discord would show: `b<n>` a row of n buttons, `menu<n>` a
    /// select menu of n options.
    fn layout(r: &Reply) -> Vec<String> {
        let rows = serde_json::to_value(rows(&buttons(r, Lang::En), &select(r), Lang::En))
            .expect("serialisable");
        rows.as_array()
            .expect("rows")
            .iter()
            .map(|row| {
                let c = &row["components"];
                match c[0]["type"].as_u64() {
                    Some(3) => format!("menu{}", c[0]["options"].as_array().map_or(0, Vec::len)),
                    _ => format!("b{}", c.as_array().map_or(0, Vec::len)),
                }
            })
            .collect()
    }

    #[test]
    fn steps_are_buttons_in_one_row_then_a_menu_and_ids_are_unique() {
        let mut r = Reply::done(skald_session::Text::verbatim("x"));
        r.choices.push(choice("rematch", "rematch #1"));
        r.choices.push(choice("rematch", "rematch #1"));
        assert_eq!(
            buttons(&r, Lang::En),
            [("rematch".to_string(), "1:rematch:1".to_string())]
        );
        // Up to five steps: one row of buttons of their own, after the other choices.
        let mut r = Reply::done(skald_session::Text::verbatim("x"));
        r.choices.push(choice("decline", "decline #2"));
        for n in 0..5 {
            r.choices
                .push(choice(&format!("m{n}"), &format!("move #2 m{n}")));
        }
        assert_eq!(layout(&r), ["b1", "b5"]);
        assert!(select(&r).is_empty());
        // 6, 12 and 25 steps: one menu holding every step; the other choice stays a button.
        for steps in [6, 12, 25] {
            let mut r = Reply::done(skald_session::Text::verbatim("x"));
            r.choices.push(choice("decline", "decline #2"));
            for n in 0..steps {
                r.choices
                    .push(choice(&format!("m{n}"), &format!("move #2 m{n}")));
            }
            assert_eq!(layout(&r), ["b1".to_string(), format!("menu{steps}")]);
            assert_eq!(
                buttons(&r, Lang::En),
                [("decline".into(), "1:decline:2".into())]
            );
            // Each option's value is the step it names.
            for (n, (label, value)) in select(&r).iter().enumerate() {
                assert_eq!(label, &format!("m{n}"));
                assert_eq!(
                    pressed_action(value),
                    (
                        Ok(Command::Move {
                            game: Some(2),
                            moves: vec![format!("m{n}")]
                        }),
                        false
                    )
                );
            }
        }
        // More than a menu holds: typed with /move; the other choices stay.
        let mut r = Reply::done(skald_session::Text::verbatim("x"));
        r.choices.push(choice("decline", "decline #2"));
        for n in 0..26 {
            r.choices
                .push(choice(&format!("m{n}"), &format!("move #2 m{n}")));
        }
        assert_eq!(layout(&r), ["b1"]);
    }

    #[test]
    fn a_pressed_id_decodes_to_the_intended_command() {
        let mut r = Reply::done(skald_session::Text::verbatim("x"));
        r.choices.push(choice("w12+1", "move #2 w12+1"));
        r.choices.push(choice("accept", "accept #4"));
        for (_, id) in buttons(&r, Lang::En) {
            let (cmd, mine) = pressed_action(&id);
            let want = r
                .choices
                .iter()
                .find(|c| skald_session::command::encode(&c.command).is_some_and(|e| e == id))
                .expect("a choice per button")
                .command
                .clone();
            assert_eq!(cmd, Ok(want), "{id}");
            assert!(!mine);
        }
        assert_eq!(
            pressed_action("1:move:w12+1:2"),
            (
                Ok(Command::Move {
                    game: Some(2),
                    moves: vec!["w12+1".into()]
                }),
                false
            )
        );
        assert_eq!(
            pressed_action("1:mine:3"),
            (
                Ok(Command::Board {
                    game: Some(3),
                    text: false
                }),
                true
            )
        );
        // Ids posted before the encoding: command lines.
        assert_eq!(
            pressed_action("mine #3"),
            (
                Ok(Command::Board {
                    game: Some(3),
                    text: false
                }),
                true
            )
        );
        assert_eq!(
            pressed_action("accept #1"),
            (Ok(Command::Accept(Some(1))), false)
        );
        assert!(pressed_action("1:mine:x").0.is_err());
        assert!(pressed_action("nonsense").0.is_err());
    }
}
