//! The replay buffer: the most recent samples, sampled uniformly for training.

use crate::sample::Sample;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplayBuffer {
    capacity: usize,
    samples: Vec<Sample>,
    /// Where the next sample goes once the buffer is full (oldest first out).
    next: usize,
    /// Samples ever added.
    added: u64,
}

impl ReplayBuffer {
    pub fn new(capacity: usize) -> Self {
        ReplayBuffer { capacity: capacity.max(1), samples: Vec::new(), next: 0, added: 0 }
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The samples held, in storage order (oldest first until the buffer wraps).
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// Samples ever added (also those since evicted).
    pub fn added(&self) -> u64 {
        self.added
    }

    pub fn push(&mut self, sample: Sample) {
        if self.samples.len() < self.capacity {
            self.samples.push(sample);
        } else {
            self.samples[self.next] = sample;
            self.next = (self.next + 1) % self.capacity;
        }
        self.added += 1;
    }

    /// `n` samples drawn uniformly with replacement.
    pub fn sample(&self, n: usize, rng: &mut dyn RngCore) -> Vec<&Sample> {
        assert!(!self.samples.is_empty(), "sampling an empty replay buffer");
        (0..n).map(|_| &self.samples[rng.random_range(0..self.samples.len())]).collect()
    }

    /// Binary form for checkpoints.
    pub fn to_bytes(&self) -> Result<Vec<u8>, bincode::Error> {
        bincode::serialize(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, bincode::Error> {
        bincode::deserialize(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(i: usize) -> Sample {
        Sample { observation: vec![i as f32], policy: vec![(0, 1.0)], value: vec![0.0] }
    }

    #[test]
    fn keeps_the_newest_samples_and_round_trips() {
        let mut r = ReplayBuffer::new(3);
        for i in 0..5 {
            r.push(s(i));
        }
        assert_eq!(r.len(), 3);
        assert_eq!(r.added(), 5);
        let mut kept: Vec<f32> = r.samples.iter().map(|x| x.observation[0]).collect();
        kept.sort_by(f32::total_cmp);
        assert_eq!(kept, vec![2.0, 3.0, 4.0]);
        let back = ReplayBuffer::from_bytes(&r.to_bytes().unwrap()).unwrap();
        assert_eq!(back, r);
        let mut rng = tabula_core::rng_from_seed(1);
        assert_eq!(r.sample(10, &mut rng).len(), 10);
        assert!(ReplayBuffer::from_bytes(&[1, 2, 3]).is_err());
    }
}
