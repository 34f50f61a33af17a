//! The network's answers remembered by observation, so a position the search reaches again (a
//! transposition, a chance outcome's repeat, the next move's tree) costs a hash, not an inference.
//!
//! A network is a function of its input, so an answer found by an observation's hash is the answer
//! (barring a 64-bit collision). Superply shows why it pays: a position is its stones and the hint
//! in force, not the hints that led there, so the stones a side laid in any order under any hints
//! meet again, and at 1 s a move about three leaves in four that a search asks for are ones it
//! has asked for before (`cargo run --release --example search_speed`).
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

use std::collections::HashMap;

/// Network outputs (policy logits and values, as the network gave them) keyed by the
/// observation's 64-bit xxh3 hash, in two generations: when the current one is full it becomes
/// the previous one and the old previous one is dropped; an answer found in the previous
/// generation moves back to the current one. So what is asked for again stays, memory is at
/// most two generations and grows only as the search asks (a table in `tabula serve` that plays
/// a few quick moves holds a few answers), and nothing is scanned to evict.
pub struct EvalCache {
    logits_len: usize,
    values_len: usize,
    generation: usize,
    current: HashMap<u64, Box<[f32]>>,
    previous: HashMap<u64, Box<[f32]>>,
    hits: u64,
    lookups: u64,
}

impl EvalCache {
    /// A cache of at most `2 × generation` answers.
    pub fn new(logits_len: usize, values_len: usize, generation: usize) -> Self {
        EvalCache {
            logits_len,
            values_len,
            generation: generation.max(1),
            current: HashMap::new(),
            previous: HashMap::new(),
            hits: 0,
            lookups: 0,
        }
    }

    /// A cache of about `bytes` at most (at least two generations of 512 answers).
    pub fn with_memory(logits_len: usize, values_len: usize, bytes: usize) -> Self {
        // The floats, the key, the box's pointer and length, and the map's control byte.
        let per_answer = (logits_len + values_len) * size_of::<f32>() + 2 * size_of::<u64>() + 2 * size_of::<usize>();
        Self::new(logits_len, values_len, (bytes / 2 / per_answer).max(512))
    }

    /// The key of an observation: the hash of its bits (so -0.0 and 0.0 differ, as they may for
    /// the network's arithmetic, and NaNs are compared by bits).
    pub fn key(observation: &[f32]) -> u64 {
        xxhash_rust::xxh3::xxh3_64(bytemuck::cast_slice(observation))
    }

    /// The remembered logits and values for `key`, counting the lookup.
    pub fn get(&mut self, key: u64) -> Option<(&[f32], &[f32])> {
        self.lookups += 1;
        if let Some(old) = self.previous.remove(&key) {
            self.insert(key, old);
        }
        let out = self.current.get(&key)?;
        self.hits += 1;
        Some(out.split_at(self.logits_len))
    }

    /// Remembers an output.
    pub fn put(&mut self, key: u64, logits: &[f32], values: &[f32]) {
        assert_eq!((logits.len(), values.len()), (self.logits_len, self.values_len), "the network's output sizes");
        self.insert(key, logits.iter().chain(values).copied().collect());
    }

    fn insert(&mut self, key: u64, output: Box<[f32]>) {
        if self.current.len() >= self.generation && !self.current.contains_key(&key) {
            self.previous = std::mem::take(&mut self.current);
        }
        self.current.insert(key, output);
    }

    /// Lookups answered from the cache, and all lookups, since it was made.
    pub fn hits(&self) -> (u64, u64) {
        (self.hits, self.lookups)
    }

    /// Answers held now.
    pub fn len(&self) -> usize {
        self.current.len() + self.previous.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Answers a generation holds.
    pub fn generation(&self) -> usize {
        self.generation
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_output_comes_back_and_misses_are_counted() {
        let mut cache = EvalCache::new(2, 1, 4);
        let a = EvalCache::key(&[1.0, 0.0]);
        assert!(cache.get(a).is_none());
        cache.put(a, &[0.5, -0.5], &[0.9]);
        assert_eq!(cache.get(a), Some((&[0.5, -0.5][..], &[0.9][..])));
        assert!(cache.get(a ^ 1).is_none());
        assert_eq!(cache.hits(), (1, 3));
    }

    #[test]
    fn answers_last_two_generations_and_those_asked_for_again_stay() {
        let mut cache = EvalCache::new(1, 0, 3);
        for k in 0..3 {
            cache.put(k, &[k as f32], &[]);
        }
        // A fourth starts a new generation: 0, 1 and 2 are the previous one.
        cache.put(3, &[3.0], &[]);
        assert_eq!(cache.len(), 4);
        // 0 is asked for: back in the current generation, beside 3.
        assert_eq!(cache.get(0), Some((&[0.0][..], &[][..])));
        cache.put(4, &[4.0], &[]);
        // The current generation (3, 0, 4) is full: the next answer retires it and drops 1 and 2.
        cache.put(5, &[5.0], &[]);
        assert!(cache.get(1).is_none() && cache.get(2).is_none());
        for k in [0, 3, 4, 5] {
            assert_eq!(cache.get(k), Some((&[k as f32][..], &[][..])), "{k}");
        }
        assert!(cache.len() <= 2 * cache.generation());
    }

    #[test]
    fn memory_bounds_the_answers_held() {
        // 81 logits and 2 values (Superply's network): 364 bytes an answer, 1 MiB holds 2 × 1,440.
        let mut cache = EvalCache::with_memory(81, 2, 1 << 20);
        assert_eq!(cache.generation(), 1440);
        for k in 0..10_000u64 {
            cache.put(k, &[0.0; 81], &[0.0; 2]);
        }
        assert!(cache.len() <= 2880 && cache.len() > 1440, "{}", cache.len());
        assert!(EvalCache::with_memory(81, 2, 0).generation() == 512);
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
    }
}
