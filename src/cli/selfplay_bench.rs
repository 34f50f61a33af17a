//! `tabula selfplay-bench <game>`: self-play throughput of a training config (its workers, games in
//! flight, searches and network) with a fresh network, for a fixed time; with `--learner-only`,
//! the learner's own ceiling (steps/s with games without limit, as actors might feed it).

use super::jobs::{Baselines, GameJob, dispatch};
use super::train::default_config;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use tabula_core::Game;
use tabula_train::bench::{measure_learner, measure_selfplay};
use tabula_train::config::TrainConfig;

#[derive(Debug, Args)]
pub struct SelfPlayBenchArgs {
    /// Game whose embedded default config is measured (see `tabula games`).
    #[arg(required_unless_present = "config")]
    game: Option<String>,
    /// A training config (TOML) to measure instead of the game's default.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Seconds to measure, after one warm-up round.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Train the network beside self-play at the config's replay ratio, as `tabula train` does.
    #[arg(long, conflicts_with = "learner_only")]
    learner: bool,
    /// Time the learner alone, as if actors sent games without limit: steps/s, and the new
    /// positions/s that saturate it at the config's replay ratio (how many actors it can take).
    #[arg(long)]
    learner_only: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: SelfPlayBenchArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.seconds > 0.0 && args.seconds.is_finite(), "--seconds must be positive");
    let config = match (&args.config, &args.game) {
        (Some(path), _) => TrainConfig::load(path)?,
        (None, Some(game)) => default_config(&game.parse()?)?,
        (None, None) => unreachable!("clap requires a game or a config"),
    };
    let game = config.game.clone();
    dispatch(&game, Some(&[]), &config.clone(), Bench { config, args })
}

struct Bench {
    config: TrainConfig,
    args: SelfPlayBenchArgs,
}

impl GameJob for Bench {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()> {
        let Bench { config, args } = self;
        let s = &config.selfplay;
        if args.learner_only && !args.json {
            eprintln!(
                "tabula: the learner of {} alone for {} s (games without limit): batches of {} at replay ratio {}",
                config.game, args.seconds, config.learner.batch_size, config.replay.replay_ratio
            );
        } else if !args.json {
            eprintln!(
                "tabula: self-play of {} for {} s: {} workers × {} games in flight, {} simulations a move{}{}",
                config.game,
                args.seconds,
                s.workers,
                s.games_in_flight,
                config.search.simulations,
                s.fast_simulations
                    .map(|n| format!(" ({:.0}% of moves; the others {n})", 100.0 * s.full_search_fraction))
                    .unwrap_or_default(),
                if args.learner { ", learner beside it" } else { "" }
            );
        }
        let duration = Duration::from_secs_f64(args.seconds);
        if args.learner_only {
            let t = measure_learner(&game, &config, baselines.advisor, duration)?;
            if args.json {
                let mut value = serde_json::to_value(t)?;
                value["steps_per_s"] = serde_json::json!(t.steps_per_s());
                value["positions_per_s"] = serde_json::json!(t.positions_per_s());
                value["cpu_utilisation"] = serde_json::json!(t.utilisation());
                println!("{value}");
            } else {
                println!("learner steps/s    {:>10.1}  (batch {})", t.steps_per_s(), t.batch_size);
                println!("positions/s taken  {:>10.0}  (at replay ratio {})", t.positions_per_s(), t.replay_ratio);
                println!("CPU utilisation    {:>9.0}%", 100.0 * t.utilisation());
            }
            return Ok(());
        }
        if !baselines.field.is_empty() {
            eprintln!("selfplay-bench: self-play alone is measured; the games against selfplay.field are not");
        }
        let t = measure_selfplay(&game, &config, baselines.advisor, duration, args.learner)?;
        if args.json {
            let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
            let mut value = serde_json::to_value(t)?;
            value["cores"] = serde_json::json!(cores);
            value["moves_per_s"] = serde_json::json!(t.moves_per_s());
            value["samples_per_s"] = serde_json::json!(t.samples_per_s());
            value["positions_per_s"] = serde_json::json!(t.positions_per_s());
            value["evaluations_per_s"] = serde_json::json!(t.evaluations_per_s());
            value["cpu_utilisation"] = serde_json::json!(t.utilisation());
            println!("{value}");
            return Ok(());
        }
        println!("moves/s            {:>10.1}", t.moves_per_s());
        println!("samples/s          {:>10.1}  (of games that ended)", t.samples_per_s());
        println!("positions/s        {:>10.1}  (samples as they are made)", t.positions_per_s());
        println!("games/s            {:>10.2}", t.games_per_s());
        println!("evaluations/s      {:>10.0}", t.evaluations_per_s());
        println!("CPU utilisation    {:>9.0}%", 100.0 * t.utilisation());
        if args.learner {
            println!("learner steps/s    {:>10.1}", t.learner_steps as f64 / t.seconds);
        }
        Ok(())
    }
}
