//! Alpha-beta with chance nodes (expectiminimax) for any two-player zero-sum game, at a time
//! budget: iterative deepening, a transposition table, and children ordered by a hand-written
//! [`Heuristic`] (the game's knowledge lives there, never here).
//!
//! * Values are player 0's (`returns()[0]` at the end of a game, the heuristic's guess before):
//!   player 0 maximises, player 1 minimises, so a player may have several turns in a row.
//! * Depth counts decisions; chance nodes cost none and average their explicit outcomes
//!   ([`State::chance_outcomes`]), pruned as Ballard's Star1 does within the values' bounds. A
//!   game whose chance is only sampled is valued by the heuristic at its chance nodes.
//! * A search whose every line reached the end of the game is exact, and deepening stops.
//!
//! ```
//! use score4::Score4;
//! use tabula_core::{Game, State};
//! use tabula_search::{AlphaBeta, AlphaBetaConfig, Heuristic};
//! struct Blind; // knows nothing: every unfinished game looks even
//! impl Heuristic<score4::Score4State> for Blind {
//!     fn value(&self, _: &score4::Score4State) -> f64 { 0.0 }
//! }
//! let state = score4::Score4State::from_board(score4::Board::from_moves("A1 A2 B1 B2 C1 C2").unwrap());
//! let mut search = AlphaBeta::new(Blind, AlphaBetaConfig { max_depth: 1, ..AlphaBetaConfig::default() });
//! let report = search.search(&state, &mut tabula_core::rng_from_seed(1));
//! assert_eq!(state.action_to_string(report.action), "D1"); // the win one move ahead
//! assert_eq!(report.value, 1.0);
//! ```

use rand::RngCore;
use rand::seq::SliceRandom;
use std::time::{Duration, Instant};
use tabula_core::{Action, Agent, State, Turn};

/// What a game knows about its positions, for [`AlphaBeta`].
pub trait Heuristic<S: State>: Send + Sync {
    /// A guess at `returns()[0]` of an unfinished game, within the returns' range (for win/loss
    /// games, strictly between loss and win so that a proven result always counts more).
    fn value(&self, state: &S) -> f64;

    /// A key for the transposition table (equal states, equal keys); `None` searches without one.
    fn key(&self, _state: &S) -> Option<u64> {
        None
    }
}

/// How long and how deep to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaBetaConfig {
    /// Stop deepening once this much time has passed (`None`: only `max_depth` stops it).
    pub movetime: Option<Duration>,
    /// The deepest iteration, in decisions.
    pub max_depth: u32,
    /// Transposition table of `2^table_bits` entries.
    pub table_bits: u32,
    /// Children are ordered by their heuristic value where at least this much depth remains
    /// (below it ordering costs more than it saves).
    pub order_from_depth: u32,
    /// The least and the most any value can be (the returns' range), which lets chance nodes
    /// prune.
    pub value_bounds: (f64, f64),
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            movetime: None,
            max_depth: 64,
            table_bits: 18,
            order_from_depth: 2,
            value_bounds: (-1.0, 1.0),
        }
    }
}

/// What one search found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaBetaReport {
    pub action: Action,
    /// Player 0's value of the position.
    pub value: f64,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// True when every line searched reached the end of the game: the value is the game's.
    pub exact: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    depth: u32,
    value: f64,
    bound: Bound,
    exact: bool,
    best: Option<Action>,
}

/// The searcher; it keeps its transposition table between searches.
pub struct AlphaBeta<H> {
    heuristic: H,
    config: AlphaBetaConfig,
    table: Vec<Option<Entry>>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// A node's result: the value and whether its subtree reached only ends of games.
type Valued = Option<(f64, bool)>;

impl<H> AlphaBeta<H> {
    pub fn new(heuristic: H, config: AlphaBetaConfig) -> Self {
        let table = vec![None; 1 << config.table_bits.min(26)];
        AlphaBeta { heuristic, config, table, nodes: 0, deadline: None, stopped: false }
    }

    pub fn config(&self) -> AlphaBetaConfig {
        self.config
    }

