//! The bot's answers: `ok.`, a move like `b3 b4 c4.`, or `error: ... .`, in tabula's shared
//! [`MoveReply`] with the squares for the move.

use crate::moves::{MoveSquare, format_move, parse_move};
use tabula_core::protocol::{MoveReply, Notation};

/// One answer line (without its newline): `ok.`, the move (`Reply::Move(squares)`, the
/// squares filled in order) or an error.
///
/// ```
/// use upright::protocol::Reply;
/// assert_eq!(Reply::parse("OK.\r\n"), Ok(Reply::Ok));
/// assert_eq!(Reply::parse("b3 B4 c4x.").unwrap().to_string(), "b3 b4 c4x.");
/// assert!(matches!(Reply::parse("error: no."), Ok(Reply::Error(_))));
/// assert!(Reply::parse("b3").is_err());
/// assert!(Reply::parse("b3 z9.").is_err());
/// ```
pub type Reply = MoveReply<Squares>;

/// Why a line from a bot is not a reply.
pub use tabula_core::command_reader::ProtocolError as ReplyError;

/// How a move is written in an answer: its squares in order, tolerant of case, spaces and
/// commas (` B3 b4, c4 .`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Squares;

impl Notation for Squares {
    type Move = Vec<MoveSquare>;
    const LIKE: &'static str = "a move like \"b3 b4.\"";
    fn read_move(text: &str) -> Result<Vec<MoveSquare>, String> {
        parse_move(text)
    }
    fn write_move(squares: &Vec<MoveSquare>) -> String {
        format_move(squares)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::protocol::hostile::check_move_replies;

    #[test]
    fn formats_and_reads_back_every_reply_and_rejects_malformed_lines() {
        check_move_replies::<Squares>(
            parse_move("b3 b4x").unwrap(),
            &["", "ok", "b3", "z1.", "b33.", "hello world", "okay.", ".", "end."],
        );
        assert_eq!(Reply::error("b3 is filled.").to_string(), "error: b3 is filled.");
    }
}
