//! The n-tuple network: a board's value is the sum of one weight per placed tuple (the entry its
//! cells code) and, optionally, one weight per code for how many cells hold that code (room and
//! colour mix, which no local tuple sees).
//!
//! The weights are atomics so that several self-play threads can learn into one network without
//! locks (the "hogwild" way; a lost update among millions costs nothing), and read with plain
//! relaxed loads, as cheap as ordinary ones.
//!
//! ```
//! use tabula_core::cells::CellShape;
//! use tabula_ntuple::{NTupleNet, NetSpec};
//! let shape = CellShape { rows: 3, cols: 3, codes: 2, mirror_rows: false, mirror_cols: false };
//! let net = NTupleNet::new(shape, NetSpec::new(&["2x2"], true).unwrap());
//! let board = [0, 1, 0, 1, 1, 0, 0, 0, 1];
//! let mut active = Vec::new();
//! net.active(&board, &mut active);
//! assert_eq!(active.len(), 4 + 2, "four 2x2 placements, and a count for each of the two codes");
//! // A step shared among the weights the board reads raises its value by 1.
//! net.learn(&active, 1.0 / active.len() as f32);
//! assert!((net.value(&board) - 1.0).abs() < 1e-6);
//! ```

use crate::tuples::{Pattern, Tuples};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU32, Ordering};
use tabula_core::cells::CellShape;

/// What a network is made of: its tuple patterns, and whether it counts each code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetSpec {
    pub patterns: Vec<Pattern>,
    pub counts: bool,
}

impl NetSpec {
    pub fn new(patterns: &[&str], counts: bool) -> Result<Self, String> {
        let patterns = patterns.iter().map(|p| p.parse()).collect::<Result<_, _>>()?;
        Ok(NetSpec { patterns, counts })
    }
}

/// An n-tuple network over one board shape.
#[derive(Debug)]
pub struct NTupleNet {
    spec: NetSpec,
    tuples: Tuples,
    /// First weight of each table.
    table_start: Vec<usize>,
    /// First weight of the count tables (`codes` tables of `cells + 1` entries).
    counts_start: usize,
    weights: Vec<AtomicU32>,
}

impl NTupleNet {
    /// A network with every weight 0.
    pub fn new(shape: CellShape, spec: NetSpec) -> Self {
        let tuples = Tuples::new(shape, &spec.patterns);
        let mut table_start = Vec::with_capacity(tuples.tables());
        let mut next = 0;
        for t in 0..tuples.tables() {
            table_start.push(next);
            next += tuples.table_size(t);
        }
        let counts_start = next;
        if spec.counts {
            next += shape.codes * (shape.cells() + 1);
        }
        let weights = (0..next).map(|_| AtomicU32::new(0)).collect();
        NTupleNet { spec, tuples, table_start, counts_start, weights }
    }

    /// How many weights a network of this shape and spec has (without making it).
    pub fn new_len(shape: CellShape, spec: &NetSpec) -> usize {
        let tuples = Tuples::new(shape, &spec.patterns);
        let tables: usize = (0..tuples.tables()).map(|t| tuples.table_size(t)).sum();
        tables + if spec.counts { shape.codes * (shape.cells() + 1) } else { 0 }
    }

    /// A network with these weights (as [`NTupleNet::weights`] gives them).
    pub fn with_weights(shape: CellShape, spec: NetSpec, weights: &[f32]) -> Result<Self, String> {
        let net = NTupleNet::new(shape, spec);
        if weights.len() != net.weights.len() {
            return Err(format!("{} weights where the network has {}", weights.len(), net.weights.len()));
        }
        for (w, &x) in net.weights.iter().zip(weights) {
            w.store(x.to_bits(), Ordering::Relaxed);
        }
        Ok(net)
    }

    pub fn spec(&self) -> &NetSpec {
        &self.spec
    }
    pub fn shape(&self) -> CellShape {
        self.tuples.shape()
    }
    pub fn tuples(&self) -> &Tuples {
        &self.tuples
    }
    pub fn len(&self) -> usize {
        self.weights.len()
    }
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
    /// Weights read at once: one per placement, plus one per code when counting.
    pub fn active_len(&self) -> usize {
        self.tuples.placements().len() + if self.spec.counts { self.shape().codes } else { 0 }
    }

    /// Sets every weight so that every board is worth `value` (each of the weights a board reads
    /// holds an equal share): a start at a sensible level, from which what is learnt is the
    /// difference, instead of unseen pictures all worth 0.
    pub fn fill(&self, value: f32) {
        let share = value / self.active_len() as f32;
        for w in &self.weights {
            w.store(share.to_bits(), Ordering::Relaxed);
        }
    }

    /// A copy of the weights.
    pub fn weights(&self) -> Vec<f32> {
        self.weights.iter().map(|w| f32::from_bits(w.load(Ordering::Relaxed))).collect()
    }

    #[inline]
    fn weight(&self, i: usize) -> f32 {
        f32::from_bits(self.weights[i].load(Ordering::Relaxed))
    }

