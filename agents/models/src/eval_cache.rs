//! The network's answers remembered by observation, so a position the search reaches again (a
//! transposition, a chance outcome's repeat, the next move's tree) costs a hash, not an inference.
//!
//! A network is a function of its input, so an answer found by an observation's hash is the answer
//! (barring a 64-bit collision). Superply shows why it pays: a position is its stones and the hint
//! in force, not the hints that led there, so the stones a side laid in any order under any hints
//! meet again, and at 1 s a move about two thirds of the leaves a search asks for are ones it has
//! asked for before (`cargo run --release --example search_speed`).
//!
//! ```
//! use tabula_models::eval_cache::EvalCache;
//! let mut cache = EvalCache::with_memory(3, 1, 1 << 20);
//! let key = EvalCache::key(&[0.0, 1.0, 0.5]);
//! assert!(cache.get(key).is_none());
//! cache.put(key, &[0.1, 0.2, 0.7], &[0.25]);
//! let (logits, values) = cache.get(key).unwrap();
//! assert_eq!((logits, values), (&[0.1, 0.2, 0.7][..], &[0.25][..]));
//! ```

/// A direct-mapped table of network outputs (policy logits and values, as the network gave them),
/// keyed by the observation's 64-bit xxh3 hash: a new answer replaces whatever shared its slot.
pub struct EvalCache {
    logits_len: usize,
    values_len: usize,
    keys: Vec<u64>,
    /// Slot `i`'s logits then values; filled only where `keys[i] != EMPTY`.
    outputs: Vec<f32>,
    hits: u64,
    lookups: u64,
}

/// No observation hashes to this (one in 2^64); a slot holding it is empty.
const EMPTY: u64 = 0;

impl EvalCache {
    /// A table of at most `bytes` of outputs (rounded down to a power of two of slots, at least 1,024).
    pub fn with_memory(logits_len: usize, values_len: usize, bytes: usize) -> Self {
        let per_slot = (logits_len + values_len) * size_of::<f32>() + size_of::<u64>();
        let slots = (bytes / per_slot.max(1)).max(1024);
        let slots = if slots.is_power_of_two() { slots } else { slots.next_power_of_two() / 2 };
        EvalCache { logits_len, values_len, keys: vec![EMPTY; slots], outputs: Vec::new(), hits: 0, lookups: 0 }
    }

    /// The key of an observation: the hash of its bits (so -0.0 and 0.0 differ, as they may for
    /// the network's arithmetic, and NaNs are compared by bits).
    pub fn key(observation: &[f32]) -> u64 {
        match xxhash_rust::xxh3::xxh3_64(bytemuck::cast_slice(observation)) {
            EMPTY => 1,
            k => k,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.keys.len() - 1)
    }

    fn stride(&self) -> usize {
        self.logits_len + self.values_len
    }

    /// The remembered logits and values for `key`, counting the lookup.
    pub fn get(&mut self, key: u64) -> Option<(&[f32], &[f32])> {
        self.lookups += 1;
        let i = self.slot(key);
        if self.keys[i] != key {
            return None;
        }
        self.hits += 1;
        let out = &self.outputs[i * self.stride()..(i + 1) * self.stride()];
        Some(out.split_at(self.logits_len))
    }

    /// Remembers an output (the outputs' memory grows to the table's size on first use).
    pub fn put(&mut self, key: u64, logits: &[f32], values: &[f32]) {
        assert_eq!((logits.len(), values.len()), (self.logits_len, self.values_len), "the network's output sizes");
        if self.outputs.is_empty() {
            self.outputs = vec![0.0; self.keys.len() * self.stride()];
        }
        let i = self.slot(key);
        let stride = self.stride();
        let out = &mut self.outputs[i * stride..(i + 1) * stride];
        out[..self.logits_len].copy_from_slice(logits);
        out[self.logits_len..].copy_from_slice(values);
        self.keys[i] = key;
    }

    /// Lookups answered from the table, and all lookups, since it was made.
    pub fn hits(&self) -> (u64, u64) {
        (self.hits, self.lookups)
    }

    pub fn slots(&self) -> usize {
        self.keys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_output_comes_back_until_another_takes_its_slot() {
        let mut cache = EvalCache::with_memory(2, 1, 0);
        assert_eq!(cache.slots(), 1024);
        let a = EvalCache::key(&[1.0, 0.0]);
        cache.put(a, &[0.5, -0.5], &[0.9]);
        assert_eq!(cache.get(a), Some((&[0.5, -0.5][..], &[0.9][..])));
        // A key for the same slot evicts the first.
        let b = a ^ (1 << 40);
        assert!(cache.get(b).is_none());
        cache.put(b, &[1.0, 2.0], &[-0.1]);
        assert!(cache.get(a).is_none());
        assert_eq!(cache.get(b), Some((&[1.0, 2.0][..], &[-0.1][..])));
        assert_eq!(cache.hits(), (2, 4));
    }

    #[test]
    fn observations_that_differ_anywhere_have_different_keys() {
        let base = vec![0.0f32; 810];
        let k = EvalCache::key(&base);
        for i in [0, 1, 404, 809] {
            let mut other = base.clone();
            other[i] = 1.0;
            assert_ne!(EvalCache::key(&other), k, "cell {i}");
        }
        assert_ne!(EvalCache::key(&[-0.0]), EvalCache::key(&[0.0]));
        assert_ne!(EvalCache::key(&[]), EMPTY);
    }

    #[test]
    fn the_table_is_sized_by_memory_in_powers_of_two() {
        // 10 floats + a key = 48 bytes a slot: 1 MiB holds 21,845, rounded down to 16,384.
        let cache = EvalCache::with_memory(8, 2, 1 << 20);
        assert_eq!(cache.slots(), 16_384);
        let exact = EvalCache::with_memory(10, 0, 48 * 4096);
        assert_eq!(exact.slots(), 4096);
    }
}
