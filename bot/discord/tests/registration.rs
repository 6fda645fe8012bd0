//! The Discord adapter's slash commands as Discord receives them: every command of the
//! session's table registered with its arguments (or, for a command with actions, its
//! subcommands with theirs), in English and French.

use skald_discord::commands::{all, clock_label, registrations};
use skald_session::Lang;
use skald_session::command::{self, Arg, ArgKind, subcommand};

/// Each registered command's option lists to check against definitions: the command's own
/// options and arguments, or, for a command with subcommands, each subcommand's (after
/// checking the subcommands are exactly the definitions', in order). `what` names each list.
fn option_lists(
    spec: &command::CommandInfo,
    reg: &serde_json::Value,
) -> Vec<(String, Vec<serde_json::Value>, &'static [Arg])> {
    let options = reg["options"].as_array().cloned().unwrap_or_default();
    let subs = subcommand::of(spec.name);
    if subs.is_empty() {
        return vec![(format!("/{}", spec.name), options, spec.args)];
    }
    let names: Vec<&str> = options.iter().filter_map(|o| o["name"].as_str()).collect();
    let defined: Vec<&str> = subs.iter().map(|s| s.name).collect();
    assert_eq!(names, defined, "/{}", spec.name);
    options
        .iter()
        .zip(subs)
        .map(|(o, sub)| {
            assert_eq!(o["type"], 1, "/{} {} is a subcommand", spec.name, sub.name);
            let inner = o["options"].as_array().cloned().unwrap_or_default();
            (format!("/{} {}", spec.name, sub.name), inner, sub.args)
        })
        .collect()
}

/// Every command of the session's table is registered once, with exactly its arguments as
/// options (names, types, required, choices, bounds, completion), and routed by name; a
/// command with actions has exactly its subcommands, each with exactly its arguments.
#[test]
fn every_command_is_registered_with_its_arguments() {
    let registered = serde_json::to_value(registrations()).expect("serialisable");
    let registered = registered.as_array().expect("a list");
    assert_eq!(registered.len(), 33);
    assert_eq!(registered.len(), command::COMMANDS.len());
    let routed = all();
    for (spec, reg) in command::COMMANDS.iter().zip(registered) {
        assert_eq!(reg["name"], spec.name);
        assert!(routed.iter().any(|c| c.name == spec.name));
        for (what, options, args) in option_lists(spec, reg) {
            let names: Vec<&str> = options.iter().filter_map(|o| o["name"].as_str()).collect();
            let defined: Vec<&str> = args.iter().map(|a| a.name).collect();
            assert_eq!(names, defined, "{what}");
            for (o, a) in options.iter().zip(args) {
                assert_eq!(o["required"], a.required, "{what} {}", a.name);
                assert_eq!(o["autocomplete"], a.complete.offered(), "{what} {}", a.name);
                let labels: Vec<&str> = o["choices"]
                    .as_array()
                    .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
                    .unwrap_or_default();
                assert_eq!(labels, a.kind.choices(), "{what} {}", a.name);
                if let ArgKind::Number { min, max, .. } = a.kind {
                    assert_eq!(
                        (o["min_value"].clone(), o["max_value"].clone()),
                        (min.into(), max.into())
                    );
                }
            }
        }
    }
    let challenge = &registered[0]["options"];
    for (i, name) in ["rule_set", "opponent", "seat", "ranked", "days", "level"]
        .iter()
        .enumerate()
    {
        assert_eq!(challenge[i]["name"], *name);
    }
    // Choices are numbered by their place in the session's list (clients cache them).
    assert_eq!(challenge[0]["choices"][5]["value"], 5);
    assert_eq!(challenge[0]["choices"][5]["name"], "Daldøsa");
}

