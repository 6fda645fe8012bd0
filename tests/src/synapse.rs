//! A throw-away Synapse homeserver for the Matrix end-to-end test: an offline config in a
//! temporary directory (127.0.0.1 only, sqlite, no federation, no key servers, generous
//! rate limits, registration by shared secret), started from the virtualenv that
//! `scripts/test` prepares and stopped by its process id when the guard is dropped (also
//! when the test fails).

use crate::TempDir;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The environment variable naming the virtualenv's python, set by `scripts/test`.
pub const PYTHON_VAR: &str = "SKALD_SYNAPSE_PYTHON";
/// The server name of the test homeserver (user ids are `@name:localhost`).
pub const SERVER_NAME: &str = "localhost";
/// The shared registration secret of the test homeserver.
const SECRET: &str = "skald-test-registration-secret";

/// The virtualenv's python, or a panic saying how to get one: the Matrix tests never skip.
pub fn python() -> PathBuf {
    match std::env::var_os(PYTHON_VAR) {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => panic!(
            "{PYTHON_VAR} is not set: run the Matrix tests through `scripts/test`, which installs Synapse into .venv-synapse and sets it"
        ),
    }
}

/// A running Synapse; dropping it stops the server by its pid and removes its files.
pub struct Synapse {
    child: Child,
    port: u16,
    dir: TempDir,
    python: PathBuf,
}

