//! [`Board`]: who holds which cell of the `n x n` multiplication table, and who is connected.
//!
//! Cells are numbered `(row - 1) * n + (column - 1)` and held as 128-bit sets, so `n ≤ 11`.
//! Both sides connect through the 8 neighbours of a cell (sides and corners).
//!
//! ```
//! use superply::{Board, Side};
//! let mut board = Board::new(3).unwrap();
//! for (row, column) in [(2, 1), (1, 2), (3, 3)] {
//!     board.claim(Side::Blue, board.cell(row, column)).unwrap();
//! }
//! // (2,1) touches (1,2) by a corner, but (1,2) and (3,3) do not touch.
//! assert!(!board.connected(Side::Blue));
//! board.claim(Side::Blue, board.cell(2, 2)).unwrap();
//! assert!(board.connected(Side::Blue));
//! assert_eq!(board.product(board.cell(3, 3)), 9);
//! ```

use crate::side::Side;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Board sizes the 128-bit cell sets hold.
pub const MIN_SIZE: usize = 2;
pub const MAX_SIZE: usize = 11;

/// A cell index, `(row - 1) * n + (column - 1)`.
pub type Cell = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    size: usize,
    held: [u128; 2],
}

/// The cell at (row, column) moved to (column, row), on a board of side `size`.
pub fn transposed_cell(size: usize, cell: Cell) -> Cell {
    (cell % size) * size + cell / size
}

/// For one board size: every cell, and the cells outside the first and the last column.
#[derive(Clone, Copy)]
struct Edges {
    all: u128,
    not_first: u128,
    not_last: u128,
}

/// [`Edges`] for every size up to [`MAX_SIZE`].
const EDGES: [Edges; MAX_SIZE + 1] = {
    let mut table = [Edges { all: 0, not_first: 0, not_last: 0 }; MAX_SIZE + 1];
    let mut n = 1;
    while n <= MAX_SIZE {
        let mut edges = Edges { all: 0, not_first: 0, not_last: 0 };
        let mut cell = 0;
        while cell < n * n {
            edges.all |= 1 << cell;
            if cell % n != 0 {
                edges.not_first |= 1 << cell;
            }
            if cell % n != n - 1 {
                edges.not_last |= 1 << cell;
            }
            cell += 1;
        }
        table[n] = edges;
        n += 1;
    }
    table
};

impl Board {
    /// An empty `size x size` board, or `None` outside `2..=11`.
    pub fn new(size: usize) -> Option<Board> {
        (MIN_SIZE..=MAX_SIZE).contains(&size).then_some(Board { size, held: [0, 0] })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The cell at 1-based `row`, `column`.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        debug_assert!((1..=self.size).contains(&row) && (1..=self.size).contains(&column));
        (row - 1) * self.size + column - 1
    }

    /// 1-based `(row, column)` of `cell`.
    pub fn row_column(&self, cell: Cell) -> (usize, usize) {
        (cell / self.size + 1, cell % self.size + 1)
    }

    /// The number the cell shows: `row · column`.
    pub fn product(&self, cell: Cell) -> u32 {
        let (r, c) = self.row_column(cell);
        (r * c) as u32
    }

    /// The cells `side` holds.
    pub fn held(&self, side: Side) -> u128 {
        self.held[side.index()]
    }

