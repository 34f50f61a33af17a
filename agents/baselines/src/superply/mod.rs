//! Superply baselines: `random`, `greedy`, `alphabeta` (expectimax alpha-beta over a race
//! evaluation: [`RaceHeuristic`]) and `mcts` (tabula's MCTS with random rollouts), each an
//! [`Agent<SuperplyState>`](tabula_core::Agent).
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

mod alphabeta;
mod greedy;

pub use alphabeta::RaceHeuristic;
pub use greedy::Greedy;

use std::time::Duration;
use superply::SuperplyState;
use tabula_core::{Agent, RandomAgent};
use tabula_search::{AlphaBetaAgent, AlphaBetaConfig};

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 4] = ["random", "greedy", "alphabeta", "mcts"];

/// The searching players' time a move unless told otherwise.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(300);

/// Builds a baseline by name; `movetime` is the searching players' time a move
/// ([`DEFAULT_MOVETIME`] unless given).
pub fn agent_by_name(name: &str, movetime: Option<Duration>) -> Result<Box<dyn Agent<SuperplyState>>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "greedy" => Box::new(Greedy),
        "alphabeta" => Box::new(alphabeta(movetime.unwrap_or(DEFAULT_MOVETIME), RaceHeuristic::default())),
        "mcts" => crate::rollout_mcts::timed(movetime.unwrap_or(DEFAULT_MOVETIME)),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}

/// `alphabeta` at `movetime` a move over `heuristic`.
pub fn alphabeta(movetime: Duration, heuristic: RaceHeuristic) -> AlphaBetaAgent<RaceHeuristic> {
    AlphaBetaAgent::new(
        "alphabeta",
        heuristic,
        AlphaBetaConfig { movetime: Some(movetime), ..AlphaBetaConfig::default() },
    )
}

/// `alphabeta` to `depth` moves and no clock (`alphabeta:DEPTH`): the same moves whatever the
/// machine's load, and cheap at small depths (an opponent to train against).
pub fn alphabeta_to_depth(depth: u32) -> AlphaBetaAgent<RaceHeuristic> {
    AlphaBetaAgent::new(
        "alphabeta",
        RaceHeuristic::default(),
        AlphaBetaConfig { max_depth: depth, ..AlphaBetaConfig::default() },
    )
}
