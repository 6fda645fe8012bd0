//! The slash commands, registered from the session's one table of commands
//! ([`skald_session::command::COMMANDS`]): each command's options, choices, bounds and
//! completions come from its typed arguments there. An interaction's options are read back
//! into those typed arguments, the session builds the `Command` from them and executes it:
//! no text line in between. `#id` options and `/move` complete from the session's
//! suggestions.
//!
//! Every command, option and choice is registered in English (Discord's default) with its
//! name and description in each other language Skald speaks, from the message files
//! (`commands.ftl`): a French client shows `/accepter partie:…`. Discord sends the English
//! names back whatever the client shows, so commands are read by those.
//!
//! Registration uses serenity's builders directly (poise's run-time `CommandParameter` sets an
//! option's type through a plain `fn` pointer, which cannot carry per-option bounds or
//! lengths); poise still routes each interaction to one generic action by command name, and
//! keeps the reply, deferral, `post_command` and error plumbing the adapter already had.

use super::deliver::{self, Outgoing};
use super::game_threads;
use super::{Context, Data, Error, session_context};
use poise::serenity_prelude as serenity;
use skald_port::gate::{Pass, closed};
use skald_session::command::subcommand::{self, SubcommandInfo};
use skald_session::command::{
    self, ActionOf, Arg, ArgKind, Args, Command, CommandInfo, Completion, ENGINE_HANDLE, Raw,
};
use skald_session::own_channel::ChallengeChannel;
use skald_session::suggest::Suggestion;
use skald_session::{Lang, Reply, Session, Text, t};
use std::time::Duration;

/// Past this, a command is deferred ("thinking…") so Discord's 3-second limit is never hit
/// (`[discord] defer_after_ms` changes it).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// The longest `defer_after_ms` honoured: later, the deferral itself could miss the limit.
pub const MAX_DEFER_AFTER: Duration = Duration::from_millis(2500);

/// The registration of every command, built from the session's table.
pub fn registrations() -> Vec<serenity::CreateCommand> {
    command::COMMANDS.iter().map(registration).collect()
}

/// The languages other than English, each with Discord's names for it (`fr`): what commands,
/// options and choices are localised for.
fn localised() -> impl Iterator<Item = (Lang, &'static str)> {
    Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::En)
        .flat_map(|l| l.discord_locales().iter().map(move |locale| (l, *locale)))
}

/// One command's registration: its name and description in every language, and one option
/// per typed argument.
/// A command with actions (`tournament`, `league`) has one subcommand per action instead
/// (`/tournament create`), each with its own options ([`subcommand::of`]).
fn registration(spec: &CommandInfo) -> serenity::CreateCommand {
    let mut c = serenity::CreateCommand::new(spec.name).description(spec.description(Lang::En));
    for (lang, locale) in localised() {
        c = c
            .name_localized(locale, spec.slash_name(lang))
            .description_localized(locale, spec.description(lang));
    }
    let subs = subcommand::of(spec.name);
    if !subs.is_empty() {
        return subs
            .iter()
            .fold(c, |c, sub| c.add_option(subcommand_option(sub)));
    }
    spec.args.iter().fold(c, |c, arg| {
        c.add_option(option(arg, spec.arg_description(arg)))
    })
}

/// One action as a subcommand option, named and described in every language, holding its
/// own options.
fn subcommand_option(sub: &SubcommandInfo) -> serenity::CreateCommandOption {
    let mut o = serenity::CreateCommandOption::new(
        serenity::CommandOptionType::SubCommand,
        sub.name,
        sub.description(Lang::En),
    );
    for (lang, locale) in localised() {
        o = o
            .name_localized(locale, sub.slash_name(lang))
            .description_localized(locale, sub.description(lang));
    }
    sub.args.iter().fold(o, |o, arg| {
        o.add_sub_option(option(arg, sub.arg_description(arg)))
    })
}

