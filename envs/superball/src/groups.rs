//! Same-coloured, 4-connected groups: the one piece of analysis every Superball program needs
//! (scoring, sb-analyze, board evaluation in search). Flood fill over a flat row-major array with
//! reusable scratch buffers and a table of each cell's neighbours, so a search can label
//! thousands of boards without allocating (the greedy player labels one board per swap it tries).
//!
//! ```
//! use superball::groups::Groups;
//! // 2x3 board: "pp." / "pbb" (codes: p=1, b=2, empty=0)
//! let cells = [1, 1, 0, 1, 2, 2];
//! let mut g = Groups::new(2, 3);
//! g.label(&cells, &[false, false, false, true, false, false]);
//! assert_eq!(g.count(), 2);
//! assert_eq!(g.size_of_cell(0), 3);
//! assert_eq!(g.size_of_cell(5), 2);
//! assert_eq!(g.goal_of_cell(1), Some(3)); // the p group touches goal cell 3
//! assert_eq!(g.goal_of_cell(4), None);
//! ```

use crate::params::EMPTY;

/// Component id of an empty cell.
pub const NONE: u32 = u32::MAX;

/// Pads a cell's row of [`adjacency`] after its last neighbour.
pub const NO_CELL: u32 = u32::MAX;

/// Labels of one board's groups, and the scratch space to compute them.
#[derive(Debug, Clone)]
pub struct Groups {
    rows: usize,
    cols: usize,
    /// Group id of each cell, [`NONE`] for empty cells. Ids follow the row-major order of each
    /// group's first cell.
    pub label: Vec<u32>,
    /// Size of each group.
    pub size: Vec<u32>,
    /// Colour code of each group.
    pub colour: Vec<u8>,
    /// The smallest goal cell of each group, or [`NONE`].
    pub goal: Vec<u32>,
    stack: Vec<u32>,
    /// [`adjacency`] of the board.
    adjacent: Vec<[u32; 4]>,
}

impl Groups {
    pub fn new(rows: usize, cols: usize) -> Self {
        let n = rows * cols;
        Groups {
            rows,
            cols,
            label: vec![NONE; n],
            size: Vec::with_capacity(n),
            colour: Vec::with_capacity(n),
            goal: Vec::with_capacity(n),
            stack: Vec::with_capacity(n),
            adjacent: adjacency(rows, cols),
        }
    }

    /// Labels every group of `cells` (codes, [`EMPTY`] = 0); `goals` marks the goal cells.
    pub fn label(&mut self, cells: &[u8], goals: &[bool]) {
        debug_assert_eq!(cells.len(), self.rows * self.cols);
        self.label.fill(NONE);
        self.size.clear();
        self.colour.clear();
        self.goal.clear();
        for start in 0..cells.len() {
            let colour = cells[start];
            if colour == EMPTY || self.label[start] != NONE {
                continue;
            }
            let id = self.size.len() as u32;
            let mut size = 0u32;
            let mut goal = NONE;
            self.label[start] = id;
            self.stack.push(start as u32);
            while let Some(i) = self.stack.pop() {
                let i = i as usize;
                size += 1;
                if goals[i] && (i as u32) < goal {
                    goal = i as u32;
                }
                for &j in self.adjacent[i].iter().take_while(|&&j| j != NO_CELL) {
                    let j = j as usize;
                    if cells[j] == colour && self.label[j] == NONE {
                        self.label[j] = id;
                        self.stack.push(j as u32);
                    }
                }
            }
            self.size.push(size);
            self.colour.push(colour);
            self.goal.push(goal);
        }
    }

    /// Each cell's in-board neighbours, as [`adjacency`] gives them.
    pub fn adjacent(&self) -> &[[u32; 4]] {
        &self.adjacent
    }

    /// Number of groups.
    pub fn count(&self) -> usize {
        self.size.len()
    }

