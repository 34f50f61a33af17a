//! The greedy player as an advisor of a searching player: its own move, then (optionally) its
//! next-best swaps by board evaluation, or the other sets when it cashes one in. A network-guided
//! Gumbel root considers these (and its network's values choose among them), so self-play need
//! not find good moves among ~3,000 swaps by chance.
//!
//! ```
//! use superball::{Lrand48, Params, SuperballState};
//! use tabula_baselines::superball::{GreedyAdvisor, advisor_by_name};
//! use tabula_core::State;
//! use tabula_search::Advisor;
//! let mut s = SuperballState::new(Params::default());
//! s.sample_chance(&mut Lrand48::new(1));
//! let advice = GreedyAdvisor { swaps: 3, ..GreedyAdvisor::default() }.advise(&s);
//! assert!(advice.len() >= 2, "greedy's move and its alternatives");
//! assert_eq!(GreedyAdvisor::default().advise(&s), advice[..1], "by default greedy's swap alone");
//! assert!(advice.iter().all(|a| s.legal_actions().contains(a)));
//! // The opening board is roomy and holds no ready set: a guard on few empty cells stays quiet.
//! let guarded = advisor_by_name("greedy(swaps=3, ready=1, empty=9)").unwrap();
//! assert_eq!(guarded.advise(&s), advice[..1]);
//! ```

use super::advice::distinct_actions;
use super::greedy::GreedyPlayer;
use super::lookahead_advisor::LookaheadAdvisor;
use super::position::Position;
use superball::SuperballState;
use superball::action::Move;
use tabula_core::{Action, GameSpec, SpecError, State, Turn};
use tabula_search::Advisor;

/// Advises greedy's move, then the alternatives to it: its `swaps` next-best swaps when it
/// swaps (none by default: measured, a young network's values chose worse swaps than greedy's
/// board evaluation), every scoring set when it cashes one in. It never advises cashing in while greedy would
/// still hold its sets (a young network's values would cash everything at once: the points are
/// certain, the growth of a held set is not yet known to it).
///
/// The swap alternatives can be kept to the boards where greedy lives dangerously: at most
/// `guard_ready` sets ready to cash and at most `guard_empty` empty cells. Greedy fills the board
/// and cashes a set only when forced, so it dies where a forced cash finds no set; a search that
/// looks a few moves past such a board can avoid the swaps that run out of sets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GreedyAdvisor {
    pub swaps: usize,
    pub guard_ready: usize,
    pub guard_empty: usize,
    /// Greedy's `eval::Weights::reserve` (0 by default): how much of its ready sets' room counts
    /// as empty cells in its danger cost.
    pub reserve: f64,
}

impl Default for GreedyAdvisor {
    fn default() -> Self {
        GreedyAdvisor { swaps: 0, guard_ready: usize::MAX, guard_empty: usize::MAX, reserve: 0.0 }
    }
}

impl GreedyAdvisor {
    /// Parses `greedy` or `greedy(swaps=N, ready=R, empty=E, reserve=X)` (case-insensitive).
    pub fn from_spec(text: &str) -> Result<Self, String> {
        let spec: GameSpec = text.parse().map_err(|e| format!("{e}"))?;
        if spec.name != "greedy" {
            return Err(unknown_advisor(&spec.name));
        }
        Self::from_game_spec(&spec).map_err(|e| e.to_string())
    }

    /// Reads a parsed `greedy(...)` spec's keys (its name is the caller's to check).
    pub fn from_game_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        let d = GreedyAdvisor::default();
        spec.only("greedy", &["swaps", "ready", "empty", "reserve"])?;
        Ok(GreedyAdvisor {
            swaps: spec.get_or("greedy", "swaps", d.swaps)?,
            guard_ready: spec.get_or("greedy", "ready", d.guard_ready)?,
            guard_empty: spec.get_or("greedy", "empty", d.guard_empty)?,
            reserve: spec.get_or("greedy", "reserve", d.reserve)?,
        })
    }

    /// Whether the swap alternatives are advised on a board with `empty` empty cells and
    /// `ready` sets ready to cash.
    fn guarded(&self, empty: usize, ready: usize) -> bool {
        empty <= self.guard_empty && ready <= self.guard_ready
    }
}

