//! `upright-bot`: an Upward-Rightward player speaking `upright-referee`'s line protocol on
//! stdin/stdout (`envs/upright/PROTOCOL.md`).
//!
//! ```text
//! $ printf 'new 6 first;\nmove;\nquit;\n' | upright-bot --agent greedy
//! ok.
//! a1.
//! ok.
//! ```
//!
//! The protocol (commands, answers, the game) lives in `upright::protocol`, shared with
//! `upright-referee`; this file wires stdin/stdout and an agent to it. The agent chooses one
//! sub-action at a time (a square, …, `end`); `upright::moves::whole_move` gathers them into the
//! whole move the protocol answers with. Stdout carries protocol answers only, stderr nothing
//! unless `-v`: a referee that never reads our stderr would hang us once the pipe filled.

use clap::Parser;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tabula_baselines::upright::{AGENT_NAMES, advisor_by_name, agent_by_name};
use tabula_core::{Agent, State, rng_from_seed};
use upright::moves::whole_move;
use upright::protocol::serve;
use upright::{Upright, UprightState};

#[derive(Parser, Debug)]
#[command(
    name = "upright-bot",
    version,
    about = "An Upward-Rightward player for upright-referee's line protocol (stdin/stdout).",
    long_about = "An Upward-Rightward player for upright-referee's line protocol (stdin/stdout).\n\n\
        With no arguments it plays the trained agent shipped in checkpoints/upright (compiled into \
        the binary) with tabula's search, advised by greedy as in training; `--agent net` plays \
        its policy alone, `--checkpoint` another model; random, greedy, alphabeta (alpha-beta over \
        the lines' expected products) and mcts (random rollouts) are the hand-written baselines, \
        the searching ones at --movetime-ms a sub-action (default 300)."
)]
struct Args {
    /// Who chooses the moves: `az` (a trained network with tabula's search), `net` (its policy
    /// alone), or a hand-written baseline.
    #[arg(long, default_value = "az", value_parser = tabula_bots::agent_names(&AGENT_NAMES))]
    agent: String,
    /// The trained model for `az` and `net`: a model.bpk (with model.json and config.toml beside
    /// it), a run directory or a checkpoint folder (default: the shipped model).
    #[arg(long, value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// Thinking time per sub-action in milliseconds: for `az` instead of a number of simulations
    /// (a clock searches from a PUCT root, which takes no advice); for alphabeta and mcts their
    /// budget (default 300).
    #[arg(long, conflicts_with = "simulations")]
    movetime_ms: Option<u64>,
    /// Search simulations per sub-action for `az` (default: the model's evaluation simulations,
    /// from a root advised by greedy when its training config names it, as in its evaluations).
    #[arg(long)]
    simulations: Option<usize>,
    /// Seed for the agent's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Write what the bot receives, answers and thinks to stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn make_agent(args: &Args) -> anyhow::Result<Box<dyn Agent<UprightState>>> {
    match args.agent.as_str() {
        "az" | "net" => {
            // Any size or variant the model was trained on; the referee's `new` must match it.
            let path = args.checkpoint.as_deref();
            let game = Upright::default();
            let model = tabula_bots::shipped::model_or_checkpoint(&game, path)?;
            let movetime = args.movetime_ms.map(|ms| Duration::from_millis(ms.max(1)));
            // The model searches as it was trained: advised by greedy when its config says so.
            let advisor =
                model.config.search.advisor.as_deref().map(advisor_by_name).transpose().map_err(anyhow::Error::msg)?;
            Ok(tabula_bots::shipped::trained_agent(&game, &model, &args.agent, args.simulations, movetime, advisor))
        }
        name => {
            anyhow::ensure!(args.checkpoint.is_none(), "--checkpoint needs --agent az or net, not {name}");
            anyhow::ensure!(args.simulations.is_none(), "--simulations needs --agent az, not {name}");
            let movetime = args.movetime_ms.map(|ms| Duration::from_millis(ms.max(1)));
            agent_by_name(name, movetime).map_err(anyhow::Error::msg)
        }
    }
}

fn main() {
    let args = Args::parse();
    let verbose = args.verbose;
    if !verbose {
        // A panic message on stderr could block on a pipe nobody reads.
        std::panic::set_hook(Box::new(|_| {}));
    }
    let loading = Instant::now();
    let mut agent = make_agent(&args).unwrap_or_else(|e| {
        eprintln!("upright-bot: {e:#}");
        std::process::exit(2);
    });
    let seed = args.seed.unwrap_or_else(tabula_bots::clock_seed);
    let mut rng = rng_from_seed(seed);
    let name = agent.name();
    if verbose {
        eprintln!("upright-bot: agent {name}, seed {seed}, ready in {} ms", loading.elapsed().as_millis());
    }
    let choose = move |state: &UprightState| {
        let start = Instant::now();
        let actions = whole_move(state, |s| {
            // Whatever the agent does, the bot answers: a failing agent gives way to a legal
            // sub-action (`whole_move` replaces an illegal one the same way).
            catch_unwind(AssertUnwindSafe(|| agent.act(s, &mut rng)))
                .ok()
                .filter(|a| s.legal_actions().contains(a))
                .unwrap_or_else(|| {
                    if verbose {
                        eprintln!("upright-bot: {name} failed to choose a legal sub-action; playing the first");
                    }
                    s.legal_actions()[0]
                })
        });
        if verbose {
            eprintln!("upright-bot: {name} chose {} sub-actions in {} ms", actions.len(), start.elapsed().as_millis());
        }
        actions
    };
    let log: Box<dyn std::io::Write> = if verbose { Box::new(std::io::stderr()) } else { Box::new(std::io::sink()) };
    // A closed stdout means the referee has gone: nothing is left to do but stop.
    let _ = serve(std::io::stdin().lock(), std::io::stdout().lock(), choose, log);
}
