//! A variant's parameters: board size, min-score-size and the colour letters, plus the fixed
//! geometry derived from them (goal cells, point values).
//!
//! ```
//! use superball::Params;
//! let p = Params::new(8, 10, 5, "pbyrg").unwrap();
//! assert_eq!(p.cells(), 80);
//! assert!(p.is_goal(2 * 10 + 9) && !p.is_goal(1 * 10 + 0));
//! assert_eq!(p.goal_cells().len(), 16);
//! assert_eq!(p.value(1), 2); // colour code 1 is the first letter, worth 2 points
//! assert_eq!(Params::new(8, 10, 5, "pbp").unwrap_err().to_string(), "Duplicate color");
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Cell code of an empty cell; colours are `1..=ncolors` in the order of the colour string.
pub const EMPTY: u8 = 0;

/// Why a parameter set is refused. The first six are the original sb-read's own messages.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParamError {
    #[error("Bad rows")]
    BadRows,
    #[error("Bad cols")]
    BadCols,
    #[error("Bad min-score-size")]
    BadMss,
    #[error("Colors must be distinct letters")]
    NotLetters,
    #[error("Colors must be lowercase letters")]
    NotLowercase,
    #[error("Duplicate color")]
    Duplicate,
    #[error("Need at least one color")]
    NoColors,
    #[error("The board needs at least 5 cells (rows*cols >= 5) and at most 65535")]
    BadSize,
}

/// The parameters of one Superball variant (`8 10 5 pbyrg` is the tcl/tk game).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Params {
    pub rows: usize,
    pub cols: usize,
    /// Min-score-size: the smallest group that may be scored.
    pub mss: usize,
    /// Distinct lower-case letters; the first is worth 2 points, each next one 1 more.
    pub colors: String,
}

impl Default for Params {
    fn default() -> Self {
        Params { rows: 8, cols: 10, mss: 5, colors: "pbyrg".into() }
    }
}

impl Params {
    /// Checks the parameters the way the original sb-read does (positive numbers, distinct
    /// lower-case letters), plus what play needs: at least one colour and 5..=65535 cells.
    pub fn new(rows: usize, cols: usize, mss: usize, colors: &str) -> Result<Self, ParamError> {
        let p = Self::new_lenient(rows, cols, mss, colors)?;
        if p.colors.is_empty() {
            return Err(ParamError::NoColors);
        }
        if p.cells() < 5 || p.cells() > 65535 {
            return Err(ParamError::BadSize);
        }
        Ok(p)
    }

    /// Only the original sb-read's checks (sb-read accepts a 1x1 board or no colours at all).
    pub fn new_lenient(rows: usize, cols: usize, mss: usize, colors: &str) -> Result<Self, ParamError> {
        if rows == 0 {
            return Err(ParamError::BadRows);
        }
        if cols == 0 {
            return Err(ParamError::BadCols);
        }
        if mss == 0 {
            return Err(ParamError::BadMss);
        }
        let mut seen = [false; 26];
        for b in colors.bytes() {
            if !b.is_ascii_alphabetic() {
                return Err(ParamError::NotLetters);
            }
            if !b.is_ascii_lowercase() {
                return Err(ParamError::NotLowercase);
            }
            let k = (b - b'a') as usize;
            if seen[k] {
                return Err(ParamError::Duplicate);
            }
            seen[k] = true;
        }
        if rows.checked_mul(cols).is_none_or(|n| n > 1 << 24) {
            return Err(ParamError::BadSize);
        }
        Ok(Params { rows, cols, mss, colors: colors.to_string() })
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn ncolors(&self) -> usize {
        self.colors.len()
    }

    /// Points of one cell of colour `code` (1-based): the first letter is worth 2.
    #[inline]
    pub fn value(&self, code: u8) -> u32 {
        code as u32 + 1
    }

    /// The letter of colour `code` (1-based), lower case.
    pub fn letter(&self, code: u8) -> u8 {
        self.colors.as_bytes()[code as usize - 1]
    }

    /// The colour code of a letter of either case, if it is one of the colours.
    pub fn code_of(&self, letter: u8) -> Option<u8> {
        let l = letter.to_ascii_lowercase();
        self.colors.bytes().position(|b| b == l).map(|i| i as u8 + 1)
    }

    /// Goal rows are `2 ..= rows-3`.
    fn goal_rows(&self) -> std::ops::Range<usize> {
        2..self.rows.saturating_sub(2).max(2)
    }

    /// Goal columns `0, 1, cols-2, cols-1`, sorted, without repeats, inside the board.
    pub fn goal_cols(&self) -> Vec<usize> {
        let mut v: Vec<usize> = [0, 1, self.cols.wrapping_sub(2), self.cols.wrapping_sub(1)]
            .into_iter()
            .filter(|&c| c < self.cols)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether `cell` (row-major index) is a goal cell: rows 2..=rows-3, columns 0, 1, cols-2, cols-1.
    #[inline]
    pub fn is_goal(&self, cell: usize) -> bool {
        let (r, c) = (cell / self.cols, cell % self.cols);
        self.goal_rows().contains(&r) && (c < 2 || c + 2 >= self.cols)
    }

    /// The goal cells in row-major order; a SCORE action's index within them is its goal index.
    pub fn goal_cells(&self) -> Vec<usize> {
        let cols = self.goal_cols();
        self.goal_rows().flat_map(|r| cols.iter().map(move |&c| r * self.cols + c)).collect()
    }

    /// The goal mask over all cells.
    pub fn goal_mask(&self) -> Vec<bool> {
        (0..self.cells()).map(|i| self.is_goal(i)).collect()
    }
}
