//! The answers of a bot in a two-player game: `ok.`, its move (`B3.`, `b3 b4 c4.`), or
//! `error: REASON.` Score 4 and Upward-Rightward answer alike but for how a move is written, so
//! the answer type is one, generic over the game's [`Notation`].

use super::reply_line::{body, error_reason, is_error_line, write_error};
use crate::command_reader::{ProtocolError, one_line, quote};
use crate::line_program::{self, Fault, Verdict};
use std::fmt;

/// How a game writes a move in an answer line.
pub trait Notation {
    type Move: Clone + fmt::Debug + PartialEq + Eq;
    /// What a move looks like, for the message about a line that is no answer:
    /// `a location like "B3."`.
    const LIKE: &'static str;
    /// Reads a move from an answer's text without its period (lower or upper case); the error
    /// says why it is not one (empty when there is nothing more to say than "not a move").
    fn read_move(text: &str) -> Result<Self::Move, String>;
    /// The move exactly as a bot writes it, without the period.
    fn write_move(m: &Self::Move) -> String;
}

/// One answer line (without its newline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveReply<N: Notation> {
    Ok,
    /// The answer to the command asking for a move.
    Move(N::Move),
    /// A command the bot could not carry out, with the reason (a phrase without a final period).
    Error(String),
}

impl<N: Notation> MoveReply<N> {
    /// An error answer; the reason is cleaned up so the line stays one line of printable ASCII.
    pub fn error(reason: impl fmt::Display) -> Self {
        MoveReply::Error(one_line(reason))
    }

    /// Reads a line a bot wrote, tolerant of case, spaces and a CR/LF: `ok.`, the move, or
    /// `error...`. The period is required.
    pub fn parse(line: &str) -> Result<Self, ProtocolError> {
        let body = body(line)?;
        if body.eq_ignore_ascii_case("ok") {
            return Ok(MoveReply::Ok);
        }
        if let Some(reason) = error_reason(body) {
            return Ok(MoveReply::error(reason));
        }
        N::read_move(body).map(MoveReply::Move).map_err(|why| {
            let why = one_line(why);
            let why = if why.is_empty() { why } else { format!(" ({why})") };
            ProtocolError(format!(
                "{} is neither \"ok.\", {}, nor an error{why}",
                quote(line.trim().as_bytes()),
                N::LIKE
            ))
        })
    }

    /// True for the well-formed answer lines a bot may write (what the fuzz tests check).
    pub fn is_well_formed(line: &str) -> bool {
        line == "ok."
            || line.strip_suffix('.').is_some_and(|m| N::read_move(m).is_ok_and(|mv| N::write_move(&mv) == m))
            || is_error_line(line)
    }

    /// The move of an answer to `command` (the one asking for a move), or the fault of
    /// answering anything else.
    pub fn into_move(self, command: &impl fmt::Display) -> Result<N::Move, Fault> {
        match self {
            MoveReply::Move(m) => Ok(m),
            MoveReply::Ok => Err(Fault::Malformed("\"ok.\" is not a move".into())),
            MoveReply::Error(why) => Err(Fault::refused(command, &why)),
        }
    }
}

/// The exact line a bot writes (the caller adds the newline).
impl<N: Notation> fmt::Display for MoveReply<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveReply::Ok => f.write_str("ok."),
            MoveReply::Move(m) => write!(f, "{}.", N::write_move(m)),
            MoveReply::Error(reason) => write_error(f, reason),
        }
    }
}

impl<N: Notation> line_program::Reply for MoveReply<N> {
    fn parse_line(line: &str) -> Result<Self, String> {
        MoveReply::parse(line).map_err(|e| e.0)
    }

    fn verdict(self) -> Verdict {
        match self {
            MoveReply::Ok => Verdict::Ok,
            MoveReply::Error(why) => Verdict::Refused(why),
            MoveReply::Move(m) => Verdict::Other(format!("the move {}", N::write_move(&m))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move is a digit.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Digit;

    impl Notation for Digit {
        type Move = u8;
        const LIKE: &'static str = "a digit like \"7.\"";
        fn read_move(text: &str) -> Result<u8, String> {
            text.parse().ok().filter(|d| *d < 10).ok_or_else(|| "not a digit".into())
        }
        fn write_move(m: &u8) -> String {
            m.to_string()
        }
    }

    type Reply = MoveReply<Digit>;

    #[test]
    fn formats_and_reads_back_every_reply() {
        for r in [Reply::Ok, Reply::Move(7), Reply::error("no")] {
            let line = r.to_string();
            assert!(Reply::is_well_formed(&line), "{line}");
            assert_eq!(Reply::parse(&format!(" {line}\r\n")), Ok(r));
            assert!(Reply::parse(&line.to_uppercase()).is_ok(), "{line}");
        }
        assert_eq!(
            Reply::parse("12.").unwrap_err().0,
            "\"12.\" is neither \"ok.\", a digit like \"7.\", nor an error (not a digit)"
        );
        assert!(Reply::parse("\u{e9}.").is_err());
    }

    #[test]
    fn a_wrong_answer_is_a_fault_that_names_the_command() {
        assert_eq!(Reply::Ok.into_move(&"move;"), Err(Fault::Malformed("\"ok.\" is not a move".into())));
        let refused = Reply::error("no").into_move(&"move;");
        assert_eq!(refused, Err(Fault::Refused("move; got \"error: no.\"".into())));
        let moved = line_program::Reply::expect_ok(Reply::Move(3), "note;");
        assert_eq!(moved, Err(Fault::Malformed("note; got the move 3, not \"ok.\"".into())));
    }
}
