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

    /// What the agent's last [`act`](Agent::act) weighed, for people watching it think
    /// (`tabula serve`'s heat map); `None` for agents without a search to show.
    fn thinking(&self) -> Option<Thinking> {
        None
    }
}

/// One decision as a search saw it: how it shared its simulations among the root's actions,
/// what its prior said of them, and the value it expects.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Thinking {
    /// Simulations behind the decision.
    pub simulations: u32,
    /// Mean value still to come at the root, per player (rewards' scale).
    pub values: Vec<f32>,
    /// The root's actions.
    pub actions: Vec<ActionThought>,
}

/// One root action in a [`Thinking`].
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ActionThought {
    pub action: Action,
    /// Share of the root's visits, in [0, 1].
    pub visits: f32,
    /// The evaluator's prior, in [0, 1].
    pub prior: f32,
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
