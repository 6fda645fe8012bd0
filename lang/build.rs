//! Finds the languages: one directory of message files per language under `locales/`
//! (`locales/fr/…`), so adding a language is adding a directory. Writes the `Lang` enum and
//! the list of files (embedded in the binary) into `$OUT_DIR/languages.rs`, and refuses to
//! build when a language lacks a file English has, or has one English lacks.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What `locales/<code>/language.ftl` says of its language.
struct Language {
    code: String,
    native_name: String,
    discord_locales: Vec<String>,
    date_style: String,
    files: BTreeMap<String, PathBuf>,
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let locales = root.join("locales");
    println!("cargo:rerun-if-changed={}", locales.display());
    let mut languages: Vec<Language> = std::fs::read_dir(&locales)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", locales.display()))
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| read_language(&e.path()))
        .collect();
    // English first: the default, and the fallback of a message a language lacks.
    languages.sort_by_key(|l| (l.code != "en", l.code.clone()));
    let Some(english) = languages.first().filter(|l| l.code == "en") else {
        panic!("locales/en is missing: English is every other language's reference");
    };
    for l in &languages {
        println!("cargo:rerun-if-changed={}", locales.join(&l.code).display());
        let theirs: Vec<&String> = l.files.keys().collect();
        let ours: Vec<&String> = english.files.keys().collect();
        assert!(
            theirs == ours,
            "locales/{} has the files {theirs:?}; every language has English's: {ours:?}",
            l.code
        );
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("languages.rs"), generate(&languages))
        .unwrap_or_else(|e| panic!("cannot write languages.rs: {e}"));
}

/// A language's directory: its `.ftl` files and what `language.ftl` says.
fn read_language(dir: &Path) -> Language {
    let code = dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_string();
    assert!(
        !code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
        "locales/{code}: a language's directory is named by its code, like `fr` or `pt-BR`"
    );
    let files: BTreeMap<String, PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .filter_map(|p| Some((p.file_name()?.to_str()?.to_string(), p.clone())))
        .collect();
    let about = files
        .get("language.ftl")
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| panic!("locales/{code}/language.ftl is missing"));
    let value = |id: &str| -> String {
        about
            .lines()
            .find_map(|line| {
                let (key, value) = line.split_once('=')?;
                (key.trim() == id).then(|| value.trim().to_string())
            })
            .unwrap_or_else(|| panic!("locales/{code}/language.ftl has no `{id} = …`"))
    };
    Language {
        native_name: value("language-native-name"),
        discord_locales: value("language-discord-locales")
            .split_whitespace()
            .map(String::from)
            .collect(),
        date_style: value("language-date-style"),
        code,
        files,
    }
}

/// `fr` → `Fr`, `pt-BR` → `PtBr`.
fn variant(code: &str) -> String {
    code.split('-')
        .map(|part| {
            let mut chars = part.chars();
            match chars.next() {
                Some(first) => {
                    first.to_ascii_uppercase().to_string() + &chars.as_str().to_ascii_lowercase()
                }
                None => String::new(),
            }
        })
        .collect()
}

fn generate(languages: &[Language]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "/// A language Skald has message files for: one per directory of `lang/locales/`.\n\
         #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]\n\
         pub enum Lang {{"
    );
    for (i, l) in languages.iter().enumerate() {
        let _ = writeln!(s, "    /// {} (`{}`).", l.native_name, l.code);
        if i == 0 {
            let _ = writeln!(s, "    #[default]");
        }
        let _ = writeln!(
            s,
            "    #[serde(rename = {:?})]\n    {},",
            l.code,
            variant(&l.code)
        );
    }
    let _ = writeln!(s, "}}\n");
    let _ = writeln!(
        s,
        "/// Every language, English first: `(language, code, native name, Discord's locale \
         names, date style)`.\n\
         const LANGUAGES: [(Lang, &str, &str, &[&str], DateStyle); {}] = [",
        languages.len()
    );
    for l in languages {
        let style = match l.date_style.as_str() {
            "iso" => "Iso",
            "day-month-name" => "DayMonthName",
            other => panic!(
                "locales/{}/language.ftl: language-date-style `{other}`; expected `iso` or \
                 `day-month-name`",
                l.code
            ),
        };
        let _ = writeln!(
            s,
            "    (Lang::{}, {:?}, {:?}, &{:?}, DateStyle::{style}),",
            variant(&l.code),
            l.code,
            l.native_name,
            l.discord_locales
        );
    }
    let _ = writeln!(s, "];\n");
    let _ = writeln!(
        s,
        "/// The message files: `(language, file name, contents)`.\n\
         pub(crate) const FILES: &[(Lang, &str, &str)] = &["
    );
    for l in languages {
        for (name, path) in &l.files {
            let _ = writeln!(
                s,
                "    (Lang::{}, {name:?}, include_str!({:?})),",
                variant(&l.code),
                path.display().to_string()
            );
        }
    }
    let _ = writeln!(s, "];");
    s
}
