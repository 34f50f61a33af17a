//! A base value under the network: a hand-written evaluation that the n-tuple network learns to
//! correct (the network's value is then what the base misses). The game supplies it, and with it
//! the moves worth trying, since it values them all on one board at once.

use tabula_core::Action;

/// The moves worth trying in a state, each with the base value of its afterstate, in the
/// network's units.
pub trait BaseValue<S>: Send + Sync {
    /// What the base is called in a model file (the model is played with the same base).
    fn name(&self) -> String;
    /// The moves worth trying at a player turn of `state`, with their afterstates' base values.
    /// Every move must be legal.
    fn afterstates(&self, state: &S) -> Vec<(Action, f32)>;
    /// The base value of one move's afterstate (a teacher's move, say), `None` where the base
    /// has none for it. By default looked up among [`afterstates`](BaseValue::afterstates); a
    /// base that can value one move alone should: that list values every move.
    fn value_of(&self, state: &S, action: Action) -> Option<f32> {
        self.afterstates(state).into_iter().find(|(a, _)| *a == action).map(|(_, v)| v)
    }
}