impl Advisor<SuperballState> for GreedyAdvisor {
    fn advise(&self, state: &SuperballState) -> Vec<Action> {
        if state.turn() != Turn::Player(0) {
            return Vec::new();
        }
        let mut greedy = GreedyPlayer::with_reserve(self.reserve);
        let mut pos = Position::new(state.params(), state.cells());
        let first = greedy.choose(&mut pos);
        let mut moves = vec![first];
        match first {
            // Greedy cashes in: which set is the question, so every set is advised.
            Move::Score(_) => moves.extend(greedy.last_sets().iter().map(|s| Move::Score(s.cell))),
            // Greedy holds its sets and swaps: its next-best swaps are the alternatives.
            Move::Swap(..) if self.swaps > 0 && self.guarded(pos.empty, greedy.last_sets().len()) => {
                moves.extend(
                    greedy.ranked_swaps(&mut pos, self.swaps + 1).into_iter().map(|(_, i, j)| Move::Swap(i, j)),
                );
            }
            Move::Swap(..) => {}
        }
        distinct_actions(state, moves)
    }
}

/// The advisor a config names: `greedy` or `lookahead`, optionally with parameters
/// (`greedy(swaps=3, ready=1, empty=9)`, see [`GreedyAdvisor`];
/// `lookahead(reserve=1.5)`, see [`LookaheadAdvisor`]). The error says what is wrong.
pub fn advisor_by_name(name: &str) -> Result<tabula_search::SharedAdvisor<SuperballState>, String> {
    let spec: GameSpec = name.parse().map_err(|e| format!("{e}"))?;
    let advisor: tabula_search::SharedAdvisor<SuperballState> = match spec.name.as_str() {
        "greedy" => std::sync::Arc::new(GreedyAdvisor::from_game_spec(&spec).map_err(|e| e.to_string())?),
        "lookahead" => std::sync::Arc::new(LookaheadAdvisor::from_spec(&spec).map_err(|e| e.to_string())?),
        other => return Err(unknown_advisor(other)),
    };
    Ok(advisor)
}

fn unknown_advisor(name: &str) -> String {
    format!("no advisor called {name:?}; choose among: {}", ADVISORS.join(", "))
}

/// The names [`advisor_by_name`] knows.
pub const ADVISORS: &[&str] = &[
    "greedy",
    "greedy(swaps=N, ready=R, empty=E, reserve=X)",
    "lookahead",
    "lookahead(reserve=X, samples=N, width=N, budget_ms=N)",
];

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
        let advisor = GreedyAdvisor { swaps: 5, ..GreedyAdvisor::default() };
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
        assert!(advisor_by_name("GREEDY").is_ok());
    }

    #[test]
    fn advisor_names_parse_with_parameters_and_fail_clearly() {
        let g = GreedyAdvisor::from_spec("Greedy( swaps=3 , READY=1, empty=9)").unwrap();
        assert_eq!(g, GreedyAdvisor { swaps: 3, guard_ready: 1, guard_empty: 9, reserve: 0.0 });
        let r = GreedyAdvisor::from_spec("greedy(reserve=1.5)").unwrap();
        assert_eq!(r, GreedyAdvisor { reserve: 1.5, ..GreedyAdvisor::default() });
        assert!(GreedyAdvisor::from_spec("greedy(reserve=lots)").unwrap_err().contains("reserve"));
        assert_eq!(GreedyAdvisor::from_spec("greedy").unwrap(), GreedyAdvisor::default());
        assert!(GreedyAdvisor::from_spec("lookahead").unwrap_err().contains("no advisor called"));
        assert!(GreedyAdvisor::from_spec("greedy(swap=3)").unwrap_err().contains("swap"));
        assert!(GreedyAdvisor::from_spec("greedy(swaps=-1)").unwrap_err().contains("swaps"));
        assert!(GreedyAdvisor::from_spec("greedy(swaps=3").is_err());
    }

    #[test]
    fn guarded_swaps_are_advised_only_on_tight_boards_short_of_sets() {
        let advisor = GreedyAdvisor { swaps: 3, guard_ready: 1, guard_empty: 9, reserve: 0.0 };
        let mut rng = Lrand48::new(3);
        let mut s = SuperballState::new(Params::default());
        let (mut guarded, mut quiet) = (0, 0);
        for _ in 0..400 {
            if s.is_terminal() {
                break;
            }
            if s.turn() == Turn::Chance {
                s.sample_chance(&mut rng);
                continue;
            }
            let advice = advisor.advise(&s);
            let mut pos = Position::new(s.params(), s.cells());
            let mut sets = Vec::new();
            pos.scoring_sets(&mut sets);
            let swaps = advice.iter().filter(|&&a| matches!(s.action_space().decode(a), Some(Move::Swap(..)))).count();
            if swaps > 0 {
                if pos.empty <= 9 && sets.len() <= 1 {
                    assert!(swaps > 1, "a tight board short of sets gets alternatives");
                    guarded += 1;
                } else {
                    assert_eq!(swaps, 1, "elsewhere greedy's swap alone");
                    quiet += 1;
                }
            }
            s.apply(advice[0]).unwrap();
        }
        assert!(guarded > 0 && quiet > 0, "{guarded} guarded, {quiet} quiet");
    }
}
