//! Load test of `superply-server` on loopback: `cargo run --release -p superply --example
//! superply_load -- --games 200`. Starts a server in this process (its own runtime), plays
//! `--games` games at once over real sockets with one connection in `--misbehave-every`
//! misbehaving, and prints games/s and move latencies (from a claim sent to its echo). Stops by
//! itself at `--deadline-s`; exits non-zero if a well-behaved player's game never ended.

use clap::Parser;
use std::time::Duration;
use superply::Mode;
use superply::server::load::{LoadConfig, run};
use superply::server::{Settings, spawn};

/// Plays many Superply games at once against an in-process server and reports games/s and move latency.
#[derive(Parser, Debug)]
struct Args {
    /// Games played at the same time (two connections each).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// One connection in this many misbehaves (garbage, leaving, an illegal cell, an over-long line); 0 = none.
    #[arg(long, default_value_t = 10)]
    misbehave_every: usize,
    /// The test gives up after this many seconds and counts unfinished games as lost.
    #[arg(long, default_value_t = 120)]
    deadline_s: u64,
    /// Hint mode: random or deterministic.
    #[arg(long, default_value = "random")]
    mode: Mode,
    /// Worker threads of the server's runtime (the load has its own).
    #[arg(long, default_value_t = 1)]
    server_threads: usize,
    /// Seed of the server's hints and of the players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() {
    let args = Args::parse();
    let settings = Settings { mode: args.mode, seed: Some(args.seed), ..Settings::default() };
    let server = spawn(settings, "127.0.0.1:0".parse().unwrap(), None, args.server_threads).expect("bind a free port");
    let config = LoadConfig {
        games: args.games,
        misbehave_every: args.misbehave_every,
        deadline: Duration::from_secs(args.deadline_s),
        seed: args.seed,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let report = runtime.block_on(run(server.tcp, &config));
    let finished = server.stats.finished.load(std::sync::atomic::Ordering::Relaxed);
    println!(
        "{} games ({} connections, {} misbehaving) in {:.2} s: {:.1} games/s, {} claims, move latency p50 {:.2} ms, p99 {:.2} ms; \
         {} ended by a path, {} by a reason; server counted {finished} finished; lost: {}",
        report.games,
        report.connections,
        report.misbehaving,
        report.seconds,
        report.games_per_s,
        report.moves,
        report.move_latency_p50_ms,
        report.move_latency_p99_ms,
        report.over_by_path,
        report.over_by_reason,
        report.lost
    );
    println!("{}", serde_json::to_string(&report).unwrap());
    if report.lost > 0 || finished < report.games as u64 {
        std::process::exit(1);
    }
}
