//! Soak test of `tabula serve` as its users meet it: the real binary on 127.0.0.1 (a free
//! port), many clients at once over real sockets, each playing whole games (a person's seat
//! moving at random among the legal actions the view lists, the agents asked to move at theirs)
//! in every game, for a fixed time, then stopping by itself.
//!
//! ```text
//! cargo build --release && cargo run --release --example soak_serve -- --clients 200 --minutes 10
//! ```
//! Prints requests, games finished, errors (any answer but 2xx and 429), 429s (the server busy:
//! the client waits and asks again, as the page does), latency p50/p99/max per request, and the
//! server's resident memory after a warm-up minute, at the end, and at every minute between
//! (the server keeps at most `MAX_TABLES` tables, so memory grows until they are all there and
//! then must stay flat). Exits 1 on any error.
//! `scripts/soak.sh` runs it beside Superply's server soak.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The games and seats the clients play: small boards, quick agents, a person in one seat.
const TABLES: &[(&str, &[&str])] = &[
    ("score4", &["human", "greedy"]),
    ("score4", &["random", "human"]),
    ("superball(rows=5,cols=6,mss=4,colors=pby)", &["human"]),
    ("superball(rows=5,cols=6,mss=4,colors=pby)", &["greedy"]),
    ("upright(size=4)", &["human", "greedy"]),
    ("superply(size=5)", &["greedy", "human"]),
    ("clue(players=3,items=13)", &["human", "random", "deduce"]),
];

#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    busy: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    first_errors: Mutex<Vec<String>>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: f64| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("soak_serve [--clients N (200)] [--minutes M (10)] [--warmup-s S (60)] [--movetime-ms MS (20)]");
        return;
    }
    let (clients, minutes) = (value("--clients", 200.0) as usize, value("--minutes", 10.0));
    let (warmup, movetime) = (Duration::from_secs_f64(value("--warmup-s", 60.0)), value("--movetime-ms", 20.0) as u64);
    let tabula = std::env::current_exe()
        .expect("own path")
        .parent()
        .and_then(|p| p.parent())
        .expect("target dir")
        .join("tabula");
    let mut child = Command::new(&tabula)
        .args(["serve", "--port", "0", "--movetime-ms", &movetime.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start ({e}): cargo build --release first", tabula.display()));
    let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
    let first = lines.next().and_then(|l| l.ok()).unwrap_or_default();
    std::thread::spawn(move || for _ in lines {});
    let url = first.split_whitespace().find(|w| w.starts_with("http://127.0.0.1:")).expect("the address").to_string();
    let url = url.trim_end_matches('/').to_string();
    let pid = child.id();
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    println!("soak_serve: {clients} clients for {minutes} minutes against {url} (pid {pid})");
    let workers: Vec<_> = (0..clients)
        .map(|k| {
            let (url, tally, stop) = (url.clone(), tally.clone(), stop.clone());
            std::thread::spawn(move || client(k as u64, &url, &tally, &stop))
        })
        .collect();
    std::thread::sleep(warmup.min(Duration::from_secs_f64(minutes * 60.0)));
    let rss_start = tabula_train::cpu::resident_mib(pid);
    let end = Duration::from_secs_f64(minutes * 60.0);
    let mut by_minute = Vec::new();
    let mut next_minute = Duration::from_secs(60);
    while start.elapsed() < end {
        std::thread::sleep(Duration::from_secs(1).min(end.saturating_sub(start.elapsed())));
        if start.elapsed() >= next_minute {
            by_minute.push(tabula_train::cpu::resident_mib(pid).map_or("?".into(), |m| format!("{m:.0}")));
            next_minute += Duration::from_secs(60);
        }
    }
    let rss_end = tabula_train::cpu::resident_mib(pid);
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        let _ = w.join();
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut latencies = std::mem::take(&mut *tally.latencies_us.lock().unwrap());
    latencies.sort_unstable();
    let at = |q: f64| latencies.get(((latencies.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0) as f64 / 1e3;
    let errors = tally.errors.load(Ordering::Relaxed);
    let mib = |m: Option<f64>| m.map_or("?".to_string(), |m| format!("{m:.1}"));
    println!(
        "{} requests, {} games finished in {:.1} min; errors {errors}, busy (429) {}; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; server RSS {} MiB after {:.0} s, {} MiB at the end",
        tally.requests.load(Ordering::Relaxed),
        tally.games.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64() / 60.0,
        tally.busy.load(Ordering::Relaxed),
        at(0.5),
        at(0.99),
        at(1.0),
        mib(rss_start),
        warmup.as_secs_f64(),
        mib(rss_end),
    );
    println!("server RSS by minute, MiB: {}", by_minute.join(" "));
    for e in tally.first_errors.lock().unwrap().iter() {
        println!("  error: {e}");
    }
    if errors > 0 {
        std::process::exit(1);
    }
}

/// One client: games one after another until told to stop.
fn client(k: u64, url: &str, tally: &Tally, stop: &AtomicBool) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(k);
    let call = |path: &str, body: Option<Value>| -> Option<Value> {
        loop {
            let one = Instant::now();
            let full = format!("{url}{path}");
            let response = match &body {
                Some(b) => agent.post(&full).content_type("application/json").send(b.to_string()),
                None => agent.post(&full).send_empty(),
            };
            tally.requests.fetch_add(1, Ordering::Relaxed);
            let failed = |what: String| {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                let mut first = tally.first_errors.lock().unwrap();
                if first.len() < 5 {
                    first.push(what);
                }
                None
            };
            let mut response = match response {
                Ok(r) => r,
                Err(e) => return failed(format!("{path}: {e}")),
            };
            let status = response.status().as_u16();
            let text = response.body_mut().read_to_string().unwrap_or_default();
            tally.latencies_us.lock().unwrap().push(one.elapsed().as_micros() as u64);
            match status {
                200 | 201 => return serde_json::from_str(&text).ok().or_else(|| failed(format!("{path}: not JSON"))),
                429 => {
                    tally.busy.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(Duration::from_millis(50));
                }
                _ => return failed(format!("{path}: {status} {text}")),
            }
        }
    };
    while !stop.load(Ordering::Relaxed) {
        let (game, seats) = TABLES[rng.random_range(0..TABLES.len())];
        let Some(mut view) =
            call("/api/tables", Some(json!({"game": game, "seats": seats, "seed": rng.random::<u32>()})))
        else {
            continue;
        };
        let id = view["id"].as_str().unwrap_or("0").to_string();
        while !view["done"].as_bool().unwrap_or(true) && !stop.load(Ordering::Relaxed) {
            let next = if view["human_to_move"].as_bool() == Some(true) {
                let actions: Vec<u64> = view["actions"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|x| x["action"].as_u64()).collect())
                    .unwrap_or_default();
                let Some(&action) = actions.choose(&mut rng) else { break };
                call(&format!("/api/tables/{id}/move"), Some(json!({"action": action})))
            } else {
                call(&format!("/api/tables/{id}/agent"), None)
            };
            let Some(next) = next else { break };
            view = next;
        }
        if view["done"].as_bool() == Some(true) {
            tally.games.fetch_add(1, Ordering::Relaxed);
        }
    }
}