    /// Forgets the transposition table.
    pub fn clear(&mut self) {
        self.table.fill(None);
    }
}

impl<H> AlphaBeta<H> {
    /// Searches `state` (a decision of player 0 or 1) by iterative deepening; ties between root
    /// actions fall as `rng` shuffles them.
    pub fn search<S: State>(&mut self, state: &S, rng: &mut dyn RngCore) -> AlphaBetaReport
    where
        H: Heuristic<S>,
    {
        let start = Instant::now();
        let Turn::Player(player) = state.turn() else { panic!("alpha-beta asked to decide where no player does") };
        let maximise = player == 0;
        self.nodes = 0;
        self.stopped = false;
        self.deadline = self.config.movetime.map(|t| start + t);
        let mut root = state.legal_actions();
        assert!(!root.is_empty(), "alpha-beta asked to move where nothing is legal");
        root.shuffle(rng);
        let mut report =
            AlphaBetaReport { action: root[0], value: 0.0, depth: 0, nodes: 0, elapsed: Duration::ZERO, exact: false };
        for depth in 1..=self.config.max_depth.max(1) {
            let Some((action, value, exact)) = self.root_iteration(state, &mut root, depth, maximise) else { break };
            report = AlphaBetaReport { action, value, depth, nodes: self.nodes, elapsed: start.elapsed(), exact };
            if exact || self.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        report
    }

    /// One iteration at the root; `root` is reordered best first for the next one. `None` when
    /// time ran out.
    fn root_iteration<S: State>(
        &mut self,
        state: &S,
        root: &mut [Action],
        depth: u32,
        maximise: bool,
    ) -> Option<(Action, f64, bool)>
    where
        H: Heuristic<S>,
    {
        let (mut alpha, beta) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut scored: Vec<(f64, Action)> = Vec::with_capacity(root.len());
        let mut all_exact = true;
        for &a in root.iter() {
            let mut child = state.clone();
            child.apply(a).expect("a legal action");
            // Only a move better for the mover than the best so far needs its exact value.
            let (v, exact) = if maximise {
                self.node(&child, depth - 1, alpha, beta)?
            } else {
                self.node(&child, depth - 1, -beta, -alpha)?
            };
            all_exact &= exact;
            let mine = if maximise { v } else { -v };
            if mine > alpha {
                alpha = mine;
            }
            scored.push((mine, a));
        }
        // Stable: the previous order breaks ties, so the best move of a shallower search stays.
        scored.sort_by(|x, y| y.0.total_cmp(&x.0));
        for (slot, &(_, a)) in root.iter_mut().zip(&scored) {
            *slot = a;
        }
        let (best, action) = scored[0];
        Some((action, if maximise { best } else { -best }, all_exact))
    }

    /// Player 0's value of `state` within the window `(alpha, beta)` (player 0's values), and
    /// whether it is exact; `None` once time is up.
    fn node<S: State>(&mut self, state: &S, depth: u32, mut alpha: f64, mut beta: f64) -> Valued
    where
        H: Heuristic<S>,
    {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if self.stopped {
            return None;
        }
        let player = match state.turn() {
            Turn::Terminal => return Some((state.returns()[0], true)),
            Turn::Chance => return self.chance(state, depth, alpha, beta),
            Turn::Player(_) if depth == 0 => return Some((self.heuristic.value(state), false)),
            Turn::Player(p) => p,
        };
        let key = self.heuristic.key(state);
        let slot = key.map(|k| (k as usize) & (self.table.len() - 1));
        let mut first = None;
        if let (Some(k), Some(i)) = (key, slot)
            && let Some(e) = self.table[i]
            && e.key == k
        {
            first = e.best;
            if e.depth >= depth || e.exact {
                match e.bound {
                    Bound::Exact => return Some((e.value, e.exact)),
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return Some((e.value, e.exact));
                }
            }
        }
        let maximise = player == 0;
        let children = self.ordered_children(state, depth, first, maximise);
        let (alpha0, beta0) = (alpha, beta);
        let mut best_value = if maximise { f64::NEG_INFINITY } else { f64::INFINITY };
        let mut best_action = None;
        let mut all_exact = true;
        for (a, child) in children {
            // Unordered children are made only when their turn comes: a cut-off spares the rest.
            let child = child.unwrap_or_else(|| {
                let mut child = state.clone();
                child.apply(a).expect("a legal action");
                child
            });
            let (v, exact) = self.node(&child, depth - 1, alpha, beta)?;
            all_exact &= exact;
            let better = if maximise { v > best_value } else { v < best_value };
            if better {
                best_value = v;
                best_action = Some(a);
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if let (Some(k), Some(i)) = (key, slot) {
            let bound = if best_value <= alpha0 {
                Bound::Upper
            } else if best_value >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table[i] =
                Some(Entry { key: k, depth, value: best_value, bound, exact: all_exact, best: best_action });
        }
        Some((best_value, all_exact))
    }

    /// The children of a decision, the table's move first, then (with depth to spare) the
    /// mover's best by the heuristic; the states are made here only where ordering needs them.
    fn ordered_children<S: State>(
        &self,
        state: &S,
        depth: u32,
        first: Option<Action>,
        maximise: bool,
    ) -> Vec<(Action, Option<S>)>
    where
        H: Heuristic<S>,
    {
        let mut children: Vec<(Action, Option<S>)> = if depth >= self.config.order_from_depth {
            let mut keyed: Vec<(f64, Action, S)> = state
                .legal_actions()
                .into_iter()
                .map(|a| {
                    let mut child = state.clone();
                    child.apply(a).expect("a legal action");
                    let v = match child.turn() {
                        Turn::Terminal => child.returns()[0] * 2.0,
                        _ => self.heuristic.value(&child),
                    };
                    (if maximise { -v } else { v }, a, child)
                })
                .collect();
            keyed.sort_by(|x, y| x.0.total_cmp(&y.0));
            keyed.into_iter().map(|(_, a, c)| (a, Some(c))).collect()
        } else {
            state.legal_actions().into_iter().map(|a| (a, None)).collect()
        };
        if let Some(f) = first
            && let Some(i) = children.iter().position(|(a, _)| *a == f)
        {
            let c = children.remove(i);
            children.insert(0, c);
        }
        children
    }

    /// The mean over nature's outcomes (Ballard's Star1): each outcome is searched with the
    /// window that could still move the mean across `(alpha, beta)`, given that every value lies
    /// within [`AlphaBetaConfig::value_bounds`]; once the mean cannot, its bound is returned.
    fn chance<S: State>(&mut self, state: &S, depth: u32, alpha: f64, beta: f64) -> Valued
    where
        H: Heuristic<S>,
    {
        let outcomes = state.chance_outcomes();
        if outcomes.is_empty() {
            return Some((self.heuristic.value(state), false));
        }
        let (low, high) = self.config.value_bounds;
        let (mut sum, mut all_exact) = (0.0, true);
        let mut left: f64 = outcomes.iter().map(|(_, p)| p).sum();
        for (a, p) in outcomes {
            left -= p;
            // The mean is `sum + p * v + (the rest)`, the rest between `low * left` and `high * left`.
            let child_alpha = ((alpha - sum - high * left) / p).max(low);
            let child_beta = ((beta - sum - low * left) / p).min(high);
            let mut child = state.clone();
            child.apply(a).expect("a listed chance outcome");
            let (v, exact) = self.node(&child, depth, child_alpha, child_beta)?;
            all_exact &= exact;
            if v <= child_alpha && child_alpha > low {
                return Some((sum + p * v + high * left, all_exact)); // the mean is at most alpha
            }
            if v >= child_beta && child_beta < high {
                return Some((sum + p * v + low * left, all_exact)); // the mean is at least beta
            }
            sum += p * v;
        }
        Some((sum, all_exact))
    }
}

/// [`AlphaBeta`] as a player.
pub struct AlphaBetaAgent<H> {
    name: String,
    search: AlphaBeta<H>,
    last: Option<AlphaBetaReport>,
}

impl<H> AlphaBetaAgent<H> {
    pub fn new(name: impl Into<String>, heuristic: H, config: AlphaBetaConfig) -> Self {
        AlphaBetaAgent { name: name.into(), search: AlphaBeta::new(heuristic, config), last: None }
    }

    /// The last move's search.
    pub fn last_report(&self) -> Option<AlphaBetaReport> {
        self.last
    }
}

impl<S: State, H: Heuristic<S>> Agent<S> for AlphaBetaAgent<H> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action {
        let report = self.search.search(state, rng);
        self.last = Some(report);
        report.action
    }

    fn reset(&mut self) {
        self.search.clear();
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};
    use std::fmt;
    use tabula_core::{IllegalAction, NotationError, Player};

    /// Nim with a die: take 1 or 2 counters; the one who takes the last wins. After each
    /// decision of player 1, nature removes 0 or 1 counters with equal chance.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct DiceNim {
        counters: u32,
        to_move: usize,
        chance: bool,
        winner: Option<usize>,
    }

    impl fmt::Display for DiceNim {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} counters", self.counters)
        }
    }

