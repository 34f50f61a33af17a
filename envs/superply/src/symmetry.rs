//! The one symmetry of the rules: exchanging rows and columns, and with them the players.
//!
//! A cell's product does not change when its row and column trade places, so every hint allows
//! the transposed cells of the cells it allowed; and Blue's left-to-right connections become
//! top-to-bottom ones, Red's goal. So a transposed position with the colours swapped is the same
//! position *for the other player* ([`SuperplyState::transposed`](crate::SuperplyState::transposed)):
//! the mover there has exactly the moves, the hints to come and the chances the mover has here.
//! Nothing in the rules depends on who started once the board is laid, so values from the
//! mover's side carry over unchanged, and the learner may see every position both ways.
//!
//! The observation ([`crate::encode`]) is written from its observer's side, so symmetry 1
//! transposes every plane and flips plane 4 ("the observer is Blue"); an action (a cell) maps to
//! its transposed cell. Symmetry 0 is the identity.
//!
//! ```
//! use superply::symmetry;
//! // On 9x9, 1x2 (row 1, column 2: action 1) becomes 2x1 (action 9).
//! assert_eq!(symmetry::map_action(1, 9, 1), 9);
//! assert_eq!(symmetry::map_action(1, 9, 40), 40); // the centre, 5x5, stays
//! assert_eq!(symmetry::map_action(0, 9, 1), 1);
//! ```

use crate::board::transposed_cell;
use crate::encode::{BLUE_OBSERVER_PLANE, PLANES};
use tabula_core::Action;

/// Number of symmetries (identity and transpose).
pub const COUNT: usize = 2;

/// The action symmetry `k` turns `action` (a cell) into on a board of side `size`.
pub fn map_action(k: usize, size: usize, action: Action) -> Action {
    if k == 0 || action as usize >= size * size {
        return action;
    }
    transposed_cell(size, action as usize) as Action
}

/// Writes the observation symmetry `k` turns `observation` into on a board of side `size`.
pub fn map_observation(k: usize, size: usize, observation: &[f32], out: &mut [f32]) {
    let cells = size * size;
    debug_assert_eq!(observation.len(), PLANES * cells);
    if k == 0 {
        out.copy_from_slice(observation);
        return;
    }
    for (from, to) in observation.chunks_exact(cells).zip(out.chunks_exact_mut(cells)) {
        for (cell, &v) in from.iter().enumerate() {
            to[transposed_cell(size, cell)] = v;
        }
    }
    let flag = BLUE_OBSERVER_PLANE * cells;
    for v in &mut out[flag..flag + cells] {
        *v = 1.0 - *v;
    }
}
