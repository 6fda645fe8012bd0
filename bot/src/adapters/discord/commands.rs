//! The slash commands: one per command of the shared grammar (`docs/SESSION.md`). Each turns
//! its options into the command line the console would type and hands it to the session;
//! `#id` options and `/move` complete from the session's suggestions.

// poise turns each command's doc comment into its Discord description and the generated
// function carries none.
#![allow(missing_docs)]

use super::deliver::{self, Outgoing};
use super::{Context, Error, session_context};
use crate::runtime::gate::{CLOSED, Pass};
use poise::ChoiceParameter as _;
use poise::serenity_prelude as serenity;
use skald_session::command::ENGINE_HANDLE;
use skald_session::suggest::Suggestion;
use std::time::Duration;

/// Past this, a command is deferred ("thinking…") so Discord's 3-second limit is never hit
/// (`[discord] defer_after_ms` changes it).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// The longest `defer_after_ms` honoured: later, the deferral itself could miss the limit.
pub const MAX_DEFER_AFTER: Duration = Duration::from_millis(2500);

/// The rule sets, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RuleSet {
    /// Hnefatafl 11x11.
    #[name = "Hnefatafl 11x11"]
    Hnefatafl,
    /// Hnefatafl 13x13.
    #[name = "Hnefatafl 13x13"]
    Hnefatafl13,
    /// Ad Elta Stelpur (Ludens Planet rules).
    #[name = "Ad Elta Stelpur"]
    Adelta,
    /// Ad Elta Stelpur (Alex le Rustik rules).
    #[name = "Ad Elta Stelpur (Rustik)"]
    AdeltaRustik,
    /// Subulata.
    #[name = "Subulata"]
    Subulata,
    /// Daldøsa.
    #[name = "Daldøsa"]
    Daldosa,
}

impl RuleSet {
    /// The rule set's id in the grammar.
    fn id(self) -> &'static str {
        match self {
            RuleSet::Hnefatafl => "hnefatafl",
            RuleSet::Hnefatafl13 => "hnefatafl-13",
            RuleSet::Adelta => "adelta",
            RuleSet::AdeltaRustik => "adelta-rustik",
            RuleSet::Subulata => "subulata",
            RuleSet::Daldosa => "daldosa",
        }
    }
}

/// Which seat the challenger takes.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Seat {
    /// Moves first.
    #[name = "first"]
    First,
    /// Moves second.
    #[name = "second"]
    Second,
    /// Drawn at acceptance.
    #[name = "random"]
    Random,
}

/// The built-in engine's levels, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Level {
    /// Quick and weak.
    #[name = "easy"]
    Easy,
    /// The default.
    #[name = "normal"]
    Normal,
    /// Thinks up to about 2 seconds a move.
    #[name = "hard"]
    Hard,
}

/// A pass for one command, held until it has answered; during shutdown the caller is told
/// to send it again later (ephemerally) and `None` comes back.
async fn enter(ctx: Context<'_>) -> Result<Option<Pass>, Error> {
    let pass = ctx.data().gate.enter().await;
    if pass.is_none() {
        ctx.send(deliver::poise_reply(&Outgoing::text(CLOSED), true))
            .await?;
    }
    Ok(pass)
}

/// Runs one command line for the caller and answers: the public part as the response,
/// refusals and the caller's private views ephemeral.
async fn run(ctx: Context<'_>, line: String) -> Result<(), Error> {
    let Some(_pass) = enter(ctx).await? else {
        return Ok(());
    };
    let sctx = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id());
    let caller = sctx.user.id.clone();
    let session = ctx.data().session.clone();
    let mut job = tokio::task::spawn_blocking(move || {
        let reply = session.handle(&sctx, &line);
        deliver::prepare(&reply, Some(&caller))
    });
    let joined = match finished_within(ctx.data().defer_after, &mut job).await {
        Some(done) => done,
        None => {
            ctx.defer().await?;
            job.await
        }
    };
    let prepared = match joined {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(error = %e, "a command failed");
            let sorry = Outgoing::text("Sorry, that failed; nothing was changed.");
            ctx.send(deliver::poise_reply(&sorry, true)).await?;
            return Ok(());
        }
    };
    if let Some(public) = &prepared.public {
        ctx.send(deliver::poise_reply(public, false)).await?;
    }
    for private in &prepared.ephemeral {
        ctx.send(deliver::poise_reply(private, true)).await?;
    }
    Ok(())
}

