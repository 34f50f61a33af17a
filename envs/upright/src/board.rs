//! The grid: which squares hold which colour, and which were filled in phase 1.

use crate::side::Colour;
use crate::square::{MAX_SIZE, MIN_SIZE, Square};
use serde::{Deserialize, Serialize};

/// Bit `row * size + column` of a mask is that square.
pub type Mask = u128;

/// An `n x n` grid of squares, each empty or of one colour.
///
/// [`Board::from_text`] reads the post's drawings (top row first; capitals mark the squares
/// filled in phase 1):
///
/// ```
/// use upright::{Board, Colour};
/// let b = Board::from_text("x .\nO X").unwrap();
/// assert_eq!(b.size(), 2);
/// assert_eq!(b.at("a1".parse().unwrap()), Some(Colour::O));
/// assert_eq!(b.at("b2".parse().unwrap()), None);
/// assert!(b.in_phase_one("b1".parse().unwrap()) && !b.in_phase_one("a2".parse().unwrap()));
/// assert_eq!(b.to_text(), "x .\nO X");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    size: u8,
    /// Squares of colour O and of colour X.
    colours: [Mask; 2],
    /// Squares filled in phase 1 (the crooked line from a1 to the upper-right corner).
    phase_one: Mask,
}

impl Board {
    /// An empty board; an error outside `2..=11`.
    pub fn new(size: usize) -> Result<Board, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!("the board side must be {MIN_SIZE} to {MAX_SIZE}, not {size}"));
        }
        Ok(Board { size: size as u8, colours: [0; 2], phase_one: 0 })
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Number of squares, `n²`.
    pub fn squares(&self) -> usize {
        self.size() * self.size()
    }

    /// Every square of the board.
    pub fn all(&self) -> Mask {
        // At most 121 squares: the shift never reaches the mask's 128 bits.
        (1 << self.squares()) - 1
    }

    /// Squares of the rightmost column.
    pub fn right_edge(&self) -> Mask {
        let n = self.size();
        (0..n).fold(0, |m, r| m | 1 << (r * n + n - 1))
    }

    pub fn colour_mask(&self, colour: Colour) -> Mask {
        self.colours[colour.index()]
    }

    pub fn filled(&self) -> Mask {
        self.colours[0] | self.colours[1]
    }

    pub fn empty(&self) -> Mask {
        self.all() & !self.filled()
    }

    pub fn is_full(&self) -> bool {
        self.empty() == 0
    }

    /// The phase-1 squares.
    pub fn phase_one(&self) -> Mask {
        self.phase_one
    }

    pub fn in_phase_one(&self, square: Square) -> bool {
        square.on(self.size()) && self.phase_one >> square.index(self.size()) & 1 == 1
    }

    /// The colour of `square`, `None` when it is empty or off the board.
    pub fn at(&self, square: Square) -> Option<Colour> {
        if !square.on(self.size()) {
            return None;
        }
        let bit = 1 << square.index(self.size());
        Colour::BOTH.into_iter().find(|c| self.colours[c.index()] & bit != 0)
    }

    pub fn is_empty(&self, square: Square) -> bool {
        square.on(self.size()) && self.at(square).is_none()
    }

    /// Colours an empty square (the rules decide which squares may be filled, not the board).
    pub fn fill(&mut self, square: Square, colour: Colour, in_phase_one: bool) -> Result<(), String> {
        if !square.on(self.size()) {
            return Err(format!("{square} is off the {n} x {n} board", n = self.size()));
        }
        if self.at(square).is_some() {
            return Err(format!("{square} is already filled"));
        }
        let bit = 1 << square.index(self.size());
        self.colours[colour.index()] |= bit;
        if in_phase_one {
            self.phase_one |= bit;
        }
        Ok(())
    }

    /// The board with rows and columns exchanged.
    pub fn transposed(&self) -> Board {
        let n = self.size();
        let map = |mask: Mask| {
            (0..n * n)
                .filter(|&i| mask >> i & 1 == 1)
                .fold(0, |m, i| m | 1 << Square::from_index(i, n).transposed().index(n))
        };
        Board { size: self.size, colours: [map(self.colours[0]), map(self.colours[1])], phase_one: map(self.phase_one) }
    }

    /// The board with every O square made X and every X square O.
    pub fn swapped_colours(&self) -> Board {
        Board { colours: [self.colours[1], self.colours[0]], ..*self }
    }

    /// Reads a drawing: one line per row, the top row first; one character per square, separated
    /// by spaces or not: `o`/`x` (capitals for phase-1 squares) or `.`/`_` for an empty one.
    pub fn from_text(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        let mut board = Board::new(n)?;
        for (i, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(format!("row {} has {} squares, not {n}", n - i, row.len()));
            }
            for (column, &c) in row.iter().enumerate() {
                let square = Square::at(n - 1 - i, column).expect("n is at most MAX_SIZE");
                match c {
                    '.' | '_' => {}
                    _ => {
                        let colour = Colour::from_letter(c).ok_or_else(|| format!("{c:?} is not o, x or ."))?;
                        board.fill(square, colour, c.is_ascii_uppercase())?;
                    }
                }
            }
        }
        Ok(board)
    }

    /// The drawing [`from_text`](Board::from_text) reads.
    pub fn to_text(&self) -> String {
        let n = self.size();
        (0..n)
            .rev()
            .map(|row| {
                (0..n)
                    .map(|column| self.symbol(Square::at(row, column).expect("on the board")).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// `o`/`x`, capital for a phase-1 square, `.` for an empty one.
    pub fn symbol(&self, square: Square) -> char {
        match self.at(square) {
            None => '.',
            Some(c) if self.in_phase_one(square) => c.letter().to_ascii_uppercase(),
            Some(c) => c.letter(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert!(Board::new(1).is_err());
        assert!(Board::new(12).is_err());
        assert_eq!(Board::new(11).unwrap().all().count_ones(), 121);
        assert_eq!(Board::new(3).unwrap().right_edge(), 0b100_100_100);
    }

    #[test]
    fn filling_twice_or_off_the_board_fails() {
        let mut b = Board::new(3).unwrap();
        let a1 = "a1".parse().unwrap();
        b.fill(a1, Colour::O, true).unwrap();
        assert!(b.fill(a1, Colour::X, false).is_err());
        assert!(b.fill("d1".parse().unwrap(), Colour::X, false).is_err());
        assert_eq!(b.filled().count_ones(), 1);
    }

    #[test]
    fn transpose_swaps_rows_and_columns() {
        let b = Board::from_text("x . .\no . .\nO X x").unwrap();
        assert_eq!(b.transposed().to_text(), "x . .\nX . .\nO o x");
        assert_eq!(b.transposed().transposed(), b);
    }

    #[test]
    fn bad_drawings_are_refused() {
        assert!(Board::from_text("o o\no").is_err());
        assert!(Board::from_text("o q\no o").is_err());
        assert!(Board::from_text("o").is_err());
    }
}
