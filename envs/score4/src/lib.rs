//! Score 4: four-in-a-row on a 4x4 grid of pegs, four beads high, with gravity.
//!
//! White moves first; the first to complete any of the 76 lines of four wins; a full board is a
//! draw. Rules exist once, here: the env, the referee and the protocol bot all use this crate.
//!
//! ```
//! use score4::{Board, Color, Peg};
//! let mut board = Board::new();
//! for text in ["A1", "A2", "B1", "B2", "C1", "C2", "D1"] {
//!     board.play(text.parse::<Peg>().unwrap()).unwrap();
//! }
//! assert_eq!(board.winner(), Some(Color::White));
//! ```

mod board;
mod color;
mod display;
mod encode;
mod game;
pub mod lines;
mod peg;
pub mod protocol;
pub mod referee;
pub mod symmetry;

pub use board::{Board, MoveError};
pub use color::Color;
pub use encode::{OBSERVATION_SHAPE, PLANES};
pub use game::{Score4, Score4State};
pub use peg::{Cell, Peg};
