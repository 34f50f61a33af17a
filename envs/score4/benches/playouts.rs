//! Random playouts of Score 4 on one core: `cargo bench -p score4`.
//! Reports playouts/s (the throughput below) and moves/s (playouts/s times the printed mean length).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_xoshiro_free::Rng64;
use score4::{Board, Peg, Score4};
use std::hint::black_box;
use tabula_core::{Game, State};

mod rand_xoshiro_free {
    /// SplitMix64, inlined so the benchmark measures the rules, not a generator's overhead.
    pub struct Rng64(pub u64);
    impl rand::RngCore for Rng64 {
        fn next_u32(&mut self) -> u32 {
            (self.next_u64() >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            rand::rand_core::impls::fill_bytes_via_next(self, dest)
        }
    }
    impl rand::SeedableRng for Rng64 {
        type Seed = [u8; 8];
        fn from_seed(seed: [u8; 8]) -> Self {
            Rng64(u64::from_le_bytes(seed))
        }
    }
}

/// Plays one random game on the bitboard; returns its length.
fn playout(rng: &mut Rng64) -> u32 {
    let mut board = Board::new();
    while !board.is_over() {
        let mask = board.legal_mask();
        // Pick the k-th set bit of the legal mask.
        let mut k = rng.random_range(0..mask.count_ones());
        let mut m = mask;
        while k > 0 {
            m &= m - 1;
            k -= 1;
        }
        let peg = Peg::new(m.trailing_zeros() as usize).expect("a legal peg");
        board.play(peg).expect("legal");
    }
    board.moves() as u32
}

/// The same playout through the generic `State` API (what search code sees): one `Vec` per move.
fn playout_via_state_api(rng: &mut Rng64) -> usize {
    let mut state = Score4.new_initial_state(0);
    while !state.is_terminal() {
        let legal = state.legal_actions();
        let a = legal[rng.random_range(0..legal.len())];
        state.apply(a).expect("legal");
    }
    state.move_number()
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng64::seed_from_u64(1);
    let n = 10_000;
    let mean_len = (0..n).map(|_| playout(&mut rng) as f64).sum::<f64>() / n as f64;
    eprintln!("score4 random playout: mean length {mean_len:.2} moves");
    let mut group = c.benchmark_group("score4");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_playout", |b| b.iter(|| black_box(playout(&mut rng))));
    group.throughput(Throughput::Elements(mean_len.round() as u64));
    group.bench_function("random_playout_moves", |b| b.iter(|| black_box(playout(&mut rng))));
    group.bench_function("random_playout_moves_state_api", |b| b.iter(|| black_box(playout_via_state_api(&mut rng))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
