//! Advisors: hand-written knowledge that tells a Gumbel root which actions deserve a look.
//!
//! An advisor is "progressive bias" (Chaslot et al. 2008) for a root whose network is still
//! young: in a game like Superball, where a few good swaps hide among ~3,000, sampling from a
//! near-uniform prior would hardly ever simulate them. The search stays generic: it sees only the
//! actions an advisor names, best first, and the network's values still decide among them.

use std::fmt::Debug;
use std::sync::Arc;
use tabula_core::{Action, State};

/// Names the actions worth considering in a position, best first (legal actions only; anything
/// else is ignored).
pub trait Advisor<S: State>: Send + Sync + Debug {
    fn advise(&self, state: &S) -> Vec<Action>;

    /// The action an advised rollout plays (`SearchConfig::rollout_depth`): by default the first
    /// advised. An advisor whose advice is itself a search (costly at every rollout step) names a
    /// cheaper policy's move here.
    fn rollout_action(&self, state: &S) -> Option<Action> {
        self.advise(state).first().copied()
    }
}

/// An advisor shared by many searches.
pub type SharedAdvisor<S> = Arc<dyn Advisor<S>>;

/// Per root action, its rank in `advisor`'s advice (0: the first choice), if named.
pub(crate) fn advised_marks<S: State>(advisor: &dyn Advisor<S>, state: &S, actions: &[Action]) -> Vec<Option<usize>> {
    let advised = advisor.advise(state);
    actions.iter().map(|a| advised.iter().position(|b| b == a)).collect()
}
