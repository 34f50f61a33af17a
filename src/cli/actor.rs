//! `tabula actor --redis URL`: self-play for a run whose learner is elsewhere (`tabula train
//! --redis URL`). The run's name, game and config come from Redis; the actor plays the newest
//! model the learner published and pushes finished games back.

use super::jobs::{Baselines, GameJob, dispatch};
use anyhow::Context;
use clap::Args;
use std::time::Duration;
use tabula_core::Game;
use tabula_train::config::TrainConfig;
use tabula_train::distributed::actor::{ActorOptions, run_actor};
use tabula_train::distributed::{RunInfo, current_run, redacted};

#[derive(Debug, Args)]
pub struct ActorArgs {
    /// The Redis the learner announced its run in (`redis://[:PASSWORD@]HOST:PORT[/DB]`, or
    /// `rediss://` for TLS, with REDIS_CA_CERT=PEM for a private certificate authority; the
    /// password is never shown).
    #[arg(long, value_name = "URL", env = "REDIS_URL", hide_env_values = true)]
    redis: String,
    /// Self-play threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// This actor's name in the stream and in `tabula runs status` (default: host and process id).
    #[arg(long)]
    id: Option<String>,
    /// Stop after pushing this many games (default: play until stopped).
    #[arg(long)]
    max_games: Option<u64>,
    /// Seed of the self-play games (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds to wait for a learner to announce a run before giving up (default: wait forever).
    #[arg(long, value_name = "SECONDS")]
    wait_for_run: Option<f64>,
}

pub fn run(args: ActorArgs) -> anyhow::Result<()> {
    let shown = redacted(&args.redis);
    let started = std::time::Instant::now();
    let mut said = false;
    let info = loop {
        if let Some(info) = current_run(&args.redis)? {
            break info;
        }
        if args.wait_for_run.is_some_and(|s| started.elapsed().as_secs_f64() >= s) {
            anyhow::bail!("no run announced at {shown}: start one with `tabula train GAME --redis URL`");
        }
        if !said {
            eprintln!("tabula actor: no run at {shown} yet; waiting for `tabula train GAME --redis URL`");
            said = true;
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    let config = TrainConfig::from_toml(&info.config_toml).with_context(|| format!("run {}'s config", info.run))?;
    let id = args.id.clone().unwrap_or_else(default_id);
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let cache = std::env::temp_dir().join(format!("tabula-actor-{}", std::process::id()));
    eprintln!("tabula actor {id}: run {} of {} at {shown}, {threads} threads", info.run, info.game);
    let options =
        ActorOptions { url: args.redis.clone(), id, threads, max_games: args.max_games, cache: cache.clone(), seed };
    let game = info.game.clone();
    let result = dispatch(&game, Some(&[]), &config, Actor { info, options });
    let _ = std::fs::remove_dir_all(&cache);
    result
}

struct Actor {
    info: RunInfo,
    options: ActorOptions,
}

impl GameJob for Actor {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()> {
        let id = self.options.id.clone();
        let say = |line: &str| eprintln!("tabula actor {id}: {line}");
        let summary = run_actor(game, &self.info, baselines.advisor, &baselines.field, &self.options, &say)?;
        say(&format!("stopped: {} games pushed, {} dropped while Redis was away", summary.pushed, summary.dropped));
        Ok(())
    }
}

fn default_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default();
    let host = if host.is_empty() { "actor".to_string() } else { host };
    format!("{host}-{}", std::process::id())
}
