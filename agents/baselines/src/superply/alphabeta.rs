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
    /// The cost classes for the hint list and size last seen.
    costs: RwLock<Option<ListCosts>>,
}

/// A hint list, a board size, and what claiming each cell costs under them.
type ListCosts = (Vec<Hint>, usize, CostClasses);

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
/// Costs are counted in these fractions of a cell, so that distances are small integers.
const STEPS_PER_CELL: f64 = 4.0;
/// The dearest cell, in steps (costs above are cut to it); the buckets of the search wrap round
/// at one more than this.
const MAX_STEP_COST: usize = 63;

/// The cells of the board grouped by what claiming them costs, in steps.
#[derive(Debug, Clone, PartialEq)]
struct CostClasses(Vec<(usize, u128)>);

impl RaceHeuristic {
    pub fn new(rarity: f64, tempo: f64, scale: f64) -> Self {
        RaceHeuristic { rarity, tempo, scale, costs: RwLock::new(None) }
    }

    /// Runs `f` on the cost classes of `state`'s board (worked out once per hint list).
    fn with_classes<T>(&self, state: &SuperplyState, f: impl FnOnce(&CostClasses) -> T) -> T {
        let size = state.board().size();
        {
            let cached = self.costs.read().expect("not poisoned");
            if let Some((hints, n, classes)) = cached.as_ref()
                && *n == size
                && hints.as_slice() == state.hints()
            {
                return f(classes);
            }
        }
        let classes = self.classes_for(size, state.hints());
        let out = f(&classes);
        *self.costs.write().expect("not poisoned") = Some((state.hints().to_vec(), size, classes));
        out
    }

    fn classes_for(&self, size: usize, hints: &[Hint]) -> CostClasses {
        let board = Board::new(size).expect("the state's own size");
        let mut classes: Vec<(usize, u128)> = Vec::new();
        for c in 0..board.cells() {
            let product = board.product(c);
            let share = hints.iter().filter(|h| h.matches(product)).count() as f64 / hints.len() as f64;
            let cost = if share == 0.0 { NEVER_ALLOWED_COST } else { 1.0 + self.rarity * (1.0 / share - 1.0) };
            let steps = ((cost * STEPS_PER_CELL).round() as usize).clamp(1, MAX_STEP_COST);
            match classes.iter_mut().find(|(s, _)| *s == steps) {
                Some((_, mask)) => *mask |= 1 << c,
                None => classes.push((steps, 1 << c)),
            }
        }
        CostClasses(classes)
    }

    #[cfg(test)]
    fn cost_classes(&self, state: &SuperplyState) -> CostClasses {
        self.with_classes(state, CostClasses::clone)
    }

    /// `side`'s weighted distance to joining its edges, in cells (0 once joined).
    pub fn distance(&self, state: &SuperplyState, side: Side) -> f64 {
        self.with_classes(state, |classes| weighted_distance(state.board(), side, classes))
    }
}

/// Dial's shortest path on bitboards, from one edge to the other: own cells cost nothing, empty
/// ones their class's cost, the opponent's block. `buckets[d % 64]` holds the cells reached at
/// distance `d` (in steps) and a bit of `occupied` says which buckets hold any; every cell's
/// cost is below 64 steps, so no bucket is overwritten before it is settled.
fn weighted_distance(board: &Board, side: Side, classes: &CostClasses) -> f64 {
    const SLOTS: usize = MAX_STEP_COST + 1;
    let own = board.held(side);
    let empty = board.empty();
    let (start, end) = board.goal_edges(side);
    let mut buckets = [0u128; SLOTS];
    let mut occupied = 0u64;
    let push = |buckets: &mut [u128; SLOTS], occupied: &mut u64, d: usize, reached: u128| {
        for &(steps, mask) in &classes.0 {
            let cells = reached & empty & mask;
            if cells != 0 {
                let slot = (d + steps) % SLOTS;
                buckets[slot] |= cells;
                *occupied |= 1 << slot;
            }
        }
    };
    if start & own != 0 {
        buckets[0] = start & own;
        occupied = 1;
    }
    push(&mut buckets, &mut occupied, 0, start);
    let mut done = 0u128;
    let mut d = 0;
    loop {
        if occupied == 0 {
            return WALLED_OFF;
        }
        // On to the nearest bucket that holds anything.
        d += occupied.rotate_right((d % SLOTS) as u32).trailing_zeros() as usize;
        let slot = d % SLOTS;
        let mut frontier = buckets[slot] & !done;
        buckets[slot] = 0;
        occupied &= !(1 << slot);
        if frontier == 0 {
            continue;
        }
        // Own cells joined to the frontier cost nothing more.
        loop {
            let more = board.dilate(frontier) & own & !done & !frontier;
            if more == 0 {
                break;
            }
            frontier |= more;
        }
        done |= frontier;
        if frontier & end != 0 {
            return d as f64 / STEPS_PER_CELL;
        }
        push(&mut buckets, &mut occupied, d, board.dilate(frontier) & !done);
    }
}

