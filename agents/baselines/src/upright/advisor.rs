//! Greedy as the advisor of a searching player (see [`tabula_search::Advisor`]): the first
//! sub-actions of the whole moves greedy rates best. A network-guided Gumbel root considers them
//! whatever its young network's priors say, and its values choose among them: greedy's board
//! margin proposes, the learned outlook of the whole game decides.
//!
//! ```
//! use tabula_baselines::upright::{UprightAdvisor, advisor_by_name};
//! use tabula_core::{Game, State};
//! use tabula_search::Advisor;
//! let state = upright::Upright::default().new_initial_state(0);
//! let advice = UprightAdvisor { alternatives: 2 }.advise(&state);
//! assert_eq!(state.action_to_string(advice[0]), "a1", "greedy's own first square");
//! assert!(advice.len() <= 3 && advice.iter().all(|a| state.legal_actions().contains(a)));
//! assert!(advisor_by_name("greedy(alternatives=2)").is_ok());
//! assert!(advisor_by_name("lookahead").is_err());
//! ```

use super::greedy::Greedy;
use tabula_core::{Action, GameSpec};
use tabula_search::{Advisor, SharedAdvisor};
use upright::UprightState;

/// Advises the sub-action that starts greedy's best whole move, then the `alternatives` next
/// best (by the best margin of a whole move through each), best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UprightAdvisor {
    pub alternatives: usize,
}

impl Default for UprightAdvisor {
    fn default() -> Self {
        UprightAdvisor { alternatives: 3 }
    }
}

impl UprightAdvisor {
    /// Parses `greedy` or `greedy(alternatives=N)` (case-insensitive).
    pub fn from_spec(text: &str) -> Result<Self, String> {
        let spec: GameSpec = text.parse().map_err(|e| format!("{e}"))?;
        if spec.name != "greedy" {
            return Err(format!("no advisor called {:?}; choose among: {}", spec.name, ADVISORS.join(", ")));
        }
        spec.only("greedy", &["alternatives"]).map_err(|e| e.to_string())?;
        let alternatives =
            spec.get_or("greedy", "alternatives", UprightAdvisor::default().alternatives).map_err(|e| e.to_string())?;
        Ok(UprightAdvisor { alternatives })
    }
}

impl Advisor<UprightState> for UprightAdvisor {
    fn advise(&self, state: &UprightState) -> Vec<Action> {
        if state.is_over() {
            return Vec::new();
        }
        let ranked = Greedy::new().ranked_sub_actions(state);
        ranked.into_iter().take(1 + self.alternatives).map(|(_, a)| a).collect()
    }
}

/// The advisor a config names: `greedy` or `greedy(alternatives=N)` (see [`UprightAdvisor`]).
pub fn advisor_by_name(name: &str) -> Result<SharedAdvisor<UprightState>, String> {
    Ok(std::sync::Arc::new(UprightAdvisor::from_spec(name)?))
}

/// The names [`advisor_by_name`] knows.
pub const ADVISORS: &[&str] = &["greedy", "greedy(alternatives=N)"];
