//! Upward-Rightward: the grid drawn as the post draws it (row 1 at the bottom), each row's and
//! column's run product beside it, the scores and the phase below.

use super::{Drawn, cell, grid};
use serde_json::Value;
use tabula_core::{Action, Player};
use upright::score::{column_runs, product, product_text, row_runs};
use upright::{Colour, Square, SubAction, Upright, UprightState};

/// Where a square is drawn: the top row first.
fn drawn_index(square: Square, size: usize) -> usize {
    (size - 1 - square.row()) * size + square.column()
}

impl Drawn for Upright {
    fn board(&self, state: &UprightState, _viewer: Player, _last: Option<Action>) -> Value {
        let board = state.board();
        let n = board.size();
        let mut cells = vec![Value::Null; n * n];
        for index in 0..n * n {
            let square = Square::from_index(index, n);
            let fill = board.at(square).map(|colour| match colour {
                Colour::O => "#f0a830",
                Colour::X => "#3b8ea5",
            });
            let symbol = board.symbol(square);
            let text = if symbol == '.' { String::new() } else { symbol.to_string() };
            cells[drawn_index(square, n)] = cell(text, fill, false, false);
        }
        let row_labels = (0..n).rev().map(|r| format!("{} ({})", r + 1, product_text(&row_runs(board, r)))).collect();
        let col_labels =
            (0..n).map(|c| format!("{} ({})", (b'a' + c as u8) as char, product(&column_runs(board, c)))).collect();
        let [rows, columns] = state.scores();
        let mut info = vec![format!("Rows (player 1, o): {rows}"), format!("Columns (player 2, x): {columns}")];
        if !state.is_over() {
            info.push(upright::display::status(state));
        }
        grid(n, n, cells, row_labels, col_labels, info)
    }

    fn action_cells(&self, state: &UprightState, action: Action) -> Vec<usize> {
        match state.sub_action(action) {
            Some(SubAction::Fill(square, _)) => vec![drawn_index(square, state.size())],
            _ => Vec::new(),
        }
    }
}
