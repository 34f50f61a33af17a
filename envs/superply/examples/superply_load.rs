//! Load test of `superply-server` on loopback: `cargo run --release -p superply --example
//! superply_load -- --games 200`. Starts a server in this process (its own runtime), plays
//! `--games` games at once over real sockets with one connection in `--misbehave-every`
//! misbehaving, and prints games/s and move latencies (from a claim sent to its echo). Stops by
//! itself at `--deadline-s`; exits non-zero if a well-behaved player's game never ended.
//!
//! `--minutes M` makes it a soak: rounds of `--games` games one after another against the same
//! server for M minutes, each round reported, then the worst round's p99 and the process's
//! resident memory (server and players) after the first round and at the end
//! (`scripts/soak.sh`).

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
    /// Soak: play rounds against the same server for this many minutes (0: one round).
    #[arg(long, default_value_t = 0.0)]
    minutes: f64,
}

/// This process's resident memory in MiB.
fn resident_mib() -> f64 {
    use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System};
    let pid = Pid::from_u32(std::process::id());
    let mut system = System::new();
    system.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        false,
        ProcessRefreshKind::nothing().with_memory(),
    );
    system.process(pid).map_or(f64::NAN, |p| p.memory() as f64 / (1024.0 * 1024.0))
}

fn main() {
    let args = Args::parse();
    let settings = Settings { mode: args.mode, seed: Some(args.seed), ..Settings::default() };
    let server = spawn(settings, "127.0.0.1:0".parse().unwrap(), None, args.server_threads).expect("bind a free port");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let start = std::time::Instant::now();
    let (mut rounds, mut lost, mut games, mut worst_p99, mut first_rss) = (0u64, 0usize, 0usize, 0.0f64, f64::NAN);
    loop {
        let config = LoadConfig {
            games: args.games,
            misbehave_every: args.misbehave_every,
            deadline: Duration::from_secs(args.deadline_s),
            seed: args.seed + rounds,
        };
        let report = runtime.block_on(run(server.tcp, &config));
        rounds += 1;
        lost += report.lost;
        games += report.games;
        worst_p99 = worst_p99.max(report.move_latency_p99_ms);
        if rounds == 1 {
            first_rss = resident_mib();
        }
        println!(
            "{} games ({} connections, {} misbehaving) in {:.2} s: {:.1} games/s, {} claims, move latency p50 {:.2} ms, p99 {:.2} ms; \
             {} ended by a path, {} by a reason; lost: {}",
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
        if args.minutes == 0.0 {
            println!("{}", serde_json::to_string(&report).unwrap());
        }
        if start.elapsed().as_secs_f64() >= args.minutes * 60.0 {
            break;
        }
    }
    let finished = server.stats.finished.load(std::sync::atomic::Ordering::Relaxed);
    if args.minutes > 0.0 {
        println!(
            "soak: {rounds} rounds, {games} games in {:.1} min; server counted {finished} finished; lost {lost}; worst round's move latency p99 {worst_p99:.2} ms; resident memory {first_rss:.1} MiB after the first round, {:.1} MiB at the end",
            start.elapsed().as_secs_f64() / 60.0,
            resident_mib()
        );
    }
    if lost > 0 || finished < games as u64 {
        std::process::exit(1);
    }
}
