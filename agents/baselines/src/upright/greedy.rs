//! `greedy`: one move of thought. In phase 2 it lists whole moves — every crooked line from
//! every legal first square, each prefix a move of its own — breadth first up to a budget of
//! positions, and plays the one after which its score minus the opponent's is highest (scores
//! of the board as it stands, empty squares ending runs: see [`upright::score`]). In phase 1,
//! where a move is one of at most two squares, the same measure picks the square. Ties are
//! broken at random.
//!
//! It plans the whole move, then answers its sub-actions one by one while the game follows the
//! plan (anything else, a new game say, makes it plan again).

use rand::{Rng, RngCore};
use std::collections::VecDeque;
use tabula_core::{Action, Agent, State};
use upright::{UprightState, score};

/// Positions greedy looks at per move unless told otherwise. A 6x6 phase-2 position rarely has
/// more than a few thousand crooked lines; bigger boards and `reach=line` get cut off, longest
/// lines first (breadth first keeps every short move).
pub const DEFAULT_BUDGET: usize = 20_000;

/// The greedy player.
#[derive(Debug, Clone)]
pub struct Greedy {
    budget: usize,
    /// The rest of the planned move: each sub-action with the state it is meant for.
    plan: VecDeque<(UprightState, Action)>,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

impl Greedy {
    pub fn new() -> Greedy {
        Greedy::with_budget(DEFAULT_BUDGET)
    }

    /// Looks at no more than `budget` positions a move (at least the one-square moves).
    pub fn with_budget(budget: usize) -> Greedy {
        Greedy { budget, plan: VecDeque::new() }
    }

    /// The move greedy would make in `state` (a game not over): its sub-actions, `end`
    /// included where the move does not end by itself.
    pub fn best_move(&self, state: &UprightState, rng: &mut dyn RngCore) -> Vec<Action> {
        let end = end_action(state);
        let mut best: Option<(i64, Vec<Action>)> = None;
        let mut ties = 0u32;
        let mut keep = |value: i64, squares: &[Action], rng: &mut dyn RngCore| {
            let keep = match &best {
                Some((v, _)) if *v > value => false,
                // Reservoir sampling keeps a uniform choice among equal moves.
                Some((v, _)) if *v == value => {
                    ties += 1;
                    rng.random_range(0..=ties) == 0
                }
                _ => {
                    ties = 0;
                    true
                }
            };
            if keep {
                best = Some((value, squares.to_vec()));
            }
        };
        self.whole_moves(state, |value, squares| keep(value, squares, rng));
        let (_, mut actions) = best.expect("a game that is not over has a move");
        if state_goes_on_after(state, &actions) {
            actions.push(end);
        }
        actions
    }

    /// Every legal sub-action of `state` (a game not over) with the best margin greedy finds
    /// among the whole moves that start with it (`end`: the margin of the board as it stands),
    /// best first; equal margins in action order, so the ranking is the same every time.
    pub fn ranked_sub_actions(&self, state: &UprightState) -> Vec<(i64, Action)> {
        let end = end_action(state);
        let mut best: Vec<Option<i64>> = vec![None; end as usize + 1];
        self.whole_moves(state, |value, squares| {
            let first = squares.first().map_or(end, |&a| a) as usize;
            best[first] = Some(best[first].map_or(value, |v| v.max(value)));
        });
        let mut ranked: Vec<(i64, Action)> =
            best.into_iter().enumerate().filter_map(|(a, v)| Some((v?, a as Action))).collect();
        ranked.sort_by(|(va, a), (vb, b)| vb.cmp(va).then(a.cmp(b)));
        ranked
    }

    /// Calls `visit` with the margin after each whole move greedy looks at and the move's
    /// squares (`end`, where the move needs it, left out): first ending a started move at once
    /// (no squares), then every crooked line breadth first, each prefix a move of its own, until
    /// the budget of positions is spent.
    fn whole_moves(&self, state: &UprightState, mut visit: impl FnMut(i64, &[Action])) {
        let mover = state.to_move();
        let end = end_action(state);
        if state.move_started() {
            visit(score::margin(state.board(), mover), &[]);
        }
        let mut queue: VecDeque<(UprightState, Vec<Action>)> = VecDeque::from([(*state, Vec::new())]);
        let mut seen = 0usize;
        while let Some((position, mut line)) = queue.pop_front() {
            for a in position.legal_actions() {
                if a == end {
                    continue; // ending is the value of the position itself, counted when it was reached
                }
                let mut next = position;
                next.apply(a).expect("a legal action");
                line.push(a);
                seen += 1;
                visit(score::margin(next.board(), mover), &line);
                if !next.is_over() && next.to_move() == mover && seen < self.budget {
                    queue.push_back((next, line.clone()));
                }
                line.pop();
            }
        }
    }
}

/// The sub-action that ends a phase-2 move.
fn end_action(state: &UprightState) -> Action {
    (state.size() * state.size()) as Action
}

/// Whether the mover still has the turn after playing `squares` from `state`: the move then
/// needs `end`.
fn state_goes_on_after(state: &UprightState, squares: &[Action]) -> bool {
    let mut s = *state;
    for &a in squares {
        s.apply(a).expect("a move greedy found is legal");
    }
    !s.is_over() && s.to_move() == state.to_move()
}

impl Agent<UprightState> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, state: &UprightState, rng: &mut dyn RngCore) -> Action {
        if let Some((expected, a)) = self.plan.pop_front()
            && expected == *state
        {
            return a;
        }
        let mut s = *state;
        self.plan = self
            .best_move(state, rng)
            .into_iter()
            .map(|a| {
                let step = (s, a);
                s.apply(a).expect("the plan is legal");
                step
            })
            .collect();
        self.plan.pop_front().expect("a plan has at least one sub-action").1
    }

    fn reset(&mut self) {
        self.plan.clear();
    }
}
