//! A bounded load test of a running server: many games at once over real sockets, some players
//! misbehaving, every other player's game checked to end. It stops by itself at its deadline.

use crate::protocol::{LineReader, Message};
use crate::side::Side;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How hard to push.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    /// Games at once (twice as many connections).
    pub games: usize,
    /// One connection in this many misbehaves (0: none), in turn: garbage lines, leaving
    /// mid-game, an illegal claim, an over-long line.
    pub misbehave_every: usize,
    /// The whole test's limit: games not over by then count as stuck.
    pub deadline: Duration,
    pub seed: u64,
}

/// What a player did wrong, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Conduct {
    Good,
    /// Three lines of garbage before its second claim (then plays on).
    Garbage,
    /// Closes the connection at its third turn.
    Leaves,
    /// Claims a cell off the board at its second turn.
    Illegal,
    /// Sends a line longer than the protocol allows at its second turn.
    OverLong,
}

/// One connection's story.
#[derive(Debug, Default)]
struct Played {
    /// The `over` line, if it came.
    over: Option<String>,
    /// From sending a claim to hearing it back, per claim.
    latencies: Vec<Duration>,
}

/// The test's figures.
#[derive(Debug, Clone, serde::Serialize)]
pub struct LoadReport {
    pub games: usize,
    pub connections: usize,
    pub misbehaving: usize,
    /// Well-behaved connections that never heard their game end (must be 0).
    pub lost: usize,
    pub over_by_path: usize,
    pub over_by_reason: usize,
    pub moves: usize,
    pub seconds: f64,
    pub games_per_s: f64,
    pub move_latency_p50_ms: f64,
    pub move_latency_p99_ms: f64,
}

/// Runs the test against the server at `addr` (its line-protocol port).
pub async fn run(addr: SocketAddr, config: &LoadConfig) -> LoadReport {
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + config.deadline;
    let connections = 2 * config.games;
    let conduct = |i: usize| match config.misbehave_every {
        k if k > 0 && i % k == k - 1 => {
            [Conduct::Garbage, Conduct::Leaves, Conduct::Illegal, Conduct::OverLong][(i / k) % 4]
        }
        _ => Conduct::Good,
    };
    let tasks: Vec<_> = (0..connections)
        .map(|i| {
            let rng = StdRng::seed_from_u64(config.seed.wrapping_add(i as u64));
            let conduct = conduct(i);
            let task = tokio::spawn(async move {
                let mut played = Played::default();
                let _ = tokio::time::timeout_at(deadline, player(addr, conduct, rng, &mut played)).await;
                played
            });
            (conduct, task)
        })
        .collect();
    let mut report = LoadReport {
        games: config.games,
        connections,
        misbehaving: tasks.iter().filter(|(c, _)| *c != Conduct::Good).count(),
        lost: 0,
        over_by_path: 0,
        over_by_reason: 0,
        moves: 0,
        seconds: 0.0,
        games_per_s: 0.0,
        move_latency_p50_ms: 0.0,
        move_latency_p99_ms: 0.0,
    };
    let mut latencies = Vec::new();
    let mut over_lines = std::collections::BTreeSet::new();
    for (conduct, task) in tasks {
        let played = task.await.unwrap_or_default();
        if conduct == Conduct::Good && played.over.is_none() {
            report.lost += 1;
        }
        latencies.extend(played.latencies);
        if let Some(over) = played.over {
            over_lines.insert(over);
        }
    }
    for over in &over_lines {
        if over.contains(" wins by ") { report.over_by_reason += 1 } else { report.over_by_path += 1 }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.games_per_s = over_lines.len() as f64 / report.seconds;
    report.moves = latencies.len();
    latencies.sort();
    let quantile = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    report.move_latency_p50_ms = quantile(0.50);
    report.move_latency_p99_ms = quantile(0.99);
    report
}

/// One connection: joins either seat and claims a random allowed cell at each of its turns.
async fn player(addr: SocketAddr, conduct: Conduct, mut rng: StdRng, played: &mut Played) -> std::io::Result<()> {
    let mut stream = TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    stream.write_all(b"join either\n").await?;
    let mut lines = LineReader::new();
    let mut buffer = [0u8; 4096];
    let (mut side, mut turns, mut sent) = (None::<Side>, 0, None::<Instant>);
    loop {
        let Some(line) = lines.next_line() else {
            let n = stream.read(&mut buffer).await?;
            if n == 0 {
                return Ok(());
            }
            lines.feed(&buffer[..n]);
            continue;
        };
        let Ok(line) = line else { return Ok(()) };
        match Message::parse(&line) {
            Ok(Message::Start { side: s, .. }) => side = Some(s),
            Ok(Message::Moved { side: s, .. }) if Some(s) == side => {
                if let Some(at) = sent.take() {
                    played.latencies.push(at.elapsed());
                }
            }
            Ok(Message::Hint { side: s, cells, .. }) if Some(s) == side => {
                turns += 1;
                let mut claim = cells[rng.random_range(0..cells.len())].clone();
                match (conduct, turns) {
                    (Conduct::Garbage, 2) => stream.write_all(b"\x00\xff junk\nmove\nflip the board\n").await?,
                    (Conduct::Leaves, 3) => return Ok(()),
                    (Conduct::Illegal, 2) => claim = "0x0".into(),
                    (Conduct::OverLong, 2) => {
                        stream.write_all(&vec![b'7'; 4096]).await?;
                        return Ok(());
                    }
                    _ => {}
                }
                sent = Some(Instant::now());
                stream.write_all(format!("move {claim}\n").as_bytes()).await?;
            }
            Ok(Message::Over { .. }) => {
                played.over = Some(line);
                return Ok(());
            }
            _ => {}
        }
    }
}
