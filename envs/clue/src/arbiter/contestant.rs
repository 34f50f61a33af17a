//! Who the arbitrator talks to: a [`Seat`] names it, a [`Contestant`] answers.

use crate::protocol::{Command, Reply};
use std::time::Duration;
use tabula_core::line_program;

pub use tabula_core::line_program::Fault;

/// Lines longer than this are not answers (a question about 256 items fits many times over).
const MAX_LINE: usize = 4096;

/// Who sits in a seat: `human` (a person at this terminal) or a program's command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    Human,
    Program(String),
}

impl std::str::FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        match s.trim() {
            "" => Err("an empty seat: write `human` or a program's command line".into()),
            t if t.eq_ignore_ascii_case("human") => Ok(Seat::Human),
            t => Ok(Seat::Program(t.to_string())),
        }
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Program(line) => f.write_str(line),
        }
    }
}

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

    fn expect_ok(self, command: &str) -> Result<(), Fault> {
        match self {
            Reply::Ok => Ok(()),
            Reply::Error(why) => Err(Fault::Refused(format!("{command} got \"error: {why}.\""))),
            other => Err(Fault::Malformed(format!("{command} got \"{other}\", not \"ok.\""))),
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