/// A French Discord shows every command, option and choice in French: each carries its
/// `fr` name and description, within Discord's limits, and the routed commands too.
#[test]
fn every_command_option_and_choice_is_registered_in_french() {
    let registered = serde_json::to_value(registrations()).expect("serialisable");
    let registered = registered.as_array().expect("a list");
    let name_ok = |v: &serde_json::Value| {
        v.as_str().is_some_and(|s| {
            (1..=32).contains(&s.chars().count())
                && s.chars()
                    .all(|c| (c == '-' || c == '_' || c.is_alphanumeric()) && !c.is_uppercase())
        })
    };
    let text_ok = |v: &serde_json::Value| {
        v.as_str()
            .is_some_and(|s| (1..=100).contains(&s.chars().count()))
    };
    for (spec, reg) in command::COMMANDS.iter().zip(registered) {
        let fr = &reg["name_localizations"]["fr"];
        assert_eq!(fr, &spec.slash_name(Lang::Fr), "/{}", spec.name);
        assert!(name_ok(fr), "/{}: {fr}", spec.name);
        assert!(text_ok(&reg["description_localizations"]["fr"]));
        assert!(reg["name_localizations"].get("en-US").is_none());
        let subs = subcommand::of(spec.name);
        for (sub, o) in subs
            .iter()
            .zip(reg["options"].as_array().into_iter().flatten())
        {
            let what = format!("/{} {}", spec.name, sub.name);
            assert_eq!(
                o["name_localizations"]["fr"],
                sub.slash_name(Lang::Fr),
                "{what}"
            );
            assert!(name_ok(&o["name_localizations"]["fr"]), "{what}");
            assert!(text_ok(&o["description_localizations"]["fr"]), "{what}");
        }
        for (list, options, args) in option_lists(spec, reg) {
            let sub = subs
                .iter()
                .find(|s| list.ends_with(&format!(" {}", s.name)));
            for (o, a) in options.iter().zip(args) {
                let what = format!("{list} {}", a.name);
                assert_eq!(
                    o["name_localizations"]["fr"],
                    a.option_name(Lang::Fr),
                    "{what}"
                );
                assert!(name_ok(&o["name_localizations"]["fr"]), "{what}");
                let d = &o["description_localizations"]["fr"];
                let described = match sub {
                    Some(sub) => sub.arg_description(a),
                    None => spec.arg_description(a),
                };
                assert_eq!(d, &described.render(Lang::Fr), "{what}");
                assert!(text_ok(d), "{what}: {d}");
                let choices = o["choices"].as_array().cloned().unwrap_or_default();
                for (c, label) in choices.iter().zip(a.kind.choice_labels(Lang::Fr)) {
                    let shown = c["name_localizations"]["fr"].as_str().unwrap_or(
                        // A label the same in every language is not repeated.
                        c["name"].as_str().unwrap_or_default(),
                    );
                    assert_eq!(shown, label, "{what}");
                }
            }
        }
    }
    let challenge = &registered[0];
    assert_eq!(challenge["name_localizations"]["fr"], "défier");
    assert_eq!(challenge["options"][2]["name_localizations"]["fr"], "camp");
    assert_eq!(
        challenge["options"][2]["choices"][2]["name_localizations"]["fr"],
        "au hasard"
    );
    assert_eq!(
        challenge["options"][5]["choices"][2]["name_localizations"]["fr"],
        "difficile"
    );
    let routed = all();
    let mv = routed.iter().find(|c| c.name == "move").expect("routed");
    assert!(
        mv.name_localizations
            .iter()
            .any(|(l, n)| l == "fr" && n == "jouer")
    );
    assert!(
        mv.parameters[0]
            .name_localizations
            .iter()
            .any(|(l, n)| l == "fr" && n == "coup")
    );
}

#[test]
fn the_common_time_controls_are_described_in_every_language() {
    for (code, _) in skald_session::time_control::COMMON {
        assert_eq!(
            clock_label(code, Lang::En),
            skald_session::time_control::COMMON
                .iter()
                .find(|c| c.0 == code)
                .map_or("", |c| c.1)
        );
        let fr = clock_label(code, Lang::Fr);
        assert!(fr.starts_with(code) && fr.chars().count() <= 100, "{fr}");
        assert_ne!(fr, clock_label(code, Lang::En));
    }
}
