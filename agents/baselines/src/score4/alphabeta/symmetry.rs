//! The 8 symmetries of the square of pegs (rotations and reflections), which keep levels and
//! gravity and map lines to lines. Positions that are images of one another share a
//! transposition-table entry.

/// A layer mask repeated on all four levels.
const fn layers(mask: u64) -> u64 {
    mask * 0x0001_0001_0001_0001
}

/// Column A<->D, B<->C on every row and level.
#[inline]
fn mirror_columns(x: u64) -> u64 {
    ((x & layers(0x1111)) << 3)
        | ((x & layers(0x8888)) >> 3)
        | ((x & layers(0x2222)) << 1)
        | ((x & layers(0x4444)) >> 1)
}

/// Row 1<->4, 2<->3 on every level.
#[inline]
fn mirror_rows(x: u64) -> u64 {
    ((x & layers(0x000F)) << 12)
        | ((x & layers(0xF000)) >> 12)
        | ((x & layers(0x00F0)) << 4)
        | ((x & layers(0x0F00)) >> 4)
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

/// Symmetry `t` (0..8; 0 is the identity) applied to a cell mask.
#[inline]
pub fn apply(t: usize, mut x: u64) -> u64 {
    if t & 1 != 0 {
        x = mirror_columns(x);
    }
    if t & 2 != 0 {
        x = mirror_rows(x);
    }
    if t & 4 != 0 {
        x = transpose(x);
    }
    x
}

/// The image of peg `p` under symmetry `t`.
pub fn apply_peg(t: usize, p: usize) -> usize {
    apply(t, 1u64 << p).trailing_zeros() as usize
}

/// The peg whose image under symmetry `t` is `p`.
pub fn invert_peg(t: usize, p: usize) -> usize {
    (0..16).find(|&q| apply_peg(t, q) == p).unwrap_or(p)
}

/// The canonical form of a position (the least `(occupied, white)` image) and the symmetry
/// that produced it.
#[inline]
pub fn canonical(occupied: u64, white: u64) -> (u64, u64, usize) {
    let mut best = (occupied, white, 0);
    for t in 1..8 {
        let image = (apply(t, occupied), apply(t, white));
        if image < (best.0, best.1) {
            best = (image.0, image.1, t);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use score4::lines::LINES;
    use std::collections::HashSet;

    #[test]
    fn every_symmetry_permutes_cells_and_lines() {
        let lines: HashSet<u64> = LINES.iter().copied().collect();
        let mut images = HashSet::new();
        for t in 0..8 {
            let cells: HashSet<u64> = (0..64).map(|c| apply(t, 1u64 << c)).collect();
            assert_eq!(cells.len(), 64);
            for c in 0..64 {
                // Levels are kept: gravity still holds.
                assert_eq!(apply(t, 1u64 << c).trailing_zeros() / 16, c / 16);
            }
            for &l in &LINES {
                assert!(lines.contains(&apply(t, l)), "symmetry {t} breaks a line");
            }
            images.insert((0..16).map(|p| apply_peg(t, p)).collect::<Vec<_>>());
            for p in 0..16 {
                assert_eq!(invert_peg(t, apply_peg(t, p)), p);
            }
        }
        assert_eq!(images.len(), 8, "the 8 symmetries are distinct");
    }

    #[test]
    fn images_share_a_canonical_form() {
        let (occ, white) = (0b1011u64 | 1 << 20, 0b0001u64 | 1 << 20);
        let c = canonical(occ, white);
        for t in 0..8 {
            let (o, w, _) = canonical(apply(t, occ), apply(t, white));
            assert_eq!((o, w), (c.0, c.1));
        }
    }
}
