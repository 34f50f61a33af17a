//! Sub-actions and their numbers. A phase-2 move is several sub-actions by one player: squares,
//! then `end` (or the move ends by itself when no square qualifies).
//!
//! Action numbers on an `n x n` board (`n²` squares):
//!
//! | action | meaning |
//! |---|---|
//! | `0..n²` | fill square `row * n + column` with the mover's own colour |
//! | `n²` | `end`: stop the move (legal in phase 2 once the move has filled a square) |
//! | `n² + 1 ..= 2n²` | `colour=free` only: fill square `action - n² - 1` with the other colour |
//!
//! So the default game has `n² + 1` actions, and `colour=free` extends it without renumbering.
//! Colours are numbered relative to the mover so that one policy serves both players.
//!
//! ```
//! use upright::{Colour, Side, SubAction};
//! let b3 = SubAction::Fill("b3".parse().unwrap(), Colour::X);
//! assert_eq!(b3.action(6, Side::Second), 13); // X is player 2's own pen
//! assert_eq!(b3.action(6, Side::First), 36 + 1 + 13);
//! assert_eq!(SubAction::from_action(37 + 13, 6, Side::First), Some(b3));
//! assert_eq!(b3.notation(Side::First), "b3x");
//! assert_eq!(SubAction::parse("B3", Side::Second), Ok(b3));
//! assert_eq!(SubAction::parse(" END ", Side::First), Ok(SubAction::End));
//! ```

use crate::side::{Colour, Side};
use crate::square::Square;
use tabula_core::Action;

/// One step of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubAction {
    /// Fill an empty square with a colour.
    Fill(Square, Colour),
    /// Stop the move.
    End,
}

impl SubAction {
    /// The action number on a board of side `size` when `mover` moves.
    pub fn action(self, size: usize, mover: Side) -> Action {
        let squares = size * size;
        match self {
            SubAction::End => squares as Action,
            SubAction::Fill(square, colour) if colour == mover.pen() => square.index(size) as Action,
            SubAction::Fill(square, _) => (squares + 1 + square.index(size)) as Action,
        }
    }

    /// The sub-action an action number stands for, `None` beyond `2n²`.
    pub fn from_action(action: Action, size: usize, mover: Side) -> Option<SubAction> {
        let squares = size * size;
        let a = action as usize;
        if a < squares {
            Some(SubAction::Fill(Square::from_index(a, size), mover.pen()))
        } else if a == squares {
            Some(SubAction::End)
        } else if a <= 2 * squares {
            Some(SubAction::Fill(Square::from_index(a - squares - 1, size), mover.pen().other()))
        } else {
            None
        }
    }

    /// How people write it: `b3` (the mover's colour), `b3x` (the other colour, `colour=free`),
    /// `end`.
    pub fn notation(self, mover: Side) -> String {
        match self {
            SubAction::End => "end".into(),
            SubAction::Fill(square, colour) if colour == mover.pen() => square.to_string(),
            SubAction::Fill(square, colour) => format!("{square}{colour}"),
        }
    }

    /// Reads [`notation`](SubAction::notation) in any case: `end`, a square (`b3`, filled with
    /// the mover's colour), or a square and a colour letter (`b3x`, `b3o`). Whether the board
    /// has the square and the rules allow it is for the state to say.
    pub fn parse(text: &str, mover: Side) -> Result<SubAction, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("end") {
            return Ok(SubAction::End);
        }
        let colour_letter = t.chars().last().and_then(Colour::from_letter);
        match colour_letter {
            Some(colour) if t.len() > 1 => {
                let square = t[..t.len() - 1].parse::<Square>()?;
                Ok(SubAction::Fill(square, colour))
            }
            _ => Ok(SubAction::Fill(t.parse::<Square>()?, mover.pen())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_round_trip() {
        for size in [2, 6, 11] {
            for mover in Side::BOTH {
                for a in 0..=(2 * size * size) as Action {
                    let sub = SubAction::from_action(a, size, mover).unwrap();
                    assert_eq!(sub.action(size, mover), a);
                    assert_eq!(SubAction::parse(&sub.notation(mover), mover), Ok(sub));
                }
                assert_eq!(SubAction::from_action((2 * size * size + 1) as Action, size, mover), None);
            }
        }
    }

    #[test]
    fn garbage_is_not_a_sub_action() {
        for bad in ["", "x", "o", "ende", "b", "b3y", "b3xx", "3b", "béx"] {
            assert!(SubAction::parse(bad, Side::First).is_err(), "{bad:?}");
        }
        assert_eq!(SubAction::parse("b3o", Side::Second), Ok(SubAction::Fill("b3".parse().unwrap(), Colour::O)));
    }
}
