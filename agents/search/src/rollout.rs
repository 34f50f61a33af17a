//! Advised rollouts: from a new leaf, play the advisor's rollout move (`Advisor::rollout_action`,
//! by default its first choice) for a few moves (sampling chance on the way), then let the
//! evaluator value where the rollout stopped.
//!
//! The leaf's value becomes the rewards earned on the way plus the evaluator's value at the end
//! (AlphaGo's rollouts, with a short horizon and a bootstrap). A hand-written policy sees dangers a
//! young network's values cannot: in Superball, a set choice that fills the board a few moves
//! later. The evaluator still gives the leaf's priors.

use crate::advisor::Advisor;
use rand::RngCore;
use tabula_core::{State, Turn};

/// Where a rollout stopped.
#[derive(Debug, Clone)]
pub(crate) struct Rollout<S> {
    /// The decision node it stopped at, to be evaluated; `None` when the game ended.
    pub end: Option<S>,
    /// Rewards earned from the leaf to `end`, per player.
    pub rewards: Vec<f32>,
}

/// Plays `advisor`'s rollout action for up to `depth` decisions from `leaf`. Stops early at the end
/// of the game, or where the advisor names no legal action.
pub(crate) fn advised_rollout<S: State>(
    leaf: &S,
    advisor: &dyn Advisor<S>,
    depth: usize,
    rng: &mut dyn RngCore,
) -> Rollout<S> {
    let mut state = leaf.clone();
    let mut decisions = 0;
    let end = loop {
        match state.turn() {
            Turn::Terminal => break None,
            Turn::Chance => state.sample_chance(rng),
            Turn::Player(_) => {
                if decisions == depth {
                    break Some(());
                }
                // `apply` leaves the state as it was when the advice is illegal.
                let advised = advisor.rollout_action(&state);
                if advised.is_none_or(|a| state.apply(a).is_err()) {
                    break Some(());
                }
                decisions += 1;
            }
        }
    };
    let rewards = state.returns().iter().zip(leaf.returns()).map(|(e, b)| (e - b) as f32).collect();
    Rollout { end: end.map(|()| state), rewards }
}
