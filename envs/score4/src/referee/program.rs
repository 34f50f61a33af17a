//! A computer player: a child process that speaks the Casperson protocol, driven by
//! [`tabula_core::line_program`] (timeouts, dead or silent bots, overlong lines, faults).

use crate::game::Score4;
use crate::protocol::{Command, Reply};
use std::time::Duration;
use tabula_core::line_program;

pub use tabula_core::line_program::Fault;

/// A running bot.
pub type Program = line_program::Program<Command, Reply>;

/// Starts `command_line` (split into words like a shell would, not run through one); every
/// answer must come within `timeout`.
pub fn spawn(command_line: &str, timeout: Duration, verbose: bool) -> Result<Program, Fault> {
    tabula_core::referee::spawn::<Score4>(command_line, timeout, verbose)
}
