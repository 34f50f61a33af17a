//! A position stripped down for search: the cells, the empty count, and scratch buffers, with
//! the moves a player considers (swaps that can join a colour to its kind, scoring sets).

use superball::groups::{Groups, NO_CELL};
use superball::params::EMPTY;
use superball::{Params, rules};

/// Cells plus everything a search step needs, reusable without allocating.
#[derive(Debug, Clone)]
pub struct Position {
    pub params: Params,
    pub goals: Vec<bool>,
    /// Cells next to a goal cell (but not goal cells themselves).
    pub near_goal: Vec<bool>,
    pub cells: Vec<u8>,
    pub empty: usize,
    /// Scratch for labelling, and the board's neighbour table (`groups.adjacent()`).
    pub groups: Groups,
}

/// A scoring set: the goal cell to name, its size and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Set {
    pub cell: usize,
    pub size: usize,
    pub points: u32,
}

impl Position {
    pub fn new(params: &Params, cells: &[u8]) -> Self {
        let (rows, cols) = (params.rows, params.cols);
        let groups = Groups::new(rows, cols);
        let goals = params.goal_mask();
        let near_goal = (0..rows * cols)
            .map(|i: usize| !goals[i] && groups.adjacent()[i].iter().any(|&j| j != NO_CELL && goals[j as usize]))
            .collect();
        Position {
            near_goal,
            params: params.clone(),
            goals,
            cells: cells.to_vec(),
            empty: cells.iter().filter(|&&c| c == EMPTY).count(),
            groups,
        }
    }

    /// Replaces the cells (same size).
    pub fn set_cells(&mut self, cells: &[u8]) {
        self.cells.copy_from_slice(cells);
        self.empty = cells.iter().filter(|&&c| c == EMPTY).count();
    }

    /// Whether any neighbour of `at` other than `except` has colour `colour`.
    #[inline]
    fn touches(&self, at: usize, except: usize, colour: u8) -> bool {
        self.groups.adjacent()[at]
            .iter()
            .any(|&j| j != NO_CELL && j as usize != except && self.cells[j as usize] == colour)
    }

    /// Swaps worth trying: two filled cells of different colours where at least one lands next
    /// to its own colour. Falls back to every swap of two filled cells when none qualifies.
    pub fn useful_swaps(&self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        let filled: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] != EMPTY).collect();
        for (k, &i) in filled.iter().enumerate() {
            let ci = self.cells[i];
            for &j in &filled[k + 1..] {
                let cj = self.cells[j];
                if ci != cj && (self.touches(j, i, ci) || self.touches(i, j, cj)) {
                    out.push((i, j));
                }
            }
        }
        if out.is_empty() {
            for (k, &i) in filled.iter().enumerate() {
                for &j in &filled[k + 1..] {
                    out.push((i, j));
                }
            }
        }
    }

    /// The scoring sets of the current cells (labels the groups).
    pub fn scoring_sets(&mut self, out: &mut Vec<Set>) {
        out.clear();
        self.groups.label(&self.cells, &self.goals);
        let mss = self.params.mss;
        for (_, size, colour, goal) in self.groups.scoring_sets(mss) {
            out.push(Set { cell: goal, size: size as usize, points: size * self.params.value(colour) });
        }
    }

    /// Scores the set holding `cell`; returns its points.
    pub fn score(&mut self, cell: usize) -> u32 {
        let (size, points) = rules::remove_group(&self.params, &mut self.cells, cell);
        self.empty += size;
        points
    }

    /// Adds `count` random cells as the game would.
    pub fn fill(&mut self, count: usize, rng: &mut dyn rand::RngCore) {
        rules::add_cells(&self.params, &mut self.cells, &mut self.empty, count, rng);
    }
}
