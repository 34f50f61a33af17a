//! The Gym/PettingZoo face of a game: `reset(seed)`, `step(action)`, `action_mask()`.

use crate::game::Game;
use crate::rng::{GameRng, rng_from_seed};
use crate::state::IllegalAction;
use crate::state::{Action, Player, State, Turn};
use ndarray::{ArrayD, IxDyn};

/// What one `step` returns.
#[derive(Debug, Clone)]
pub struct Step {
    /// The observation of the agent to act next (of the agent that just acted once the game is over).
    pub observation: ArrayD<f32>,
    /// Rewards per player earned by this action and the chance events that followed it.
    pub rewards: Vec<f64>,
    /// The game reached a terminal state.
    pub terminated: bool,
    /// The episode was cut at the env's step limit before the game ended.
    pub truncated: bool,
    pub info: StepInfo,
}

/// Extra facts about a step.
#[derive(Debug, Clone, PartialEq)]
pub struct StepInfo {
    /// Whose turn it is now.
    pub turn: Turn,
    /// How many chance events were resolved after the action.
    pub chance_events: usize,
    /// Actions applied since reset (player and chance).
    pub move_number: usize,
}

/// A single-episode environment over any [`Game`]. Chance nodes are resolved inside the env with
/// its own generator, seeded by `reset`, so the same seed and the same actions give the same episode.
///
/// ```
/// use tabula_core::{Env, testing::Nim};
/// let mut env = Env::new(Nim::new(3));
/// let obs = env.reset(1);
/// assert_eq!(obs.shape(), &[2]);
/// assert_eq!(env.action_mask(), vec![true, true]);
/// assert!(env.step(7).unwrap_err().to_string().contains("the action space is 0..2"));
/// let step = env.step(1).unwrap(); // take 2 stones
/// assert!(!step.terminated);
/// let step = env.step(0).unwrap(); // take the last one: player 1 wins
/// assert!(step.terminated);
/// assert_eq!(step.rewards, vec![-1.0, 1.0]);
/// ```
#[derive(Debug, Clone)]
pub struct Env<G: Game> {
    game: G,
    state: G::State,
    rng: GameRng,
    step_limit: Option<usize>,
    truncated: bool,
}

impl<G: Game> Env<G> {
    /// An env holding the game's initial state for seed 0; call [`reset`](Env::reset) to choose a seed.
    pub fn new(game: G) -> Self {
        let state = game.new_initial_state(0);
        let mut env = Env { game, state, rng: rng_from_seed(0), step_limit: None, truncated: false };
        env.reset(0);
        env
    }

    /// Cuts episodes after `limit` actions (player and chance), reporting `truncated`.
    pub fn with_step_limit(mut self, limit: usize) -> Self {
        self.step_limit = Some(limit);
        self
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Starts a new episode; returns the first observation of the agent to act.
    pub fn reset(&mut self, seed: u64) -> ArrayD<f32> {
        self.rng = rng_from_seed(seed);
        self.state = self.game.new_initial_state(seed);
        self.truncated = false;
        self.resolve_chance();
        self.observe(self.observed_player())
    }

    /// The agent to act, or `None` once the episode is over.
    pub fn agent_selection(&self) -> Option<Player> {
        if self.is_done() { None } else { self.state.turn().player() }
    }

    /// The legal actions of the agent to act, as a mask over the whole action space.
    pub fn action_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.game.num_actions()];
        if !self.is_done() {
            self.state.action_mask(&mut mask);
        }
        mask
    }

    pub fn is_done(&self) -> bool {
        self.truncated || self.state.is_terminal()
    }

    /// What `player` observes now, shaped as the game declares.
    pub fn observe(&self, player: Player) -> ArrayD<f32> {
        let mut buf = vec![0.0f32; self.game.observation_len()];
        self.state.observation(player, &mut buf);
        ArrayD::from_shape_vec(IxDyn(&self.game.observation_shape()), buf)
            .expect("observation length matches the declared shape")
    }

    /// Plays `action` for the agent to act, then resolves any chance events.
    /// An illegal action, or a step after the episode ended, is an error and changes nothing.
    pub fn step(&mut self, action: Action) -> Result<Step, IllegalAction> {
        if self.is_done() {
            return Err(IllegalAction::new(action, "the episode is over; call reset"));
        }
        if action as usize >= self.game.num_actions() {
            return Err(IllegalAction::new(action, format!("the action space is 0..{}", self.game.num_actions())));
        }
        let mover = self.observed_player();
        self.state.apply(action)?;
        let mut rewards = self.state.rewards();
        let chance_events = self.resolve_chance_adding(&mut rewards);
        if let Some(limit) = self.step_limit
            && !self.state.is_terminal()
            && self.state.move_number() >= limit
        {
            self.truncated = true;
        }
        let terminated = self.state.is_terminal();
        let observed = if terminated { mover } else { self.observed_player() };
        Ok(Step {
            observation: self.observe(observed),
            rewards,
            terminated,
            truncated: self.truncated,
            info: StepInfo { turn: self.state.turn(), chance_events, move_number: self.state.move_number() },
        })
    }

    fn observed_player(&self) -> Player {
        self.state.turn().player().unwrap_or(0)
    }

    fn resolve_chance(&mut self) {
        let mut ignored = vec![0.0; self.game.num_players()];
        self.resolve_chance_adding(&mut ignored);
    }

    fn resolve_chance_adding(&mut self, rewards: &mut [f64]) -> usize {
        let mut events = 0;
        while self.state.turn() == Turn::Chance {
            self.state.sample_chance(&mut self.rng);
            for (total, r) in rewards.iter_mut().zip(self.state.rewards()) {
                *total += r;
            }
            events += 1;
        }
        events
    }
}