    pub fn owner(&self, cell: Cell) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.held(s) >> cell & 1 == 1)
    }

    /// Every cell of the board.
    pub fn all(&self) -> u128 {
        let n = self.cells();
        if n == 128 { u128::MAX } else { (1u128 << n) - 1 }
    }

    pub fn empty(&self) -> u128 {
        self.all() & !(self.held[0] | self.held[1])
    }

    pub fn is_full(&self) -> bool {
        self.empty() == 0
    }

    /// Marks `cell` as `side`'s; an error if it is off the board or taken.
    pub fn claim(&mut self, side: Side, cell: Cell) -> Result<(), String> {
        if cell >= self.cells() {
            return Err(format!("cell {cell} is off a {n}x{n} board", n = self.size));
        }
        if let Some(owner) = self.owner(cell) {
            let (r, c) = self.row_column(cell);
            return Err(format!("{r}x{c} is already {owner}'s"));
        }
        self.held[side.index()] |= 1 << cell;
        Ok(())
    }

    /// The cells of one column (`column` 0-based).
    fn column_mask(&self, column: usize) -> u128 {
        (0..self.size).fold(0, |m, r| m | 1 << (r * self.size + column))
    }

    /// The cells of one row (`row` 0-based).
    fn row_mask(&self, row: usize) -> u128 {
        ((1u128 << self.size) - 1) << (row * self.size)
    }

    /// The board with rows and columns exchanged and, with them, the sides: Blue's cells become
    /// Red's at the transposed cells and Red's Blue's, so each side's connections stay its own
    /// (see [`crate::symmetry`]).
    pub fn transposed(&self) -> Board {
        let map = |set: u128| bits(set).fold(0, |m, c| m | 1 << transposed_cell(self.size, c));
        Board { size: self.size, held: [map(self.held[1]), map(self.held[0])] }
    }

    /// The edges `side` joins: Blue the first and last columns, Red the first and last rows.
    pub fn goal_edges(&self, side: Side) -> (u128, u128) {
        let last = self.size - 1;
        match side {
            Side::Blue => (self.column_mask(0), self.column_mask(last)),
            Side::Red => (self.row_mask(0), self.row_mask(last)),
        }
    }

    /// `set` grown by one step in all 8 directions, kept on the board.
    pub fn dilate(&self, set: u128) -> u128 {
        let n = self.size;
        // Searches call this millions of times: the masks come from a table made at compile time.
        let Edges { all, not_first, not_last } = EDGES[n];
        let row = set | (set & not_last) << 1 | (set & not_first) >> 1;
        (row | row << n | row >> n) & all
    }

    /// Whether `side`'s cells join its two edges.
    pub fn connected(&self, side: Side) -> bool {
        let own = self.held(side);
        let (start, end) = self.goal_edges(side);
        let mut reach = own & start;
        loop {
            if reach & end != 0 {
                return true;
            }
            let next = self.dilate(reach) & own;
            if next == reach {
                return false;
            }
            reach = next;
        }
    }

    /// A shortest chain of `side`'s cells joining its edges, from the start edge, if there is one.
    pub fn winning_path(&self, side: Side) -> Option<Vec<Cell>> {
        let own = self.held(side);
        let (start, end) = self.goal_edges(side);
        let mut parent = vec![usize::MAX; self.cells()];
        let mut queue: VecDeque<Cell> = bits(own & start).collect();
        for &c in &queue {
            parent[c] = c;
        }
        while let Some(c) = queue.pop_front() {
            if end >> c & 1 == 1 {
                let mut path = vec![c];
                let mut at = c;
                while parent[at] != at {
                    at = parent[at];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for next in bits(self.dilate(1 << c) & own) {
                if parent[next] == usize::MAX {
                    parent[next] = c;
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// For each cell, the fewest empty cells `side` must claim to reach it from the cells of
    /// `edge` (the cell itself counted when empty; its own cells cost nothing), or `u8::MAX` where
    /// the opponent's cells wall it off or it is the opponent's.
    ///
    /// ```
    /// use superply::{Board, Side};
    /// let mut board = Board::new(3).unwrap();
    /// board.claim(Side::Blue, board.cell(2, 1)).unwrap();
    /// let from_left = board.costs_from(Side::Blue, board.goal_edges(Side::Blue).0);
    /// // Row by row: the held cell costs nothing, and so every cell it touches costs one.
    /// assert_eq!(from_left, vec![1, 1, 2, 0, 1, 2, 1, 1, 2]);
    /// ```
    pub fn costs_from(&self, side: Side, edge: u128) -> Vec<u8> {
        let own = self.held(side);
        let empty = self.empty();
        let mut costs = vec![u8::MAX; self.cells()];
        let close = |set: u128| self.spread_through(set, own);
        let mut reached = close(edge & own);
        let mut cost = 0u8;
        let mut mark = |set: u128, cost: u8| bits(set).for_each(|c| costs[c] = cost);
        mark(reached, 0);
        loop {
            let step = (self.dilate(reached) | edge) & empty & !reached;
            if step == 0 {
                return costs;
            }
            cost += 1;
            let next = close(reached | step);
            mark(next & !reached, cost);
            reached = next;
        }
    }

    /// `set` and every cell of `own` joined to it through `own` (what is reached at no cost).
    fn spread_through(&self, mut set: u128, own: u128) -> u128 {
        loop {
            let next = set | (self.dilate(set) & own);
            if next == set {
                return set;
            }
            set = next;
        }
    }

    /// The fewest empty cells `side` must still claim to connect (its own cells cost nothing,
    /// the opponent's block), or `None` when it no longer can.
    pub fn distance_to_connect(&self, side: Side) -> Option<u32> {
        let own = self.held(side);
        let empty = self.empty();
        let (start, end) = self.goal_edges(side);
        let close = |set: u128| self.spread_through(set, own);
        // Layer by layer: `reached` is every cell reachable for at most `cost` empty cells.
        let mut reached = close(start & own);
        let mut cost = 0;
        loop {
            if reached & end != 0 {
                return Some(cost);
            }
            let step = (self.dilate(reached) | start) & empty & !reached;
            if step == 0 {
                return None;
            }
            cost += 1;
            reached = close(reached | step);
        }
    }
}

/// The indices of the set bits of `set`, lowest first.
pub fn bits(mut set: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dilation_from_the_table_is_dilation_by_the_rules() {
        for n in MIN_SIZE..=MAX_SIZE {
            let board = Board::new(n).unwrap();
            for cell in 0..n * n {
                let (r, c) = (cell / n, cell % n);
                let mut expected = 0u128;
                for dr in -1i64..=1 {
                    for dc in -1i64..=1 {
                        let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                        if (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc) {
                            expected |= 1 << (rr as usize * n + cc as usize);
                        }
                    }
                }
                assert_eq!(board.dilate(1 << cell), expected, "size {n}, cell {cell}");
            }
        }
    }

    /// A board from rows of `B`, `R` and `.`.
    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len()).unwrap();
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = b.cell(r + 1, c + 1);
                match ch {
                    'B' => b.claim(Side::Blue, cell).unwrap(),
                    'R' => b.claim(Side::Red, cell).unwrap(),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn corners_connect_for_both_sides() {
        let b = board(&["B..R", ".B.R", "..BR", "...B"]);
        assert!(b.connected(Side::Blue), "a diagonal joins left and right");
        assert!(!b.connected(Side::Red), "R stops one row short");
        assert_eq!(b.winning_path(Side::Blue).unwrap(), vec![0, 5, 10, 15]);
        assert_eq!(b.distance_to_connect(Side::Red), Some(1), "4x3 touches 3x4 by a corner");
    }

    #[test]
    fn rows_do_not_wrap_around() {
        // The last cell of row 1 and the first of row 2 are neighbours by index, not on the board.
        let b = board(&["..B", "B..", "..."]);
        assert_eq!(b.dilate(1 << 2) & (1 << 3), 0);
        assert!(!b.connected(Side::Blue));
    }

    #[test]
    fn distance_counts_empty_cells_still_needed() {
        let b = board(&["B....", ".....", "..R..", ".....", "....."]);
        assert_eq!(b.distance_to_connect(Side::Blue), Some(4));
        assert_eq!(b.distance_to_connect(Side::Red), Some(4));
        let column = board(&["..B..", "..B..", "..B..", "..B..", "..B.."]);
        assert_eq!(column.distance_to_connect(Side::Blue), Some(4));
        assert_eq!(column.distance_to_connect(Side::Red), Some(5), "a column does not block top to bottom");
        let row = board(&[".....", "BBBBB", ".....", ".....", "....."]);
        assert_eq!(row.distance_to_connect(Side::Red), None);
        assert_eq!(row.distance_to_connect(Side::Blue), Some(0));
        assert_eq!(Board::new(11).unwrap().distance_to_connect(Side::Red), Some(11));
    }

    #[test]
    fn claims_are_checked() {
        let mut b = Board::new(2).unwrap();
        b.claim(Side::Red, 3).unwrap();
        assert_eq!(b.claim(Side::Blue, 3).unwrap_err(), "2x2 is already red's");
        assert!(b.claim(Side::Blue, 4).unwrap_err().contains("off a 2x2 board"));
        assert!(Board::new(12).is_none() && Board::new(1).is_none());
        assert_eq!(Board::new(11).unwrap().all().count_ones(), 121);
    }
}
