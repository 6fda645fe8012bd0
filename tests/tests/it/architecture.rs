//! Architecture checks on the workspace's own source, read as text (std only, no parser crate).
//!
//! **Import circles.** For every crate of the workspace this builds a file-level import graph of
//! its `src/` and reports the files that need each other (strongly connected components of more
//! than one file). The project's rule: "A child module using its own parent's items is not the
//! problem; files that need each other are", so an edge from a module to one of its ancestors is
//! left out. Two measures:
//!
//! - *direct*: a path resolves to the file of its longest existing module prefix, so a name a
//!   module re-exports (`pub use x::Name`) counts as that module's;
//! - *through re-exports*: `use` bindings and glob imports are followed (depth-capped) to the
//!   file that defines the name. Every `use` is followed, not only `pub use`: a private import is
//!   what a child's `super::Name` reaches too, and it resolves to the same defining file.
//!
//! What counts as a reference: every `use` declaration (nested braces, `self`, `super`, `crate`,
//! uniform paths that start at a child module or an imported name) and every path written in
//! code with at least one `::` (`crate::x::y(..)`, `super::z::W`, `child::f()`). A path that only
//! names a module (`use crate::a;`) is no edge by itself; the items reached through it are.
//! A glob (`use super::*`) is an edge to the globbed module's file. Comments and string literals
//! are stripped first, so intra-doc links (`[`super::outlet`]`) do not count: they make no
//! compile dependency. The one kind of string kept is an exact path literal such as serde's
//! `#[serde(with = "crate::stored_notice::button_code")]`: the derive calls into that module.
//!
//! **Test code is left out.** Test modules may reach anywhere: code under `#[cfg(test)]` (the
//! `mod tests { .. }` blocks and any other `#[cfg(test)]` item), files named `tests.rs`, files
//! under a `tests/` folder inside `src/`, and files declared by a `#[cfg(test)] mod x;` are not
//! in the graph. (`#[cfg(any(test, feature = ..))]` code is kept: a feature compiles it.)
//!
//! A crate's `src/main.rs` next to a `src/lib.rs` is a crate root of its own (it reaches the
//! library by the package's name, an external path), so it is a node without edges.
//!
//! **The module map.** `docs/ARCHITECTURE.md` lists every non-test source file with one line
//! (`scripts/module-map` generates the list).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The import circles the tree has now, *direct* measure: (crate dir, the circle's files
/// relative to the crate dir, sorted). A circle not listed fails the test, and so does a listed
/// circle that is gone: remove it from here when you break it up.
#[rustfmt::skip]
const KNOWN_DIRECT: &[(&str, &[&str])] = &[
];

/// The import circles the tree has now, *through re-exports* measure (as [`KNOWN_DIRECT`]).
#[rustfmt::skip]
const KNOWN_THROUGH: &[(&str, &[&str])] = &[
];

/// How many `use` hops and glob lookups a resolution follows before it stops where it is: deep
/// enough for any real re-export chain, and it ends import cycles (`use super::*` both ways).
const MAX_DEPTH: usize = 16;

/// The path segment standing for a leading `::` (an external crate): no lookup ever finds it.
const EXTERN: &str = "{extern}";

/// The module path given to a binary root next to a library root: no path can name it.
const BIN_ROOT: &str = "{bin}";

// ------------------------------------------------------------------------------------------
// The workspace on disk
// ------------------------------------------------------------------------------------------

/// One crate of the workspace, as the scan sees it: the in-memory tests build these by hand.
struct CrateSource {
    /// The crate's directory relative to the repository root (`bot/port`).
    dir: String,
    /// Every `.rs` file under the crate's `src/`.
    files: Vec<SourceFile>,
}

/// One source file of a crate.
struct SourceFile {
    /// The path relative to the crate directory, with `/` separators (`src/cli/mod.rs`).
    rel: String,
    /// The file's text.
    text: String,
}

/// The repository root, one folder up from this test crate.
fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    here.canonicalize().expect("the repository root")
}

/// The workspace `members` of the root `Cargo.toml`, in their order.
fn workspace_members(root: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(root.join("Cargo.toml")).expect("the root Cargo.toml");
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("a `members` list");
    let start = manifest.find(line).expect("the `members` line");
    let open = start + manifest[start..].find('[').expect("`members = [`");
    let close = open + manifest[open..].find(']').expect("the end of `members`");
    manifest[open + 1..close]
        .split(',')
        .map(|item| item.trim().trim_matches('"').to_string())
        .filter(|item| !item.is_empty())
        .collect()
}

/// The crate directories the checks cover: members with a `Cargo.toml` and a `src/`, but not
/// `fuzz` (its own workspace, on nightly).
fn crate_dirs(root: &Path) -> Vec<String> {
    workspace_members(root)
        .into_iter()
        .filter(|dir| dir != "fuzz")
        .filter(|dir| {
            root.join(dir).join("Cargo.toml").is_file() && root.join(dir).join("src").is_dir()
        })
        .collect()
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rs_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(rs_files_under(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
    found
}

/// Reads one crate's `src/` from disk. Panics on a `#[path]` attribute: none exists today, and
/// the module paths here come from file paths alone, so such a file would be misplaced silently.
fn read_crate(root: &Path, dir: &str) -> CrateSource {
    let crate_dir = root.join(dir);
    let files = rs_files_under(&crate_dir.join("src"))
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a readable source file");
            let rel = path
                .strip_prefix(&crate_dir)
                .expect("under the crate")
                .to_string_lossy()
                .replace('\\', "/");
            assert!(
                !text.contains("#[path"),
                "{dir}/{rel} has a #[path] attribute: teach the import scan about it"
            );
            SourceFile { rel, text }
        })
        .collect();
    CrateSource {
        dir: dir.to_string(),
        files,
    }
}

/// Whether a file is test code by its path alone: `tests.rs`, or anywhere under a `tests/`
/// folder inside `src/`. (The module map and the import graph both leave these out.)
fn is_test_path(rel: &str) -> bool {
    let inside_src = rel.strip_prefix("src/").unwrap_or(rel);
    let mut parts: Vec<&str> = inside_src.split('/').collect();
    let file = parts.pop().unwrap_or_default();
    file == "tests.rs" || parts.contains(&"tests")
}

