//! Games played one action at a time by a front end that does not know the game's type: one env
//! of any registered game behind one trait ([`GameEnv`]), and agents named by player specs built
//! for whatever game they meet ([`AgentCache`]). The Python bindings are such a front end.
//!
//! ```
//! use tabula::session::{AgentCache, build_env, parse_agent};
//! use tabula::players::BuildOptions;
//! let mut env = build_env("score4").unwrap();
//! let mut alphabeta = AgentCache::new(parse_agent("alphabeta:1", None).unwrap(), BuildOptions::default(), 0);
//! env.reset(7);
//! let action = env.act(&mut alphabeta).unwrap();
//! assert!(env.legal_actions().contains(&action));
//! env.step(action).unwrap();
//! assert_eq!(env.move_number(), 1);
//! assert!(build_env("chess").err().unwrap().contains("unknown game \"chess\""));
//! ```

mod agents;
pub mod board;
mod env;

pub use agents::{AgentCache, parse as parse_agent};
pub use board::Drawn;
pub use env::{GameEnv, Stepped, build as build_env};
