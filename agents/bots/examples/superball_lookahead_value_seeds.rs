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

use std::sync::Arc;
use superball::{Params, Superball};
use tabula_baselines::superball::LookaheadPlayer;
use tabula_baselines::superball::arena::{self, SeedArgs};
use tabula_bots::shipped;
use tabula_models::NetEvaluator;

/// Sets `player`'s knob `key` to `x`: `value_weight`, or one of `LookaheadPlayer::set_knob`'s.
fn set_knob(player: &mut LookaheadPlayer, key: &str, x: f64) -> Result<(), String> {
    match (key, &mut player.leaf) {
        ("value_weight", Some((_, weight))) => *weight = x,
        _ => player.set_knob(key, x)?,
    }
    Ok(())
}

fn run() -> anyhow::Result<()> {
    let args = SeedArgs::parse(std::env::args().skip(1)).map_err(anyhow::Error::msg)?;
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let game = Superball::new(params.clone());
    let model = shipped::model_or_checkpoint(&game, args.words.first().map(std::path::Path::new))?;
    let value = Arc::new(NetEvaluator::new(&game, model.net.clone(), model.config.value));
    let base =
        args.player(LookaheadPlayer::default().with_leaf_value(value, 1.0), set_knob).map_err(anyhow::Error::msg)?;
    let results = arena::play_seeds(&base, &params, args.range());
    arena::report(&format!("lookahead + {} value ({} )", model.source, args.knobs_label()), &results);
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("superball_lookahead_value_seeds: {e:#}");
        std::process::exit(2)
    }
}