/// The module path of a file under `src/`: `lib.rs`/`main.rs` are the root, `a.rs` and
/// `a/mod.rs` are `a`, `a/b.rs` is `a::b`.
fn module_path_of(rel: &str) -> Vec<String> {
    let inside_src = rel.strip_prefix("src/").unwrap_or(rel);
    let without_ext = inside_src.strip_suffix(".rs").unwrap_or(inside_src);
    let mut parts: Vec<String> = without_ext.split('/').map(str::to_string).collect();
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        return Vec::new();
    }
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

// ------------------------------------------------------------------------------------------
// Text to tokens
// ------------------------------------------------------------------------------------------

/// Whether `c` can go on in an identifier.
fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Whether `text` is exactly a path that starts at this crate (`crate::a::b`, `super::x`).
fn is_crate_path_literal(text: &str) -> bool {
    let mut segments = text.split("::");
    let first = segments.next().unwrap_or_default();
    let rest: Vec<&str> = segments.collect();
    matches!(first, "crate" | "self" | "super")
        && !rest.is_empty()
        && rest
            .iter()
            .all(|s| !s.is_empty() && s.chars().all(is_ident_char))
}

/// Where the string literal starting at `i` ends (one past its closing quote), with its body's
/// range, for every form: `".."`, `b".."`, `c".."`, `r#".."#`, `br".."`, `cr".."`.
fn string_literal_at(c: &[char], i: usize) -> Option<(usize, usize, usize)> {
    if i > 0 && is_ident_char(c[i - 1]) {
        return None;
    }
    let mut j = i;
    if c[j] == 'b' || c[j] == 'c' {
        j += 1;
    }
    let raw = c.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let hashes = c[j..].iter().take_while(|&&ch| ch == '#').count();
    if c.get(j + hashes) != Some(&'"') || (!raw && (hashes > 0)) {
        return None;
    }
    let body = j + hashes + 1;
    if raw {
        let closing: Vec<char> = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let end =
            (body..=c.len() - closing.len()).find(|&k| c[k..k + closing.len()] == closing[..])?;
        return Some((body, end, end + closing.len()));
    }
    let mut k = body;
    while k < c.len() && c[k] != '"' {
        k += if c[k] == '\\' { 2 } else { 1 };
    }
    Some((body, k.min(c.len()), (k + 1).min(c.len())))
}

/// Where the character literal starting at the quote `i` ends, or `None` for a lifetime.
fn char_literal_at(c: &[char], i: usize) -> Option<usize> {
    if c.get(i + 1) == Some(&'\\') {
        let close = (i + 3..c.len()).find(|&k| c[k] == '\'')?;
        return Some(close + 1);
    }
    (c.get(i + 2) == Some(&'\'')).then_some(i + 3)
}

/// Where the (nestable) block comment starting at `i` ends.
fn block_comment_end(c: &[char], i: usize) -> usize {
    let (mut depth, mut k) = (0usize, i);
    while k + 1 < c.len() {
        if c[k] == '/' && c[k + 1] == '*' {
            depth += 1;
            k += 2;
        } else if c[k] == '*' && c[k + 1] == '/' {
            depth -= 1;
            k += 2;
            if depth == 0 {
                return k;
            }
        } else {
            k += 1;
        }
    }
    c.len()
}

/// The text with comments (doc comments included), string and character literals blanked out,
/// except an exact crate path literal, which stays as a path (see the module doc).
fn strip_comments_and_strings(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            i = (i..c.len()).find(|&k| c[k] == '\n').unwrap_or(c.len());
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            i = block_comment_end(&c, i);
            out.push(' ');
        } else if let Some((body, body_end, end)) = string_literal_at(&c, i) {
            let literal: String = c[body..body_end].iter().collect();
            out.push(' ');
            if is_crate_path_literal(&literal) {
                out.push_str(&literal);
                out.push(' ');
            }
            i = end;
        } else if let Some(end) = (c[i] == '\'').then(|| char_literal_at(&c, i)).flatten() {
            out.push(' ');
            i = end;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// One token of stripped source: all the scan needs.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// An identifier or keyword (raw identifiers without `r#`; `$crate` as is).
    Ident(String),
    /// `::`.
    Sep,
    /// Any other single character that is not white space.
    Punct(char),
}

/// The two questions the scan asks a token.
impl Tok {
    /// Whether this is the identifier or keyword `word`.
    fn is(&self, word: &str) -> bool {
        matches!(self, Tok::Ident(s) if s == word)
    }

    /// The identifier's text.
    fn ident(&self) -> Option<&str> {
        match self {
            Tok::Ident(s) => Some(s),
            _ => None,
        }
    }
}

/// Splits stripped source into [`Tok`]s, dropping numbers and lifetimes.
fn tokenize(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    let word_end = |from: usize| {
        (from..c.len())
            .find(|&k| !is_ident_char(c[k]))
            .unwrap_or(c.len())
    };
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            toks.push(Tok::Sep);
            i += 2;
        } else if ch == 'r'
            && c.get(i + 1) == Some(&'#')
            && c.get(i + 2).is_some_and(|&n| is_ident_char(n))
        {
            let end = word_end(i + 2);
            toks.push(Tok::Ident(c[i + 2..end].iter().collect()));
            i = end;
        } else if ch == '$'
            && c[i + 1..].starts_with(&['c', 'r', 'a', 't', 'e'])
            && !is_ident_char(*c.get(i + 6).unwrap_or(&' '))
        {
            toks.push(Tok::Ident("$crate".to_string()));
            i += 6;
        } else if ch.is_ascii_digit() || ch == '\'' {
            i = word_end(i + 1);
        } else if is_ident_char(ch) {
            let end = word_end(i);
            toks.push(Tok::Ident(c[i..end].iter().collect()));
            i = end;
        } else {
            toks.push(Tok::Punct(ch));
            i += 1;
        }
    }
    toks
}

