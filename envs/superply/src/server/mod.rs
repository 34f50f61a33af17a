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
mod mailbox;
mod session;
mod shared;
mod table;
mod tcp;

pub use lobby::{Joined, Lobby};
pub use session::MAX_BAD_LINES;
pub use shared::{Settings, Stats};

use crate::game::Superply;
use shared::Shared;
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use tokio::net::TcpListener;

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
