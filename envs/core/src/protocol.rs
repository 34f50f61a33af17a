//! What every `;`-terminated line protocol shares, on both sides of the wire, so each game keeps
//! only its own commands and rules. Bytes become commands in [`crate::command_reader`]; a bot's
//! loop is [`crate::serve`]; a referee's end of the pipe is [`crate::line_program`].
//!
//! * [`WireCommand`]: a game's command as the shared reader needs it (its parser and how long
//!   it may be); the reader's too-long error comes with it.
//! * [`reply_line`]: the pieces of every answer line (`... .`, `error: REASON.`).
//! * [`MoveReply`]: the answers of a two-player game's bot (`ok.`, a move, an error), generic
//!   over how the game writes a move ([`Notation`]).
//! * [`hostile`]: the checks every game's bot session must pass against hostile input.

pub mod hostile;
pub mod move_reply;
pub mod reply_line;
pub mod wire_command;

pub use move_reply::{MoveReply, Notation};
pub use wire_command::WireCommand;