impl Synapse {
    /// Writes the config, starts Synapse and waits until it answers (at most 60 s).
    pub fn start(python: &Path) -> Synapse {
        let dir = TempDir::new("synapse");
        let port = free_port();
        let d = dir.path().display().to_string();
        let limit = "{per_second: 10000, burst_count: 10000}";
        let config = format!(
            r#"server_name: "{SERVER_NAME}"
pid_file: {d}/homeserver.pid
public_baseurl: "http://127.0.0.1:{port}/"
listeners:
  - port: {port}
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: {d}/homeserver.db
log_config: {d}/log.yaml
media_store_path: {d}/media
signing_key_path: {d}/signing.key
registration_shared_secret: "{SECRET}"
enable_registration: false
report_stats: false
trusted_key_servers: []
suppress_key_server_warning: true
federation_domain_whitelist: []
url_preview_enabled: false
presence:
  enabled: false
rc_message: {limit}
rc_registration: {limit}
rc_login:
  address: {limit}
  account: {limit}
  failed_attempts: {limit}
rc_joins:
  local: {limit}
  remote: {limit}
rc_invites:
  per_room: {limit}
  per_user: {limit}
  per_issuer: {limit}
rc_room_creation: {limit}
rc_key_requests: {limit}
rc_3pid_validation: {limit}
rc_media_create: {limit}
rc_admin_redaction: {limit}
"#
        );
        std::fs::write(dir.path().join("homeserver.yaml"), config).expect("write the config");
        let log = format!(
            "version: 1\nformatters:\n  precise:\n    format: '%(asctime)s %(name)s %(levelname)s %(message)s'\nhandlers:\n  file:\n    class: logging.FileHandler\n    formatter: precise\n    filename: {d}/homeserver.log\nroot:\n  level: WARNING\n  handlers: [file]\ndisable_existing_loggers: false\n"
        );
        std::fs::write(dir.path().join("log.yaml"), log).expect("write the log config");
        let cfg = dir.path().join("homeserver.yaml");
        let keys = Command::new(python)
            .args(["-m", "synapse.app.homeserver", "-c"])
            .arg(&cfg)
            .arg("--generate-keys")
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", python.display()));
        assert!(
            keys.status.success(),
            "synapse --generate-keys failed: {}",
            String::from_utf8_lossy(&keys.stderr)
        );
        let child = Command::new(python)
            .args(["-m", "synapse.app.homeserver", "-c"])
            .arg(&cfg)
            .stdout(Stdio::null())
            .stderr(
                std::fs::File::create(dir.path().join("stderr.log"))
                    .map(Stdio::from)
                    .unwrap_or_else(|_| Stdio::null()),
            )
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start synapse with {}: {e}", python.display()));
        let synapse = Synapse {
            child,
            port,
            dir,
            python: python.to_path_buf(),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while http_get(port, "/_matrix/client/versions").is_none() {
            assert!(
                Instant::now() < deadline,
                "synapse did not answer within 60 s; its log: {}",
                synapse.log()
            );
            std::thread::sleep(Duration::from_millis(250));
        }
        synapse
    }

    /// The homeserver URL.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The process id (what the guard stops).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Registers a user through the shared-secret admin API (Synapse's own
    /// `register_new_matrix_user`); returns the user id.
    pub fn register(&self, name: &str, password: &str) -> String {
        let script = self
            .python
            .parent()
            .map(|bin| bin.join("register_new_matrix_user"))
            .expect("the python lives in a bin directory");
        let out = Command::new(&self.python)
            .arg(script)
            .args(["-u", name, "-p", password, "--no-admin", "-k", SECRET])
            .arg(self.url())
            .output()
            .expect("register_new_matrix_user runs");
        assert!(
            out.status.success(),
            "registering {name} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        format!("@{name}:{SERVER_NAME}")
    }

    /// Logs `name` in with a password through the client API and returns the new device's
    /// access token (what an admin would paste into `access_token`).
    pub fn login_token(&self, name: &str, password: &str) -> String {
        let body = serde_json::json!({
            "type": "m.login.password",
            "identifier": {"type": "m.id.user", "user": name},
            "password": password,
            "initial_device_display_name": "token for the test",
        })
        .to_string();
        let answer = http_post(self.port, "/_matrix/client/v3/login", &body)
            .unwrap_or_else(|| panic!("the login of {name} got no answer"));
        let json = answer.split("\r\n\r\n").nth(1).unwrap_or("");
        let v: serde_json::Value = serde_json::from_str(json)
            .unwrap_or_else(|e| panic!("the login of {name} answered {answer}: {e}"));
        v["access_token"]
            .as_str()
            .unwrap_or_else(|| panic!("no access token for {name}: {answer}"))
            .to_string()
    }

    /// A client-API call as the holder of `token` (`GET`, `PUT`...): the answer's JSON.
    pub fn client_api(
        &self,
        method: &str,
        path: &str,
        token: &str,
        body: &str,
    ) -> serde_json::Value {
        let answer = http(self.port, method, path, Some(token), body)
            .unwrap_or_else(|| panic!("{method} {path} got no answer"));
        let json = answer.split("\r\n\r\n").nth(1).unwrap_or("");
        serde_json::from_str(json)
            .unwrap_or_else(|e| panic!("{method} {path} answered {answer}: {e}"))
    }

    /// The end of Synapse's log files, for failure messages.
    pub fn log(&self) -> String {
        let mut s = String::new();
        for f in ["stderr.log", "homeserver.log"] {
            let text = std::fs::read_to_string(self.dir.path().join(f)).unwrap_or_default();
            let start = text.len().saturating_sub(3000);
            s.push_str(&format!("--- {f}\n{}", text.get(start..).unwrap_or(&text)));
        }
        s
    }
}

impl Drop for Synapse {
    fn drop(&mut self) {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A TCP port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// A bare HTTP GET, for the readiness check: the body, or `None` when nobody answers.
fn http_get(port: u16, path: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").ok()?;
    let mut body = String::new();
    s.read_to_string(&mut body).ok()?;
    body.starts_with("HTTP/1.").then_some(body)
}

/// A bare HTTP POST of a JSON body: the whole answer, or `None` when nobody answers.
fn http_post(port: u16, path: &str, body: &str) -> Option<String> {
    http(port, "POST", path, None, body)
}

/// One HTTP/1.0 request to the homeserver (`token`: an access token), the whole answer.
fn http(port: u16, method: &str, path: &str, token: Option<&str>, body: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    answer.starts_with("HTTP/1.").then_some(answer)
}
