//! The Discord adapter end to end: the real `skald` binary against the loopback fake Discord
//! (`skald_tests::fake_discord`). Registration, a challenge, the Accept button, moves by
//! slash command and by button, autocomplete, an ephemeral Subulata view, a finished game
//! and the ladder; assertions on the recorded REST calls. Every request is checked against
//! Discord's published limits and every interaction answered within 3 s
//! ([`FakeDiscord::assert_valid`]).

use serde_json::{Value, json};
use skald_session::command::{ArgKind, COMMANDS, subcommand};
use skald_tests::fake_discord::{
    self, BOT_TOKEN as TOKEN, Call, FakeDiscord, command, most_verbose_log, start_bot,
    start_bot_logging, start_bot_with_guild,
};
use skald_tests::{TempDir, set_fake_time};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
/// Interaction response types and the ephemeral flag.
const MESSAGE: u64 = 4;
const AUTOCOMPLETE: u64 = 8;
const EPHEMERAL: u64 = 64;

fn callback_of(fake: &FakeDiscord, interaction: u64) -> Vec<Call> {
    let prefix = format!("/api/v10/interactions/{interaction}/token-{interaction}/callback");
    fake.wait_calls(1, &prefix, |c| c.path == prefix)
}

fn followups_of(fake: &FakeDiscord, interaction: u64, n: usize) -> Vec<Call> {
    let path = format!(
        "/api/v10/webhooks/{}/token-{interaction}",
        fake_discord::APP_ID
    );
    fake.wait_calls(n, &path, |c| {
        c.method == "POST" && c.path.starts_with(&path)
    })
}

/// The first message posted to `path` whose text contains `needle` (waited for).
fn posted(fake: &FakeDiscord, path: &str, needle: &str) -> Call {
    fake.wait_calls(1, &format!("'{needle}' posted at {path}"), |c| {
        c.path == path && c.json()["content"].as_str().unwrap_or("").contains(needle)
    })
    .remove(0)
}

/// Alice challenges bob in the channel (interaction 1), he accepts (2), she plays d1-d4
/// (3): game 1, bob to move.
fn bob_to_move(fake: &FakeDiscord) {
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 0, 0, Some(BOB), None),
    );
    callback_of(fake, 1);
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(2, BOB, "accept #1"),
    );
    callback_of(fake, 2);
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(3, ALICE, "d1-d4"),
    );
    let c = data_of(&callback_of(fake, 3)[0]);
    assert!(
        c["content"].as_str().unwrap_or("").contains("played d1-d4"),
        "{c}"
    );
}

fn data_of(call: &Call) -> Value {
    call.json()["data"].clone()
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

fn custom_ids(data: &Value) -> Vec<String> {
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(String::from))
        .collect()
}

/// The answer to interaction `id` (its response, or a follow-up after "thinking…") with a
/// file whose name ends with `suffix`, and that file's bytes.
fn answer_with_file(fake: &FakeDiscord, id: u64, suffix: &str) -> (Call, Vec<u8>) {
    let token = format!("/token-{id}");
    let call = fake
        .wait_calls(1, &format!("a {suffix} answering {id}"), |c| {
            c.path.contains(&token) && c.file(suffix).is_some()
        })
        .remove(0);
    let (_, bytes) = call.file(suffix).expect("the file");
    (call, bytes)
}

/// The frames of a GIF, decoded (panics when it does not decode).
fn gif_frames(gif: &[u8]) -> Vec<image::Frame> {
    use image::AnimationDecoder;
    let decoder =
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF header");
    decoder
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
}

fn resolved_user(who: (u64, &str)) -> Value {
    json!({"users": {who.0.to_string(): fake_discord::user(who.0, who.1)}})
}