/// For each token, how many `{` are open before it.
fn brace_depths(toks: &[Tok]) -> Vec<usize> {
    let mut depth = 0usize;
    toks.iter()
        .map(|t| {
            let here = depth;
            match t {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            here
        })
        .collect()
}

/// The index of the bracket closing the one opened at `open` (`{`, `(` or `[`).
fn matching_close(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('{' | '(' | '[') => depth += 1,
            Tok::Punct('}' | ')' | ']') => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    toks.len() - 1
}

// ------------------------------------------------------------------------------------------
// One file's declarations and references
// ------------------------------------------------------------------------------------------

/// An inline module (`mod name { .. }`) in a file: its name and where its body is.
struct InlineModule {
    /// The module's name.
    name: String,
    /// The index of its `{`.
    open: usize,
    /// The index of its `}`.
    close: usize,
}

/// Every inline module of a file, outermost first.
fn inline_modules(toks: &[Tok]) -> Vec<InlineModule> {
    (0..toks.len().saturating_sub(2))
        .filter(|&i| toks[i].is("mod") && toks[i + 2] == Tok::Punct('{'))
        .filter_map(|i| {
            let name = toks[i + 1].ident()?.to_string();
            Some(InlineModule {
                name,
                open: i + 2,
                close: matching_close(toks, i + 2),
            })
        })
        .collect()
}

/// The module the token `i` is in: the file's module and the inline modules around `i`.
fn context_at(file_module: &[String], inline: &[InlineModule], i: usize) -> Vec<String> {
    let mut ctx = file_module.to_vec();
    ctx.extend(
        inline
            .iter()
            .filter(|m| m.open < i && i < m.close)
            .map(|m| m.name.clone()),
    );
    ctx
}

/// Whether the attribute body (between `#[` and `]`) is `cfg(test)` or `cfg(all(test, ..))`.
fn is_cfg_test(attr: &[Tok]) -> bool {
    let cfg_test = [
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
    ];
    let all = [
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("all".into()),
        Tok::Punct('('),
    ];
    attr == cfg_test
        || (attr.starts_with(&all)
            && attr.iter().any(|t| t.is("test"))
            && !attr.iter().any(|t| t.is("not") || t.is("any")))
}

/// The keywords that start an item, after which a `,` does not end it (generics have commas).
const ITEM_KEYWORDS: &[&str] = &[
    "pub",
    "fn",
    "mod",
    "impl",
    "struct",
    "enum",
    "union",
    "use",
    "const",
    "static",
    "type",
    "trait",
    "macro_rules",
    "unsafe",
    "async",
    "extern",
];

/// One past the end of the item, field, statement or arm that starts at `start` (after its
/// attributes): its `;`, its closing `}`, a `,` (not for items), or the enclosing closer.
fn item_end(toks: &[Tok], start: usize) -> usize {
    let is_item = toks
        .get(start)
        .is_some_and(|t| ITEM_KEYWORDS.iter().any(|k| t.is(k)));
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(start) {
        match t {
            Tok::Punct('{' | '(' | '[') => depth += 1,
            Tok::Punct(close @ ('}' | ')' | ']')) => {
                if depth == 0 {
                    return k;
                }
                depth -= 1;
                if depth == 0 && *close == '}' {
                    return k + 1;
                }
            }
            Tok::Punct(';') if depth == 0 => return k + 1,
            Tok::Punct(',') if depth == 0 && !is_item => return k + 1,
            _ => {}
        }
    }
    toks.len()
}

/// Skips the attributes (`#[..]`, `#![..]`) starting at `i`.
fn skip_attributes(toks: &[Tok], mut i: usize) -> usize {
    while toks.get(i) == Some(&Tok::Punct('#')) {
        let open = if toks.get(i + 1) == Some(&Tok::Punct('!')) {
            i + 2
        } else {
            i + 1
        };
        if toks.get(open) != Some(&Tok::Punct('[')) {
            break;
        }
        i = matching_close(toks, open) + 1;
    }
    i
}

/// The token ranges of `#[cfg(test)]` code, each from its attribute to the item's end (the
/// whole file for an inner `#![cfg(test)]`).
fn cfg_test_ranges(toks: &[Tok]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i + 2 < toks.len() {
        if toks[i] == Tok::Punct('#')
            && toks[i + 1] == Tok::Punct('!')
            && toks[i + 2] == Tok::Punct('[')
        {
            let close = matching_close(toks, i + 2);
            if is_cfg_test(&toks[i + 3..close]) {
                return vec![(0, toks.len())];
            }
        }
        if toks[i] == Tok::Punct('#') && toks[i + 1] == Tok::Punct('[') {
            let close = matching_close(toks, i + 1);
            if is_cfg_test(&toks[i + 2..close]) {
                let end = item_end(toks, skip_attributes(toks, i));
                ranges.push((i, end));
                i = end;
                continue;
            }
        }
        i += 1;
    }
    ranges
}

/// The name in `mod name;` when the tokens from `i` on declare a module file (after an
/// optional visibility).
fn declared_module_file(toks: &[Tok], mut i: usize) -> Option<String> {
    if toks.get(i).is_some_and(|t| t.is("pub")) {
        i += 1;
        if toks.get(i) == Some(&Tok::Punct('(')) {
            i = matching_close(toks, i) + 1;
        }
    }
    let name = toks.get(i + 1)?.ident()?;
    (toks.get(i)?.is("mod") && toks.get(i + 2) == Some(&Tok::Punct(';'))).then(|| name.to_string())
}

/// One leaf of a `use` tree, with the module it was written in.
#[derive(Clone, Debug)]
struct UseLeaf {
    /// The module the `use` is in.
    ctx: Vec<String>,
    /// The path as written (`crate`, `self`, `super` included; `{extern}` for a leading `::`).
    path: Vec<String>,
    /// Whether it ends in `*`.
    glob: bool,
    /// The name it binds in `ctx` (none for a glob or `as _`).
    binding: Option<String>,
}

/// Parses the use tree in `toks` from `*pos` under `prefix`, adding its leaves to `out`.
fn parse_use_tree(
    toks: &[Tok],
    pos: &mut usize,
    mut prefix: Vec<String>,
    ctx: &[String],
    out: &mut Vec<UseLeaf>,
) {
    if toks.get(*pos) == Some(&Tok::Sep) {
        prefix.push(EXTERN.to_string());
        *pos += 1;
    }
    while let Some(Tok::Ident(segment)) = toks.get(*pos) {
        prefix.push(segment.clone());
        *pos += 1;
        if toks.get(*pos) != Some(&Tok::Sep) {
            let alias = toks
                .get(*pos)
                .is_some_and(|t| t.is("as"))
                .then(|| toks.get(*pos + 1).and_then(Tok::ident))
                .flatten();
            *pos += if alias.is_some() { 2 } else { 0 };
            out.extend(named_leaf(prefix, alias, ctx));
            return;
        }
        *pos += 1;
    }
    match toks.get(*pos) {
        Some(Tok::Punct('*')) => out.push(UseLeaf {
            ctx: ctx.to_vec(),
            path: prefix,
            glob: true,
            binding: None,
        }),
        Some(Tok::Punct('{')) => parse_use_group(toks, pos, &prefix, ctx, out),
        _ => {}
    }
    *pos += 1;
}

/// Parses a `{ a, b::c, .. }` group from its `{` at `*pos` to its `}` (left at `*pos`).
fn parse_use_group(
    toks: &[Tok],
    pos: &mut usize,
    prefix: &[String],
    ctx: &[String],
    out: &mut Vec<UseLeaf>,
) {
    *pos += 1;
    while toks.get(*pos).is_some_and(|t| *t != Tok::Punct('}')) {
        let before = *pos;
        parse_use_tree(toks, pos, prefix.to_vec(), ctx, out);
        if toks.get(*pos) == Some(&Tok::Punct(',')) {
            *pos += 1;
        }
        *pos = (*pos).max(before + 1);
    }
}

/// The leaf for a named path (`a::b`, `a::{self}`, `a::b as c`), if it names anything.
fn named_leaf(mut path: Vec<String>, alias: Option<&str>, ctx: &[String]) -> Option<UseLeaf> {
    if path.last().is_some_and(|last| last == "self") && path.len() > 1 {
        path.pop();
    }
    let name = alias.map(str::to_string).or_else(|| path.last().cloned())?;
    let binding = (name != "_").then_some(name);
    Some(UseLeaf {
        ctx: ctx.to_vec(),
        path,
        glob: false,
        binding,
    })
}

/// A path written in code, with the module it was written in.
#[derive(Clone, Debug)]
struct CodePath {
    /// The module it is in.
    ctx: Vec<String>,
    /// Its segments as written.
    path: Vec<String>,
}

/// Everything the graph needs from one file.
#[derive(Default)]
struct FileScan {
    /// The leaves of every `use` outside test code.
    uses: Vec<UseLeaf>,
    /// Every path written in code outside test code and `use` declarations.
    paths: Vec<CodePath>,
    /// The items each module of the file defines (at the module's own level).
    defs: Vec<(Vec<String>, String)>,
    /// The inline modules outside test code.
    inline_modules: Vec<Vec<String>>,
    /// Modules declared by `#[cfg(test)] mod x;` (their files are test code).
    test_modules: Vec<Vec<String>>,
}

/// The keywords that define a named item.
const DEF_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "union", "trait", "type", "const", "static", "mod",
];

