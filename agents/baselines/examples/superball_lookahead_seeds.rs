//! The lookahead player's mean score on sb-player's seeds with its knobs changed, and the time it
//! took (one core's seconds per 1,000 points: the handout allows 5). One line of per-seed scores
//! follows the summary, so two settings can be compared seed by seed.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_lookahead_seeds -- [SEEDS] [FIRST] [KNOB=VALUE ...]
//! ```
//! Knobs: `samples`, `width`, `budget_ms`, `point_weight` (see `LookaheadPlayer`).

use rayon::prelude::*;
use std::time::Instant;
use superball::Params;
use tabula_baselines::superball::{LookaheadPlayer, arena};
use tabula_core::summary::Summary;

/// Applies `KNOB=VALUE` to `player`.
fn set_knob(player: &mut LookaheadPlayer, knob: &str) -> Result<(), String> {
    let (key, value) = knob.split_once('=').ok_or_else(|| format!("{knob:?}: expected KNOB=VALUE"))?;
    let x: f64 = value.trim().parse().map_err(|_| format!("{knob:?}: the value is not a number"))?;
    match key.trim() {
        "samples" => player.samples = x as usize,
        "width" => player.width = x as usize,
        "budget_ms" => player.budget = std::time::Duration::from_millis(x as u64),
        "point_weight" => player.point_weight = x,
        other => return Err(format!("no knob called {other:?}")),
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (knobs, args): (Vec<&String>, Vec<&String>) = args.iter().partition(|a| a.contains('='));
    let seeds: i64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(100).max(1);
    let first: i64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut base = LookaheadPlayer::default();
    for knob in &knobs {
        if let Err(e) = set_knob(&mut base, knob) {
            eprintln!("superball_lookahead_seeds: {e}");
            std::process::exit(2);
        }
    }
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let results: Vec<(i64, u64, usize, f64)> = (first..first + seeds)
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
    let knobs = knobs.iter().map(|k| format!(" {k}")).collect::<String>();
    println!(
        "lookahead ({knobs} ) seeds {first}-{}  mean {:.0} ± {:.0}  median {:.0}  {:.2} s per 1,000 points",
        first + seeds - 1,
        s.mean,
        s.std_error,
        s.median,
        1000.0 * seconds / points
    );
    println!("scores {}", results.iter().map(|r| r.1.to_string()).collect::<Vec<_>>().join(" "));
}
