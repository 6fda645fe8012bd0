//! Communities that span platforms (`[[community]]` in the configuration): a Discord server
//! and a Matrix room that are one community share one ladder. An adapter names the scope a
//! command came from as it sees it (`discord:<guild id>`, a Matrix room id `!abc:server`, the
//! console); [`CommunityMap::community_of`] turns it into the community it belongs to.
//!
//! A Matrix space stands for its rooms: the Matrix adapter names a room's scope as the
//! configured space whose `m.space.child` lists it (read from the space's state), so the
//! session sees the space's id.
//!
//! A community also says where Skald posts on each platform when nothing else says where
//! ([`CommunityMap::post_channel`]): open challenges made on the other platform, and a
//! challenge to a player never seen there.
//!
//! A community's ladder is kept under its **first** member's scope (its first Discord server,
//! else its first Matrix room, else its first space), so a server that already had a ladder keeps it when its
//! community grows; the ladders the other members had before stay stored under their old
//! scope and are not merged (written in `docs/SETUP.md`). Without an entry each scope is
//! its own community, as before.

use crate::identity::CommunityId;

/// One `[[community]]`: its name and the scopes it groups, as adapters write them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommunityDef {
    /// The name an admin gave it (for logs and errors).
    pub name: String,
    /// Its scopes, the first one keeping the ladder.
    pub members: Vec<String>,
    /// Where it posts on each platform when nothing else says where, in the admin's order
    /// (its Matrix rooms, its `discord_channels`).
    pub posts: Vec<crate::identity::Home>,
    /// The language of its channels (`[[community]] language`), if the admin chose one.
    pub language: Option<skald_lang::Lang>,
    /// Its daily puzzle (`[[community]] daily_puzzle = "09:00 Europe/Paris"`): hour, minute
    /// and IANA zone, posted in its post channels; `None` leaves it to its admins'
    /// `puzzle daily on`.
    pub daily_puzzle: Option<DailyAt>,
}

/// A daily time: hour and minute, and the IANA zone they are read in.
pub type DailyAt = ((u8, u8), String);

/// Every configured community; checked when built, so a scope belongs to one at most.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommunityMap {
    groups: Vec<CommunityDef>,
}

impl CommunityMap {
    /// The communities, refused with a sentence saying what to fix when a name repeats, a
    /// community has no member, or a scope is listed twice.
    pub fn new(groups: Vec<CommunityDef>) -> Result<CommunityMap, String> {
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for (i, g) in groups.iter().enumerate() {
            if g.name.trim().is_empty() {
                return Err(format!("[[community]] number {} needs a name", i + 1));
            }
            if groups[..i].iter().any(|o| o.name == g.name) {
                return Err(format!(
                    "two [[community]] entries are named '{}'; give each its own name",
                    g.name
                ));
            }
            if g.members.is_empty() {
                return Err(format!(
                    "[[community]] '{}' lists no Discord server, Matrix room or Matrix space",
                    g.name
                ));
            }
            for m in &g.members {
                if let Some((_, other)) = seen.iter().find(|(s, _)| *s == m.as_str()) {
                    return Err(format!(
                        "{m} is listed in [[community]] '{other}' and '{}'; a server or room belongs to one community",
                        g.name
                    ));
                }
                seen.push((m, &g.name));
            }
        }
        Ok(CommunityMap { groups })
    }

    /// Where news for `community`'s players on `platform` goes when nothing else says where:
    /// its first configured channel on that platform (`None` for a community without one,
    /// and for a scope that is its own community).
    pub fn post_channel(
        &self,
        community: &CommunityId,
        platform: &str,
    ) -> Option<crate::ChannelId> {
        self.groups
            .iter()
            .find(|g| g.members.first() == Some(&community.0))?
            .posts
            .iter()
            .find(|h| h.platform == platform)
            .map(|h| h.channel.clone())
    }

