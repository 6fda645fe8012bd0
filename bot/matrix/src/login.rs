//! Logging in: with a password (the first time; the session is then kept in
//! `<data>/matrix/session.json`, so restarts reuse the same device and its encryption keys)
//! or with an access token from the config. The sdk's sqlite state and crypto stores live
//! in `<data>/matrix/sdk/`. Secrets never reach a log line or an error message.

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use skald_port::sections::MatrixSection;
use std::path::Path;

/// The device name other users see in their device lists.
const DEVICE_NAME: &str = "Skald bot";

/// A logged-in client for the bot's account, its stores under `dir`.
pub async fn connect(section: &MatrixSection, dir: &Path) -> Result<Client, String> {
    let homeserver = section
        .homeserver
        .as_deref()
        .ok_or("[matrix] homeserver is missing in the config")?;
    let user = section
        .user
        .as_deref()
        .ok_or("[matrix] user is missing in the config (like \"@skald:example.org\")")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let client = Client::builder()
        .homeserver_url(homeserver)
        .sqlite_store(dir.join("sdk"), None)
        .build()
        .await
        .map_err(|e| format!("cannot set up the Matrix client for {homeserver}: {e}"))?;
    let saved = dir.join("session.json");
    if let Ok(text) = std::fs::read_to_string(&saved) {
        match serde_json::from_str::<MatrixSession>(&text) {
            Ok(session)
                if section
                    .access_token()
                    .is_some_and(|t| t != session.tokens.access_token) =>
            {
                tracing::info!(
                    "matrix: the configured access token is not the saved session's; using the configured one"
                );
            }
            Ok(session) if session.meta.user_id.as_str() == user => {
                client
                    .matrix_auth()
                    .restore_session(session, RoomLoadSettings::default())
                    .await
                    .map_err(|e| format!("cannot restore the saved Matrix session: {e}"))?;
                tracing::info!("matrix: reusing the saved session and device");
                return Ok(client);
            }
            _ => tracing::warn!(
                "matrix: the saved session is unreadable or for another user; logging in again"
            ),
        }
    }
    if let Some(token) = section.access_token() {
        let who = whoami(homeserver, user, &token).await?;
        let session = MatrixSession {
            meta: SessionMeta {
                user_id: who.0,
                device_id: who.1,
            },
            tokens: SessionTokens {
                access_token: token,
                refresh_token: None,
            },
        };
        client
            .matrix_auth()
            .restore_session(session, RoomLoadSettings::default())
            .await
            .map_err(|e| format!("cannot use the access token: {e}"))?;
    } else if let Some(password) = section.password() {
        client
            .matrix_auth()
            .login_username(user, &password)
            .initial_device_display_name(DEVICE_NAME)
            .send()
            .await
            .map_err(|e| format!("cannot log in as {user} on {homeserver}: {e}"))?;
    } else {
        return Err(
            "[matrix] needs a password or an access token (SKALD_MATRIX_PASSWORD or SKALD_MATRIX_ACCESS_TOKEN)"
                .to_string(),
        );
    }
    if let Some(session) = client.matrix_auth().session() {
        save_session(&saved, &session)?;
    }
    Ok(client)
}

/// Asks the homeserver whose token this is and which device it belongs to.
async fn whoami(
    homeserver: &str,
    user: &str,
    token: &str,
) -> Result<
    (
        matrix_sdk::ruma::OwnedUserId,
        matrix_sdk::ruma::OwnedDeviceId,
    ),
    String,
> {
    let probe = Client::builder()
        .homeserver_url(homeserver)
        .build()
        .await
        .map_err(|e| format!("cannot reach {homeserver}: {e}"))?;
    let user_id = matrix_sdk::ruma::UserId::parse(user).map_err(|_| {
        format!("[matrix] user '{user}' is not a Matrix user id like @skald:example.org")
    })?;
    probe
        .matrix_auth()
        .restore_session(
            MatrixSession {
                meta: SessionMeta {
                    user_id,
                    device_id: "SKALDPROBE".into(),
                },
                tokens: SessionTokens {
                    access_token: token.to_string(),
                    refresh_token: None,
                },
            },
            RoomLoadSettings::default(),
        )
        .await
        .map_err(|e| format!("cannot use the access token: {e}"))?;
    let who = probe
        .whoami()
        .await
        .map_err(|e| format!("the homeserver refused the access token: {e}"))?;
    let device = who
        .device_id
        .ok_or("the access token has no device; log in with a password instead")?;
    Ok((who.user_id, device))
}

/// Writes the session (it holds the access token) readable by the owner only.
fn save_session(path: &Path, session: &MatrixSession) -> Result<(), String> {
    let text = serde_json::to_string(session).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("tmp");
    {
        use std::io::Write;
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        let mut f = opts
            .open(&tmp)
            .map_err(|e| format!("cannot save the Matrix session in {}: {e}", tmp.display()))?;
        f.write_all(text.as_bytes())
            .and_then(|()| f.sync_all())
            .map_err(|e| format!("cannot save the Matrix session: {e}"))?;
    }
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot save the Matrix session: {e}"))
}
