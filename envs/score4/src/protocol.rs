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
mod reader;
mod reply;
mod session;

pub use command::{Command, ParseError};
pub use reader::{CommandReader, MAX_COMMAND_BYTES};
pub use reply::{Reply, ReplyError};
pub use session::BotSession;

pub(crate) use tabula_core::command_reader::quote;
