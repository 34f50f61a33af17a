//! Generalized Clue baselines: `random` (tabula's [`RandomAgent`]: uniformly random sub-actions,
//! so random lists and a guess with probability 1/p at each turn); `deduce` ([`Deduce`]: exact
//! deduction, guesses only what it has proven, asks the most informative question; `deduce:N`
//! only considers lists of up to N items); `quick` ([`QuickRollout`]: deduction without
//! sampling, the widest useful question); `ismcts` (tabula's information-set search with `quick`
//! rollouts).
//!
//! ```
//! use tabula_baselines::clue::agent_by_name;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let game = clue::Clue::default();
//! let mut agent = agent_by_name("deduce").unwrap();
//! let state = game.new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert!(state.action_to_string(action).starts_with("ask"));
//! ```

mod deduce;
mod rollout;

pub use deduce::{DEFAULT_SAMPLES, Deduce};
pub use rollout::QuickRollout;

use clue::ClueState;
use tabula_core::{Agent, RandomAgent};
use tabula_search::{IsmctsAgent, IsmctsConfig};

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 4] = ["random", "deduce", "ismcts", "quick"];

/// Iterations of `ismcts` per decision.
pub const ISMCTS_ITERATIONS: usize = 200;

/// Information-set search (tabula's generic IS-MCTS) with [`QuickRollout`] rollouts.
pub fn ismcts(iterations: usize) -> IsmctsAgent<QuickRollout> {
    let config = IsmctsConfig { iterations, ..IsmctsConfig::default() };
    IsmctsAgent::new(format!("ismcts({iterations})"), config, QuickRollout)
}

/// Builds a baseline by name (`random`, `deduce`, `deduce:N`, `quick`, `ismcts`, `ismcts:ITERATIONS`).
pub fn agent_by_name(name: &str) -> Result<Box<dyn Agent<ClueState>>, String> {
    if let Some(n) = name.strip_prefix("deduce:") {
        let n = n.parse::<usize>().ok().filter(|n| (1..=4).contains(n));
        let n = n.ok_or_else(|| format!("{name:?}: deduce:N asks lists of 1 to N items, N from 1 to 4"))?;
        return Ok(Box::new(Deduce::default().with_max_list(n)));
    }
    if let Some(n) = name.strip_prefix("ismcts:") {
        let n = n.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| format!("{name:?}: ismcts:ITERATIONS"))?;
        return Ok(Box::new(ismcts(n)));
    }
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "deduce" => Box::new(Deduce::default()),
        "ismcts" => Box::new(ismcts(ISMCTS_ITERATIONS)),
        "quick" => Box::new(QuickRollout),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}
