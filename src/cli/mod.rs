//! Command-line parsing and dispatch.

mod actor;
mod arena;
mod check;
mod eval;
mod export;
mod field;
mod games;
mod jobs;
mod opponents;
mod play;
mod plot;
pub(crate) use tabula::records;
mod replay;
mod runs;
mod selfplay_bench;
mod serve;
mod train;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// tabula — train game-playing agents from scratch on a CPU, rate them, and ship them as bots.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the games tabula knows, with their spec strings.
    Games,
    /// Play a game in the terminal against a computer opponent.
    Play(play::PlayArgs),
    /// Run the env checker (the API conformance suite) on a game.
    Check(check::CheckArgs),
    /// Train an agent by self-play (MCTS + network) and evaluate it against baselines.
    Train(train::TrainArgs),
    /// Self-play for a run whose learner is elsewhere (`tabula train GAME --redis URL`).
    Actor(actor::ActorArgs),
    /// Distributed runs: `tabula runs status URL`.
    Runs(runs::RunsArgs),
    /// Evaluate a trained run: its model with search against baselines (an arena gauntlet).
    Eval(eval::EvalArgs),
    /// Ship a run's model: write checkpoints/<game>/ (weights, card, config, curves, README).
    Export(export::ExportArgs),
    /// Draw a run's learning curves (losses, entropy, speed, evaluations) as a PNG.
    Plot(plot::PlotArgs),
    /// Rate players against each other: baselines, trained models, external programs.
    Arena(arena::ArenaArgs),
    /// Show one game of an arena's --records file, move by move.
    Replay(replay::ReplayArgs),
    /// Play every game in the browser against any agent, and watch agents think.
    Serve(serve::ServeArgs),
    /// Measure self-play throughput (moves, evaluations, CPU use) of a training config.
    SelfplayBench(selfplay_bench::SelfPlayBenchArgs),
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => games::run(),
        Command::Play(args) => play::run(args),
        Command::Check(args) => check::run(args),
        Command::Train(args) => train::run(args),
        Command::Actor(args) => actor::run(args),
        Command::Runs(args) => runs::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Export(args) => export::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Replay(args) => replay::run(args),
        Command::SelfplayBench(args) => selfplay_bench::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e:#}");
            ExitCode::from(2)
        }
    }
}