#[test]
fn a_whole_discord_session_against_the_loopback_fake() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-e2e");
    // At the most verbose log filter there is: no secret may reach the log anyway.
    let (_bot, log) = start_bot_logging(&fake, data.path(), "", &most_verbose_log());

    // Registration: every command, in the configured guild, with the bot's token.
    let put = fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let reg = &put[0];
    assert_eq!(
        reg.path,
        format!(
            "/api/v10/applications/{}/guilds/{}/commands",
            fake_discord::APP_ID,
            fake_discord::GUILD_ID
        )
    );
    assert_eq!(reg.authorization, format!("Bot {TOKEN}"));
    let names: Vec<String> = reg
        .json()
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["name"].as_str().map(String::from))
        .collect();
    for name in [
        "challenge",
        "accept",
        "decline",
        "move",
        "board",
        "resign",
        "ladder",
        "rating",
        "help",
        "vacation",
        "arrange",
        "puzzle",
    ] {
        assert!(
            names.iter().any(|n| n == name),
            "/{name} registered: {names:?}"
        );
    }
    assert_eq!(names.len(), COMMANDS.len());
    assert_eq!(names.len(), 33);
    registered_limits_are_the_sessions(&reg.json());
    registered_in_french(&reg.json());
    let identify = fake.identify().expect("the bot identified");
    assert_eq!(identify["intents"], json!(1), "only the GUILDS intent");

    // A French client's refusal is in French, and names the command as its Discord shows it.
    let dave = (100_000_000_000_000_009, "dave");
    let mut i = command(
        90,
        2,
        dave,
        "vacation",
        json!([{"name": "days", "type": 4, "value": 40}]),
    );
    i["locale"] = json!("fr");
    fake.dispatch("INTERACTION_CREATE", i);
    let refused = data_of(&callback_of(&fake, 90)[0]);
    assert!(is_ephemeral(&refused), "{refused}");
    assert_eq!(
        refused["content"],
        "«\u{a0}40\u{a0}» n'est pas permis pour jours\u{a0}; attendu\u{a0}: de 1 à 14\n\
         utilisation\u{a0}: `/vacances jours`",
        "{refused}"
    );

    // A challenge: public, pings only bob, Accept/Decline buttons.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 0, 0, Some(BOB), None),
    );
    let c = data_of(&callback_of(&fake, 1)[0]);
    assert_eq!(callback_of(&fake, 1)[0].json()["type"], json!(MESSAGE));
    assert!(!is_ephemeral(&c));
    let text = c["content"].as_str().unwrap_or("");
    assert!(text.contains("Challenge #1"), "{c}");
    assert!(text.contains(&format!("<@{}>", BOB.0)), "{text}");
    assert_eq!(c["allowed_mentions"]["users"], json!([BOB.0.to_string()]));
    assert_eq!(c["allowed_mentions"]["parse"], json!([]));
    let ids = custom_ids(&c);
    // Buttons carry typed actions (the session's versioned encoding)...
    assert!(ids.contains(&"1:accept:1".to_string()), "{ids:?}");
    // ...labelled as Discord buttons are, and only the challenged player's: the challenger
    // withdraws with /cancel, not with a button everyone sees.
    let labels: Vec<String> = c["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(String::from))
        .collect();
    assert_eq!(labels, ["Accept", "Decline"], "{c}");
    // The text tells bob what to do on Discord: press the buttons, never a typed line.
    assert!(text.contains("press **Accept** or **Decline**"), "{text}");
    assert!(!text.contains("accept #1"), "{text}");

    // ...and ids posted before it (a command line) still work. Alice cannot press bob's
    // Accept: an ephemeral refusal.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(2, ALICE, "accept #1"),
    );
    let c = data_of(&callback_of(&fake, 2)[0]);
    assert!(is_ephemeral(&c), "{c}");

    // Bob accepts by button: the board as a PNG, alice (to move) pinged.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(3, BOB, "accept #1"),
    );
    let call = &callback_of(&fake, 3)[0];
    let c = data_of(call);
    assert!(!is_ephemeral(&c), "{c}");
    assert!(call.has_png(), "the board is attached");
    assert_eq!(c["allowed_mentions"]["users"], json!([ALICE.0.to_string()]));

    // Autocomplete offers alice's legal moves matching what she typed.
    let mut i = command(
        4,
        4,
        ALICE,
        "move",
        json!([
            {"name": "move", "type": 3, "value": "", "focused": true},
        ]),
    );
    i["data"]["options"][0]["focused"] = json!(true);
    fake.dispatch("INTERACTION_CREATE", i);
    let call = &callback_of(&fake, 4)[0];
    assert_eq!(call.json()["type"], json!(AUTOCOMPLETE));
    let choices = call.json()["data"]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    let first_move = choices[0]["value"].as_str().expect("a move").to_string();

    // Bob moving out of turn: refused, ephemeral, nothing public.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            5,
            2,
            BOB,
            "move",
            json!([
                {"name": "move", "type": 3, "value": first_move},
            ]),
        ),
    );
    assert!(is_ephemeral(&data_of(&callback_of(&fake, 5)[0])));
    // An illegal move is refused with the slash command's options as usage, not the text
    // grammar's line.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            55,
            2,
            ALICE,
            "move",
            json!([
                {"name": "move", "type": 3, "value": "z9-z9"},
            ]),
        ),
    );
    let refusal = data_of(&callback_of(&fake, 55)[0]);
    let said = refusal["content"].as_str().unwrap_or("");
    assert!(
        is_ephemeral(&refusal) && said.contains("`/move move [game]`"),
        "{said}"
    );
    assert!(!said.contains("move [#id]"), "{said}");

    // Alice moves by slash command: public, with the board.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            6,
            2,
            ALICE,
            "move",
            json!([
                {"name": "move", "type": 3, "value": first_move},
            ]),
        ),
    );
    let call = &callback_of(&fake, 6)[0];
    assert!(
        !is_ephemeral(&data_of(call)) && call.has_png(),
        "{}",
        call.json()
    );

    // A mention typed into the move (Discord sends `<@id>`) is echoed as typed, pinging
    // nobody.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(40, BOB, &format!("<@{}>", CAROL.0)),
    );
    let c = data_of(&callback_of(&fake, 40)[0]);
    let text = c["content"].as_str().unwrap_or("");
    assert!(is_ephemeral(&c), "{c}");
    assert!(
        text.contains(&format!("cannot play '<@{}>'", CAROL.0)) && !text.contains("<<@"),
        "{text}"
    );
    assert_eq!(c["allowed_mentions"]["users"], json!([]), "{c}");
    assert_eq!(c["allowed_mentions"]["parse"], json!([]), "{c}");
    // A move longer than Discord lets a client send (a client ignoring the registered
    // `max_length`): refused by the session, friendly and ephemeral.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(41, BOB, &"e7-e9 ".repeat(500)),
    );
    let c = data_of(&callback_of(&fake, 41)[0]);
    assert!(is_ephemeral(&c), "{c}");
    assert!(
        c["content"]
            .as_str()
            .unwrap_or("")
            .contains("move is too long; at most 200 characters"),
        "{c}"
    );

    // Bob resigns: the game is over, and the ladder shows both players.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(7, 2, BOB, "resign", json!([])),
    );
    let c = data_of(&callback_of(&fake, 7)[0]);
    assert!(!is_ephemeral(&c), "{c}");
    assert_eq!(
        custom_ids(&c),
        ["1:rematch:1", "1:export:1", "1:replay:1", "1:review:1"],
        "one button per command: {c}"
    );
    // Its Replay button posts the whole game as a GIF that decodes, a frame per position;
    // /export posts the record `skald import` reads.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(42, CAROL, "1:replay:1"),
    );
    let (call, gif) = answer_with_file(&fake, 42, ".gif");
    assert!(!is_ephemeral(&call.json()["data"]) && !is_ephemeral(&call.json()));
    let frames = gif_frames(&gif);
    // The start, then a frame per move the summary counts.
    let said = call.json().to_string();
    let moves = frames.len() - 1;
    assert!(
        said.contains(&format!(": {moves} move")),
        "{} frames: {said}",
        frames.len()
    );
    assert!(
        frames
            .iter()
            .all(|f| f.buffer().dimensions() == frames[0].buffer().dimensions())
    );
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            43,
            2,
            CAROL,
            "export",
            json!([{"name": "game", "type": 4, "value": 1}]),
        ),
    );
    let (call, record) = answer_with_file(&fake, 43, ".jsonl");
    let text = String::from_utf8(record).expect("text");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("{\"header\""), "{text}");
    assert!(lines[2].starts_with("{\"game\":{\"id\":1,"), "{text}");
    let content = call.json().to_string();
    assert!(content.contains("skald import"), "{content}");
    fake.dispatch(
        "INTERACTION_CREATE",
        command(8, 2, ALICE, "ladder", json!([])),
    );
    let c = data_of(&callback_of(&fake, 8)[0]);
    let text = c["content"].as_str().unwrap_or("");
    assert!(text.contains("alice") && text.contains("bob"), "{text}");

    // A dice game: the turn message offers the legal steps as buttons; one is pressed.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            9,
            2,
            ALICE,
            "challenge",
            json!([
                {"name": "rule_set", "type": 4, "value": 5},
                {"name": "seat", "type": 4, "value": 0},
            ]),
        ),
    );
    let c = data_of(&callback_of(&fake, 9)[0]);
    let accept = custom_ids(&c)
        .into_iter()
        .find(|id| id.starts_with("1:accept:"))
        .expect("an accept button");
    fake.dispatch("INTERACTION_CREATE", fake_discord::button(10, BOB, &accept));
    let c = data_of(&callback_of(&fake, 10)[0]);
    let step = custom_ids(&c)
        .into_iter()
        .find(|id| id.starts_with("1:move:"))
        .expect("step buttons");
    fake.dispatch("INTERACTION_CREATE", fake_discord::button(11, ALICE, &step));
    let call = &callback_of(&fake, 11)[0];
    assert!(
        !is_ephemeral(&data_of(call)) && call.has_png(),
        "{}",
        call.json()
    );
    // A choice from a select menu runs the option's action, like a button (here an option
    // value from before the encoding: a command line).
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::select(31, ALICE, "board #2"),
    );
    let call = &callback_of(&fake, 31)[0];
    let text = data_of(call)["content"].as_str().unwrap_or("").to_string();
    assert!(text.contains("Daldøsa") && call.has_png(), "{text}");

    // Subulata: "My pieces" gives the player an ephemeral board; the channel never does.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(12, ALICE, 4, 0, Some(BOB), None),
    );
    let c = data_of(&callback_of(&fake, 12)[0]);
    let accept = custom_ids(&c)
        .into_iter()
        .find(|id| id.starts_with("1:accept:"))
        .expect("an accept button");
    fake.dispatch("INTERACTION_CREATE", fake_discord::button(13, BOB, &accept));
    let c = data_of(&callback_of(&fake, 13)[0]);
    assert!(!is_ephemeral(&c));
    let mine = custom_ids(&c)
        .into_iter()
        .find(|id| id.starts_with("1:mine:"))
        .expect("a My pieces button");
    fake.dispatch("INTERACTION_CREATE", fake_discord::button(14, ALICE, &mine));
    let call = &callback_of(&fake, 14)[0];
    let c = data_of(call);
    assert!(is_ephemeral(&c) && call.has_png(), "{c}");
    assert!(
        c["content"].as_str().unwrap_or("").contains("only you")
            || c["content"].as_str().unwrap_or("").contains("your pieces"),
        "{c}"
    );
    let subulata: u64 = mine
        .trim_start_matches("1:mine:")
        .parse()
        .expect("a game number");
    // Pressed by a spectator: the note and the public board's whole text, for carol alone,
    // each message within Discord's cap (a longer text goes on in ephemeral follow-ups).
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(777, CAROL, &mine),
    );
    let call = &callback_of(&fake, 777)[0];
    let c = data_of(call);
    let text = c["content"].as_str().unwrap_or("");
    assert!(
        is_ephemeral(&c) && call.has_png() && custom_ids(&c).is_empty(),
        "{c}"
    );
    assert!(text.contains("no hidden pieces in this game"), "{c}");
    assert!(
        text.contains(&format!("#{subulata} Subulata, alice vs bob")),
        "{c}"
    );
    assert!(text.chars().count() <= 2000, "{c}");
    // /board: the public board in the channel, the caller's values in an ephemeral follow-up.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            15,
            2,
            ALICE,
            "board",
            json!([{"name": "game", "type": 4, "value": subulata}]),
        ),
    );
    assert!(!is_ephemeral(&data_of(&callback_of(&fake, 15)[0])));
    let f = followups_of(&fake, 15, 1);
    assert!(
        is_ephemeral(&f[0].json()) && f[0].has_png(),
        "{}",
        f[0].json()
    );
    // Each picture carries its one-line description as alt text for screen readers.
    let alt = &f[0].json()["attachments"][0]["description"];
    assert!(
        alt.as_str()
            .is_some_and(|a| a.contains(&format!("#{subulata} Subulata"))),
        "{}",
        f[0].json()
    );
    // `/board text:True`: the same as text in code blocks, no picture: the public board in
    // the channel, alice's own view (her values) in her ephemeral follow-up.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            44,
            2,
            ALICE,
            "board",
            json!([{"name": "game", "type": 4, "value": subulata},
                   {"name": "text", "type": 5, "value": true}]),
        ),
    );
    let public = &callback_of(&fake, 44)[0];
    let seen = content_of(&data_of(public));
    assert!(
        !is_ephemeral(&data_of(public)) && !public.has_png() && seen.contains("```"),
        "{seen}"
    );
    let f = followups_of(&fake, 44, 1);
    let own = content_of(&f[0].json());
    assert!(
        is_ephemeral(&f[0].json()) && !f[0].has_png() && own.contains("```"),
        "{own}"
    );
    let grid = |t: &str| t.split("```").nth(1).unwrap_or("").to_string();
    assert_ne!(grid(&own), grid(&seen), "her view shows her values");

    // Nothing ever went anywhere but the fake, and Discord would have taken every request.
    fake.assert_valid();
    // No secret is in any log line: not the bot token, not one interaction's token (each
    // lets anyone answer as the bot for 15 minutes), not a webhook URL...
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!logged.contains("panicked"), "{logged}");
    let mut secrets = vec![
        TOKEN.to_string(),
        format!("webhooks/{}/token-", fake_discord::APP_ID),
    ];
    secrets.extend((1..=44).map(|id| format!("token-{id}")));
    for secret in &secrets {
        let lines: Vec<&str> = logged.lines().filter(|l| l.contains(secret)).collect();
        assert!(
            lines.is_empty(),
            "{secret} was logged:\n{}",
            lines.join("\n")
        );
    }
    // ...although the requests that carry them were logged (masked): the log really was at
    // its most verbose.
    for route in [
        "route: InteractionResponse { interaction_id: InteractionId(1), token: \"[masked]\" }",
        "route: WebhookFollowupMessages { application_id: ApplicationId(900000000000000001), token: \"[masked]\" }",
    ] {
        assert!(logged.contains(route), "no request to {route} was logged");
    }
}

