//! The person at the keyboard ([`tabula_core::keyboard`]): a move is a peg, `B3` (also `B3.`
//! or `b3;`).

use crate::peg::Peg;
use tabula_core::keyboard;

pub use tabula_core::keyboard::{Interrupt, Keyboard};

/// What a person may type.
pub type Typed = keyboard::Typed<Peg>;

/// Reads a line in any case: a peg, `quit`, `restart`, `history`, `board`, `help`.
pub fn typed(line: &str) -> Typed {
    Typed::parse(line, |word| word.parse::<Peg>().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_person_types() {
        assert_eq!(typed(" b3.\r"), Typed::Move("B3".parse().unwrap()));
        assert_eq!(typed("QUIT"), Typed::Quit);
        assert_eq!(typed("restart;"), Typed::Restart);
        assert_eq!(typed("history"), Typed::History);
        assert_eq!(typed("E7"), Typed::Unknown);
    }
}
