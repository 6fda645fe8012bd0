//! Option words two actions share (`tournament create` and `league … start`): a game's
//! terms as completions, and how `ranked`/`casual` and `key:value` words are read.

/// The option words of `days:N` / `clock:…` and `ranked` / `casual` not yet among `used`
/// (the words typed so far): what `tournament create` and `league … start` share.
pub(super) fn game_terms(used: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    if !used
        .iter()
        .any(|w| has_key(w, "days") || has_key(w, "clock"))
    {
        out.extend(["days:1", "days:2", "days:3", "days:7"].map(String::from));
        out.extend(
            crate::time_control::COMMON
                .iter()
                .map(|(code, _)| format!("clock:{code}")),
        );
    }
    if !used
        .iter()
        .any(|w| ranked_word(&w.to_lowercase()).is_some())
    {
        out.extend(["ranked", "casual"].map(String::from));
    }
    out
}

/// Whether `word` is the option `key` (`rounds:5` has the key `rounds`).
pub(super) fn has_key(word: &str, key: &str) -> bool {
    super::prefixed(word, key).is_some()
}

/// Whether a (lowercase) word says ranked (`ranked`, `rated`) or casual (`casual`,
/// `unranked`, `unrated`), if it says either.
pub(super) fn ranked_word(lower: &str) -> Option<bool> {
    match lower {
        "ranked" | "rated" => Some(true),
        "casual" | "unranked" | "unrated" => Some(false),
        _ => None,
    }
}