/// The registered options against the session's own table and limits: a text option's
/// `max_length` is the session's and within the longest line it reads, a number option has
/// the session's bounds, a game number starts at 1 and a choice offers exactly its list.
fn registered_limits_are_the_sessions(registered: &Value) {
    let max_input = skald_session::Limits::default().max_input_chars;
    for spec in COMMANDS {
        let reg = registered
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == spec.name)
            .unwrap_or_else(|| panic!("/{} registered", spec.name));
        for (path, args, options, _) in definitions(spec, reg) {
            for arg in args {
                let o = options
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|o| o["name"] == arg.name)
                    .unwrap_or_else(|| panic!("/{path} {} registered", arg.name));
                let what = format!("/{path} {}", arg.name);
                match arg.kind {
                    ArgKind::Text { max_len, .. } => {
                        assert_eq!(o["max_length"], json!(max_len), "{what}");
                        assert!(u32::from(max_len) <= max_input, "{what}");
                    }
                    ArgKind::Number { min, max, .. } => {
                        assert_eq!(
                            (&o["min_value"], &o["max_value"]),
                            (&json!(min), &json!(max)),
                            "{what}"
                        );
                    }
                    ArgKind::GameId => assert_eq!(o["min_value"], json!(1), "{what}"),
                    ArgKind::RuleSet | ArgKind::Seat | ArgKind::Level | ArgKind::Language => {
                        let n = o["choices"].as_array().map_or(0, Vec::len);
                        assert_eq!(n, arg.kind.choices().len(), "{what}");
                    }
                    ArgKind::Word { words } => {
                        let n = o["choices"].as_array().map_or(0, Vec::len);
                        assert_eq!(n, words.len(), "{what}");
                    }
                    ArgKind::User | ArgKind::Flag { .. } => {}
                }
            }
        }
    }
}

/// What a registered command's options are checked against: the command's own arguments,
/// or for a command with actions (`/tournament`) each subcommand's, with the registered
/// options of each and how each argument is described.
#[allow(clippy::type_complexity)]
fn definitions(
    spec: &'static skald_session::command::CommandInfo,
    reg: &Value,
) -> Vec<(
    String,
    &'static [skald_session::command::Arg],
    Value,
    Box<dyn Fn(&skald_session::command::Arg) -> skald_session::Text>,
)> {
    let subs = subcommand::of(spec.name);
    if subs.is_empty() {
        return vec![(
            spec.name.to_string(),
            spec.args,
            reg["options"].clone(),
            Box::new(|a| spec.arg_description(a)),
        )];
    }
    subs.iter()
        .map(|sub| {
            let o = reg["options"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == sub.name)
                .unwrap_or_else(|| panic!("/{} {} registered", spec.name, sub.name));
            assert_eq!(o["type"], json!(1), "a subcommand");
            (
                format!("{} {}", spec.name, sub.name),
                sub.args,
                o["options"].clone(),
                Box::new(|a: &skald_session::command::Arg| sub.arg_description(a))
                    as Box<dyn Fn(&skald_session::command::Arg) -> skald_session::Text>,
            )
        })
        .collect()
}

/// Every registered command, option and choice carries its French name and description (a
/// French client shows `/accepter partie:…`), as the session's message files give them; a
/// choice whose label is the same in every language (a rule set) carries none.
fn registered_in_french(registered: &Value) {
    let fr = skald_session::Lang::Fr;
    for spec in COMMANDS {
        let reg = registered
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == spec.name)
            .unwrap_or_else(|| panic!("/{} registered", spec.name));
        assert_eq!(reg["name_localizations"]["fr"], json!(spec.slash_name(fr)));
        assert_eq!(
            reg["description_localizations"]["fr"],
            json!(spec.description(fr)),
            "/{}",
            spec.name
        );
        for (path, args, options, describe) in definitions(spec, reg) {
            for arg in args {
                let what = format!("/{path} {}", arg.name);
                let o = options
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|o| o["name"] == arg.name)
                    .unwrap_or_else(|| panic!("{what} registered"));
                assert_eq!(
                    o["name_localizations"]["fr"],
                    json!(arg.option_name(fr)),
                    "{what}"
                );
                assert_eq!(
                    o["description_localizations"]["fr"],
                    json!(describe(arg).render(fr)),
                    "{what}"
                );
                let english = arg.kind.choices();
                let french = arg.kind.choice_labels(fr);
                let choices: Vec<&Value> = o["choices"].as_array().into_iter().flatten().collect();
                assert_eq!(choices.len(), english.len(), "{what}");
                for ((c, en), fr) in choices.iter().zip(english).zip(french) {
                    if en == fr {
                        assert!(c["name_localizations"].is_null(), "{what} {en}");
                    } else {
                        assert_eq!(c["name_localizations"]["fr"], json!(fr), "{what} {en}");
                    }
                }
            }
        }
    }
    let challenge = registered
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"] == "challenge")
        .expect("/challenge");
    assert_eq!(challenge["name_localizations"]["fr"], "défier");
    assert_eq!(challenge["options"][0]["name_localizations"]["fr"], "jeu");
}

