//! Superply: the multiplication table, claimed cells in their side's colour, the cells the
//! current hint allows lit, the winning path ringed.

use super::{Drawn, cell, grid, numbers};
use serde_json::Value;
use superply::{Side, Superply, SuperplyState};
use tabula_core::{Action, Player};

impl Drawn for Superply {
    fn board(&self, state: &SuperplyState, _viewer: Player, _last: Option<Action>) -> Value {
        let board = state.board();
        let n = board.size();
        let allowed = state.allowed();
        let path: Vec<usize> = state.winner().and_then(|side| board.winning_path(side)).unwrap_or_default();
        let cells = (0..board.cells())
            .map(|c| {
                let fill = board.owner(c).map(|side| match side {
                    Side::Blue => "#3b6fd4",
                    Side::Red => "#d64541",
                });
                cell(board.product(c).to_string(), fill, path.contains(&c), allowed >> c & 1 == 1)
            })
            .collect();
        let mut info = vec!["Blue joins left and right, Red joins top and bottom.".to_string()];
        match state.hint() {
            Some(hint) => info.push(format!("{} to claim a cell: {hint} (lit cells).", state.to_move().title())),
            None if state.winner().is_none() => info.push("Drawing the next hint…".into()),
            None => {}
        }
        if let Some(next) = state.upcoming_hint() {
            info.push(format!("Next hint: {next}."));
        }
        grid(n, n, cells, numbers(n), numbers(n), info)
    }

    fn action_cells(&self, state: &SuperplyState, action: Action) -> Vec<usize> {
        let cell = action as usize;
        if cell < state.board().cells() { vec![cell] } else { Vec::new() }
    }
}
