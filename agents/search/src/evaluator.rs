//! Evaluators: what the search asks at a new leaf.

use rand::{Rng, RngCore};
use tabula_core::{State, Turn};

/// A leaf's evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// Prior probabilities of the state's legal actions, in `legal_actions()` order.
    pub priors: Vec<f32>,
    /// Expected rewards still to come, one per player (the return from here on, not the total).
    pub values: Vec<f32>,
}

/// Evaluates many leaves at once, so a network sees a batch.
pub trait Evaluator<S: State>: Sync {
    /// One evaluation per state, in order. Every state is a decision node (`Turn::Player`).
    fn evaluate(&self, states: &[&S], rng: &mut dyn RngCore) -> Vec<Evaluation>;
}

/// Uniform priors and zero values: search guided by rewards alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct UniformEvaluator {
    pub players: usize,
}

impl<S: State> Evaluator<S> for UniformEvaluator {
    fn evaluate(&self, states: &[&S], _rng: &mut dyn RngCore) -> Vec<Evaluation> {
        states
            .iter()
            .map(|s| Evaluation { priors: uniform(s.legal_actions().len()), values: vec![0.0; s.returns().len()] })
            .collect()
    }
}

/// Uniform priors and the mean return-to-go of `rollouts` random playouts.
#[derive(Debug, Clone, Copy)]
pub struct RolloutEvaluator {
    pub rollouts: usize,
}

impl RolloutEvaluator {
    pub fn new(rollouts: usize) -> Self {
        RolloutEvaluator { rollouts: rollouts.max(1) }
    }
}

impl<S: State> Evaluator<S> for RolloutEvaluator {
    fn evaluate(&self, states: &[&S], rng: &mut dyn RngCore) -> Vec<Evaluation> {
        states
            .iter()
            .map(|s| {
                let before = s.returns();
                let mut values = vec![0.0f32; before.len()];
                for _ in 0..self.rollouts {
                    let end = playout((*s).clone(), rng);
                    for (v, (e, b)) in values.iter_mut().zip(end.iter().zip(&before)) {
                        *v += (e - b) as f32 / self.rollouts as f32;
                    }
                }
                Evaluation { priors: uniform(s.legal_actions().len()), values }
            })
            .collect()
    }
}

/// Plays uniformly random moves (and samples chance) to the end; returns the final returns.
pub fn playout<S: State>(mut state: S, rng: &mut dyn RngCore) -> Vec<f64> {
    loop {
        match state.turn() {
            Turn::Terminal => return state.returns(),
            Turn::Chance => state.sample_chance(rng),
            Turn::Player(_) => {
                let legal = state.legal_actions();
                let a = legal[rng.random_range(0..legal.len())];
                state.apply(a).expect("a legal action applies");
            }
        }
    }
}

pub(crate) fn uniform(n: usize) -> Vec<f32> {
    vec![1.0 / n.max(1) as f32; n]
}