#[test]
fn with_threads_each_challenge_opens_a_thread_where_the_game_lives() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-threads");
    let (_bot, _log) = start_bot(&fake, data.path(), "threads = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // A challenge the session refuses (alice names herself) is answered to alice alone, at
    // once, and makes no thread.
    let mut own = command(
        8,
        2,
        ALICE,
        "challenge",
        json!([
            {"name": "rule_set", "type": 4, "value": 0},
            {"name": "opponent", "type": 6, "value": ALICE.0.to_string()},
        ]),
    );
    own["data"]["resolved"] = resolved_user(ALICE);
    fake.dispatch("INTERACTION_CREATE", own);
    let answer = &callback_of(&fake, 8)[0];
    assert_eq!(
        answer.json()["type"],
        json!(MESSAGE),
        "answered, not deferred"
    );
    let c = data_of(answer);
    assert!(is_ephemeral(&c), "{c}");
    assert!(
        c["content"]
            .as_str()
            .unwrap_or("")
            .contains("cannot challenge yourself"),
        "{c}"
    );
    assert!(
        !fake.calls().iter().any(|c| c.path.ends_with("/threads")),
        "a refused challenge made a thread"
    );
    let mut i = command(
        1,
        2,
        ALICE,
        "challenge",
        json!([
            {"name": "rule_set", "type": 4, "value": 0},
            {"name": "opponent", "type": 6, "value": BOB.0.to_string()},
        ]),
    );
    i["data"]["resolved"] = resolved_user(BOB);
    // alice's display name differs from her username: the thread is named as she is shown.
    i["member"]["user"]["global_name"] = json!("Alice A.");
    fake.dispatch("INTERACTION_CREATE", i);
    // A user option without its resolved user cannot be read: an ephemeral apology, and
    // no thread, no challenge.
    let broken = command(
        9,
        2,
        ALICE,
        "challenge",
        json!([
            {"name": "rule_set", "type": 4, "value": 0},
            {"name": "opponent", "type": 6, "value": BOB.0.to_string()},
        ]),
    );
    fake.dispatch("INTERACTION_CREATE", broken);
    let c = data_of(&callback_of(&fake, 9)[0]);
    assert!(is_ephemeral(&c), "{c}");
    // Deferred at once, a thread made, the challenge posted in it, a pointer in the channel.
    assert_eq!(callback_of(&fake, 1)[0].json()["type"], json!(5));
    let thread = format!("/api/v10/channels/{}/messages", fake_discord::THREAD_ID);
    let posted = fake.wait_calls(1, "the challenge in the thread", |c| c.path == thread);
    let c = posted[0].json();
    assert!(
        c["content"].as_str().unwrap_or("").contains("Challenge #1"),
        "{c}"
    );
    assert_eq!(c["allowed_mentions"]["users"], json!([BOB.0.to_string()]));
    assert!(custom_ids(&c).contains(&"1:accept:1".to_string()), "{c}");
    let pointer = fake.wait_calls(1, "the pointer to the thread", |c| {
        c.path.contains("/token-1") && c.method != "GET" && !c.path.ends_with("callback")
    });
    let text = pointer[0].json()["content"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(
        text.contains(&format!("<#{}>", fake_discord::THREAD_ID)),
        "{text}"
    );
    // Bob accepts in the thread: the game starts there.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::in_channel(
            fake_discord::button(2, BOB, "accept #1"),
            fake_discord::THREAD_ID,
        ),
    );
    let call = &callback_of(&fake, 2)[0];
    let c = data_of(call);
    assert!(!is_ephemeral(&c) && call.has_png(), "{c}");
    assert!(
        c["content"]
            .as_str()
            .unwrap_or("")
            .contains("Game #1 starts"),
        "{c}"
    );
    let threads: Vec<Call> = fake
        .calls()
        .into_iter()
        .filter(|c| c.path.ends_with("/threads"))
        .collect();
    assert_eq!(
        threads.len(),
        1,
        "the unreadable challenge opened no thread"
    );
    assert_eq!(
        threads[0].json()["name"],
        json!("Hnefatafl 11x11 – Alice A.")
    );
    fake.assert_valid();
}

#[test]
fn on_a_fake_clock_reminders_and_timeouts_reach_the_game_thread() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-deadlines");
    let (_bot, log) = start_bot(&fake, data.path(), "threads = true\n[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 0, 0, Some(BOB), None),
    );
    let thread = format!("/api/v10/channels/{}/messages", fake_discord::THREAD_ID);
    fake.wait_calls(1, "the challenge in the thread", |c| c.path == thread);
    let in_thread = |i: Value| fake_discord::in_channel(i, fake_discord::THREAD_ID);
    fake.dispatch(
        "INTERACTION_CREATE",
        in_thread(fake_discord::button(2, BOB, "accept #1")),
    );
    let c = data_of(&callback_of(&fake, 2)[0]);
    assert!(
        c["content"].as_str().unwrap_or("").contains("2025-01-04"),
        "{c}"
    );
    // Alice (attackers) moves on 2025-01-01; bob's move is due 2025-01-04 00:00.
    fake.dispatch(
        "INTERACTION_CREATE",
        in_thread(fake_discord::move_command(3, ALICE, "d1-d4")),
    );
    let c = data_of(&callback_of(&fake, 3)[0]);
    assert!(
        c["content"].as_str().unwrap_or("").contains("played d1-d4"),
        "{c}"
    );

    // A day before the deadline: the reminder, in the thread, pinging only bob.
    set_fake_time(&data, "2025-01-03T00:30");
    let reminder = posted(&fake, &thread, "Reminder");
    let r = reminder.json();
    let text = r["content"].as_str().unwrap_or("");
    assert!(
        text.starts_with(&format!("<@{}>", BOB.0)) && text.contains("due by 2025-01-04 00:00 UTC"),
        "{text}"
    );
    assert_eq!(r["allowed_mentions"]["users"], json!([BOB.0.to_string()]));
    assert_eq!(r["allowed_mentions"]["parse"], json!([]));
    assert!(reminder.has_png(), "the board comes with the reminder");

    // Bob moves after the reminder; alice's turn is due 2025-01-06 00:30.
    fake.dispatch(
        "INTERACTION_CREATE",
        in_thread(fake_discord::move_command(4, BOB, "e7-e9")),
    );
    let c = data_of(&callback_of(&fake, 4)[0]);
    let text = c["content"].as_str().unwrap_or("");
    assert!(
        text.contains("played e7-e9") && text.contains("2025-01-06 00:30"),
        "{c}"
    );

    // Her deadline passes (the clock jumps over her reminder): alice loses on time, the
    // result and the rating changes are posted, pinging both.
    set_fake_time(&data, "2025-01-06T00:31");
    let o = posted(&fake, &thread, "time ran out").json();
    let text = o["content"].as_str().unwrap_or("");
    assert!(
        text.contains("alice (Attackers) ran out of time; bob (Defenders) wins.")
            && text.contains("Ratings (Hnefatafl 11x11)"),
        "{text}"
    );
    let mut pinged: Vec<String> = o["allowed_mentions"]["users"]
        .as_array()
        .map(|a| a.iter().map(|v| v.to_string()).collect())
        .unwrap_or_default();
    pinged.sort();
    assert_eq!(pinged, [ALICE.0, BOB.0].map(|id| format!("\"{id}\"")));
    assert_eq!(
        custom_ids(&o),
        ["1:rematch:1", "1:export:1", "1:replay:1", "1:review:1"],
        "{o}"
    );
    // Nothing went to the parent channel, and time only moved through the file.
    let parent = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    assert!(!fake.calls().iter().any(|c| c.path == parent));
    let reminders = fake
        .calls()
        .iter()
        .filter(|c| {
            c.json()["content"]
                .as_str()
                .unwrap_or("")
                .contains("Reminder")
        })
        .count();
    assert_eq!(
        reminders, 1,
        "one reminder: none for a deadline already past"
    );
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(logged.contains("FAKE clock"), "the fake clock is announced");
    fake.assert_valid();
}