/// The keywords that may sit between a defining keyword and the name (`const fn`, `static mut`).
const DEF_SKIP: &[&str] = &["fn", "mut", "unsafe", "async", "extern"];

/// The name the item at `i` defines, if it defines one.
fn defined_name(toks: &[Tok], i: usize) -> Option<String> {
    if toks[i].is("macro_rules") && toks.get(i + 1) == Some(&Tok::Punct('!')) {
        return toks.get(i + 2)?.ident().map(str::to_string);
    }
    if !DEF_KEYWORDS.iter().any(|k| toks[i].is(k)) {
        return None;
    }
    let mut k = i + 1;
    while toks
        .get(k)
        .is_some_and(|t| DEF_SKIP.iter().any(|s| t.is(s)))
    {
        k += 1;
    }
    toks.get(k)?.ident().map(str::to_string)
}

/// One file's tokens with what the scan needs to place each one.
struct FileTokens {
    /// The file's module path.
    module: Vec<String>,
    /// The tokens.
    toks: Vec<Tok>,
    /// Each token's brace depth.
    depths: Vec<usize>,
    /// The inline modules.
    inline: Vec<InlineModule>,
    /// The `#[cfg(test)]` ranges.
    test_ranges: Vec<(usize, usize)>,
}

/// Reading one file's tokens into a [`FileScan`].
impl FileTokens {
    /// Tokenizes `text`, the file of module `module`.
    fn new(text: &str, module: &[String]) -> FileTokens {
        let toks = tokenize(&strip_comments_and_strings(text));
        FileTokens {
            module: module.to_vec(),
            depths: brace_depths(&toks),
            inline: inline_modules(&toks),
            test_ranges: cfg_test_ranges(&toks),
            toks,
        }
    }

    /// Whether token `i` is `#[cfg(test)]` code.
    fn in_test(&self, i: usize) -> bool {
        self.test_ranges
            .iter()
            .any(|&(from, to)| from <= i && i < to)
    }

    /// The module token `i` is in.
    fn ctx(&self, i: usize) -> Vec<String> {
        context_at(&self.module, &self.inline, i)
    }

    /// The modules `#[cfg(test)] mod x;` declares.
    fn test_modules(&self) -> Vec<Vec<String>> {
        let decl = |&(from, to): &(usize, usize)| {
            let name = declared_module_file(&self.toks[..to], skip_attributes(&self.toks, from))?;
            Some([self.ctx(from), vec![name]].concat())
        };
        self.test_ranges.iter().filter_map(decl).collect()
    }

