//! Who the arbitrator talks to: a [`Seat`] names it, a [`Contestant`] answers.

use crate::protocol::{Command, Reply};
use std::time::Duration;
use tabula_core::line_program::{self, Verdict};

pub use tabula_core::line_program::Fault;

/// Lines longer than this are not answers (a question about 256 items fits many times over).
const MAX_LINE: usize = 4096;

/// Who sits in a seat: `human` (a person at this terminal) or a program's command line.
pub use tabula_core::referee::Seat;

/// Someone at the table: one command out, one answer back.
pub trait Contestant {
    /// Sends a command and waits for its answer.
    fn ask(&mut self, command: &Command) -> Result<Reply, Fault>;
    /// A person is told what was wrong with an answer and asked again; a program is removed.
    fn asks_again(&self) -> bool {
        false
    }
    /// Tells it the reason its last answer was refused (a person reads it).
    fn refused(&mut self, _why: &str) {}
    /// Says goodbye (`quit;`) and lets it go.
    fn leave(self: Box<Self>);
}

/// A child process speaking the protocol.
pub type Program = line_program::Program<Command, Reply>;

/// Starts `command_line` (split into words like a shell would, not run through one); every
/// answer must come within `timeout`.
pub fn spawn_program(command_line: &str, timeout: Duration, verbose: bool) -> Result<Program, Fault> {
    Program::spawn(command_line, MAX_LINE, timeout, verbose, Command::Quit)
}

impl line_program::Reply for Reply {
    fn parse_line(line: &str) -> Result<Reply, String> {
        Reply::parse(line).map_err(|e| e.0)
    }

    fn verdict(self) -> Verdict {
        match self {
            Reply::Ok => Verdict::Ok,
            Reply::Error(why) => Verdict::Refused(why),
            other => Verdict::Other(format!("\"{other}\"")),
        }
    }
}

impl Contestant for Program {
    fn ask(&mut self, command: &Command) -> Result<Reply, Fault> {
        Program::ask(self, command)
    }
    fn leave(self: Box<Self>) {
        self.shutdown()
    }
}
