//! Drawing the board for people: the squares (capitals for phase 1, as in the post), each row's
//! runs and product on its right, each column's product below it, and both totals.
//!
//! ```
//! use upright::{Board, display::draw};
//! let text = draw(&Board::from_text("x o\nO X").unwrap());
//! assert_eq!(text, "     a  b\n 2   x  o   1*1 = 1\n 1   O  X   1*1 = 1\n     1  1\n\
//!                   Rows (player 1, o): 2    Columns (player 2, x): 2\n");
//! ```

use crate::board::Board;
use crate::rules::{Phase, UprightState};
use crate::score::{column_runs, product, product_text, row_runs, scores};
use crate::side::Side;
use crate::square::Square;
use std::fmt::{self, Write};

/// The board with run products per row and column, and both scores (several lines, each ending
/// in a newline). Empty squares are `.` and end runs.
pub fn draw(board: &Board) -> String {
    let n = board.size();
    let column_products: Vec<u64> = (0..n).map(|c| product(&column_runs(board, c))).collect();
    let width = column_products.iter().map(|p| p.to_string().len()).max().unwrap_or(1).max(2) + 1;
    let mut out = String::new();
    let _ = write!(out, "   ");
    for c in 0..n {
        let _ = write!(out, "{:>width$}", (b'a' + c as u8) as char);
    }
    out.push('\n');
    for row in (0..n).rev() {
        let _ = write!(out, "{:>2} ", row + 1);
        for c in 0..n {
            let _ = write!(out, "{:>width$}", board.symbol(Square::at(row, c).expect("on the board")));
        }
        let runs = row_runs(board, row);
        let _ = writeln!(out, "   {} = {}", product_text(&runs), product(&runs));
    }
    let _ = write!(out, "   ");
    for p in &column_products {
        let _ = write!(out, "{p:>width$}");
    }
    out.push('\n');
    let [rows, columns] = scores(board);
    let _ = writeln!(
        out,
        "Rows ({}, {}): {rows}    Columns ({}, {}): {columns}",
        Side::First.title().to_lowercase(),
        Side::First.pen(),
        Side::Second.title().to_lowercase(),
        Side::Second.pen()
    );
    out
}

/// Where the game stands, in one line: who wins, or whose move it is and what it may do.
pub fn status(state: &UprightState) -> String {
    if state.is_over() {
        return match state.winner() {
            Some(side) => format!("{} wins.", side.title()),
            None => "Draw.".into(),
        };
    }
    let side = state.to_move();
    match (state.phase(), state.last_square()) {
        (Phase::One, _) => format!("Phase 1: {} ({}) to fill one square.", side.title(), side.pen()),
        (Phase::Two, None) => format!("Phase 2: {} ({}) to move.", side.title(), side.pen()),
        (Phase::Two, Some(last)) => {
            format!("Phase 2: {} ({}) to go on from {last} or end the move.", side.title(), side.pen())
        }
    }
}

impl fmt::Display for UprightState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&draw(self.board()))?;
        writeln!(f, "{}", status(self))
    }
}
