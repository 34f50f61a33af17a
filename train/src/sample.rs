//! Training samples: what self-play records at every decision.

use serde::{Deserialize, Serialize};
use tabula_core::{Action, Game};
use tabula_nets::TrainBatch;

/// One position from self-play with its training targets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// The mover's observation (the game's declared shape, flattened).
    pub observation: Vec<f32>,
    /// The search's improved policy over the legal actions (sums to 1).
    pub policy: Vec<(Action, f32)>,
    /// Value targets in relative seat order: entry 0 is the mover's, 1 the next player's, ...
    pub value: Vec<f32>,
}

/// `sample` as seen through the game's symmetry `k`: the observation and the policy's actions
/// move together; the values do not change.
pub fn transformed<G: Game>(game: &G, sample: &Sample, k: usize) -> Sample {
    if k == 0 {
        return sample.clone();
    }
    let mut observation = vec![0.0; sample.observation.len()];
    game.transform_observation(k, &sample.observation, &mut observation);
    let policy = sample.policy.iter().map(|&(a, p)| (game.transform_action(k, a), p)).collect();
    Sample { observation, policy, value: sample.value.clone() }
}

/// Packs samples into the learner's dense batch over an action space of `num_actions`.
pub fn densify(samples: &[&Sample], num_actions: usize) -> TrainBatch {
    let batch = samples.len();
    let obs_len = samples.first().map_or(0, |s| s.observation.len());
    let mut d = TrainBatch {
        batch,
        observations: Vec::with_capacity(batch * obs_len),
        legal_mask: vec![false; batch * num_actions],
        policy_targets: vec![0.0; batch * num_actions],
        value_targets: Vec::new(),
    };
    for (i, s) in samples.iter().enumerate() {
        d.observations.extend_from_slice(&s.observation);
        for &(a, p) in &s.policy {
            d.legal_mask[i * num_actions + a as usize] = true;
            d.policy_targets[i * num_actions + a as usize] = p;
        }
        d.value_targets.extend_from_slice(&s.value);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transformed_moves_observation_and_policy_together() {
        use tabula_core::testing::Nim;
        let s = Sample { observation: vec![1.0, 2.0], policy: vec![(1, 0.25), (3, 0.75)], value: vec![1.0, -1.0] };
        // A game without symmetries: only the identity.
        assert_eq!(Nim::new(5).symmetry_count(), 1);
        assert_eq!(transformed(&Nim::new(5), &s, 0), s);
    }

    #[test]
    fn densify_lays_out_rows() {
        let a = Sample { observation: vec![1.0, 2.0], policy: vec![(1, 0.25), (3, 0.75)], value: vec![1.0, -1.0] };
        let b = Sample { observation: vec![3.0, 4.0], policy: vec![(0, 1.0)], value: vec![0.0, 0.0] };
        let d = densify(&[&a, &b], 4);
        assert_eq!(d.batch, 2);
        assert_eq!(d.observations, vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(d.legal_mask, vec![false, true, false, true, true, false, false, false]);
        assert_eq!(d.policy_targets, vec![0.0, 0.25, 0.0, 0.75, 1.0, 0.0, 0.0, 0.0]);
        assert_eq!(d.value_targets, vec![1.0, -1.0, 0.0, 0.0]);
    }
}
