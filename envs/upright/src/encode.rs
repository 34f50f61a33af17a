//! The observation for networks: planes over the `n x n` board, from one player's side.
//!
//! | plane | meaning |
//! |---|---|
//! | 0 | squares of the observer's colour |
//! | 1 | squares of the other colour |
//! | 2 | empty squares |
//! | 3 | the square the next one must touch: in phase 1 the last square filled, in phase 2 the square the move in progress filled last (nothing before its first square) |
//! | 4 | the squares the player to move may fill now |
//! | 5 | all ones in phase 2, zeros in phase 1 |
//! | 6 | all ones when the observer is player 1 (who scores the rows), zeros for player 2 (the columns) |
//! | 7 | all ones when the observer is the player to move |
//!
//! Index `plane * n² + row * n + column`, row 0 at the bottom. Colours are the observer's and
//! the other, not O and X, so one network plays both sides; plane 6 says which lines it scores.
//! Plane 4 spares a small network from learning the reach rule (which differs between the
//! variants), and plane 3 with plane 5 tells it whether `end` is legal.

use crate::rules::{Phase, UprightState};
use crate::side::Side;

/// Number of planes.
pub const PLANES: usize = 8;

pub(crate) fn write_observation(state: &UprightState, observer: Side, out: &mut [f32]) {
    let n = state.size();
    let squares = n * n;
    debug_assert_eq!(out.len(), PLANES * squares);
    out.fill(0.0);
    let board = state.board();
    let masks = [
        board.colour_mask(observer.pen()),
        board.colour_mask(observer.pen().other()),
        board.empty(),
        state.last_square().map_or(0, |s| 1 << s.index(n)),
        state.fillable(),
    ];
    for (plane, mask) in masks.into_iter().enumerate() {
        for i in 0..squares {
            if mask >> i & 1 == 1 {
                out[plane * squares + i] = 1.0;
            }
        }
    }
    let flags = [state.phase() == Phase::Two, observer == Side::First, observer == state.to_move()];
    for (k, flag) in flags.into_iter().enumerate() {
        if flag {
            out[(5 + k) * squares..(6 + k) * squares].fill(1.0);
        }
    }
}
