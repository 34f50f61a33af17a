//! Positions that are images of one another under the 8 symmetries of the square of pegs
//! (`score4::symmetry`) share a transposition-table entry.

use score4::Peg;
use score4::symmetry::map_cells as apply;

/// The image of peg `p` under symmetry `t`.
pub fn apply_peg(t: usize, p: usize) -> usize {
    Peg::new(p).map_or(p, |peg| score4::symmetry::map_peg(t, peg).index())
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

    #[test]
    fn invert_peg_undoes_apply_peg() {
        for t in 0..8 {
            for p in 0..16 {
                assert_eq!(invert_peg(t, apply_peg(t, p)), p);
            }
        }
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
