//! A game's command as the shared reader ([`CommandReader`](crate::command_reader::CommandReader))
//! reads it. A game says how one command's text parses and how long it may be; what is the same
//! everywhere (the error type, the error for text too long) is written here once.

use crate::command_reader::{ParseCommand, ProtocolError};

/// A command of a line protocol: parsed from the text between two semicolons.
pub trait WireCommand: Sized {
    /// The longest command text kept; see [`ParseCommand::MAX_BYTES`].
    const MAX_BYTES: usize;
    /// Parses one command's text (any bytes; never panics).
    fn parse_wire(text: &[u8]) -> Result<Self, ProtocolError>;
}

impl<C: WireCommand> ParseCommand for C {
    type Error = ProtocolError;
    const MAX_BYTES: usize = <C as WireCommand>::MAX_BYTES;

    fn parse(text: &[u8]) -> Result<C, ProtocolError> {
        C::parse_wire(text)
    }

    fn too_long() -> ProtocolError {
        ProtocolError(format!("command longer than {} bytes", <C as WireCommand>::MAX_BYTES))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_reader::CommandReader;

    #[derive(Debug, PartialEq)]
    struct Word(Vec<u8>);

    impl WireCommand for Word {
        const MAX_BYTES: usize = 4;
        fn parse_wire(text: &[u8]) -> Result<Word, ProtocolError> {
            Ok(Word(text.trim_ascii().to_vec()))
        }
    }

    #[test]
    fn overlong_commands_get_one_error_naming_the_limit() {
        let mut reader = CommandReader::<Word>::new();
        reader.feed(b"abcdefgh; ab;");
        assert_eq!(reader.next_command(), Some(Err(ProtocolError("command longer than 4 bytes".into()))));
        assert_eq!(reader.next_command(), Some(Ok(Word(b"ab".to_vec()))));
    }
}
