//! The referee's commands: parsing one command's text and writing it on the wire.

use crate::color::Color;
use crate::peg::Peg;
use std::fmt;
use tabula_core::command_reader::quote;
use tabula_core::protocol::WireCommand;

/// The longest command text kept (the longest real one, `note: white plays B1`, has 21 bytes).
/// Longer text is dropped as it arrives and the command is answered with an error once its `;` comes.
pub const MAX_COMMAND_BYTES: usize = 256;

/// Why a command's text is not a command; its `Display` is a short phrase without a final period.
pub use tabula_core::command_reader::ProtocolError as ParseError;

impl WireCommand for Command {
    const MAX_BYTES: usize = MAX_COMMAND_BYTES;
    fn parse_wire(text: &[u8]) -> Result<Command, ParseError> {
        Command::parse(text)
    }
}

/// One command from the referee (the text between two semicolons).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Empty the board and forget our colour.
    Restart,
    /// Answer `ok.` and exit.
    Quit,
    /// From now on we play this colour.
    Play(Color),
    /// Choose a move, play it on our board and answer its location.
    Move,
    /// The referee placed a bead of this colour on this peg.
    Note(Color, Peg),
}

impl Command {
    /// Parses the text of one command without its `;`: any case, any ASCII white space between
    /// and around words, an optional space before the colon of `note:`. Arbitrary bytes give an
    /// error, never a panic.
    ///
    /// ```
    /// use score4::{Color, protocol::Command};
    /// assert_eq!(Command::parse(b" Note :  WHITE plays b1 \r\n"), Ok(Command::Note(Color::White, "B1".parse().unwrap())));
    /// assert!(Command::parse(b"jump").is_err());
    /// ```
    pub fn parse(text: &[u8]) -> Result<Command, ParseError> {
        let lower = text.to_ascii_lowercase();
        // Words are split at white space; a colon is a word of its own, so `note:white`,
        // `note : white` and `note: white` read alike (a colon anywhere else is an error).
        let mut words: Vec<&[u8]> = Vec::with_capacity(6);
        for chunk in lower.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty()) {
            let mut rest = chunk;
            while let Some(i) = rest.iter().position(|&b| b == b':') {
                if i > 0 {
                    words.push(&rest[..i]);
                }
                words.push(b":");
                rest = &rest[i + 1..];
            }
            if !rest.is_empty() {
                words.push(rest);
            }
        }
        let Some((&verb, rest)) = words.split_first() else {
            return Err(ParseError("empty command".into()));
        };
        let no_arguments = |cmd: Command| {
            if rest.is_empty() { Ok(cmd) } else { Err(ParseError(format!("{} takes no arguments", quote(verb)))) }
        };
        match verb {
            b"restart" => no_arguments(Command::Restart),
            b"quit" => no_arguments(Command::Quit),
            b"move" => no_arguments(Command::Move),
            b"play" => match rest {
                [colour] => Ok(Command::Play(parse_colour(colour)?)),
                _ => Err(ParseError("write \"play white\" or \"play black\"".into())),
            },
            b"note" => {
                let rest = rest.strip_prefix(&[b":".as_slice()]).unwrap_or(rest);
                match rest {
                    [colour, b"plays", location] => Ok(Command::Note(parse_colour(colour)?, parse_location(location)?)),
                    _ => Err(ParseError("write \"note: <white|black> plays <A1..D4>\"".into())),
                }
            }
            other => Err(ParseError(format!("unknown command {}", quote(other)))),
        }
    }
}

fn parse_colour(word: &[u8]) -> Result<Color, ParseError> {
    match word {
        b"white" => Ok(Color::White),
        b"black" => Ok(Color::Black),
        _ => Err(ParseError(format!("{} is not a colour (white or black)", quote(word)))),
    }
}

fn parse_location(word: &[u8]) -> Result<Peg, ParseError> {
    std::str::from_utf8(word)
        .ok()
        .and_then(|w| w.parse::<Peg>().ok())
        .ok_or_else(|| ParseError(format!("{} is not a location (A1..D4)", quote(word))))
}

/// The wire form the referee sends, with its semicolon (no newline).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Restart => f.write_str("restart;"),
            Command::Quit => f.write_str("quit;"),
            Command::Play(c) => write!(f, "play {c};"),
            Command::Move => f.write_str("move;"),
            Command::Note(c, p) => write!(f, "note: {c} plays {p};"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::CommandReader;

    fn peg(s: &str) -> Peg {
        s.parse().unwrap()
    }

    #[test]
    fn reads_every_command_in_any_case_and_spacing() {
        assert_eq!(Command::parse(b"restart"), Ok(Command::Restart));
        assert_eq!(Command::parse(b"\r\n QUIT "), Ok(Command::Quit));
        assert_eq!(Command::parse(b"Play\tBlack"), Ok(Command::Play(Color::Black)));
        assert_eq!(Command::parse(b"move"), Ok(Command::Move));
        for text in ["note: white plays B1", "NOTE:WHITE PLAYS b1", "note : white plays b1", "note white plays b1"] {
            assert_eq!(Command::parse(text.as_bytes()), Ok(Command::Note(Color::White, peg("B1"))), "{text}");
        }
    }

    #[test]
    fn rejects_bad_commands_with_a_reason() {
        assert!(Command::parse(b"").unwrap_err().0.contains("empty"));
        assert!(Command::parse(b"dance").unwrap_err().0.contains("unknown command \"dance\""));
        assert!(Command::parse(b"play red").unwrap_err().0.contains("not a colour"));
        assert!(Command::parse(b"note: white plays E1").unwrap_err().0.contains("\"e1\" is not a location"));
        assert!(Command::parse(b"note: white B1").is_err());
        assert!(Command::parse(b"move now").unwrap_err().0.contains("no arguments"));
        assert!(Command::parse(b"note:: white plays b1").is_err());
        assert!(Command::parse(b"\xff\xfe\n").is_err());
    }

    #[test]
    fn round_trips_through_the_wire_form() {
        let all = [
            Command::Restart,
            Command::Quit,
            Command::Play(Color::White),
            Command::Move,
            Command::Note(Color::Black, peg("D4")),
        ];
        for cmd in all {
            let wire = cmd.to_string();
            let body = wire.strip_suffix(';').unwrap();
            assert_eq!(Command::parse(body.as_bytes()), Ok(cmd));
        }
        assert_eq!(Command::Note(Color::Black, peg("D4")).to_string(), "note: black plays D4;");
    }

    #[test]
    fn the_reader_splits_several_commands_on_one_line_and_one_command_over_many_reads() {
        let mut r = CommandReader::new();
        let drain = |r: &mut CommandReader| std::iter::from_fn(|| r.next_command()).collect::<Vec<_>>();
        r.feed(b"play white; move;\r\n");
        assert_eq!(drain(&mut r), vec![Ok(Command::Play(Color::White)), Ok(Command::Move)]);
        for &b in b"note: black plays A1;" {
            r.feed(&[b]);
        }
        assert_eq!(drain(&mut r), vec![Ok(Command::Note(Color::Black, peg("A1")))]);
        assert!(!r.has_partial_command());
    }
}
