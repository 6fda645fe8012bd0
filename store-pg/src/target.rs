//! Where the database is, read from `[store] postgres = "postgres://user@host:port/db"`, and
//! how that place is named in logs and errors: host, port, database and user, never the
//! password (which may be in the URL; better in `PGPASSWORD`... see `docs/DEPLOY.md`).

use skald_store::StoreError;
use std::str::FromStr;
use tokio_postgres::config::Host;

/// A parsed connection URL and its printable name.
pub struct Target {
    /// The client's configuration (holds the password, if any: never printed).
    pub config: tokio_postgres::Config,
    /// `host:port/database (user u)`: what logs and errors say.
    pub name: String,
}

impl Target {
    /// Reads a `postgres://` URL (or a `key=value` connection string). The password, when
    /// the URL has none, comes from the `PGPASSWORD` environment variable, so it need not
    /// be written in the configuration file.
    pub fn parse(url: &str) -> Result<Target, StoreError> {
        let mut config = tokio_postgres::Config::from_str(url).map_err(|e| {
            // The client's parse errors name the option, not its value; the URL itself is
            // not repeated (it may hold a password).
            crate::errors::unreachable(format!(
                "[store] postgres is not a connection URL like postgres://user@host:5432/skald ({e})"
            ))
        })?;
        if config.get_hosts().is_empty() {
            config.host("localhost");
        }
        if config.get_password().is_none()
            && let Ok(password) = std::env::var("PGPASSWORD")
        {
            config.password(password);
        }
        if config.get_user().is_none()
            && let Ok(user) = std::env::var("USER")
        {
            config.user(user);
        }
        let name = describe(&config);
        Ok(Target { config, name })
    }
}

/// `host:port/database (user u)` for the first host: what an admin needs to find the
/// server, and nothing secret.
pub fn describe(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("postgres");
    let user = config.get_user().unwrap_or("?");
    format!("PostgreSQL at {host}:{port}/{db} (user {user})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_shows_where_the_server_is_and_never_the_password() {
        let t =
            Target::parse("postgres://skald:s3cret-pass@db.example.org:6543/skald").expect("a URL");
        assert_eq!(
            t.name,
            "PostgreSQL at db.example.org:6543/skald (user skald)"
        );
        assert!(!t.name.contains("s3cret"));
    }

    #[test]
    fn a_url_that_does_not_read_is_refused_without_repeating_it() {
        let Err(e) = Target::parse("postgres://skald:s3cret@db:notaport/skald") else {
            panic!("a bad port is refused");
        };
        let text = e.to_string();
        assert!(text.contains("postgres://user@host:5432/skald"), "{text}");
        assert!(!text.contains("s3cret"), "{text}");
    }
}
