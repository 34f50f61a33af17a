//! The bot's answers: `ok.`, a location like `B3.`, or `error: ... .`, in tabula's shared
//! [`MoveReply`] with a peg for the move.

use crate::peg::Peg;
use tabula_core::protocol::{MoveReply, Notation};

/// One answer line (without its newline): `ok.`, the move (`Reply::Move(peg)`) or an error.
///
/// ```
/// use score4::protocol::Reply;
/// assert_eq!(Reply::parse("OK.\r\n"), Ok(Reply::Ok));
/// assert_eq!(Reply::parse("c4."), Ok(Reply::Move("C4".parse().unwrap())));
/// assert!(matches!(Reply::parse("error: no."), Ok(Reply::Error(_))));
/// assert!(Reply::parse("B3").is_err());
/// assert!(Reply::parse("E9.").is_err());
/// ```
pub type Reply = MoveReply<Peg>;

/// Why a line from a bot is not a reply.
pub use tabula_core::command_reader::ProtocolError as ReplyError;

/// A move in an answer is its peg: ` b3 .` reads as `B3.`.
impl Notation for Peg {
    type Move = Peg;
    const LIKE: &'static str = "a location like \"B3.\"";
    fn read_move(text: &str) -> Result<Peg, String> {
        text.parse().map_err(|_| String::new())
    }
    fn write_move(peg: &Peg) -> String {
        peg.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::protocol::hostile::check_move_replies;

    #[test]
    fn formats_and_reads_back_every_reply_and_rejects_malformed_lines() {
        check_move_replies::<Peg>("B3".parse().unwrap(), &["", "ok", "B3", "E1.", "B33.", "hello world", "okay.", "."]);
        assert_eq!(Reply::error("peg B1 is full.").to_string(), "error: peg B1 is full.");
    }
}
