//! The message files, loaded once: one Fluent bundle per language.

use crate::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::LazyLock;

/// The files: `(language, file name, contents)`, found by `build.rs` (every language has
/// the same files, or the crate does not build).
pub(crate) use crate::language::FILES;

/// An argument's value as the catalog takes it.
pub(crate) enum Value {
    Str(String),
    Int(i64),
}

struct Catalog {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let bundles = Lang::ALL
        .into_iter()
        .map(|lang| {
            let id = lang
                .code()
                .parse()
                .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Unicode isolation marks around arguments show as boxes or nothing in chat
            // clients; names and moves here are short and left-to-right.
            bundle.set_use_isolating(false);
            for (_, _, source) in FILES.iter().filter(|(l, _, _)| *l == lang) {
                // A file with a syntax error keeps the messages it could read (the tests
                // refuse any error); a duplicate id keeps the first.
                let resource = FluentResource::try_new(source.to_string())
                    .unwrap_or_else(|(partial, _)| partial);
                let _ = bundle.add_resource(resource);
            }
            (lang, bundle)
        })
        .collect();
    Catalog { bundles }
});

fn bundle(lang: Lang) -> Option<&'static FluentBundle<FluentResource>> {
    CATALOG
        .bundles
        .iter()
        .find(|(l, _)| *l == lang)
        .map(|(_, b)| b)
}

/// Whether `lang` has the message `id` (or `id.attribute`).
pub fn has_message(lang: Lang, id: &str) -> bool {
    let (message, attribute) = split_id(id);
    bundle(lang)
        .and_then(|b| b.get_message(message))
        .is_some_and(|m| match attribute {
            Some(a) => m.get_attribute(a).is_some(),
            None => m.value().is_some(),
        })
}

/// The message `id` in `lang` with string arguments: for adapters that need one string (a
/// command's localised description).
pub fn render_message(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, Value)> = args
        .iter()
        .map(|(k, v)| (*k, Value::Str(v.to_string())))
        .collect();
    format(lang, id, &args)
}

fn split_id(id: &str) -> (&str, Option<&str>) {
    match id.split_once('.') {
        Some((message, attribute)) => (message, Some(attribute)),
        None => (id, None),
    }
}

/// The message `id` (or `id.attribute`) in `lang`, in English if `lang` lacks it, and the id
/// itself if English lacks it too (the tests refuse both).
pub(crate) fn format(lang: Lang, id: &str, args: &[(&str, Value)]) -> String {
    let (message, attribute) = split_id(id);
    for lang in [lang, Lang::En] {
        let Some(bundle) = bundle(lang) else { continue };
        let Some(msg) = bundle.get_message(message) else {
            continue;
        };
        let pattern = match attribute {
            Some(a) => msg.get_attribute(a).map(|a| a.value()),
            None => msg.value(),
        };
        let Some(pattern) = pattern else { continue };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Value::Str(s) => fluent_args.set(*name, FluentValue::from(s.as_str())),
                Value::Int(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        debug_assert!(
            errors.is_empty(),
            "message {id} in {lang}: {errors:?} (arguments given: {:?})",
            args.iter().map(|(n, _)| n).collect::<Vec<_>>()
        );
        return text.into_owned();
    }
    debug_assert!(false, "no message {id}");
    id.to_string()
}

#[cfg(test)]
mod tests;
