//! Boards of cells, each holding one of a few codes: what a board game shows an n-tuple network
//! (tabula-ntuple), besides its observation planes.
//!
//! ```
//! use tabula_core::cells::{CellBoard, CellShape};
//! struct Strip([u8; 3]);
//! impl CellBoard for Strip {
//!     fn cell_shape(&self) -> CellShape { CellShape { rows: 1, cols: 3, codes: 2, mirror_rows: false, mirror_cols: true } }
//!     fn cell_codes(&self) -> &[u8] { &self.0 }
//! }
//! let s = Strip([0, 1, 1]);
//! assert_eq!(s.cell_shape().cells(), s.cell_codes().len());
//! ```

use serde::{Deserialize, Serialize};

/// A board's size, how many codes a cell can hold, and the mirror images under which its value
/// does not change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellShape {
    pub rows: usize,
    pub cols: usize,
    /// Codes are `0..codes`.
    pub codes: usize,
    /// Whether turning the board upside down (row `r` to `rows - 1 - r`) keeps every value.
    pub mirror_rows: bool,
    /// Whether mirroring left to right (column `c` to `cols - 1 - c`) keeps every value.
    pub mirror_cols: bool,
}

impl CellShape {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }
}

/// A state whose board is a grid of coded cells, row-major.
pub trait CellBoard {
    fn cell_shape(&self) -> CellShape;
    /// One code per cell, row-major, each below `cell_shape().codes`.
    fn cell_codes(&self) -> &[u8];
}
