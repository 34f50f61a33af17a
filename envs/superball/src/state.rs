//! One Superball position, as a [`tabula_core::State`].
//!
//! A player turn (swap or score) is followed by a chance node that adds the random cells (5 after
//! a swap, 3 after a score, 5 at the very start), resolved by [`State::sample_chance`] with
//! `rng.next_u32()` draws only, exactly like the original harness draws with `lrand48()`. A swap
//! that leaves fewer than 5 empty cells ends the game before anything is added.
//!
//! Observation: `[ncolors + 2, rows, cols]` planes of 0/1: plane `k < ncolors` marks the cells of
//! colour `k` (the colour string's order), plane `ncolors` the goal cells, plane `ncolors + 1`
//! the empty cells.
//!
//! ```
//! use superball::{Lrand48, Params, SuperballState};
//! use tabula_core::{State, Turn};
//! let mut s = SuperballState::new(Params::default());
//! assert_eq!(s.turn(), Turn::Chance);
//! s.sample_chance(&mut Lrand48::new(1));
//! assert_eq!((s.turn(), s.empty()), (Turn::Player(0), 75));
//! let a = s.string_to_action("swap 0 1 0 4").unwrap();
//! s.apply(a).unwrap();
//! assert_eq!(s.turn(), Turn::Chance);
//! ```

use crate::action::{ActionSpace, Move, RawMove};
use crate::groups::Groups;
use crate::params::{EMPTY, Params};
use crate::rules::{self, MoveError};
use crate::text::{self, BoardError};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;
use tabula_core::cells::{CellBoard, CellShape};
use tabula_core::{Action, IllegalAction, NotationError, Player, State, Turn};

/// A Superball position: the board, the score, and what happens next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SuperballState {
    params: Params,
    cells: Vec<u8>,
    empty: usize,
    score: u64,
    /// Cells nature adds next; non-zero exactly at a chance node.
    pending: usize,
    over: bool,
    reward: f64,
    moves: usize,
}

/// A board from text that the game cannot continue from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FromTextError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("Bad board: goal cells must be rows 2..rows-3 of columns 0, 1, cols-2 and cols-1")]
    Goals,
}

impl SuperballState {
    /// The empty board, waiting for its first 5 cells.
    pub fn new(params: Params) -> Self {
        let n = params.cells();
        SuperballState {
            params,
            cells: vec![EMPTY; n],
            empty: n,
            score: 0,
            pending: rules::CELLS_AFTER_SWAP,
            over: false,
            reward: 0.0,
            moves: 0,
        }
    }

    /// A position read from board text (the player to move, score 0), as a player program
    /// sees it. The text's goal cells must be the game's.
    pub fn from_text(params: Params, input: &[u8]) -> Result<Self, FromTextError> {
        let board = text::read_board(&params, input)?;
        if !board.has_standard_goals(&params) {
            return Err(FromTextError::Goals);
        }
        Ok(Self::from_cells(params, board.cells))
    }

    /// A position with these cells (codes, 0 = empty), the player to move, score 0.
    pub fn from_cells(params: Params, cells: Vec<u8>) -> Self {
        assert_eq!(cells.len(), params.cells(), "one code per cell");
        let empty = cells.iter().filter(|&&c| c == EMPTY).count();
        SuperballState { params, cells, empty, score: 0, pending: 0, over: false, reward: 0.0, moves: 0 }
    }

