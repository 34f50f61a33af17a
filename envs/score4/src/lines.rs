//! The 76 winning lines as bit masks, built at compile time.

/// Number of lines of four on a 4x4x4 board.
pub const COUNT: usize = 76;

/// Every line as a 64-bit mask of its four cells (bit `height * 16 + row * 4 + column`).
pub const LINES: [u64; COUNT] = build_lines();

/// For each cell, the masks of the lines through it (unused slots are 0), and how many there are.
pub const THROUGH: [([u64; 7], usize); 64] = build_through();

const fn bit(x: i32, y: i32, z: i32) -> u64 {
    1u64 << (z * 16 + y * 4 + x)
}

const fn build_lines() -> [u64; COUNT] {
    let mut out = [0u64; COUNT];
    let mut n = 0;
    let mut d = 0;
    // Directions (dx, dy, dz) in {-1,0,1}^3, keeping one of each opposite pair.
    while d < 27 {
        let (dx, dy, dz) = (d % 3 - 1, (d / 3) % 3 - 1, d / 9 - 1);
        let first_nonzero = if dz != 0 {
            dz
        } else if dy != 0 {
            dy
        } else {
            dx
        };
        if first_nonzero > 0 {
            let mut start = 0;
            while start < 64 {
                let (x, y, z) = (start % 4, (start / 4) % 4, start / 16);
                let (ex, ey, ez) = (x + 3 * dx, y + 3 * dy, z + 3 * dz);
                if ex >= 0 && ex < 4 && ey >= 0 && ey < 4 && ez >= 0 && ez < 4 {
                    let mut mask = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        mask |= bit(x + k * dx, y + k * dy, z + k * dz);
                        k += 1;
                    }
                    out[n] = mask;
                    n += 1;
                }
                start += 1;
            }
        }
        d += 1;
    }
    assert!(n == COUNT, "a 4x4x4 board has 76 lines");
    out
}

const fn build_through() -> [([u64; 7], usize); 64] {
    let mut out = [([0u64; 7], 0usize); 64];
    let mut l = 0;
    while l < COUNT {
        let mut c = 0;
        while c < 64 {
            if LINES[l] & (1u64 << c) != 0 {
                let k = out[c].1;
                out[c].0[k] = LINES[l];
                out[c].1 = k + 1;
            }
            c += 1;
        }
        l += 1;
    }
    out
}

/// Does `beads` (one colour) complete a line through `cell`?
#[inline]
pub fn wins_through(beads: u64, cell: usize) -> Option<u64> {
    let (masks, n) = &THROUGH[cell];
    masks[..*n].iter().copied().find(|&m| beads & m == m)
}

/// The 13 directions of lines: `(shift, starts)`, where a line is the cells `start + k * shift`
/// for `k` in `0..4` and `starts` holds the first cell of every line of that direction. Every
/// line spans the whole board, so this describes all 76 exactly.
pub const FAMILIES: [(u32, u64); 13] = build_families();

const fn build_families() -> [(u32, u64); 13] {
    let mut out = [(0u32, 0u64); 13];
    let mut n = 0;
    let mut l = 0;
    while l < LINES.len() {
        let start = LINES[l].trailing_zeros();
        let shift = (LINES[l] & (LINES[l] - 1)).trailing_zeros() - start;
        let mut f = 0;
        while f < n && out[f].0 != shift {
            f += 1;
        }
        if f == n {
            out[n] = (shift, 0);
            n += 1;
        }
        out[f].1 |= 1u64 << start;
        l += 1;
    }
    assert!(n == 13, "lines run in 13 directions");
    out
}

/// The empty cells that would complete a line of `own` beads (three of its cells `own`'s, the
/// fourth empty), every line of a direction at once.
pub fn threat_cells(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let mut cells = 0;
    for &(s, starts) in &FAMILIES {
        // Bit `start` of `x[k]` is the `k`-th cell of the line beginning at `start`.
        let at = |x: u64| [x & starts, (x >> s) & starts, (x >> (2 * s)) & starts, (x >> (3 * s)) & starts];
        let (a, e) = (at(own), at(empty));
        cells |= (a[1] & a[2] & a[3] & e[0])
            | ((a[0] & a[2] & a[3] & e[1]) << s)
            | ((a[0] & a[1] & a[3] & e[2]) << (2 * s))
            | ((a[0] & a[1] & a[2] & e[3]) << (3 * s));
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn cells(mask: u64) -> Vec<(i32, i32, i32)> {
        (0..64).filter(|c| mask >> c & 1 == 1).map(|c| (c % 4, (c / 4) % 4, c / 16)).collect()
    }

    #[test]
    fn there_are_76_distinct_lines_of_four_collinear_cells() {
        let distinct: HashSet<u64> = LINES.iter().copied().collect();
        assert_eq!(distinct.len(), 76);
        for &line in &LINES {
            let c = cells(line);
            assert_eq!(c.len(), 4, "{line:#x}");
            // Sorted by bit index; equal steps between consecutive cells means collinear and evenly spaced.
            let step = (c[1].0 - c[0].0, c[1].1 - c[0].1, c[1].2 - c[0].2);
            assert!([step.0, step.1, step.2].iter().all(|d| d.abs() <= 1) && step != (0, 0, 0));
            for w in c.windows(2) {
                assert_eq!((w[1].0 - w[0].0, w[1].1 - w[0].1, w[1].2 - w[0].2), step, "{c:?}");
            }
        }
    }

    #[test]
    fn line_families_have_the_expected_sizes() {
        let mut by_kind = [0usize; 4]; // number of axes the line moves along: 1 (straight), 2 (face diagonal), 3 (space)
        for &line in &LINES {
            let c = cells(line);
            let moving = [c[0].0 != c[1].0, c[0].1 != c[1].1, c[0].2 != c[1].2].iter().filter(|&&m| m).count();
            by_kind[moving] += 1;
        }
        assert_eq!(by_kind, [0, 48, 24, 4]);
    }

    #[test]
    fn every_cell_lies_on_four_to_seven_lines() {
        for (c, (_, n)) in THROUGH.iter().enumerate() {
            assert!((4..=7).contains(n), "cell {c} lies on {n} lines");
        }
        let total: usize = THROUGH.iter().map(|t| t.1).sum();
        assert_eq!(total, 76 * 4);
    }
}
