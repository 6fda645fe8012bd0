//! No sentence a player reads is written in the code: every one is a message of the files.
//!
//! `Text` can only be built from messages (`t!`) or from `Text::verbatim`, which is for words
//! the same in every language (names, notation, punctuation); there is no conversion from a
//! `String`. So a sentence in the code would be a string literal given to `Text::verbatim`,
//! or one an adapter posts itself (Discord's `.content(…)`, Matrix's `notice_plain(…)` and
//! the like): this test reads the code players' texts are built in and refuses any.

use std::path::{Path, PathBuf};

/// The crates whose code builds what players read.
const SOURCES: &[&str] = &[
    "session/src",
    "bot/src/console.rs",
    "bot/discord/src",
    "bot/matrix/src",
    "render/src",
    "lang/src",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.extension().is_some_and(|x| x == "rs") {
        out.push(dir.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its test module, and whether the whole file is tests.
fn production_code(path: &Path, source: &str) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    // A `tests/` folder inside a crate's `src/` holds only test modules.
    let in_tests_folder = path
        .iter()
        .skip_while(|c| *c != "src")
        .any(|c| c == "tests");
    if in_tests_folder || name == "tests.rs" {
        return None;
    }
    Some(match source.find("#[cfg(test)]") {
        Some(i) => source[..i].to_string(),
        None => source.to_string(),
    })
}

/// The calls whose string argument a player reads as it is.
const SHOWN_AS_IS: &[&str] = &[
    "Text::verbatim(",
    ".content(",
    "notice_plain(",
    "text_plain(",
    "notice_markdown(",
    "text_markdown(",
    "notice_html(",
    "text_html(",
];

/// The string literals given directly to any of [`SHOWN_AS_IS`] in `code`.
fn verbatim_literals(code: &str) -> Vec<String> {
    SHOWN_AS_IS
        .iter()
        .flat_map(|call| literals_after(code, call))
        .collect()
}

/// The string literals given directly to `call` in `code`.
fn literals_after(code: &str, call: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(call) {
        rest = &rest[i + call.len()..];
        let arg = rest.trim_start();
        let arg = arg.strip_prefix("format!(").unwrap_or(arg).trim_start();
        if let Some(body) = arg.strip_prefix('"') {
            let mut lit = String::new();
            let mut chars = body.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        chars.next();
                        lit.push(' ');
                    }
                    '"' => break,
                    c => lit.push(c),
                }
            }
            out.push(lit);
        }
    }
    out
}

/// Whether a literal holds words of a sentence: two words of letters in a row.
fn has_sentence(lit: &str) -> bool {
    let words: Vec<&str> = lit.split_whitespace().collect();
    words.windows(2).any(|w| {
        w.iter()
            .all(|x| x.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !x.contains('{'))
    })
}

#[test]
fn no_sentence_is_written_in_the_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "the sources were found: {}", files.len());
    let mut found = Vec::new();
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(code) = production_code(&path, &source) else {
            continue;
        };
        for lit in verbatim_literals(&code) {
            if has_sentence(&lit) {
                found.push(format!("{}: {lit:?}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "sentences in the code (make them messages of lang/locales): {found:#?}"
    );
}

#[test]
fn the_scan_finds_a_sentence_given_to_verbatim() {
    let code = r#"let a = Text::verbatim(", "); let b = Text::verbatim(format!("you have {n} games left"));"#;
    let lits = verbatim_literals(code);
    assert_eq!(lits.len(), 2);
    let posted = verbatim_literals(r#"reply.content("Sorry, that failed; try again.")"#);
    assert!(posted.iter().any(|l| has_sentence(l)), "{posted:?}");
    assert!(!has_sentence(&lits[0]));
    assert!(has_sentence(&lits[1]));
    assert!(!has_sentence("{} ({})"));
    assert!(!has_sentence("@{}"));
}