/// The job's result if it ends within `limit`; `None` when the answer must be deferred
/// (at once for a zero limit: `defer_after_ms = 0` defers every command, whatever the
/// timer's resolution).
pub(super) async fn finished_within<T>(
    limit: Duration,
    job: &mut tokio::task::JoinHandle<T>,
) -> Option<Result<T, tokio::task::JoinError>> {
    if limit.is_zero() {
        return None;
    }
    tokio::time::timeout(limit, job).await.ok()
}

/// ` #id` when given.
fn id(game: Option<u64>) -> String {
    game.map(|g| format!(" #{g}")).unwrap_or_default()
}

fn choices(list: Vec<Suggestion>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .filter_map(|s| {
                let value: u64 = s.value.parse().ok()?;
                let label: String = s.label.chars().take(100).collect();
                Some(serenity::AutocompleteChoice::new(label, value))
            })
            .collect(),
    )
}

/// Completes an `#id` option with the caller's games and challenges.
async fn complete_id(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id())
        .user
        .id;
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_ids(&user, &typed))
        .await
        .unwrap_or_default();
    choices(list)
}

/// Completes `/move`'s move with the legal moves matching what was typed.
async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id())
        .user
        .id;
    let game = match ctx {
        poise::Context::Application(app) => app.args.iter().find_map(|a| match a.value {
            serenity::ResolvedValue::Integer(i) if a.name == "game" => u64::try_from(i).ok(),
            _ => None,
        }),
        poise::Context::Prefix(_) => None,
    };
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_moves(&user, game, &typed))
        .await
        .unwrap_or_default();
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .map(|m| serenity::AutocompleteChoice::new(m.clone(), m))
            .collect(),
    )
}

/// Challenge someone (or anyone here) to a game.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The game to play"] rule_set: RuleSet,
    #[description = "Who to challenge (leave out: anyone here)"] opponent: Option<serenity::User>,
    #[description = "Your seat (default: random)"] seat: Option<Seat>,
    #[description = "Counts for the ladder (default: yes)"] ranked: Option<bool>,
    #[description = "Days per move (1-14, default 3)"] days: Option<u32>,
    #[description = "Play me, the built-in engine, at this level (or pick me as the opponent)"]
    level: Option<Level>,
) -> Result<(), Error> {
    let mut line = format!("challenge {}", rule_set.id());
    // The bot itself, or a level without an opponent, is the built-in engine (`@skald`).
    let bot = ctx.framework().bot_id();
    match opponent {
        Some(u) if u.id == bot => line.push_str(&format!(" @{ENGINE_HANDLE}")),
        Some(u) => line.push_str(&format!(" @{}", u.id)),
        None if level.is_some() => line.push_str(&format!(" @{ENGINE_HANDLE}")),
        None => line.push_str(" open"),
    }
    if let Some(l) = level {
        line.push_str(match l {
            Level::Easy => " easy",
            Level::Normal => " normal",
            Level::Hard => " hard",
        });
    }
    if let Some(s) = seat {
        line.push_str(match s {
            Seat::First => " first",
            Seat::Second => " second",
            Seat::Random => " random",
        });
    }
    if let Some(r) = ranked {
        line.push_str(if r { " ranked" } else { " casual" });
    }
    if let Some(d) = days {
        line.push_str(&format!(" days:{d}"));
    }
    if ctx.data().threads && ctx.guild_id().is_some() {
        return challenge_in_thread(ctx, line, rule_set).await;
    }
    run(ctx, line).await
}

/// `discord.threads = true`: the challenge opens a thread of its own in the channel, where
/// the game then lives (the session keeps the thread as the game's channel). The caller
/// gets a pointer to it; a refused challenge deletes the thread again.
async fn challenge_in_thread(
    ctx: Context<'_>,
    line: String,
    rule_set: RuleSet,
) -> Result<(), Error> {
    let Some(_pass) = enter(ctx).await? else {
        return Ok(());
    };
    ctx.defer().await?;
    let name = format!("{} – {}", rule_set.name(), ctx.author().name);
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx.http(),
            serenity::CreateThread::new(name.chars().take(100).collect::<String>())
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await?;
    let sctx = session_context(ctx.author(), ctx.guild_id(), thread.id);
    let caller = sctx.user.id.clone();
    let session = ctx.data().session.clone();
    let prepared = tokio::task::spawn_blocking(move || {
        let reply = session.handle(&sctx, &line);
        deliver::prepare(&reply, Some(&caller))
    })
    .await?;
    match &prepared.public {
        Some(public) => {
            thread
                .id
                .send_message(ctx.http(), deliver::channel_message(public))
                .await?;
            let pointer = Outgoing::text(&format!("Challenge posted in <#{}>.", thread.id));
            ctx.send(deliver::poise_reply(&pointer, false)).await?;
        }
        None => {
            if let Err(e) = thread.id.delete(ctx.http()).await {
                tracing::warn!(error = %e, "cannot delete the thread of a refused challenge");
            }
        }
    }
    for private in &prepared.ephemeral {
        ctx.send(deliver::poise_reply(private, true)).await?;
    }
    Ok(())
}

