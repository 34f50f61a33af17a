//! [`Request`]: one line from a client.

use crate::side::Side;
use std::fmt;

/// The seat a client asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Side(Side),
    Either,
}

/// What a client can say.
///
/// ```
/// use superply::protocol::{Request, Seat};
/// use superply::Side;
/// assert_eq!(Request::parse("  JOIN   Red "), Ok(Request::Join(Seat::Side(Side::Red))));
/// assert_eq!(Request::parse("move 3x7"), Ok(Request::Move("3x7".into())));
/// assert!(Request::parse("dance").unwrap_err().contains("unknown request"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Hello(String),
    Join(Seat),
    /// The cell as written (the game reads it: `3x7`, `3 7`, `(3,7)`).
    Move(String),
    History,
    Board,
    Quit,
}

const FORMS: &str = "hello NAME, join blue|red|either, move ROWxCOLUMN, history, board or quit";

impl Request {
    /// Reads one line (any case, any spacing). The error is the text of an `error` line.
    pub fn parse(line: &str) -> Result<Request, String> {
        let lower = line.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(format!("empty request: expected {FORMS}"));
        };
        let request = match (first, rest) {
            ("hello", [name]) if name.chars().all(|c| c.is_ascii_graphic()) && name.len() <= 32 => {
                // The name keeps the case it was sent in.
                let original = line.split_whitespace().nth(1).unwrap_or(name);
                Request::Hello(original.to_string())
            }
            ("hello", _) => return Err("hello takes one name of at most 32 printable characters".into()),
            ("join", ["blue"]) => Request::Join(Seat::Side(Side::Blue)),
            ("join", ["red"]) => Request::Join(Seat::Side(Side::Red)),
            ("join", ["either"] | []) => Request::Join(Seat::Either),
            ("join", _) => return Err("join takes blue, red or either".into()),
            ("move" | "claim", cell) if !cell.is_empty() => Request::Move(cell.join(" ")),
            ("move" | "claim", _) => return Err("move takes a cell, e.g. move 3x7".into()),
            ("history", []) => Request::History,
            ("board", []) => Request::Board,
            ("quit" | "bye", []) => Request::Quit,
            ("history" | "board" | "quit" | "bye", _) => return Err(format!("{first} takes nothing after it")),
            _ => return Err(format!("unknown request {:?}: expected {FORMS}", truncate(line))),
        };
        Ok(request)
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Hello(name) => write!(f, "hello {name}"),
            Request::Join(Seat::Side(side)) => write!(f, "join {side}"),
            Request::Join(Seat::Either) => write!(f, "join either"),
            Request::Move(cell) => write!(f, "move {cell}"),
            Request::History => write!(f, "history"),
            Request::Board => write!(f, "board"),
            Request::Quit => write!(f, "quit"),
        }
    }
}

/// At most 40 characters of hostile text, for an error line.
fn truncate(text: &str) -> String {
    let mut out: String = text.trim().chars().filter(|c| !c.is_control()).take(40).collect();
    if text.trim().chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_request_reads_back_what_it_writes() {
        for r in [
            Request::Hello("Ann".into()),
            Request::Join(Seat::Side(Side::Blue)),
            Request::Join(Seat::Either),
            Request::Move("3x7".into()),
            Request::History,
            Request::Board,
            Request::Quit,
        ] {
            assert_eq!(Request::parse(&r.to_string()), Ok(r));
        }
    }

    #[test]
    fn bad_requests_say_what_is_expected() {
        assert!(Request::parse("join green").unwrap_err().contains("blue, red or either"));
        assert!(Request::parse("move").unwrap_err().contains("move 3x7"));
        assert!(Request::parse("history now").unwrap_err().contains("nothing after"));
        assert!(Request::parse("").unwrap_err().contains("empty"));
        let long = Request::parse(&"x".repeat(500)).unwrap_err();
        assert!(long.len() < 200, "{long}");
    }

    proptest! {
        #[test]
        fn any_line_parses_or_errs_on_one_line(line in ".{0,200}") {
            if let Err(e) = Request::parse(&line) {
                prop_assert!(!e.contains('\n') && !e.contains('\r'));
            }
        }
    }
}
