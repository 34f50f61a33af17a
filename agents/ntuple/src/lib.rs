//! tabula-ntuple: n-tuple networks, the value functions of the strongest 2048 programs, for any
//! game whose board is a grid of coded cells ([`tabula_core::cells::CellBoard`]).
//!
//! * [`tuples`] — where the tuples lie (every placement of `HxW` rectangles), mirror images
//!   sharing one table.
//! * [`NTupleNet`] — the value: one weight per placed tuple (plus per-code counts), learnt in
//!   place by several threads at once.
//! * [`afterstate`] — a move's worth: its reward plus its afterstate's value.
//! * [`expectimax`] — one ply of chance past the best moves, at play time.
//! * [`base`] — a hand-written value under the network, which the network learns to correct.
//! * [`td`] — temporal-difference learning from the network's own play.
//! * [`NTupleModel`] — the network with its value scale, on disk.
//! * [`NTupleAgent`] — the network as a player.
//!
//! The crate knows cell boards, never a game, and no burn: the trainer drives [`td`], the bots
//! load an [`NTupleModel`].

pub mod afterstate;
pub mod agent;
pub mod base;
pub mod expectimax;
pub mod model;
pub mod net;
pub mod td;
pub mod tuples;

pub use afterstate::Valuer;
pub use agent::NTupleAgent;
pub use base::BaseValue;
pub use expectimax::Expectimax;
pub use model::{ModelError, NTupleModel};
pub use net::{NTupleNet, NetSpec};
pub use td::{Episode, TdSettings, learn_from_play, learn_game};
