//! The eight symmetries of the 4x4 square of pegs (rotations and reflections). Gravity rules out
//! turning the board upside down, but any of these maps every line of four onto a line of four,
//! so a position and its images are equally good for the same side.
//!
//! ```
//! use score4::{Peg, symmetry};
//! let a1 = Peg::at(0, 0).unwrap();
//! assert_eq!(symmetry::map_peg(0, a1), a1); // 0 is the identity
//! assert_eq!(symmetry::map_peg(1, a1), Peg::at(3, 0).unwrap()); // 1 mirrors the columns
//! ```

use crate::encode::PLANES;
use crate::peg::Peg;

/// Number of symmetries.
pub const COUNT: usize = 8;

/// A layer mask repeated on all four levels.
const fn layers(mask: u64) -> u64 {
    mask * 0x0001_0001_0001_0001
}

/// Exchanges the bits of `low` (one level's mask, on every level) with those `shift` above them.
#[inline]
fn exchange(x: u64, low: u64, shift: u32) -> u64 {
    let low = layers(low);
    ((x & low) << shift) | ((x & (low << shift)) >> shift)
}

/// Column A<->D, B<->C on every row and level.
#[inline]
fn mirror_columns(x: u64) -> u64 {
    exchange(x, 0x1111, 3) | exchange(x, 0x2222, 1)
}

/// Row 1<->4, 2<->3 on every level.
#[inline]
fn mirror_rows(x: u64) -> u64 {
    exchange(x, 0x000F, 12) | exchange(x, 0x00F0, 4)
}

/// Column <-> row (the bit of (row, column) moves by 3 * (column - row)).
#[inline]
fn transpose(x: u64) -> u64 {
    (x & layers(0x8421))
        | ((x & layers(0x0842)) << 3)
        | ((x & layers(0x4210)) >> 3)
        | ((x & layers(0x0084)) << 6)
        | ((x & layers(0x2100)) >> 6)
        | ((x & layers(0x0008)) << 9)
        | ((x & layers(0x1000)) >> 9)
}

/// Symmetry `k` (0..8) applied to a mask of cells (bit `level * 16 + peg`): bit 0 of `k`
/// mirrors the columns, bit 1 the rows, bit 2 swaps columns and rows (applied last).
#[inline]
pub fn map_cells(k: usize, mut cells: u64) -> u64 {
    if k & 1 != 0 {
        cells = mirror_columns(cells);
    }
    if k & 2 != 0 {
        cells = mirror_rows(cells);
    }
    if k & 4 != 0 {
        cells = transpose(cells);
    }
    cells
}

/// Where symmetry `k` (0..8) sends `peg`.
pub fn map_peg(k: usize, peg: Peg) -> Peg {
    Peg::new(map_cells(k, 1 << peg.index()).trailing_zeros() as usize).expect("a symmetry keeps pegs on the board")
}

/// Every plane of an observation (see `encode.rs`) moved by symmetry `k`.
pub fn map_observation(k: usize, observation: &[f32], out: &mut [f32]) {
    debug_assert!(observation.len() == PLANES * 16 && out.len() == observation.len());
    for peg in Peg::all() {
        let to = map_peg(k, peg).index();
        for plane in 0..PLANES {
            out[plane * 16 + to] = observation[plane * 16 + peg.index()];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Score4;
    use crate::lines::LINES;
    use std::collections::HashSet;
    use tabula_core::Game;
    use tabula_core::symmetry_check::{Image, assert_symmetry};

    /// The same map cell by cell, from the definition: (column, row) mirrored, then swapped.
    fn map_cells_slowly(k: usize, cells: u64) -> u64 {
        (0..64usize)
            .filter(|c| cells >> c & 1 == 1)
            .map(|c| {
                let (level, peg) = (c / 16, Peg::new(c % 16).unwrap());
                let (mut column, mut row) = (peg.column(), peg.row());
                if k & 1 != 0 {
                    column = 3 - column;
                }
                if k & 2 != 0 {
                    row = 3 - row;
                }
                if k & 4 != 0 {
                    std::mem::swap(&mut column, &mut row);
                }
                1u64 << (level * 16 + row * 4 + column)
            })
            .sum()
    }

    #[test]
    fn the_eight_maps_are_distinct_permutations_that_keep_every_line() {
        let lines: HashSet<u64> = LINES.iter().copied().collect();
        let mut images = HashSet::new();
        for k in 0..COUNT {
            let pegs: HashSet<Peg> = Peg::all().map(|p| map_peg(k, p)).collect();
            assert_eq!(pegs.len(), 16, "symmetry {k} is a permutation");
            images.insert(Peg::all().map(|p| map_peg(k, p).index()).collect::<Vec<_>>());
            for c in 0..64 {
                // Levels are kept, so gravity still holds; the bit tricks match the definition.
                assert_eq!(map_cells(k, 1 << c), map_cells_slowly(k, 1 << c), "symmetry {k}, cell {c}");
                assert_eq!(map_cells(k, 1 << c).trailing_zeros() / 16, c / 16);
            }
            for &line in &LINES {
                assert!(lines.contains(&map_cells(k, line)), "symmetry {k} sends a line off the lines");
            }
        }
        assert_eq!(images.len(), COUNT);
    }

    #[test]
    fn a_transformed_game_has_the_transformed_observations_and_the_same_outcome() {
        // The empty board is its own image under every symmetry, and no symmetry swaps the players.
        let start = Score4.new_initial_state(0);
        for k in 0..COUNT {
            assert_symmetry(&Score4, k, &start, Image::Start(&start), &[0, 1], 3, 9);
        }
    }
}
