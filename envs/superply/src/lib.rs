//! Superply (Dennis Shasha's course game): two players claim cells of an `n x n` multiplication
//! table, each cell under a hint about its product, Blue to join left and right, Red top and
//! bottom, through sides and corners.
//!
//! - [`Hint`], [`default_hints`], [`parse_hint_list`]: what a player may claim.
//! - [`Board`]: who holds what, connection and distance to connect.
//! - [`Superply`] / [`SuperplyState`]: the game behind tabula's `Game`/`State` API, spec
//!   `superply(size=9,mode=random)`; `mode=deterministic` walks the hint list in order.
//! - [`symmetry`]: rows and columns exchanged with the players, the learner's one symmetry.
//! - [`protocol`]: the server's line protocol (`PROTOCOL.md`), hostile input read safely.
//! - [`program_agent`]: a program that plays through the server, seated as an in-process agent
//!   (the arena's `cmd:` players), tabula playing the server's part.
//! - [`server`]: the game server (`superply-server`): games over TCP and a page in the browser.

pub mod board;
mod encode;
mod game;
pub mod hint;
pub mod program_agent;
pub mod protocol;
pub mod server;
mod side;
pub mod symmetry;

pub use board::{Board, Cell};
pub use encode::PLANES;
pub use game::{Mode, Superply, SuperplyState};
pub use hint::{Hint, HintError, default_hints, parse_hint_list};
pub use side::Side;
