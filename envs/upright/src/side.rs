//! The two players and the two pens.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player. `First` fills the lower-left square, moves first and scores the rows; `Second`
/// scores the columns.
///
/// ```
/// use upright::{Colour, Side};
/// assert_eq!(Side::First.other(), Side::Second);
/// assert_eq!(Side::First.pen(), Colour::O); // as in the post's sample, whose lower-left square is O
/// assert_eq!("second".parse::<Side>(), Ok(Side::Second));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for `First`, 1 for `Second` (tabula's player numbers).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The colour this player's pen draws.
    pub fn pen(self) -> Colour {
        match self {
            Side::First => Colour::O,
            Side::Second => Colour::X,
        }
    }

    /// `Player 1` or `Player 2`.
    pub fn title(self) -> &'static str {
        match self {
            Side::First => "Player 1",
            Side::Second => "Player 2",
        }
    }

    /// What this player scores: `rows` or `columns`.
    pub fn scores(self) -> &'static str {
        match self {
            Side::First => "rows",
            Side::Second => "columns",
        }
    }
}

/// `first` or `second` (the protocol's words).
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::First => "first",
            Side::Second => "second",
        })
    }
}

impl std::str::FromStr for Side {
    type Err = String;

    /// `first`/`second`, also `1`/`2` and `player1`/`player2`, any case.
    fn from_str(s: &str) -> Result<Side, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "first" | "1" | "player1" | "p1" => Ok(Side::First),
            "second" | "2" | "player2" | "p2" => Ok(Side::Second),
            other => Err(format!("{other:?} is not a side (first or second)")),
        }
    }
}

/// The colour of a filled square. Scores do not depend on which colour is which (a run is a
/// stretch of either colour), only on where the colours change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    O,
    X,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::O, Colour::X];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Colour {
        match self {
            Colour::O => Colour::X,
            Colour::X => Colour::O,
        }
    }

    /// `o` or `x`.
    pub fn letter(self) -> char {
        match self {
            Colour::O => 'o',
            Colour::X => 'x',
        }
    }

    /// Reads `o` or `x` in any case.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_lowercase() {
            'o' => Some(Colour::O),
            'x' => Some(Colour::X),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
