//! Search over the random cells for the decision that keeps games alive: *which* set to cash
//! in when the board is full (fewer than 5 empty cells, so no swap is possible). Each scoring set
//! is tried on several samples of the random cells that follow, each continued by a short greedy
//! rollout; the set with the best mean of points plus final board worth wins (a rollout that ends
//! the game costs a large penalty). Everywhere else the greedy player decides: it holds every set
//! while a swap is still possible, so big groups keep growing.
//!
//! An earlier version also searched *whether* to cash in early on tight boards; measured with
//! sb-run on seeds 1-100 it averaged 9,017 against the greedy player's 15,974, because rollouts of
//! a few moves over-value the points in hand, so that search was dropped. This version (4 samples
//! of 4-move greedy rollouts, at most 60 ms a decision) averaged 17,960 ± 1,885 (median 12,343)
//! on seeds 1-100 at 1.24 s per 1,000 points: `SB_PLAY_AGENT=lookahead sb-run 8 10 5 pbyrg sb-play 100 1`.
//!
//! Since stop 51 its greedy counts the room of its ready sets as empty cells in the danger cost
//! (`eval::Weights::reserve` = [`RESERVE`], the value chosen for greedy on seeds 1001-1300), for
//! its swaps and its rollouts alike: 32,011 ± 2,743 (median 25,710) on seeds 1-100 at 0.95 s per
//! 1,000 points, against 21,629 ± 2,169 without
//! (`cargo run --release -p tabula-baselines --example superball_lookahead_seeds -- 100 1`).
//!
//! A trained afterstate player (an n-tuple model, `tabula train` with `method = "afterstate-td"`)
//! can stand in for greedy ([`LookaheadPlayer::with_policy`]): it then makes every move but the
//! searched one and plays the rollouts, and its value of the rollouts' final boards replaces
//! greedy's board evaluation there (knobs `policy_leaf = 1`, `point_weight = 0`). See
//! `checkpoints/superball/README.md` (stop 81) for what each part adds.
//!
//! ```
//! use superball::Params;
//! use tabula_baselines::superball::{LookaheadPlayer, arena};
//! let mut player = LookaheadPlayer::default().with_budget_ms(20);
//! let result = arena::play_seed(&mut player, &Params::new(6, 6, 4, "pby").unwrap(), 11, 100);
//! assert!(result.moves > 0);
//! ```

use super::greedy::GreedyPlayer;
use super::position::{Position, Set};
use rand::RngCore;
use std::sync::Arc;
use std::time::{Duration, Instant};
use superball::SuperballState;
use superball::action::Move;
use superball::rules::{CELLS_AFTER_SCORE, CELLS_AFTER_SWAP, MIN_EMPTY_AFTER_SWAP};
use tabula_core::{Action, Agent, State};
use tabula_ntuple::NTupleAgent;
use tabula_search::Evaluator;

/// What a rollout's final board is worth in points still to come, asked of many boards at once:
/// a trained network's value, say (lookahead names no network: any [`Evaluator`] will do, and
/// only its values are read).
pub type LeafValue = Arc<dyn Evaluator<SuperballState> + Send + Sync>;

/// The lookahead player and its knobs.
#[derive(Clone)]
pub struct LookaheadPlayer {
    pub greedy: GreedyPlayer,
    /// Greedy moves played in each rollout.
    pub width: usize,
    /// Samples of the random cells per candidate.
    pub samples: usize,
    /// Worth of the rollout's final board evaluation in points.
    pub point_weight: f64,
    /// Stop sampling once this much time has passed (the best mean so far is played).
    pub budget: Duration,
    /// Adds `weight` times this value of each rollout's final board (none: the board evaluation
    /// alone, times `point_weight`).
    pub leaf: Option<(LeafValue, f64)>,
    /// A trained afterstate player that makes the moves greedy would (every move but the set
    /// chosen on a full board, and the rollouts' moves), where one is given.
    pub policy: Option<Arc<NTupleAgent<SuperballState>>>,
    /// Adds this times the policy's value of each rollout's final board (its best move's reward
    /// plus afterstate value, in points) to the rollout's total (0: not asked).
    pub policy_leaf: f64,
}

