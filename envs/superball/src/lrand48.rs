//! An exact replica of C's `srand48`/`lrand48`, the generator of the original sb-player.
//!
//! `X(n+1) = (0x5DEECE66D * X(n) + 0xB) mod 2^48`, `X(0) = (seed << 16) | 0x330E` (the low 32 bits
//! of the seed), and `lrand48()` returns `X >> 17`, a 31-bit value. As a [`rand::RngCore`],
//! `next_u32` returns exactly that value, so a state's `sample_chance` reproduces the original
//! harness's games draw for draw.
//!
//! ```
//! use rand::RngCore;
//! use superball::Lrand48;
//! let mut r = Lrand48::new(1);
//! // glibc: srand48(1); lrand48() -> 89400484, 976015093, 1792756325
//! assert_eq!([r.next_u32(), r.next_u32(), r.next_u32()], [89400484, 976015093, 1792756325]);
//! ```

use rand::RngCore;

const A: u64 = 0x5_DEEC_E66D;
const C: u64 = 0xB;
const MASK: u64 = (1 << 48) - 1;

/// The 48-bit linear congruential generator behind `lrand48`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lrand48 {
    x: u64,
}

impl Lrand48 {
    /// Like `srand48(seed)`: only the low 32 bits of the seed count.
    pub fn new(seed: i64) -> Self {
        Lrand48 { x: (((seed as u32) as u64) << 16) | 0x330E }
    }

    /// The next `lrand48()` value, in `0 .. 2^31`.
    #[inline]
    pub fn lrand48(&mut self) -> u32 {
        self.x = (A.wrapping_mul(self.x).wrapping_add(C)) & MASK;
        (self.x >> 17) as u32
    }
}

impl RngCore for Lrand48 {
    fn next_u32(&mut self) -> u32 {
        self.lrand48()
    }

    /// Two draws; only for callers that want 64 bits (the games never ask for them).
    fn next_u64(&mut self) -> u64 {
        ((self.lrand48() as u64) << 31) ^ self.lrand48() as u64
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(4) {
            let v = self.lrand48().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}
