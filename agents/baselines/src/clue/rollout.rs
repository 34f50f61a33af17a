//! `QuickRollout`: a cheap Clue policy for information-set search's rollouts, a sketch of
//! `deduce` without its sampling: it guesses the moment the hidden items are proven (or when it
//! must: the items nobody is known to hold), and otherwise asks a random remaining opponent about
//! one random item whose owner it does not know. Asked to show, it shows a random listed item.

use clue::{ClueState, ItemSet, Phase, SubAction};
use rand::{Rng, RngCore};
use tabula_core::{Action, Player};
use tabula_search::RolloutPolicy;

#[derive(Debug, Clone, Copy, Default)]
pub struct QuickRollout;

/// Items no owner is known to hold, from `me`'s knowledge.
fn unowned(state: &ClueState, me: Player) -> ItemSet {
    let k = state.knowledge(me);
    let params = state.params();
    let known = (0..=params.players).fold(ItemSet::EMPTY, |a, o| a.union(k.holds(o)));
    ItemSet::first(params.items).difference(known)
}

impl QuickRollout {
    fn pick(state: &ClueState, rng: &mut dyn RngCore) -> SubAction {
        let legal = state.legal_sub_actions();
        let random = |rng: &mut dyn RngCore, v: &[SubAction]| v[rng.random_range(0..v.len())];
        let me = state.whose_turn().player().expect("a player moves");
        let k = state.knowledge(me);
        match state.phase() {
            Phase::Choose => {
                if k.hidden_if_certain().is_some() || state.must_guess() || legal.len() == 1 {
                    return SubAction::Guess;
                }
                let asks: Vec<SubAction> = legal.iter().copied().filter(|s| matches!(s, SubAction::Ask(_))).collect();
                random(rng, &asks)
            }
            Phase::Listing { target, list } => {
                if !list.is_empty() {
                    return SubAction::Done;
                }
                let open = unowned(state, me).difference(k.lacks(target));
                let items: Vec<SubAction> = open.iter().map(SubAction::Item).filter(|s| legal.contains(s)).collect();
                if items.is_empty() { random(rng, &legal) } else { random(rng, &items) }
            }
            Phase::Guessing { .. } => {
                let intent = k.hidden_if_certain().unwrap_or_else(|| unowned(state, me));
                intent.iter().map(SubAction::Item).find(|s| legal.contains(s)).unwrap_or(legal[0])
            }
            Phase::Showing { .. } => random(rng, &legal),
            Phase::Over => unreachable!("nobody moves in a finished game"),
        }
    }
}

impl RolloutPolicy<ClueState> for QuickRollout {
    fn choose(&self, state: &ClueState, rng: &mut dyn RngCore) -> Action {
        QuickRollout::pick(state, rng).to_action(state.params())
    }
}