    /// The inline modules outside test code.
    fn live_inline_modules(&self) -> Vec<Vec<String>> {
        let live = self.inline.iter().filter(|m| !self.in_test(m.open));
        live.map(|m| self.ctx(m.open + 1)).collect()
    }

    /// Records what starts at token `i` (a `use`, a definition, a path) and returns where the
    /// scan goes on.
    fn scan_at(&self, i: usize, scan: &mut FileScan) -> usize {
        let toks = &self.toks;
        if self.in_test(i) {
            return i + 1;
        }
        if toks[i].is("use") && toks.get(i + 1) != Some(&Tok::Punct('<')) {
            let end = (i..toks.len())
                .find(|&k| toks[k] == Tok::Punct(';') && self.depths[k] == self.depths[i])
                .unwrap_or(toks.len());
            parse_use_tree(
                &toks[..end],
                &mut (i + 1),
                Vec::new(),
                &self.ctx(i),
                &mut scan.uses,
            );
            return end + 1;
        }
        let body_depth = self
            .inline
            .iter()
            .filter(|m| m.open < i && i < m.close)
            .count();
        if self.depths[i] == body_depth {
            scan.defs
                .extend(defined_name(toks, i).map(|name| (self.ctx(i), name)));
        }
        let Some(path) = code_path_at(toks, i) else {
            return i + 1;
        };
        let next = i + 2 * path.len() - 1;
        scan.paths.push(CodePath {
            ctx: self.ctx(i),
            path,
        });
        next
    }
}

/// Scans one file whose module is `module`.
fn scan_file(text: &str, module: &[String]) -> FileScan {
    let file = FileTokens::new(text, module);
    let mut scan = FileScan {
        test_modules: file.test_modules(),
        inline_modules: file.live_inline_modules(),
        ..FileScan::default()
    };
    let mut i = 0;
    while i < file.toks.len() {
        i = file.scan_at(i, &mut scan);
    }
    scan
}

/// The path (two segments or more) starting at token `i`, unless `i` is inside a longer one.
fn code_path_at(toks: &[Tok], i: usize) -> Option<Vec<String>> {
    if i > 0 && toks[i - 1] == Tok::Sep {
        return None;
    }
    let mut path = vec![toks[i].ident()?.to_string()];
    let mut k = i + 1;
    while toks.get(k) == Some(&Tok::Sep) {
        let Some(next) = toks.get(k + 1).and_then(Tok::ident) else {
            break;
        };
        path.push(next.to_string());
        k += 2;
    }
    (path.len() > 1).then_some(path)
}

// ------------------------------------------------------------------------------------------
// One crate: modules, name resolution, edges
// ------------------------------------------------------------------------------------------

/// The two ways a path is resolved to a file (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Measure {
    /// To the file of the longest module prefix.
    Direct,
    /// On through `use` bindings and globs to the defining file.
    ThroughReexports,
}

/// A crate's files and what its modules define and import, for resolving paths.
struct CrateModel {
    /// The crate directory.
    dir: String,
    /// Each file's path relative to the crate dir.
    rels: Vec<String>,
    /// Each file's module path.
    file_modules: Vec<Vec<String>>,
    /// Whether each file is test code.
    test: Vec<bool>,
    /// Each file's references: `use` leaves, then code paths (as leaves without a binding).
    refs: Vec<Vec<UseLeaf>>,
    /// Every module (file or inline) and the file it is in.
    modules: HashMap<Vec<String>, usize>,
    /// The names each module defines.
    defs: HashMap<Vec<String>, HashSet<String>>,
    /// The `use` leaves written in each module.
    uses: HashMap<Vec<String>, Vec<UseLeaf>>,
}

/// What a name in a module's scope turned out to be.
enum Lookup {
    /// Something in this crate, at this absolute path.
    Local(Vec<String>),
    /// Something from another crate.
    External,
    /// Nothing the scan can see (a prelude name, a macro's item, a generic).
    Missing,
}

/// Building a crate's model, resolving its paths and finding its circles.
impl CrateModel {
    /// Scans every file of `source`.
    fn build(source: &CrateSource) -> CrateModel {
        let has_lib = source.files.iter().any(|f| f.rel == "src/lib.rs");
        let mut model = CrateModel {
            dir: source.dir.clone(),
            rels: Vec::new(),
            file_modules: Vec::new(),
            test: Vec::new(),
            refs: Vec::new(),
            modules: HashMap::new(),
            defs: HashMap::new(),
            uses: HashMap::new(),
        };
        let mut test_modules = Vec::new();
        for (index, file) in source.files.iter().enumerate() {
            let bin_root = has_lib && file.rel == "src/main.rs";
            let module = if bin_root {
                vec![BIN_ROOT.to_string()]
            } else {
                module_path_of(&file.rel)
            };
            let scan = if bin_root || is_test_path(&file.rel) {
                FileScan::default()
            } else {
                scan_file(&file.text, &module)
            };
            model.add_file(index, &file.rel, module, scan, &mut test_modules);
        }
        model.mark_test_files(&test_modules);
        model
    }

    /// Records one scanned file.
    fn add_file(
        &mut self,
        index: usize,
        rel: &str,
        module: Vec<String>,
        scan: FileScan,
        test_modules: &mut Vec<Vec<String>>,
    ) {
        self.modules.insert(module.clone(), index);
        for inline in scan.inline_modules {
            self.modules.insert(inline, index);
        }
        for (ctx, name) in scan.defs {
            self.defs.entry(ctx).or_default().insert(name);
        }
        for leaf in &scan.uses {
            self.uses
                .entry(leaf.ctx.clone())
                .or_default()
                .push(leaf.clone());
        }
        let code = scan.paths.into_iter().map(|p| UseLeaf {
            ctx: p.ctx,
            path: p.path,
            glob: false,
            binding: None,
        });
        self.refs.push(scan.uses.into_iter().chain(code).collect());
        test_modules.extend(scan.test_modules);
        self.test.push(is_test_path(rel));
        self.rels.push(rel.to_string());
        self.file_modules.push(module);
    }

