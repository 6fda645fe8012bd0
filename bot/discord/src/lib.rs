//! The Discord adapter: slash commands ([`commands`]), buttons ([`components`]), replies as
//! messages ([`deliver`]) and the background loop's notices ([`outlet`]). It only translates:
//! every decision is the session's. Runs on serenity + poise, sharded automatically, with
//! the non-privileged `GUILDS` intent only.

pub mod buttons;
pub mod commands;
pub mod components;
pub mod deliver;
pub mod game_threads;
pub mod outlet;
pub mod progress;
pub mod server_locales;
pub mod split;
pub mod thread_sweep;

use poise::serenity_prelude as serenity;
use skald_port::gate::Gate;
use skald_port::sections::DiscordSection;
use skald_port::{Running, Shared};
use skald_session::{Context as SessionContext, Session, User};
use std::sync::Arc;

/// What every command and event handler shares.
pub struct Data {
    /// The session manager.
    pub session: Arc<Session>,
    /// `discord.threads`: a thread per challenge (and so per game), and per tournament game.
    pub threads: bool,
    /// Wakes the scheduler to play the built-in engine's moves, after each answered command
    /// or button (so the engine's move is posted after the answer that gave it the turn).
    pub engine: Arc<tokio::sync::Notify>,
    /// How long a command or button may take before it is deferred ("thinking…").
    pub defer_after: std::time::Duration,
    /// Commands in flight; closed at shutdown.
    pub gate: Arc<Gate>,
    /// Posts the news a command owes a game's home on another platform.
    pub router: Arc<skald_port::Router>,
    /// Each channel's server language, learned from interactions for the posts that come
    /// with none (shared with the [`outlet`]).
    pub servers: Arc<server_locales::ServerLocales>,
    /// The answers later notices edit (a review's progress), shared with the [`outlet`].
    pub progress: Arc<progress::Progress>,
}

/// The error type of the commands.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The session's view of who speaks where: the user by Discord id and display name, the
/// server as the community (ladder scope), the channel as where the game lives. Direct
/// messages form a community of their own per channel. What a player types is private.
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
    // Every command reaches the bot as an interaction, whose options only the person
    // using it sees (the bot reads no message content): private input, wherever it was used.
    SessionContext::private(
        User::new(deliver::PLATFORM, &user.id.to_string(), &name),
        &community,
        &channel.to_string(),
    )
}

/// Connects to Discord on the process's shared session: registers the commands, then
/// answers them until [`Running::stop`] shuts the shards down.
pub async fn start(section: &DiscordSection, shared: &Shared) -> Result<Running, String> {
    let token = section.token().ok_or_else(|| {
        "the Discord token is missing: set SKALD_DISCORD_TOKEN (or the variable named by token_env)"
            .to_string()
    })?;
    let guild = section.guild;
    let threads = section.threads;
    let shards = section.shard_range()?;
    // The process holding shard 0 registers the commands; the others only answer them.
    let registers = shards.is_none_or(|r| r.first == 0);
    let defer_after = section
        .defer_after_ms
        .map_or(commands::DEFER_AFTER, std::time::Duration::from_millis)
        .min(commands::MAX_DEFER_AFTER);
    let mut http = serenity::HttpBuilder::new(&token);
    if let Some(base) = &section.api_base {
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let servers = Arc::new(server_locales::ServerLocales::default());
    let progress = Arc::new(progress::Progress::default());
    let sweep_session = shared.session.clone();
    let data = Data {
        servers: servers.clone(),
        progress: progress.clone(),
        session: shared.session.clone(),
        threads,
        engine: shared.engine.clone(),
        defer_after,
        gate: shared.gate.clone(),
        router: shared.router.clone(),
    };
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
                // Registered from the session's table (`commands::registrations`); poise
                // only routes the interactions (`commands::all`).
                let _ = framework;
                // Threads a crash left empty, removed in the background.
                tokio::spawn(thread_sweep::sweep(
                    ctx.http.clone(),
                    sweep_session,
                    ready.user.id,
                    ready.guilds.iter().map(|g| g.id).collect(),
                ));
                if !registers {
                    tracing::info!(user = %ready.user.name, "connected to Discord (commands are registered by the process holding shard 0)");
                    return Ok(data);
                }
                let registered = commands::registrations();
                match guild {
                    Some(g) => {
                        serenity::GuildId::new(g.max(1))
                            .set_commands(ctx, registered)
                            .await?;
                    }
                    None => {
                        serenity::Command::set_global_commands(ctx, registered).await?;
                    }
                }
                tracing::info!(user = %ready.user.name, "connected to Discord, commands registered");
                Ok(data)
            })
        })
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    let outlet = Arc::new(outlet::DiscordOutlet {
        http: client.http.clone(),
        cache: client.cache.clone(),
        servers,
        session: shared.session.clone(),
        threads,
        progress,
    });
    let manager = client.shard_manager.clone();
    let done = tokio::spawn(async move {
        match shards {
            // serenity's range is inclusive of its end ("4..7" starts shards 4 to 7).
            Some(r) => {
                tracing::info!(
                    first = r.first,
                    last = r.last,
                    total = r.total,
                    "connecting Discord shards"
                );
                client.start_shard_range(r.first..r.last, r.total).await
            }
            None => client.start_autosharded().await,
        }
        .map_err(|e| format!("the Discord connection failed: {e}"))
    });
    Ok(Running {
        finite: false,
        outlet,
        done,
        stop: Box::new(move || {
            Box::pin(async move {
                manager.shutdown_all().await;
                tracing::info!("disconnected from Discord");
            })
        }),
    })
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

/// What only the caller of a failed command reads, in their language.
async fn apologise(ctx: Context<'_>, text: skald_session::Text) {
    let lang = commands::locales(ctx).user.unwrap_or_default();
    let _ = ctx
        .send(
            poise::CreateReply::default()
                .content(text.render(lang))
                .ephemeral(true),
        )
        .await;
}

/// A failed command: logged (without its arguments) and answered with a short apology.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!(command = %ctx.command().name, error = %error, "command failed");
            apologise(ctx, skald_session::t!("discord-failed")).await;
        }
        // Options Discord sent in a shape the command does not expect (commands changed
        // since the client cached them, or a malformed request): say so, change nothing.
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            tracing::warn!(command = %ctx.command().name, description, "unexpected options");
            let ctx = poise::Context::Application(ctx);
            apologise(ctx, skald_session::t!("discord-old-options")).await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::debug!(command = %ctx.command().name, error = %error, "unreadable option");
            apologise(ctx, skald_session::t!("discord-unreadable-option")).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}
