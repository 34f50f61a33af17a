//! Scores: player 1 sums, over the rows, the product of the lengths of the runs in each row;
//! player 2 does the same over the columns. A run is a maximal stretch of one colour.
//!
//! The same functions score a board that is not full yet, reading an empty square as a gap that
//! ends a run; a line with no filled square counts 0. On a full board that is the game's score;
//! before, it is what the filled squares are worth so far (what `greedy` looks at).
//!
//! ```
//! use upright::{Board, score};
//! let b = Board::from_text("o o x\nx x x\no . o").unwrap();
//! // Rows from the bottom: o . o (runs 1, 1 around a gap), x x x (3), o o x (2 * 1);
//! // columns from the left: o x o (1 * 1 * 1), . x o (1 * 1), o x x (1 * 2).
//! assert_eq!(score::row_runs(&b, 0), vec![1, 1]);
//! assert_eq!(score::scores(&b), [1 + 3 + 2, 1 + 1 + 2]);
//! ```

use crate::board::Board;
use crate::side::Side;
use crate::square::Square;

/// The lengths of the runs along a line of squares, in order.
fn runs(board: &Board, line: impl Iterator<Item = Square>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut current = None;
    for square in line {
        match (board.at(square), current) {
            (None, _) => current = None,
            (Some(c), Some(prev)) if c == prev => *out.last_mut().expect("a run is open") += 1,
            (Some(c), _) => {
                out.push(1);
                current = Some(c);
            }
        }
    }
    out
}

/// The runs of row `row` (0 is the bottom), left to right.
pub fn row_runs(board: &Board, row: usize) -> Vec<usize> {
    runs(board, (0..board.size()).filter_map(move |c| Square::at(row, c)))
}

/// The runs of column `column` (0 is the left), bottom to top.
pub fn column_runs(board: &Board, column: usize) -> Vec<usize> {
    runs(board, (0..board.size()).filter_map(move |r| Square::at(r, column)))
}

/// The product of the run lengths, 0 for a line with no filled square.
pub fn product(runs: &[usize]) -> u64 {
    if runs.is_empty() { 0 } else { runs.iter().map(|&r| r as u64).product() }
}

/// `3*1*1*1` (the post's way of writing a line's product), or `-` for an empty line.
pub fn product_text(runs: &[usize]) -> String {
    if runs.is_empty() { "-".into() } else { runs.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("*") }
}

/// Player 1's score: the sum of the rows' products.
pub fn rows_score(board: &Board) -> u64 {
    (0..board.size()).map(|r| product(&row_runs(board, r))).sum()
}

/// Player 2's score: the sum of the columns' products.
pub fn columns_score(board: &Board) -> u64 {
    (0..board.size()).map(|c| product(&column_runs(board, c))).sum()
}

/// Both scores, player 1's (rows) first.
pub fn scores(board: &Board) -> [u64; 2] {
    [rows_score(board), columns_score(board)]
}

/// `side`'s score minus the other's.
pub fn margin(board: &Board, side: Side) -> i64 {
    let s = scores(board);
    s[side.index()] as i64 - s[side.other().index()] as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_line_of_one_colour_is_one_run() {
        let b = Board::from_text("o o o\no o o\no o o").unwrap();
        assert_eq!(scores(&b), [9, 9]);
        assert_eq!(product_text(&row_runs(&b, 1)), "3");
        assert_eq!(product_text(&[]), "-");
    }

    #[test]
    fn an_empty_board_scores_nothing() {
        let b = Board::new(4).unwrap();
        assert_eq!(scores(&b), [0, 0]);
        assert_eq!(margin(&b, Side::Second), 0);
    }
}
