//! `superply-server`: Superply games for programs (the line protocol on a TCP port, `nc` will
//! do) and people (a page in the browser, on a second port).
//!
//! ```text
//! $ superply-server --port 7777 --http-port 8080
//! superply-server: line protocol on 127.0.0.1:7777
//! superply-server: page on http://127.0.0.1:8080/
//! ```

use clap::Parser;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use superply::server::{Server, Settings};
use superply::{Mode, default_hints, parse_hint_list};

#[derive(Parser, Debug)]
#[command(
    name = "superply-server",
    version,
    about = "The Superply game server: the line protocol on a TCP port (envs/superply/PROTOCOL.md) and a page to play in the browser.",
    long_about = "The Superply game server: the line protocol on a TCP port (envs/superply/PROTOCOL.md) \
        and a page to play in the browser.\n\nConnections that `join` are paired first come, first \
        served, each pair at its own game. A player who disconnects, runs out of time, or claims a \
        cell the hint does not allow loses that game. It prints the two addresses on start."
)]
struct Args {
    /// TCP port of the line protocol (0: a free port, printed on start).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Port of the page in the browser and its WebSocket (0: a free port, printed on start).
    #[arg(long, default_value_t = 0)]
    http_port: u16,
    /// Serve the line protocol only, no page.
    #[arg(long)]
    no_http: bool,
    /// Address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// `random` (each hint drawn from those that fit a free cell) or `deterministic` (the list in order).
    #[arg(long, default_value = "random")]
    mode: Mode,
    /// Board size: rows and columns, 2 to 11.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// A hint list, one hint a line (`odd`, `between 0 18`, `contains 4`, `less 10`, ...; `#` comments);
    /// default: the course server's list of 2004.
    #[arg(long, value_name = "FILE")]
    hints: Option<PathBuf>,
    /// Time for one move in milliseconds; the mover loses when it runs out.
    #[arg(long, default_value_t = 60_000)]
    move_time_ms: u64,
    /// Seconds a connection outside a game may stay silent before it is closed.
    #[arg(long, default_value_t = 300)]
    idle_secs: u64,
    /// Seed for random mode's hints (default: the OS's randomness).
    #[arg(long)]
    seed: Option<u64>,
    /// A line on stderr for every finished game.
    #[arg(short, long)]
    verbose: bool,
}

fn settings(args: &Args) -> Result<Settings, String> {
    let hints = match &args.hints {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            parse_hint_list(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => default_hints(),
    };
    Ok(Settings {
        size: args.size,
        mode: args.mode,
        hints,
        move_time: Duration::from_millis(args.move_time_ms.max(1)),
        idle: Duration::from_secs(args.idle_secs.max(1)),
        seed: args.seed,
        verbose: args.verbose,
    })
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let fail = |e: String| -> ! {
        eprintln!("superply-server: {e}");
        std::process::exit(2);
    };
    let settings = settings(&args).unwrap_or_else(|e| fail(e));
    let tcp = SocketAddr::new(args.bind, args.port);
    let http = (!args.no_http).then(|| SocketAddr::new(args.bind, args.http_port));
    let server = Server::bind(settings, tcp, http).await.unwrap_or_else(|e| fail(e.to_string()));
    println!("superply-server: line protocol on {}", server.tcp_addr());
    if let Some(addr) = server.http_addr() {
        println!("superply-server: page on http://{addr}/");
    }
    let _ = std::io::stdout().flush();
    if let Err(e) = server.run().await {
        fail(e.to_string());
    }
}
