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

/// Advice on one state worked out before the search: a caller that has already asked the advisor
/// (a bot that plays the advice at once when it names one move, say) hands the answer on, so the
/// search's root does not ask again, which costs a whole decision's time for an advisor that is
/// itself a search. Every other state goes to `advisor`.
#[derive(Debug)]
pub struct Remembered<S: State> {
    pub state: S,
    pub advice: Vec<Action>,
    pub advisor: SharedAdvisor<S>,
}

impl<S: State> Remembered<S> {
    /// Asks `advisor` about `state` once and remembers the answer.
    pub fn ask(advisor: SharedAdvisor<S>, state: &S) -> Self {
        Remembered { advice: advisor.advise(state), state: state.clone(), advisor }
    }
}

impl<S: State> Advisor<S> for Remembered<S> {
    fn advise(&self, state: &S) -> Vec<Action> {
        if *state == self.state { self.advice.clone() } else { self.advisor.advise(state) }
    }

    fn rollout_action(&self, state: &S) -> Option<Action> {
        self.advisor.rollout_action(state)
    }
}

/// Per root action, its rank in `advisor`'s advice (0: the first choice), if named.
pub(crate) fn advised_marks<S: State>(advisor: &dyn Advisor<S>, state: &S, actions: &[Action]) -> Vec<Option<usize>> {
    let advised = advisor.advise(state);
    actions.iter().map(|a| advised.iter().position(|b| b == a)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tabula_core::Game;
    use tabula_core::testing::{Nim, NimState};

    /// Advises every legal action, counting the calls.
    #[derive(Debug, Default)]
    struct Counting(AtomicUsize);

    impl Advisor<NimState> for Counting {
        fn advise(&self, state: &NimState) -> Vec<Action> {
            self.0.fetch_add(1, Ordering::Relaxed);
            state.legal_actions()
        }
    }

    #[test]
    fn remembered_advice_answers_its_state_without_asking_and_passes_other_states_on() {
        let counting = Arc::new(Counting::default());
        let root = Nim::new(5).new_initial_state(0);
        let remembered = Remembered::ask(counting.clone(), &root);
        assert_eq!(counting.0.load(Ordering::Relaxed), 1);
        assert_eq!(remembered.advise(&root), root.legal_actions());
        assert_eq!(remembered.advise(&root.clone()), root.legal_actions(), "an equal state is the same state");
        assert_eq!(counting.0.load(Ordering::Relaxed), 1, "the root's advice came from memory");

        let mut child = root.clone();
        child.apply(root.legal_actions()[1]).unwrap();
        assert_eq!(remembered.advise(&child), child.legal_actions());
        assert_eq!(remembered.rollout_action(&child), child.legal_actions().first().copied());
        assert_eq!(counting.0.load(Ordering::Relaxed), 3, "other states ask the advisor");
    }
}
