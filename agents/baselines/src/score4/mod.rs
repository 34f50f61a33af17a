//! Score 4 baselines: `random`, `greedy`, `alphabeta` and `mcts` (tabula's MCTS with random
//! rollouts), each an
//! [`Agent<Score4State>`](tabula_core::Agent).
//!
//! ```
//! use tabula_baselines::score4::{AgentOptions, agent_by_name};
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let mut agent = agent_by_name("alphabeta", &AgentOptions { depth: Some(3), ..AgentOptions::default() }).unwrap();
//! let state = score4::Score4.new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert!(state.legal_actions().contains(&action));
//! ```

mod alphabeta;
mod greedy;
mod scan;

pub use alphabeta::{AlphaBeta, SearchReport};
pub use greedy::Greedy;
pub use scan::{LineScan, Weights, immediate_wins, scan, threat_score};

use score4::Score4State;
use std::time::Duration;
use tabula_core::{Agent, RandomAgent};

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 4] = ["random", "greedy", "alphabeta", "mcts"];

/// Budgets for the searching agents.
#[derive(Debug, Clone, Default)]
pub struct AgentOptions {
    /// Time per move (alphabeta, mcts); `None` means a depth or simulation limit only.
    pub movetime: Option<Duration>,
    /// Search depth limit for alphabeta (plies).
    pub depth: Option<u32>,
}

/// Builds a baseline by name (`random`, `greedy`, `alphabeta`, `mcts`).
pub fn agent_by_name(name: &str, options: &AgentOptions) -> Result<Box<dyn Agent<Score4State>>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "greedy" => Box::new(Greedy),
        "alphabeta" => Box::new(AlphaBeta::new(options.movetime, options.depth)),
        "mcts" => crate::rollout_mcts::timed(options.movetime.unwrap_or(Duration::from_millis(300))),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}
