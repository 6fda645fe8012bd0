//! Accounts joined into one player across platforms: `link` gives an account a one-time code
//! (privately, valid [`CODE_MINUTES`] minutes); `link <code>` typed privately by the same
//! person on another platform joins that account to the code's player; `unlink` splits them.
//!
//! A player is the account that asked for the code (its [`UserId`] is the player's id from
//! then on); a joined account keeps its own user document, pointing at the player
//! ([`UserDoc::player`]). Whenever a joined account speaks or is named, the session acts as
//! the player ([`Cx::player_of`]), shown with the player's own account's name; replies, pings and private views addressed to the
//! player reach every one of its accounts, so each platform's adapter delivers to the
//! account it knows ([`Cx::to_accounts`]).
//!
//! What joining does to the joining account's past (written in `docs/COMMANDS.md`): its
//! games, finished or not, move to the player (their seats are rewritten), so `games`,
//! `history` and the ladder show one player; on each ladder where both had a standing, the
//! one with more games is kept (the player's on a tie) and the other is removed, the games
//! behind it staying in `history`. Two accounts that are opponents in an unfinished game, or
//! a joining account with a pending challenge, cannot be joined until that is settled.
//! `unlink` keeps everything with the player: the account leaves with nothing.

use crate::clock::MINUTE;
use crate::identity::{Context, User, UserId};
use crate::store::{Commit, StandingRemoval, StandingWrite, Stored};
use crate::user::UserDoc;
use crate::{Cx, Failure, Private, Reply};
use crate::{Text, t};
use rand::RngExt;
use std::collections::BTreeSet;

use crate::command::{self, Command};
use crate::handler::{Acts, Handler, misrouted};
pub use skald_model::link::*;

impl Cx {
    /// The player an account plays as: itself, or the player it was joined to.
    pub(crate) fn player_of(&self, account: &UserId) -> Result<UserId, Failure> {
        Ok(self
            .store
            .user(account)?
            .and_then(|u| u.doc.player)
            .unwrap_or_else(|| account.clone()))
    }

    /// `ctx` with its speaker as the player their account belongs to (the name stays the
    /// one they use here).
    pub(crate) fn as_player(&self, ctx: &Context) -> Result<Context, Failure> {
        let id = self.player_of(&ctx.user.id)?;
        let account = (id != ctx.user.id).then(|| ctx.user.id.clone());
        Ok(Context {
            user: User {
                id,
                name: ctx.user.name.clone(),
            },
            account,
            ..ctx.clone()
        })
    }

    /// Every account of a player: the player's own id first, then the joined ones.
    pub(crate) fn accounts_of(&self, player: &UserId) -> Vec<UserId> {
        let mut all = vec![player.clone()];
        if let Ok(Some(u)) = self.store.user(player) {
            all.extend(u.doc.linked);
        }
        all
    }

    /// A reply with its pings and private parts addressed to every account of each player
    /// named, so the adapter of each platform reaches the account it knows.
    pub(crate) fn to_accounts(&self, reply: &mut Reply) {
        let mut notify = Vec::new();
        for u in &reply.notify {
            for a in self.accounts_of(u) {
                if !notify.contains(&a) {
                    notify.push(a);
                }
            }
        }
        reply.notify = notify;
        let mut private = Vec::new();
        for p in &reply.private {
            for a in self.accounts_of(&p.to) {
                let mut copy = p.clone();
                copy.to = a;
                private.push(copy);
            }
        }
        reply.private = private;
    }

    fn issue_code(&self, ctx: &Context) -> Result<Reply, Failure> {
        let stored = self.store.user(&ctx.user.id)?;
        if let Some(player) = stored.as_ref().and_then(|s| s.doc.player.clone()) {
            return Err(Failure::Refused(t!(
                "link-already-plays-as",
                player = self.name_of(&player)?
            )));
        }
        let code = {
            let mut rng = self.rng();
            let letters: String = (0..8)
                .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
                .collect();
            format!("{}-{}", &letters[..4], &letters[4..])
        };
        let expires = self.now().plus(CODE_MINUTES * MINUTE);
        let mut doc = stored
            .as_ref()
            .map_or_else(|| UserDoc::new(ctx.user.clone()), |s| s.doc.clone());
        doc.link_code = Some(LinkCode {
            code: code.clone(),
            expires,
        });
        self.commit_users(vec![(stored, doc)])?;
        let mut reply = Reply::done(t!("link-code-sent", name = &ctx.user.name));
        reply.private.push(Private {
            to: ctx.user.id.clone(),
            name: ctx.user.name.clone(),
            boards: Vec::new(),
            files: Vec::new(),
            text: t!(
                "link-code",
                code = code.to_string(),
                expires = expires.text(),
                minutes = CODE_MINUTES
            ),
            lang: None,
            news: false,
        });
        Ok(reply)
    }

