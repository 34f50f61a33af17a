//! `alphabeta`: tabula's [`AlphaBeta`](tabula_search::AlphaBeta) (iterative deepening at a time
//! budget, transposition table) over the sub-actions of both phases, valued by what each
//! side's lines are expected to be worth once the board is full.
//!
//! A line's final product depends on how its empty squares will be filled, and a square left
//! empty now ends a run only for the time being (greedy's margin counts it as a gap). So the
//! evaluation takes, for every row and column, the expected product of its run lengths were
//! each empty square filled with either colour at even odds ([`expected_product`], exact by a
//! small dynamic programme along the line), and compares player 1's rows with player 2's
//! columns: `tanh((rows - columns) / scale)`.
//!
//! ```
//! use tabula_baselines::upright::expected_product;
//! use upright::Colour::{O, X};
//! assert_eq!(expected_product(&[Some(X), Some(X), Some(O)]), 2.0);
//! // x . x becomes x x x (3) or x o x (1): 2 on average, where greedy's margin sees 1 * 1.
//! assert_eq!(expected_product(&[Some(X), None, Some(X)]), 2.0);
//! ```

use std::hash::{Hash, Hasher};
use tabula_search::Heuristic;
use upright::{Colour, MAX_SIZE, Side, Square, UprightState};

/// The expected product of a line's run lengths, each empty square (`None`) filled with either
/// colour at even odds; an empty line of length 0 counts 0.
pub fn expected_product(line: &[Option<Colour>]) -> f64 {
    if line.is_empty() {
        return 0.0;
    }
    // weight[c][len]: over the fillings of the squares so far that end in a run of colour `c`
    // of length `len`, the sum of (probability x product of the runs already closed).
    let mut weight = [[0.0f64; MAX_SIZE + 1]; 2];
    let mut next = weight;
    for (i, square) in line.iter().enumerate() {
        let choices: &[(usize, f64)] = match square {
            Some(c) => &[(c.index(), 1.0)][..],
            None => &[(0, 0.5), (1, 0.5)][..],
        };
        next.iter_mut().for_each(|row| row.fill(0.0));
        for &(colour, p) in choices {
            if i == 0 {
                next[colour][1] += p;
                continue;
            }
            for (previous, runs) in weight.iter().enumerate() {
                for (len, &w) in runs.iter().enumerate().take(i + 1).skip(1) {
                    if w == 0.0 {
                        continue;
                    }
                    if previous == colour {
                        next[colour][len + 1] += p * w;
                    } else {
                        next[colour][1] += p * w * len as f64;
                    }
                }
            }
        }
        std::mem::swap(&mut weight, &mut next);
    }
    weight.iter().flat_map(|row| row.iter().enumerate().map(|(len, w)| w * len as f64)).sum()
}

/// The expected-product evaluation (see the module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectedProducts {
    /// The difference of expected scores that counts as a near-certain win.
    pub scale: f64,
}

impl Default for ExpectedProducts {
    fn default() -> Self {
        ExpectedProducts { scale: 4.0 }
    }
}

impl ExpectedProducts {
    /// Player 1's expected rows total and player 2's expected columns total.
    pub fn expected_scores(state: &UprightState) -> [f64; 2] {
        let board = state.board();
        let n = board.size();
        let line = |squares: &mut dyn Iterator<Item = Square>| {
            let colours: Vec<Option<Colour>> = squares.map(|s| board.at(s)).collect();
            expected_product(&colours)
        };
        let rows = (0..n).map(|r| line(&mut (0..n).filter_map(|c| Square::at(r, c)))).sum();
        let columns = (0..n).map(|c| line(&mut (0..n).filter_map(|r| Square::at(r, c)))).sum();
        [rows, columns]
    }
}

impl Heuristic<UprightState> for ExpectedProducts {
    fn value(&self, state: &UprightState) -> f64 {
        let [rows, columns] = ExpectedProducts::expected_scores(state);
        let lead = rows - columns;
        // Player 1 (seat 0) scores the rows. Strictly inside (-1, 1): a finished game counts more.
        debug_assert_eq!(Side::First.index(), 0);
        0.99 * (lead / self.scale).tanh()
    }

    fn key(&self, state: &UprightState) -> Option<u64> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        state.hash(&mut h);
        Some(h.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upright::Colour::{O, X};

    /// The same expectation by listing every filling.
    fn brute_force(line: &[Option<Colour>]) -> f64 {
        let empty: Vec<usize> = (0..line.len()).filter(|&i| line[i].is_none()).collect();
        let fillings = 1u32 << empty.len();
        (0..fillings)
            .map(|bits| {
                let mut filled: Vec<Colour> = line.iter().map(|c| c.unwrap_or(X)).collect();
                for (k, &i) in empty.iter().enumerate() {
                    filled[i] = if bits >> k & 1 == 1 { O } else { X };
                }
                let mut product = 1.0;
                let mut run = 1.0;
                for w in filled.windows(2) {
                    if w[0] == w[1] {
                        run += 1.0;
                    } else {
                        product *= run;
                        run = 1.0;
                    }
                }
                product * run
            })
            .sum::<f64>()
            / f64::from(fillings)
    }

    #[test]
    fn the_dynamic_programme_matches_listing_every_filling() {
        let codes = [None, Some(X), Some(O)];
        for len in 1..=6u32 {
            for pattern in 0..3u32.pow(len) {
                let line: Vec<Option<Colour>> = (0..len).map(|i| codes[(pattern / 3u32.pow(i) % 3) as usize]).collect();
                let (dp, brute) = (expected_product(&line), brute_force(&line));
                assert!((dp - brute).abs() < 1e-9, "{line:?}: {dp} vs {brute}");
            }
        }
        assert_eq!(expected_product(&[Some(X); 6]), 6.0);
    }

    #[test]
    fn on_a_full_board_the_expectation_is_the_score_and_transposing_swaps_the_sides() {
        use rand::Rng;
        use tabula_core::State;
        let h = ExpectedProducts::default();
        let mut rng = tabula_core::rng_from_seed(7);
        let mut s = UprightState::new(5, upright::Variant::default()).unwrap();
        while !s.is_over() {
            let v = h.value(&s);
            assert!((v + h.value(&s.transposed())).abs() < 1e-9, "{s:?}");
            assert!(v.abs() < 1.0);
            let legal = s.legal_actions();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let exact = upright::score::scores(s.board()).map(|v| v as f64);
        assert_eq!(ExpectedProducts::expected_scores(&s), exact);
    }
}
