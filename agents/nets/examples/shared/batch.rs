//! What the learner benchmarks train on (`nets_bench`, `learner_bench`).

use tabula_nets::{NetConfig, TrainBatch};

/// A plausible batch: random observations, every action legal, uniform targets.
pub fn batch(c: &NetConfig, n: usize) -> TrainBatch {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let observations = (0..n * c.input_len())
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 63) as f32
        })
        .collect();
    TrainBatch {
        batch: n,
        observations,
        legal_mask: vec![true; n * c.num_actions],
        policy_targets: vec![1.0 / c.num_actions as f32; n * c.num_actions],
        value_targets: vec![0.0; n * c.value_outputs],
    }
}