/// A notice posted, whose answer was lost, by a process killed before it could strike the
/// notice from the outbox, is posted again by the next process under the same nonce, which
/// Discord enforces: the players read the reminder once (docs/DEPLOY.md).
#[test]
fn a_reminder_posted_again_after_a_crash_shows_once() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-once");
    let extra = "[clock]\nfake = true\n";
    let (bot, _log) = start_bot(&fake, data.path(), extra);
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    bob_to_move(&fake);

    // The reminder is made and posted; Discord's answer never comes back, and the process
    // dies waiting for it (SIGKILL).
    fake.lose_answers_to("Reminder");
    set_fake_time(&data, "2025-01-03T00:30");
    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    posted(&fake, &channel, "Reminder");
    drop(bot);

    // The next process finds it in the outbox and posts it again, under the same nonce.
    let (_bot, _log) = start_bot(&fake, data.path(), extra);
    let is_reminder = |c: &Call| {
        c.path == channel
            && c.json()["content"]
                .as_str()
                .unwrap_or("")
                .contains("Reminder")
    };
    let posts = fake.wait_calls(2, "the reminder posted again", is_reminder);
    let (first, again) = (posts[0].json(), posts[1].json());
    assert!(first["nonce"].is_string(), "{first}");
    assert_eq!(first["nonce"], again["nonce"]);
    assert_eq!(
        (&first["enforce_nonce"], &again["enforce_nonce"]),
        (&json!(true), &json!(true))
    );
    let shown = fake.messages_at(&channel);
    assert_eq!(
        shown.iter().filter(|c| is_reminder(c)).count(),
        1,
        "the channel shows the reminder once"
    );
    // Other notices carry other nonces: only the repeat was held back.
    let nonces: std::collections::HashSet<String> = shown
        .iter()
        .map(|c| c.json()["nonce"].to_string())
        .collect();
    assert_eq!(nonces.len(), shown.len(), "{nonces:?}");
    fake.assert_valid();
}

#[test]
fn a_conditional_move_is_answered_only_to_its_owner_and_played_when_its_move_comes() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-premove");
    let (_bot, _log) = start_bot(&fake, data.path(), "");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    bob_to_move(&fake);
    let before = fake.calls().len();

    // alice's line, on bob's turn: answered to her alone, nothing posted for the channel.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            4,
            2,
            ALICE,
            "premove",
            json!([{"name": "line", "type": 3, "value": "e7-e9 d4-d5"}]),
        ),
    );
    let calls = callback_of(&fake, 4);
    let answer = data_of(&calls[0]);
    assert!(is_ephemeral(&answer), "{answer}");
    assert!(
        content_of(&answer).contains("Queued in game #1: if e7-e9 then d4-d5."),
        "{answer}"
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    let public: Vec<String> = fake.calls()[before..]
        .iter()
        .filter(|c| c.method == "POST" && !is_ephemeral(&data_of(c)) && !is_ephemeral(&c.json()))
        .map(|c| c.json().to_string())
        .collect();
    assert!(public.is_empty(), "nothing public: {public:?}");

    // bob plays the predicted move: alice's answer comes in the same message.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::move_command(5, BOB, "e7-e9"),
    );
    let c = data_of(&callback_of(&fake, 5)[0]);
    assert!(!is_ephemeral(&c), "{c}");
    let text = content_of(&c);
    assert!(
        text.contains("bob (Defenders) played e7-e9.")
            && text.contains("alice (Attackers) answered at once with a conditional move: d4-d5."),
        "{text}"
    );
    // bob has no lines, and cannot see alice's.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(6, 2, BOB, "premove", json!([])),
    );
    let c = data_of(&callback_of(&fake, 6)[0]);
    assert!(
        is_ephemeral(&c) && content_of(&c).contains("You have no conditional moves in game #1"),
        "{c}"
    );
    fake.assert_valid();
}

#[test]
fn the_daily_digest_comes_as_a_direct_message_at_the_players_hour() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-digest");
    let (_bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // The fake clock starts on 2025-01-01 00:00 UTC: 09:00 in Paris is 08:00 UTC.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            1,
            2,
            ALICE,
            "digest",
            json!([{"name": "setting", "type": 3, "value": "on 09:00 Europe/Paris"}]),
        ),
    );
    let c = data_of(&callback_of(&fake, 1)[0]);
    assert!(is_ephemeral(&c), "{c}");
    assert!(
        content_of(&c)
            .contains("Your daily digest comes at 09:00 (Europe/Paris), the first in 8 hours"),
        "{c}"
    );
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(2, ALICE, 0, 0, Some(BOB), None),
    );
    callback_of(&fake, 2);
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(3, BOB, "accept #1"),
    );
    callback_of(&fake, 3);
    set_fake_time(&data, "2025-01-01T08:00");
    let dm = format!("/api/v10/channels/{}/messages", fake_discord::DM_ID);
    let digest = posted(&fake, &dm, "Your daily digest");
    let text = content_of(&digest.json());
    assert!(
        text.contains("one game waits for your move")
            && text.contains("#1 Hnefatafl 11x11 against bob: 2 days 16 hours left")
            && text.contains(&format!("<#{}>", fake_discord::CHANNEL_ID)),
        "{text}"
    );
    let opened = fake
        .calls()
        .into_iter()
        .filter(|c| c.path == "/api/v10/users/@me/channels")
        .collect::<Vec<_>>();
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0].json()["recipient_id"], json!(ALICE.0.to_string()));
    // Nothing of it in the game's channel.
    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    assert!(
        !fake
            .calls()
            .iter()
            .any(|c| c.path == channel && content_of(&c.json()).contains("digest"))
    );
    fake.assert_valid();
}

/// The text of a message or interaction answer.
fn content_of(data: &Value) -> String {
    data["content"].as_str().unwrap_or("").to_string()
}

#[test]
fn a_french_server_plays_in_french_and_its_reminders_and_timeouts_stay_french_after_a_restart() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-french");
    let (bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    fake.dispatch("GUILD_CREATE", fake_discord::guild_create("fr"));
    let french = |i: Value| fake_discord::in_locale(i, "fr", "fr");
    // Bob's first deadline, as French writes it (no line break inside).
    const DEADLINE: &str = "4\u{a0}janvier\u{a0}2025 à\u{a0}00\u{a0}h\u{a0}00\u{a0}UTC";
    fake.dispatch(
        "INTERACTION_CREATE",
        french(fake_discord::challenge(1, ALICE, 0, 0, Some(BOB), None)),
    );
    let c = data_of(&callback_of(&fake, 1)[0]);
    assert!(content_of(&c).contains("défie"), "{c}");
    fake.dispatch(
        "INTERACTION_CREATE",
        french(fake_discord::button(2, BOB, "accept #1")),
    );
    let c = content_of(&data_of(&callback_of(&fake, 2)[0]));
    assert!(
        c.contains("La partie #1 commence") && c.contains(DEADLINE),
        "{c}"
    );
    fake.dispatch(
        "INTERACTION_CREATE",
        french(fake_discord::move_command(3, ALICE, "d1-d4")),
    );
    let c = content_of(&data_of(&callback_of(&fake, 3)[0]));
    assert!(c.contains("alice (Assaillants) a joué d1-d4"), "{c}");

    // Restarted: no interaction has told this process the channel's language, the
    // server's preferred locale (sent by the gateway) does.
    drop(bot);
    let (_bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(2, "command registration again", |c| c.method == "PUT");
    fake.dispatch("GUILD_CREATE", fake_discord::guild_create("fr"));
    // An English client's command in another channel: answered in English, and (the gateway
    // delivering in order) the server is known once it is answered.
    let elsewhere = 900_000_000_000_000_042;
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::in_channel(command(4, 2, CAROL, "games", json!([])), elsewhere),
    );
    callback_of(&fake, 4);

    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    set_fake_time(&data, "2025-01-03T00:30");
    let reminder = content_of(&posted(&fake, &channel, "Rappel").json());
    assert!(
        reminder.starts_with(&format!("<@{}>", BOB.0))
            && reminder.contains(&format!("avant le {DEADLINE}, dans 23\u{a0}heures")),
        "{reminder}"
    );
    // Bob answers; then alice's deadline (2025-01-06 00:30) passes: she loses on time.
    fake.dispatch(
        "INTERACTION_CREATE",
        french(fake_discord::move_command(5, BOB, "e7-e9")),
    );
    let c = content_of(&data_of(&callback_of(&fake, 5)[0]));
    assert!(c.contains("bob (Défenseurs) a joué e7-e9"), "{c}");
    set_fake_time(&data, "2025-01-06T00:31");
    let over = content_of(&posted(&fake, &channel, "est écoulé").json());
    assert!(
        over.contains("alice (Assaillants) a dépassé son temps\u{a0}; bob (Défenseurs) gagne")
            && over.contains("Classements (Hnefatafl 11x11)"),
        "{over}"
    );
    let english = ["Reminder", "ran out", "wins", "Ratings"];
    for call in fake.calls().iter().filter(|c| c.path == channel) {
        let text = content_of(&call.json());
        assert!(!english.iter().any(|w| text.contains(w)), "{text}");
    }
    fake.assert_valid();
}