    impl State for DiceNim {
        fn turn(&self) -> Turn {
            match (self.winner, self.chance) {
                (Some(_), _) => Turn::Terminal,
                (None, true) => Turn::Chance,
                (None, false) => Turn::Player(self.to_move),
            }
        }
        fn legal_actions(&self) -> Vec<Action> {
            if self.turn() == Turn::Player(self.to_move) { (1..=self.counters.min(2)).collect() } else { vec![] }
        }
        fn chance_outcomes(&self) -> Vec<(Action, f64)> {
            if self.chance { vec![(0, 0.5), (1, 0.5)] } else { vec![] }
        }
        fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
            if self.chance {
                self.counters -= action.min(self.counters);
                self.chance = false;
                if self.counters == 0 {
                    // Nature took the last: the player who moved before it wins nothing.
                    self.winner = Some(self.to_move);
                }
                return Ok(());
            }
            self.counters -= action;
            if self.counters == 0 {
                self.winner = Some(self.to_move);
                return Ok(());
            }
            self.chance = self.to_move == 1;
            self.to_move = 1 - self.to_move;
            Ok(())
        }
        fn rewards(&self) -> Vec<f64> {
            self.returns()
        }
        fn returns(&self) -> Vec<f64> {
            match self.winner {
                Some(0) => vec![1.0, -1.0],
                Some(_) => vec![-1.0, 1.0],
                None => vec![0.0, 0.0],
            }
        }
        fn observation(&self, _: Player, _: &mut [f32]) {}
        fn action_to_string(&self, action: Action) -> String {
            action.to_string()
        }
        fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
            text.trim().parse().map_err(|_| NotationError::new(text, "a number"))
        }
        fn move_number(&self) -> usize {
            0
        }
    }

    struct Even;
    impl Heuristic<DiceNim> for Even {
        fn value(&self, _: &DiceNim) -> f64 {
            0.0
        }
        fn key(&self, s: &DiceNim) -> Option<u64> {
            Some(u64::from(s.counters) * 4 + s.to_move as u64 * 2 + u64::from(s.chance))
        }
    }

    /// The exact value by plain expectiminimax, for player 0.
    fn exact(s: &DiceNim) -> f64 {
        match s.turn() {
            Turn::Terminal => s.returns()[0],
            Turn::Chance => s
                .chance_outcomes()
                .into_iter()
                .map(|(a, p)| {
                    let mut c = s.clone();
                    c.apply(a).unwrap();
                    p * exact(&c)
                })
                .sum(),
            Turn::Player(p) => {
                let values = s.legal_actions().into_iter().map(|a| {
                    let mut c = s.clone();
                    c.apply(a).unwrap();
                    exact(&c)
                });
                if p == 0 { values.fold(f64::MIN, f64::max) } else { values.fold(f64::MAX, f64::min) }
            }
        }
    }

    #[test]
    fn a_deep_enough_search_finds_the_expectiminimax_value_and_knows_it() {
        for counters in 1..=16 {
            for to_move in 0..2 {
                let s = DiceNim { counters, to_move, chance: false, winner: None };
                let mut ab = AlphaBeta::new(Even, AlphaBetaConfig::default());
                let report = ab.search(&s, &mut tabula_core::rng_from_seed(counters as u64));
                assert!(report.exact, "{counters} counters, player {to_move}: {report:?}");
                assert!(
                    (report.value - exact(&s)).abs() < 1e-9,
                    "{counters}/{to_move}: {} vs {}",
                    report.value,
                    exact(&s)
                );
                let mut after = s.clone();
                after.apply(report.action).unwrap();
                assert!((exact(&after) - exact(&s)).abs() < 1e-9, "the move keeps the value");
            }
        }
    }

    #[test]
    fn a_shallow_search_is_not_called_exact_and_time_stops_it() {
        let s = DiceNim { counters: 30, to_move: 0, chance: false, winner: None };
        let config = AlphaBetaConfig { max_depth: 2, ..AlphaBetaConfig::default() };
        let report = AlphaBeta::new(Even, config).search(&s, &mut tabula_core::rng_from_seed(1));
        assert_eq!((report.depth, report.exact), (2, false));
        let timed = AlphaBetaConfig { movetime: Some(Duration::from_millis(20)), max_depth: 1000, ..config };
        let report = AlphaBeta::new(Even, timed).search(&s, &mut tabula_core::rng_from_seed(1));
        assert!(report.elapsed < Duration::from_secs(2), "{report:?}");
        assert!(s.legal_actions().contains(&report.action));
    }
}
