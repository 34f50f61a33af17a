//! The incremental command reader: tabula's shared `;`-splitting reader
//! ([`tabula_core::command_reader`]) over this protocol's [`Command`]s.

use super::command::{Command, ParseError};
use tabula_core::command_reader::ParseCommand;

/// The longest command text kept (the longest real one, `note: white plays B1`, has 21 bytes).
/// Longer text is dropped as it arrives and the command is answered with an error once its `;` comes.
pub const MAX_COMMAND_BYTES: usize = 256;

/// Splits a byte stream into [`Command`]s at `;`, whatever the reads' boundaries.
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

impl ParseCommand for Command {
    type Error = ParseError;
    const MAX_BYTES: usize = MAX_COMMAND_BYTES;
    fn parse(text: &[u8]) -> Result<Command, ParseError> {
        Command::parse(text)
    }
    fn too_long() -> ParseError {
        ParseError(format!("command longer than {MAX_COMMAND_BYTES} bytes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;

    fn drain(reader: &mut CommandReader) -> Vec<Result<Command, ParseError>> {
        std::iter::from_fn(|| reader.next_command()).collect()
    }

    #[test]
    fn splits_several_commands_on_one_line_and_one_command_over_many_reads() {
        let mut r = CommandReader::new();
        r.feed(b"play white; move;\r\n");
        assert_eq!(drain(&mut r), vec![Ok(Command::Play(Color::White)), Ok(Command::Move)]);
        for &b in b"note: black plays A1;" {
            r.feed(&[b]);
        }
        assert_eq!(drain(&mut r), vec![Ok(Command::Note(Color::Black, "A1".parse().unwrap()))]);
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
