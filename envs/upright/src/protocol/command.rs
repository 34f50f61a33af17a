//! The referee's commands: parsing one command's text and writing it on the wire.

use crate::moves::{MoveSquare, format_move, parse_move};
use crate::side::Side;
use crate::square::{MAX_SIZE, MIN_SIZE};
use crate::variant::Variant;
use std::fmt;
use tabula_core::command_reader::quote;
use tabula_core::protocol::WireCommand;

/// The longest command text kept (a note of a move filling all 121 squares of an 11 x 11 board takes about 500).
/// Longer text is dropped as it arrives and the command is answered with an error once its `;` comes.
pub const MAX_COMMAND_BYTES: usize = 2048;

/// Why a command's text is not a command; its `Display` is a short phrase without a period.
pub use tabula_core::command_reader::ProtocolError as ParseError;

impl WireCommand for Command {
    const MAX_BYTES: usize = MAX_COMMAND_BYTES;
    fn parse_wire(text: &[u8]) -> Result<Command, ParseError> {
        Command::parse(text)
    }
}

/// One command from the referee (the text between two semicolons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A new game on a `size x size` board in which we play `side`.
    New { size: usize, side: Side, variant: Variant },
    /// Choose a move, play it, and answer its squares.
    Move,
    /// `side` played these squares (a whole move).
    Note { side: Side, squares: Vec<MoveSquare> },
    /// The game is over with these scores (player 1's first).
    End { scores: [u64; 2] },
    /// Answer `ok.` and exit.
    Quit,
}

impl Command {
    /// Parses the text of one command without its `;`: any case, any ASCII white space between
    /// and around words, commas between squares, an optional space around the colon of `note:`
    /// and `end:`. Arbitrary bytes give an error, never a panic.
    ///
    /// ```
    /// use upright::{Side, protocol::Command};
    /// let note = Command::parse(b" Note :SECOND plays B3 b4,c4\r\n").unwrap();
    /// assert_eq!(note.to_string(), "note: second plays b3 b4 c4;");
    /// assert!(matches!(Command::parse(b"new 6 first reach=line"), Ok(Command::New { size: 6, side: Side::First, .. })));
    /// assert!(Command::parse(b"jump").is_err());
    /// ```
    pub fn parse(text: &[u8]) -> Result<Command, ParseError> {
        let lower = text.to_ascii_lowercase();
        let text = std::str::from_utf8(&lower).map_err(|_| ParseError(format!("{} is not text", quote(&lower))))?;
        // The colon after `note`/`end` is optional and may stand anywhere around the verb.
        let (verb, rest) = match text.trim_start().split_once(|c: char| c.is_ascii_whitespace() || c == ':') {
            Some((verb, rest)) => (verb, rest.trim_start().strip_prefix(':').unwrap_or(rest)),
            None => (text.trim(), ""),
        };
        let words: Vec<&str> = rest.split_ascii_whitespace().collect();
        let no_arguments = |cmd: Command| {
            if words.is_empty() {
                Ok(cmd)
            } else {
                Err(ParseError(format!("{} takes no arguments", quote(verb.as_bytes()))))
            }
        };
        match verb {
            "" => Err(ParseError("empty command".into())),
            "move" => no_arguments(Command::Move),
            "quit" => no_arguments(Command::Quit),
            "new" => parse_new(&words),
            "note" => match words.as_slice() {
                [side, "plays", squares @ ..] => {
                    let side = parse_side(side)?;
                    let squares = parse_move(&squares.join(" ")).map_err(ParseError)?;
                    Ok(Command::Note { side, squares })
                }
                _ => Err(ParseError(
                    "write \"note: <first|second> plays <squares>\", e.g. note: first plays b3 b4".into(),
                )),
            },
            "end" => parse_end(&words),
            other => Err(ParseError(format!("unknown command {}", quote(other.as_bytes())))),
        }
    }
}

fn parse_side(word: &str) -> Result<Side, ParseError> {
    match word {
        "first" => Ok(Side::First),
        "second" => Ok(Side::Second),
        _ => Err(ParseError(format!("{} is not a side (first or second)", quote(word.as_bytes())))),
    }
}

fn parse_new(words: &[&str]) -> Result<Command, ParseError> {
    let usage = || ParseError("write \"new <size> <first|second>\", e.g. new 6 first".into());
    let [size, side, variants @ ..] = words else { return Err(usage()) };
    let size: usize = size.parse().map_err(|_| usage())?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(ParseError(format!("the board side must be {MIN_SIZE} to {MAX_SIZE}, not {size}")));
    }
    let side = parse_side(side)?;
    let mut variant = Variant::default();
    for item in variants {
        variant.set(item).map_err(|e| ParseError(e.chars().filter(|c| c.is_ascii_graphic() || *c == ' ').collect()))?;
    }
    Ok(Command::New { size, side, variant })
}

