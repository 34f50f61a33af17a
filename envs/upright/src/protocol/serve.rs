//! Running a [`BotSession`] over a byte stream: what a protocol bot's `main` calls.

use super::reader::CommandReader;
use super::session::BotSession;
use crate::rules::UprightState;
use std::io::{self, Read, Write};
use tabula_core::Action;

/// Answers the referee's commands from `input` on `output`, one line each, flushing after every
/// answer, until `quit;` or the end of the input; `choose` picks whole moves (see
/// [`BotSession`]). Diagnostics go to `log` (pass `std::io::sink()` to drop them; a bot writes
/// them to stderr only when asked, because some referees never read stderr).
///
/// Any bytes are read safely (see [`CommandReader`]). A read error ends it like the end of the
/// input; a write error (the referee closed our output: a broken pipe) ends it with that
/// error, which a bot may ignore. It never panics on input.
pub fn serve(
    mut input: impl Read,
    mut output: impl Write,
    choose: impl FnMut(&UprightState) -> Vec<Action>,
    mut log: impl Write,
) -> io::Result<()> {
    let mut reader = CommandReader::new();
    let mut session = BotSession::new(choose);
    let mut buf = [0u8; 4096];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(()),
        };
        reader.feed(&buf[..n]);
        while let Some(parsed) = reader.next_command() {
            let reply = session.handle_parsed(parsed);
            for line in session.take_diagnostics() {
                let _ = writeln!(log, "upright bot: {line}");
            }
            writeln!(output, "{reply}")?;
            output.flush()?;
            if session.wants_quit() {
                return Ok(());
            }
        }
    }
}
