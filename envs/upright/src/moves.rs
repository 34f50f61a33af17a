//! Whole moves as people and the protocol write them: the squares in order, `b3 b4 c4`, each
//! with an optional colour letter (`b3x`) that only `colour=free` may use for the other colour.
//! The `end` is implied by the end of the list.
//!
//! ```
//! use upright::{UprightState, Variant, moves::{format_move, parse_move}};
//! let mut s = UprightState::new(3, Variant::default()).unwrap();
//! for text in ["a1", "b1", "b2", "b3", "c3"] {
//!     s.play_move(&parse_move(text).unwrap()).unwrap();
//! }
//! assert_eq!(parse_move(" C1, c2x ").unwrap()[1].to_string(), "c2x");
//! let m = parse_move("c1 c2").unwrap();
//! assert_eq!(format_move(&m), "c1 c2");
//! let actions = s.play_move(&m).unwrap(); // player 2: c1, then c2 (the move ends by itself)
//! assert_eq!(actions.len(), 2);
//! assert!(s.play_move(&parse_move("a3").unwrap()).is_err()); // a2, below a3, is empty
//! s.play_move(&parse_move("a2 a3").unwrap()).unwrap(); // player 1: a2, a3, then `end`
//! ```

use crate::action::SubAction;
use crate::rules::UprightState;
use crate::side::Colour;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;
use tabula_core::{Action, State};

/// The most squares a move can have (an 11 x 11 board has 121).
pub const MAX_MOVE_SQUARES: usize = crate::square::MAX_SIZE * crate::square::MAX_SIZE;

/// One square of a move as written: the square, and a colour if one was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveSquare {
    pub square: Square,
    /// `None`: the mover's own colour.
    pub colour: Option<Colour>,
}

impl MoveSquare {
    pub fn own(square: Square) -> MoveSquare {
        MoveSquare { square, colour: None }
    }
}

impl fmt::Display for MoveSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.colour {
            None => write!(f, "{}", self.square),
            Some(c) => write!(f, "{}{c}", self.square),
        }
    }
}

impl FromStr for MoveSquare {
    type Err = String;

    /// `b3`, `B3`, `b3x`, `b3O`.
    fn from_str(text: &str) -> Result<MoveSquare, String> {
        let t = text.trim();
        match t.chars().last().and_then(Colour::from_letter) {
            Some(colour) if t.len() > 1 => Ok(MoveSquare { square: t[..t.len() - 1].parse()?, colour: Some(colour) }),
            _ => Ok(MoveSquare::own(t.parse()?)),
        }
    }
}

/// Reads a move: squares separated by white space and/or commas, any case, at least one.
pub fn parse_move(text: &str) -> Result<Vec<MoveSquare>, String> {
    let words: Vec<&str> =
        text.split(|c: char| c.is_ascii_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Err("a move names at least one square, like b3 or b3 b4 c4".into());
    }
    if words.len() > MAX_MOVE_SQUARES {
        return Err(format!("a move has at most {MAX_MOVE_SQUARES} squares"));
    }
    words.iter().map(|w| w.parse()).collect()
}

/// `b3 b4 c4`.
pub fn format_move(squares: &[MoveSquare]) -> String {
    squares.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

impl UprightState {
    /// Plays a whole move for the player to move: its squares in order, then `end` when the move
    /// has not ended by itself. Returns the sub-actions played. An illegal move is an error
    /// that says why, and changes nothing.
    pub fn play_move(&mut self, squares: &[MoveSquare]) -> Result<Vec<Action>, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        if squares.is_empty() {
            return Err("a move fills at least one square".into());
        }
        let mover = self.to_move();
        let mut next = *self;
        let mut actions = Vec::with_capacity(squares.len() + 1);
        for (i, written) in squares.iter().enumerate() {
            if i > 0 && (next.to_move() != mover || next.is_over()) {
                return Err(format!(
                    "the move ended by itself after {} (no square qualifies next), so {} cannot follow",
                    squares[i - 1],
                    written
                ));
            }
            let sub = SubAction::Fill(written.square, written.colour.unwrap_or(mover.pen()));
            next.play(sub).map_err(|why| if i == 0 { why } else { format!("{why} (square {} of the move)", i + 1) })?;
            actions.push(sub.action(self.size(), mover));
        }
        if next.to_move() == mover && !next.is_over() {
            let end = SubAction::End.action(self.size(), mover);
            next.apply(end).expect("a started phase-2 move may always end");
            actions.push(end);
        }
        *self = next;
        Ok(actions)
    }

    /// The squares of a move given as sub-actions (the `end` left out), as they are written.
    pub fn written_move(&self, actions: &[Action]) -> Vec<MoveSquare> {
        let mover = self.to_move();
        actions
            .iter()
            .filter_map(|&a| match SubAction::from_action(a, self.size(), mover) {
                Some(SubAction::Fill(square, colour)) => {
                    Some(MoveSquare { square, colour: (colour != mover.pen()).then_some(colour) })
                }
                _ => None,
            })
            .collect()
    }
}

/// Plays sub-actions chosen one at a time by `pick` on a copy of `state` until the turn passes
/// or the game ends; returns them (the whole move, `end` included). This is how a player that
/// decides one sub-action at a time (a tabula `Agent`) answers for a whole move. A pick that is
/// not legal is replaced by the first legal action.
pub fn whole_move(state: &UprightState, mut pick: impl FnMut(&UprightState) -> Action) -> Vec<Action> {
    let mover = state.to_move();
    let mut s = *state;
    let mut actions = Vec::new();
    while !s.is_over() && s.to_move() == mover {
        let mut a = pick(&s);
        if s.apply(a).is_err() {
            a = s.legal_actions()[0];
            s.apply(a).expect("the first legal action is legal");
        }
        actions.push(a);
    }
    actions
}
