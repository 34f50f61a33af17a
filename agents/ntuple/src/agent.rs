//! The n-tuple network as a player: at each turn, the move whose reward plus afterstate value
//! is highest ([`crate::afterstate::Valuer::best`]), over the model's base value if it has one.

use crate::afterstate::Valuer;
use crate::base::BaseValue;
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
        Ok(NTupleAgent { model, base, name: name.into() })
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
            .best(state, rng)
            .map(|c| c.action)
            .or_else(|| state.legal_actions().first().copied())
            .expect("act is called at a turn with a legal move")
    }
}
