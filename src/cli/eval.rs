//! `tabula eval RUN`: a trained run's model with search against baselines.

use super::jobs::{Baselines, GameJob, dispatch};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use tabula_core::Game;
use tabula_train::config::TrainConfig;
use tabula_train::eval::{EvalOptions, evaluate_run};

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// A run directory made by `tabula train` (it holds config.toml and model.bpk).
    run: PathBuf,
    /// Baselines to play, comma-separated (Score 4: random, greedy, alphabeta, mcts — the last
    /// two at 100 ms a move; Superball: random, greedy, lookahead).
    #[arg(long, value_delimiter = ',', default_value = "random,greedy")]
    against: Vec<String>,
    /// Games per baseline (two players, seats alternated), or seeds (one player).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Search simulations per move (default: the run's `eval_simulations`).
    #[arg(long)]
    simulations: Option<usize>,
    /// Root actions the Gumbel search considers (default: the run's `considered`).
    #[arg(long)]
    considered: Option<usize>,
    /// Random plies opening each pair of games, so that the games differ (two players).
    #[arg(long, default_value_t = 2)]
    opening_plies: usize,
    /// Seed of the match (two players) or the first game seed (one player: seeds SEED..SEED+games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
}

struct Eval {
    args: EvalArgs,
    config: TrainConfig,
}

pub fn run(args: EvalArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    let config = TrainConfig::load(&args.run.join("config.toml"))
        .with_context(|| format!("{} does not look like a tabula run directory", args.run.display()))?;
    let names: Vec<String> = args.against.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let game_spec = config.game.clone();
    let advisor = config.search.advisor.clone();
    dispatch(&game_spec, &names, advisor.as_deref(), Eval { args, config })
}

impl GameJob for Eval {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()> {
        let Baselines { opponents, advisor } = baselines;
        let a = &self.args;
        let options = EvalOptions {
            games: a.games,
            simulations: a.simulations,
            considered: a.considered,
            opening_plies: a.opening_plies,
            seed: a.seed,
        };
        if !a.json {
            eprintln!("tabula: evaluating {} ({}) ...", a.run.display(), game.spec());
        }
        for row in evaluate_run(&game, &a.run, &self.config, &opponents, advisor, &options)? {
            if a.json {
                println!("{}", serde_json::to_string(&row)?);
            } else {
                println!("{row}");
            }
        }
        Ok(())
    }
}