/// A typed argument as a slash command option, named and described in every language:
/// choices as numbered integer choices (their number is their place in the session's list)
/// with their labels in every language, bounds and lengths as Discord enforces them.
fn option(arg: &Arg, description: Text) -> serenity::CreateCommandOption {
    use serenity::CommandOptionType as T;
    let kind = match arg.kind {
        ArgKind::GameId
        | ArgKind::RuleSet
        | ArgKind::Seat
        | ArgKind::Level
        | ArgKind::Language
        | ArgKind::Word { .. }
        | ArgKind::Number { .. } => T::Integer,
        ArgKind::User => T::User,
        ArgKind::Flag { .. } => T::Boolean,
        ArgKind::Text { .. } => T::String,
    };
    let mut o = serenity::CreateCommandOption::new(kind, arg.name, description.en())
        .required(arg.required)
        .set_autocomplete(arg.complete.offered());
    for (lang, locale) in localised() {
        o = o
            .name_localized(locale, arg.option_name(lang))
            .description_localized(locale, description.render(lang));
    }
    let labels: Vec<(&str, Vec<String>)> = localised()
        .map(|(lang, locale)| (locale, arg.kind.choice_labels(lang)))
        .collect();
    for (i, label) in (0i32..).zip(arg.kind.choices()) {
        // A label the same in every language (a rule set's name) is not repeated per locale.
        let other: Vec<(&str, String)> = labels
            .iter()
            .filter_map(|(locale, l)| {
                let l = l.get(usize::try_from(i).ok()?)?;
                (*l != label).then(|| (*locale, l.clone()))
            })
            .collect();
        o = if other.is_empty() {
            o.add_int_choice(label, i)
        } else {
            o.add_int_choice_localized(label, i, other)
        };
    }
    match arg.kind {
        ArgKind::GameId => o.min_int_value(1),
        ArgKind::Number { min, max, .. } => o.min_int_value(min.into()).max_int_value(max.into()),
        ArgKind::Text { max_len, .. } => o.max_length(max_len),
        _ => o,
    }
}

/// Every slash command for poise to route: by name to [`slash`], with the options that
/// complete (poise finds an autocomplete callback by the focused option's name; every one
/// is [`complete`], which offers what the option's definition says). Names and
/// descriptions per language as registered ([`registrations`]). A command with actions
/// routes each subcommand to [`slash`] too, and keeps its own action for the old shape a
/// client with an outdated command list still sends ([`OLD_ACTION_FORM_UNTIL`]).
pub fn all() -> Vec<poise::Command<Data, Error>> {
    command::COMMANDS
        .iter()
        .map(|spec| {
            let mut c = routed(
                spec.name,
                spec.name,
                |l| spec.slash_name(l),
                |l| spec.description(l),
                spec.args,
                |a| spec.arg_description(a),
            );
            c.subcommands = subcommand::of(spec.name)
                .iter()
                .map(|sub| {
                    routed(
                        sub.name,
                        &format!("{} {}", spec.name, sub.name),
                        |l| sub.slash_name(l),
                        |l| sub.description(l),
                        sub.args,
                        |a| sub.arg_description(a),
                    )
                })
                .collect();
            c
        })
        .collect()
}

/// One command (or subcommand) for poise: its names, its action ([`slash`]) and the
/// options that complete.
fn routed(
    name: &str,
    qualified: &str,
    slash_name: impl Fn(Lang) -> String,
    description: impl Fn(Lang) -> String,
    args: &[Arg],
    arg_description: impl Fn(&Arg) -> Text,
) -> poise::Command<Data, Error> {
    /// `(locale, words)` for every localised language.
    fn per_locale(words: impl Fn(Lang) -> String) -> Cows {
        localised()
            .map(|(lang, locale)| (locale.to_string().into(), words(lang).into()))
            .collect::<Vec<_>>()
            .into()
    }
    type Cow = std::borrow::Cow<'static, str>;
    type Cows = std::borrow::Cow<'static, [(Cow, Cow)]>;
    poise::Command {
        name: name.to_string().into(),
        name_localizations: per_locale(&slash_name),
        qualified_name: qualified.to_string().into(),
        identifying_name: qualified.to_string().into(),
        source_code_name: qualified.to_string().into(),
        description: Some(description(Lang::En).into()),
        description_localizations: per_locale(&description),
        slash_action: Some(|ctx| Box::pin(slash(ctx))),
        parameters: args
            .iter()
            .filter(|a| a.complete.offered())
            .map(|a| poise::CommandParameter {
                name: a.name.into(),
                name_localizations: per_locale(|l| a.option_name(l)),
                description: Some(arg_description(a).en().into()),
                description_localizations: per_locale(|l| arg_description(a).render(l)),
                required: a.required,
                channel_types: None,
                choices: Default::default(),
                type_setter: None,
                autocomplete_callback: Some(|ctx, partial| Box::pin(complete(ctx, partial))),
                __non_exhaustive: (),
            })
            .collect(),
        ..Default::default()
    }
}