    /// Marks the files of `#[cfg(test)] mod x;` modules (and their children) as test code.
    fn mark_test_files(&mut self, test_modules: &[Vec<String>]) {
        for (index, module) in self.file_modules.iter().enumerate() {
            if test_modules.iter().any(|t| module.starts_with(t)) {
                self.test[index] = true;
            }
        }
    }

    /// What `name` is in the scope of module `module`. With `follow`, a `use` binding leads
    /// on to what it imports; without, the name stays this module's (its re-export), which is
    /// what a glob source is under [`Measure::Direct`].
    fn lookup(
        &self,
        module: &[String],
        name: &str,
        follow: bool,
        measure: Measure,
        depth: usize,
    ) -> Lookup {
        let here = [module, &[name.to_string()]].concat();
        if self.modules.contains_key(&here)
            || self.defs.get(module).is_some_and(|d| d.contains(name))
        {
            return Lookup::Local(here);
        }
        if depth > MAX_DEPTH {
            return Lookup::Missing;
        }
        let uses = self.uses.get(module).map(Vec::as_slice).unwrap_or_default();
        if let Some(leaf) = uses.iter().find(|u| u.binding.as_deref() == Some(name)) {
            return match self.absolute(module, &leaf.path, measure, depth + 1) {
                None => Lookup::External,
                Some(target) => Lookup::Local(if follow { target } else { here }),
            };
        }
        let follow_globs = measure == Measure::ThroughReexports;
        for glob in uses.iter().filter(|u| u.glob) {
            let Some(source) = self.absolute(module, &glob.path, measure, depth + 1) else {
                continue;
            };
            if !self.modules.contains_key(&source) {
                continue;
            }
            match self.lookup(&source, name, follow_globs, measure, depth + 1) {
                Lookup::Missing => continue,
                found => return found,
            }
        }
        Lookup::Missing
    }

    /// The absolute path of `path` written in module `ctx` (a first segment that is neither
    /// `crate`, `self` nor `super` is looked up in `ctx`'s scope), or `None` when it leads out
    /// of the crate (or nowhere the scan can see).
    fn absolute(
        &self,
        ctx: &[String],
        path: &[String],
        measure: Measure,
        depth: usize,
    ) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        match first.as_str() {
            "crate" | "$crate" => Some(rest.to_vec()),
            "self" => Some([ctx, rest].concat()),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let base = ctx.get(..ctx.len().checked_sub(ups)?)?;
                Some([base, &path[ups..]].concat())
            }
            _ => match self.lookup(ctx, first, true, measure, depth) {
                Lookup::Local(found) => Some([found.as_slice(), rest].concat()),
                _ => None,
            },
        }
    }

    /// The longest prefix of `path` that is a module, and the rest.
    fn split_module<'p>(&self, path: &'p [String]) -> Option<(&'p [String], &'p [String])> {
        (0..=path.len())
            .rev()
            .map(|n| path.split_at(n))
            .find(|(module, _)| self.modules.contains_key(*module))
    }

    /// The file an absolute path leads to, and whether the path names a file's module only
    /// (an inline module is code inside its file, so naming one is no "module only").
    fn resolve(&self, path: &[String], measure: Measure, depth: usize) -> Option<(usize, bool)> {
        let (module, rest) = self.split_module(path)?;
        let file = self.modules[module];
        let Some(name) = rest.first() else {
            return Some((file, self.file_modules[file] == module));
        };
        if measure == Measure::Direct || depth > MAX_DEPTH {
            return Some((file, false));
        }
        match self.lookup(module, name, true, measure, depth) {
            Lookup::Local(found)
                if found
                    .split_last()
                    .is_none_or(|(_, parent)| parent != module) =>
            {
                self.resolve(&[found.as_slice(), &rest[1..]].concat(), measure, depth + 1)
            }
            Lookup::External => None,
            _ => Some((file, false)),
        }
    }

    /// The file a reference leads to, if it makes an edge: a path naming a file's module only
    /// does not (the items used through it do), except a glob's.
    fn target(&self, reference: &UseLeaf, measure: Measure) -> Option<usize> {
        let path = self.absolute(&reference.ctx, &reference.path, measure, 0)?;
        let (file, module_only) = self.resolve(&path, measure, 0)?;
        (!module_only || reference.glob).then_some(file)
    }

    /// The import graph's edges (`from` file, `to` file) under `measure`, without test files,
    /// self-edges and edges to an ancestor module.
    fn edges(&self, measure: Measure) -> BTreeSet<(usize, usize)> {
        let mut edges = BTreeSet::new();
        for from in (0..self.rels.len()).filter(|&f| !self.test[f]) {
            for reference in &self.refs[from] {
                let Some(to) = self.target(reference, measure) else {
                    continue;
                };
                let ancestor = self.file_modules[from].starts_with(&self.file_modules[to]);
                if to != from && !ancestor && !self.test[to] {
                    edges.insert((from, to));
                }
            }
        }
        edges
    }

    /// The import circles under `measure`: each a sorted list of files (relative to the crate
    /// dir), the circles sorted.
    fn circles(&self, measure: Measure) -> Vec<Vec<String>> {
        let nodes: Vec<usize> = (0..self.rels.len()).filter(|&f| !self.test[f]).collect();
        let mut circles: Vec<Vec<String>> = strongly_connected(&nodes, &self.edges(measure))
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let mut files: Vec<String> =
                    component.iter().map(|&f| self.rels[f].clone()).collect();
                files.sort();
                files
            })
            .collect();
        circles.sort();
        circles
    }
}

// ------------------------------------------------------------------------------------------
// Strongly connected components (Tarjan)
// ------------------------------------------------------------------------------------------

/// Tarjan's bookkeeping while it walks the graph.
#[derive(Default)]
struct Tarjan {
    /// The order each node was first visited in.
    index: HashMap<usize, usize>,
    /// The lowest index reachable from each node.
    low: HashMap<usize, usize>,
    /// The nodes of components not yet complete.
    stack: Vec<usize>,
    /// Whether a node is on `stack`.
    on_stack: HashSet<usize>,
    /// The components found.
    components: Vec<Vec<usize>>,
}

