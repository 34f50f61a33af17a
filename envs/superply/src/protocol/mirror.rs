//! [`Mirror`]: a client's copy of its game, kept in step by the server's lines, so that a bot can
//! search the position and a terminal client can draw it.

use crate::game::{Mode, Superply, SuperplyState};
use crate::hint::{Hint, default_hints};
use crate::side::Side;
use tabula_core::{Game, State, Turn};

/// The position of one game as the server reports it.
///
/// ```
/// use superply::protocol::{Message, Mirror};
/// use superply::{Mode, Side};
/// let mut game = Mirror::new(7, 9, Mode::Random, Side::Red).unwrap();
/// for line in ["hint blue odd : 1x1 1x3", "moved blue 1x3", "hint red even : 1x2 2x2"] {
///     game.follow(&Message::parse(line).unwrap()).unwrap();
/// }
/// assert!(game.my_turn());
/// assert_eq!(game.state().board().owner(game.state().parse_cell("1x3").unwrap()), Some(Side::Blue));
/// ```
#[derive(Debug, Clone)]
pub struct Mirror {
    game: u64,
    side: Side,
    state: SuperplyState,
    /// The cells the last hint line allowed, as the server wrote them.
    allowed: Vec<String>,
}

impl Mirror {
    /// Game `game` on a `size` board (the server's `start` line), played with the default hint
    /// list (a server with another list is followed in random mode's way: hint by hint).
    pub fn new(game: u64, size: usize, mode: Mode, side: Side) -> Result<Mirror, String> {
        let rules = Superply::new(size, mode, default_hints())?;
        Ok(Mirror { game, side, state: rules.new_initial_state(0), allowed: Vec::new() })
    }

    pub fn game(&self) -> u64 {
        self.game
    }

    pub fn side(&self) -> Side {
        self.side
    }

    pub fn state(&self) -> &SuperplyState {
        &self.state
    }

    /// The cells the last hint allowed, in the server's words.
    pub fn allowed(&self) -> &[String] {
        &self.allowed
    }

    /// Whether the last hint was for this side and it has not moved since.
    pub fn my_turn(&self) -> bool {
        self.state.turn() == Turn::Player(self.side.index()) && !self.allowed.is_empty()
    }

    /// Applies a `hint` or `moved` line of this game (other lines change nothing). An error
    /// means the copy is out of step with the server: a bot should then play from
    /// [`allowed`](Mirror::allowed) alone.
    pub fn follow(&mut self, message: &super::Message) -> Result<(), String> {
        use super::Message;
        match message {
            Message::Hint { side, hint, cells } => {
                self.allowed = cells.clone();
                self.on_hint(*side, *hint)
            }
            Message::Moved { side, cell } => {
                self.allowed.clear();
                self.on_moved(*side, cell)
            }
            _ => Ok(()),
        }
    }

    fn on_hint(&mut self, side: Side, hint: Hint) -> Result<(), String> {
        if self.state.turn() == Turn::Chance {
            let action = self.state.string_to_action(&hint.to_string()).map_err(|e| e.to_string())?;
            self.state.apply(action).map_err(|e| e.reason)?;
        }
        match (self.state.to_move(), self.state.hint()) {
            (to_move, Some(mine)) if to_move == side && mine == hint => Ok(()),
            (to_move, mine) => Err(format!(
                "out of step: the server says {side} moves under {hint}, the copy has {to_move} under {}",
                mine.map_or_else(|| "no hint".to_string(), |h| h.to_string())
            )),
        }
    }

    fn on_moved(&mut self, side: Side, cell: &str) -> Result<(), String> {
        if self.state.to_move() != side {
            return Err(format!(
                "out of step: the server says {side} moved, the copy has {} to move",
                self.state.to_move()
            ));
        }
        let action = self.state.string_to_action(cell).map_err(|e| e.to_string())?;
        self.state.apply(action).map_err(|e| e.reason)
    }
}
