//! The greedy player as an advisor of a searching player: its own move, then (optionally) its
//! next-best swaps by board evaluation, or the other sets when it cashes one in. A network-guided
//! Gumbel root considers these (and its network's values choose among them), so self-play need
//! not find good moves among ~3,000 swaps by chance.
//!
//! ```
//! use superball::{Lrand48, Params, SuperballState};
//! use tabula_baselines::superball::GreedyAdvisor;
//! use tabula_core::State;
//! use tabula_search::Advisor;
//! let mut s = SuperballState::new(Params::default());
//! s.sample_chance(&mut Lrand48::new(1));
//! let advice = GreedyAdvisor { swaps: 3 }.advise(&s);
//! assert!(advice.len() >= 2, "greedy's move and its alternatives");
//! assert_eq!(GreedyAdvisor::default().advise(&s), advice[..1], "by default greedy's swap alone");
//! assert!(advice.iter().all(|a| s.legal_actions().contains(a)));
//! ```

use super::greedy::GreedyPlayer;
use super::position::Position;
use superball::SuperballState;
use superball::action::Move;
use tabula_core::{Action, State, Turn};
use tabula_search::Advisor;

/// Advises greedy's move, then the alternatives to it: its `swaps` next-best swaps when it
/// swaps (none by default: measured, a young network's values chose worse swaps than greedy's
/// board evaluation), every scoring set when it cashes one in. It never advises cashing in while greedy would
/// still hold its sets (a young network's values would cash everything at once: the points are
/// certain, the growth of a held set is not yet known to it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GreedyAdvisor {
    pub swaps: usize,
}

impl Advisor<SuperballState> for GreedyAdvisor {
    fn advise(&self, state: &SuperballState) -> Vec<Action> {
        if state.turn() != Turn::Player(0) {
            return Vec::new();
        }
        let mut greedy = GreedyPlayer::default();
        let mut pos = Position::new(state.params(), state.cells());
        let first = greedy.choose(&mut pos);
        let mut moves = vec![first];
        match first {
            // Greedy cashes in: which set is the question, so every set is advised.
            Move::Score(_) => {
                let mut sets = Vec::new();
                pos.scoring_sets(&mut sets);
                moves.extend(sets.iter().map(|s| Move::Score(s.cell)));
            }
            // Greedy holds its sets and swaps: its next-best swaps are the alternatives.
            Move::Swap(..) if self.swaps > 0 => {
                moves.extend(
                    greedy.ranked_swaps(&mut pos, self.swaps + 1).into_iter().map(|(_, i, j)| Move::Swap(i, j)),
                );
            }
            Move::Swap(..) => {}
        }
        let space = state.action_space();
        let mut actions: Vec<Action> = Vec::with_capacity(moves.len());
        for a in moves.into_iter().filter_map(|m| space.encode(m)) {
            if !actions.contains(&a) {
                actions.push(a);
            }
        }
        actions
    }
}

/// The advisors by name (`greedy`), for configs and command lines.
pub fn advisor_by_name(name: &str) -> Option<tabula_search::SharedAdvisor<SuperballState>> {
    match name.to_ascii_lowercase().as_str() {
        "greedy" => Some(std::sync::Arc::new(GreedyAdvisor::default())),
        _ => None,
    }
}

/// The names [`advisor_by_name`] knows.
pub const ADVISORS: &[&str] = &["greedy"];

#[cfg(test)]
mod tests {
    use super::*;
    use superball::rules::MIN_EMPTY_AFTER_SWAP;
    use superball::{Lrand48, Params};

    #[test]
    fn advice_starts_with_greedys_move_and_holds_distinct_legal_actions() {
        let mut rng = Lrand48::new(7);
        let mut s = SuperballState::new(Params::default());
        let mut greedy = GreedyPlayer::default();
        let advisor = GreedyAdvisor { swaps: 5 };
        for _ in 0..40 {
            match s.turn() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Terminal => break,
                Turn::Player(_) => {
                    let advice = advisor.advise(&s);
                    let legal = s.legal_actions();
                    assert!(advice.iter().all(|a| legal.contains(a)), "{advice:?}");
                    let mut unique = advice.clone();
                    unique.sort_unstable();
                    unique.dedup();
                    assert_eq!(unique.len(), advice.len(), "no action twice");
                    let greedy_move = tabula_core::Agent::act(&mut greedy, &s, &mut rng);
                    assert_eq!(advice[0], greedy_move);
                    let room = s.empty() >= MIN_EMPTY_AFTER_SWAP;
                    assert!(!room || (2..=7).contains(&advice.len()), "{} with room", advice.len());
                    let sets = advice.iter().filter(|&&a| s.action_to_string(a).starts_with("SCORE")).count();
                    assert!(sets == 0 || sets == advice.len(), "sets are advised only when greedy cashes one in");
                    s.apply(advice[advice.len() - 1]).unwrap();
                }
            }
        }
        assert!(advisor_by_name("GREEDY").is_some() && advisor_by_name("lookahead").is_none());
    }
}
