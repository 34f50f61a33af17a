//! Squares and their names: `b3` is column b (the second from the left), row 3 (from the bottom).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The largest board side. Boards are 128-bit masks, and 11 x 11 = 121 squares is the largest
/// square that fits; the letters `a`..`k` then name the columns.
pub const MAX_SIZE: usize = 11;
/// The smallest board side the rules make sense on.
pub const MIN_SIZE: usize = 2;

/// A square by its row and column, both counted from 0 (row 0 is the bottom, column 0 the left).
/// It knows nothing of the board size: [`Square::on`] checks it fits.
///
/// ```
/// use upright::Square;
/// let s: Square = "B3".parse().unwrap();
/// assert_eq!((s.row(), s.column()), (2, 1));
/// assert_eq!(s.to_string(), "b3");
/// assert_eq!(s.index(6), 13);
/// assert_eq!(Square::from_index(13, 6), s);
/// assert!(s.on(3) && !s.on(2));
/// assert!("l1".parse::<Square>().is_err()); // beyond column k
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    row: u8,
    column: u8,
}

impl Square {
    /// The square at `row`, `column` (0-based); `None` beyond [`MAX_SIZE`].
    pub fn at(row: usize, column: usize) -> Option<Square> {
        (row < MAX_SIZE && column < MAX_SIZE).then_some(Square { row: row as u8, column: column as u8 })
    }

    pub fn row(self) -> usize {
        self.row as usize
    }

    pub fn column(self) -> usize {
        self.column as usize
    }

    /// True when the square lies on a board of side `size`.
    pub fn on(self, size: usize) -> bool {
        self.row() < size && self.column() < size
    }

    /// `row * size + column`: the bit of a board mask and the action that fills it.
    pub fn index(self, size: usize) -> usize {
        self.row() * size + self.column()
    }

    /// The square of bit `index` on a board of side `size`.
    pub fn from_index(index: usize, size: usize) -> Square {
        Square { row: (index / size) as u8, column: (index % size) as u8 }
    }

    /// The same place with rows and columns exchanged (the board's transpose).
    pub fn transposed(self) -> Square {
        Square { row: self.column, column: self.row }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column) as char, self.row + 1)
    }
}

impl FromStr for Square {
    type Err = String;

    /// A column letter `a`..`k` (any case) and a row number from 1, e.g. `b3`, `K11`.
    fn from_str(text: &str) -> Result<Square, String> {
        let t = text.trim();
        let bad = || format!("{t:?} is not a square: write a column letter and a row number, like b3");
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let column = (letter as u8 - b'a') as usize;
        let row: usize = digits.parse().map_err(|_| bad())?;
        if row == 0 || digits.starts_with('0') {
            return Err(bad());
        }
        Square::at(row - 1, column).ok_or_else(|| format!("{t:?} is off every board (at most {MAX_SIZE} x {MAX_SIZE})"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_nonsense_is_refused() {
        for i in 0..MAX_SIZE * MAX_SIZE {
            let s = Square::from_index(i, MAX_SIZE);
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
            assert_eq!(s.to_string().to_uppercase().parse::<Square>(), Ok(s));
        }
        for bad in ["", "b", "3", "b0", "b03", "bb3", "b3x", "b-1", "é3", "a12", "b99999999999999999999999"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }
}
