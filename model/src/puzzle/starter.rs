//! The starter set (issue #35): the puzzles shipped with Skald, so a new community has
//! puzzles on day one, mined from engine self-play (`docs/PUZZLES.md` "The starter set").

use super::record::{Puzzle, read_lines};
use std::sync::OnceLock;

/// Every shipped puzzle file, by name, its text built into the binary.
pub const STARTER_FILES: &[(&str, &str)] = &[
    ("tafl.jsonl", include_str!("../../puzzles/tafl.jsonl")),
    (
        "subulata.jsonl",
        include_str!("../../puzzles/subulata.jsonl"),
    ),
    ("adelta.jsonl", include_str!("../../puzzles/adelta.jsonl")),
    ("daldosa.jsonl", include_str!("../../puzzles/daldosa.jsonl")),
];

/// The shipped puzzles of every family, read once. A file that does not read is left out
/// and logged (the test below keeps that from shipping).
pub fn starter() -> &'static [Puzzle] {
    static STARTER: OnceLock<Vec<Puzzle>> = OnceLock::new();
    STARTER.get_or_init(|| {
        let mut all = Vec::new();
        for (name, text) in STARTER_FILES {
            match read_lines(text) {
                Ok(puzzles) => all.extend(puzzles),
                Err(e) => tracing::error!("the shipped puzzle file {name} is left out: {e}"),
            }
        }
        all
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{PuzzleFamily, check_all};
    use skald_rules::RuleSetId;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn every_shipped_file_reads_and_the_set_is_large_and_varied() {
        for (name, text) in STARTER_FILES {
            assert!(
                read_lines(text).is_ok(),
                "{name}: {:?}",
                read_lines(text).err()
            );
        }
        let all = starter();
        let mut per_rule_set: BTreeMap<RuleSetId, usize> = BTreeMap::new();
        let mut themes: BTreeMap<PuzzleFamily, BTreeSet<&str>> = BTreeMap::new();
        for p in all {
            *per_rule_set.entry(p.rule_set).or_default() += 1;
            themes
                .entry(p.family())
                .or_default()
                .insert(p.theme.as_str());
            assert!(p.source.starts_with("self-play "), "{}", p.source);
        }
        // Issue #35: at least 50 for each rule set, 200 for each family.
        for rule_set in RuleSetId::ALL {
            assert!(
                per_rule_set.get(&rule_set).copied().unwrap_or(0) >= 50,
                "{rule_set}"
            );
        }
        for family in PuzzleFamily::ALL {
            let count = all.iter().filter(|p| p.family() == family).count();
            assert!(count >= 200, "{family:?}: {count}");
            // Varied: the proven families' themes; the dice families have one theme.
            let least = if family.has_dice() { 1 } else { 3 };
            assert!(
                themes[&family].len() >= least,
                "{family:?}: {:?}",
                themes[&family]
            );
        }
        let ids: BTreeSet<_> = all.iter().map(|p| p.id()).collect();
        assert_eq!(ids.len(), all.len(), "a puzzle is shipped twice");
    }

    /// Issue #35's proof test: every shipped tafl and Subulata puzzle's line replays to the
    /// mover's win, and its first move is re-proved the only one that forces a win within
    /// the bound (`docs/PUZZLES.md` "The starter set" gives its time).
    #[test]
    fn every_shipped_proven_puzzle_is_re_proved() {
        let proven: Vec<Puzzle> = starter()
            .iter()
            .filter(|p| !p.family().has_dice())
            .cloned()
            .collect();
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let failed: Vec<String> = proven
            .iter()
            .zip(check_all(&proven, threads))
            .filter_map(|(p, r)| r.err().map(|e| format!("{} ({}): {e}", p.source, p.id())))
            .collect();
        assert!(failed.is_empty(), "{failed:#?}");
    }
}
