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
//! | 6 | the observer's shortest connections: `1 / (1 + k)` on a cell that lies on a connection `k` empty cells longer than the shortest (1 on the shortest ones), 0 where none passes |
//! | 7 | the same for the opponent |
//! | 8 | all `d / n` (at most 1): `d` the empty cells the observer still needs to connect, 1 when it can no longer |
//! | 9 | the same for the opponent |
//!
//! Planes 6–9 are the "distance to connect" features: a connection runs across the whole board,
//! further than a few 3x3 convolutions see, so the game hands the net what it costs.
//!
//! Index `plane · n² + (row - 1) · n + column - 1`.

use crate::board::{Board, bits};
use crate::side::Side;

pub const PLANES: usize = 10;
/// The plane that is all ones when the observer is Blue.
pub(crate) const BLUE_OBSERVER_PLANE: usize = 4;

/// Writes the planes for `observer`. Beyond the board they show what the state says of the move:
/// the cells the player to move may claim (`allowed`), those the hint after this one allows in
/// deterministic mode (`next_allowed`), and who moves (`mover`, `None` while nature draws or
/// once the game is over).
pub(crate) fn write_observation(
    board: &Board,
    allowed: u128,
    next_allowed: Option<u128>,
    mover: Option<Side>,
    observer: Side,
    out: &mut [f32],
) {
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
    mark(2, allowed);
    if let Some(next) = next_allowed {
        mark(3, next);
    }
    if observer == Side::Blue {
        mark(BLUE_OBSERVER_PLANE, board.all());
    }
    if mover == Some(observer) {
        mark(5, board.all());
    }
    for (k, side) in [observer, observer.other()].into_iter().enumerate() {
        let (paths, distance) = connection_map(board, side);
        out[(6 + k) * cells..(7 + k) * cells].copy_from_slice(&paths);
        let n = board.size() as f32;
        let level = distance.map_or(1.0, |d| (d as f32 / n).min(1.0));
        out[(8 + k) * cells..(9 + k) * cells].fill(level);
    }
}

/// Plane 6's values for `side`, and its distance to connect (`None`: it can no longer).
fn connection_map(board: &Board, side: Side) -> (Vec<f32>, Option<u32>) {
    let (start, end) = board.goal_edges(side);
    let (from_start, from_end) = (board.costs_from(side, start), board.costs_from(side, end));
    let empty = board.empty();
    // The empty cells of the cheapest connection through each cell (counted once).
    let through: Vec<Option<u32>> = (0..board.cells())
        .map(|c| match (from_start[c], from_end[c]) {
            (u8::MAX, _) | (_, u8::MAX) => None,
            (a, b) => Some(u32::from(a) + u32::from(b) - (empty >> c & 1) as u32),
        })
        .collect();
    let shortest = through.iter().flatten().copied().min();
    let paths = through
        .iter()
        .map(|t| match (t, shortest) {
            (Some(t), Some(best)) => 1.0 / (1.0 + (t - best) as f32),
            _ => 0.0,
        })
        .collect();
    (paths, shortest)
}