impl Heuristic<SuperplyState> for RaceHeuristic {
    fn value(&self, state: &SuperplyState) -> f64 {
        let (blue, red) = self.with_classes(state, |classes| {
            (
                weighted_distance(state.board(), Side::Blue, classes),
                weighted_distance(state.board(), Side::Red, classes),
            )
        });
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
        let CostClasses(classes) = h.cost_classes(&s);
        let cost = |cell: usize| classes.iter().find(|(_, mask)| mask >> cell & 1 == 1).unwrap().0;
        // 1x1 (product 1: odd, between 0 18, between 0 16, contains 1) is easier than 9x9 (81: odd,
        // between 18 81, contains 1).
        assert!(cost(0) < cost(80), "{} vs {}", cost(0), cost(80));
        let empty_blue = h.distance(&s, Side::Blue);
        assert!(empty_blue > 9.0 * 0.99, "nine cells at least 1 each: {empty_blue}");
        s.apply(0).unwrap(); // nature draws `odd`
        s.apply(s.string_to_action("5x5").unwrap()).unwrap(); // Blue claims the centre (25)
        assert!(h.distance(&s, Side::Blue) < empty_blue);
    }

    /// Plain Dijkstra over the same costs, cell by cell.
    fn reference_distance(board: &Board, side: Side, classes: &CostClasses) -> f64 {
        use superply::board::bits;
        let cost = |c: usize| classes.0.iter().find(|(_, m)| m >> c & 1 == 1).unwrap().0 as f64 / STEPS_PER_CELL;
        let own = board.held(side);
        let passable = own | board.empty();
        let (start, end) = board.goal_edges(side);
        let step = |c: usize| if own >> c & 1 == 1 { 0.0 } else { cost(c) };
        let mut dist = vec![f64::INFINITY; board.cells()];
        let mut done = 0u128;
        for c in bits(start & passable) {
            dist[c] = step(c);
        }
        loop {
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
                dist[next] = dist[next].min(dist[c] + step(next));
            }
        }
    }

    #[test]
    fn the_bitboard_search_finds_dijkstras_distances() {
        use rand::Rng;
        let h = RaceHeuristic::default();
        let mut rng = tabula_core::rng_from_seed(5);
        for size in [3, 5, 9, 11] {
            let game = Superply::new(size, Mode::Random, default_hints()).unwrap();
            for _ in 0..40 {
                let mut s = game.new_initial_state(0);
                let classes = h.cost_classes(&s);
                let claims = rng.random_range(0..size * size / 2);
                for _ in 0..claims {
                    if s.is_terminal() {
                        break;
                    }
                    if s.turn() == tabula_core::Turn::Chance {
                        s.sample_chance(&mut rng);
                    }
                    let legal = s.legal_actions();
                    s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
                }
                for side in Side::BOTH {
                    let (fast, slow) =
                        (weighted_distance(s.board(), side, &classes), reference_distance(s.board(), side, &classes));
                    assert!((fast - slow).abs() < 1e-9, "{size}: {side}: {fast} vs {slow}\n{s}");
                }
            }
        }
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
