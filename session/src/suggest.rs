//! Suggestions for adapters that complete what a user types (Discord's autocomplete): the
//! caller's games and challenges for an `#id` option, and the legal moves matching what was
//! typed. Read-only; never reveals anything a `board` command would not show the caller.

use super::{Cx, UserId};

pub use crate::command::complete::MAX_SUGGESTIONS;

/// One suggestion: what to show, and the value to fill in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The text shown (`#3 Hnefatafl: alice vs bob`).
    pub label: crate::Text,
    /// The value the option gets (`3`, `f2-f5`).
    pub value: String,
}

impl Cx {
    /// The players of the community of `scope` (everyone on one of its ladders) whose name
    /// starts with `typed` (ignoring case and a leading `@`), each labelled with their
    /// platform: how a Discord player names a Matrix player. At most [`MAX_SUGGESTIONS`].
    pub fn suggest_players(&self, scope: &crate::CommunityId, typed: &str) -> Vec<Suggestion> {
        let community = self.config.communities.community_of(scope);
        let typed = typed.trim().trim_start_matches('@').to_lowercase();
        let mut seen = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        for rule_set in skald_rules::RuleSetId::ALL {
            let Ok(ladder) = self.store.ladder(&community, rule_set) else {
                continue;
            };
            for (id, _) in ladder {
                if !seen.insert(id.clone()) || crate::engine::is_engine(&id) {
                    continue;
                }
                let Ok(Some(u)) = self.store.user(&id) else {
                    continue;
                };
                let name = u.doc.user.name;
                if name.to_lowercase().starts_with(&typed) {
                    out.push(Suggestion {
                        label: crate::Text::verbatim(format!("{name} ({})", id.platform)),
                        value: name,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.value.cmp(&b.value));
        out.truncate(MAX_SUGGESTIONS);
        out
    }

    /// The caller's active games and open challenges whose number starts with `typed`
    /// (a leading `#` is ignored), newest first, at most [`MAX_SUGGESTIONS`].
    pub fn suggest_ids(&self, user: &UserId, typed: &str) -> Vec<Suggestion> {
        let typed = typed.trim().trim_start_matches('#');
        let mut out = Vec::new();
        if let Ok(games) = self.store.user_games(user) {
            for (id, active) in games.into_iter().rev() {
                if !active {
                    continue;
                }
                if let Ok(Some(g)) = self.store.game(id) {
                    out.push(Suggestion {
                        label: g.doc.title(),
                        value: id.to_string(),
                    });
                }
            }
        }
        if let Ok(challenges) = self.store.challenges() {
            for c in challenges.into_iter().rev() {
                let c = c.doc;
                let mine =
                    c.challenger.id == *user || c.opponent.as_ref().is_none_or(|o| o.id == *user);
                if mine {
                    out.push(Suggestion {
                        label: crate::t!(
                            "suggest-challenge",
                            id = c.id,
                            rule_set = skald_lang::rule_set_name(c.rule_set),
                            by = &c.challenger.name
                        ),
                        value: c.id.to_string(),
                    });
                }
            }
        }
        out.retain(|s| s.value.starts_with(typed));
        out.truncate(MAX_SUGGESTIONS);
        out
    }

    /// The legal moves of the caller's game `game` (or their only game where it is their
    /// turn) that start with `typed`, at most [`MAX_SUGGESTIONS`]. Empty when it is not the
    /// caller's turn.
    pub fn suggest_moves(&self, user: &UserId, game: Option<u64>, typed: &str) -> Vec<String> {
        let typed = typed.trim().to_lowercase();
        let ids: Vec<u64> = match game {
            Some(id) => vec![id],
            None => self
                .store
                .user_games(user)
                .unwrap_or_default()
                .into_iter()
                .filter(|(_, active)| *active)
                .map(|(id, _)| id)
                .collect(),
        };
        let mut out = Vec::new();
        for id in ids {
            let Ok(Some(g)) = self.store.game(id) else {
                continue;
            };
            let g = g.doc;
            let Ok(live) = g.live() else { continue };
            let position = live.position();
            let my_turn = g.end.is_none()
                && position
                    .status()
                    .seat()
                    .is_some_and(|s| g.players[s.index()].id == *user);
            if my_turn {
                out.extend(
                    position
                        .legal_moves()
                        .into_iter()
                        .filter(|m| m.to_lowercase().starts_with(&typed)),
                );
            }
        }
        out.truncate(MAX_SUGGESTIONS);
        out
    }

    /// What `puzzle`'s option offers as the caller types: the legal moves of the puzzle they
    /// are solving (a dice puzzle's next steps after those typed), else the action words and
    /// the families; each starting with what was typed, at most [`MAX_SUGGESTIONS`].
    pub fn suggest_puzzle(&self, user: &UserId, typed: &str) -> Vec<String> {
        let typed = typed.trim_start().to_lowercase();
        let active = self
            .store
            .user(user)
            .ok()
            .flatten()
            .and_then(|u| u.doc.puzzles.active);
        let mut out: Vec<String> = Vec::new();
        if let Some(active) = active
            && let Ok(mut position) =
                skald_rules::Position::from_notation(active.puzzle.rule_set, &active.position)
        {
            // A dice turn is typed step by step: the steps typed so far are played, the next
            // one is offered after them.
            let mut words: Vec<&str> = typed.split_whitespace().collect();
            let last = if typed.ends_with(' ') {
                ""
            } else {
                words.pop().unwrap_or("")
            };
            let mover = position.status().seat();
            let played = words.iter().all(|w| position.play(w).is_ok());
            if played && position.status().seat() == mover {
                let before = words.join(" ");
                out.extend(
                    position
                        .legal_moves()
                        .into_iter()
                        .filter(|m| m.to_lowercase().starts_with(last))
                        .map(|m| {
                            if before.is_empty() {
                                m
                            } else {
                                format!("{before} {m}")
                            }
                        }),
                );
            }
        } else {
            let words = [
                "stats", "ladder", "daily", "tafl", "adelta", "subulata", "daldosa",
            ];
            out.extend(
                words
                    .iter()
                    .filter(|w| w.starts_with(&typed))
                    .map(|w| w.to_string()),
            );
        }
        out.truncate(MAX_SUGGESTIONS);
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::clock::FakeClock;
    use crate::store::SledStore;
    use crate::{Context, SessionConfig, User};
    use rand::SeedableRng;
    use std::sync::Arc;

    fn session_for_tests() -> crate::Session {
        crate::Session::new(
            Arc::new(SledStore::temporary().expect("temporary store")),
            Arc::new(FakeClock::new(FakeClock::EPOCH)),
            rand::rngs::StdRng::seed_from_u64(7),
            SessionConfig::default(),
        )
        .expect("session opens")
    }

    fn ctx(name: &str) -> Context {
        Context::new(User::new("console", name, name), "c", "ch")
    }

    #[test]
    fn ids_and_moves_are_suggested_to_the_player_to_move_only() {
        let s = session_for_tests();
        let r = s.handle(&ctx("alice"), "challenge hnefatafl @bob first");
        assert!(r.text.en().contains("#1"), "{}", r.text.en());
        assert_eq!(s.suggest_ids(&ctx("bob").user.id, "")[0].value, "1");
        assert!(s.suggest_ids(&ctx("carol").user.id, "").is_empty());
        s.handle(&ctx("bob"), "accept #1");
        let alice = ctx("alice").user.id;
        let ids = s.suggest_ids(&alice, "#1");
        assert_eq!(ids.len(), 1);
        // The number once, as Discord shows the label.
        assert_eq!(ids[0].label.en(), "#1 Hnefatafl 11x11, alice vs bob");
        assert_eq!(
            ids[0].label.render(crate::Lang::Fr),
            "#1 Hnefatafl 11x11, alice contre bob"
        );
        let all = s.suggest_moves(&alice, Some(1), "");
        assert_eq!(all.len(), super::MAX_SUGGESTIONS);
        let some = s.suggest_moves(&alice, None, "d1");
        assert!(
            !some.is_empty() && some.iter().all(|m| m.starts_with("d1")),
            "{some:?}"
        );
        assert!(s.suggest_moves(&ctx("bob").user.id, Some(1), "").is_empty());
        assert!(s.suggest_moves(&alice, Some(99), "").is_empty());
    }
}
