//! The Casperson protocol between a referee and a computer opponent, shared by `score4-bot` and
//! `score4-referee` so both sides read and write it the same way.
//!
//! The referee writes commands, each ending in `;`:
//! `restart;`, `quit;`, `play white;`, `move;`, `note: black plays B1;`.
//! The bot answers each with one line: `ok.`, a location such as `A3.` for `move;`, or (our
//! extension for bad input) a line starting with `error` and ending in a period.
//!
//! * [`CommandReader`] turns raw bytes, as they arrive, into [`Command`]s. It treats input as
//!   hostile: any bytes, any case, any spacing, CR/LF, commands split across reads or several on
//!   one line, and bounded memory.
//! * [`Reply`] formats the bot's answers and reads them back for the referee ([`Reply::parse`]).
//! * [`BotSession`] is the bot's side: its board, its colour, and the answer to every command.
//!
//! ```
//! use score4::protocol::{BotSession, CommandReader, Reply};
//! let mut reader = CommandReader::new();
//! let mut bot = BotSession::new(|board: &score4::Board| board.legal_pegs().next().unwrap());
//! reader.feed(b"play black;\r\nnote:  WHITE plays b1 ;MOVE;");
//! let replies: Vec<String> = std::iter::from_fn(|| reader.next_command())
//!     .map(|cmd| bot.handle_parsed(cmd).to_string())
//!     .collect();
//! assert_eq!(replies, ["ok.", "ok.", "A1."]);
//! assert_eq!(Reply::parse(" a1 .\r\n"), Ok(Reply::Move("A1".parse().unwrap())));
//! ```

mod command;
mod reply;
mod session;

pub use command::{Command, MAX_COMMAND_BYTES, ParseError};
pub use reply::{Reply, ReplyError};
pub use session::BotSession;

/// Splits a byte stream into [`Command`]s at `;`, whatever the reads' boundaries (tabula's
/// shared reader, [`tabula_core::command_reader`]).
///
/// ```
/// use score4::protocol::{Command, CommandReader};
/// let mut reader = CommandReader::new();
/// reader.feed(b"MOVE; qu");
/// assert_eq!(reader.next_command(), Some(Ok(Command::Move)));
/// assert_eq!(reader.next_command(), None); // "qu" waits for the rest
/// reader.feed(b"it;\r\n");
/// assert_eq!(reader.next_command(), Some(Ok(Command::Quit)));
/// ```
pub type CommandReader = tabula_core::command_reader::CommandReader<Command>;
