//! Every language has every message with the same arguments, and every file reads cleanly.

use super::FILES;
use crate::Lang;
use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Message (and `message.attribute`) ids of one file, each with the variables its pattern
/// uses and the messages it refers to.
type Shape = BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>;

fn shape(file: &str, source: &str) -> Shape {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{file}: syntax errors {errors:?}"));
    let mut shape = Shape::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                let id = m.id.name;
                if let Some(value) = &m.value {
                    shape.insert(id.to_string(), used(value));
                }
                for a in &m.attributes {
                    shape.insert(format!("{id}.{}", a.id.name), used(&a.value));
                }
            }
            Entry::Junk { content } => panic!("{file}: unreadable entry {content:?}"),
            _ => {}
        }
    }
    shape
}

fn used(pattern: &Pattern<&str>) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut vars = BTreeSet::new();
    let mut refs = BTreeSet::new();
    walk_pattern(pattern, &mut vars, &mut refs);
    (vars, refs)
}

fn walk_pattern(p: &Pattern<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            walk_expression(expression, vars, refs);
        }
    }
}

fn walk_expression(e: &Expression<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            walk_inline(selector, vars, refs);
            for v in variants {
                walk_pattern(&v.value, vars, refs);
            }
        }
        Expression::Inline(i) => walk_inline(i, vars, refs),
    }
}

fn walk_inline(
    i: &InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    refs: &mut BTreeSet<String>,
) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::MessageReference { id, attribute } => {
            refs.insert(match attribute {
                Some(a) => format!("{}.{}", id.name, a.name),
                None => id.name.to_string(),
            });
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            walk_arguments(arguments, vars, refs)
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => walk_arguments(arguments, vars, refs),
        InlineExpression::Placeable { expression } => walk_expression(expression, vars, refs),
        _ => {}
    }
}

fn walk_arguments(
    a: &ast::CallArguments<&str>,
    vars: &mut BTreeSet<String>,
    refs: &mut BTreeSet<String>,
) {
    for p in &a.positional {
        walk_inline(p, vars, refs);
    }
    for n in &a.named {
        walk_inline(&n.value, vars, refs);
    }
}

fn shapes(lang: Lang) -> BTreeMap<&'static str, Shape> {
    FILES
        .iter()
        .filter(|(l, _, _)| *l == lang)
        .map(|(_, name, source)| (*name, shape(name, source)))
        .collect()
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let english = shapes(Lang::En);
    assert!(!english.is_empty());
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let other = shapes(lang);
        for (file, en) in &english {
            let Some(theirs) = other.get(file) else {
                panic!("{lang} has no {file}");
            };
            let missing: Vec<_> = en.keys().filter(|k| !theirs.contains_key(*k)).collect();
            let extra: Vec<_> = theirs.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang}/{file} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{lang}/{file} has ids English lacks: {extra:?}"
            );
            for (id, (vars, _)) in en {
                let (their_vars, _) = &theirs[id];
                assert_eq!(
                    vars, their_vars,
                    "{lang}/{file}: {id} takes other arguments"
                );
            }
        }
    }
}

#[test]
fn ids_are_unique_and_references_resolve() {
    for lang in Lang::ALL {
        let mut all = BTreeMap::new();
        for (file, shape) in shapes(lang) {
            for (id, _) in shape.iter() {
                if let Some(previous) = all.insert(id.clone(), file) {
                    panic!("{lang}: {id} is in both {previous} and {file}");
                }
            }
        }
        for (_, shape) in shapes(lang) {
            for (id, (_, refs)) in shape {
                for r in refs {
                    assert!(all.contains_key(&r), "{lang}: {id} refers to missing {r}");
                }
            }
        }
    }
}

#[test]
fn lists_are_written_in_the_readers_language() {
    use crate::Text;
    let items = |n: usize| Text::list((1..=n).map(|i| Text::verbatim(i.to_string())));
    assert_eq!(items(1).render(Lang::En), "1");
    assert_eq!(items(2).render(Lang::En), "1 and 2");
    assert_eq!(items(3).render(Lang::En), "1, 2 and 3");
    assert_eq!(items(3).render(Lang::Fr), "1, 2 et 3");
}

#[test]
fn arguments_and_lines_render_in_place() {
    use crate::{Text, t};
    let mut text = t!("list-last", head = "a", last = Text::verbatim("b"));
    text.line(Text::verbatim("next"));
    text.line(Text::new());
    assert_eq!(text.render(Lang::Fr), "a et b\nnext");
    assert_eq!(text.message_ids(), vec!["list-last"]);
}

/// Dates as each language writes them: ISO digits in English; in French the day (the first
/// of the month as "1er"), the month's name, no line break inside.
#[test]
fn dates_are_written_as_each_language_writes_them() {
    use crate::{DateTime, Text};
    let at = |day, month| {
        Text::date_time(DateTime {
            year: 2025,
            month,
            day,
            hour: 8,
            minute: 7,
        })
    };
    assert_eq!(at(1, 1).render(Lang::En), "2025-01-01 08:07 UTC");
    assert_eq!(
        at(1, 1).render(Lang::Fr),
        "1er\u{a0}janvier\u{a0}2025 à\u{a0}08\u{a0}h\u{a0}07\u{a0}UTC"
    );
    assert_eq!(
        at(28, 11).render(Lang::Fr),
        "28\u{a0}novembre\u{a0}2025 à\u{a0}08\u{a0}h\u{a0}07\u{a0}UTC"
    );
}