/// Until when `/tournament` and `/league` are still read in their old shape (one free-text
/// `action` option, as a client that cached the command list before the subcommands sends
/// them): 2027-02-01 00:00 UTC, about nine weeks after the subcommands came. Discord
/// refreshes a bot's commands within the hour, so only a client left open since then (or
/// offline) still has the old list; afterwards the old shape is answered, privately, with
/// how to get the new list ([`old_shape`]) and nothing changes. DISCORD.md says why.
pub const OLD_ACTION_FORM_UNTIL: skald_session::clock::Timestamp =
    skald_session::clock::Timestamp(1_801_440_000);

/// The definition an interaction's options are read by: a subcommand's, or the command's
/// own (a command without actions, or the old shape of one with actions).
enum Definition {
    /// A command's own options.
    Command(&'static CommandInfo),
    /// An action's options.
    Sub(&'static SubcommandInfo),
}

impl Definition {
    /// The definition of the routed command, by its name and its parent's.
    fn of(ctx: poise::ApplicationContext<'_, Data, Error>) -> Option<Definition> {
        let leaf = &ctx.command().name;
        match ctx.command_tree.split_last() {
            Some((_, [.., parent])) => subcommand::find(&parent.name, leaf).map(Definition::Sub),
            _ => command::info(leaf).map(Definition::Command),
        }
    }

    fn args(&self) -> &'static [Arg] {
        match self {
            Definition::Command(spec) => spec.args,
            Definition::Sub(sub) => sub.args,
        }
    }
}

/// One slash command: its options read as the command's typed arguments, the command built
/// from them by the session's definition and run for the caller. Options the definition does
/// not know (a client with an outdated command list) are answered like poise answered them.
async fn slash(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> Result<(), poise::FrameworkError<'_, Data, Error>> {
    let mismatch = || poise::FrameworkError::new_command_structure_mismatch(ctx, OUTDATED);
    let Some(definition) = Definition::of(ctx) else {
        return Err(mismatch());
    };
    let bot = ctx.framework().bot_id().to_string();
    let mut args = Args::default();
    let mut refusal = None;
    for given in ctx.args {
        let Some(arg) = definition.args().iter().find(|a| a.name == given.name) else {
            return Err(mismatch());
        };
        let user_id;
        let raw = match &given.value {
            serenity::ResolvedValue::Integer(i) => Raw::Int(*i),
            serenity::ResolvedValue::Boolean(b) => Raw::Bool(*b),
            serenity::ResolvedValue::String(s) => Raw::Text(s),
            serenity::ResolvedValue::User(u, _) => {
                user_id = u.id.to_string();
                Raw::User(user_id.as_str())
            }
            // A user without Discord's resolved data is not read (as poise did not).
            _ => return Err(mismatch()),
        };
        // The bot itself picked as the opponent is the built-in engine (`@skald`).
        let raw = match raw {
            Raw::User(id) if id == bot => Raw::User(ENGINE_HANDLE),
            other => other,
        };
        match arg.read(raw) {
            Ok(v) => args.set(arg.name, v),
            Err(e) => {
                refusal.get_or_insert(e);
            }
        }
    }
    let cmd = match (&definition, refusal) {
        (Definition::Command(spec), _) if old_shape_too_late(ctx, spec) => {
            Err(old_shape(spec, asker_lang(ctx)))
        }
        (Definition::Command(spec), Some(message)) => Err(command::ParseError {
            message,
            usage: Some(spec.usage),
            command: Some(spec.name),
        }
        .text()),
        (Definition::Sub(sub), Some(message)) => Err(sub_refusal(sub, message, asker_lang(ctx))),
        (Definition::Command(spec), None) => spec.from_args(&args).map_err(|e| e.text()),
        (Definition::Sub(sub), None) => sub
            .from_args(&args)
            .map_err(|e| sub_refusal(sub, e.message, asker_lang(ctx))),
    };
    let ctx = Context::Application(ctx);
    let done = match &cmd {
        Ok(Command::Challenge(c)) if ctx.data().threads && ctx.guild_id().is_some() => {
            challenge_in_thread(ctx, c.clone()).await
        }
        _ => run(ctx, cmd).await,
    };
    done.map_err(|error| poise::FrameworkError::new_command(ctx, error))
}

/// Whether `spec` was sent in its old shape (a command that has actions now, invoked
/// without one) after [`OLD_ACTION_FORM_UNTIL`].
fn old_shape_too_late(ctx: poise::ApplicationContext<'_, Data, Error>, spec: &CommandInfo) -> bool {
    !subcommand::of(spec.name).is_empty() && ctx.data().session.now() >= OLD_ACTION_FORM_UNTIL
}

/// What a command sent in its old shape gets after [`OLD_ACTION_FORM_UNTIL`]: that the
/// client's command list is outdated, how to refresh it, and the new form; nothing changes.
fn old_shape(spec: &CommandInfo, lang: Lang) -> Text {
    let example = subcommand::of(spec.name)
        .iter()
        .find(|s| s.name == "join")
        .map(|s| format!("/{} {}", spec.slash_name(lang), s.slash_name(lang)))
        .unwrap_or_else(|| format!("/{}", spec.slash_name(lang)));
    t!(
        "discord-old-action-form",
        command = spec.slash_name(lang),
        example = example
    )
}

/// A subcommand's refusal: what was wrong, then its options as the caller's Discord shows
/// them (`usage: /tournament create rule_set system [rounds] …`).
/// The options are named in the caller's client's language (`lang`), as their Discord
/// shows them.
fn sub_refusal(sub: &SubcommandInfo, message: Text, lang: Lang) -> Text {
    let command =
        command::info(sub.command).map_or_else(|| sub.command.to_string(), |c| c.slash_name(lang));
    let mut text = message;
    text.line(t!("cmd-usage", usage = sub.usage(&command, lang)));
    text
}

/// Why options did not match the command's definition (logged; the caller is told the
/// command may have changed since their client cached it).
const OUTDATED: &str = "options do not match the command's definition";

/// What the session answers to a command built from typed options (or buttons), or to the
/// options' refusal (said with the command's usage line, like a line that does not parse).
/// The news for a game's home on another platform goes out through `router`.
pub(super) fn answer(
    session: &Session,
    router: &skald_port::Router,
    sctx: &skald_session::Context,
    cmd: Result<Command, Text>,
) -> Reply {
    match cmd {
        Ok(cmd) => {
            let mut reply = session.execute(sctx, cmd);
            router.forward(std::mem::take(&mut reply.elsewhere));
            reply
        }
        Err(refusal) => Reply::refused(refusal),
    }
}
/// A pass for one command, held until it has answered; during shutdown the caller is told
/// to send it again later (ephemerally) and `None` comes back.
async fn enter(ctx: Context<'_>) -> Result<Option<Pass>, Error> {
    let pass = ctx.data().gate.enter().await;
    if pass.is_none() {
        let lang = locales(ctx).user.unwrap_or_default();
        ctx.send(deliver::poise_reply(&Outgoing::text(&closed(lang)), true))
            .await?;
    }
    Ok(pass)
}

/// The caller's and the server's languages, as the interaction says them; the server's is
/// remembered for the channel's later posts.
pub(super) fn locales(ctx: Context<'_>) -> deliver::Locales {
    let locales = match ctx {
        poise::Context::Application(app) => deliver::Locales::new(
            Some(&app.interaction.locale),
            app.interaction.guild_locale.as_deref(),
        ),
        poise::Context::Prefix(_) => return deliver::Locales::default(),
    };
    ctx.data().servers.learn(ctx.channel_id(), locales.guild);
    locales
}

/// Whether the caller administers this server: the Manage Server permission, as the
/// interaction resolves it for them in this channel (never in a direct message).
fn manages_server(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    }
}

