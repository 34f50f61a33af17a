//! `tabula eval RUN`: a trained run's model with search against baselines — the arena's gauntlet
//! of `run:RUN[:SIMS]` against the `--against` players.

use super::arena::{Arena, run_arena};
use super::jobs::SEARCHING_BASELINE_MOVETIME;
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use tabula::players::{Budget, BuildOptions, PlayerSpec, parse_all};
use tabula_train::config::TrainConfig;

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// A run directory made by `tabula train` (it holds config.toml and model.bpk).
    run: PathBuf,
    /// Players to play, comma-separated player specs (Score 4: random, greedy, alphabeta, mcts —
    /// the last two at 100 ms a move; Superball: random, greedy, lookahead; see `tabula arena --help`).
    #[arg(long, value_delimiter = ',', default_value = "random,greedy")]
    against: Vec<String>,
    /// Games per opponent (two players, seats alternated), or seeds (one player).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Search simulations per move (default: the run's `eval_simulations`).
    #[arg(long)]
    simulations: Option<usize>,
    /// Root actions the Gumbel search considers (default: the run's `considered`).
    #[arg(long)]
    considered: Option<usize>,
    /// Random plies opening each pair of games, so that the games differ (two players).
    /// Default: the game's, as `tabula arena` has it.
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Seed of the match (two players) or the first game seed (one player: seeds SEED..SEED+games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One JSON document (the arena's) instead of tables.
    #[arg(long)]
    json: bool,
}

pub fn run(args: EvalArgs) -> anyhow::Result<()> {
    let config = TrainConfig::load(&args.run.join("config.toml"))
        .with_context(|| format!("{} does not look like a tabula run directory", args.run.display()))?;
    let against: Vec<String> = args.against.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    let run = PlayerSpec::Run { dir: args.run, budget: args.simulations.map(Budget::Simulations) };
    run_arena(Arena {
        game: config.game,
        players: parse_all(&against)?,
        gauntlet: Some(run),
        games: args.games,
        opening_plies: args.opening_plies,
        seed: args.seed,
        build: BuildOptions {
            movetime: SEARCHING_BASELINE_MOVETIME,
            considered: args.considered,
            ..BuildOptions::default()
        },
        json: args.json,
        records: None,
        from_records: Vec::new(),
        plot: None,
        plot_in_order: false,
        quiet: false,
    })
}
