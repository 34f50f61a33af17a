//! Computer opponents for `tabula play`, built from a player spec (see [`tabula::players`]).
//!
//! The players are typed (`Agent<Score4State>`); the play loop sees type-erased states, so a
//! typed agent gets its own copy of the state through the state's JSON form (cheap at play speed).

use rand::RngCore;
use std::time::Duration;
use tabula::players::{BuildOptions, GameTask, KnownGame, PlayerSpec, with_game};
use tabula_core::{Action, Agent, DynState, State};

/// Thinking time a move of the searching baselines in `tabula play`.
const PLAY_MOVETIME: Duration = Duration::from_millis(500);

/// An opponent that acts on a type-erased state.
pub trait DynAgent {
    fn name(&self) -> String;
    fn act(&mut self, state: &dyn DynState, rng: &mut dyn RngCore) -> anyhow::Result<Action>;
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

/// Builds the opponent `spec` (a player spec) for the game of `game_spec`.
pub fn make(game_spec: &str, spec: &str) -> anyhow::Result<Box<dyn DynAgent>> {
    let spec: PlayerSpec = spec.parse()?;
    with_game(game_spec, Make(spec))
}

struct Make(PlayerSpec);

impl GameTask for Make {
    type Output = Box<dyn DynAgent>;

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<Box<dyn DynAgent>> {
        let options = BuildOptions { movetime: PLAY_MOVETIME, ..BuildOptions::default() };
        let player = self.0.build(&game, &options)?;
        Ok(Box::new(Typed((player.opponent.make)())))
    }
}