/// Make a move (or several steps of a dice turn, separated by spaces).
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "The move, like f2-f5"]
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    mv: String,
    #[description = "Game number (default: your game where it is your turn)"]
    #[autocomplete = "complete_id"]
    game: Option<u64>,
) -> Result<(), Error> {
    run(ctx, format!("move{} {mv}", id(game))).await
}

/// Place your Subulata values (nine numbers, in the documented order).
#[poise::command(slash_command)]
pub async fn arrange(
    ctx: Context<'_>,
    #[description = "Nine values, like 1 2 3 4 5 6 7 8 9"] values: String,
    #[description = "Game number"]
    #[autocomplete = "complete_id"]
    game: Option<u64>,
) -> Result<(), Error> {
    run(ctx, format!("arrange{} {values}", id(game))).await
}

/// Defines slash commands that take only an optional game or challenge number.
macro_rules! id_commands {
    ($($(#[$doc:meta])* $name:ident => $word:literal;)*) => {$(
        $(#[$doc])*
        #[poise::command(slash_command)]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = "Game or challenge number (default: the only one that fits)"]
            #[autocomplete = "complete_id"]
            game: Option<u64>,
        ) -> Result<(), Error> {
            run(ctx, format!("{}{}", $word, id(game))).await
        }
    )*};
}

id_commands! {
    /// Accept a challenge (or a rematch offer).
    accept => "accept";
    /// Decline a challenge, a draw offer or a takeback request.
    decline => "decline";
    /// Withdraw your own challenge.
    cancel => "cancel";
    /// Show the board (in Subulata, your own values privately too).
    board => "board";
    /// The moves played so far.
    moves => "moves";
    /// Give up the game.
    resign => "resign";
    /// End a game without result before both players have moved.
    abort => "abort";
    /// Offer a draw, or accept your opponent's offer.
    draw => "draw";
    /// Ask to take back your last move, or grant your opponent's request.
    takeback => "takeback";
    /// Offer (or accept) a new game with the seats swapped.
    rematch => "rematch";
    /// Your finished games, or one game's result and moves.
    history => "history";
}

/// Your active games and open challenges.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "games".into()).await
}

/// The top of this server's ladder.
#[poise::command(slash_command)]
pub async fn ladder(
    ctx: Context<'_>,
    #[description = "Rule set (default: all)"] rule_set: Option<RuleSet>,
) -> Result<(), Error> {
    let arg = rule_set.map(|r| format!(" {}", r.id())).unwrap_or_default();
    run(ctx, format!("ladder{arg}")).await
}

/// A player's ratings and record here.
#[poise::command(slash_command)]
pub async fn rating(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let arg = user.map(|u| format!(" @{}", u.id)).unwrap_or_default();
    run(ctx, format!("rating{arg}")).await
}

/// The rule sets, or one game's rules in short.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Rule set"] rule_set: Option<RuleSet>,
) -> Result<(), Error> {
    let arg = rule_set.map(|r| format!(" {}", r.id())).unwrap_or_default();
    run(ctx, format!("rules{arg}")).await
}

/// Pause your clocks for some days.
#[poise::command(slash_command)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How many days"] days: u32,
) -> Result<(), Error> {
    run(ctx, format!("vacation {days}")).await
}

/// The commands, or one command in detail.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "A command"] command: Option<String>,
) -> Result<(), Error> {
    let arg = command.map(|c| format!(" {c}")).unwrap_or_default();
    run(ctx, format!("help{arg}")).await
}

/// Every slash command.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        challenge(),
        accept(),
        decline(),
        cancel(),
        move_(),
        board(),
        moves(),
        resign(),
        abort(),
        draw(),
        takeback(),
        rematch(),
        arrange(),
        games(),
        history(),
        ladder(),
        rating(),
        rules(),
        vacation(),
        help(),
    ]
}
