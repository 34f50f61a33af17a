//! The lookahead player with a trained network's value at the end of its rollouts, on
//! sb-player's seeds: its mean score and time (one core's seconds per 1,000 points: the handout
//! allows 5), then one line of per-seed scores, so that it can be compared seed by seed with
//! `superball_lookahead_seeds` (lookahead alone).
//!
//! ```text
//! cargo run --release -p tabula-bots --example superball_lookahead_value_seeds -- [SEEDS] [FIRST] [MODEL] [KNOB=VALUE ...]
//! ```
//! MODEL: a run directory, a checkpoint folder or a model.bpk (default: the shipped model).
//! Knobs: `value_weight` (default 1: the network's points still to come count like points),
//! `samples`, `width`, `budget_ms`, `point_weight`, `reserve` (see `LookaheadPlayer`).

use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;
use superball::{Params, Superball};
use tabula_baselines::superball::LookaheadPlayer;
use tabula_baselines::superball::arena::{self, SeedArgs};
use tabula_bots::shipped;
use tabula_core::summary::Summary;
use tabula_train::evaluator::NetEvaluator;

/// Sets `player`'s knob `key` to `x`.
fn set_knob(player: &mut LookaheadPlayer, key: &str, x: f64) -> Result<(), String> {
    match key {
        "samples" => player.samples = x as usize,
        "width" => player.width = x as usize,
        "budget_ms" => player.budget = std::time::Duration::from_millis(x as u64),
        "point_weight" => player.point_weight = x,
        "reserve" => player.greedy.weights.reserve = x,
        "value_weight" => match &mut player.leaf {
            Some((_, weight)) => *weight = x,
            None => return Err("no leaf value to weigh".into()),
        },
        other => return Err(format!("no knob called {other:?}")),
    }
    Ok(())
}

fn run() -> anyhow::Result<()> {
    let args = SeedArgs::parse(std::env::args().skip(1)).map_err(anyhow::Error::msg)?;
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let game = Superball::new(params.clone());
    let model = shipped::model_or_checkpoint(&game, args.words.first().map(std::path::Path::new))?;
    let value = Arc::new(NetEvaluator::new(&game, model.net.clone(), model.config.value_codec()));
    let base =
        args.player(LookaheadPlayer::default().with_leaf_value(value, 1.0), set_knob).map_err(anyhow::Error::msg)?;
    let results: Vec<(i64, u64, f64)> = args
        .range()
        .into_par_iter()
        .map(|seed| {
            let mut player = base.clone();
            let start = Instant::now();
            let r = arena::play_seed(&mut player, &params, seed, usize::MAX);
            (seed, r.score, start.elapsed().as_secs_f64())
        })
        .collect();
    let scores: Vec<f64> = results.iter().map(|r| r.1 as f64).collect();
    let s = Summary::of(&scores);
    let points: f64 = scores.iter().sum::<f64>().max(1.0);
    let seconds: f64 = results.iter().map(|r| r.2).sum();
    println!(
        "lookahead + {} value ({} ) seeds {}-{}  mean {:.0} ± {:.0}  median {:.0}  {:.2} s per 1,000 points",
        model.source,
        args.knobs_label(),
        args.first,
        args.range().end - 1,
        s.mean,
        s.std_error,
        s.median,
        1000.0 * seconds / points
    );
    println!("scores {}", results.iter().map(|r| r.1.to_string()).collect::<Vec<_>>().join(" "));
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("superball_lookahead_value_seeds: {e:#}");
        std::process::exit(2)
    }
}
