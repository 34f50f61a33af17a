//! One-move lookahead: try every useful swap, keep the one whose board evaluates best; score the
//! most valuable set when the board gets tight or a set is big.

use super::eval::Weights;
use super::position::{Position, Set};
use rand::RngCore;
use superball::SuperballState;
use superball::action::Move;
use tabula_core::{Action, Agent};

/// The greedy player and its knobs.
#[derive(Debug, Clone)]
pub struct GreedyPlayer {
    pub weights: Weights,
    /// Score the best set once this few cells are empty.
    pub tight: usize,
    /// Score a set of at least this many cells whatever the room.
    pub big: usize,
    /// Which set to score.
    pub pick: Pick,
    swaps: Vec<(usize, usize)>,
    sets: Vec<Set>,
}

impl Default for GreedyPlayer {
    fn default() -> Self {
        GreedyPlayer {
            weights: Weights::default(),
            tight: 4,
            big: usize::MAX,
            pick: Pick::Cheapest,
            swaps: Vec::new(),
            sets: Vec::new(),
        }
    }
}

/// Which scoring set to cash in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The most points.
    Points,
    /// The most cells (the most room).
    Size,
    /// The fewest points among the sets that leave room for a swap (others keep growing).
    Cheapest,
}

/// The most valuable set (points, then size).
pub fn best_set(sets: &[Set]) -> Option<Set> {
    sets.iter().copied().max_by_key(|s| (s.points, s.size))
}

impl Pick {
    /// The set to score among `sets` with `empty` empty cells now.
    pub fn choose(self, sets: &[Set], empty: usize) -> Option<Set> {
        match self {
            Pick::Points => best_set(sets),
            Pick::Size => sets.iter().copied().max_by_key(|s| (s.size, s.points)),
            Pick::Cheapest => sets
                .iter()
                .copied()
                .filter(|s| {
                    empty + s.size >= superball::rules::MIN_EMPTY_AFTER_SWAP + superball::rules::CELLS_AFTER_SCORE
                })
                .min_by_key(|s| (s.points, std::cmp::Reverse(s.size)))
                .or_else(|| best_set(sets)),
        }
    }
}

impl GreedyPlayer {
    /// Greedy whose danger cost counts `reserve` of its ready sets' room as empty cells
    /// (`eval::Weights::reserve`), as the advisors and the lookahead player build it.
    pub fn with_reserve(reserve: f64) -> Self {
        let mut greedy = GreedyPlayer::default();
        greedy.weights.reserve = reserve;
        greedy
    }

    /// The best swaps by evaluation, best first: `(value, i, j)`, at most `k` of them.
    pub fn ranked_swaps(&mut self, pos: &mut Position, k: usize) -> Vec<(f64, usize, usize)> {
        pos.useful_swaps(&mut self.swaps);
        let mut ranked: Vec<(f64, usize, usize)> = Vec::with_capacity(self.swaps.len());
        for &(i, j) in &self.swaps {
            pos.cells.swap(i, j);
            ranked.push((self.weights.evaluate(pos), i, j));
            pos.cells.swap(i, j);
        }
        let k = k.min(ranked.len());
        if k > 0 && k < ranked.len() {
            ranked.select_nth_unstable_by(k - 1, |a, b| b.0.total_cmp(&a.0));
            ranked.truncate(k);
        }
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// The scoring sets of the board [`GreedyPlayer::choose`] last saw.
    pub fn last_sets(&self) -> &[Set] {
        &self.sets
    }

    /// The move for a board.
    pub fn choose(&mut self, pos: &mut Position) -> Move {
        let mut sets = std::mem::take(&mut self.sets);
        pos.scoring_sets(&mut sets);
        let best = self.pick.choose(&sets, pos.empty);
        self.sets = sets;
        if let Some(s) = best
            && (pos.empty < superball::rules::MIN_EMPTY_AFTER_SWAP || pos.empty <= self.tight || s.size >= self.big)
        {
            return Move::Score(s.cell);
        }
        let ranked = self.ranked_swaps(pos, 1);
        let (_, i, j) = ranked[0];
        Move::Swap(i, j)
    }
}

impl Agent<SuperballState> for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, state: &SuperballState, _rng: &mut dyn RngCore) -> Action {
        let mut pos = Position::new(state.params(), state.cells());
        let m = self.choose(&mut pos);
        state.action_space().encode(m).expect("the player's moves are in the action space")
    }
}
