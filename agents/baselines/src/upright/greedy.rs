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
        let mover = state.to_move();
        let end = (state.size() * state.size()) as Action;
        let mut best: Option<(i64, Vec<Action>)> = None;
        let mut ties = 0u32;
        let mut consider = |value: i64, actions: Vec<Action>, rng: &mut dyn RngCore| match &best {
            Some((v, _)) if *v > value => {}
            Some((v, _)) if *v == value => {
                // Reservoir sampling keeps a uniform choice among equal moves.
                ties += 1;
                if rng.random_range(0..=ties) == 0 {
                    best = Some((value, actions));
                }
            }
            _ => {
                ties = 0;
                best = Some((value, actions));
            }
        };
        if state.move_started() {
            consider(score::margin(state.board(), mover), vec![end], rng);
        }
        let mut queue: VecDeque<(UprightState, Vec<Action>)> = VecDeque::from([(*state, Vec::new())]);
        let mut seen = 0usize;
        while let Some((position, actions)) = queue.pop_front() {
            for a in position.legal_actions() {
                if a == end {
                    continue; // ending is the value of the position itself, counted when it was reached
                }
                let mut next = position;
                next.apply(a).expect("a legal action");
                let mut line = actions.clone();
                line.push(a);
                seen += 1;
                let goes_on = !next.is_over() && next.to_move() == mover;
                let value = score::margin(next.board(), mover);
                if goes_on {
                    let mut ended = line.clone();
                    ended.push(end);
                    consider(value, ended, rng);
                    if seen < self.budget {
                        queue.push_back((next, line));
                    }
                } else {
                    consider(value, line, rng);
                }
            }
        }
        best.expect("a game that is not over has a move").1
    }
}

impl Greedy {
    /// Every legal sub-action of `state` (a game not over) with the best margin greedy finds
    /// among the whole moves that start with it (`end`: the margin of the board as it stands),
    /// best first; equal margins in action order, so the ranking is the same every time.
    pub fn ranked_sub_actions(&self, state: &UprightState) -> Vec<(i64, Action)> {
        let mover = state.to_move();
        let end = (state.size() * state.size()) as Action;
        let mut best: Vec<(i64, Action)> = Vec::new();
        let mut raise = |first: Action, value: i64| match best.iter_mut().find(|(_, a)| *a == first) {
            Some(entry) => entry.0 = entry.0.max(value),
            None => best.push((value, first)),
        };
        if state.move_started() {
            raise(end, score::margin(state.board(), mover));
        }
        // Breadth first from each first sub-action, as in `best_move`, the budget shared.
        let mut queue: VecDeque<(UprightState, Option<Action>)> = VecDeque::from([(*state, None)]);
        let mut seen = 0usize;
        while let Some((position, first)) = queue.pop_front() {
            for a in position.legal_actions() {
                if a == end {
                    continue;
                }
                let mut next = position;
                next.apply(a).expect("a legal action");
                let first = first.unwrap_or(a);
                seen += 1;
                raise(first, score::margin(next.board(), mover));
                if !next.is_over() && next.to_move() == mover && seen < self.budget {
                    queue.push_back((next, Some(first)));
                }
            }
        }
        best.sort_by(|(va, a), (vb, b)| vb.cmp(va).then(a.cmp(b)));
        best
    }
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
