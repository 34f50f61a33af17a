//! `clue-bot`: a Generalized Clue player speaking `clue-arbiter`'s line protocol on stdin/stdout
//! (`envs/clue/PROTOCOL.md`).
//!
//! ```text
//! $ printf 'new players 2 items 5 hidden 1 seat 1 hand 1 2;\nturn;\nquit;\n' | clue-bot --agent deduce
//! ok.
//! ask 2: 3.
//! ok.
//! ```
//!
//! The protocol lives in `clue::protocol`, shared with `clue-arbiter`: the bot keeps a view of
//! what it has seen, draws a full state consistent with it before each answer, and lets the
//! agent choose sub-actions in that state. Stdout carries protocol answers only, stderr nothing
//! unless `-v`.

use clap::Parser;
use clue::ClueState;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;
use tabula_baselines::clue::{AGENT_NAMES, agent_by_name};
use tabula_core::rng_from_seed;

#[derive(Parser, Debug)]
#[command(
    name = "clue-bot",
    version,
    about = "A Generalized Clue player for clue-arbiter's line protocol (stdin/stdout).",
    long_about = "A Generalized Clue player for clue-arbiter's line protocol (stdin/stdout).\n\n\
        `deduce` (the default until a trained Clue agent is shipped) reasons exactly from \
        everything it has seen, guesses only what it has proven and asks the most informative \
        question; `ismcts` is tabula's information-set search (determinizations of what it has \
        seen, cheap deduction-guided rollouts); `random` takes random legal steps."
)]
struct Args {
    /// Who chooses the turns.
    #[arg(long, default_value = "deduce", value_parser = clap::builder::PossibleValuesParser::new(AGENT_NAMES))]
    agent: String,
    /// Search iterations per decision for `ismcts`.
    #[arg(long, default_value_t = tabula_baselines::clue::ISMCTS_ITERATIONS)]
    iterations: usize,
    /// Seed for the agent's random choices and the bot's draws of consistent deals (default:
    /// from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Write what the bot thinks to stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn main() {
    let args = Args::parse();
    let verbose = args.verbose;
    if !verbose {
        // A panic message on stderr could block on a pipe nobody reads.
        std::panic::set_hook(Box::new(|_| {}));
    }
    let name = if args.agent == "ismcts" { format!("ismcts:{}", args.iterations.max(1)) } else { args.agent.clone() };
    let mut agent = agent_by_name(&name).unwrap_or_else(|e| {
        eprintln!("clue-bot: {e}");
        std::process::exit(2);
    });
    let seed = args.seed.unwrap_or_else(tabula_bots::clock_seed);
    let mut rng = rng_from_seed(seed);
    let name = agent.name();
    if verbose {
        eprintln!("clue-bot: agent {name}, seed {seed}");
    }
    let choose = move |state: &ClueState| {
        let start = Instant::now();
        // Whatever the agent does, the bot answers: a failing agent gives way to a legal step
        // (the session replaces an illegal one).
        let action = catch_unwind(AssertUnwindSafe(|| agent.act(state, &mut rng))).unwrap_or_else(|_| {
            if verbose {
                eprintln!("clue-bot: {name} failed to choose; taking the first legal step");
            }
            state.legal()[0]
        });
        if verbose {
            eprintln!("clue-bot: {name} chose {} in {} ms", action, start.elapsed().as_millis());
        }
        action
    };
    let log: Box<dyn std::io::Write> = if verbose { Box::new(std::io::stderr()) } else { Box::new(std::io::sink()) };
    // A closed stdout means the arbitrator has gone: nothing is left to do but stop.
    let _ = clue::protocol::serve(std::io::stdin().lock(), std::io::stdout().lock(), choose, seed ^ 0x5eed, log);
}
