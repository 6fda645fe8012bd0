//! A connection to the server, driven on the thread that calls the store.
//!
//! The session calls the store synchronously (from a command's blocking thread, the
//! background loop, an engine worker). tokio-postgres splits a connection into a client,
//! which queues requests, and a connection future, which talks to the socket; usually the
//! future runs as a task on an async runtime's threads. Then every call crosses threads
//! twice or more (the caller hands the work to the runtime, the runtime's worker hands the
//! request to the connection task, the answer comes back the same way), and on the 2-core
//! machine each crossing cost about 0.03 ms: most of what a move spent outside the server
//! (`docs/BENCHMARKS.md`).
//!
//! Here a pooled [`Conn`] keeps its connection future, and a call polls it together with
//! the work on the calling thread ([`Conn::run`], inside [`call`]): the request is written,
//! the thread waits in `epoll` for the answer and reads it itself. The sockets are
//! async-io's ([`async_io::Async`]), whose [`async_io::block_on`] drives them from any
//! thread, inside an async runtime too (it blocks that thread as a blocking call does, but
//! it cannot panic as starting a tokio runtime there would). The pool is deadpool's, on
//! the same async-io timers.
//!
//! Between calls nobody polls a connection, so a server that went away is noticed when the
//! connection is next taken from the pool ([`Conn::is_usable`] polls it once without
//! waiting: a closed socket ends it), and it is replaced instead of failing a command.

use crate::errors::{backend, unreachable};
use skald_store::StoreError;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::{Pin, pin};
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio_postgres::config::Host;
use tokio_postgres::tls::NoTlsStream;
use tokio_postgres::{Client, Config, NoTls, Statement};

/// How long one call to the store may take before it gives up with an error (a database
/// that stopped answering must not hang a command forever).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// How long opening a connection may take when the URL does not say
/// (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A socket to the server, TCP or Unix, as tokio-postgres reads and writes it.
pub trait Stream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Stream for T {}

/// The socket of a [`Conn`].
pub type Socket = Box<dyn Stream>;

/// What a call's work is given: the client, and the statements this connection prepared.
pub struct Db {
    client: Client,
    /// Each statement prepared once per connection, by its text: a query is then one round
    /// trip (bind and execute), not two. The server re-plans a kept statement by itself
    /// when a table it reads changes.
    statements: RefCell<HashMap<String, Statement>>,
}

impl Db {
    /// The connection's prepared statement for `sql`, prepared on its first use.
    pub async fn prepared(&self, sql: &str) -> Result<Statement, tokio_postgres::Error> {
        if let Some(s) = self.statements.borrow().get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).await?;
        self.statements
            .borrow_mut()
            .insert(sql.to_string(), s.clone());
        Ok(s)
    }
}

impl std::ops::Deref for Db {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl std::ops::DerefMut for Db {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

/// One connection: its client and the future that talks to its socket.
pub struct Conn {
    db: Db,
    /// The connection future, until it ends (the server closed it, or the socket broke).
    /// It is dropped then: it holds the senders of the answers still awaited (a pipelined
    /// transaction's later statements when the server's last word answered the first), and
    /// dropping them is what fails those requests at once instead of at the call's timeout.
    connection: Option<Pin<Box<tokio_postgres::Connection<Socket, NoTlsStream>>>>,
    /// A call was running on it and did not finish: its future was dropped (the call timed
    /// out) with requests perhaps still on their way, a transaction perhaps open. Such a
    /// connection is closed, never handed out again; the server rolls back what it had not
    /// committed.
    busy: bool,
}

impl Conn {
    /// Runs `work` with this connection's client, polling the connection on this thread
    /// while it waits for the server.
    pub async fn run<T>(&mut self, work: impl AsyncFnOnce(&mut Db) -> T) -> T {
        let Conn {
            db,
            connection,
            busy,
        } = self;
        *busy = true;
        let mut work = pin!(work(db));
        let out = std::future::poll_fn(|cx| {
            // The connection first (it hands over answers that arrived), then the work
            // (which may queue requests), then the connection again (it sends them).
            drive(connection, cx);
            if let Poll::Ready(out) = work.as_mut().poll(cx) {
                return Poll::Ready(out);
            }
            if drive(connection, cx) {
                // The connection just ended: the work's requests fail now; look again.
                return work.as_mut().poll(cx);
            }
            Poll::Pending
        })
        .await;
        *busy = false;
        out
    }

