//! The n-tuple network as a player: at each turn, the move whose reward plus afterstate value
//! is highest ([`crate::afterstate::Valuer::best`]), over the model's base value if it has one;
//! with [`Expectimax`] on, the best of its top moves after one ply of chance.

use crate::afterstate::Valuer;
use crate::base::BaseValue;
use crate::expectimax::Expectimax;
use crate::model::NTupleModel;
use rand::RngCore;
use std::sync::Arc;
use tabula_core::cells::CellBoard;
use tabula_core::{Action, Agent, State};

/// A one-move afterstate player.
#[derive(Clone)]
pub struct NTupleAgent<S> {
    pub model: Arc<NTupleModel>,
    pub base: Option<Arc<dyn BaseValue<S>>>,
    pub name: String,
    /// How far it looks past each move: the model's setting unless changed
    /// ([`Expectimax::OFF`]: not at all).
    pub search: Expectimax,
}

impl<S> NTupleAgent<S> {
    /// The player of `model`; `base` must be the one the model names (checked by name).
    pub fn new(
        model: Arc<NTupleModel>,
        base: Option<Arc<dyn BaseValue<S>>>,
        name: impl Into<String>,
    ) -> Result<Self, String> {
        let given = base.as_ref().map(|b| b.name());
        if given != model.base {
            return Err(format!(
                "the model learnt over the base value {} but is played over {}",
                model.base.as_deref().unwrap_or("none"),
                given.as_deref().unwrap_or("none")
            ));
        }
        let search = model.search;
        Ok(NTupleAgent { model, base, name: name.into(), search })
    }

    /// The same player looking as far as `search` says (one ply of chance past its
    /// `search.width` best moves) instead of as its model says.
    pub fn with_search(mut self, search: Expectimax) -> Self {
        self.search = search;
        self
    }

    /// How this player values afterstates: its model over its base value.
    pub fn valuer(&self) -> Valuer<'_, S> {
        self.model.valuer(self.base.as_deref())
    }
}

impl<S: State + CellBoard> Agent<S> for NTupleAgent<S> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action {
        self.valuer()
            .expectimax_best(state, self.search, rng)
            .map(|s| s.choice.action)
            .or_else(|| state.legal_actions().first().copied())
            .expect("act is called at a turn with a legal move")
    }
}
