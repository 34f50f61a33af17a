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
}
