//! The observation for networks: planes over the 4x4 grid of pegs, from one player's point of view.
//!
//! | planes | meaning |
//! |---|---|
//! | 0–3 | the observer's beads on levels 1–4 |
//! | 4–7 | the opponent's beads on levels 1–4 |
//! | 8 | the cells where the next bead would land on each peg (1 where the peg has room) |
//! | 9 | all ones when the observer is White (who moved first), else zeros |
//! | 10–13 | the observer's threats on levels 1–4: empty cells that would complete a line of theirs |
//! | 14–17 | the opponent's threats on levels 1–4 |
//!
//! The threat planes are what a player of a gravity game looks at first (which threats exist,
//! on which level, and whether one is playable now, with plane 8). A small convolutional net
//! finds "three in a line through any of 76 lines, the fourth cell empty" slowly from the bead
//! planes alone; handing it the cells lets the value head learn the threat structure instead.
//!
//! Index `plane * 16 + row * 4 + column`. Seeing the board from the observer's side lets one
//! network play both colours.

use crate::board::Board;
use crate::color::Color;
use crate::lines::threat_cells;

/// Number of planes.
pub const PLANES: usize = 18;
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
    for (first_plane, threats) in [(10, threat_cells(mine, theirs)), (14, threat_cells(theirs, mine))] {
        for cell in 0..64 {
            if threats >> cell & 1 == 1 {
                out[(first_plane + cell / 16) * 16 + cell % 16] = 1.0;
            }
        }
    }
}
