//! Shared test fixtures: small nets and deterministic pseudo-random batches (no rand dependency).
#![allow(dead_code)]

use tabula_nets::{NetConfig, Norm, TrainBatch};

/// A tiny grid net: [3, 4, 4] observations, 16 actions, two tanh values.
pub fn small_resnet(norm: Norm) -> NetConfig {
    NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2).with_norm(norm)
}

/// A tiny vector net: 10 inputs, 5 actions, one value.
pub fn small_mlp() -> NetConfig {
    NetConfig::mlp(vec![10], 5, 1, vec![32, 32])
}

/// xorshift floats in [-1, 1).
pub struct Noise(u64);

impl Noise {
    pub fn new(seed: u64) -> Self {
        Noise(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn float(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
    pub fn vec(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.float()).collect()
    }
}

/// A batch with random observations, about a third of the actions illegal (never all), one-hot-ish
/// policy targets on legal actions and value targets in [-0.9, 0.9].
pub fn random_batch(config: &NetConfig, batch: usize, seed: u64) -> TrainBatch {
    let mut noise = Noise::new(seed);
    let a = config.num_actions;
    let observations = noise.vec(batch * config.input_len());
    let mut legal_mask = Vec::with_capacity(batch * a);
    let mut policy_targets = Vec::with_capacity(batch * a);
    for _ in 0..batch {
        let mut mask: Vec<bool> = (0..a).map(|_| noise.float() > -0.33).collect();
        mask[0] = true;
        let weights: Vec<f32> = mask.iter().map(|&l| if l { (noise.float() + 1.0).powi(4) } else { 0.0 }).collect();
        let sum: f32 = weights.iter().sum();
        policy_targets.extend(weights.iter().map(|w| w / sum));
        legal_mask.extend(mask);
    }
    let value_targets = (0..batch * config.value_outputs).map(|_| noise.float() * 0.9).collect();
    TrainBatch { batch, observations, legal_mask, policy_targets, value_targets }
}

pub fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}