    /// Whether the connection can be lent: not broken, not left mid-call, and still open
    /// (polled once without waiting, so a closed socket is noticed now, not by a command).
    pub fn is_usable(&mut self) -> bool {
        if !self.busy {
            let mut cx = Context::from_waker(Waker::noop());
            drive(&mut self.connection, &mut cx);
        }
        !self.busy && self.connection.is_some() && !self.db.client.is_closed()
    }
}

/// Polls the connection future unless it ended, and drops it when it ends; whether it
/// ended at this poll.
fn drive(
    connection: &mut Option<Pin<Box<tokio_postgres::Connection<Socket, NoTlsStream>>>>,
    cx: &mut Context<'_>,
) -> bool {
    let Some(future) = connection else {
        return false;
    };
    match future.as_mut().poll(cx) {
        Poll::Pending => false,
        Poll::Ready(result) => {
            *connection = None;
            if let Err(e) = result {
                tracing::debug!(error = %e, "a database connection ended");
            }
            true
        }
    }
}

/// Runs `work` on this thread until it is done, at most [`CALL_TIMEOUT`].
pub fn call<T>(work: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    async_io::block_on(within(CALL_TIMEOUT, work, || {
        unreachable(format!(
            "the database did not answer within {} s",
            CALL_TIMEOUT.as_secs()
        ))
    }))
}

/// `work`, or `late()` once `limit` has passed.
async fn within<T>(
    limit: Duration,
    work: impl Future<Output = Result<T, StoreError>>,
    late: impl FnOnce() -> StoreError,
) -> Result<T, StoreError> {
    futures_lite::future::or(work, async {
        async_io::Timer::after(limit).await;
        Err(late())
    })
    .await
}

/// Opens a connection as `config` says: each host in turn (TCP, or a Unix socket
/// directory), each within the connect timeout. The error names the last failure's cause;
/// the caller adds which server it is.
pub async fn connect(config: &Config) -> Result<Conn, StoreError> {
    let limit = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(CONNECT_TIMEOUT);
    let ports = config.get_ports();
    let mut last = None;
    for (i, host) in config.get_hosts().iter().enumerate() {
        let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
        let opened = within(limit, open(config, host, port), || {
            unreachable(format!("no answer within {} s", limit.as_secs()))
        })
        .await;
        match opened {
            Ok(conn) => return Ok(conn),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| unreachable("the URL names no host".into())))
}

/// One host: the socket, then the start-up exchange (user, password, options).
async fn open(config: &Config, host: &Host, port: u16) -> Result<Conn, StoreError> {
    let socket: Socket = match host {
        Host::Tcp(name) => Box::new(tcp(config, name, port).await?),
        Host::Unix(dir) => {
            let path = dir.join(format!(".s.PGSQL.{port}"));
            let s = async_io::Async::<std::os::unix::net::UnixStream>::connect(&path)
                .await
                .map_err(|e| unreachable(format!("{}: {e}", path.display())))?;
            Box::new(tokio_util::compat::FuturesAsyncReadCompatExt::compat(s))
        }
    };
    let (client, connection) = config.connect_raw(socket, NoTls).await.map_err(backend)?;
    Ok(Conn {
        db: Db {
            client,
            statements: RefCell::new(HashMap::new()),
        },
        connection: Some(Box::pin(connection)),
        busy: false,
    })
}

/// A TCP socket to `name:port`, with Nagle's delay off (a pipelined transaction is several
/// small writes) and keepalives as the URL asks (on by default, as libpq's).
async fn tcp(config: &Config, name: &str, port: u16) -> Result<impl Stream + use<>, StoreError> {
    let addrs = std::net::ToSocketAddrs::to_socket_addrs(&(name, port))
        .map_err(|e| unreachable(format!("{name}: {e}")))?;
    let mut last = None;
    for addr in addrs {
        match async_io::Async::<std::net::TcpStream>::connect(addr).await {
            Ok(s) => {
                s.get_ref().set_nodelay(true).map_err(backend)?;
                let socket = socket2::SockRef::from(s.get_ref());
                if config.get_keepalives() {
                    let keepalive = socket2::TcpKeepalive::new()
                        .with_time(config.get_keepalives_idle())
                        .with_interval(
                            config
                                .get_keepalives_interval()
                                .unwrap_or(Duration::from_secs(75)),
                        );
                    socket.set_tcp_keepalive(&keepalive).map_err(backend)?;
                }
                return Ok(tokio_util::compat::FuturesAsyncReadCompatExt::compat(s));
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) => unreachable(format!("{e}")),
        None => unreachable(format!("{name} has no address")),
    })
}

/// Opens a connection to `url`, runs `sql` (a simple query) on it, and closes it: for
/// set-up work outside a store (a test's fresh schema).
pub fn execute_once(url: &str, sql: &str) -> Result<(), StoreError> {
    let target = crate::Target::parse(url)?;
    call(async {
        let mut conn = connect(&target.config).await?;
        conn.run(async |db| db.batch_execute(sql).await.map_err(backend))
            .await
    })
}

/// deadpool's side of the pool: how to open a connection and whether an idle one can be
/// lent again.
pub struct Manager {
    config: Config,
}

impl Manager {
    /// A pool manager opening connections as `config` says.
    pub fn new(config: Config) -> Manager {
        Manager { config }
    }
}

impl deadpool::managed::Manager for Manager {
    type Type = Conn;
    type Error = StoreError;

    async fn create(&self) -> Result<Conn, StoreError> {
        connect(&self.config).await
    }

    async fn recycle(
        &self,
        conn: &mut Conn,
        _: &deadpool::managed::Metrics,
    ) -> deadpool::managed::RecycleResult<StoreError> {
        if conn.is_usable() {
            Ok(())
        } else {
            Err(deadpool::managed::RecycleError::message(
                "the connection is closed",
            ))
        }
    }
}