fn parse_end(words: &[&str]) -> Result<Command, ParseError> {
    let usage = || ParseError("write \"end: first <score> second <score>\"".into());
    let mut scores = [None, None];
    let words: Vec<&str> = words.iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).collect();
    let [a, x, b, y] = words.as_slice() else { return Err(usage()) };
    for (side, value) in [(a, x), (b, y)] {
        let side = parse_side(side)?;
        let value: u64 = value.parse().map_err(|_| usage())?;
        if scores[side.index()].replace(value).is_some() {
            return Err(usage());
        }
    }
    match scores {
        [Some(first), Some(second)] => Ok(Command::End { scores: [first, second] }),
        _ => Err(usage()),
    }
}

/// The wire form the referee sends, with its semicolon (no newline).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::New { size, side, variant } => {
                write!(f, "new {size} {side}")?;
                for item in variant.spec_items() {
                    write!(f, " {item}")?;
                }
                f.write_str(";")
            }
            Command::Move => f.write_str("move;"),
            Command::Note { side, squares } => write!(f, "note: {side} plays {};", format_move(squares)),
            Command::End { scores } => write!(f, "end: first {} second {};", scores[0], scores[1]),
            Command::Quit => f.write_str("quit;"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::CommandReader;
    use crate::variant::{ColourRule, Reach};

    #[test]
    fn reads_every_command_in_any_case_and_spacing() {
        assert_eq!(Command::parse(b"move"), Ok(Command::Move));
        assert_eq!(Command::parse(b"\r\n QUIT "), Ok(Command::Quit));
        assert_eq!(
            Command::parse(b"NEW\t8 Second colour=free reach=LINE"),
            Ok(Command::New {
                size: 8,
                side: Side::Second,
                variant: Variant { reach: Reach::Line, colour: ColourRule::Free }
            })
        );
        for text in ["note: first plays a1", "NOTE:FIRST PLAYS A1", "note : first plays a1", "note first plays a1"] {
            assert_eq!(
                Command::parse(text.as_bytes()),
                Ok(Command::Note { side: Side::First, squares: parse_move("a1").unwrap() }),
                "{text}"
            );
        }
        for text in ["end: first 24 second 29", "END second 29, first 24", "end:first 24 second 29"] {
            assert_eq!(Command::parse(text.as_bytes()), Ok(Command::End { scores: [24, 29] }), "{text}");
        }
    }

    #[test]
    fn rejects_bad_commands_with_a_reason() {
        let error = |t: &[u8]| Command::parse(t).unwrap_err().0;
        assert!(error(b"").contains("empty"));
        assert!(error(b"dance").contains("unknown command \"dance\""));
        assert!(error(b"new 1 first").contains("2 to 11"));
        assert!(error(b"new 6 third").contains("not a side"));
        assert!(error(b"new 6 first speed=3").contains("unknown variant"));
        assert!(error(b"note: first plays").contains("at least one square"));
        assert!(error(b"note: first plays b3 zz").contains("not a square"));
        assert!(error(b"move now").contains("no arguments"));
        assert!(error(b"end: first 1 first 2").contains("end: first"));
        assert!(error(b"\xff\xfe\n").contains("not text"));
    }

    #[test]
    fn round_trips_through_the_wire_form() {
        let all = [
            Command::New { size: 6, side: Side::First, variant: Variant::default() },
            Command::New {
                size: 11,
                side: Side::Second,
                variant: Variant { reach: Reach::Line, colour: ColourRule::Free },
            },
            Command::Move,
            Command::Note { side: Side::Second, squares: parse_move("b3 b4x c4o").unwrap() },
            Command::End { scores: [24, 29] },
            Command::Quit,
        ];
        for cmd in all {
            let wire = cmd.to_string();
            let body = wire.strip_suffix(';').unwrap();
            assert_eq!(Command::parse(body.as_bytes()), Ok(cmd));
        }
    }

    #[test]
    fn the_reader_splits_several_commands_on_one_line_and_one_command_over_many_reads() {
        let mut r = CommandReader::new();
        let drain = |r: &mut CommandReader| std::iter::from_fn(|| r.next_command()).collect::<Vec<_>>();
        r.feed(b"new 6 first; move;\r\n");
        assert_eq!(drain(&mut r).len(), 2);
        for &b in b"note: second plays b3\n b4;" {
            r.feed(&[b]);
        }
        let squares = parse_move("b3 b4").unwrap();
        assert_eq!(drain(&mut r), vec![Ok(Command::Note { side: Side::Second, squares })]);
        assert!(!r.has_partial_command());
    }
}
