//! People named in a command as they are typed (`@bob`, `@Bob`, a display name): each is
//! looked up among the room's members (joined or invited) and written as the Matrix id the
//! session reads (`@bob:example.org`). A name that matches nobody, or several people, is
//! refused with the candidates, so no challenge is ever made for someone who is not there.
//! A full id (`@bob:example.org`, or a pill) in a `challenge` must be a member too.

use matrix_sdk::Room;
use matrix_sdk::RoomMemberships;
use matrix_sdk::ruma::UserId;
use skald_session::command::ENGINE_HANDLE;
use skald_session::messages;

/// One member of the room: their id and the name shown for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The Matrix id (`@bob:example.org`).
    pub id: String,
    /// Their display name in the room, or their localpart.
    pub name: String,
}

/// `line` with every typed `@name` replaced by the id of the one member it names, or the
/// refusal to send when a name matches nobody or several people. The bot's own handle
/// (`@skald`, the built-in engine) is left as it is, and so is a name no member has but
/// `elsewhere` knows (a player of another platform, whom the session finds by name).
pub async fn resolve(
    room: &Room,
    me: &UserId,
    line: &str,
    elsewhere: &(dyn Fn(&str) -> bool + Sync),
) -> Result<String, skald_session::Text> {
    if !line.split_whitespace().any(|w| w.starts_with('@')) {
        return Ok(line.to_string());
    }
    let members: Vec<Member> = match room
        .members(RoomMemberships::JOIN | RoomMemberships::INVITE)
        .await
    {
        Ok(members) => members
            .iter()
            .filter(|m| m.user_id() != me)
            .map(|m| Member {
                id: m.user_id().to_string(),
                name: m.name().to_string(),
            })
            .collect(),
        Err(e) => {
            tracing::warn!(room = %room.room_id(), error = %e, "matrix: cannot list the room's members");
            return Err(messages::members_unknown());
        }
    };
    resolve_among(&members, line, elsewhere)
}

/// [`resolve`] over a known member list.
pub fn resolve_among(
    members: &[Member],
    line: &str,
    elsewhere: &dyn Fn(&str) -> bool,
) -> Result<String, skald_session::Text> {
    let challenge = line.split_whitespace().next().is_some_and(|w| {
        w.trim_start_matches(['!', '/'])
            .eq_ignore_ascii_case("challenge")
    });
    let mut out = Vec::new();
    for word in line.split(' ') {
        let Some(name) = word.strip_prefix('@').filter(|n| !n.is_empty()) else {
            out.push(word.to_string());
            continue;
        };
        if name.eq_ignore_ascii_case(ENGINE_HANDLE) {
            out.push(word.to_string());
            continue;
        }
        if UserId::parse(word).is_ok() {
            // A full id: in a challenge, only someone in the room.
            if challenge && !members.iter().any(|m| m.id.eq_ignore_ascii_case(word)) {
                return Err(messages::not_in_room(word, &listed(members, name)));
            }
            out.push(word.to_string());
            continue;
        }
        let matches: Vec<&Member> = members.iter().filter(|m| names(m, name)).collect();
        match matches.as_slice() {
            [one] => out.push(one.id.clone()),
            [] if elsewhere(name) => out.push(word.to_string()),
            [] => return Err(messages::not_in_room(word, &listed(members, name))),
            several => {
                let several: Vec<(String, String)> = several
                    .iter()
                    .map(|m| (m.name.clone(), m.id.clone()))
                    .collect();
                return Err(messages::several_in_room(word, &several));
            }
        }
    }
    Ok(out.join(" "))
}

/// Whether `name` (typed after `@`) names `member`: their localpart or display name,
/// ignoring case.
fn names(member: &Member, name: &str) -> bool {
    let localpart = member
        .id
        .trim_start_matches('@')
        .split(':')
        .next()
        .unwrap_or("");
    localpart.eq_ignore_ascii_case(name) || member.name.eq_ignore_ascii_case(name)
}

/// The members to suggest for a name that matched nobody: those whose name or id contains
/// it, else everyone (at most ten).
fn listed(members: &[Member], name: &str) -> Vec<(String, String)> {
    let lower = name.to_lowercase();
    let close: Vec<&Member> = members
        .iter()
        .filter(|m| m.id.to_lowercase().contains(&lower) || m.name.to_lowercase().contains(&lower))
        .collect();
    let pick = if close.is_empty() {
        members.iter().collect()
    } else {
        close
    };
    pick.into_iter()
        .take(10)
        .map(|m| (m.name.clone(), m.id.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Vec<Member> {
        [
            ("@alice:example.org", "Alice"),
            ("@bob:example.org", "Bob"),
            ("@robert:example.org", "Bob"),
            ("@carol:other.org", "Caro"),
        ]
        .iter()
        .map(|(id, name)| Member {
            id: id.to_string(),
            name: name.to_string(),
        })
        .collect()
    }

    fn resolve_among(members: &[Member], line: &str) -> Result<String, skald_session::Text> {
        super::resolve_among(members, line, &|name| name == "erin")
    }

    #[test]
    fn a_typed_name_becomes_the_one_members_id() {
        let m = room();
        assert_eq!(
            resolve_among(&m, "challenge tafl @alice first").as_deref(),
            Ok("challenge tafl @alice:example.org first")
        );
        assert_eq!(
            resolve_among(&m, "challenge tafl @CARO").as_deref(),
            Ok("challenge tafl @carol:other.org"),
            "a display name, any case"
        );
        assert_eq!(
            resolve_among(&m, "challenge tafl @skald hard").as_deref(),
            Ok("challenge tafl @skald hard"),
            "the engine's handle stays"
        );
        assert_eq!(
            resolve_among(&m, "challenge tafl @alice:example.org").as_deref(),
            Ok("challenge tafl @alice:example.org")
        );
        assert_eq!(
            resolve_among(&m, "challenge tafl @erin").as_deref(),
            Ok("challenge tafl @erin"),
            "a player of another platform, whom the session finds by name"
        );
    }

    #[test]
    fn nobody_or_several_is_refused_with_the_candidates() {
        let m = room();
        let several = resolve_among(&m, "challenge tafl @Bob")
            .expect_err("ambiguous")
            .en();
        assert!(
            several.contains("@bob:example.org") && several.contains("@robert:example.org"),
            "{several}"
        );
        let nobody = resolve_among(&m, "challenge tafl @dave")
            .expect_err("nobody")
            .en();
        assert!(
            nobody.contains("@dave") && nobody.contains("@alice:example.org"),
            "{nobody}"
        );
        let close = resolve_among(&m, "challenge tafl @car")
            .expect_err("nobody")
            .en();
        assert!(
            close.contains("@carol:other.org") && !close.contains("@alice"),
            "{close}"
        );
        let absent = resolve_among(&m, "challenge tafl @dave:example.org")
            .expect_err("not in the room")
            .en();
        assert!(absent.contains("@dave:example.org"), "{absent}");
    }
}
