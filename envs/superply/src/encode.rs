//! The observation for networks: planes over the `n x n` table, from one player's point of view.
//!
//! | plane | meaning |
//! |---|---|
//! | 0 | the observer's cells |
//! | 1 | the opponent's cells |
//! | 2 | the cells the player to move may claim now (the hint's unclaimed cells; none while nature draws) |
//! | 3 | deterministic mode: the cells the hint after this one allows (what the opponent gets next) |
//! | 4 | all ones when the observer is Blue (joins left to right), zeros for Red (top to bottom) |
//! | 5 | all ones when it is the observer's move |
//!
//! Index `plane · n² + (row - 1) · n + column - 1`.

use crate::board::bits;
use crate::game::SuperplyState;
use crate::side::Side;
use tabula_core::{State, Turn};

pub const PLANES: usize = 6;

pub(crate) fn write_observation(state: &SuperplyState, observer: Side, out: &mut [f32]) {
    let board = state.board();
    let cells = board.cells();
    debug_assert_eq!(out.len(), PLANES * cells);
    out.fill(0.0);
    let mut mark = |plane: usize, set: u128| {
        for c in bits(set) {
            out[plane * cells + c] = 1.0;
        }
    };
    mark(0, board.held(observer));
    mark(1, board.held(observer.other()));
    mark(2, state.allowed());
    if let Some(next) = state.upcoming_hint() {
        mark(3, state.cells_allowed_by(next));
    }
    if observer == Side::Blue {
        mark(4, board.all());
    }
    if state.turn() == Turn::Player(observer.index()) {
        mark(5, board.all());
    }
}
