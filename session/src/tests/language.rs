//! Who reads which language: a player's `language` choice, the language a Discord client
//! reports, a community's language for its channels, a linked account reading its player's.

use crate::clock::FakeClock;
use crate::store::SledStore;
use crate::*;
use rand::SeedableRng;
use std::sync::Arc;

fn session(config: SessionConfig) -> Session {
    Session::new(
        Arc::new(SledStore::temporary().expect("store")),
        Arc::new(FakeClock::new(FakeClock::EPOCH)),
        StdRng::seed_from_u64(3),
        config.without_rate_limit(),
    )
    .expect("session opens")
}

fn ctx(who: &str) -> Context {
    Context::private(User::new("console", who, who), "console", "console")
}

fn say(s: &Session, ctx: &Context, line: &str) -> Reply {
    let r = s.handle(ctx, line);
    assert_eq!(r.kind, ReplyKind::Done, "{line}: {}", r.text.en());
    r
}

fn private_lang(r: &Reply, who: &str) -> Option<Lang> {
    r.private
        .iter()
        .find(|p| p.to.id == who)
        .unwrap_or_else(|| panic!("a private part for {who}"))
        .lang
}

#[test]
fn a_player_who_chooses_french_reads_french_where_the_message_is_theirs_alone() {
    let s = session(SessionConfig::default());
    let alice = ctx("alice");
    let r = say(&s, &alice, "language");
    assert_eq!(
        r.text.render(r.speaker_lang(None)),
        "Skald writes to you in English, this community's language.\nTo change it: `language en` (English) and `language fr` (Français)."
    );

    // The answer to the choice is in the new language, wherever it is posted.
    let r = say(&s, &alice, "langue fr");
    assert_eq!((r.lang, r.speaker_lang), (Some(Lang::Fr), Some(Lang::Fr)));
    assert!(
        r.text
            .render(r.channel_lang(None))
            .starts_with("Désormais, Skald vous écrit en français."),
        "{}",
        r.text.render(Lang::Fr)
    );
    let r = say(&s, &alice, "language");
    assert!(
        r.text
            .render(r.speaker_lang(None))
            .starts_with("Skald vous écrit en français, comme vous l'avez choisi."),
        "{}",
        r.text.render(Lang::Fr)
    );

    // In a game with bob, who chose nothing: the channel reads the community's language
    // (none chosen: the platform's), alice's own values come in French, bob's in the
    // channel's.
    say(&s, &alice, "challenge subulata @bob first");
    let r = say(&s, &ctx("bob"), "accept");
    assert_eq!(r.lang, None);
    assert_eq!(r.speaker_lang, None);
    assert_eq!(private_lang(&r, "alice"), Some(Lang::Fr));
    assert_eq!(private_lang(&r, "bob"), None);
    assert_eq!(r.channel_lang(None), Lang::En);
}

#[test]
fn a_language_skald_does_not_speak_is_refused_and_changes_nothing() {
    let s = session(SessionConfig::default());
    let alice = ctx("alice");
    let r = s.handle(&alice, "language de");
    assert_eq!(r.kind, ReplyKind::Refused);
    let text = r.text.en();
    assert!(
        text.contains("'de' is not a language Skald speaks") && text.contains("`fr` (Français)"),
        "{text}"
    );
    assert_eq!(
        s.store()
            .user(&alice.user.id)
            .expect("read")
            .and_then(|u| u.doc.language),
        None
    );
}

#[test]
fn a_discord_clients_language_answers_its_user_and_is_remembered_for_later() {
    let s = session(SessionConfig::default());
    // Discord reports each interaction's locale; the session hears it as the context's.
    let alice = ctx("alice").with_locale(Some(Lang::Fr));
    let r = say(&s, &alice, "challenge subulata @bob first");
    assert_eq!(r.speaker_lang, Some(Lang::Fr));
    // bob accepts from an English client: alice is not speaking, her remembered French
    // reaches her private part; bob's own is in his client's English.
    let bob = ctx("bob").with_locale(Some(Lang::En));
    let r = say(&s, &bob, "accept");
    assert_eq!(private_lang(&r, "alice"), Some(Lang::Fr));
    assert_eq!(private_lang(&r, "bob"), Some(Lang::En));
    // A choice made with `language` wins over the client's.
    say(&s, &bob, "language fr");
    let r = say(&s, &bob, "games");
    assert_eq!(r.speaker_lang, Some(Lang::Fr));
}

#[test]
fn a_communitys_language_is_its_channels_language() {
    let communities = community::CommunityMap::new(vec![community::CommunityDef {
        name: "club".into(),
        members: vec!["console".into()],
        posts: Vec::new(),
        language: Some(Lang::Fr),
        daily_puzzle: None,
    }])
    .expect("valid");
    let s = session(SessionConfig {
        communities,
        ..SessionConfig::default()
    });
    let r = say(&s, &ctx("alice"), "games");
    assert_eq!(r.lang, Some(Lang::Fr));
    // The community's choice wins over the platform's (a Discord server's locale).
    assert_eq!(r.channel_lang(Some(Lang::En)), Lang::Fr);
    // Elsewhere the operator's default, else the platform's.
    let s = session(SessionConfig {
        language: Some(Lang::Fr),
        ..SessionConfig::default()
    });
    assert_eq!(say(&s, &ctx("alice"), "games").lang, Some(Lang::Fr));
    let s = session(SessionConfig::default());
    assert_eq!(
        say(&s, &ctx("alice"), "games").channel_lang(Some(Lang::Fr)),
        Lang::Fr
    );
}