impl std::fmt::Debug for LookaheadPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LookaheadPlayer")
            .field("greedy", &self.greedy)
            .field("width", &self.width)
            .field("samples", &self.samples)
            .field("point_weight", &self.point_weight)
            .field("budget", &self.budget)
            .field("leaf_weight", &self.leaf.as_ref().map(|l| l.1))
            .field("policy", &self.policy.as_ref().map(|p| p.name.clone()))
            .field("policy_leaf", &self.policy_leaf)
            .finish()
    }
}

/// The lookahead's greedy's `eval::Weights::reserve` (greedy alone keeps 0, the course's
/// reference player; see `checkpoints/superball/README.md`).
pub const RESERVE: f64 = 1.5;

impl Default for LookaheadPlayer {
    fn default() -> Self {
        LookaheadPlayer {
            greedy: GreedyPlayer::with_reserve(RESERVE),
            width: 4,
            samples: 4,
            point_weight: 0.05,
            budget: Duration::from_millis(60),
            leaf: None,
            policy: None,
            policy_leaf: 0.0,
        }
    }
}

/// The value of a dead end (the game would end).
const DEAD: f64 = -1e7;

impl LookaheadPlayer {
    /// The default player thinking `ms` a decision (0: its default budget), as command lines ask.
    pub fn with_budget_ms_or_default(ms: u64) -> Self {
        if ms > 0 { LookaheadPlayer::default().with_budget_ms(ms) } else { LookaheadPlayer::default() }
    }

    pub fn with_budget_ms(mut self, ms: u64) -> Self {
        self.budget = Duration::from_millis(ms);
        self
    }

    /// Sets the knob `key` (`samples`, `width`, `budget_ms`, `point_weight`, `policy_leaf`, or `reserve`: its
    /// greedy's `eval::Weights::reserve`) to `x`, as the seed examples' command lines name them.
    pub fn set_knob(&mut self, key: &str, x: f64) -> Result<(), String> {
        match key {
            "samples" => self.samples = x as usize,
            "width" => self.width = x as usize,
            "budget_ms" => self.budget = Duration::from_millis(x as u64),
            "point_weight" => self.point_weight = x,
            "policy_leaf" => self.policy_leaf = x,
            "reserve" => self.greedy.weights.reserve = x,
            other => return Err(format!("no knob called {other:?}")),
        }
        Ok(())
    }

    /// Adds `weight` times `value` of each rollout's final board to its total.
    pub fn with_leaf_value(mut self, value: LeafValue, weight: f64) -> Self {
        self.leaf = Some((value, weight));
        self
    }

    /// Lets `policy` (a trained afterstate player) make greedy's moves, all but the searched one,
    /// and value the rollouts' final boards in greedy's evaluation's place (`policy_leaf` 1,
    /// `point_weight` 0, the setting measured in the module's note; the knobs still change them).
    pub fn with_policy(mut self, policy: Arc<NTupleAgent<SuperballState>>) -> Self {
        self.policy = Some(policy);
        self.policy_leaf = 1.0;
        self.point_weight = 0.0;
        self
    }

    /// The move greedy would make on `pos`, or the policy's where there is one.
    fn policy_move(&mut self, pos: &mut Position, rng: &mut dyn RngCore) -> Move {
        let chosen = self.policy.as_ref().and_then(|policy| {
            let state = SuperballState::from_cells(pos.params.clone(), pos.cells.clone());
            let choice = policy.valuer().best(&state, rng)?;
            state.action_space().decode(choice.action)
        });
        chosen.unwrap_or_else(|| self.greedy.choose(pos))
    }

    /// What the policy expects `pos` (after the random cells) still to bring, in points: its
    /// best move's reward plus afterstate value (0 without a policy or a move).
    fn policy_value(&self, pos: &Position, rng: &mut dyn RngCore) -> f64 {
        let Some(policy) = &self.policy else { return 0.0 };
        let state = SuperballState::from_cells(pos.params.clone(), pos.cells.clone());
        let valuer = policy.valuer();
        valuer.best(&state, rng).map_or(0.0, |c| (c.worth(valuer.reward_scale) * valuer.reward_scale) as f64)
    }