    fn join(&self, ctx: &Context, typed: &str) -> Result<Reply, Failure> {
        let Some(code) = normalize_code(typed) else {
            return Err(Failure::Refused(t!(
                "link-not-a-code",
                typed = typed.chars().take(40).collect::<String>()
            )));
        };
        let now = self.now();
        let Some(player) = self.store.user_by_link_code(&code)? else {
            return Err(Failure::Refused(t!("link-code-invalid")));
        };
        if player
            .doc
            .link_code
            .as_ref()
            .is_none_or(|c| c.expires <= now)
        {
            return Err(Failure::Refused(t!("link-code-invalid")));
        }
        let account = &ctx.user.id;
        let pid = player.doc.user.id.clone();
        if pid == *account {
            return Err(Failure::Refused(t!("link-own-code")));
        }
        let joining = self.store.user(account)?;
        if let Some(j) = &joining {
            if let Some(p) = &j.doc.player {
                return Err(Failure::Refused(t!(
                    "link-already-plays-as-unlink",
                    player = self.name_of(p)?
                )));
            }
            if !j.doc.linked.is_empty() {
                return Err(Failure::Refused(t!("link-others-play-as-this")));
            }
        }
        let platforms: BTreeSet<&str> = std::iter::once(pid.platform.as_str())
            .chain(player.doc.linked.iter().map(|a| a.platform.as_str()))
            .collect();
        if platforms.contains(account.platform.as_str()) {
            return Err(Failure::Refused(t!(
                "link-platform-taken",
                player = &player.doc.user.name,
                platform = platform_key(&account.platform)
            )));
        }
        if let Some(ch) = self.store.challenges()?.into_iter().find(|c| {
            c.doc.challenger.id == *account
                || c.doc.opponent.as_ref().is_some_and(|t| t.id == *account)
        }) {
            return Err(Failure::Refused(t!(
                "link-challenge-pending",
                id = ch.doc.id
            )));
        }
        let mut commit = Commit::default();
        let mut moved = 0;
        let mut ladders = BTreeSet::new();
        let mut games = self.games_of(account, true, usize::MAX)?;
        games.extend(self.games_of(account, false, usize::MAX)?);
        for g in games {
            let seats = [&g.doc.players[0].id, &g.doc.players[1].id];
            if seats.contains(&&pid) {
                if g.doc.end.is_none() {
                    return Err(Failure::Refused(t!(
                        "link-accounts-play-each-other",
                        id = g.doc.id
                    )));
                }
                // A finished game between the two accounts stays as it was played.
                continue;
            }
            let mut next = g.doc.clone();
            for p in &mut next.players {
                if p.id == *account {
                    p.id = pid.clone();
                }
            }
            if next.ranked {
                ladders.insert((next.community.clone(), next.rule_set()));
            }
            commit.games.push((Some(g), next));
            moved += 1;
        }
        let mut merged = Vec::new();
        for (community, rule_set) in ladders {
            let Some(theirs) = self.store.read_standing(&community, rule_set, account)? else {
                continue;
            };
            let ours = self.store.read_standing(&community, rule_set, &pid)?;
            let keep_theirs = ours.as_ref().is_none_or(|o| theirs.doc.games > o.doc.games);
            if keep_theirs {
                commit.standings.push(StandingWrite {
                    community: community.clone(),
                    rule_set,
                    user: pid.clone(),
                    read: ours,
                    standing: theirs.doc,
                });
            }
            merged.push(skald_lang::rule_set_name(rule_set));
            commit.removed_standings.push(StandingRemoval {
                community,
                rule_set,
                user: account.clone(),
                read: theirs,
            });
        }
        let mut pdoc = player.doc.clone();
        pdoc.link_code = None;
        pdoc.linked.push(account.clone());
        let mut jdoc = joining
            .as_ref()
            .map_or_else(|| UserDoc::new(ctx.user.clone()), |s| s.doc.clone());
        jdoc.player = Some(pid.clone());
        jdoc.link_code = None;
        commit.users.push((Some(player), pdoc.clone()));
        commit.users.push((joining, jdoc));
        match self.commit(commit, None) {
            Err(Failure::Conflict(_)) => {
                return Err(Failure::Refused(t!("link-race")));
            }
            other => other?,
        };
        tracing::info!(games = moved, "accounts linked");
        let mut text = t!(
            "link-joined",
            platform = platform_key(&account.platform),
            player = &pdoc.user.name
        );
        if moved > 0 {
            text.push(t!("link-games-moved", n = moved, player = &pdoc.user.name));
        }
        if !merged.is_empty() {
            text.push(t!("link-ratings-merged", rule_sets = Text::list(merged)));
        }
        Ok(Reply::done(text))
    }

