//! The observation for networks: planes over the 4x4 grid of pegs, from one player's point of view.
//!
//! | planes | meaning |
//! |---|---|
//! | 0–3 | the observer's beads on levels 1–4 |
//! | 4–7 | the opponent's beads on levels 1–4 |
//! | 8 | the cells where the next bead would land on each peg (1 where the peg has room) |
//! | 9 | all ones when the observer is White (who moved first), else zeros |
//!
//! Index `plane * 16 + row * 4 + column`. Seeing the board from the observer's side lets one
//! network play both colours.

use crate::board::Board;
use crate::color::Color;

/// Number of planes.
pub const PLANES: usize = 10;
/// `[planes, rows, columns]`.
pub const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 4, 4];

pub(crate) fn write_observation(board: &Board, observer: Color, out: &mut [f32]) {
    debug_assert_eq!(out.len(), PLANES * 16);
    out.fill(0.0);
    let mine = board.beads(observer);
    let theirs = board.beads(observer.other());
    for cell in 0..64 {
        let (height, peg) = (cell / 16, cell % 16);
        if mine >> cell & 1 == 1 {
            out[height * 16 + peg] = 1.0;
        } else if theirs >> cell & 1 == 1 {
            out[(4 + height) * 16 + peg] = 1.0;
        }
    }
    let room = board.legal_mask();
    for peg in 0..16 {
        if room >> peg & 1 == 1 {
            out[8 * 16 + peg] = 1.0;
        }
        if observer == Color::White {
            out[9 * 16 + peg] = 1.0;
        }
    }
}
