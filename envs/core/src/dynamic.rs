//! Type-erased games and states, for code that picks the game at run time (the CLI, the registry).
//! Algorithms stay generic over [`Game`]/[`State`]; this layer only forwards.

use crate::error::SpecError;
use crate::game::{ChanceMode, Game, Information};
use crate::spec::GameSpec;
use crate::state::{Action, IllegalAction, NotationError, Player, State, Turn};
use rand::RngCore;
use std::fmt;

/// An object-safe view of a [`State`].
pub trait DynState: Send + Sync + fmt::Display + fmt::Debug {
    fn turn(&self) -> Turn;
    fn legal_actions(&self) -> Vec<Action>;
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction>;
    fn sample_chance(&mut self, rng: &mut dyn RngCore);
    fn rewards(&self) -> Vec<f64>;
    fn returns(&self) -> Vec<f64>;
    fn observation(&self, player: Player, out: &mut [f32]);
    fn action_to_string(&self, action: Action) -> String;
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError>;
    fn move_number(&self) -> usize;
    fn to_json(&self) -> String;
    fn clone_box(&self) -> Box<dyn DynState>;
}

/// An object-safe view of a [`Game`].
pub trait DynGame: Send + Sync + fmt::Debug {
    fn spec(&self) -> String;
    fn name(&self) -> &'static str;
    fn num_players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn chance_mode(&self) -> ChanceMode;
    fn information(&self) -> Information;
    fn max_game_length(&self) -> usize;
    fn player_name(&self, player: Player) -> String;
    fn new_initial_state(&self, seed: u64) -> Box<dyn DynState>;
    fn state_from_json(&self, json: &str) -> Result<Box<dyn DynState>, serde_json::Error>;
    /// Runs the env checker on this game.
    fn check(
        &self,
        config: &crate::checker::CheckConfig,
    ) -> Result<crate::checker::CheckReport, crate::checker::CheckFailure>;
}

/// Wraps a typed game or state so it can live behind `dyn`.
#[derive(Debug, Clone)]
pub struct Erased<T>(pub T);

/// Boxes a typed game as a [`DynGame`].
pub fn erase<G: Game>(game: G) -> Box<dyn DynGame> {
    Box::new(Erased(game))
}

/// Builds a typed game from a spec and erases it; usable as a registry entry's `build`.
pub fn build_erased<G: Game>(spec: &GameSpec) -> Result<Box<dyn DynGame>, SpecError> {
    Ok(erase(G::from_spec(spec)?))
}

impl<S: State> fmt::Display for Erased<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl<S: State> DynState for Erased<S> {
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions(&self) -> Vec<Action> {
        self.0.legal_actions()
    }
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.0.apply(action)
    }
    fn sample_chance(&mut self, rng: &mut dyn RngCore) {
        self.0.sample_chance(rng)
    }
    fn rewards(&self) -> Vec<f64> {
        self.0.rewards()
    }
    fn returns(&self) -> Vec<f64> {
        self.0.returns()
    }
    fn observation(&self, player: Player, out: &mut [f32]) {
        self.0.observation(player, out)
    }
    fn action_to_string(&self, action: Action) -> String {
        self.0.action_to_string(action)
    }
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        self.0.string_to_action(text)
    }
    fn move_number(&self) -> usize {
        self.0.move_number()
    }
    fn to_json(&self) -> String {
        serde_json::to_string(&self.0).expect("game states serialize to JSON")
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(Erased(self.0.clone()))
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn spec(&self) -> String {
        self.0.spec()
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn num_actions(&self) -> usize {
        self.0.num_actions()
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.0.observation_shape()
    }
    fn chance_mode(&self) -> ChanceMode {
        self.0.chance_mode()
    }
    fn information(&self) -> Information {
        self.0.information()
    }
    fn max_game_length(&self) -> usize {
        self.0.max_game_length()
    }
    fn player_name(&self, player: Player) -> String {
        self.0.player_name(player)
    }
    fn new_initial_state(&self, seed: u64) -> Box<dyn DynState> {
        Box::new(Erased(self.0.new_initial_state(seed)))
    }
    fn state_from_json(&self, json: &str) -> Result<Box<dyn DynState>, serde_json::Error> {
        let s: G::State = serde_json::from_str(json)?;
        Ok(Box::new(Erased(s)))
    }
    fn check(
        &self,
        config: &crate::checker::CheckConfig,
    ) -> Result<crate::checker::CheckReport, crate::checker::CheckFailure> {
        crate::checker::check_game(&self.0, config)
    }
}
