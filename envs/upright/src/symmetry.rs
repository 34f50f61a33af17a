//! The one symmetry of the rules: exchanging rows and columns, and with them the players.
//!
//! The board is not symmetric under rotations or reflections: every move goes up or right from
//! a1. Transposing keeps that ("up" and "right" trade places), but player 1 scores the rows and
//! player 2 the columns, so a transposed position is the same position *for the other player*:
//! [`UprightState::transposed`](crate::UprightState::transposed) swaps the board's rows and
//! columns, the colours and the sides, and the mover there has exactly the moves and the chances
//! the mover has here. The colours are the mover's and the other (scores do not depend on which
//! colour is which), and nothing in the rules depends on who started once a1 is filled, so
//! values from the mover's side carry over unchanged.
//!
//! The observation ([`crate::encode`]) is written from its observer's side, so symmetry 1
//! transposes the board planes and flips plane 6 ("the observer scores the rows"); actions map
//! square to transposed square, `end` to `end`. Symmetry 0 is the identity.
//!
//! ```
//! use upright::symmetry;
//! // On 6x6, b1 (action 1) becomes a2 (action 6); `end` (36) stays.
//! assert_eq!(symmetry::map_action(1, 6, 1), 6);
//! assert_eq!(symmetry::map_action(1, 6, 36), 36);
//! assert_eq!(symmetry::map_action(0, 6, 1), 1);
//! ```

use crate::encode::PLANES;
use crate::square::Square;
use tabula_core::Action;

/// Number of symmetries (identity and transpose).
pub const COUNT: usize = 2;

/// Planes holding board squares (transposed by symmetry 1).
const BOARD_PLANES: usize = 5;
/// The plane that says whether the observer is player 1.
const FIRST_PLAYER_PLANE: usize = 6;

/// The action symmetry `k` turns `action` into on a board of side `size`.
pub fn map_action(k: usize, size: usize, action: Action) -> Action {
    let squares = size * size;
    let a = action as usize;
    if k == 0 || a == squares || a > 2 * squares {
        return action;
    }
    // Own-colour squares are 0..n², other-colour squares n²+1..=2n²: transpose within each block.
    let (base, i) = if a < squares { (0, a) } else { (squares + 1, a - squares - 1) };
    (base + Square::from_index(i, size).transposed().index(size)) as Action
}

/// Writes the observation symmetry `k` turns `observation` into.
pub fn map_observation(k: usize, size: usize, observation: &[f32], out: &mut [f32]) {
    let squares = size * size;
    debug_assert_eq!(observation.len(), PLANES * squares);
    if k == 0 {
        out.copy_from_slice(observation);
        return;
    }
    out.copy_from_slice(observation);
    for plane in 0..BOARD_PLANES {
        let base = plane * squares;
        for i in 0..squares {
            out[base + Square::from_index(i, size).transposed().index(size)] = observation[base + i];
        }
    }
    let flag = FIRST_PLAYER_PLANE * squares;
    for v in &mut out[flag..flag + squares] {
        *v = 1.0 - *v;
    }
}