    pub fn params(&self) -> &Params {
        &self.params
    }
    /// Colour codes, row-major; 0 is empty, `k` the k-th letter of the colour string.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    pub fn empty(&self) -> usize {
        self.empty
    }
    pub fn score(&self) -> u64 {
        self.score
    }
    pub fn action_space(&self) -> ActionSpace {
        ActionSpace::new(&self.params)
    }

    /// The board text (the handout's format).
    pub fn board_text(&self) -> String {
        text::render(&self.params, &self.cells, &self.params.goal_mask())
    }

    /// Checks a written move on this board (at a player turn), with the harness's messages.
    pub fn check_move(&self, m: RawMove) -> Result<Move, MoveError> {
        rules::check(&self.params, &self.cells, m)
    }

    /// The legal moves: every swap of two filled cells, then every goal cell of a scoring set.
    pub fn legal_moves(&self) -> Vec<Move> {
        let space = self.action_space();
        self.legal_actions().into_iter().filter_map(|a| space.decode(a)).collect()
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Player(0) {
            return;
        }
        let space = self.action_space();
        let filled: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] != EMPTY).collect();
        out.reserve(filled.len() * filled.len() / 2 + 16);
        for (k, &i) in filled.iter().enumerate() {
            for &j in &filled[k + 1..] {
                out.push(space.swap_action(i, j));
            }
        }
        let mut groups = Groups::new(self.params.rows, self.params.cols);
        groups.label(&self.cells, &self.params.goal_mask());
        for cell in self.params.goal_cells() {
            if groups.size_of_cell(cell) as usize >= self.params.mss {
                out.push(space.encode(Move::Score(cell)).expect("goal cells have SCORE actions"));
            }
        }
    }

    /// Plays a move at a player turn; returns the points it scored. The chance node that follows
    /// (if the game goes on) is left for [`State::sample_chance`].
    pub fn play(&mut self, m: Move) -> Result<u32, MoveError> {
        if self.turn() != Turn::Player(0) {
            return Err(MoveError::NotYourTurn);
        }
        let p = &self.params;
        let raw = match m {
            Move::Swap(a, b) => {
                RawMove::Swap((a / p.cols) as i64, (a % p.cols) as i64, (b / p.cols) as i64, (b % p.cols) as i64)
            }
            Move::Score(c) => RawMove::Score((c / p.cols) as i64, (c % p.cols) as i64),
        };
        let m = self.check_move(raw)?;
        self.moves += 1;
        self.reward = 0.0;
        match m {
            Move::Swap(a, b) => {
                self.cells.swap(a, b);
                if self.empty < rules::MIN_EMPTY_AFTER_SWAP {
                    self.over = true;
                } else {
                    self.pending = rules::CELLS_AFTER_SWAP;
                }
                Ok(0)
            }
            Move::Score(c) => {
                let (size, points) = rules::remove_group(&self.params, &mut self.cells, c);
                self.empty += size;
                self.score += points as u64;
                self.reward = points as f64;
                self.pending = rules::CELLS_AFTER_SCORE;
                Ok(points)
            }
        }
    }
}

impl State for SuperballState {
    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.pending > 0 {
            Turn::Chance
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_into(&mut v);
        v
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        match self.turn() {
            Turn::Player(_) => {}
            Turn::Chance => {
                return Err(IllegalAction::new(action, "Superball's chance is only sampled: call sample_chance"));
            }
            Turn::Terminal => return Err(IllegalAction::new(action, "the game is over")),
        }
        let m =
            self.action_space().decode(action).ok_or_else(|| IllegalAction::new(action, "not in the action space"))?;
        self.play(m).map(|_| ()).map_err(|e| IllegalAction::new(action, e.to_string()))
    }

    fn sample_chance(&mut self, rng: &mut dyn RngCore) {
        if self.pending == 0 {
            return;
        }
        rules::add_cells(&self.params, &mut self.cells, &mut self.empty, self.pending, rng);
        self.pending = 0;
        self.reward = 0.0;
        self.moves += 1;
    }

    fn rewards(&self) -> Vec<f64> {
        vec![self.reward]
    }

    fn returns(&self) -> Vec<f64> {
        vec![self.score as f64]
    }

    fn observation(&self, _player: Player, out: &mut [f32]) {
        let n = self.cells.len();
        let k = self.params.ncolors();
        out[..(k + 2) * n].fill(0.0);
        for (i, &c) in self.cells.iter().enumerate() {
            let plane = if c == EMPTY { k + 1 } else { c as usize - 1 };
            out[plane * n + i] = 1.0;
            if self.params.is_goal(i) {
                out[k * n + i] = 1.0;
            }
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        match self.action_space().decode(action) {
            Some(m) => m.to_text(self.params.cols),
            None => format!("<action {action} is outside the action space>"),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let hint = "write SWAP r1 c1 r2 c2 (two different cells) or SCORE r c (a goal cell), on the board";
        Move::parse_on(text, self.params.rows, self.params.cols)
            .and_then(|m| self.action_space().encode(m))
            .ok_or_else(|| NotationError::new(text, hint))
    }

    fn move_number(&self) -> usize {
        self.moves
    }
}

/// The cells' colour codes (0 empty). The goal cells lie in rows 2..rows-3 of the two outer
/// columns on each side, so both mirror images keep them, and so every value.
impl CellBoard for SuperballState {
    fn cell_shape(&self) -> CellShape {
        let p = &self.params;
        CellShape { rows: p.rows, cols: p.cols, codes: p.ncolors() + 1, mirror_rows: true, mirror_cols: true }
    }

    fn cell_codes(&self) -> &[u8] {
        &self.cells
    }
}

impl fmt::Display for SuperballState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())
    }
}
