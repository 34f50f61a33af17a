//! tabula-search: one Monte-Carlo tree search for every tabula game. It never names a game: it
//! sees only [`tabula_core::State`] and an [`Evaluator`] (random rollouts, a network, a heuristic).
//!
//! * PUCT selection with priors; Dirichlet noise and a temperature for self-play.
//! * Gumbel root search (Gumbel-top-k + sequential halving, completed-Q policy targets; Danihelka
//!   et al. 2022), which learns with few simulations.
//! * Chance nodes with sampled outcomes, a value vector per player (max^n backup) and min-max
//!   normalised values, so one- two- and N-player games share one code path.
//! * Lockstep batches: many searches advance together and their leaves are evaluated in one call.
//! * Tree reuse between moves.
//! * Information-set search ([`Ismcts`]) for games of hidden information: single-observer
//!   IS-MCTS over determinizations drawn with `State::resample`, N-player values.
//! * [`AlphaBeta`]: expectiminimax with alpha-beta at a time budget for two-player games, over a
//!   game's hand-written [`Heuristic`] (the classical yardstick a learned player must beat).
//! * An optional [`Advisor`] (hand-written knowledge) names root actions a Gumbel root considers,
//!   and can play short rollouts from each new leaf (`SearchConfig::rollout_depth`).
//!
//! ```
//! use score4::Score4;
//! use tabula_core::{Game, State};
//! use tabula_search::{RolloutEvaluator, Search, SearchConfig};
//! let mut rng = tabula_core::rng_from_seed(1);
//! let state = score4::Score4State::from_board(score4::Board::from_moves("A1 A2 B1 B2 C1 C2").unwrap());
//! let mut search = Search::new(state, SearchConfig { simulations: 200, ..SearchConfig::default() });
//! let result = search.run(&RolloutEvaluator::new(1), &mut rng);
//! assert_eq!(search.root_state().action_to_string(result.action), "D1"); // the winning move
//! ```

mod advisor;
mod agent;
mod alphabeta;
mod config;
mod evaluator;
mod gumbel;
mod ismcts;
mod minmax;
mod rollout;
mod search;
mod tree;

pub use advisor::{Advisor, Remembered, SharedAdvisor};
pub use agent::MctsAgent;
pub use alphabeta::{AlphaBeta, AlphaBetaAgent, AlphaBetaConfig, AlphaBetaReport, Heuristic};
pub use config::{RootMode, SearchConfig};
pub use evaluator::{Evaluation, Evaluator, RolloutEvaluator, UniformEvaluator};
pub use ismcts::{Ismcts, IsmctsAgent, IsmctsConfig, RandomRollout, RolloutPolicy};
pub use minmax::MinMax;
pub use search::{Search, SearchResult, run_lockstep};