    /// The daily puzzle the configuration sets for `community`, if it sets one.
    pub fn daily_puzzle(&self, community: &CommunityId) -> Option<&DailyAt> {
        self.groups
            .iter()
            .find(|g| g.members.first() == Some(&community.0))?
            .daily_puzzle
            .as_ref()
    }

    /// Every configured community's id (its first member) with its configured daily puzzle.
    pub fn daily_puzzles(&self) -> Vec<(CommunityId, (u8, u8), String)> {
        self.groups
            .iter()
            .filter_map(|g| {
                let (at, zone) = g.daily_puzzle.clone()?;
                Some((CommunityId(g.members.first()?.clone()), at, zone))
            })
            .collect()
    }

    /// The platforms `community` has somewhere to post on, each once, in the admin's order.
    pub fn post_platforms(&self, community: &CommunityId) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if let Some(g) = self
            .groups
            .iter()
            .find(|g| g.members.first() == Some(&community.0))
        {
            for h in &g.posts {
                if !out.contains(&h.platform) {
                    out.push(h.platform.clone());
                }
            }
        }
        out
    }

    /// The language a community's admin chose for its channels (`community` as
    /// [`CommunityMap::community_of`] names it).
    pub fn language(&self, community: &CommunityId) -> Option<skald_lang::Lang> {
        self.groups
            .iter()
            .find(|g| g.members.first() == Some(&community.0))
            .and_then(|g| g.language)
    }

    /// The community a scope belongs to: its group's first member, or the scope itself.
    pub fn community_of(&self, scope: &CommunityId) -> CommunityId {
        self.groups
            .iter()
            .find(|g| g.members.contains(&scope.0))
            .and_then(|g| g.members.first())
            .map_or_else(|| scope.clone(), |first| CommunityId(first.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(name: &str, members: &[&str]) -> CommunityDef {
        CommunityDef {
            name: name.into(),
            members: members.iter().map(|m| m.to_string()).collect(),
            posts: Vec::new(),
            language: None,
            daily_puzzle: None,
        }
    }

    #[test]
    fn scopes_of_one_community_share_its_first_members_ladder() {
        let map = CommunityMap::new(vec![def("club", &["discord:1", "!room:x"])]).expect("valid");
        let id = |s: &str| CommunityId(s.into());
        assert_eq!(map.community_of(&id("!room:x")), id("discord:1"));
        assert_eq!(map.community_of(&id("discord:1")), id("discord:1"));
        assert_eq!(map.community_of(&id("!other:x")), id("!other:x"));
    }

    #[test]
    fn a_community_posts_on_each_platform_in_its_first_channel_there() {
        let home = |platform: &str, channel: &str| crate::identity::Home {
            platform: platform.into(),
            channel: crate::ChannelId(channel.into()),
        };
        let mut club = def("club", &["discord:1", "!space:x"]);
        club.posts = vec![
            home("matrix", "!a:x"),
            home("discord", "55"),
            home("matrix", "!b:x"),
        ];
        let map = CommunityMap::new(vec![club]).expect("valid");
        let id = |s: &str| CommunityId(s.into());
        let community = map.community_of(&id("!space:x"));
        assert_eq!(
            map.post_channel(&community, "matrix"),
            Some(crate::ChannelId("!a:x".into()))
        );
        assert_eq!(
            map.post_channel(&community, "discord"),
            Some(crate::ChannelId("55".into()))
        );
        assert_eq!(map.post_platforms(&community), vec!["matrix", "discord"]);
        assert_eq!(map.post_channel(&id("!other:x"), "matrix"), None);
    }

    #[test]
    fn a_bad_map_says_what_to_fix() {
        let err = |g| CommunityMap::new(g).expect_err("refused");
        assert!(err(vec![def("", &["discord:1"])]).contains("needs a name"));
        assert!(err(vec![def("a", &[])]).contains("no Discord server"));
        assert!(err(vec![def("a", &["discord:1"]), def("a", &["discord:2"])]).contains("two"));
        assert!(
            err(vec![def("a", &["discord:1"]), def("b", &["discord:1"])])
                .contains("belongs to one community")
        );
    }
}
