//! Generalized Clue baselines: `random` (tabula's [`RandomAgent`]: uniformly random sub-actions,
//! so random lists and a guess with probability 1/p at each turn) and `deduce` ([`Deduce`]:
//! exact deduction, guesses only what it has proven, asks the most informative question).
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

pub use deduce::{DEFAULT_SAMPLES, Deduce};

use clue::ClueState;
use tabula_core::{Agent, RandomAgent};

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 2] = ["random", "deduce"];

/// Builds a baseline by name (`random`, `deduce`).
pub fn agent_by_name(name: &str) -> Result<Box<dyn Agent<ClueState>>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "deduce" => Box::new(Deduce::default()),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}