/// Runs one command for the caller and answers: the public part as the response,
/// refusals and the caller's private views ephemeral.
async fn run(ctx: Context<'_>, cmd: Result<Command, Text>) -> Result<(), Error> {
    let Some(_pass) = enter(ctx).await? else {
        return Ok(());
    };
    let mut sctx = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id())
        .with_locale(locales(ctx).user);
    sctx.admin = manages_server(ctx);
    let caller = sctx.user.id.clone();
    let session = ctx.data().session.clone();
    let router = ctx.data().router.clone();
    let locales = locales(ctx);
    // `discord.threads` in a server: a tournament round's games get threads of their own.
    let threads = ctx.data().threads && ctx.guild_id().is_some();
    let mut job = {
        let caller = caller.clone();
        tokio::task::spawn_blocking(move || {
            let reply = answer(&session, &router, &sctx, cmd);
            if threads && !reply.own_channels.is_empty() {
                // Threads first, then the answer pointing to them.
                return Err(Box::new(reply));
            }
            Ok(deliver::prepare(&reply, Some(&caller), locales))
        })
    };
    let (joined, deferred) = match finished_within(ctx.data().defer_after, &mut job).await {
        Some(done) => (done, false),
        None => {
            ctx.defer().await?;
            (job.await, true)
        }
    };
    let joined = match joined {
        Ok(Err(reply)) => {
            // A thread per game takes a few requests each: never within Discord's limit
            // for certain.
            if !deferred {
                ctx.defer().await?;
            }
            let data = ctx.data();
            let threads = game_threads::Threads {
                http: ctx.http(),
                session: &data.session,
                servers: &data.servers,
            };
            let parts = skald_port::once_key::Parts::new(None);
            let reply = threads
                .open(ctx.channel_id(), locales.guild, *reply, &parts)
                .await;
            tokio::task::spawn_blocking(move || deliver::prepare(&reply, Some(&caller), locales))
                .await
        }
        Ok(Ok(prepared)) => Ok(prepared),
        Err(e) => Err(e),
    };
    let prepared = match joined {
        Ok(p) => p,
        Err(e) => {
            tracing::error!(error = %e, "a command failed");
            let lang = locales.user.unwrap_or_default();
            let sorry = Outgoing::said(t!("discord-failed"), lang);
            ctx.send(deliver::poise_reply(&sorry, true)).await?;
            return Ok(());
        }
    };
    let mut first = true;
    for message in prepared.channel_messages() {
        // The answer after a deferral is a follow-up, else the original response.
        let followup = match ctx {
            poise::Context::Application(app) => app
                .has_sent_initial_response
                .load(std::sync::atomic::Ordering::SeqCst),
            poise::Context::Prefix(_) => false,
        };
        if first
            && !followup
            && let (Some(key), poise::Context::Application(app)) = (&prepared.progress, ctx)
        {
            // Known before it is sent, so a progress notice racing the answer edits it.
            let progress = &ctx.data().progress;
            let channel = ctx.channel_id();
            super::progress::remember_answer(
                progress,
                key,
                &app.interaction.token,
                false,
                channel,
                None,
            );
        }
        let handle = ctx.send(deliver::poise_reply(message, false)).await?;
        if first && let (Some(key), poise::Context::Application(app)) = (&prepared.progress, ctx) {
            // Read back for its id, so it can still be edited once the token expired.
            let sent = handle.message().await;
            if let Err(e) = &sent {
                tracing::warn!(error = %e, "discord: cannot read back a progress message");
            }
            super::progress::remember_answer(
                &ctx.data().progress,
                key,
                &app.interaction.token,
                followup,
                ctx.channel_id(),
                sent.as_deref().ok(),
            );
        }
        first = false;
    }
    for private in &prepared.ephemeral {
        ctx.send(deliver::poise_reply(private, true)).await?;
    }
    for (user, message) in &prepared.direct {
        super::outlet::send_direct(ctx.http(), *user, message, None).await;
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

/// The language to complete in: the one the asker's Discord client shows (English for one
/// Skald does not speak).
fn asker_lang(ctx: poise::ApplicationContext<'_, Data, Error>) -> Lang {
    Lang::from_locale(&ctx.interaction.locale).unwrap_or_default()
}

/// The session's suggestions as Discord's autocomplete choices, each label in the asker's
/// language (at most Discord's 100 characters) and each value of the option's type.
fn choices(list: Vec<Suggestion>, lang: Lang, of: Offered) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .filter_map(|s| {
                let label: String = s.label.render(lang).chars().take(100).collect();
                Some(match of {
                    // An integer option (`#id`) takes only a number back.
                    Offered::Numbers => {
                        serenity::AutocompleteChoice::new(label, s.value.parse::<u64>().ok()?)
                    }
                    Offered::Text => serenity::AutocompleteChoice::new(label, s.value),
                })
            })
            .collect(),
    )
}

