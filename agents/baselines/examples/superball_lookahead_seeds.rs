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
use tabula_core::summary::Summary;

/// Sets `player`'s knob `key` to `x`.
fn set_knob(player: &mut LookaheadPlayer, key: &str, x: f64) -> Result<(), String> {
    match key {
        "samples" => player.samples = x as usize,
        "width" => player.width = x as usize,
        "budget_ms" => player.budget = std::time::Duration::from_millis(x as u64),
        "point_weight" => player.point_weight = x,
        "reserve" => player.greedy.weights.reserve = x,
        other => return Err(format!("no knob called {other:?}")),
    }
    Ok(())
}

fn main() {
    let (args, base) = SeedArgs::parse(std::env::args().skip(1))
        .and_then(|args| args.player(LookaheadPlayer::default(), set_knob).map(|player| (args, player)))
        .unwrap_or_else(|e| {
            eprintln!("superball_lookahead_seeds: {e}");
            std::process::exit(2)
        });
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let results: Vec<(i64, u64, usize, f64)> = args
        .range()
        .into_par_iter()
        .map(|seed| {
            let mut player = base.clone();
            let start = Instant::now();
            let r = arena::play_seed(&mut player, &params, seed, usize::MAX);
            (seed, r.score, r.moves, start.elapsed().as_secs_f64())
        })
        .collect();
    let scores: Vec<f64> = results.iter().map(|r| r.1 as f64).collect();
    let s = Summary::of(&scores);
    let points: f64 = scores.iter().sum::<f64>().max(1.0);
    let seconds: f64 = results.iter().map(|r| r.3).sum();
    println!(
        "lookahead ({} ) seeds {}-{}  mean {:.0} ± {:.0}  median {:.0}  {:.2} s per 1,000 points",
        args.knobs_label(),
        args.first,
        args.range().end - 1,
        s.mean,
        s.std_error,
        s.median,
        1000.0 * seconds / points
    );
    println!("scores {}", results.iter().map(|r| r.1.to_string()).collect::<Vec<_>>().join(" "));
}
