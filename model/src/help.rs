//! What `help` and `rules` say: the commands with their usage lines and summaries, one
//! command in detail, the rule sets, and each game in a few lines. The words are in the
//! message files (`commands.ftl`, `rules_summary.ftl`); usage lines, examples, rule set ids
//! and names are the same in every language.

use crate::command::{COMMANDS, info};
use skald_lang::{Text, t};
use skald_rules::RuleSetId;

/// Indents the items of a list under its title (layout, the same in every language).
const INDENT: &str = "  ";

/// `help` (every command, one line each) and `help <command>` (its usage line, what it does,
/// more detail and an example).
pub fn help_text(topic: Option<&str>) -> Text {
    match topic.and_then(info) {
        Some(c) => {
            let mut text = t!("help-command", usage = c.usage, summary = c.summary());
            if let Some(detail) = c.detail() {
                text.line(detail);
            }
            text.line(t!("help-example", example = c.example));
            text
        }
        None => {
            let mut text = t!("help-list-title");
            for c in COMMANDS {
                text.line(Text::verbatim(INDENT).then(t!(
                    "help-list-item",
                    usage = c.usage,
                    summary = c.summary()
                )));
            }
            text.line(t!("help-list-ids"));
            text
        }
    }
}

/// `rules`: the rule sets with the other words accepted for them.
pub fn rule_sets_text() -> Text {
    let mut text = t!("rules-summary-title");
    for r in RuleSetId::ALL {
        let aliases: Vec<&str> = r
            .aliases()
            .iter()
            .copied()
            .filter(|a| *a != r.id())
            .collect();
        text.line(Text::verbatim(INDENT).then(t!(
            "rules-summary-item",
            id = r.id(),
            name = skald_lang::rule_set_name(r),
            aliases = aliases.join(", ")
        )));
    }
    text
}

/// `rules <rule-set>`: the game in a few lines, with its move notation.
pub fn rules_text(rule_set: RuleSetId) -> Text {
    let mut text = t!(
        "rules-summary-heading",
        name = skald_lang::rule_set_name(rule_set),
        id = rule_set.id()
    );
    text.line(skald_lang::rule_set_summary(rule_set));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_lang::Lang;

    #[test]
    fn help_lists_every_command_and_details_one() {
        let all = help_text(None).en();
        for c in COMMANDS {
            assert!(all.contains(c.usage), "{}", c.name);
        }
        let one = help_text(Some("arrange")).en();
        assert!(one.contains("i9 h9 g9") && one.contains("example"), "{one}");
    }

    #[test]
    fn english_help_reads_as_before() {
        assert_eq!(
            help_text(Some("abort")).en(),
            "`abort [#id]`: end a game without result, until both players have moved once.\n\
             No rating changes.\nexample: `abort #4`"
        );
        assert_eq!(
            help_text(Some("help")).en(),
            "`help [command]`: this list, or one command in detail.\nexample: `help challenge`"
        );
        let all = help_text(None).en();
        assert!(
            all.starts_with(
                "Commands (`help <command>` for more):\n  `challenge <rule-set> [@user | @player"
            ),
            "{all}"
        );
        assert!(
            all.ends_with(
                "\n  `help [command]` - this list, or one command in detail\n\
                 Game and challenge numbers (#id) may be left out when only one fits."
            ),
            "{all}"
        );
    }

    #[test]
    fn a_command_is_explained_in_french() {
        let one = help_text(Some("vacation")).render(Lang::Fr);
        assert_eq!(
            one,
            "`vacation <days>`\u{a0}: suspendre vos pendules quelques jours (14 au plus par \
             année civile).\nAjoute ces jours à vos délais en cours\u{a0}; les tours qui vous \
             reviennent pendant les vacances commencent à compter à leur fin.\n\
             exemple\u{a0}: `vacation 5`"
        );
        let all = help_text(None).render(Lang::Fr);
        assert!(
            all.starts_with("Commandes (`help <command>` pour en savoir plus)\u{a0}:\n"),
            "{all}"
        );
        for c in COMMANDS {
            assert!(
                all.contains(c.usage) && all.contains(&c.summary().render(Lang::Fr)),
                "{}",
                c.name
            );
        }
    }

    #[test]
    fn rules_cover_every_rule_set() {
        for lang in Lang::ALL {
            let sets = rule_sets_text().render(lang);
            for r in RuleSetId::ALL {
                let one = rules_text(r).render(lang);
                assert!(one.contains(r.id()), "{lang} {r}: {one}");
                assert!(one.contains('`'), "{lang} {r}: the notation, {one}");
                let name = skald_lang::rule_set_name(r).render(lang);
                assert!(sets.contains(&name), "{lang}: {sets}");
            }
        }
        assert!(
            rules_text(RuleSetId::Hnefatafl13)
                .en()
                .starts_with("Hnefatafl 13x13 (`hnefatafl-13`):\nThe attackers move first")
        );
        assert!(
            rules_text(RuleSetId::Subulata)
                .render(Lang::Fr)
                .contains("tuile d'arrivée")
        );
    }
}
