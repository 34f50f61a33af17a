//! What the advisors hand a search: the moves a baseline player names, as the state's actions.

use superball::SuperballState;
use superball::action::Move;
use tabula_core::Action;

/// `moves` as actions of `state`, in order, each once (a move outside the action space is left out).
pub(super) fn distinct_actions(state: &SuperballState, moves: Vec<Move>) -> Vec<Action> {
    let space = state.action_space();
    let mut actions: Vec<Action> = Vec::with_capacity(moves.len());
    for a in moves.into_iter().filter_map(|m| space.encode(m)) {
        if !actions.contains(&a) {
            actions.push(a);
        }
    }
    actions
}
