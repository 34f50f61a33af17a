//! Running a bot's side of a `;`-terminated line protocol over a byte stream: what a protocol
//! bot's `main` calls. Each game supplies a [`Session`] (its state machine); this loop feeds raw
//! input to a [`CommandReader`], writes one answer line per command and flushes after each.

use crate::command_reader::{CommandReader, ParseCommand};
use std::io::{self, Read, Write};

/// A bot's side of a protocol: one answer line per command.
pub trait Session {
    type Command: ParseCommand;
    /// The answer line (without its newline) to one command, or to text that did not parse.
    fn answer(&mut self, parsed: Result<Self::Command, <Self::Command as ParseCommand>::Error>) -> String;
    /// Messages for a human, oldest first; taking them empties the list.
    fn take_diagnostics(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// True once the session has answered its last command (`quit;`).
    fn wants_quit(&self) -> bool;
}

/// Answers the commands from `input` on `output` until the session quits or the input ends.
/// Diagnostics go to `log`, each line prefixed with `name` (pass `std::io::sink()` to drop them:
/// a bot writes them to stderr only when asked, since some referees never read stderr).
///
/// A read error ends it like the end of the input; a write error (the referee closed our
/// output: a broken pipe) ends it with that error, which a bot may ignore. It never panics on
/// input.
pub fn serve<S: Session>(
    mut input: impl Read,
    mut output: impl Write,
    session: &mut S,
    mut log: impl Write,
    name: &str,
) -> io::Result<()> {
    let mut reader = CommandReader::<S::Command>::new();
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
            let reply = session.answer(parsed);
            for line in session.take_diagnostics() {
                let _ = writeln!(log, "{name}: {line}");
            }
            writeln!(output, "{reply}")?;
            output.flush()?;
            if session.wants_quit() {
                return Ok(());
            }
        }
    }
}