/// The strongly connected components of the graph on `nodes` with `edges`.
fn strongly_connected(nodes: &[usize], edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    let mut next: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(from, to) in edges {
        next.entry(from).or_default().push(to);
    }
    let mut tarjan = Tarjan::default();
    for &node in nodes {
        if !tarjan.index.contains_key(&node) {
            tarjan.visit(node, &next);
        }
    }
    tarjan.components
}

/// The walk itself.
impl Tarjan {
    /// Visits `node` and everything it reaches, closing the components it roots.
    fn visit(&mut self, node: usize, next: &BTreeMap<usize, Vec<usize>>) {
        let order = self.index.len();
        self.index.insert(node, order);
        self.low.insert(node, order);
        self.stack.push(node);
        self.on_stack.insert(node);
        for &to in next.get(&node).map(Vec::as_slice).unwrap_or_default() {
            if !self.index.contains_key(&to) {
                self.visit(to, next);
                self.low.insert(node, self.low[&node].min(self.low[&to]));
            } else if self.on_stack.contains(&to) {
                self.low.insert(node, self.low[&node].min(self.index[&to]));
            }
        }
        if self.low[&node] == self.index[&node] {
            self.close_component(node);
        }
    }

    /// Pops the component rooted at `root` off the stack.
    fn close_component(&mut self, root: usize) {
        let mut component = Vec::new();
        while let Some(member) = self.stack.pop() {
            self.on_stack.remove(&member);
            component.push(member);
            if member == root {
                break;
            }
        }
        self.components.push(component);
    }
}

// ------------------------------------------------------------------------------------------
// The checks
// ------------------------------------------------------------------------------------------

/// One import circle: the crate dir and its files.
type Circle = (String, Vec<String>);

/// The circles in `known` that `found` lacks and those `found` has that `known` lacks.
fn compare(found: &[Circle], known: &[(&str, &[&str])]) -> (Vec<Circle>, Vec<Circle>) {
    let known: BTreeSet<Circle> = known
        .iter()
        .map(|(dir, files)| {
            let mut files: Vec<String> = files.iter().map(|f| f.to_string()).collect();
            files.sort();
            (dir.to_string(), files)
        })
        .collect();
    let found: BTreeSet<Circle> = found.iter().cloned().collect();
    (
        found.difference(&known).cloned().collect(),
        known.difference(&found).cloned().collect(),
    )
}

/// A readable list of circles, one per line.
fn describe(circles: &[Circle]) -> String {
    circles
        .iter()
        .map(|(dir, files)| format!("  {dir}: {}\n", files.join(", ")))
        .collect()
}

/// The circles as a `KNOWN_*` constant's body, to paste when the change is intended.
fn as_known_list(circles: &[Circle]) -> String {
    let mut out = String::from("&[\n");
    for (dir, files) in circles {
        let quoted: Vec<String> = files.iter().map(|f| format!("{f:?}")).collect();
        let _ = writeln!(out, "    ({dir:?}, &[{}]),", quoted.join(", "));
    }
    out + "]"
}

/// The per-crate summary: files in the graph, then circles and files in circles per measure.
fn summary(models: &[CrateModel], direct: &[Circle], through: &[Circle]) -> String {
    let count = |circles: &[Circle], dir: &str| {
        let mine: Vec<&Circle> = circles.iter().filter(|(d, _)| d == dir).collect();
        (
            mine.len(),
            mine.iter().map(|(_, files)| files.len()).sum::<usize>(),
        )
    };
    let mut out = String::from("import circles per crate (circles / files in them):\n");
    for model in models {
        let files = model.test.iter().filter(|t| !**t).count();
        let (dc, df) = count(direct, &model.dir);
        let (tc, tf) = count(through, &model.dir);
        let _ = writeln!(
            out,
            "  {:<12} {files:>3} files   direct {dc} / {df}   through re-exports {tc} / {tf}",
            model.dir
        );
    }
    let _ = write!(
        out,
        "direct:\n{}through re-exports:\n{}",
        describe(direct),
        describe(through)
    );
    out
}

/// The failure text for one measure, or nothing when it matches its list.
fn mismatch(name: &str, found: &[Circle], known: &[(&str, &[&str])]) -> Option<String> {
    let (new, gone) = compare(found, known);
    if new.is_empty() && gone.is_empty() {
        return None;
    }
    let mut out = format!("{name}: the import circles changed.\n");
    if !new.is_empty() {
        let _ = write!(
            out,
            "new circles (files that need each other; break them up):\n{}",
            describe(&new)
        );
    }
    if !gone.is_empty() {
        let _ = write!(
            out,
            "circles gone (remove them from the list):\n{}",
            describe(&gone)
        );
    }
    let _ = writeln!(out, "the list as it is now:\n{}", as_known_list(found));
    Some(out)
}

/// Every crate's model, from disk.
fn workspace_models() -> Vec<CrateModel> {
    let root = repo_root();
    crate_dirs(&root)
        .iter()
        .map(|dir| CrateModel::build(&read_crate(&root, dir)))
        .collect()
}

/// Every crate's circles under `measure`.
fn all_circles(models: &[CrateModel], measure: Measure) -> Vec<Circle> {
    models
        .iter()
        .flat_map(|m| {
            m.circles(measure)
                .into_iter()
                .map(|files| (m.dir.clone(), files))
        })
        .collect()
}

