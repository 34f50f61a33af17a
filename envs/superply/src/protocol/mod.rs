//! The Superply line protocol, version 1 (`PROTOCOL.md` beside this crate's `Cargo.toml`):
//! [`LineReader`] splits hostile bytes into lines, [`Request`] is what a client asks,
//! [`Message`] what the server says, [`Mirror`] a client's copy of its game, [`Client`] a
//! program's connection.

mod client;
mod line;
mod message;
mod mirror;
mod request;

pub use client::Client;
pub use line::{LineReader, MAX_LINE_BYTES};
pub use message::{Message, Reason};
pub use mirror::Mirror;
pub use request::{Request, Seat};

/// The protocol's version, sent in the greeting.
pub const VERSION: u32 = 1;
