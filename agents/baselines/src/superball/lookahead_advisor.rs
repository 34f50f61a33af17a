//! The lookahead player as an advisor of a searching player: its own move first, then, where it
//! cashes a set in on a full board, every other scoring set, so that the network's values can
//! overrule its choice. Rollouts play its greedy (with the same `reserve`), not the lookahead
//! itself: a sampled search at every rollout step would spend the handout's time budget many
//! times over.
//!
//! ```
//! use superball::{Lrand48, Params, SuperballState};
//! use tabula_baselines::superball::advisor_by_name;
//! use tabula_core::State;
//! let mut s = SuperballState::new(Params::default());
//! s.sample_chance(&mut Lrand48::new(1));
//! let advisor = advisor_by_name("lookahead(reserve=1.5, samples=4)").unwrap();
//! let advice = advisor.advise(&s);
//! assert_eq!(advice.len(), 1, "a roomy board: the lookahead's (greedy's) swap alone");
//! assert_eq!(advisor.rollout_action(&s), Some(advice[0]));
//! ```

use super::advice::distinct_actions;
use super::greedy::GreedyPlayer;
use super::lookahead::LookaheadPlayer;
use super::position::Position;
use std::hash::{Hash, Hasher};
use std::time::Duration;
use superball::SuperballState;
use superball::action::Move;
use tabula_core::{Action, GameSpec, SpecError, State, Turn};
use tabula_search::Advisor;

/// Advises the [`LookaheadPlayer`]'s move, then the other sets when it cashes one in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LookaheadAdvisor {
    /// Its greedy's `eval::Weights::reserve` (for its swaps, its rollouts and the search's).
    pub reserve: f64,
    /// Samples of the random cells per candidate set.
    pub samples: usize,
    /// Greedy moves in each of its rollouts.
    pub width: usize,
    /// Its time per decision.
    pub budget_ms: u64,
}

impl Default for LookaheadAdvisor {
    fn default() -> Self {
        let d = LookaheadPlayer::default();
        LookaheadAdvisor {
            reserve: d.greedy.weights.reserve,
            samples: d.samples,
            width: d.width,
            budget_ms: d.budget.as_millis() as u64,
        }
    }
}

impl LookaheadAdvisor {
    /// Parses `lookahead` or `lookahead(reserve=X, samples=N, width=N, budget_ms=N)`
    /// (case-insensitive).
    pub fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        let d = LookaheadAdvisor::default();
        spec.only("lookahead", &["reserve", "samples", "width", "budget_ms"])?;
        Ok(LookaheadAdvisor {
            reserve: spec.get_or("lookahead", "reserve", d.reserve)?,
            samples: spec.get_or("lookahead", "samples", d.samples)?,
            width: spec.get_or("lookahead", "width", d.width)?,
            budget_ms: spec.get_or("lookahead", "budget_ms", d.budget_ms)?,
        })
    }

    /// The lookahead player these settings describe.
    pub fn player(&self) -> LookaheadPlayer {
        LookaheadPlayer {
            greedy: GreedyPlayer::with_reserve(self.reserve),
            width: self.width,
            samples: self.samples,
            budget: Duration::from_millis(self.budget_ms),
            ..LookaheadPlayer::default()
        }
    }
}

/// A seed for the lookahead's samples taken from the board, so that one board gets one advice.
fn board_seed(cells: &[u8]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    cells.hash(&mut h);
    h.finish()
}

impl Advisor<SuperballState> for LookaheadAdvisor {
    fn advise(&self, state: &SuperballState) -> Vec<Action> {
        if state.turn() != Turn::Player(0) {
            return Vec::new();
        }
        let mut pos = Position::new(state.params(), state.cells());
        let mut rng = tabula_core::rng_from_seed(board_seed(state.cells()));
        let first = self.player().choose(&mut pos, &mut rng);
        let mut moves = vec![first];
        if let Move::Score(_) = first {
            let mut sets = Vec::new();
            pos.scoring_sets(&mut sets);
            moves.extend(sets.iter().map(|s| Move::Score(s.cell)));
        }
        distinct_actions(state, moves)
    }

    fn rollout_action(&self, state: &SuperballState) -> Option<Action> {
        if state.turn() != Turn::Player(0) {
            return None;
        }
        let mut pos = Position::new(state.params(), state.cells());
        state.action_space().encode(GreedyPlayer::with_reserve(self.reserve).choose(&mut pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::superball::lookahead::RESERVE;
    use superball::rules::MIN_EMPTY_AFTER_SWAP;
    use superball::{Lrand48, Params};

    #[test]
    fn advice_is_the_lookaheads_move_then_the_other_sets_and_rollouts_play_its_greedy() {
        let advisor = LookaheadAdvisor { budget_ms: 1_000, ..LookaheadAdvisor::default() };
        let mut rng = Lrand48::new(5);
        let mut s = SuperballState::new(Params::default());
        let mut greedy = GreedyPlayer::with_reserve(advisor.reserve);
        let (mut cashes, mut swaps) = (0, 0);
        for _ in 0..4_000 {
            if s.is_terminal() || cashes == 3 {
                break;
            }
            if s.turn() == Turn::Chance {
                s.sample_chance(&mut rng);
                continue;
            }
            let advice = advisor.advise(&s);
            assert_eq!(advice, advisor.advise(&s), "one board, one advice");
            let legal = s.legal_actions();
            assert!(!advice.is_empty() && advice.iter().all(|a| legal.contains(a)), "{advice:?}");
            let mut pos = Position::new(s.params(), s.cells());
            let expected = advisor.player().choose(&mut pos, &mut tabula_core::rng_from_seed(board_seed(s.cells())));
            assert_eq!(Some(advice[0]), s.action_space().encode(expected), "the lookahead's own move first");
            let greedy_move = s.action_space().encode(greedy.choose(&mut Position::new(s.params(), s.cells())));
            assert_eq!(advisor.rollout_action(&s), greedy_move, "rollouts play greedy with the same reserve");
            let mut sets = Vec::new();
            pos.scoring_sets(&mut sets);
            if s.empty() < MIN_EMPTY_AFTER_SWAP && sets.len() >= 2 {
                assert_eq!(advice.len(), sets.len(), "every set is advised where one must be cashed");
                cashes += 1;
            } else {
                assert_eq!(advice.len(), 1, "elsewhere its move alone");
                swaps += 1;
            }
            s.apply(advice[0]).unwrap();
        }
        assert!(cashes > 0 && swaps > 0, "{cashes} cashes among several sets, {swaps} other moves");
    }

    #[test]
    fn lookahead_advisor_names_parse_with_parameters_and_fail_clearly() {
        let parse = |t: &str| LookaheadAdvisor::from_spec(&t.parse().unwrap());
        assert_eq!(parse("lookahead").unwrap(), LookaheadAdvisor::default());
        assert_eq!(LookaheadAdvisor::default().reserve, RESERVE);
        let a = parse("Lookahead(reserve=0, SAMPLES=8, width=2, budget_ms=30)").unwrap();
        assert_eq!(a, LookaheadAdvisor { reserve: 0.0, samples: 8, width: 2, budget_ms: 30 });
        assert!(parse("lookahead(samples=-1)").unwrap_err().to_string().contains("samples"));
        assert!(parse("lookahead(swaps=3)").unwrap_err().to_string().contains("swaps"));
    }
}
