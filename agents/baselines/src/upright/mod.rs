//! Upward-Rightward baselines: `random` (tabula's [`RandomAgent`]: uniformly random legal
//! sub-actions, so it also ends a phase-2 move at a random point, `end` being one of them),
//! `greedy` (the whole move that most improves its score over the opponent's), `alphabeta`
//! (alpha-beta at a time budget over the lines' expected products: [`ExpectedProducts`]) and
//! `mcts` (tabula's MCTS with random rollouts), each an
//! [`Agent<UprightState>`](tabula_core::Agent) that answers one sub-action at a time. Greedy
//! also advises a searching player ([`UprightAdvisor`]).
//!
//! ```
//! use tabula_baselines::upright::agent_by_name;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let mut agent = agent_by_name("greedy", None).unwrap();
//! let state = upright::Upright::default().new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert_eq!(state.action_to_string(action), "a1");
//! ```

mod advisor;
mod alphabeta;
mod greedy;

pub use advisor::{ADVISORS, UprightAdvisor, advisor_by_name};
pub use alphabeta::{ExpectedProducts, expected_product};
pub use greedy::{DEFAULT_BUDGET, Greedy};

use std::time::Duration;
use tabula_core::{Agent, RandomAgent};
use tabula_search::{AlphaBetaAgent, AlphaBetaConfig};
use upright::UprightState;

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 4] = ["random", "greedy", "alphabeta", "mcts"];

/// The searching players' time a sub-action unless told otherwise.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(300);

/// Builds a baseline by name (`random`, `greedy`, `alphabeta`, `mcts`); `movetime` is the
/// searching players' time a sub-action ([`DEFAULT_MOVETIME`] unless given).
pub fn agent_by_name(name: &str, movetime: Option<Duration>) -> Result<Box<dyn Agent<UprightState>>, String> {
    let movetime = movetime.unwrap_or(DEFAULT_MOVETIME);
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "greedy" => Box::new(Greedy::new()),
        "alphabeta" => Box::new(alphabeta(movetime, ExpectedProducts::default())),
        "mcts" => crate::rollout_mcts::timed(movetime),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}

/// `alphabeta` at `movetime` a sub-action over `heuristic`.
pub fn alphabeta(movetime: Duration, heuristic: ExpectedProducts) -> AlphaBetaAgent<ExpectedProducts> {
    AlphaBetaAgent::new(
        "alphabeta",
        heuristic,
        AlphaBetaConfig { movetime: Some(movetime), ..AlphaBetaConfig::default() },
    )
}

/// `alphabeta` to `depth` sub-actions and no clock (`alphabeta:DEPTH`): the same moves whatever
/// the machine's load, and cheap at small depths (an opponent to train against).
pub fn alphabeta_to_depth(depth: u32) -> AlphaBetaAgent<ExpectedProducts> {
    AlphaBetaAgent::new(
        "alphabeta",
        ExpectedProducts::default(),
        AlphaBetaConfig { max_depth: depth, ..AlphaBetaConfig::default() },
    )
}

#[cfg(test)]
mod tests;
