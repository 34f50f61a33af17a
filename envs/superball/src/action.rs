//! The fixed action space and the move notation.
//!
//! Actions `0 .. n(n-1)/2` (n = rows*cols) are the swaps of every unordered pair of cells
//! `i < j`, in lexicographic order of `(i, j)`; the next `goals` actions score goal cell `k` of
//! [`Params::goal_cells`] (row-major). Notation: `SWAP r1 c1 r2 c2` and `SCORE r c`, read in any
//! case with any spacing.
//!
//! ```
//! use superball::{Params, action::{Move, ActionSpace}};
//! let space = ActionSpace::new(&Params::default());
//! assert_eq!(space.len(), 80 * 79 / 2 + 16);
//! let a = space.encode(Move::Swap(12, 3)).unwrap();
//! assert_eq!(space.decode(a), Some(Move::Swap(3, 12)));
//! let m = Move::parse_on("  score 2   9 ", 8, 10).unwrap();
//! assert_eq!(m.to_text(10), "SCORE 2 9");
//! ```

use crate::params::Params;
use serde::{Deserialize, Serialize};

/// A move on cells (row-major indices). A swap's cells are unordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Swap(usize, usize),
    Score(usize),
}

/// A move as written, before any check against a board: coordinates may be off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawMove {
    Swap(i64, i64, i64, i64),
    Score(i64, i64),
}

impl RawMove {
    /// Reads `SWAP r1 c1 r2 c2` or `SCORE r c` (any case, any whitespace). `None` if the line is
    /// not a move at all (the harness asks again for such lines).
    pub fn parse(text: &str) -> Option<RawMove> {
        let mut words = text.split_ascii_whitespace();
        let verb = words.next()?.to_ascii_uppercase();
        let nums: Option<Vec<i64>> = words.map(|w| w.parse::<i64>().ok()).collect();
        match (verb.as_str(), nums?.as_slice()) {
            ("SWAP", &[a, b, c, d]) => Some(RawMove::Swap(a, b, c, d)),
            ("SCORE", &[a, b]) => Some(RawMove::Score(a, b)),
            _ => None,
        }
    }
}

impl Move {
    /// Reads the notation and places it on a `rows x cols` board (`None` if off the board or a
    /// swap of a cell with itself).
    pub fn parse_on(text: &str, rows: usize, cols: usize) -> Option<Move> {
        let cell = |r: i64, c: i64| {
            (r >= 0 && c >= 0 && (r as u64) < rows as u64 && (c as u64) < cols as u64)
                .then(|| r as usize * cols + c as usize)
        };
        match RawMove::parse(text)? {
            RawMove::Swap(a, b, c, d) => {
                let (i, j) = (cell(a, b)?, cell(c, d)?);
                (i != j).then_some(Move::Swap(i, j))
            }
            RawMove::Score(a, b) => cell(a, b).map(Move::Score),
        }
    }

    /// The notation on a board of `cols` columns.
    pub fn to_text(self, cols: usize) -> String {
        match self {
            Move::Swap(i, j) => format!("SWAP {} {} {} {}", i / cols, i % cols, j / cols, j % cols),
            Move::Score(i) => format!("SCORE {} {}", i / cols, i % cols),
        }
    }
}

impl RawMove {
    pub fn text(self) -> String {
        match self {
            RawMove::Swap(a, b, c, d) => format!("SWAP {a} {b} {c} {d}"),
            RawMove::Score(a, b) => format!("SCORE {a} {b}"),
        }
    }
}

/// The mapping between moves and action indices for one board size. Cheap to build and `Copy`,
/// so states build it on the fly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionSpace {
    n: usize,
    cols: usize,
    swaps: usize,
    goal_rows: usize,
    goal_cols: [usize; 4],
    ngoal_cols: usize,
}

impl ActionSpace {
    pub fn new(p: &Params) -> Self {
        let n = p.cells();
        let cols = p.goal_cols();
        let mut goal_cols = [0; 4];
        goal_cols[..cols.len()].copy_from_slice(&cols);
        ActionSpace {
            n,
            cols: p.cols,
            swaps: n * (n - 1) / 2,
            goal_rows: p.rows.saturating_sub(4),
            goal_cols,
            ngoal_cols: cols.len(),
        }
    }

    /// Size of the action space.
    pub fn len(&self) -> usize {
        self.swaps + self.num_goals()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of goal cells (and of SCORE actions).
    pub fn num_goals(&self) -> usize {
        self.goal_rows * self.ngoal_cols
    }

    /// Number of swap actions (the first actions of the space).
    pub fn num_swaps(&self) -> usize {
        self.swaps
    }

    /// The first action of row `i` of the swap triangle, i.e. `Swap(i, i+1)`.
    #[inline]
    fn row_start(&self, i: usize) -> usize {
        i * self.n - i * (i + 1) / 2
    }

    /// The action of a swap `i < j` (no checks).
    #[inline]
    pub fn swap_action(&self, i: usize, j: usize) -> u32 {
        (self.row_start(i) + (j - i - 1)) as u32
    }

    /// The goal index of a cell (its SCORE action is `num_swaps() + index`).
    #[inline]
    pub fn goal_index(&self, cell: usize) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        if cell >= self.n || r < 2 || r >= 2 + self.goal_rows {
            return None;
        }
        let k = self.goal_cols[..self.ngoal_cols].iter().position(|&g| g == c)?;
        Some((r - 2) * self.ngoal_cols + k)
    }

    /// The action of a move, if it is in the space (cells on the board, a swap of two distinct
    /// cells, a score of a goal cell).
    pub fn encode(&self, m: Move) -> Option<u32> {
        match m {
            Move::Swap(a, b) if a != b && a < self.n && b < self.n => Some(self.swap_action(a.min(b), a.max(b))),
            Move::Score(c) => self.goal_index(c).map(|k| (self.swaps + k) as u32),
            _ => None,
        }
    }

    /// The move of an action, if the action is in the space.
    pub fn decode(&self, action: u32) -> Option<Move> {
        let a = action as usize;
        if a < self.swaps {
            // The largest i with row_start(i) <= a, by binary search over the triangle's rows.
            let (mut lo, mut hi) = (0usize, self.n - 1);
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if self.row_start(mid) <= a { lo = mid } else { hi = mid }
            }
            Some(Move::Swap(lo, lo + 1 + (a - self.row_start(lo))))
        } else if a - self.swaps < self.num_goals() {
            let k = a - self.swaps;
            Some(Move::Score((2 + k / self.ngoal_cols) * self.cols + self.goal_cols[k % self.ngoal_cols]))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_moves_are_a_bijection() {
        for (rows, cols) in [(8, 10), (6, 6), (5, 3), (4, 7), (10, 12), (6, 2)] {
            let p = Params::new(rows, cols, 3, "pb").unwrap();
            let space = ActionSpace::new(&p);
            assert_eq!(space.num_goals(), p.goal_cells().len());
            for a in 0..space.len() as u32 {
                let m = space.decode(a).unwrap();
                assert_eq!(space.encode(m), Some(a), "{rows}x{cols} action {a}");
                let text = m.to_text(cols);
                assert_eq!(Move::parse_on(&text, rows, cols).and_then(|m| space.encode(m)), Some(a));
            }
            assert_eq!(space.decode(space.len() as u32), None);
            for (k, &g) in p.goal_cells().iter().enumerate() {
                assert_eq!(space.encode(Move::Score(g)), Some((space.num_swaps() + k) as u32));
            }
        }
    }
}
