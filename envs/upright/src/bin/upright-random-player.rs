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

/// Plays random legal Upward-Rightward moves over the line protocol.
#[derive(Parser, Debug)]
#[command(name = "upright-random-player", version)]
struct Args {
    #[command(flatten)]
    options: tabula_core::random_player::RandomPlayerOptions,
}

fn main() {
    let args = Args::parse();
    let mut rng = rng_from_seed(args.options.seed());
    let choose = move |state: &upright::UprightState| {
        whole_move(state, |s| {
            let legal = s.legal_actions();
            legal[rng.random_range(0..legal.len())]
        })
    };
    let log = args.options.log();
    // A closed stdout means the referee has gone: nothing is left to do but stop.
    let _ = serve(std::io::stdin().lock(), std::io::stdout().lock(), choose, log);
}
