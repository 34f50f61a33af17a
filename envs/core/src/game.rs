//! The `Game` trait: a variant's parameters and fixed facts.

use crate::state::State;
use std::fmt::Debug;

/// How nature acts in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceMode {
    /// No chance nodes.
    Deterministic,
    /// Chance nodes list their outcomes with probabilities.
    Explicit,
    /// Chance nodes can only be sampled (outcome spaces too big to list).
    Sampled,
}

/// Whether players see the whole state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Information {
    Perfect,
    Imperfect,
}

/// A game variant: a value holding the parameters, and the factory of its states.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type State: State;

    /// The canonical spec string, e.g. `score4` or `superball(rows=8,cols=10,mss=5,colors=pbyrg)`.
    fn spec(&self) -> String;
    /// A short human name.
    fn name(&self) -> &'static str;
    fn num_players(&self) -> usize;
    /// Size of the fixed action space.
    fn num_actions(&self) -> usize;
    /// Shape of one player's observation tensor, e.g. `[9, 4, 4]`.
    fn observation_shape(&self) -> Vec<usize>;
    fn chance_mode(&self) -> ChanceMode;
    fn information(&self) -> Information;
    /// No game lasts more than this many actions (player and chance together).
    fn max_game_length(&self) -> usize;
    /// Builds the variant a spec string describes (the name is already known to match).
    fn from_spec(spec: &crate::spec::GameSpec) -> Result<Self, crate::error::SpecError>;
    /// The initial state. `seed` matters only for games whose start is random.
    fn new_initial_state(&self, seed: u64) -> Self::State;

    /// The random numbers that resolve chance in game number `seed` of an evaluation. A game
    /// whose course harness draws from a generator of its own returns a replica of it, so that
    /// seed n here deals what seed n deals there.
    fn chance_stream(&self, seed: u64) -> Box<dyn rand::RngCore + Send> {
        Box::new(crate::rng_from_seed(seed))
    }

    /// How players are called in messages (`White`, `Black`, ...).
    fn player_name(&self, player: crate::state::Player) -> String {
        format!("Player {}", player + 1)
    }

    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Symmetries of the rules (a board's rotations and reflections, say), numbered from 0, the
    /// identity. Learners use them to see every training position in each of its equivalent
    /// forms. A game without symmetries keeps the default: 1.
    fn symmetry_count(&self) -> usize {
        1
    }

    /// Writes the observation that symmetry `k` turns `observation` into.
    fn transform_observation(&self, k: usize, observation: &[f32], out: &mut [f32]) {
        debug_assert!(k < self.symmetry_count());
        out.copy_from_slice(observation);
    }

    /// The action that symmetry `k` turns `action` into (the same move on the transformed board).
    fn transform_action(&self, k: usize, action: crate::state::Action) -> crate::state::Action {
        debug_assert!(k < self.symmetry_count());
        action
    }
}
