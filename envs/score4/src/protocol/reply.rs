//! The bot's answers: `ok.`, a location like `B3.`, or `error: ... .`.

use super::quote;
use crate::peg::Peg;
use std::fmt;

/// One answer line (without its newline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Ok,
    /// The answer to `move;`.
    Move(Peg),
    /// A command we could not carry out, with the reason (a phrase without a final period).
    Error(String),
}

/// Why a line from a bot is not a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyError(pub String);

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReplyError {}

impl Reply {
    /// An error reply; the reason is cleaned up so the line stays one line of printable ASCII.
    pub fn error(reason: impl fmt::Display) -> Reply {
        Reply::Error(tabula_core::command_reader::one_line(reason))
    }

    /// Reads a line a bot wrote, tolerant of case, spaces and a CR/LF: `ok.`, ` b3 .\r\n`,
    /// `error: peg B1 is full.` The period is required.
    ///
    /// ```
    /// use score4::protocol::Reply;
    /// assert_eq!(Reply::parse("OK.\r\n"), Ok(Reply::Ok));
    /// assert_eq!(Reply::parse("c4."), Ok(Reply::Move("C4".parse().unwrap())));
    /// assert!(matches!(Reply::parse("error: no."), Ok(Reply::Error(_))));
    /// assert!(Reply::parse("B3").is_err());
    /// assert!(Reply::parse("E9.").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Reply, ReplyError> {
        let text = line.trim();
        let Some(body) = text.strip_suffix('.') else {
            return Err(ReplyError(format!("{} does not end in a period", quote(text.as_bytes()))));
        };
        let body = body.trim();
        if body.eq_ignore_ascii_case("ok") {
            return Ok(Reply::Ok);
        }
        // `get` keeps a multi-byte character at byte 5 from panicking.
        if body.get(..5).is_some_and(|head| head.eq_ignore_ascii_case("error")) {
            let reason = body[5..].trim_start_matches(':').trim();
            return Ok(Reply::error(reason));
        }
        body.parse::<Peg>().map(Reply::Move).map_err(|_| {
            ReplyError(format!("{} is neither \"ok.\", a location like \"B3.\", nor an error", quote(text.as_bytes())))
        })
    }

    /// True for the well-formed answer lines a bot may write (what the fuzz tests check).
    pub fn is_well_formed(line: &str) -> bool {
        line == "ok."
            || line
                .strip_suffix('.')
                .is_some_and(|loc| loc.len() == 2 && loc.parse::<Peg>().is_ok_and(|p| p.to_string() == loc))
            || (line.starts_with("error") && line.ends_with('.') && line.bytes().all(|b| (0x20..0x7f).contains(&b)))
    }
}

/// The exact line a bot writes (the caller adds the newline).
impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("ok."),
            Reply::Move(p) => write!(f, "{p}."),
            Reply::Error(reason) if reason.is_empty() => f.write_str("error."),
            Reply::Error(reason) => write!(f, "error: {reason}."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_reads_back_every_reply() {
        let replies = [Reply::Ok, Reply::Move("B3".parse().unwrap()), Reply::error("peg B1 is full")];
        for r in replies {
            let line = r.to_string();
            assert!(Reply::is_well_formed(&line), "{line}");
            assert_eq!(Reply::parse(&line), Ok(r.clone()));
            let shouted = Reply::parse(&format!("  {}\r\n", line.to_uppercase())).unwrap();
            assert_eq!(std::mem::discriminant(&shouted), std::mem::discriminant(&r));
        }
        assert_eq!(Reply::error("peg B1 is full.").to_string(), "error: peg B1 is full.");
    }

    #[test]
    fn error_text_stays_on_one_printable_line() {
        let line = Reply::error("bad\nthing\u{1b}[31m é").to_string();
        assert!(Reply::is_well_formed(&line), "{line}");
        assert!(!line.contains('\n'));
    }

    #[test]
    fn rejects_malformed_lines() {
        for bad in ["", "ok", "B3", "E1.", "B33.", "hello world", "okay.", "."] {
            assert!(Reply::parse(bad).is_err(), "{bad:?}");
        }
    }
}
