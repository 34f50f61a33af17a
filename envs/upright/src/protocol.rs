//! The referee's line protocol (`PROTOCOL.md`), shared by the referee and the bots so both read
//! and write it alike. In the spirit of Score 4's: the referee writes commands ending in `;`,
//! the bot answers each with one line ending in `.`.
//!
//! | referee | bot |
//! |---|---|
//! | `new 6 first;` (size, seat; optional `reach=line`, `colour=free`) | `ok.` |
//! | `move;` | the move: `b3 b4 c4.` |
//! | `note: second plays b3 b4 c4;` | `ok.` |
//! | `end: first 24 second 29;` | `ok.` |
//! | `quit;` | `ok.`, then it exits |
//!
//! A bot answers a command it cannot carry out with `error: REASON.` and changes nothing.
//!
//! * [`CommandReader`] turns raw bytes, as they arrive, into [`Command`]s; it treats input as
//!   hostile (any bytes, any case, any spacing, CR/LF, several commands on a line or one split
//!   over reads, bounded memory).
//! * [`Reply`] formats the bot's answers and reads them back for the referee.
//! * [`BotSession`] is the bot's side: its game, its seat, one answer per command;
//!   [`serve`] runs it over a reader and a writer (stdin and stdout in a bot).
//!
//! ```
//! use upright::protocol::serve;
//! use upright::UprightState;
//! use tabula_core::State;
//! let input = b"new 3 second;\nnote: first plays a1;\r\nMOVE; quit;".as_slice();
//! let mut output = Vec::new();
//! // A bot that always takes the first legal sub-action (squares before `end`).
//! let first_legal = |s: &UprightState| upright::moves::whole_move(s, |s| s.legal_actions()[0]);
//! serve(input, &mut output, first_legal, std::io::sink()).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "ok.\nok.\nb1.\nok.\n");
//! ```

mod command;
mod reply;
mod serve;
mod session;

pub use command::{Command, MAX_COMMAND_BYTES, ParseError};
pub use reply::{Reply, ReplyError, Squares};
pub use serve::serve;
pub use session::BotSession;

/// Splits a byte stream into [`Command`]s at `;`, whatever the reads' boundaries (tabula's
/// shared reader, [`tabula_core::command_reader`]).
///
/// ```
/// use upright::protocol::{Command, CommandReader};
/// let mut reader = CommandReader::new();
/// reader.feed(b"MOVE; qu");
/// assert_eq!(reader.next_command(), Some(Ok(Command::Move)));
/// assert_eq!(reader.next_command(), None); // "qu" waits for the rest
/// reader.feed(b"it;\r\n");
/// assert_eq!(reader.next_command(), Some(Ok(Command::Quit)));
/// ```
pub type CommandReader = tabula_core::command_reader::CommandReader<Command>;
