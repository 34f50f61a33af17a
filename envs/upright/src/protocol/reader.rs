//! The incremental command reader: raw bytes in, commands out.

use super::command::{Command, ParseError};
use std::collections::VecDeque;

/// The longest command text kept (a note of a move filling all 121 squares of an 11 x 11 board takes about 500).
/// Longer text is dropped as it arrives, so hostile input without `;` cannot eat memory, and the
/// command is answered with an error once its `;` comes.
pub const MAX_COMMAND_BYTES: usize = 2048;

/// Splits a byte stream into commands at `;`, whatever the reads' boundaries.
///
/// Text between semicolons that is only white space (`move;;`, a CR/LF after the last `;`)
/// is not a command and gets no answer; anything else yields one `Ok(Command)` or one
/// `Err(ParseError)`, so the bot answers exactly one line for it.
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
#[derive(Debug, Default)]
pub struct CommandReader {
    partial: Vec<u8>,
    overflowed: bool,
    ready: VecDeque<Result<Command, ParseError>>,
}

impl CommandReader {
    pub fn new() -> CommandReader {
        CommandReader::default()
    }

    /// Takes the next chunk of input, of any size and content.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b';' {
                self.finish_command();
            } else if self.partial.len() < MAX_COMMAND_BYTES {
                self.partial.push(b);
            } else {
                self.overflowed = true;
            }
        }
    }

    /// The next complete command, in order of arrival.
    pub fn next_command(&mut self) -> Option<Result<Command, ParseError>> {
        self.ready.pop_front()
    }

    /// True while text after the last `;` is waiting for its semicolon (white space aside).
    pub fn has_partial_command(&self) -> bool {
        self.overflowed || self.partial.iter().any(|b| !b.is_ascii_whitespace())
    }

    fn finish_command(&mut self) {
        let text = std::mem::take(&mut self.partial);
        if std::mem::take(&mut self.overflowed) {
            self.ready.push_back(Err(ParseError(format!("command longer than {MAX_COMMAND_BYTES} bytes"))));
        } else if text.iter().any(|b| !b.is_ascii_whitespace()) {
            self.ready.push_back(Command::parse(&text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::Side;

    fn drain(reader: &mut CommandReader) -> Vec<Result<Command, ParseError>> {
        std::iter::from_fn(|| reader.next_command()).collect()
    }

    #[test]
    fn splits_several_commands_on_one_line_and_one_command_over_many_reads() {
        let mut r = CommandReader::new();
        r.feed(b"new 6 first; move;\r\n");
        assert_eq!(drain(&mut r).len(), 2);
        for &b in b"note: second plays b3\n b4;" {
            r.feed(&[b]);
        }
        let squares = crate::moves::parse_move("b3 b4").unwrap();
        assert_eq!(drain(&mut r), vec![Ok(Command::Note { side: Side::Second, squares })]);
        assert!(!r.has_partial_command());
    }

    #[test]
    fn empty_commands_get_no_answer_and_long_ones_one_error() {
        let mut r = CommandReader::new();
        r.feed(b";; \r\n;move;;");
        assert_eq!(drain(&mut r), vec![Ok(Command::Move)]);
        r.feed(&vec![b'x'; 10 * MAX_COMMAND_BYTES]);
        assert!(r.has_partial_command());
        assert!(drain(&mut r).is_empty());
        r.feed(b"; quit;");
        let out = drain(&mut r);
        assert_eq!(out.len(), 2);
        assert!(out[0].as_ref().unwrap_err().0.contains("longer"));
        assert_eq!(out[1], Ok(Command::Quit));
    }
}
