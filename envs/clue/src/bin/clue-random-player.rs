//! `clue-random-player`: a Clue player over the arbitrator's line protocol that takes uniformly
//! random legal sub-actions (so it asks random questions and guesses at random). A yardstick and
//! a test partner for `clue-arbiter`; the real bot is `clue-bot` (agents/bots).
//!
//! ```text
//! clue-arbiter --items 13 --hidden 4 human clue-random-player "clue-random-player --seed 7"
//! ```

use clap::Parser;
use rand::Rng;
use tabula_core::rng_from_seed;

/// Plays random legal Clue turns over the arbitrator's line protocol.
#[derive(Parser, Debug)]
#[command(name = "clue-random-player", version)]
struct Args {
    #[command(flatten)]
    options: tabula_core::random_player::RandomPlayerOptions,
}

fn main() {
    let args = Args::parse();
    let seed = args.options.seed();
    let mut rng = rng_from_seed(seed ^ 0x9e37_79b9);
    let choose = move |state: &clue::ClueState| {
        let legal = state.legal();
        legal[rng.random_range(0..legal.len())]
    };
    let log = args.options.log();
    // A closed stdout means the arbitrator has gone: nothing is left to do but stop.
    let _ = clue::protocol::serve(
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        choose,
        seed,
        clue::protocol::Pace::NONE,
        log,
    );
}
