//! The lookahead player's mean score on sb-player's seeds with its knobs changed, and the time it
//! took (one core's seconds per 1,000 points: the handout allows 5). One line of per-seed scores
//! follows the summary, so two settings can be compared seed by seed.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_lookahead_seeds -- [SEEDS] [FIRST] [KNOB=VALUE ...]
//! ```
//! Knobs: `samples`, `width`, `budget_ms`, `point_weight` (see `LookaheadPlayer`), and `reserve`
//! (its greedy's `eval::Weights::reserve`, for its swaps and its rollouts alike; default
//! `lookahead::RESERVE`).

use rayon::prelude::*;
use std::time::Instant;
use superball::Params;
use tabula_baselines::superball::LookaheadPlayer;
use tabula_baselines::superball::arena::{self, SeedArgs};

fn main() {
    let (args, base) = SeedArgs::parse(std::env::args().skip(1))
        .and_then(|args| {
            args.player(LookaheadPlayer::default(), LookaheadPlayer::set_knob).map(|player| (args, player))
        })
        .unwrap_or_else(|e| {
            eprintln!("superball_lookahead_seeds: {e}");
            std::process::exit(2)
        });
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let results: Vec<(arena::GameResult, f64)> = args
        .range()
        .into_par_iter()
        .map(|seed| {
            let mut player = base.clone();
            let start = Instant::now();
            let r = arena::play_seed(&mut player, &params, seed, usize::MAX);
            (r, start.elapsed().as_secs_f64())
        })
        .collect();
    arena::report(&format!("lookahead ({} )", args.knobs_label()), &results);
}
