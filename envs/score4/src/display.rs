//! The board as text: the four levels side by side, seen from above, row 4 at the top.
//!
//! ```text
//!        level 1     level 2     level 3     level 4
//!   4   . . . .     . . . .     . . . .     . . . .
//!   3   . . B .     . . . .     . . . .     . . . .
//!   2   . . . .     . . . .     . . . .     . . . .
//!   1   W . . .     W . . .     . . . .     . . . .
//!       A B C D     A B C D     A B C D     A B C D
//! ```
//! A bead on level `k` of a peg always has beads under it on levels `1..k`. The beads of a
//! winning line are drawn in lower case.

use crate::board::Board;
use crate::peg::Peg;
use std::fmt;

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "       level 1     level 2     level 3     level 4")?;
        for row in (0..4).rev() {
            write!(f, "  {}  ", row + 1)?;
            for height in 0..4 {
                write!(f, " ")?;
                for column in 0..4 {
                    let cell = Peg::at(column, row).expect("in range").cell(height);
                    let mut ch = match self.at(cell) {
                        Some(c) => c.symbol(),
                        None => '.',
                    };
                    if self.winning_line() & cell.bit() != 0 {
                        ch = ch.to_ascii_lowercase();
                    }
                    write!(f, "{ch}")?;
                    if column < 3 {
                        write!(f, " ")?;
                    }
                }
                if height < 3 {
                    write!(f, "    ")?;
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "       A B C D     A B C D     A B C D     A B C D")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_levels_side_by_side() {
        let b = Board::from_moves("A1 C3 A1").unwrap();
        let text = b.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[4], "  1   W . . .     W . . .     . . . .     . . . .");
        assert_eq!(lines[2], "  3   . . B .     . . . .     . . . .     . . . .");
    }

    #[test]
    fn marks_the_winning_line() {
        let b = Board::from_moves("A1 A2 B1 B2 C1 C2 D1").unwrap();
        assert!(b.to_string().contains("  1   w w w w"));
    }
}
