//! `upright-random-player`: a protocol bot that plays uniformly random legal sub-actions (so it
//! ends a phase-2 move at random). A yardstick and a test partner for `upright-referee`; the
//! real bots are `upright-bot` (agents/bots).
//!
//! ```text
//! upright-referee --first human --second "upright-random-player --seed 7"
//! ```

use clap::Parser;
use rand::Rng;
use tabula_core::{State, rng_from_seed};
use upright::moves::whole_move;
use upright::protocol::serve;

#[derive(Parser, Debug)]
#[command(
    name = "upright-random-player",
    version,
    about = "Plays random legal Upward-Rightward moves over the line protocol."
)]
struct Args {
    /// Seed of the random moves: the same seed and commands give the same answers. Without
    /// it every run draws a fresh seed (the referee starts a new process for every game, so a
    /// fixed seed replays the same game whenever the same position comes round).
    #[arg(long)]
    seed: Option<u64>,
    /// Write diagnostics to stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn main() {
    let args = Args::parse();
    let mut rng = rng_from_seed(args.seed.unwrap_or_else(rand::random));
    let choose = move |state: &upright::UprightState| {
        whole_move(state, |s| {
            let legal = s.legal_actions();
            legal[rng.random_range(0..legal.len())]
        })
    };
    let log: Box<dyn std::io::Write> =
        if args.verbose { Box::new(std::io::stderr()) } else { Box::new(std::io::sink()) };
    // A closed stdout means the referee has gone: nothing is left to do but stop.
    let _ = serve(std::io::stdin().lock(), std::io::stdout().lock(), choose, log);
}
