//! Score 4 behind tabula's `Game`/`State` API.

use crate::board::Board;
use crate::color::Color;
use crate::encode::{OBSERVATION_SHAPE, write_observation};
use crate::peg::Peg;
use serde::{Deserialize, Serialize};
use std::fmt;
use tabula_core::{
    Action, ChanceMode, Game, GameSpec, IllegalAction, Information, NotationError, Player, RegistryEntry, SpecError,
    State, Turn, dynamic::build_erased,
};

/// The game (it has no parameters). Actions are peg indices `0..16` (`row * 4 + column`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score4;

impl Score4 {
    /// The entry for tabula's game registry.
    pub fn registry_entry() -> RegistryEntry {
        RegistryEntry {
            name: "score4",
            about: "Score 4: 3-D four-in-a-row on 4x4 pegs with gravity (two players)",
            example: "score4",
            build: build_erased::<Score4>,
        }
    }
}

/// A position plus the last step's rewards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score4State {
    board: Board,
}

impl Score4State {
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn from_board(board: Board) -> Self {
        Score4State { board }
    }

    /// +1/-1 for a win, 0 otherwise, for White and Black.
    fn outcome(&self) -> [f64; 2] {
        match self.board.winner() {
            Some(Color::White) => [1.0, -1.0],
            Some(Color::Black) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
}

impl Game for Score4 {
    type State = Score4State;

    fn spec(&self) -> String {
        "score4".into()
    }
    fn name(&self) -> &'static str {
        "Score 4"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        Peg::COUNT
    }
    fn observation_shape(&self) -> Vec<usize> {
        OBSERVATION_SHAPE.to_vec()
    }
    fn chance_mode(&self) -> ChanceMode {
        ChanceMode::Deterministic
    }
    fn information(&self) -> Information {
        Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        64
    }
    fn player_name(&self, player: Player) -> String {
        Color::from_index(player).map_or_else(|| format!("Player {}", player + 1), |c| c.title().to_string())
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        spec.only("score4", &[])?;
        Ok(Score4)
    }
    fn new_initial_state(&self, _seed: u64) -> Score4State {
        Score4State { board: Board::new() }
    }
    fn symmetry_count(&self) -> usize {
        crate::symmetry::COUNT
    }
    fn transform_observation(&self, k: usize, observation: &[f32], out: &mut [f32]) {
        crate::symmetry::map_observation(k, observation, out);
    }
    fn transform_action(&self, k: usize, action: Action) -> Action {
        Peg::new(action as usize).map_or(action, |p| crate::symmetry::map_peg(k, p).index() as Action)
    }
}

impl State for Score4State {
    fn turn(&self) -> Turn {
        if self.board.is_over() { Turn::Terminal } else { Turn::Player(self.board.to_move().index()) }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mask = self.board.legal_mask();
        (0..16).filter(|a| mask >> a & 1 == 1).collect()
    }

    fn action_mask(&self, mask: &mut [bool]) {
        let m = self.board.legal_mask();
        for (a, slot) in mask.iter_mut().enumerate() {
            *slot = m >> a & 1 == 1;
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let peg =
            Peg::new(action as usize).ok_or_else(|| IllegalAction::new(action, "Score 4 actions are pegs 0..16"))?;
        self.board.play(peg).map(|_| ()).map_err(|e| IllegalAction::new(action, e.to_string()))
    }

    fn rewards(&self) -> Vec<f64> {
        // Only the winning move earns anything, and it ends the game: the reward of the last
        // step equals the outcome.
        self.outcome().to_vec()
    }

    fn returns(&self) -> Vec<f64> {
        self.outcome().to_vec()
    }

    /// 1: a win.
    fn max_return(&self, _player: Player) -> Option<f64> {
        Some(1.0)
    }

    fn observation(&self, player: Player, out: &mut [f32]) {
        let observer = Color::from_index(player).expect("Score 4 has players 0 and 1");
        write_observation(&self.board, observer, out);
    }

    fn action_to_string(&self, action: Action) -> String {
        match Peg::new(action as usize) {
            Some(p) => p.to_string(),
            None => format!("?{action}"),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        text.parse::<Peg>().map(|p| p.index() as Action).map_err(|hint| NotationError::new(text, hint))
    }

    fn move_number(&self) -> usize {
        self.board.moves()
    }
}

impl fmt::Display for Score4State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)?;
        match (self.board.winner(), self.board.is_full()) {
            (Some(c), _) => writeln!(f, "{} wins.", c.title()),
            (None, true) => writeln!(f, "Draw: the board is full."),
            (None, false) => {
                writeln!(f, "{} to move (move {}).", self.board.to_move().title(), self.board.moves() + 1)
            }
        }
    }
}
