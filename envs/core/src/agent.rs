//! Agents: anything that chooses an action in a state.

use crate::state::{Action, State};
use rand::{Rng, RngCore};

/// A player. Protocol bots keep their own copy of the game and learn of every move
/// (their own and others') through [`observe`](Agent::observe).
pub trait Agent<S: State>: Send {
    /// A short name for tables and logs, e.g. `random` or `alphabeta(1000ms)`.
    fn name(&self) -> String;

    /// Chooses a legal action for the player to move in `state`.
    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action;

    /// Learns that `action` was played in `state` (before it was applied).
    fn observe(&mut self, _state: &S, _action: Action) {}

    /// Forgets everything about the current game.
    fn reset(&mut self) {}
}

/// Picks uniformly among the legal actions.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomAgent;

impl<S: State> Agent<S> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action {
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "RandomAgent asked to act where no action is legal");
        legal[rng.random_range(0..legal.len())]
    }
}