/// The type of the option a list of suggestions completes: Discord refuses a choice whose
/// value is not of the option's type, so a name offered to a text option stays text (a
/// player's name is not a number: offering it as one would drop it).
#[derive(Clone, Copy)]
enum Offered {
    /// An integer option: a game's or challenge's number.
    Numbers,
    /// A text option: a player's name.
    Text,
}

/// Completes the focused option with what its definition offers ([`Arg::complete`]):
/// the caller's games, the community's players, time controls, legal moves or an action's
/// next word. An option the definition does not know (an outdated client) gets nothing.
async fn complete(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let focused = ctx.args.iter().find_map(|a| match a.value {
        serenity::ResolvedValue::Autocomplete { .. } => Some(a.name),
        _ => None,
    });
    let arg = Definition::of(ctx).and_then(|d| d.args().iter().find(|a| Some(a.name) == focused));
    match arg.map_or(Completion::Nothing, |a| a.complete) {
        Completion::Nothing => serenity::CreateAutocompleteResponse::new(),
        Completion::GamesAndChallenges => complete_id(ctx, partial).await,
        Completion::Players => complete_player(ctx, partial).await,
        Completion::TimeControls => complete_clock(ctx, partial),
        Completion::Moves => complete_move(ctx, partial).await,
        Completion::PuzzleMoves => complete_puzzle(ctx, partial).await,
        Completion::Action(of) => complete_action(of, partial),
    }
}

