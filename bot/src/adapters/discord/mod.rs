//! The Discord adapter: slash commands ([`commands`]), buttons ([`components`]), replies as
//! messages ([`deliver`]) and the deadline scheduler ([`scheduler`]). It only translates:
//! every decision is the session's. Runs on serenity + poise, sharded automatically, with
//! the non-privileged `GUILDS` intent only.

pub mod commands;
pub mod components;
pub mod deliver;
pub mod scheduler;

use crate::config::{ClockSection, DiscordSection};
use crate::runtime::fake_time::AdapterClock;
use poise::serenity_prelude as serenity;
use skald_session::{Context as SessionContext, Session, SessionConfig, User};
use std::path::Path;
use std::sync::Arc;

/// What every command and event handler shares.
pub struct Data {
    /// The session manager.
    pub session: Arc<Session>,
    /// `discord.threads`: a thread per challenge (and so per game).
    pub threads: bool,
    /// Wakes the scheduler to play the built-in engine's moves, after each answered command
    /// or button (so the engine's move is posted after the answer that gave it the turn).
    pub engine: Arc<tokio::sync::Notify>,
    /// How long a command or button may take before it is deferred ("thinking…").
    pub defer_after: std::time::Duration,
}

/// The error type of the commands.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// How the adapter runs (from the config file and the command line).
pub struct DiscordOptions {
    /// The sled data directory.
    pub data: std::path::PathBuf,
    /// Seed for the dice (tests).
    pub seed: Option<u64>,
    /// Session settings.
    pub session: SessionConfig,
    /// `[clock]`: the system clock, or a fake one for tests and demos.
    pub clock: ClockSection,
}

/// The session's view of who speaks where: the user by Discord id and display name, the
/// server as the community (ladder scope), the channel as where the game lives. Direct
/// messages form a community of their own per channel.
pub fn session_context(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> SessionContext {
    let name = user
        .global_name
        .clone()
        .unwrap_or_else(|| user.name.clone());
    let community = match guild {
        Some(g) => format!("discord:{g}"),
        None => format!("discord:dm:{channel}"),
    };
    SessionContext::new(
        User::new(deliver::PLATFORM, &user.id.to_string(), &name),
        &community,
        &channel.to_string(),
    )
}

/// Runs the adapter until the process is stopped.
pub fn run(section: &DiscordSection, opts: &DiscordOptions) -> Result<(), String> {
    let token = section.token().ok_or_else(|| {
        "the Discord token is missing: set SKALD_DISCORD_TOKEN (or the variable named by token_env)"
            .to_string()
    })?;
    let store = crate::runtime::open_store(Path::new(&opts.data))?;
    let rng = skald_session::dice_rng::dice_rng(opts.seed)?;
    let clock = Arc::new(AdapterClock::new(&opts.clock, &opts.data, &store)?);
    let session = Arc::new(
        Session::new(store, clock.clock(), rng, opts.session.clone()).map_err(|e| e.to_string())?,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let guild = section.guild;
    let threads = section.threads;
    let defer_after = section
        .defer_after_ms
        .map_or(commands::DEFER_AFTER, std::time::Duration::from_millis)
        .min(commands::MAX_DEFER_AFTER);
    let api_base = section.api_base.clone();
    let result = runtime.block_on(async move {
        let mut http = serenity::HttpBuilder::new(&token);
        if let Some(base) = &api_base {
            http = http.proxy(base.trim_end_matches('/')).ratelimiter_disabled(true);
        }
        let http = http.build();
        let data_session = session.clone();
        let engine = Arc::new(tokio::sync::Notify::new());
        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands: commands::all(),
                initialize_owners: false,
                event_handler: |fw, event| Box::pin(on_event(fw, event)),
                post_command: |ctx| Box::pin(async move { ctx.data().engine.notify_one() }),
                on_error: |error| Box::pin(on_error(error)),
                ..Default::default()
            })
            .setup(move |ctx, ready, framework| {
                Box::pin(async move {
                    match guild {
                        Some(g) => {
                            poise::builtins::register_in_guild(
                                ctx,
                                &framework.options().commands,
                                serenity::GuildId::new(g.max(1)),
                            )
                            .await?
                        }
                        None => {
                            poise::builtins::register_globally(ctx, &framework.options().commands)
                                .await?
                        }
                    }
                    tracing::info!(user = %ready.user.name, "connected to Discord, commands registered");
                    tokio::spawn(scheduler::run(
                        data_session.clone(),
                        clock.clone(),
                        ctx.http.clone(),
                        engine.clone(),
                    ));
                    Ok(Data {
                        session: data_session,
                        threads,
                        engine,
                        defer_after,
                    })
                })
            })
            .build();
        let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .map_err(|e| format!("cannot start the Discord client: {e}"))?;
        client
            .start_autosharded()
            .await
            .map_err(|e| format!("the Discord connection failed: {e}"))
    });
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    result
}

/// Buttons: everything that is not a slash command (poise handles those).
async fn on_event(
    fw: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        let data = fw.user_data().await;
        let answered = components::pressed(fw.serenity_context, data, press).await;
        data.engine.notify_one();
        answered?;
    }
    Ok(())
}

/// A failed command: logged (without its arguments) and answered with a short apology.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!(command = %ctx.command().name, error = %error, "command failed");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Sorry, that failed; please try again.")
                        .ephemeral(true),
                )
                .await;
        }
        // Options Discord sent in a shape the command does not expect (commands changed
        // since the client cached them, or a malformed request): say so, change nothing.
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "unexpected options");
            let _ = poise::Context::Application(ctx)
                .send(
                    poise::CreateReply::default()
                        .content("Sorry, I could not read this command's options (Discord may still show an older version of it); nothing was changed. Please try again in a minute, or see /help.")
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(format!(
                            "I could not read that: {error}. Nothing was changed; see /help."
                        ))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}