    /// Size of the group holding `cell` (0 for an empty cell).
    pub fn size_of_cell(&self, cell: usize) -> u32 {
        match self.label[cell] {
            NONE => 0,
            id => self.size[id as usize],
        }
    }

    /// The smallest goal cell of the group holding `cell`, if it touches one.
    pub fn goal_of_cell(&self, cell: usize) -> Option<usize> {
        match self.label[cell] {
            NONE => None,
            id => match self.goal[id as usize] {
                NONE => None,
                g => Some(g as usize),
            },
        }
    }

    /// The groups that can be scored: at least `mss` cells and a goal cell. Each is
    /// `(group id, size, colour, goal cell)`, in id order.
    pub fn scoring_sets(&self, mss: usize) -> impl Iterator<Item = (usize, u32, u8, usize)> + '_ {
        (0..self.count())
            .filter(move |&g| self.size[g] as usize >= mss && self.goal[g] != NONE)
            .map(|g| (g, self.size[g], self.colour[g], self.goal[g] as usize))
    }
}

/// The orthogonal neighbours of cell `i` on a `rows × cols` board: up, left, right, down.
#[inline]
pub fn neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    [(r > 0).then(|| i - cols), (c > 0).then(|| i - 1), (c + 1 < cols).then(|| i + 1), (r + 1 < rows).then(|| i + cols)]
        .into_iter()
        .flatten()
}

/// Each cell's in-board neighbours (up, left, right, down), padded with [`NO_CELL`]: a table to
/// read in loops that visit many cells, instead of working the neighbours out for every visit.
pub fn adjacency(rows: usize, cols: usize) -> Vec<[u32; 4]> {
    (0..rows * cols)
        .map(|i| {
            let mut row = [NO_CELL; 4];
            for (k, j) in neighbours(rows, cols, i).enumerate() {
                row[k] = j as u32;
            }
            row
        })
        .collect()
}

/// The cells of the group holding `start` (empty if `start` is empty), found by flood fill.
/// `stack` and `seen` are scratch (`seen` must be all false and is left all false).
pub fn group_at(rows: usize, cols: usize, cells: &[u8], start: usize, seen: &mut [bool], out: &mut Vec<usize>) {
    out.clear();
    let colour = cells[start];
    if colour == EMPTY {
        return;
    }
    seen[start] = true;
    out.push(start);
    let mut k = 0;
    while k < out.len() {
        let i = out[k];
        k += 1;
        for j in neighbours(rows, cols, i) {
            if cells[j] == colour && !seen[j] {
                seen[j] = true;
                out.push(j);
            }
        }
    }
    for &i in out.iter() {
        seen[i] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The labels agree with a flood fill from each cell, on boards of any shape (the table
        /// of neighbours must not wrap rows or leave the board).
        #[test]
        fn labels_are_the_groups_a_flood_fill_finds(
            (rows, cols, cells, goals) in (1usize..9, 1usize..11).prop_flat_map(|(r, c)| {
                (Just(r), Just(c), prop::collection::vec(0u8..4, r * c), prop::collection::vec(any::<bool>(), r * c))
            })
        ) {
            let mut groups = Groups::new(rows, cols);
            groups.label(&cells, &goals);
            let (mut seen, mut group) = (vec![false; cells.len()], Vec::new());
            for start in 0..cells.len() {
                group_at(rows, cols, &cells, start, &mut seen, &mut group);
                prop_assert_eq!(groups.size_of_cell(start) as usize, group.len());
                let goal = group.iter().copied().filter(|&i| goals[i]).min();
                prop_assert_eq!(groups.goal_of_cell(start), goal);
                for &i in &group {
                    prop_assert_eq!(groups.label[i], groups.label[start]);
                }
            }
            let first_cells: Vec<usize> = (0..groups.count())
                .map(|id| groups.label.iter().position(|&l| l == id as u32).unwrap())
                .collect();
            prop_assert!(first_cells.windows(2).all(|w| w[0] < w[1]), "ids in row-major order of first cells");
        }
    }
}
