//! A computer player: a child process that speaks `upright-referee`'s line protocol, driven by
//! [`tabula_core::line_program`] (timeouts, dead or silent bots, overlong lines); this file only
//! says how the game's replies read.

use crate::moves::format_move;
use crate::protocol::{Command, Reply};
use std::time::Duration;
use tabula_core::line_program;

pub use tabula_core::line_program::Fault;

/// Lines longer than this are not replies (a whole phase-2 move fits many times over).
const MAX_LINE: usize = 4096;

/// A running bot.
pub type Program = line_program::Program<Command, Reply>;

/// Starts `command_line` (split into words like a shell would, not run through one); every
/// answer must come within `timeout`.
pub fn spawn(command_line: &str, timeout: Duration, verbose: bool) -> Result<Program, Fault> {
    Program::spawn(command_line, MAX_LINE, timeout, verbose, Command::Quit)
}

impl line_program::Reply for Reply {
    fn parse_line(line: &str) -> Result<Reply, String> {
        Reply::parse(line).map_err(|e| e.0)
    }

    fn expect_ok(self, command: &str) -> Result<(), Fault> {
        match self {
            Reply::Ok => Ok(()),
            Reply::Error(why) => Err(Fault::Refused(format!("{command} got \"error: {why}.\""))),
            Reply::Move(m) => Err(Fault::Malformed(format!("{command} got the move {}, not \"ok.\"", format_move(&m)))),
        }
    }
}