/// Completes an `#id` option with the caller's games and challenges.
async fn complete_id(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let user = caller(ctx);
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_ids(&user, &typed))
        .await
        .unwrap_or_default();
    choices(list, asker_lang(ctx), Offered::Numbers)
}

/// Completes `/challenge`'s `player` with the community's players of every platform.
async fn complete_player(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let scope = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id()).community;
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_players(&scope, &typed))
        .await
        .unwrap_or_default();
    choices(list, asker_lang(ctx), Offered::Text)
}

/// Completes a time control (`/challenge`'s `clock`) with the common ones matching what was
/// typed, described in the asker's language (free text stays allowed: any control the
/// session reads).
fn complete_clock(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let typed = partial.trim().to_lowercase();
    let lang = asker_lang(ctx);
    serenity::CreateAutocompleteResponse::new().set_choices(
        skald_session::time_control::COMMON
            .iter()
            .filter(|(code, _)| code.starts_with(&typed))
            .map(|(code, _)| serenity::AutocompleteChoice::new(clock_label(code, lang), *code))
            .collect(),
    )
}

/// Completes an action (`/tournament`'s and `/league`'s) with the next word its grammar
/// accepts (`create` → the games → the systems → the options), so a player finds
/// `create tafl swiss rounds:5` without reading the help first.
fn complete_action(of: ActionOf, partial: &str) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        command::complete::action(of, partial)
            .into_iter()
            .map(|line| serenity::AutocompleteChoice::new(line.clone(), line))
            .collect(),
    )
}

/// A common time control (`3d+6h`) as offered to a reader of `lang`: the code and what it
/// means (`complete-clock-3d-6h`).
pub fn clock_label(code: &str, lang: Lang) -> String {
    let id = format!("complete-clock-{}", code.replace('+', "-"));
    skald_lang::render_message(lang, &id, &[("code", code)])
}

/// Completes `/puzzle`'s option with the moves of the caller's puzzle, or its words.
async fn complete_puzzle(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let user = caller(ctx);
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_puzzle(&user, &typed))
        .await
        .unwrap_or_default();
    as_typed(list)
}

/// Completions shown as they are typed (moves): each one's label is its value.
fn as_typed(list: Vec<String>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        list.into_iter()
            .map(|m| serenity::AutocompleteChoice::new(m.clone(), m))
            .collect(),
    )
}

