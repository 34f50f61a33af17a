//! Tic-tac-toe with an exact solver: a small solved game on which a learning algorithm can be
//! checked against perfect play (the trainer's conformance test).
//!
//! ```
//! use tabula_core::testing::{TicTacToe, TicTacToeSolver};
//! use tabula_core::{Game, State};
//! let mut solver = TicTacToeSolver::new();
//! let mut s = TicTacToe.new_initial_state(0);
//! assert_eq!(solver.value(&s), 0, "perfect play draws");
//! s.apply(4).unwrap(); // X takes the centre
//! let mut edge = s.clone();
//! edge.apply(1).unwrap(); // O answers on an edge: X can now force a win
//! assert_eq!(solver.value(&edge), 1, "X to move wins");
//! s.apply(0).unwrap(); // O answers in a corner: still a draw
//! assert_eq!(solver.value(&s), 0);
//! ```

use crate::error::SpecError;
use crate::game::{ChanceMode, Game, Information};
use crate::spec::GameSpec;
use crate::state::{Action, Player, State, Turn};
use crate::state::{IllegalAction, NotationError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// Tic-tac-toe: actions 0..9 are the cells, row by row; X (player 0) moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TicTacToe;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TicTacToeState {
    /// 0 empty, 1 X, 2 O.
    cells: [u8; 9],
    moves: usize,
    winner: Option<Player>,
}

impl TicTacToeState {
    fn to_move(&self) -> Player {
        self.moves % 2
    }

    fn full_or_won(&self) -> bool {
        self.winner.is_some() || self.moves == 9
    }
}

impl Game for TicTacToe {
    type State = TicTacToeState;

    fn spec(&self) -> String {
        "tictactoe".into()
    }
    fn name(&self) -> &'static str {
        "Tic-tac-toe"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        9
    }
    /// The mover's stones, then the opponent's.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2, 3, 3]
    }
    fn chance_mode(&self) -> ChanceMode {
        ChanceMode::Deterministic
    }
    fn information(&self) -> Information {
        Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        9
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        spec.only("tictactoe", &[])?;
        Ok(TicTacToe)
    }
    fn new_initial_state(&self, _seed: u64) -> TicTacToeState {
        TicTacToeState { cells: [0; 9], moves: 0, winner: None }
    }
}

impl State for TicTacToeState {
    fn turn(&self) -> Turn {
        if self.full_or_won() { Turn::Terminal } else { Turn::Player(self.to_move()) }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.full_or_won() {
            return Vec::new();
        }
        (0..9).filter(|&c| self.cells[c] == 0).map(|c| c as Action).collect()
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.full_or_won() {
            return Err(IllegalAction::new(action, "the game is over"));
        }
        let cell = action as usize;
        if cell >= 9 || self.cells[cell] != 0 {
            return Err(IllegalAction::new(action, "not an empty cell"));
        }
        let mover = self.to_move();
        let mark = mover as u8 + 1;
        self.cells[cell] = mark;
        self.moves += 1;
        if LINES.iter().any(|line| line.iter().all(|&c| self.cells[c] == mark)) {
            self.winner = Some(mover);
        }
        Ok(())
    }

    /// The last move's outcome: ±1 to the winner and loser of a game it ended.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    fn returns(&self) -> Vec<f64> {
        match self.winner {
            Some(w) => (0..2).map(|p| if p == w { 1.0 } else { -1.0 }).collect(),
            None => vec![0.0; 2],
        }
    }

    fn max_return(&self, _player: Player) -> Option<f64> {
        Some(1.0)
    }

    fn observation(&self, player: Player, out: &mut [f32]) {
        let mine = player as u8 + 1;
        for c in 0..9 {
            out[c] = f32::from(self.cells[c] == mine);
            out[9 + c] = f32::from(self.cells[c] != 0 && self.cells[c] != mine);
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        format!("{}{}", (b'a' + (action % 3) as u8) as char, 1 + action / 3)
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        if b.len() == 2 && (b'a'..=b'c').contains(&b[0]) && (b'1'..=b'3').contains(&b[1]) {
            return Ok(((b[1] - b'1') * 3 + (b[0] - b'a')) as Action);
        }
        Err(NotationError::new(text, "write a column a-c and a row 1-3, e.g. b2"))
    }

    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for TicTacToeState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(3) {
            let line: String = row.iter().map(|&c| ['.', 'X', 'O'][c as usize]).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// An exact solver by negamax, remembering every position it has solved, so that asking about
/// many positions of one game tree solves each only once.
#[derive(Debug, Clone, Default)]
pub struct TicTacToeSolver {
    memo: HashMap<TicTacToeState, i8>,
}

impl TicTacToeSolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// The game-theoretic value for the player to move: 1 win, 0 draw, -1 loss (0 at a drawn
    /// end, -1 at a won end: the previous mover won).
    pub fn value(&mut self, s: &TicTacToeState) -> i8 {
        if s.winner.is_some() {
            return -1;
        }
        if s.moves == 9 {
            return 0;
        }
        if let Some(&v) = self.memo.get(s) {
            return v;
        }
        let mut best = -1;
        for a in s.legal_actions() {
            best = best.max(-self.value(&child(s, a)));
            if best == 1 {
                break;
            }
        }
        self.memo.insert(s.clone(), best);
        best
    }

    /// The moves that keep the mover's game-theoretic value.
    pub fn optimal_actions(&mut self, s: &TicTacToeState) -> Vec<Action> {
        let value = self.value(s);
        s.legal_actions().into_iter().filter(|&a| -self.value(&child(s, a)) == value).collect()
    }
}

fn child(s: &TicTacToeState, action: Action) -> TicTacToeState {
    let mut child = s.clone();
    child.apply(action).expect("the solver plays legal moves");
    child
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::assert_conforms;

    #[test]
    fn passes_the_env_checker() {
        assert_conforms(&TicTacToe);
    }

    #[test]
    fn the_solver_knows_the_classic_positions() {
        let mut solver = TicTacToeSolver::new();
        let s = TicTacToe.new_initial_state(0);
        assert_eq!(solver.value(&s), 0);
        assert_eq!(solver.optimal_actions(&s), (0..9).collect::<Vec<_>>(), "every first move draws");
        let mut edge = s.clone();
        edge.apply(4).unwrap();
        // Against the centre only the corners hold the draw.
        assert_eq!(solver.optimal_actions(&edge), vec![0, 2, 6, 8]);
        let mut win = s;
        for a in [0, 3, 1, 4] {
            win.apply(a).unwrap();
        }
        assert_eq!(solver.value(&win), 1);
        assert_eq!(solver.optimal_actions(&win), vec![2], "X completes the top row; anything else lets O win");
        let mut lost = win.clone();
        lost.apply(8).unwrap();
        assert_eq!(solver.value(&lost), 1, "O to move completes the middle row");
    }
}
