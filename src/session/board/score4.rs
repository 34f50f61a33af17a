//! Score 4: sixteen pegs, each a stack of up to four beads.

use super::Drawn;
use score4::{Color, Peg, Score4, Score4State};
use serde_json::{Value, json};
use tabula_core::{Action, Player};

impl Drawn for Score4 {
    fn board(&self, state: &Score4State, _viewer: Player, last: Option<Action>) -> Value {
        let board = state.board();
        let pegs: Vec<Value> = Peg::all()
            .map(|peg| {
                let beads: Vec<&str> = (0..board.height(peg))
                    .map(|h| match board.at(peg.cell(h)) {
                        Some(Color::White) => "white",
                        _ => "black",
                    })
                    .collect();
                json!({"name": peg.to_string(), "row": peg.row(), "col": peg.column(), "beads": beads})
            })
            .collect();
        let line = board.winning_line();
        let win: Vec<[usize; 2]> = (0..64).filter(|&c| line >> c & 1 == 1).map(|c| [c % 16, c / 16]).collect();
        let last = last
            .and_then(|a| Peg::new(a as usize))
            .filter(|&peg| board.height(peg) > 0)
            .map(|peg| [peg.index(), board.height(peg) - 1]);
        json!({"kind": "score4", "pegs": pegs, "win": win, "last": last})
    }

    fn action_cells(&self, _state: &Score4State, action: Action) -> Vec<usize> {
        Peg::new(action as usize).map(|p| vec![p.index()]).unwrap_or_default()
    }
}
