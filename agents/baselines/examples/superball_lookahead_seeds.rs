//! The lookahead player's mean score on sb-player's seeds with its knobs changed, and the time it
//! took (one core's seconds per 1,000 points: the handout allows 5). One line of per-seed scores
//! follows the summary, so two settings can be compared seed by seed.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_lookahead_seeds -- [SEEDS] [FIRST] [MODEL] [KNOB=VALUE ...]
//! ```
//! MODEL: a trained n-tuple model (an afterstate run's `model.ntuple`) that makes greedy's moves
//! and values the rollouts' ends (`LookaheadPlayer::with_policy`); without it, greedy does.
//! Knobs: `samples`, `width`, `budget_ms`, `point_weight`, `policy_leaf` (with MODEL: its value of
//! each rollout's final board, times this, added to the rollout's points; see `LookaheadPlayer`), and `reserve`
//! (its greedy's `eval::Weights::reserve`, for its swaps and its rollouts alike; default
//! `lookahead::RESERVE`).

use std::sync::Arc;
use superball::{Params, Superball, SuperballState};
use tabula_baselines::superball::arena::{self, SeedArgs};
use tabula_baselines::superball::{LookaheadPlayer, ntuple_agent};
use tabula_ntuple::{NTupleAgent, NTupleModel};

fn main() {
    let args = match SeedArgs::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => fail(e),
    };
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    // The policy first: it sets knobs of its own, which the command line's then change.
    let base = match args.words.first() {
        None => LookaheadPlayer::default(),
        Some(path) => LookaheadPlayer::default()
            .with_policy(Arc::new(policy(&params, path).unwrap_or_else(|e| fail(format!("{path}: {e}"))))),
    };
    let base = match args.player(base, LookaheadPlayer::set_knob) {
        Ok(player) => player,
        Err(e) => fail(e),
    };
    let label = match args.words.first() {
        Some(path) => format!("lookahead, {path} for greedy ({} )", args.knobs_label()),
        None => format!("lookahead ({} )", args.knobs_label()),
    };
    let results = arena::play_seeds(&base, &params, args.range());
    arena::report(&label, &results);
}

fn fail(e: String) -> ! {
    eprintln!("superball_lookahead_seeds: {e}");
    std::process::exit(2)
}

/// The afterstate player of the model file at `path`.
fn policy(params: &Params, path: &str) -> Result<NTupleAgent<SuperballState>, String> {
    let model = NTupleModel::load(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    ntuple_agent(&Superball::new(params.clone()), Arc::new(model), "td")
}
