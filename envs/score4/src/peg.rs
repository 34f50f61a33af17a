//! Pegs (where a bead is dropped) and cells (where it lands).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the 16 pegs, written `A1`…`D4`: the letter is the peg's column, the digit its row.
/// Its index (`0..16`) is `row * 4 + column`, which is also the game's action number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Peg(u8);

impl Peg {
    pub const COUNT: usize = 16;

    pub fn new(index: usize) -> Option<Peg> {
        (index < 16).then_some(Peg(index as u8))
    }

    /// `column` 0..4 is A..D, `row` 0..4 is 1..4.
    pub fn at(column: usize, row: usize) -> Option<Peg> {
        (column < 4 && row < 4).then(|| Peg((row * 4 + column) as u8))
    }

    pub fn all() -> impl Iterator<Item = Peg> {
        (0..16).map(Peg)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn column(self) -> usize {
        self.index() % 4
    }
    pub fn row(self) -> usize {
        self.index() / 4
    }

    /// The cell at `height` (0 = bottom) on this peg.
    pub fn cell(self, height: usize) -> Cell {
        Cell::from_index(height * 16 + self.index())
    }
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column() as u8) as char, self.row() + 1)
    }
}

impl FromStr for Peg {
    type Err = String;

    /// Reads `B3` in any case, surrounding space ignored.
    fn from_str(s: &str) -> Result<Peg, String> {
        let t = s.trim().as_bytes();
        if t.len() == 2 {
            let col = t[0].to_ascii_uppercase().wrapping_sub(b'A');
            let row = t[1].wrapping_sub(b'1');
            if let Some(p) = Peg::at(col as usize, row as usize) {
                return Ok(p);
            }
        }
        Err(format!("{:?} is not a peg: write a letter A-D and a digit 1-4, like B3", s.trim()))
    }
}

/// One of the 64 cells: `height * 16 + peg`. As a bit, `1 << index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    pub fn from_index(index: usize) -> Cell {
        assert!(index < 64, "cell index {index} out of range");
        Cell(index as u8)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
    pub fn peg(self) -> Peg {
        Peg(self.0 % 16)
    }
    pub fn height(self) -> usize {
        self.index() / 16
    }
    /// Coordinates (column, row, height), each 0..4.
    pub fn xyz(self) -> (usize, usize, usize) {
        (self.peg().column(), self.peg().row(), self.height())
    }
}
