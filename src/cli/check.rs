//! `tabula check <game>`: the env checker from the command line.

use anyhow::Context;
use clap::Args;
use tabula::registry::registry;
use tabula_core::checker::CheckConfig;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Game spec, e.g. `score4`.
    game: String,
    /// Random playouts to run.
    #[arg(long, default_value_t = 200)]
    playouts: usize,
    /// Seed of the first playout.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: CheckArgs) -> anyhow::Result<()> {
    let game = registry().build(&args.game).context("see `tabula games` for the games and their parameters")?;
    let config = CheckConfig { playouts: args.playouts, seed: args.seed, ..CheckConfig::default() };
    let report = game.check(&config)?;
    println!(
        "{}: passed the env checker ({} playouts, {} states, longest game {} actions, {} chance events)",
        game.spec(),
        report.playouts,
        report.states,
        report.longest_game,
        report.chance_events
    );
    Ok(())
}
