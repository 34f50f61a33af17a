//! `greedy`: one ply of thought. Win now if possible; else block the opponent's immediate win;
//! else avoid handing the opponent a win on top of our bead; among what is left, build and block
//! the most open lines.

use super::scan::{Weights, scan};
use rand::{Rng, RngCore};
use score4::lines::THROUGH;
use score4::{Peg, Score4State};
use tabula_core::{Action, Agent};

/// Greedy one-ply player; ties are broken at random.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// Value of a line through the landing cell by how many of our beads it holds before the move
/// (building) and how many of theirs (blocking); a line holding both colours counts for nothing.
const BUILD: [i32; 4] = [1, 4, 16, 0];
const BLOCK: [i32; 4] = [0, 3, 12, 0];

impl Greedy {
    /// The pegs greedy considers best on this board (never empty while the game is on).
    pub fn best_pegs(state: &Score4State) -> Vec<Peg> {
        let board = state.board();
        let (me, them) = (board.beads(board.to_move()), board.beads(board.to_move().other()));
        let threats = scan(me, them, &Weights::default());
        let legal: Vec<(Peg, u64)> =
            board.legal_pegs().filter_map(|p| board.landing_cell(p).map(|c| (p, c.bit()))).collect();
        for wanted in [threats.mine, threats.theirs] {
            let hits: Vec<Peg> = legal.iter().filter(|(_, bit)| bit & wanted != 0).map(|(p, _)| *p).collect();
            if !hits.is_empty() {
                return hits;
            }
        }
        // A bead right under an opponent's threat cell lets the opponent play it next.
        let safe: Vec<(Peg, u64)> =
            legal.iter().copied().filter(|(_, bit)| (bit << 16) & threats.theirs == 0).collect();
        let pool = if safe.is_empty() { legal } else { safe };
        let value = |bit: u64| -> i32 {
            let (lines, n) = &THROUGH[bit.trailing_zeros() as usize];
            lines[..*n]
                .iter()
                .map(|&l| match ((l & me).count_ones() as usize, (l & them).count_ones() as usize) {
                    (k, 0) => BUILD[k],
                    (0, k) => BLOCK[k],
                    _ => 0,
                })
                .sum()
        };
        let best = pool.iter().map(|&(_, bit)| value(bit)).max().unwrap_or(0);
        pool.iter().filter(|&&(_, bit)| value(bit) == best).map(|&(p, _)| p).collect()
    }
}

impl Agent<Score4State> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, state: &Score4State, rng: &mut dyn RngCore) -> Action {
        let best = Greedy::best_pegs(state);
        assert!(!best.is_empty(), "greedy asked to move in a finished game");
        best[rng.random_range(0..best.len())].index() as Action
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use score4::Board;

    fn best(moves: &str) -> Vec<String> {
        let state = Score4State::from_board(Board::from_moves(moves).unwrap());
        Greedy::best_pegs(&state).iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn wins_when_it_can_and_blocks_when_it_must() {
        assert_eq!(best("A1 A2 B1 B2 C1 C2"), ["D1"]);
        assert_eq!(best("A1 A2 B1 B2 C1 C2 A3"), ["D2"]);
    }

    #[test]
    fn never_plays_under_an_opponent_threat_when_it_has_a_choice() {
        // Black holds A1, B1, C1 on level 2, so D1 on level 2 wins for Black once D1 has a bead.
        let picks = best("A1 B1 C1 A1 A4 B1 D4 C1");
        assert!(!picks.is_empty());
        assert!(!picks.contains(&"D1".to_string()), "{picks:?}");
    }
}
