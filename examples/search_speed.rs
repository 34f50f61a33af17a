//! How far a trained model's timed search gets with and without its cache of network answers
//! (`[search] cache_mib`): both players think about every position of the same games, for the same
//! time, each keeping its own tree between moves; the cached one's moves are played. Prints the
//! root visits each decision rests on (medians, and the median of the per-position ratios) and the
//! share of leaves the cache answered.
//!
//! ```text
//! cargo run --release --example search_speed -- [GAME] [MOVETIME_MS] [GAMES] [CHECKPOINT]
//! cargo run --release --example search_speed -- "superply(mode=random)" 1000 2 checkpoints/superply
//! ```
//!
//! Games whose shipped search needs no advisor: Superply (either mode) and Score 4.

use rand::Rng;
use std::path::PathBuf;
use std::time::Duration;
use tabula_core::{Agent, Game, GameSpec, State, Turn, rng_from_seed};
use tabula_models::TrainedModel;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let spec: GameSpec = args.get(1).map_or("superply", String::as_str).parse()?;
    let movetime = Duration::from_millis(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000));
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let checkpoint = args.get(4).map(PathBuf::from).unwrap_or_else(|| PathBuf::from("checkpoints").join(&spec.name));
    match spec.name.as_str() {
        "superply" => measure(&superply::Superply::from_spec(&spec)?, &checkpoint, movetime, games),
        "score4" => measure(&score4::Score4::from_spec(&spec)?, &checkpoint, movetime, games),
        other => anyhow::bail!("search_speed plays superply or score4, not {other}"),
    }
}

fn measure<G: Game>(game: &G, checkpoint: &std::path::Path, movetime: Duration, games: u64) -> anyhow::Result<()> {
    let model = TrainedModel::load_shaped_like(game, checkpoint)?;
    anyhow::ensure!(model.config.search.cache_mib > 0, "{} turns the cache off", checkpoint.display());
    let mut uncached_model = model.clone();
    uncached_model.config.search.cache_mib = 0;
    let mut cached = model.timed_agent(game, movetime, None);
    let mut uncached = uncached_model.timed_agent(game, movetime, None);
    let mut rng = rng_from_seed(7);
    let (mut with, mut without, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for g in 0..games {
        let mut state = game.new_initial_state(g);
        let mut opening = 2;
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Player(_) if opening > 0 => {
                    opening -= 1;
                    let legal = state.legal_actions();
                    state.apply(legal[rng.random_range(0..legal.len())])?;
                }
                Turn::Player(_) => {
                    // Alternate who thinks first, so neither always follows the other.
                    let (action, a, b) = if with.len() % 2 == 0 {
                        let action = cached.act(&state, &mut rng);
                        let a = visits(&cached);
                        uncached.act(&state, &mut rng);
                        (action, a, visits(&uncached))
                    } else {
                        uncached.act(&state, &mut rng);
                        let b = visits(&uncached);
                        let action = cached.act(&state, &mut rng);
                        (action, visits(&cached), b)
                    };
                    with.push(a);
                    without.push(b);
                    ratios.push(a / b.max(1.0));
                    state.apply(action)?;
                }
            }
        }
    }
    let (hits, lookups) = cached.evaluator.cache_hits().expect("the cached player has a cache");
    println!("{} at {} ms a move, {games} games, {} positions:", game.spec(), movetime.as_millis(), with.len());
    println!(
        "  root visits a decision rests on, median: cached {:.0}, uncached {:.0}",
        median(&with),
        median(&without)
    );
    println!("  per position, cached / uncached: median {:.2}", median(&ratios));
    println!("  leaves the cache answered: {hits} of {lookups} ({:.1}%)", 100.0 * hits as f64 / lookups.max(1) as f64);
    Ok(())
}

fn visits<S: State>(agent: &dyn Agent<S>) -> f64 {
    agent.thinking().map_or(0.0, |t| t.simulations as f64)
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() { 0.0 } else { v[v.len() / 2] }
}
