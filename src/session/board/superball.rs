//! Superball: the handout's coloured balls, goal cells outlined, the score beside.

use super::{Drawn, cell, grid};
use serde_json::Value;
use superball::action::Move;
use superball::{Superball, SuperballState};
use tabula_core::{Action, Player};

/// The handout's colours by letter; other letters get a grey.
fn colour(letter: u8) -> &'static str {
    match letter.to_ascii_lowercase() {
        b'p' => "#8e44ad",
        b'b' => "#2e6fd8",
        b'y' => "#f1c40f",
        b'r' => "#d63031",
        b'g' => "#27ae60",
        _ => "#7f8c8d",
    }
}

impl Drawn for Superball {
    fn board(&self, state: &SuperballState, _viewer: Player, _last: Option<Action>) -> Value {
        let p = state.params();
        let cells = state
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &code)| {
                let fill = (code != 0).then(|| colour(p.letter(code)));
                cell("", fill, p.is_goal(i), false)
            })
            .collect();
        let info = vec![
            format!("Score: {}", state.score()),
            format!("Empty cells: {}", state.empty()),
            format!("Score a set of at least {} balls that touches a goal cell (outlined).", p.mss),
        ];
        // Rows and columns count from 0, as in the notation (`SWAP 0 1 2 3`).
        let labels = |n: usize| (0..n).map(|k| k.to_string()).collect();
        grid(p.rows, p.cols, cells, labels(p.rows), labels(p.cols), info)
    }

    fn action_cells(&self, state: &SuperballState, action: Action) -> Vec<usize> {
        match state.action_space().decode(action) {
            Some(Move::Swap(a, b)) => vec![a, b],
            Some(Move::Score(c)) => vec![c],
            None => Vec::new(),
        }
    }
}
