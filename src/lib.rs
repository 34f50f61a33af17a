//! tabula as a library: the registry of every game and the player specs (`random`,
//! `run:DIR:800`, `shipped`, ...) that the command line, the arena and the Python bindings share.
//!
//! ```
//! use tabula::players::{BuildOptions, PlayerSpec};
//! let registry = tabula::registry::registry();
//! assert!(registry.get("score4").is_some());
//! let spec: PlayerSpec = "alphabeta:2".parse().unwrap();
//! let player = spec.build(&score4::Score4, &BuildOptions::default()).unwrap();
//! assert_eq!(player.name(), "alphabeta:2");
//! ```

pub mod players;
pub mod records;
pub mod registry;
pub mod serve;
pub mod session;
