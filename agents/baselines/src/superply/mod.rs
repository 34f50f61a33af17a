//! Superply baselines: `random`, `greedy` and `mcts` (tabula's MCTS with random rollouts), each
//! an [`Agent<SuperplyState>`](tabula_core::Agent).
//!
//! ```
//! use tabula_baselines::superply::agent_by_name;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let game = superply::Superply::new(9, superply::Mode::Deterministic, superply::default_hints()).unwrap();
//! let mut agent = agent_by_name("greedy", None).unwrap();
//! let state = game.new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert!(state.legal_actions().contains(&action));
//! ```

mod greedy;

pub use greedy::Greedy;

use std::time::Duration;
use superply::SuperplyState;
use tabula_core::{Agent, RandomAgent};
use tabula_search::{MctsAgent, RolloutEvaluator, SearchConfig};

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 3] = ["random", "greedy", "mcts"];

/// Builds a baseline by name; `movetime` is the `mcts` player's time a move (default 300 ms).
pub fn agent_by_name(name: &str, movetime: Option<Duration>) -> Result<Box<dyn Agent<SuperplyState>>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "greedy" => Box::new(Greedy),
        "mcts" => Box::new(
            MctsAgent::new("mcts", RolloutEvaluator::new(1), mcts_config(100))
                .with_time_budget(movetime.unwrap_or(Duration::from_millis(300))),
        ),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}

/// The `mcts` baseline at a fixed number of simulations a move instead of a clock.
pub fn mcts_with_simulations(simulations: usize) -> Box<dyn Agent<SuperplyState>> {
    Box::new(MctsAgent::new(format!("mcts({simulations} sims)"), RolloutEvaluator::new(1), mcts_config(simulations)))
}

/// Random-rollout MCTS as the `mcts` baseline plays it.
fn mcts_config(simulations: usize) -> SearchConfig {
    SearchConfig { simulations, c_puct: 2.0, ..SearchConfig::default() }
}
