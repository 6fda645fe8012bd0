//! Where the store is: a sled data directory (the default: nothing to install) or a
//! PostgreSQL database (`[store] postgres = "postgres://user@host:port/db"`, for several
//! processes), and opening it. Everything after opening sees only the session's `Store`
//! interface. `skald migrate` names both ends the same way: a `postgres://` URL, else a
//! directory.

use skald_session::store::{SledStore, Store};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A store's place.
#[derive(Clone)]
pub enum StoreAt {
    /// A sled store in this directory.
    Sled(PathBuf),
    /// A PostgreSQL database at this URL (which may hold a password: never printed whole).
    Postgres(String),
}

impl StoreAt {
    /// A place as typed on the command line: a `postgres://` (or `postgresql://`) URL, else
    /// a directory.
    pub fn parse(spec: &str) -> StoreAt {
        if is_postgres_url(spec) {
            StoreAt::Postgres(spec.to_string())
        } else {
            StoreAt::Sled(PathBuf::from(spec))
        }
    }

    /// How the place is named in messages: the directory, or the database's host, port and
    /// name without the password.
    pub fn describe(&self) -> String {
        match self {
            StoreAt::Sled(dir) => dir.display().to_string(),
            StoreAt::Postgres(url) => without_password(url),
        }
    }
}

impl std::fmt::Debug for StoreAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.describe())
    }
}

/// Whether `spec` is a PostgreSQL URL.
pub fn is_postgres_url(spec: &str) -> bool {
    spec.starts_with("postgres://") || spec.starts_with("postgresql://")
}

/// The password written in a `postgres://user:password@host/...` URL, if any (for the log
/// writer to mask).
pub fn url_password(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let userinfo = rest.split_once('@')?.0;
    let (_, password) = userinfo.split_once(':')?;
    (!password.is_empty()).then(|| password.to_string())
}

/// The URL with its password replaced by `***`.
pub fn without_password(url: &str) -> String {
    match url_password(url) {
        Some(p) => url.replacen(&format!(":{p}@"), ":***@", 1),
        None => url.to_string(),
    }
}

/// Opens the store at `at`, turning "another process holds it" (sled) and "cannot reach the
/// database" (PostgreSQL) into sentences naming the place (never a password).
pub fn open(at: &StoreAt) -> Result<Arc<dyn Store>, String> {
    match at {
        StoreAt::Sled(dir) => open_sled(dir),
        StoreAt::Postgres(url) => open_postgres(url),
    }
}

fn open_sled(dir: &Path) -> Result<Arc<dyn Store>, String> {
    match SledStore::open(dir) {
        Ok(store) => Ok(Arc::new(store)),
        Err(e) if e.is_locked() => Err(format!(
            "the data directory {} is in use by another running skald; stop it first ({e})",
            dir.display()
        )),
        Err(e) => Err(format!("cannot open the store in {}: {e}", dir.display())),
    }
}

#[cfg(feature = "postgres")]
fn open_postgres(url: &str) -> Result<Arc<dyn Store>, String> {
    match skald_store_pg::PgStore::open(url) {
        Ok(store) => Ok(Arc::new(store)),
        // The store's errors name the server (host, port, database, user), not the URL.
        Err(skald_session::store::StoreError::Backend { source, .. }) => Err(source.to_string()),
        Err(e) => Err(format!("cannot open the PostgreSQL store: {e}")),
    }
}

#[cfg(not(feature = "postgres"))]
fn open_postgres(_url: &str) -> Result<Arc<dyn Store>, String> {
    Err(
        "this skald was built without PostgreSQL (cargo feature `postgres`); \
         build it with the default features, or use a sled data directory"
            .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_a_database_and_anything_else_a_directory() {
        assert!(matches!(
            StoreAt::parse("postgres://skald@db/skald"),
            StoreAt::Postgres(_)
        ));
        assert!(matches!(StoreAt::parse("./skald-data"), StoreAt::Sled(_)));
    }

    #[test]
    fn the_password_is_never_shown() {
        let at = StoreAt::parse("postgres://skald:hunter22@db.example.org:5432/skald");
        assert_eq!(
            at.describe(),
            "postgres://skald:***@db.example.org:5432/skald"
        );
        assert_eq!(format!("{at:?}"), at.describe());
        assert_eq!(
            url_password("postgres://skald:hunter22@db/skald").as_deref(),
            Some("hunter22")
        );
        assert_eq!(url_password("postgres://skald@db/skald"), None);
    }
}