/// Completes a move (`/move`'s) with the legal moves matching what was typed, in the game
/// the command's game number option names (else the caller's only one).
async fn complete_move(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let user = caller(ctx);
    let spec = command::info(&ctx.command().name);
    let is_game = |name: &str| {
        spec.is_some_and(|spec| {
            spec.args
                .iter()
                .any(|a| a.name == name && a.kind == ArgKind::GameId)
        })
    };
    let game = ctx.args.iter().find_map(|a| match a.value {
        serenity::ResolvedValue::Integer(i) if is_game(a.name) => u64::try_from(i).ok(),
        _ => None,
    });
    let session = ctx.data().session.clone();
    let typed = partial.to_string();
    let list = tokio::task::spawn_blocking(move || session.suggest_moves(&user, game, &typed))
        .await
        .unwrap_or_default();
    as_typed(list)
}

/// Who is asking for completions, as the session knows them.
fn caller(ctx: poise::ApplicationContext<'_, Data, Error>) -> skald_session::UserId {
    let i = ctx.interaction;
    session_context(&i.user, i.guild_id, i.channel_id).user.id
}

/// `discord.threads = true`: the challenge opens a thread of its own in the channel, where
/// the game then lives (the session keeps the thread as the game's channel). The session
/// decides ([`Session::challenge_channel`]): a challenge it would refuse is answered to the
/// caller alone and no thread is made; otherwise it names the thread, the challenge is made
/// there, the caller gets a pointer to it, and the thread is deleted again when the session
/// says so ([`skald_session::own_channel::InOwnChannel::keep_channel`]: refused after all,
/// by a race).
async fn challenge_in_thread(ctx: Context<'_>, spec: command::ChallengeSpec) -> Result<(), Error> {
    let Some(_pass) = enter(ctx).await? else {
        return Ok(());
    };
    let here = session_context(ctx.author(), ctx.guild_id(), ctx.channel_id())
        .with_locale(locales(ctx).user);
    let caller = here.user.id.clone();
    let session = ctx.data().session.clone();
    let planned = {
        let spec = spec.clone();
        let caller = caller.clone();
        let locales = locales(ctx);
        tokio::task::spawn_blocking(move || match session.challenge_channel(&here, &spec) {
            ChallengeChannel::Refused(refusal) => {
                Err(Box::new(deliver::prepare(&refusal, Some(&caller), locales)))
            }
            ChallengeChannel::Open { name } => Ok(name),
        })
        .await?
    };
    let name = match planned {
        Ok(name) => name,
        Err(refused) => {
            for private in &refused.ephemeral {
                ctx.send(deliver::poise_reply(private, true)).await?;
            }
            return Ok(());
        }
    };
    ctx.defer().await?;
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx.http(),
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await?;
    super::thread_sweep::die_here_if_asked();
    // The thread reads its parent channel's server language.
    ctx.data().servers.learn(thread.id, locales(ctx).guild);
    let sctx =
        session_context(ctx.author(), ctx.guild_id(), thread.id).with_locale(locales(ctx).user);
    let session = ctx.data().session.clone();
    let router = ctx.data().router.clone();
    let locales = locales(ctx);
    let (prepared, keep) = tokio::task::spawn_blocking(move || {
        let mut made = session.challenge_in_own_channel(&sctx, spec);
        router.forward(std::mem::take(&mut made.reply.elsewhere));
        (
            deliver::prepare(&made.reply, Some(&caller), locales),
            made.keep_channel,
        )
    })
    .await?;
    if keep {
        for part in prepared.channel_messages() {
            thread
                .id
                .send_message(ctx.http(), deliver::channel_message(part))
                .await?;
        }
        let pointer = Outgoing::said(
            t!(
                "discord-challenge-in-thread",
                thread = thread.id.to_string()
            ),
            prepared.lang,
        );
        ctx.send(deliver::poise_reply(&pointer, false)).await?;
    } else if let Err(e) = thread.id.delete(ctx.http()).await {
        tracing::warn!(error = %e, "cannot delete the thread of a refused challenge");
    }
    for private in &prepared.ephemeral {
        ctx.send(deliver::poise_reply(private, true)).await?;
    }
    Ok(())
}
