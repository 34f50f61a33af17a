//! The handout's sb-play: swap two random filled cells; once fewer than 5 cells are empty (so a
//! swap would end the game), score a set if there is one.

use super::position::{Position, Set};
use rand::{Rng, RngCore};
use superball::SuperballState;
use superball::action::Move;
use superball::params::EMPTY;
use tabula_core::{Action, Agent};

/// Random swaps; scores only when it must.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomPlayer;

impl RandomPlayer {
    /// The move for a board.
    pub fn choose(&self, pos: &mut Position, rng: &mut dyn RngCore) -> Move {
        let mut sets: Vec<Set> = Vec::new();
        if pos.empty < superball::rules::MIN_EMPTY_AFTER_SWAP {
            pos.scoring_sets(&mut sets);
            if let Some(s) = sets.first() {
                return Move::Score(s.cell);
            }
        }
        let filled: Vec<usize> = (0..pos.cells.len()).filter(|&i| pos.cells[i] != EMPTY).collect();
        let a = rng.random_range(0..filled.len());
        let mut b = rng.random_range(0..filled.len() - 1);
        if b >= a {
            b += 1;
        }
        Move::Swap(filled[a], filled[b])
    }
}

impl Agent<SuperballState> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, state: &SuperballState, rng: &mut dyn RngCore) -> Action {
        let mut pos = Position::new(state.params(), state.cells());
        let m = self.choose(&mut pos, rng);
        state.action_space().encode(m).expect("the player's moves are in the action space")
    }
}
