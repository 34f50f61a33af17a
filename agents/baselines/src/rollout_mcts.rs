//! `mcts`, the random-rollout MCTS baseline every two-player game offers (tabula's search with
//! random rollouts, c_puct 2): on a clock, or at a fixed number of simulations a move (the same
//! game for the same seed on any machine).
//!
//! ```
//! use tabula_baselines::rollout_mcts;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let state = score4::Score4.new_initial_state(0);
//! let mut agent = rollout_mcts::with_simulations::<score4::Score4State>(16);
//! assert!(state.legal_actions().contains(&agent.act(&state, &mut rng_from_seed(1))));
//! assert_eq!(agent.name(), "mcts(16 sims)");
//! ```

use std::time::Duration;
use tabula_core::{Agent, State};
use tabula_search::{MctsAgent, RolloutEvaluator, SearchConfig};

/// `mcts` thinking `movetime` a move.
pub fn timed<S: State>(movetime: Duration) -> Box<dyn Agent<S>> {
    Box::new(MctsAgent::new("mcts", RolloutEvaluator::new(1), config(100)).with_time_budget(movetime))
}

/// `mcts` at `simulations` a move, no clock.
pub fn with_simulations<S: State>(simulations: usize) -> Box<dyn Agent<S>> {
    Box::new(MctsAgent::new(format!("mcts({simulations} sims)"), RolloutEvaluator::new(1), config(simulations)))
}

fn config(simulations: usize) -> SearchConfig {
    SearchConfig { simulations, c_puct: 2.0, ..SearchConfig::default() }
}