    #[inline]
    fn placement_weight(&self, k: usize, codes: &[u8]) -> f32 {
        let table = self.tuples.placements()[k].table;
        self.weight(self.table_start[table] + self.tuples.entry(k, codes))
    }

    /// The indices of the weights a board reads.
    pub fn active(&self, codes: &[u8], out: &mut Vec<u32>) {
        out.clear();
        for (k, p) in self.tuples.placements().iter().enumerate() {
            out.push((self.table_start[p.table] + self.tuples.entry(k, codes)) as u32);
        }
        self.for_each_count_weight(codes, |index| out.push(index as u32));
    }

    /// With `counts`, calls `read` with the index of each code's count weight on this board.
    fn for_each_count_weight(&self, codes: &[u8], mut read: impl FnMut(usize)) {
        if !self.spec.counts {
            return;
        }
        let mut counts = [0usize; 256];
        for &c in codes {
            counts[c as usize] += 1;
        }
        let n = self.shape().cells() + 1;
        for (code, &count) in counts[..self.shape().codes].iter().enumerate() {
            read(self.counts_start + code * n + count);
        }
    }

    /// The value of a board.
    pub fn value(&self, codes: &[u8]) -> f32 {
        let mut v: f32 = (0..self.tuples.placements().len()).map(|k| self.placement_weight(k, codes)).sum();
        self.for_each_count_weight(codes, |index| v += self.weight(index));
        v
    }

    /// `value(after) - value(before)` for two boards that differ only in `changed` cells and have
    /// the same count of every code (a swap, say): only the tuples on those cells are read.
    pub fn swap_delta(&self, before: &[u8], after: &[u8], changed: &[usize]) -> f32 {
        let mut delta = 0.0;
        for (n, &cell) in changed.iter().enumerate() {
            for &k in self.tuples.holding(cell) {
                // A tuple holding two changed cells is counted at the first of them only.
                if changed[..n].iter().any(|&c| self.tuples.holding(c).contains(&k)) {
                    continue;
                }
                delta += self.placement_weight(k, after) - self.placement_weight(k, before);
            }
        }
        delta
    }

    /// Adds `step` to each weight in `active` (indices from [`NTupleNet::active`]).
    pub fn learn(&self, active: &[u32], step: f32) {
        for &i in active {
            let w = &self.weights[i as usize];
            w.store((f32::from_bits(w.load(Ordering::Relaxed)) + step).to_bits(), Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn shape() -> CellShape {
        CellShape { rows: 4, cols: 5, codes: 3, mirror_rows: true, mirror_cols: true }
    }

    fn random_net(seed: u64) -> NTupleNet {
        let net = NTupleNet::new(shape(), NetSpec::new(&["2x2", "1x3"], true).unwrap());
        let w: Vec<f32> =
            (0..net.len()).map(|i| (((i as u64 * 2654435761 + seed) % 1000) as f32) / 100.0 - 5.0).collect();
        NTupleNet::with_weights(shape(), net.spec().clone(), &w).unwrap()
    }

    proptest! {
        #[test]
        fn the_value_is_the_sum_of_the_active_weights(codes in proptest::collection::vec(0u8..3, 20), seed in 0u64..50) {
            let net = random_net(seed);
            let mut active = Vec::new();
            net.active(&codes, &mut active);
            prop_assert_eq!(active.len(), net.active_len());
            let w = net.weights();
            let sum: f32 = active.iter().map(|&i| w[i as usize]).sum();
            prop_assert!((sum - net.value(&codes)).abs() < 1e-3);
        }

        #[test]
        fn a_swap_delta_is_the_difference_of_values(codes in proptest::collection::vec(0u8..3, 20), a in 0usize..20, b in 0usize..20, seed in 0u64..50) {
            let net = random_net(seed);
            let mut after = codes.clone();
            after.swap(a, b);
            let changed: Vec<usize> = if a == b { vec![] } else { vec![a, b] };
            let delta = net.swap_delta(&codes, &after, &changed);
            prop_assert!((delta - (net.value(&after) - net.value(&codes))).abs() < 1e-3);
        }
    }

    #[test]
    fn a_filled_network_values_every_board_alike() {
        let net = random_net(1);
        net.fill(12.5);
        for codes in [[0u8; 20], [1; 20], [2; 20]] {
            assert!((net.value(&codes) - 12.5).abs() < 1e-3);
        }
    }

    #[test]
    fn mirror_boards_have_one_value() {
        let net = random_net(3);
        let codes: Vec<u8> = (0..20).map(|i| ((i * 5 + 1) % 3) as u8).collect();
        let flipped: Vec<u8> = (0..20).map(|i| codes[19 - i]).collect();
        assert!((net.value(&codes) - net.value(&flipped)).abs() < 1e-3);
    }

    #[test]
    fn wrong_weight_counts_are_refused() {
        let spec = NetSpec::new(&["2x2"], false).unwrap();
        let err = NTupleNet::with_weights(shape(), spec, &[0.0; 3]).unwrap_err();
        assert!(err.contains("3 weights"), "{err}");
    }
}
