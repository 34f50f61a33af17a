//! Information-set Monte-Carlo tree search for games of hidden information: single-observer
//! IS-MCTS (Cowling, Powley & Whitehouse 2012). Like the rest of the crate it names no game: it
//! sees [`State::resample`] (a full state the searcher cannot tell from the real one) and a
//! [`RolloutPolicy`].
//!
//! One tree holds the searcher's information set. Every iteration draws a fresh
//! determinization, walks down the tree choosing only among children whose action is legal in
//! it (UCB1 over *availability* counts, the times a child could have been chosen), adds one new
//! child (the rollout policy's choice while it is untried, else a random untried action), plays
//! the rollout policy to the end of the game and backs up the returns: each node
//! keeps the value of the player who chose its action, so two or more players share one code
//! path (max^n). Chance nodes are sampled and not stored.
//!
//! ```
//! use tabula_core::{Game, State, testing::Nim};
//! use tabula_search::{Ismcts, IsmctsConfig, RandomRollout};
//! // Nim (take 1 or 2 stones; who takes the last wins) from 4: take 1, leaving a multiple of 3.
//! let state = Nim::new(4).new_initial_state(0);
//! let search = Ismcts::new(IsmctsConfig { iterations: 3000, ..IsmctsConfig::default() }, RandomRollout);
//! let (action, _) = search.search(&state, &mut tabula_core::rng_from_seed(1));
//! assert_eq!(state.action_to_string(action), "take1");
//! ```

use rand::{Rng, RngCore};
use std::time::{Duration, Instant};
use tabula_core::{Action, Agent, Player, State, Turn};

/// Chooses actions in rollouts (uniformly at random by default; a game's cheap heuristic makes
/// the values mean much more).
pub trait RolloutPolicy<S: State>: Send + Sync {
    fn choose(&self, state: &S, rng: &mut dyn RngCore) -> Action;
}

/// Uniformly random legal actions.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomRollout;

impl<S: State> RolloutPolicy<S> for RandomRollout {
    fn choose(&self, state: &S, rng: &mut dyn RngCore) -> Action {
        let legal = state.legal_actions();
        legal[rng.random_range(0..legal.len())]
    }
}

/// How much to search.
#[derive(Debug, Clone, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations (determinizations) per decision.
    pub iterations: usize,
    /// Stop early once this much time is spent (at least one iteration runs).
    pub time_budget: Option<Duration>,
    /// UCB1's exploration constant (returns are assumed to lie in [-1, 1]).
    pub exploration: f64,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig { iterations: 1000, time_budget: None, exploration: 0.7 }
    }
}

struct Node {
    action: Action,
    /// Who chose `action` (whose value the node keeps).
    player: Player,
    visits: f64,
    availability: f64,
    value_sum: f64,
    children: Vec<usize>,
}

/// The search.
pub struct Ismcts<P> {
    pub config: IsmctsConfig,
    pub policy: P,
}

impl<P> Ismcts<P> {
    pub fn new(config: IsmctsConfig, policy: P) -> Ismcts<P> {
        Ismcts { config, policy }
    }

    /// Searches from `state` for the player to move there; returns the most visited action and
    /// the visit count of every legal action.
    pub fn search<S: State>(&self, state: &S, rng: &mut dyn RngCore) -> (Action, Vec<(Action, u32)>)
    where
        P: RolloutPolicy<S>,
    {
        let me = state.turn().player().expect("search from a decision node");
        let legal = state.legal_actions();
        if legal.len() == 1 {
            return (legal[0], vec![(legal[0], 0)]);
        }
        let start = Instant::now();
        let base = state.returns();
        // Node 0 is the root (its action and player are unused).
        let mut nodes =
            vec![Node { action: 0, player: me, visits: 0.0, availability: 0.0, value_sum: 0.0, children: vec![] }];
        let mut path = Vec::new();
        for iteration in 0..self.config.iterations.max(1) {
            if iteration > 0 && self.config.time_budget.is_some_and(|b| start.elapsed() >= b) {
                break;
            }
            let mut world = state.resample(me, rng);
            let mut node = 0;
            path.clear();
            // Selection and expansion.
            loop {
                let player = match world.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        world.sample_chance(rng);
                        continue;
                    }
                    Turn::Player(p) => p,
                };
                let actions = world.legal_actions();
                let untried: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| !nodes[node].children.iter().any(|&c| nodes[c].action == *a))
                    .collect();
                if !untried.is_empty() {
                    // The rollout policy's choice first, if untried: a decision made of several
                    // sub-actions (name k items) is only worth something once they all fit.
                    let proposed = self.policy.choose(&world, rng);
                    let action = if untried.contains(&proposed) {
                        proposed
                    } else {
                        untried[rng.random_range(0..untried.len())]
                    };
                    let child = nodes.len();
                    nodes.push(Node {
                        action,
                        player,
                        visits: 0.0,
                        availability: 1.0,
                        value_sum: 0.0,
                        children: vec![],
                    });
                    nodes[node].children.push(child);
                    world.apply(action).expect("a legal action applies");
                    path.push(child);
                    break;
                }
                let mut best = (f64::NEG_INFINITY, usize::MAX);
                for i in 0..nodes[node].children.len() {
                    let c = nodes[node].children[i];
                    if !actions.contains(&nodes[c].action) {
                        continue;
                    }
                    nodes[c].availability += 1.0;
                    let n = &nodes[c];
                    let score =
                        n.value_sum / n.visits + self.config.exploration * (n.availability.ln() / n.visits).sqrt();
                    if score > best.0 {
                        best = (score, c);
                    }
                }
                node = best.1;
                world.apply(nodes[node].action).expect("a legal action applies");
                path.push(node);
            }
            // Rollout.
            loop {
                match world.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => world.sample_chance(rng),
                    Turn::Player(_) => {
                        let a = self.policy.choose(&world, rng);
                        world.apply(a).expect("the rollout policy chooses legal actions");
                    }
                }
            }
            let returns = world.returns();
            for &n in &path {
                let node = &mut nodes[n];
                node.visits += 1.0;
                node.value_sum += returns[node.player] - base[node.player];
            }
        }
        let visits: Vec<(Action, u32)> = legal
            .iter()
            .map(|&a| {
                let v = nodes[0].children.iter().find(|&&c| nodes[c].action == a).map_or(0.0, |&c| nodes[c].visits);
                (a, v as u32)
            })
            .collect();
        let best = visits.iter().max_by_key(|&&(_, v)| v).expect("a legal action").0;
        (best, visits)
    }
}

/// IS-MCTS as an [`Agent`]: a fresh search for every decision.
pub struct IsmctsAgent<P> {
    search: Ismcts<P>,
    name: String,
}

impl<P> IsmctsAgent<P> {
    pub fn new(name: impl Into<String>, config: IsmctsConfig, policy: P) -> IsmctsAgent<P> {
        IsmctsAgent { search: Ismcts::new(config, policy), name: name.into() }
    }
}

impl<S: State, P: RolloutPolicy<S>> Agent<S> for IsmctsAgent<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action {
        self.search.search(state, rng).0
    }
}
