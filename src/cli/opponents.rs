//! Computer opponents for `tabula play`, chosen by name at run time.
//!
//! The baselines are typed (`Agent<Score4State>`); the play loop sees type-erased states, so a
//! typed agent gets its own copy of the state through the state's JSON form (cheap at play speed).

use rand::{Rng, RngCore};
use std::time::Duration;
use tabula_core::{Action, Agent, DynState, State};

/// An opponent that acts on a type-erased state.
pub trait DynAgent {
    fn name(&self) -> String;
    fn act(&mut self, state: &dyn DynState, rng: &mut dyn RngCore) -> anyhow::Result<Action>;
}

struct Random;

impl DynAgent for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn act(&mut self, state: &dyn DynState, rng: &mut dyn RngCore) -> anyhow::Result<Action> {
        let legal = state.legal_actions();
        anyhow::ensure!(!legal.is_empty(), "no legal move");
        Ok(legal[rng.random_range(0..legal.len())])
    }
}

struct Typed<S: State>(Box<dyn Agent<S>>);

impl<S: State> DynAgent for Typed<S> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn act(&mut self, state: &dyn DynState, rng: &mut dyn RngCore) -> anyhow::Result<Action> {
        let typed: S = serde_json::from_str(&state.to_json())?;
        Ok(self.0.act(&typed, rng))
    }
}

/// The opponents a game offers, for `--help` and error messages.
pub fn names(game: &str) -> &'static [&'static str] {
    match game {
        "score4" => &tabula_baselines::score4::AGENT_NAMES,
        _ => &["random"],
    }
}

/// Builds the opponent `name` for `game` (a registry name).
pub fn make(game: &str, name: &str) -> anyhow::Result<Box<dyn DynAgent>> {
    let name = name.to_ascii_lowercase();
    match (game, name.as_str()) {
        (_, "random") => Ok(Box::new(Random)),
        ("score4", _) => {
            let options =
                tabula_baselines::score4::AgentOptions { movetime: Some(Duration::from_millis(500)), depth: None };
            let agent = tabula_baselines::score4::agent_by_name(&name, &options).map_err(anyhow::Error::msg)?;
            Ok(Box::new(Typed(agent)))
        }
        _ => anyhow::bail!("{game} has no opponent {name:?}; choose one of: {}", names(game).join(", ")),
    }
}
