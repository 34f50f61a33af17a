//! The rules on a flat board: checking a written move, swapping, scoring a group, and filling
//! random cells exactly as the original harness does. The env state, the harness and the
//! players all call these.
//!
//! ```
//! use superball::{Params, Lrand48, rules, action::RawMove};
//! let p = Params::default();
//! let mut cells = vec![0u8; p.cells()];
//! let mut empty = p.cells();
//! rules::add_cells(&p, &mut cells, &mut empty, 5, &mut Lrand48::new(1));
//! assert_eq!(empty, 75);
//! let err = rules::check(&p, &cells, RawMove::Score(0, 0)).unwrap_err();
//! assert_eq!(err.to_string(), "SCORE r c -- not a goal cell");
//! ```

use crate::action::{Move, RawMove};
use crate::groups::group_at;
use crate::params::{EMPTY, Params};
use rand::RngCore;
use thiserror::Error;

/// Cells added after a swap (and at the start).
pub const CELLS_AFTER_SWAP: usize = 5;
/// Cells added after a score.
pub const CELLS_AFTER_SCORE: usize = 3;
/// A swap that leaves fewer empty cells than this ends the game.
pub const MIN_EMPTY_AFTER_SWAP: usize = 5;

/// Why a written move is illegal. The texts follow the original sb-player's
/// (`SCORE r c -- not a goal cell`, `SWAP r1 c1 r2 c2 -- cell 0,0 is empty`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("SWAP r1 c1 r2 c2 -- cell {0},{1} is not on the board")]
    SwapOffBoard(i64, i64),
    #[error("SWAP r1 c1 r2 c2 -- cell {0},{1} is empty")]
    SwapEmpty(usize, usize),
    #[error("SWAP r1 c1 r2 c2 -- both cells are {0},{1}")]
    SwapSame(usize, usize),
    #[error("SCORE r c -- cell {0},{1} is not on the board")]
    ScoreOffBoard(i64, i64),
    #[error("SCORE r c -- not a goal cell")]
    NotGoal,
    #[error("SCORE r c -- cell {0},{1} is empty")]
    ScoreEmpty(usize, usize),
    #[error("no move can be played now (the game is over or waiting for new cells)")]
    NotYourTurn,
    #[error("SCORE r c -- the set at {0},{1} has {2} cells, fewer than {3}")]
    TooSmall(usize, usize, usize, usize),
}

fn on_board(p: &Params, r: i64, c: i64) -> Option<usize> {
    (r >= 0 && c >= 0 && (r as u64) < p.rows as u64 && (c as u64) < p.cols as u64)
        .then(|| r as usize * p.cols + c as usize)
}

/// Checks a written move against a board and places it on the board.
pub fn check(p: &Params, cells: &[u8], m: RawMove) -> Result<Move, MoveError> {
    match m {
        RawMove::Swap(r1, c1, r2, c2) => {
            let a = on_board(p, r1, c1).ok_or(MoveError::SwapOffBoard(r1, c1))?;
            let b = on_board(p, r2, c2).ok_or(MoveError::SwapOffBoard(r2, c2))?;
            for i in [a, b] {
                if cells[i] == EMPTY {
                    return Err(MoveError::SwapEmpty(i / p.cols, i % p.cols));
                }
            }
            if a == b {
                return Err(MoveError::SwapSame(a / p.cols, a % p.cols));
            }
            Ok(Move::Swap(a, b))
        }
        RawMove::Score(r, c) => {
            let i = on_board(p, r, c).ok_or(MoveError::ScoreOffBoard(r, c))?;
            let (r, c) = (i / p.cols, i % p.cols);
            if !p.is_goal(i) {
                return Err(MoveError::NotGoal);
            }
            if cells[i] == EMPTY {
                return Err(MoveError::ScoreEmpty(r, c));
            }
            let size = group_size(p, cells, i);
            if size < p.mss {
                return Err(MoveError::TooSmall(r, c, size, p.mss));
            }
            Ok(Move::Score(i))
        }
    }
}

/// Size of the group holding `cell` (0 if empty).
pub fn group_size(p: &Params, cells: &[u8], cell: usize) -> usize {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    group_at(p.rows, p.cols, cells, cell, &mut seen, &mut out);
    out.len()
}

/// Empties the group holding `cell`; returns `(cells removed, points)`.
pub fn remove_group(p: &Params, cells: &mut [u8], cell: usize) -> (usize, u32) {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    group_at(p.rows, p.cols, cells, cell, &mut seen, &mut out);
    let points = out.len() as u32 * if out.is_empty() { 0 } else { p.value(cells[cell]) };
    for &i in &out {
        cells[i] = EMPTY;
    }
    (out.len(), points)
}

/// Adds `count` random cells (at most as many as are empty) the way the original harness does:
/// for each, draw `idx = next_u32() % cells` until that cell is empty, then
/// `colour = next_u32() % ncolors`. With [`crate::Lrand48`] this replays the original exactly.
pub fn add_cells(p: &Params, cells: &mut [u8], empty: &mut usize, count: usize, rng: &mut dyn RngCore) {
    let n = cells.len() as u32;
    let k = p.ncolors() as u32;
    for _ in 0..count.min(*empty) {
        let idx = loop {
            let i = (rng.next_u32() % n) as usize;
            if cells[i] == EMPTY {
                break i;
            }
        };
        cells[idx] = (rng.next_u32() % k) as u8 + 1;
        *empty -= 1;
    }
}
