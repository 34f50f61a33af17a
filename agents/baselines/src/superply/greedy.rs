//! `greedy`: join now if a cell allows it; otherwise the allowed cell that best shortens our
//! own shortest connection and lengthens the opponent's (own cells cost 0, empty cells 1,
//! the opponent's block; 8 neighbours).

use rand::{Rng, RngCore};
use superply::board::bits;
use superply::{Board, Cell, Side, SuperplyState};
use tabula_core::{Action, Agent};

/// Greedy one-ply player; ties are broken at random.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// What a side that can no longer connect counts as: further than any real distance.
const CUT_OFF: i32 = 1_000;

fn distance(board: &Board, side: Side) -> i32 {
    board.distance_to_connect(side).map_or(CUT_OFF, |d| d as i32)
}

impl Greedy {
    /// The allowed cells greedy rates best (empty when the player to move has no move).
    pub fn best_cells(state: &SuperplyState) -> Vec<Cell> {
        let me = state.to_move();
        let mut best = (i32::MIN, Vec::new());
        for cell in bits(state.allowed()) {
            let mut after = *state.board();
            after.claim(me, cell).expect("allowed cells are empty");
            if after.connected(me) {
                return vec![cell];
            }
            let value = distance(&after, me.other()) - distance(&after, me);
            if value > best.0 {
                best = (value, vec![cell]);
            } else if value == best.0 {
                best.1.push(cell);
            }
        }
        best.1
    }
}

impl Agent<SuperplyState> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, state: &SuperplyState, rng: &mut dyn RngCore) -> Action {
        let best = Greedy::best_cells(state);
        assert!(!best.is_empty(), "greedy asked to move where no cell is allowed");
        best[rng.random_range(0..best.len())] as Action
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use superply::{Hint, Mode, Superply};
    use tabula_core::{Game, State};

    fn play(game: &Superply, moves: &[&str]) -> SuperplyState {
        let mut s = game.new_initial_state(0);
        for m in moves {
            s.apply(s.string_to_action(m).unwrap()).unwrap();
        }
        s
    }

    #[test]
    fn greedy_joins_when_it_can() {
        let any = Superply::new(4, Mode::Deterministic, vec![Hint::Any]).unwrap();
        // Blue holds 2x1 2x2 2x3; Red holds 1x4 and 3x4, so only 2x4 joins Blue's row to the right.
        let s = play(&any, &["2x1", "1x1", "2x2", "1x4", "2x3", "3x4"]);
        assert_eq!(Greedy::best_cells(&s), vec![s.string_to_action("2x4").unwrap() as usize]);
    }

    #[test]
    fn greedy_blocks_the_last_gap() {
        let any = Superply::new(4, Mode::Deterministic, vec![Hint::Any]).unwrap();
        let s = play(&any, &["2x1", "1x4", "2x2", "3x4", "2x3"]);
        assert_eq!(Greedy::best_cells(&s), vec![s.string_to_action("2x4").unwrap() as usize]);
    }
}
