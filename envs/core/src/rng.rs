//! The fast, seedable, serializable generator used for training and environments.

use rand::SeedableRng;

/// xoshiro256++: fast, small, and serde-serializable so checkpoints can store it.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator from a 64-bit seed (expanded with SplitMix64, so nearby seeds are unrelated).
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
