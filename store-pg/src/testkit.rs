//! Test support: a [`PgStore`] of its own for each test, on the throwaway server that
//! `scripts/with-postgres` (called by `scripts/test`) starts and names in
//! `SKALD_TEST_POSTGRES`. Each store lives in a fresh schema of that database, so tests run
//! in parallel without seeing each other. Without the variable a test fails, saying how to
//! run it: the PostgreSQL tests never skip.

use crate::PgStore;
use std::sync::atomic::{AtomicU64, Ordering};

/// The variable naming the test server.
pub const SERVER_VAR: &str = "SKALD_TEST_POSTGRES";

/// The test server's URL.
///
/// # Panics
/// When `SKALD_TEST_POSTGRES` is not set: the test must fail, not skip.
pub fn server_url() -> String {
    match std::env::var(SERVER_VAR) {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "{SERVER_VAR} is not set: the PostgreSQL tests need a server. Run them through \
             scripts/test, or `scripts/with-postgres cargo test ...`, which starts a \
             throwaway one (the PostgreSQL 15 binaries are the Debian package postgresql-15)"
        ),
    }
}

/// A new, empty schema on the test server, and the URL that uses it.
///
/// # Panics
/// When the server cannot be reached.
pub fn fresh_url(name: &str) -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let schema = format!(
        "t_{}_{}_{}",
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(20)
            .collect::<String>()
            .to_ascii_lowercase(),
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    );
    let url = server_url();
    let create = format!("CREATE SCHEMA {schema}");
    crate::connection::execute_once(&url, &create).expect("the test server answers");
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-csearch_path%3D{schema}")
}

/// A store in a new, empty schema of the test server.
///
/// # Panics
/// When the server cannot be reached.
pub fn fresh_store(name: &str) -> PgStore {
    PgStore::open(&fresh_url(name)).expect("the test store opens")
}

/// A PostgreSQL server of a test's own (for tests that stop or restart it, which the shared
/// one must not be): a data directory in a temporary directory, a free loopback port, run
/// as the `postgres` user when the test runs as root (initdb refuses root), stopped and
/// removed when dropped.
pub struct PrivateServer {
    dir: std::path::PathBuf,
    port: u16,
    bin: std::path::PathBuf,
    as_postgres: bool,
}

impl PrivateServer {
    /// Creates and starts one (about a second).
    ///
    /// # Panics
    /// When the PostgreSQL binaries are missing or the server does not start.
    pub fn start(name: &str) -> PrivateServer {
        let bin = std::env::var_os("PG_BIN")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| "/usr/lib/postgresql/15/bin".into());
        assert!(
            bin.join("initdb").exists(),
            "{} has no initdb: install the Debian package postgresql-15 (or set PG_BIN)",
            bin.display()
        );
        let dir = std::env::temp_dir().join(format!("skald-pg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let as_postgres = is_root();
        if as_postgres {
            let status = std::process::Command::new("chown")
                .arg("postgres")
                .arg(&dir)
                .status()
                .expect("chown runs");
            assert!(
                status.success(),
                "cannot give {} to postgres",
                dir.display()
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let server = PrivateServer {
            dir,
            port,
            bin,
            as_postgres,
        };
        let data = server.dir.join("data");
        server.run(
            "initdb",
            &[
                "-D",
                &data.display().to_string(),
                "-U",
                "skald",
                "--auth=trust",
                "--no-locale",
                "--encoding=UTF8",
            ],
        );
        server.start_again();
        server
    }

    /// The server's URL.
    pub fn url(&self) -> String {
        format!("postgres://skald@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server (again, after [`PrivateServer::stop`]).
    pub fn start_again(&self) {
        let data = self.dir.join("data").display().to_string();
        let log = self.dir.join("server.log").display().to_string();
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -k {}",
            self.port,
            self.dir.display()
        );
        self.run(
            "pg_ctl",
            &[
                "-D", &data, "-l", &log, "-w", "-t", "60", "-o", &options, "start",
            ],
        );
    }

    /// Stops the server the way an admin restarting it does (`-m fast`: sessions are
    /// disconnected, committed transactions kept).
    pub fn stop(&self) {
        let data = self.dir.join("data").display().to_string();
        self.run("pg_ctl", &["-D", &data, "-m", "fast", "-w", "stop"]);
    }

    fn run(&self, tool: &str, args: &[&str]) {
        let program = self.bin.join(tool);
        let mut command = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            std::process::Command::new(&program)
        };
        let out = command
            .args(args)
            .output()
            .expect("the PostgreSQL tools run");
        assert!(
            out.status.success(),
            "{tool} {args:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for PrivateServer {
    fn drop(&mut self) {
        let data = self.dir.join("data").display().to_string();
        let program = self.bin.join("pg_ctl");
        let mut command = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            std::process::Command::new(&program)
        };
        let _ = command
            .args(["-D", &data, "-m", "immediate", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether this process runs as root.
fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}
