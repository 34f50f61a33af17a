//! The Superply game server: games between connections that speak the line protocol
//! (`PROTOCOL.md`), over TCP ([`Server::run`]) and, for the page in a browser, over a WebSocket
//! beside the page itself (HTTP on a second port).
//!
//! Each connection is a [`session`] task, each game a [`table`] task owning its position; they
//! talk over channels, so one slow or hostile client never holds another's game.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use superply::server::{Server, Settings};
//! let server = Server::bind(Settings::default(), "127.0.0.1:0".parse().unwrap(), None).await?;
//! println!("playing on {}", server.tcp_addr());
//! server.run().await
//! # }
//! ```

mod http;
pub mod load;
mod lobby;
mod session;
mod table;
mod tcp;

pub use lobby::{Joined, Lobby};
pub use session::MAX_BAD_LINES;

use crate::game::{Mode, Superply};
use crate::hint::{Hint, default_hints};
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;

/// How the server's games are played.
#[derive(Debug, Clone)]
pub struct Settings {
    pub size: usize,
    pub mode: Mode,
    pub hints: Vec<Hint>,
    /// Time for one move; the mover loses when it runs out.
    pub move_time: Duration,
    /// A connection outside a game that sends nothing for this long is closed.
    pub idle: Duration,
    /// Seeds random mode's hint draws (game by game) for reproducible runs; `None`: the OS's.
    pub seed: Option<u64>,
    /// A line on stderr per finished game.
    pub verbose: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            size: 9,
            mode: Mode::Random,
            hints: default_hints(),
            move_time: Duration::from_secs(60),
            idle: Duration::from_secs(300),
            seed: None,
            verbose: false,
        }
    }
}

/// Counts of games, for the load test and the operator.
#[derive(Debug, Default)]
pub struct Stats {
    pub started: AtomicU64,
    pub finished: AtomicU64,
    pub connections: AtomicU64,
}

/// What every task of the server shares.
#[derive(Debug)]
pub(crate) struct Shared {
    settings: Settings,
    game: Superply,
    lobby: Mutex<Lobby<table::Player>>,
    stats: Arc<Stats>,
    next_session: AtomicU64,
}

impl Shared {
    fn next_session(&self) -> u64 {
        self.stats.connections.fetch_add(1, Ordering::Relaxed);
        self.next_session.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// A bound server, not yet accepting.
pub struct Server {
    shared: Arc<Shared>,
    tcp: TcpListener,
    http: Option<TcpListener>,
}

impl Server {
    /// Binds the line-protocol port and, if given, the page's port (port 0: a free one). An
    /// invalid board size or hint list is an `InvalidInput` error.
    pub async fn bind(settings: Settings, tcp: SocketAddr, http: Option<SocketAddr>) -> io::Result<Server> {
        let game = Superply::new(settings.size, settings.mode, settings.hints.clone())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let tcp = TcpListener::bind(tcp).await?;
        let http = match http {
            Some(addr) => Some(TcpListener::bind(addr).await?),
            None => None,
        };
        let shared = Arc::new(Shared {
            settings,
            game,
            lobby: Mutex::new(Lobby::new()),
            stats: Arc::new(Stats::default()),
            next_session: AtomicU64::new(0),
        });
        Ok(Server { shared, tcp, http })
    }

    /// The line protocol's address (with the port the OS chose for port 0).
    pub fn tcp_addr(&self) -> SocketAddr {
        self.tcp.local_addr().expect("a bound listener has an address")
    }

    /// The page's address, when there is one.
    pub fn http_addr(&self) -> Option<SocketAddr> {
        self.http.as_ref().map(|l| l.local_addr().expect("a bound listener has an address"))
    }

    /// The server's counters, live.
    pub fn stats(&self) -> Arc<Stats> {
        self.shared.stats.clone()
    }

    /// Accepts connections until the process ends (or an accept loop fails for good).
    pub async fn run(self) -> io::Result<()> {
        let Server { shared, tcp, http } = self;
        match http {
            Some(http) => {
                let page = tokio::spawn(http::serve(shared.clone(), http));
                tokio::select! {
                    result = tcp::serve(shared, tcp) => result,
                    result = page => result.map_err(io::Error::other)?,
                }
            }
            None => tcp::serve(shared, tcp).await,
        }
    }
}

/// A server started on threads of its own, for tests and tools that are not async.
#[derive(Debug, Clone)]
pub struct Running {
    pub tcp: SocketAddr,
    pub http: Option<SocketAddr>,
    pub stats: Arc<Stats>,
}

/// Binds and runs a server on a runtime of its own (`threads` worker threads) until the process
/// ends; returns once it accepts connections.
pub fn spawn(settings: Settings, tcp: SocketAddr, http: Option<SocketAddr>, threads: usize) -> io::Result<Running> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(threads.max(1)).enable_all().build()?;
    let server = runtime.block_on(Server::bind(settings, tcp, http))?;
    let running = Running { tcp: server.tcp_addr(), http: server.http_addr(), stats: server.stats() };
    std::thread::spawn(move || {
        let _ = runtime.block_on(server.run());
    });
    Ok(running)
}
