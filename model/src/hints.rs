//! Commands named in a text a player reads ("`accept #1`", "`help <command>`"), found so
//! each adapter can write them as its platform gives commands: the console as typed,
//! Matrix with its prefix (`!skald accept #1`), Discord as its slash command with options
//! (`/accept game:1`) or the button that does it. The session writes every command it
//! suggests between backticks, starting with a command's name or alias; this is where that
//! convention is read, once for every adapter.

use crate::command::{self, ArgKind, ArgValue, Command, CommandInfo, subcommand};
use skald_lang::Lang;

/// One command named in a text.
#[derive(Clone, Debug)]
pub struct Named<'a> {
    /// What is between the backticks, as the session wrote it.
    pub text: &'a str,
    /// The command it names.
    pub info: &'static CommandInfo,
    /// The command, when the text is a whole command line (`accept #1`) rather than a
    /// pattern (`challenge <rule-set>`).
    pub command: Option<Command>,
    /// Whether the text is the command's usage line (`move [#id] <move> [<move> ...]`).
    pub usage: bool,
}

/// `text` with each backticked command (backticks included) replaced by what `write` makes
/// of it, or kept when `write` gives `None`; other backticked text is kept as it is.
pub fn rewrite(text: &str, write: &mut dyn FnMut(&Named<'_>) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        match named(inner).and_then(|n| write(&n)) {
            Some(written) => out.push_str(&written),
            None => {
                out.push('`');
                out.push_str(inner);
                out.push('`');
            }
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The command a backticked text names, if it starts with a command word.
fn named(inner: &str) -> Option<Named<'_>> {
    let word = inner.split_whitespace().next()?.to_lowercase();
    let info = command::lookup(&word)?;
    let pattern = inner.contains(['<', '[', '|']);
    Some(Named {
        text: inner,
        info,
        command: if pattern {
            None
        } else {
            command::parse(inner).ok()
        },
        usage: inner == info.usage,
    })
}

/// A command as Discord's slash command with its options (`/move game:3 move:f2-f5`), named
/// as a reader of `lang` sees them (`/jouer partie:3 coup:f2-f5`): the game number, rule set,
/// user, text and engine level always, other options only when the line names them (a line
/// leaves defaults out). A choice shows its label, as Discord does.
///
/// A command with actions (`tournament join #3`) is written as its subcommand
/// (`/tournament join tournament:3`, `/tournoi rejoindre tournoi:3`).
pub fn slash_line(info: &CommandInfo, cmd: &Command, written: &str, lang: Lang) -> String {
    let words: Vec<String> = written.split_whitespace().map(str::to_lowercase).collect();
    let mut line = format!("/{}", info.slash_name(lang));
    let (defined, args) = match subcommand::typed(cmd) {
        Some((sub, args)) => {
            line.push_str(&format!(" {}", sub.slash_name(lang)));
            (sub.args, args)
        }
        None => (info.args, cmd.args()),
    };
    for arg in defined {
        let Some(v) = args.get(arg.name) else {
            continue;
        };
        let essential = matches!(
            arg.kind,
            ArgKind::GameId | ArgKind::RuleSet | ArgKind::User | ArgKind::Text { .. }
        ) || matches!(v, ArgValue::Level(_));
        if !essential && !words.contains(&arg.text_of(v).to_lowercase()) {
            continue;
        }
        let shown = match v {
            ArgValue::Id(n) => n.to_string(),
            ArgValue::Flag(b) => {
                skald_lang::render_message(lang, if *b { "choice-yes" } else { "choice-no" }, &[])
            }
            ArgValue::User(_) => arg.text_of(v),
            _ => arg.label_of(v, lang),
        };
        line.push_str(&format!(" {}:{shown}", arg.option_name(lang)));
    }
    line
}

/// A pattern (`help <command>`, `challenge <rule-set>`) as Discord's command with the
/// options its placeholders stand for (`/help command`, `/challenge rule_set`; in French
/// `/aide commande`).
///
/// A command with actions whose pattern names one (`tournament remove @user`) is written as
/// that subcommand with the options its placeholders stand for.
pub fn slash_pattern(info: &CommandInfo, written: &str, lang: Lang) -> String {
    let mut line = format!("/{}", info.slash_name(lang));
    let mut words = written.split_whitespace().skip(1);
    if let Some(sub) = words
        .clone()
        .next()
        .and_then(|w| subcommand::find(info.name, &w.to_lowercase()))
    {
        line.push_str(&format!(" {}", sub.slash_name(lang)));
        for word in words.by_ref().skip(1) {
            let name = word
                .trim_matches(|c: char| !c.is_alphanumeric())
                .replace('-', "_");
            if let Some(arg) = sub.args.iter().find(|a| a.name == name) {
                line.push_str(&format!(" {}", arg.option_name(lang)));
            }
        }
        return line;
    }
    for word in written.split_whitespace().skip(1) {
        let name = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .replace('-', "_");
        if let Some(arg) = info.args.iter().find(|a| a.name == name) {
            line.push_str(&format!(" {}", arg.option_name(lang)));
        }
    }
    line
}

/// A command's usage as Discord shows its options to a reader of `lang`: required ones by
/// name, optional ones in brackets (`/move move [game]`, `/jouer coup [partie]`).
///
/// A command with actions lists them (`/tournament create | join | …`).
pub fn slash_usage(info: &CommandInfo, lang: Lang) -> String {
    let mut line = format!("/{}", info.slash_name(lang));
    let subs = subcommand::of(info.name);
    if !subs.is_empty() {
        let names: Vec<String> = subs.iter().map(|s| s.slash_name(lang)).collect();
        line.push_str(&format!(" {}", names.join(" | ")));
        return line;
    }
    subcommand::push_options(&mut line, info.args, lang);
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discord(text: &str) -> String {
        discord_in(text, Lang::En)
    }

    fn discord_in(text: &str, lang: Lang) -> String {
        rewrite(text, &mut |n| {
            Some(format!(
                "`{}`",
                match (&n.command, n.usage) {
                    (_, true) => slash_usage(n.info, lang),
                    (Some(c), _) => slash_line(n.info, c, n.text, lang),
                    (None, _) => slash_pattern(n.info, n.text, lang),
                }
            ))
        })
    }

    #[test]
    fn a_french_reader_gets_the_french_slash_commands() {
        assert_eq!(
            discord_in("@bob : `accept #1` ou `decline #1`.", Lang::Fr),
            "@bob : `/accepter partie:1` ou `/refuser partie:1`."
        );
        assert_eq!(
            discord_in("`challenge tafl @bob first casual days:5`", Lang::Fr),
            "`/défier jeu:Hnefatafl 11x11 adversaire:@bob camp:premier classée:Faux jours:5`"
        );
        assert_eq!(
            discord_in("`challenge tafl @skald hard`", Lang::Fr),
            "`/défier jeu:Hnefatafl 11x11 adversaire:@skald niveau:difficile`"
        );
        assert_eq!(
            discord_in(
                "`move [#id] <move> [<move> ...]` `help <command>`",
                Lang::Fr
            ),
            "`/jouer coup [partie]` `/aide commande`"
        );
    }

    #[test]
    fn commands_between_backticks_are_found_and_nothing_else() {
        assert_eq!(
            discord("@bob: `accept #1` or `decline #1`."),
            "@bob: `/accept game:1` or `/decline game:1`."
        );
        assert_eq!(
            discord("`move #3 f2-f5` or `play e2`"),
            "`/move move:f2-f5 game:3` or `/move move:e2`"
        );
        assert_eq!(
            discord("`challenge tafl @bob first days:5` then `challenge <rule-set>`"),
            "`/challenge rule_set:Hnefatafl 11x11 opponent:@bob seat:first days:5` then `/challenge rule_set`"
        );
        assert_eq!(
            discord("usage: `move [#id] <move> [<move> ...]`"),
            "usage: `/move move [game]`"
        );
        // A command with actions as its subcommand, a pattern naming one as its options,
        // its usage as the list of actions.
        assert_eq!(
            discord("`tournament join #3` or `tournament create tafl swiss rounds:5 max:8`"),
            "`/tournament join tournament:3` or `/tournament create rule_set:Hnefatafl 11x11 system:Swiss rounds:5 max:8`"
        );
        assert_eq!(
            discord_in("`league tafl start casual`", Lang::Fr),
            "`/ligue lancer jeu:Hnefatafl 11x11 classée:Faux`"
        );
        assert_eq!(
            discord("`tournament remove @bob` (`tournament remove <user>`)"),
            "`/tournament remove user:@bob` (`/tournament remove user`)"
        );
        assert_eq!(
            discord(&format!(
                "usage: `{}`",
                command::info("tournament").map_or("", |c| c.usage)
            )),
            "usage: `/tournament create | join | leave | start | remove | standings`"
        );
        // Code that names no command, and a lone backtick, stay as written.
        assert_eq!(discord("`e2-e4` and ` lone"), "`e2-e4` and ` lone");
    }
}
