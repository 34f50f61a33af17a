//! Who sits on a side, as a referee's command line names it.

use std::fmt;
use std::str::FromStr;

/// A person at this terminal, or a program speaking the protocol (its command line, split like
/// a shell would when it is started).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    Human,
    Program(String),
}

impl FromStr for Seat {
    type Err = String;

    /// `human` (any case) or a command line.
    fn from_str(s: &str) -> Result<Seat, String> {
        match s.trim() {
            "" => Err("an empty seat: write `human` or a program's command line".into()),
            t if t.eq_ignore_ascii_case("human") => Ok(Seat::Human),
            t => Ok(Seat::Program(t.to_string())),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Program(line) => f.write_str(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_person_or_a_command_line() {
        assert_eq!(" HUMAN ".parse(), Ok(Seat::Human));
        assert_eq!("bot --fast".parse(), Ok(Seat::Program("bot --fast".into())));
        assert!(" ".parse::<Seat>().is_err());
        assert_eq!(Seat::Program("bot -v".into()).to_string(), "bot -v");
    }
}
