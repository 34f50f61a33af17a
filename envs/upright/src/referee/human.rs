//! The person at the keyboard ([`tabula_core::keyboard`]): a move is its squares, `b3 b4 c4`
//! (commas and a final period are fine).

use crate::moves::{MoveSquare, parse_move};
use tabula_core::keyboard;

pub use tabula_core::keyboard::{Interrupt, Keyboard};

/// What a person may type.
pub type Typed = keyboard::Typed<Vec<MoveSquare>>;

/// Reads a line in any case: a move such as `b3 b4 c4` (also `b3, b4, c4.`), `quit`,
/// `restart`, `history`, `board`, `help`.
pub fn typed(line: &str) -> Typed {
    Typed::parse(line, |text| parse_move(text).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_person_types() {
        assert_eq!(typed(" B3, b4 c4.\r"), Typed::Move(parse_move("b3 b4 c4").unwrap()));
        assert_eq!(typed("QUIT"), Typed::Quit);
        assert_eq!(typed("restart;"), Typed::Restart);
        assert_eq!(typed("history"), Typed::History);
        assert_eq!(typed("b3 z7"), Typed::Unknown);
        assert_eq!(typed(""), Typed::Unknown);
    }
}
