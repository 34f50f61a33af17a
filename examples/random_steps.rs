//! Random games of every game through the Rust `Env`, steps per second: the Rust side of the
//! Python bindings' `bindings/python/examples/random_games.py` (its "native" loop does the same
//! work per step: the legal actions, one picked at random, a step).
//!
//! ```text
//! cargo run --release --example random_steps -- [GAMES] [SEED]     # default 1000 games, seed 1
//! ```

use rand::Rng;
use std::time::Instant;
use tabula::players::{GameTask, KnownGame, with_game};
use tabula_core::{Env, State, rng_from_seed};

struct RandomSteps {
    games: u64,
    seed: u64,
}

impl GameTask for RandomSteps {
    type Output = (usize, f64);

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<(usize, f64)> {
        let mut env = Env::new(game);
        let mut pick = rng_from_seed(self.seed);
        let start = Instant::now();
        let mut steps = 0;
        for game in 0..self.games {
            env.reset(self.seed + game);
            while !env.is_done() {
                let legal = env.state().legal_actions();
                env.step(legal[pick.random_range(0..legal.len())])?;
                steps += 1;
            }
        }
        Ok((steps, start.elapsed().as_secs_f64()))
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(1000);
    let seed = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(1);
    println!("{:<10} {:>6} {:>9} {:>12}", "game", "games", "steps", "steps/s");
    for entry in tabula::registry::registry().entries() {
        let (steps, seconds) = with_game(entry.example, RandomSteps { games, seed })?;
        println!("{:<10} {games:>6} {steps:>9} {:>12.0}", entry.name, steps as f64 / seconds);
    }
    Ok(())
}