    /// The one player shown as `name` (on any platform), if exactly one is; several are a
    /// refusal naming them, so nobody is challenged by mistake.
    pub(crate) fn player_named(&self, name: &str) -> Result<Option<UserId>, Failure> {
        let mut players: Vec<UserDoc> = self
            .store
            .users_named(name)?
            .into_iter()
            .filter(|u| u.player.is_none() && !crate::engine::is_engine(&u.user.id))
            .collect();
        match players.len() {
            0 => Ok(None),
            1 => Ok(players.pop().map(|u| u.user.id)),
            _ => Err(Failure::Refused(t!(
                "link-several-named",
                name = name,
                players = players
                    .iter()
                    .map(|u| format!("{} ({})", u.user.id.id, u.user.id.platform))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// Whether `name` is the shown name of a player the session can find by name (on any
    /// platform, one or several): an adapter that cannot find the name among the people it
    /// sees leaves it for the session, which finds that player or names the candidates.
    pub fn knows_player_named(&self, name: &str) -> bool {
        !matches!(self.player_named(name), Ok(None))
    }

    /// A user's name as last seen.
    fn name_of(&self, id: &UserId) -> Result<String, Failure> {
        Ok(self
            .store
            .user(id)?
            .map_or_else(|| id.id.clone(), |u| u.doc.user.name))
    }

    /// Writes user documents; a race with another write of them is a refusal to retry.
    fn commit_users(&self, users: Vec<(Option<Stored<UserDoc>>, UserDoc)>) -> Result<(), Failure> {
        match self.commit(
            Commit {
                users,
                ..Commit::default()
            },
            None,
        ) {
            Err(Failure::Conflict(_)) => Err(Failure::Refused(t!("link-account-race"))),
            other => other.map(drop),
        }
    }
}

/// `link` (a new code, privately) or `link <code>` (join this account to the code's
/// player). `ctx` is the account as it spoke, not yet turned into its player.
pub(crate) fn cmd_link(cx: &Cx, ctx: &Context, code: Option<&str>) -> Result<Reply, Failure> {
    match code {
        None => cx.issue_code(ctx),
        Some(code) => cx.join(ctx, code),
    }
}

/// `unlink`: a joined account leaves its player; typed by the player, every joined
/// account leaves. Games and ratings stay with the player.
pub(crate) fn cmd_unlink(cx: &Cx, ctx: &Context) -> Result<Reply, Failure> {
    let Some(stored) = cx.store.user(&ctx.user.id)? else {
        return Err(Failure::Refused(t!("link-not-linked")));
    };
    let mut users = Vec::new();
    let text = if let Some(pid) = stored.doc.player.clone() {
        let player = cx.store.user(&pid)?;
        let mut doc = stored.doc.clone();
        doc.player = None;
        users.push((Some(stored), doc));
        if let Some(p) = player {
            let mut pdoc = p.doc.clone();
            pdoc.linked.retain(|a| *a != ctx.user.id);
            users.push((Some(p), pdoc));
        }
        t!(
            "link-unlinked-account",
            platform = platform_key(&ctx.user.id.platform),
            player = cx.name_of(&pid)?
        )
    } else if !stored.doc.linked.is_empty() {
        let mut doc = stored.doc.clone();
        let gone = std::mem::take(&mut doc.linked);
        let platforms: Vec<Text> = gone
            .iter()
            .map(|a| t!("platform-name", platform = platform_key(&a.platform)))
            .collect();
        for a in &gone {
            if let Some(s) = cx.store.user(a)? {
                let mut d = s.doc.clone();
                d.player = None;
                users.push((Some(s), d));
            }
        }
        users.push((Some(stored), doc));
        t!(
            "link-unlinked-player",
            platforms = Text::list(platforms),
            n = gone.len()
        )
    } else {
        return Err(Failure::Refused(t!("link-not-linked")));
    };
    cx.commit_users(users)?;
    Ok(Reply::done(text))
}

/// `unlink` on an account joined to nothing.
/// A platform as the messages select on it (`discord`, `matrix`, `console`, `other`).
fn platform_key(platform: &str) -> &'static str {
    match platform {
        "discord" => "discord",
        "matrix" => "matrix",
        "console" => "console",
        _ => "other",
    }
}

/// The commands this module answers ([`crate::commands`]).
pub(crate) const HANDLERS: &[Handler] = &[
    Handler {
        info: &command::account::LINK,
        acts: Acts::AsAccount,
        run: |cx, ctx, cmd| match cmd {
            Command::Link(code) => cmd_link(cx, ctx, code.as_deref()),
            _ => Err(misrouted(cmd)),
        },
    },
    Handler {
        info: &command::account::UNLINK,
        acts: Acts::AsAccount,
        run: |cx, ctx, cmd| match cmd {
            Command::Unlink => cmd_unlink(cx, ctx),
            _ => Err(misrouted(cmd)),
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_however_typed() {
        assert_eq!(normalize_code("abcd-efgh").as_deref(), Some("ABCD-EFGH"));
        assert_eq!(normalize_code("ABCD EFGH").as_deref(), Some("ABCD-EFGH"));
        assert_eq!(normalize_code("abcdefgh").as_deref(), Some("ABCD-EFGH"));
        assert_eq!(normalize_code("abcd-efg"), None);
        assert_eq!(
            normalize_code("abcd-efg0"),
            None,
            "0 is not in the alphabet"
        );
        assert_eq!(normalize_code("abcd-efgh-i"), None);
    }
}
