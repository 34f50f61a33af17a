//! Pieces the Score 4 probe examples share: random positions and supervised batches.

// Each probe uses a part of this module.
#![allow(dead_code)]

use rand::Rng;
use score4::{Score4, Score4State};
use tabula_core::{Game, State};
use tabula_nets::TrainBatch;

/// A labelled position: what the mover sees, its legal moves, a move to imitate and a value.
pub struct Position {
    pub observation: Vec<f32>,
    pub legal: Vec<u32>,
    pub action: u32,
    pub value: f32,
}

/// A position after a random number of uniformly random plies in `plies`, or `None` when the
/// game ended first.
pub fn random_position(rng: &mut impl Rng, plies: std::ops::Range<usize>) -> Option<Score4State> {
    let mut s = Score4.new_initial_state(0);
    for _ in 0..rng.random_range(plies) {
        if s.is_terminal() {
            return None;
        }
        let legal = s.legal_actions();
        s.apply(legal[rng.random_range(0..legal.len())]).ok()?;
    }
    (!s.is_terminal()).then_some(s)
}

/// A training batch: policy target one-hot on the position's move, values `[v, -v]` (mover,
/// then opponent).
pub fn batch(positions: &[&Position]) -> TrainBatch {
    let a = Score4.num_actions();
    let mut b = TrainBatch {
        batch: positions.len(),
        observations: Vec::new(),
        legal_mask: vec![false; positions.len() * a],
        policy_targets: vec![0.0; positions.len() * a],
        value_targets: Vec::new(),
    };
    for (i, p) in positions.iter().enumerate() {
        b.observations.extend_from_slice(&p.observation);
        for &l in &p.legal {
            b.legal_mask[i * a + l as usize] = true;
        }
        b.policy_targets[i * a + p.action as usize] = 1.0;
        b.value_targets.extend_from_slice(&[p.value, -p.value]);
    }
    b
}