#[test]
fn slow_answers_are_deferred_and_my_pieces_answers_whoever_presses() {
    const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
    const DEFERRED: u64 = 5;
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-deferred");
    // Every command counts as slow: answered "thinking…" first, then by a follow-up.
    let (_bot, _log) = start_bot(&fake, data.path(), "defer_after_ms = 0\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // The "thinking…" answer (type 5; ephemeral as given), then the real one as a follow-up.
    let deferred = |id: u64, ephemeral: bool| -> (Call, Value, String) {
        let cb = callback_of(&fake, id)[0].json();
        assert_eq!(cb["type"], json!(DEFERRED), "{cb}");
        assert_eq!(is_ephemeral(&cb["data"]), ephemeral, "{cb}");
        let f = followups_of(&fake, id, 1).remove(0);
        let c = f.json();
        assert_eq!(is_ephemeral(&c), ephemeral, "{c}");
        let text = c["content"].as_str().unwrap_or("").to_string();
        (f, c, text)
    };
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(1, ALICE, 4, 0, Some(BOB), None),
    );
    let (_, f, text) = deferred(1, false);
    assert!(text.contains("Challenge #1"), "{f}");
    assert_eq!(f["allowed_mentions"]["users"], json!([BOB.0.to_string()]));
    assert!(custom_ids(&f).contains(&"1:accept:1".to_string()), "{f}");

    // A button is deferred the same way; its follow-up carries the board and the buttons.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(2, BOB, "accept #1"),
    );
    let (f, c, text) = deferred(2, false);
    assert!(f.has_png() && text.contains("Game #1 starts"), "{c}");
    assert_eq!(c["allowed_mentions"]["users"], json!([ALICE.0.to_string()]));
    assert!(custom_ids(&c).contains(&"1:mine:1".to_string()), "{c}");

    // "My pieces" pressed by a spectator: the public board and a friendly note, privately.
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(3, CAROL, "1:mine:1"),
    );
    let (f, c, text) = deferred(3, true);
    assert!(
        f.has_png() && text.contains("no hidden pieces in this game"),
        "{c}"
    );
    assert!(custom_ids(&c).is_empty(), "{c}");
    // … and by a player: their own values, privately (an id from before the encoding).
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::button(4, BOB, "mine #1"),
    );
    let (f, c, text) = deferred(4, true);
    assert!(f.has_png() && text.contains("your pieces"), "{c}");
    fake.assert_valid();
}

/// The user ids a message allows to be pinged.
fn pinged(data: &Value) -> Vec<String> {
    data["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(String::from))
        .collect()
}

#[test]
fn whoever_just_acted_is_not_pinged_and_the_next_player_is() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-pings");
    let (_bot, _log) = start_bot(&fake, data.path(), "[ai]\nbudget_scale = 0.004\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let mention = |who: (u64, &str)| format!("<@{}>", who.0);

    // Ad Elta Stelpur, bob White: an opening roll decides who starts. Bob presses Accept
    // until he is the one to move; his own answer never pings him, alice (whose challenge
    // it was) is pinged.
    let mut bob_started = false;
    for game in 1..=20u64 {
        let challenge = game * 2;
        fake.dispatch(
            "INTERACTION_CREATE",
            fake_discord::challenge(challenge, ALICE, 2, 1, Some(BOB), None),
        );
        let c = data_of(&callback_of(&fake, challenge)[0]);
        assert_eq!(pinged(&c), [BOB.0.to_string()], "the challenged player");
        fake.dispatch(
            "INTERACTION_CREATE",
            fake_discord::button(challenge + 1, BOB, &format!("1:accept:{game}")),
        );
        let c = data_of(&callback_of(&fake, challenge + 1)[0]);
        let text = c["content"].as_str().unwrap_or("");
        assert!(text.contains(&format!("Game #{game} starts")), "{c}");
        assert!(!text.starts_with(&mention(BOB)), "{text}");
        assert_eq!(pinged(&c), [ALICE.0.to_string()], "{c}");
        if text.contains(&format!("#{game}: bob (")) {
            bob_started = true;
            break;
        }
    }
    assert!(bob_started, "bob never moved first");

    // Carol challenges the engine and moves first: the answer pings nobody...
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::challenge(100, CAROL, 0, 0, None, Some(0)),
    );
    let c = data_of(&callback_of(&fake, 100)[0]);
    let text = c["content"].as_str().unwrap_or("").to_string();
    assert!(text.contains("starts"), "{c}");
    assert!(!text.starts_with(&mention(CAROL)), "{text}");
    assert_eq!(pinged(&c), Vec::<String>::new(), "{c}");
    let game: u64 = text
        .split("Game #")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the game's number");
    // ...and once she moved, the engine's answer (a channel message) pings her.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(
            101,
            2,
            CAROL,
            "move",
            json!([{"name": "move", "type": 3, "value": "d1-d4"},
                   {"name": "game", "type": 4, "value": game}]),
        ),
    );
    let c = data_of(&callback_of(&fake, 101)[0]);
    assert_eq!(pinged(&c), Vec::<String>::new(), "{c}");
    let channel = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    let answer = posted(&fake, &channel, "played").json();
    assert_eq!(pinged(&answer), [CAROL.0.to_string()], "{answer}");
    assert!(
        answer["content"]
            .as_str()
            .unwrap_or("")
            .starts_with(&mention(CAROL)),
        "{answer}"
    );
    fake.assert_valid();
}