/// Files that need each other are the problem the project's layering rule names: no new
/// import circle may appear, and the list shrinks as circles are broken up. Prints the
/// per-crate counts (`--nocapture`).
#[test]
fn no_new_import_circle() {
    let models = workspace_models();
    let direct = all_circles(&models, Measure::Direct);
    let through = all_circles(&models, Measure::ThroughReexports);
    println!("{}", summary(&models, &direct, &through));
    let failures: Vec<String> = [
        mismatch("KNOWN_DIRECT", &direct, KNOWN_DIRECT),
        mismatch("KNOWN_THROUGH", &through, KNOWN_THROUGH),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A crate from (path, text) pairs, for the scan's own tests.
fn in_memory(files: &[(&str, &str)]) -> CrateModel {
    let files = files
        .iter()
        .map(|(rel, text)| SourceFile {
            rel: rel.to_string(),
            text: text.to_string(),
        })
        .collect();
    CrateModel::build(&CrateSource {
        dir: "demo".to_string(),
        files,
    })
}

/// The edges of an in-memory crate as (from, to) file paths.
fn edge_names(model: &CrateModel, measure: Measure) -> Vec<(String, String)> {
    model
        .edges(measure)
        .into_iter()
        .map(|(a, b)| (model.rels[a].clone(), model.rels[b].clone()))
        .collect()
}

/// The checker finds the simplest circle: two files that `use` each other.
#[test]
fn the_import_scan_finds_a_circle() {
    let model = in_memory(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        ("src/a.rs", "use crate::b::B;\npub struct A(B);\n"),
        (
            "src/b.rs",
            "use crate::{a::{self, A}};\npub struct B;\nfn f(_: A) {}\n",
        ),
    ]);
    let circle = vec!["src/a.rs".to_string(), "src/b.rs".to_string()];
    assert_eq!(model.circles(Measure::Direct), vec![circle.clone()]);
    assert_eq!(model.circles(Measure::ThroughReexports), vec![circle]);
}

/// A child using its parent's items is allowed: no edge, so parent and child are no circle.
#[test]
fn a_child_using_its_parent_is_not_an_edge() {
    let model = in_memory(&[
        (
            "src/lib.rs",
            "mod a;\npub struct Top;\npub fn f() { a::g(); }\n",
        ),
        (
            "src/a/mod.rs",
            "mod b;\nuse crate::Top;\npub fn g() { b::h(); }\n",
        ),
        (
            "src/a/b.rs",
            "use super::super::Top;\npub fn h() { super::g(); }\n",
        ),
    ]);
    let edges = edge_names(&model, Measure::Direct);
    let expected = [
        ("src/lib.rs", "src/a/mod.rs"),
        ("src/a/mod.rs", "src/a/b.rs"),
    ];
    assert_eq!(edges, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    assert!(model.circles(Measure::Direct).is_empty());
}

/// Doc links, comments, strings and `#[cfg(test)]` code make no edge; a serde `with` path does.
#[test]
fn only_compiled_non_test_code_makes_edges() {
    let model = in_memory(&[
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
        (
            "src/a.rs",
            "//! See [`crate::b::B`].\n/* crate::b::x() */\nconst S: &str = \"crate::b::B is \";\n#[cfg(test)]\nmod tests { use crate::b::B; }\n#[derive(S)]\npub struct A(#[serde(with = \"crate::c::codec\")] u8);\n",
        ),
        (
            "src/b.rs",
            "pub struct B;\n#[cfg(test)]\nfn helper() { crate::a::A(1); }\n",
        ),
        ("src/c.rs", "pub mod codec {}\n"),
    ]);
    assert_eq!(
        edge_names(&model, Measure::Direct),
        vec![("src/a.rs".to_string(), "src/c.rs".to_string())]
    );
}

/// Through re-exports a name resolves to its defining file, where directly it stays at the
/// re-exporting module: a circle can hide behind a `pub use` in the crate root.
#[test]
fn reexports_are_followed_to_the_defining_file() {
    let model = in_memory(&[
        (
            "src/lib.rs",
            "mod a;\nmod b;\npub use a::A;\npub use b::*;\n",
        ),
        ("src/a.rs", "pub struct A(crate::B);\n"),
        ("src/b.rs", "use crate::A;\npub struct B;\n"),
    ]);
    assert!(model.circles(Measure::Direct).is_empty());
    assert_eq!(
        model.circles(Measure::ThroughReexports),
        vec![vec!["src/a.rs".to_string(), "src/b.rs".to_string()]]
    );
}

/// Test files (`tests.rs`, a `tests/` folder in `src/`) are no nodes: they may reach anywhere.
#[test]
fn test_files_are_not_in_the_graph() {
    let model = in_memory(&[
        (
            "src/lib.rs",
            "mod a;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod check;\n",
        ),
        ("src/a.rs", "pub fn f() { crate::tests::g(); }\n"),
        ("src/tests.rs", "pub fn g() { crate::a::f(); }\n"),
        ("src/check.rs", "pub fn g() { crate::a::f(); }\n"),
        ("src/tests/more.rs", "pub fn h() { crate::a::f(); }\n"),
    ]);
    assert_eq!(model.test, vec![false, false, true, true, true]);
    assert!(edge_names(&model, Measure::Direct).is_empty());
}

/// The map lines of `docs/ARCHITECTURE.md`: "- `path.rs`: ..." paths.
fn mapped_paths(doc: &str) -> BTreeSet<String> {
    doc.lines()
        .filter_map(|line| line.strip_prefix("- `"))
        .filter_map(|rest| rest.split_once('`'))
        .filter(|(path, after)| after.starts_with(':') && path.ends_with(".rs"))
        .map(|(path, _)| path.to_string())
        .collect()
}

/// The architecture document maps every module file in one line, and maps no file that is gone.
#[test]
fn architecture_md_lists_every_module() {
    let root = repo_root();
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("docs/ARCHITECTURE.md");
    let mapped = mapped_paths(&doc);
    let required: BTreeSet<String> = crate_dirs(&root)
        .iter()
        .flat_map(|dir| {
            read_crate(&root, dir)
                .files
                .into_iter()
                .map(move |f| (dir.clone(), f.rel))
        })
        .filter(|(_, rel)| !is_test_path(rel))
        .map(|(dir, rel)| format!("{dir}/{rel}"))
        .collect();
    let missing: Vec<&String> = required.difference(&mapped).collect();
    let stale: Vec<&String> = mapped
        .iter()
        .filter(|path| !root.join(path).is_file())
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/ARCHITECTURE.md's module map (regenerate with scripts/module-map):\nnot in the map: {missing:#?}\nin the map but no such file: {stale:#?}"
    );
}
