//! The player's answers: `ok.`, `ask 3: 2 7 11.`, `guess: 1 5 9 13.`, `show 7.`, `none.`,
//! `error: ... .`

use super::words::{items, quote, seat, words};
use crate::items::{Item, ItemSet};
use std::fmt;
use tabula_core::Player;
use tabula_core::protocol::reply_line;

/// One answer line (without its newline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Ok,
    /// The answer to `turn;`: a question.
    Ask {
        target: Player,
        list: ItemSet,
    },
    /// The answer to `turn;`: a guess of the hidden items.
    Guess(ItemSet),
    /// The answer to `show`: the item shown.
    Show(Item),
    /// The answer to `show` of a player holding none of the items (`0.` reads as this too).
    None,
    /// A command we could not carry out, with the reason (a phrase without a final period).
    Error(String),
}

/// Why a line from a player is not a reply.
pub use tabula_core::command_reader::ProtocolError as ReplyError;

impl Reply {
    /// An error reply; the reason is cleaned up so the line stays one line of printable ASCII.
    pub fn error(reason: impl fmt::Display) -> Reply {
        Reply::Error(tabula_core::command_reader::one_line(reason))
    }

    /// Reads a line a player wrote, tolerant of case, spacing, colons and commas and a CR/LF.
    /// The period is required (a person at the arbitrator's keyboard may leave it out: see
    /// [`Reply::parse_typed`]).
    ///
    /// ```
    /// use clue::protocol::Reply;
    /// assert_eq!(Reply::parse("OK.\r\n"), Ok(Reply::Ok));
    /// assert_eq!(Reply::parse(" ASK 3 : 11, 2 7 .").unwrap().to_string(), "ask 3: 2 7 11.");
    /// assert_eq!(Reply::parse("7.").unwrap().to_string(), "show 7.");
    /// assert_eq!(Reply::parse("0.").unwrap(), Reply::None);
    /// assert!(Reply::parse("guess 1 2").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Reply, ReplyError> {
        Reply::parse_typed(reply_line::body(line)?)
    }

    /// Reads a reply without its period.
    pub fn parse_typed(body: &str) -> Result<Reply, ReplyError> {
        let body = body.trim();
        if let Some(reason) = reply_line::error_reason(body) {
            return Ok(Reply::error(reason));
        }
        let words = words(body);
        let bad = || {
            ReplyError(format!(
                "{} is none of \"ok.\", \"ask P: ITEMS.\", \"guess: ITEMS.\", \"show ITEM.\", \"none.\"",
                quote(body.as_bytes())
            ))
        };
        let items = |w: &[String]| items(w).filter(|s| !s.is_empty()).ok_or_else(bad);
        match words.split_first() {
            Some((verb, rest)) => match (verb.as_str(), rest) {
                ("ok", []) => Ok(Reply::Ok),
                ("none" | "0", []) => Ok(Reply::None),
                ("ask", [target, list @ ..]) => {
                    Ok(Reply::Ask { target: seat(target).ok_or_else(bad)?, list: items(list)? })
                }
                ("guess", list) => Ok(Reply::Guess(items(list)?)),
                ("show", [item]) => Ok(Reply::Show(items(std::slice::from_ref(item))?.last().ok_or_else(bad)?)),
                (_, []) => Ok(Reply::Show(items(std::slice::from_ref(verb))?.last().ok_or_else(bad)?)),
                _ => Err(bad()),
            },
            None => Err(bad()),
        }
    }

    /// True for the exact lines a bot writes (what the fuzz tests check).
    pub fn is_well_formed(line: &str) -> bool {
        match line.strip_suffix('.').map(Reply::parse_typed) {
            Some(Ok(Reply::Error(_))) => reply_line::is_error_line(line),
            Some(Ok(reply)) => reply.to_string() == line,
            _ => false,
        }
    }
}

/// The exact line a player writes (the caller adds the newline).
impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("ok."),
            Reply::Ask { target, list } => write!(f, "ask {}: {list}.", target + 1),
            Reply::Guess(items) => write!(f, "guess: {items}."),
            Reply::Show(item) => write!(f, "show {item}."),
            Reply::None => f.write_str("none."),
            Reply::Error(reason) => reply_line::write_error(f, reason),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[usize]) -> ItemSet {
        v.iter().map(|&n| Item::new(n).unwrap()).collect()
    }

    #[test]
    fn formats_and_reads_back_every_reply() {
        let replies = [
            Reply::Ok,
            Reply::Ask { target: 2, list: set(&[2, 7, 11]) },
            Reply::Guess(set(&[1, 5])),
            Reply::Show(Item::new(7).unwrap()),
            Reply::None,
            Reply::error("not my turn"),
        ];
        for r in replies {
            let line = r.to_string();
            assert!(Reply::is_well_formed(&line), "{line}");
            assert_eq!(Reply::parse(&line), Ok(r.clone()));
            let shouted = Reply::parse(&format!("  {}\r\n", line.to_uppercase())).unwrap();
            assert_eq!(shouted.to_string().to_lowercase(), line);
        }
        assert_eq!(Reply::error("bad\nthing\u{1b}").to_string(), "error: bad?thing?.");
    }

    #[test]
    fn rejects_malformed_lines() {
        for bad in [
            "",
            "ok",
            "ask 3.",
            "ask 0: 1.",
            "ask 3: 0.",
            "guess.",
            "show.",
            "show 1 2.",
            "okay.",
            ".",
            "1 2.",
            "\u{e9}.",
        ] {
            assert!(Reply::parse(bad).is_err(), "{bad:?}");
        }
    }
}
