//! tabula-core: the one API every tabula game implements and every algorithm consumes.
//!
//! * [`Game`] — a variant's parameters (parsed from a spec string such as
//!   `superball(rows=8,cols=10)`) and its fixed facts: players, action space, observation shape.
//! * [`State`] — one position: whose [`Turn`] it is, legal actions, `apply`, chance,
//!   rewards and returns, observations, notation, `Display`, serde.
//! * [`Env`] — the Gym/PettingZoo face over a game: `reset(seed)`, `step(action)`, `action_mask()`.
//! * [`Agent`] — anything that picks an action in a state.
//! * [`Registry`] — builds a type-erased game from a spec string.
//! * [`cells`] — boards of coded cells, for n-tuple networks.
//! * [`checker`] — the conformance suite every game runs in its tests.
//! * [`symmetry_check`] — the check every game with symmetries runs in its tests.
//!
//! ```
//! use tabula_core::{Env, Game, State, Turn, testing::Nim};
//! let mut env = Env::new(Nim::new(5));
//! env.reset(7);
//! while !env.is_done() {
//!     let action = env.state().legal_actions()[0];
//!     env.step(action).unwrap();
//! }
//! assert!(matches!(env.state().turn(), Turn::Terminal));
//! ```

pub mod agent;
pub mod argv;
pub mod cells;
pub mod checker;
pub mod command_reader;
pub mod dynamic;
pub mod env;
pub mod error;
pub mod game;
pub mod keyboard;
pub mod line_program;
pub mod program_options;
pub mod protocol;
pub mod random_player;
pub mod referee;
pub mod registry;
pub mod rng;
pub mod serve;
pub mod spec;
pub mod state;
pub mod summary;
pub mod symmetry_check;
pub mod testing;

pub use agent::{ActionThought, Agent, RandomAgent, Thinking};
pub use dynamic::{DynGame, DynState};
pub use env::{Env, Step, StepInfo};
pub use error::SpecError;
pub use game::{ChanceMode, Game, Information};
pub use program_options::ProgramOptions;
pub use registry::{Registry, RegistryEntry};
pub use rng::{GameRng, rng_from_seed};
pub use spec::GameSpec;
pub use state::{Action, IllegalAction, NotationError, Player, State, Turn};
