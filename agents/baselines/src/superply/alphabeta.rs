//! `alphabeta`: tabula's [`AlphaBeta`](tabula_search::AlphaBeta) (iterative deepening at a time
//! budget, transposition table, expectimax over nature's hints in random mode, the hint sequence
//! followed exactly in deterministic mode) over a race evaluation.
//!
//! With 8 neighbours both sides can cross each other diagonally, so Superply is a race more
//! than a wall-building game: the evaluation compares how far each side is from joining its
//! edges. The distance is a weighted one: an empty cell costs more the fewer hints of the list
//! allow it (a cell only `contains 5` reaches is claimed far less often than an odd one), its
//! own cells nothing, the opponent's block. The side to move is a tempo ahead.
//!
//! ```
//! use superply::{Hint, Mode, Superply};
//! use tabula_baselines::superply::RaceHeuristic;
//! use tabula_core::{Game, State};
//! use tabula_search::Heuristic;
//! let game = Superply::new(5, Mode::Deterministic, vec![Hint::Any]).unwrap();
//! let mut s = game.new_initial_state(0);
//! s.apply(s.string_to_action("3x1").unwrap()).unwrap(); // Blue starts its row
//! assert!(RaceHeuristic::default().value(&s) > 0.0, "Blue is nearer");
//! ```

use std::sync::RwLock;
use superply::board::bits;
use superply::{Board, Hint, Side, SuperplyState};
use tabula_search::Heuristic;

/// The race evaluation (see the module).
#[derive(Debug)]
pub struct RaceHeuristic {
    /// How much a rarely allowed cell costs beyond 1: cost `1 + rarity · (1/p − 1)`, `p` the
    /// share of the list's hints that allow it.
    pub rarity: f64,
    /// The mover's head start, in cells.
    pub tempo: f64,
    /// Distance difference that counts as a near-certain win (the value is `tanh(d / scale)`).
    pub scale: f64,
    /// Per-cell costs for the hint list and size last seen.
    costs: RwLock<Option<CellCosts>>,
}

/// A hint list, a board size, and what claiming each cell costs under them.
type CellCosts = (Vec<Hint>, usize, Vec<f64>);

impl Default for RaceHeuristic {
    fn default() -> Self {
        RaceHeuristic::new(0.5, 0.5, 3.0)
    }
}

impl Clone for RaceHeuristic {
    fn clone(&self) -> Self {
        RaceHeuristic::new(self.rarity, self.tempo, self.scale)
    }
}

/// A side that can no longer join its edges is this far away.
const WALLED_OFF: f64 = 1_000.0;
/// A cell no hint of the list allows (only `any`, once nothing else fits, reaches it).
const NEVER_ALLOWED_COST: f64 = 8.0;

impl RaceHeuristic {
    pub fn new(rarity: f64, tempo: f64, scale: f64) -> Self {
        RaceHeuristic { rarity, tempo, scale, costs: RwLock::new(None) }
    }

    /// The cost of claiming each cell of `state`'s board (computed once per hint list).
    fn cell_costs(&self, state: &SuperplyState) -> Vec<f64> {
        let size = state.board().size();
        if let Some((hints, n, costs)) = self.costs.read().expect("not poisoned").as_ref()
            && *n == size
            && hints.as_slice() == state.hints()
        {
            return costs.clone();
        }
        let board = Board::new(size).expect("the state's own size");
        let hints = state.hints();
        let costs: Vec<f64> = (0..board.cells())
            .map(|c| {
                let product = board.product(c);
                let share = hints.iter().filter(|h| h.matches(product)).count() as f64 / hints.len() as f64;
                if share == 0.0 { NEVER_ALLOWED_COST } else { 1.0 + self.rarity * (1.0 / share - 1.0) }
            })
            .collect();
        *self.costs.write().expect("not poisoned") = Some((hints.to_vec(), size, costs.clone()));
        costs
    }

    /// `side`'s weighted distance to joining its edges (0 once joined).
    pub fn distance(&self, state: &SuperplyState, side: Side) -> f64 {
        weighted_distance(state.board(), side, &self.cell_costs(state))
    }
}

/// Dijkstra from one edge to the other: own cells cost 0, empty ones their cost, the
/// opponent's block.
fn weighted_distance(board: &Board, side: Side, costs: &[f64]) -> f64 {
    let cells = board.cells();
    let own = board.held(side);
    let empty = board.empty();
    let passable = own | empty;
    let (start, end) = board.goal_edges(side);
    let step_cost = |c: usize| if own >> c & 1 == 1 { 0.0 } else { costs[c] };
    let mut dist = vec![f64::INFINITY; cells];
    let mut done = 0u128;
    for c in bits(start & passable) {
        dist[c] = step_cost(c);
    }
    loop {
        // The nearest cell not settled yet (boards are at most 11 x 11: a scan is cheap).
        let Some(c) =
            bits(passable & !done).filter(|&c| dist[c].is_finite()).min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
        else {
            return WALLED_OFF;
        };
        if end >> c & 1 == 1 {
            return dist[c];
        }
        done |= 1 << c;
        for next in bits(board.dilate(1 << c) & passable & !done) {
            let d = dist[c] + step_cost(next);
            if d < dist[next] {
                dist[next] = d;
            }
        }
    }
}

impl Heuristic<SuperplyState> for RaceHeuristic {
    fn value(&self, state: &SuperplyState) -> f64 {
        let costs = self.cell_costs(state);
        let blue = weighted_distance(state.board(), Side::Blue, &costs);
        let red = weighted_distance(state.board(), Side::Red, &costs);
        let tempo = if state.to_move() == Side::Blue { self.tempo } else { -self.tempo };
        // Strictly inside (-1, 1): a won game always counts more.
        0.99 * ((red - blue + tempo) / self.scale).tanh()
    }

    fn key(&self, state: &SuperplyState) -> Option<u64> {
        Some(state.position_key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use superply::{Mode, Superply, default_hints};
    use tabula_core::{Game, State};

    #[test]
    fn rare_cells_cost_more_and_the_opponent_blocks() {
        let game = Superply::new(9, Mode::Random, default_hints()).unwrap();
        let mut s = game.new_initial_state(0);
        let h = RaceHeuristic::default();
        let costs = h.cell_costs(&s);
        // 1x1 (product 1: odd, between 0 18, between 0 16, contains 1) is easier than 9x9 (81: odd,
        // between 18 81, contains 1).
        assert!(costs[0] < costs[80], "{} vs {}", costs[0], costs[80]);
        let empty_blue = h.distance(&s, Side::Blue);
        assert!(empty_blue > 9.0 * 0.99, "nine cells at least 1 each: {empty_blue}");
        s.apply(0).unwrap(); // nature draws `odd`
        s.apply(s.string_to_action("5x5").unwrap()).unwrap(); // Blue claims the centre (25)
        assert!(h.distance(&s, Side::Blue) < empty_blue);
    }

    #[test]
    fn with_every_cell_allowed_the_distance_counts_cells() {
        let game = Superply::new(3, Mode::Deterministic, vec![Hint::Any]).unwrap();
        let mut s = game.new_initial_state(0);
        let h = RaceHeuristic::default();
        assert_eq!((h.distance(&s, Side::Blue), h.distance(&s, Side::Red)), (3.0, 3.0));
        s.apply(s.string_to_action("2x2").unwrap()).unwrap(); // Blue takes the centre
        assert_eq!((h.distance(&s, Side::Blue), h.distance(&s, Side::Red)), (2.0, 3.0));
        // Blue, a cell nearer and to move next after Red's reply, looks better for Blue.
        assert!(h.value(&s) > 0.0);
    }
}