/// The steps on offer in a turn's answer: the step buttons' ids and the menu's options.
fn steps_offered(data: &Value) -> (Vec<String>, Vec<(String, String)>) {
    let mut buttons = Vec::new();
    let mut menu = Vec::new();
    for row in data["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            match c["type"].as_u64() {
                Some(2) => {
                    let id = c["custom_id"].as_str().unwrap_or("");
                    if id.starts_with("1:move:") {
                        buttons.push(id.to_string());
                    }
                }
                Some(3) => {
                    for o in c["options"].as_array().into_iter().flatten() {
                        menu.push((
                            o["label"].as_str().unwrap_or("").to_string(),
                            o["value"].as_str().unwrap_or("").to_string(),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    (buttons, menu)
}

#[test]
fn a_dice_turn_offers_up_to_five_steps_as_buttons_and_more_in_a_menu_that_plays_them() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-menu");
    // Hundreds of steps in a minute: no rate limit.
    let (_bot, _log) = start_bot(&fake, data.path(), "[limits]\nrate_commands = 0\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    // Sends interaction `id` and returns its public answer (with the board, but for a
    // challenge).
    let send = |i: Value, id: u64| -> Value {
        fake.dispatch("INTERACTION_CREATE", i);
        let call = callback_of(&fake, id).remove(0);
        let c = data_of(&call);
        let challenge = c["content"].as_str().unwrap_or("").contains("Challenge #");
        assert!(!is_ephemeral(&c) && (challenge || call.has_png()), "{c}");
        c
    };
    let mut next = 0u64;
    let mut wanted: Vec<usize> = vec![6, 12];
    let mut menus_seen = 0;
    'games: for game in 1..=10u64 {
        next += 1;
        let c = send(
            fake_discord::challenge(next, ALICE, 2, 0, Some(BOB), None),
            next,
        );
        assert!(custom_ids(&c).contains(&format!("1:accept:{game}")), "{c}");
        next += 1;
        let mut answer = send(
            fake_discord::button(next, BOB, &format!("1:accept:{game}")),
            next,
        );
        for _ in 0..400 {
            let text = answer["content"].as_str().unwrap_or("").to_string();
            let (buttons, menu) = steps_offered(&answer);
            if buttons.is_empty() && menu.is_empty() {
                // Only when the game is over (a rematch is offered).
                assert!(
                    custom_ids(&answer).contains(&format!("1:rematch:{game}")),
                    "{answer}"
                );
                continue 'games;
            }
            // The status line says who is to move.
            let to_move = |who: (u64, &str)| {
                text.lines().any(|l| {
                    l.starts_with(&format!("#{game}: {} (", who.1)) && l.contains(") to move")
                })
            };
            let who = if to_move(ALICE) { ALICE } else { BOB };
            assert!(to_move(who), "{answer}");
            next += 1;
            if menu.is_empty() {
                // Up to five steps: buttons, in one row.
                assert!(buttons.len() <= 5, "{answer}");
                answer = send(fake_discord::button(next, who, &buttons[0]), next);
                continue;
            }
            // More: a menu with every step, and no step as a button.
            assert!(menu.len() > 5 && buttons.is_empty(), "{answer}");
            menus_seen += 1;
            let (label, value) = menu[menu.len() / 2].clone();
            answer = send(fake_discord::select(next, who, &value), next);
            let played = answer["content"].as_str().unwrap_or("");
            assert!(
                played.contains(&format!("#{game}: {} (", who.1))
                    && played.contains(&format!("played {label}.")),
                "choosing {label} from the menu: {answer}"
            );
            wanted.retain(|&n| n != menu.len());
            if wanted.is_empty() {
                break 'games;
            }
        }
        panic!("game #{game} did not end in 400 steps");
    }
    assert!(
        wanted.is_empty(),
        "no menu of {wanted:?} steps in ten games ({menus_seen} menus)"
    );
    fake.assert_valid();
}

/// A tournament on Discord (issue #22), in the old free-text shape a client with the command
/// list from before the subcommands sends: created with `/tournament` (its action completed
/// word by word), joined by three players,
/// started by its creator (a round-robin of 3: every game at once, a bye each round), whose
/// start pings each paired player; then `/tournament` shows the standings as a picture.
#[test]
fn a_tournament_is_created_joined_started_and_its_standings_drawn() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-tournament");
    // The old free-text shape, read until `OLD_ACTION_FORM_UNTIL` (2027-02-01): on the fake
    // clock (2025), so this stays a test of that shape whatever the date.
    let (_bot, _log) = start_bot(&fake, data.path(), "[clock]\nfake = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let tournament = |id: u64, who: (u64, &str), action: &str| {
        let options = json!([{"name": "action", "type": 3, "value": action}]);
        fake.dispatch(
            "INTERACTION_CREATE",
            command(id, 2, who, "tournament", options),
        );
        data_of(&callback_of(&fake, id)[0])
    };
    let text = |d: &Value| d["content"].as_str().unwrap_or("").to_string();

    // Autocomplete leads alice through the action word by word: the systems after the
    // game, then the options.
    let complete = |id: u64, typed: &str| -> Vec<String> {
        let options = json!([{"name": "action", "type": 3, "value": typed, "focused": true}]);
        fake.dispatch(
            "INTERACTION_CREATE",
            command(id, 4, ALICE, "tournament", options),
        );
        let call = &callback_of(&fake, id)[0];
        assert_eq!(call.json()["type"], json!(AUTOCOMPLETE));
        call.json()["data"]["choices"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|c| c["value"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(complete(101, "cr") == ["create"]);
    let systems = complete(102, "create tafl ");
    assert!(
        systems.contains(&"create tafl round-robin".to_string()),
        "{systems:?}"
    );
    let options = complete(103, "create tafl round-robin d");
    assert!(
        options.contains(&"create tafl round-robin days:2".to_string()),
        "{options:?}"
    );

    let created = tournament(1, ALICE, "create tafl round-robin days:2");
    assert!(
        text(&created).contains("Tournament #1 is open"),
        "{created}"
    );
    for (id, who) in [(2, ALICE), (3, BOB), (4, CAROL)] {
        let joined = tournament(id, who, "join");
        assert!(
            text(&joined).contains(&format!("{} joined tournament #1", who.1)),
            "{joined}"
        );
    }
    let started = tournament(5, ALICE, "start");
    let said = text(&started);
    for round in 1..=3 {
        assert!(said.contains(&format!("round {round} of 3")), "{said}");
    }
    assert!(said.contains("has the bye this round"), "{said}");
    // The paired players are pinged (alice started it: she is told, not pinged).
    let mut pinged: Vec<String> = started["allowed_mentions"]["users"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    pinged.sort();
    assert_eq!(
        pinged,
        [BOB.0, CAROL.0].map(|id| id.to_string()),
        "{started}"
    );

    // The standings: text and a picture.
    fake.dispatch(
        "INTERACTION_CREATE",
        command(6, 2, CAROL, "tournament", json!([])),
    );
    let (call, png) = answer_with_file(&fake, 6, ".png");
    let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("the standings are a PNG");
    assert!(
        picture.width() >= 400 && picture.height() >= 200,
        "{}x{}",
        picture.width(),
        picture.height()
    );
    let answer = data_of(&call);
    assert!(text(&answer).contains("Tournament #1"), "{answer}");
    assert!(
        answer["content"]
            .as_str()
            .unwrap_or("")
            .contains("Tournament #1"),
        "{answer}"
    );
    fake.assert_valid();
}

/// A big round-robin started at once (14 players: 91 games in 13 rounds) is announced in
/// several messages within Discord's 2000 characters (the fake checks each), every game
/// listed and every paired player pinged once; one message used to cut the list off.
#[test]
fn a_long_announcement_goes_out_in_several_messages_with_every_game_and_ping() {
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-long-announcement");
    let (_bot, _log) = start_bot(&fake, data.path(), "");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let players: Vec<(u64, String)> = (1..=14u64)
        .map(|i| (100_000_000_000_000_100 + i, format!("p{i:02}")))
        .collect();
    let tournament = |id: u64, who: (u64, &str), action: &str| {
        let options = tournament_options(action);
        fake.dispatch(
            "INTERACTION_CREATE",
            command(id, 2, who, "tournament", options),
        );
        callback_of(&fake, id);
    };
    let first = (players[0].0, players[0].1.as_str());
    tournament(1, first, "create tafl round-robin days:2");
    for (n, (id, name)) in players.iter().enumerate() {
        tournament(2 + n as u64, (*id, name.as_str()), "join");
    }
    let start = 2 + players.len() as u64;
    tournament(start, first, "start");
    // The answer, then its continuation as follow-ups, until the last round is listed.
    let answer = data_of(&callback_of(&fake, start)[0]);
    let mut messages = vec![answer];
    for n in 1..=6 {
        let said: String = messages
            .iter()
            .map(|m| m["content"].as_str().unwrap_or(""))
            .collect();
        if said.contains("round 13 of 13") && said.matches(" vs ").count() >= 91 {
            break;
        }
        messages = std::iter::once(messages[0].clone())
            .chain(followups_of(&fake, start, n).iter().map(Call::json))
            .collect();
    }
    assert!(messages.len() >= 2, "one message: {}", messages[0]);
    let said: Vec<&str> = messages
        .iter()
        .map(|m| m["content"].as_str().unwrap_or(""))
        .collect();
    for text in &said {
        assert!(
            text.chars().count() <= 2000,
            "{} characters",
            text.chars().count()
        );
        assert!(!text.contains('…'), "a message cut short: {text}");
    }
    let all = said.join("\n");
    for round in 1..=13 {
        assert!(all.contains(&format!("round {round} of 13")), "{all}");
    }
    assert_eq!(all.matches(" vs ").count(), 91, "{all}");
    // Each player but the one who started it is pinged, once across the messages.
    let mut pinged: Vec<String> = messages.iter().flat_map(allowed_users).collect();
    pinged.sort();
    let mut others: Vec<String> = players[1..].iter().map(|p| p.0.to_string()).collect();
    others.sort();
    assert_eq!(pinged, others);
    fake.assert_valid();
}

/// The users a message allows to be pinged, sorted.
fn allowed_users(data: &Value) -> Vec<String> {
    let mut users: Vec<String> = data["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(String::from))
        .collect();
    users.sort();
    users
}

#[test]
fn with_threads_each_tournament_game_gets_a_thread_where_it_is_played() {
    const DAVE: (u64, &str) = (100_000_000_000_000_004, "dave");
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-tournament-threads");
    let (_bot, _log) = start_bot(&fake, data.path(), "threads = true\n");
    fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    let players = [ALICE, BOB, CAROL, DAVE];
    let by_name = |name: &str| {
        players
            .into_iter()
            .find(|p| p.1 == name)
            .unwrap_or_else(|| panic!("a player named {name}"))
    };
    let tournament = |id: u64, who: (u64, &str), action: &str| {
        let options = tournament_options(action);
        fake.dispatch(
            "INTERACTION_CREATE",
            command(id, 2, who, "tournament", options),
        );
    };
    let text = |d: &Value| d["content"].as_str().unwrap_or("").to_string();
    let thread_path = |n: u64| format!("/api/v10/channels/{}/messages", fake_discord::thread_id(n));
    let home = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL_ID);
    let threads_made = || -> Vec<Value> {
        fake.calls()
            .into_iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
            .map(|c| c.json())
            .collect()
    };

    tournament(1, ALICE, "create tafl round-robin pace:rounds days:2");
    callback_of(&fake, 1);
    for (id, who) in [(2, ALICE), (3, BOB), (4, CAROL), (5, DAVE)] {
        tournament(id, who, "join");
        callback_of(&fake, id);
    }
    tournament(6, ALICE, "start");
    // Threads take requests: the answer is deferred, then says the round with a pointer to
    // each game's thread, pinging nobody there (each thread pings its players).
    assert_eq!(callback_of(&fake, 6)[0].json()["type"], json!(5));
    let answer = fake
        .wait_calls(1, "the start's answer", |c| {
            c.path.contains("/token-6") && c.method != "GET" && !c.path.ends_with("callback")
        })
        .remove(0)
        .json();
    let said = text(&answer);
    assert!(said.contains("round 1 of 3"), "{said}");
    for n in 0..2 {
        assert!(
            said.contains(&format!("<#{}>", fake_discord::thread_id(n))),
            "{said}"
        );
    }
    assert_eq!(allowed_users(&answer), Vec::<String>::new(), "{answer}");
    // Two threads in the tournament's channel, named after the game, archived after a week.
    let made = threads_made();
    assert_eq!(made.len(), 2, "{made:?}");
    let mut games = Vec::new();
    for (n, t) in made.iter().enumerate() {
        assert_eq!(t["type"], json!(11), "{t}");
        assert_eq!(t["auto_archive_duration"], json!(10080), "{t}");
        let name = t["name"].as_str().unwrap_or("");
        let (white, black) = name
            .strip_prefix("Hnefatafl 11x11 – ")
            .and_then(|rest| rest.split_once(" v "))
            .unwrap_or_else(|| panic!("a thread named after its game: {name}"));
        let (white, black) = (by_name(white), by_name(black));
        // Its opening message: the game, the board, both players pinged.
        let opening = posted(&fake, &thread_path(n as u64), "of tournament #1").json();
        let mut both = vec![white.0.to_string(), black.0.to_string()];
        both.sort();
        assert_eq!(allowed_users(&opening), both, "{opening}");
        let game: u64 = text(&opening)
            .split("Game #")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("the game's number: {opening}"));
        games.push((game, white, black));
    }
    let openings = fake
        .calls()
        .into_iter()
        .filter(|c| c.path == thread_path(0) && c.has_png())
        .count();
    assert_eq!(openings, 1, "the opening shows the board");

    // The first game's white player moves in its thread, without naming the game.
    let (_, white, _) = games[0];
    fake.dispatch(
        "INTERACTION_CREATE",
        fake_discord::in_channel(
            fake_discord::move_command(7, white, "d1-d4"),
            fake_discord::thread_id(0),
        ),
    );
    let moved = data_of(&callback_of(&fake, 7)[0]);
    assert!(text(&moved).contains("played d1-d4"), "{moved}");
    assert!(!is_ephemeral(&moved), "{moved}");

    // Both games end (resigned in their threads): round 2 is announced in the channel by
    // the background loop, its games in two new threads.
    for (i, (game, _, black)) in games.iter().enumerate() {
        let id = 8 + i as u64;
        fake.dispatch(
            "INTERACTION_CREATE",
            fake_discord::in_channel(
                command(id, 2, *black, "resign", json!([])),
                fake_discord::thread_id(i as u64),
            ),
        );
        let c = data_of(&callback_of(&fake, id)[0]);
        assert!(text(&c).contains(&format!("#{game}")), "{c}");
    }
    let round2 = posted(&fake, &home, "round 2 of 3").json();
    for n in 2..4 {
        assert!(
            text(&round2).contains(&format!("<#{}>", fake_discord::thread_id(n))),
            "{round2}"
        );
        let opening = posted(&fake, &thread_path(n), "of tournament #1").json();
        assert_eq!(allowed_users(&opening).len(), 2, "{opening}");
    }
    assert_eq!(allowed_users(&round2), Vec::<String>::new(), "{round2}");
    assert_eq!(threads_made().len(), 4);
    // Nothing of the games themselves in the tournament's channel.
    assert!(
        fake.messages_at(&home).iter().all(|c| !c.json()["content"]
            .as_str()
            .unwrap_or("")
            .contains("of tournament #1")),
        "an opening in the channel"
    );
    fake.assert_valid();
}

#[test]
fn quoted_discord_ids_in_the_config_work_like_bare_ones() {
    // `guild = "900…"`, as many bots' configurations quote ids, and the community's ids
    // quoted too: the real binary starts and registers its commands in that guild.
    let fake = FakeDiscord::start();
    let data = TempDir::new("discord-quoted-ids");
    let guild = fake_discord::GUILD_ID;
    let (_bot, log) = start_bot_with_guild(
        &fake,
        data.path(),
        &format!("\"{guild}\""),
        &format!(
            "\n[[community]]\nname = \"club\"\ndiscord_guilds = [\"{guild}\"]\ndiscord_channels = [\"{}\"]\n",
            fake_discord::CHANNEL_ID
        ),
        "warn",
    );
    let put = fake.wait_calls(1, "command registration", |c| c.method == "PUT");
    assert_eq!(
        put[0].path,
        format!(
            "/api/v10/applications/{}/guilds/{guild}/commands",
            fake_discord::APP_ID
        ),
        "{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
}

/// `/tournament`'s subcommand for a text action (`create tafl round-robin days:2`, `join`,
/// `start`) with its typed options, as a client with the current command list sends it.
fn tournament_options(action: &str) -> Value {
    let words: Vec<&str> = action.split_whitespace().collect();
    let Some((name, rest)) = words.split_first() else {
        return json!([{"name": "standings", "type": 1, "options": []}]);
    };
    let mut options = Vec::new();
    if *name == "create" {
        let rule_set = skald_session::command::RULE_SET_CHOICES
            .iter()
            .position(|r| {
                // `tafl` is Hnefatafl 11x11's short name.
                let typed = rest
                    .first()
                    .map(|w| if *w == "tafl" { "hnefatafl" } else { w });
                Some(r.id()) == typed
            })
            .expect("a rule set");
        let system = ["round-robin", "swiss", "knockout"]
            .iter()
            .position(|s| Some(*s) == rest.get(1).copied())
            .expect("a system");
        options.push(json!({"name": "rule_set", "type": 4, "value": rule_set}));
        options.push(json!({"name": "system", "type": 4, "value": system}));
        for word in rest.iter().skip(2) {
            let (key, value) = word.split_once(':').expect("key:value");
            let value: Value = match key {
                "pace" => json!(["all", "rounds"].iter().position(|p| *p == value)),
                _ => json!(value.parse::<u64>().expect("a number")),
            };
            options.push(json!({"name": key, "type": 4, "value": value}));
        }
    }
    json!([{"name": name, "type": 1, "options": options}])
}
