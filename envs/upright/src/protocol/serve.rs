//! Running a [`BotSession`] over a byte stream: what a protocol bot's `main` calls.

use super::session::BotSession;
use crate::rules::UprightState;
use std::io::{self, Read, Write};
use tabula_core::Action;
use tabula_core::serve::Pace;

/// Answers the referee's commands from `input` on `output`, one line each, flushing after every
/// answer, until `quit;` or the end of the input; `choose` picks whole moves (see
/// [`BotSession`]). Diagnostics go to `log` (pass `std::io::sink()` to drop them; a bot writes
/// them to stderr only when asked, because some referees never read stderr).
///
/// Any bytes are read safely (see [`super::CommandReader`]); the loop is tabula's shared one
/// ([`tabula_core::serve::serve`]): a read error ends it like the end of the input, a write error
/// (a broken pipe) ends it with that error, which a bot may ignore. It never panics on input.
pub fn serve(
    input: impl Read,
    output: impl Write,
    choose: impl FnMut(&UprightState) -> Vec<Action>,
    log: impl Write,
) -> io::Result<()> {
    tabula_core::serve::serve(input, output, &mut BotSession::new(choose), Pace::NONE, log, "upright bot")
}