    /// Plays the greedy policy for `horizon` moves from `pos` (player to move); returns the
    /// points scored plus the final board's evaluation (or a large penalty if the game ended).
    /// `pos` holds the final board.
    fn rollout(&mut self, pos: &mut Position, horizon: usize, rng: &mut dyn RngCore) -> f64 {
        let mut points = 0.0;
        for _ in 0..horizon {
            match self.policy_move(pos, rng) {
                Move::Score(cell) => {
                    points += pos.score(cell) as f64;
                    pos.fill(CELLS_AFTER_SCORE, rng);
                }
                Move::Swap(i, j) => {
                    if pos.empty < MIN_EMPTY_AFTER_SWAP {
                        return points + DEAD;
                    }
                    pos.cells.swap(i, j);
                    pos.fill(CELLS_AFTER_SWAP, rng);
                }
            }
        }
        let leaf = if self.policy_leaf != 0.0 { self.policy_leaf * self.policy_value(pos, rng) } else { 0.0 };
        points + self.point_weight * self.greedy.weights.evaluate(pos) + leaf
    }

    /// The move for a board.
    pub fn choose(&mut self, pos: &mut Position, rng: &mut dyn RngCore) -> Move {
        let start = Instant::now();
        let mut sets: Vec<Set> = Vec::new();
        pos.scoring_sets(&mut sets);
        // The decision searched: which set to cash in when forced (fewer than 5 empty cells).
        // Everywhere else the greedy policy plays: it holds every set while a swap is still
        // possible, which measured far better than cashing in early (rollouts of a few moves
        // over-value the points in hand).
        if sets.len() < 2 || pos.empty >= MIN_EMPTY_AFTER_SWAP {
            return self.policy_move(pos, rng);
        }
        let candidates: Vec<Move> = sets.iter().map(|s| Move::Score(s.cell)).collect();
        let mut totals = vec![0.0; candidates.len()];
        let base = pos.cells.clone();
        // Rollouts' final boards still alive, with their candidate, for the leaf value.
        let mut leaves: Vec<(usize, SuperballState)> = Vec::new();
        for _ in 0..self.samples {
            for (c, m) in candidates.iter().enumerate() {
                pos.set_cells(&base);
                let v = match *m {
                    Move::Score(cell) => {
                        let pts = pos.score(cell) as f64;
                        pos.fill(CELLS_AFTER_SCORE, rng);
                        pts
                    }
                    Move::Swap(i, j) => {
                        pos.cells.swap(i, j);
                        pos.fill(CELLS_AFTER_SWAP, rng);
                        0.0
                    }
                };
                let rolled = self.rollout(pos, self.width, rng);
                if self.leaf.is_some() && rolled > DEAD / 2.0 {
                    // A final board where the game is over has no points to come (value 0).
                    let board = SuperballState::from_cells(pos.params.clone(), pos.cells.clone());
                    if !board.is_terminal() {
                        leaves.push((c, board));
                    }
                }
                totals[c] += v + rolled;
            }
            if start.elapsed() > self.budget {
                break;
            }
        }
        pos.set_cells(&base);
        if let Some((value, weight)) = &self.leaf
            && !leaves.is_empty()
        {
            let boards: Vec<&SuperballState> = leaves.iter().map(|(_, s)| s).collect();
            for ((c, _), e) in leaves.iter().zip(value.evaluate(&boards, rng)) {
                totals[*c] += weight * e.values.first().copied().unwrap_or(0.0) as f64;
            }
        }
        let best = (0..candidates.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b])).unwrap_or(0);
        candidates[best]
    }
}

impl Agent<SuperballState> for LookaheadPlayer {
    fn name(&self) -> String {
        format!("lookahead({}ms)", self.budget.as_millis())
    }

    fn act(&mut self, state: &SuperballState, rng: &mut dyn RngCore) -> Action {
        let mut pos = Position::new(state.params(), state.cells());
        let m = self.choose(&mut pos, rng);
        state.action_space().encode(m).expect("the player's moves are in the action space")
    }
}
