//! Upward-Rightward baselines: `random` (tabula's [`RandomAgent`]: uniformly random legal
//! sub-actions, so it also ends a phase-2 move at a random point, `end` being one of them) and
//! `greedy` (the whole move that most improves its score over the opponent's), each an
//! [`Agent<UprightState>`](tabula_core::Agent) that answers one sub-action at a time. Greedy
//! also advises a searching player ([`UprightAdvisor`]).
//!
//! ```
//! use tabula_baselines::upright::agent_by_name;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let mut agent = agent_by_name("greedy").unwrap();
//! let state = upright::Upright::default().new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert_eq!(state.action_to_string(action), "a1");
//! ```

mod advisor;
mod greedy;

pub use advisor::{ADVISORS, UprightAdvisor, advisor_by_name};
pub use greedy::{DEFAULT_BUDGET, Greedy};

use tabula_core::{Agent, RandomAgent};
use upright::UprightState;

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 2] = ["random", "greedy"];

/// Builds a baseline by name (`random`, `greedy`).
pub fn agent_by_name(name: &str) -> Result<Box<dyn Agent<UprightState>>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "greedy" => Box::new(Greedy::new()),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}

#[cfg(test)]
mod tests;
