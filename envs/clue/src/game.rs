//! Generalized Clue behind tabula's `Game`/`State` API.
//!
//! ```
//! use clue::Clue;
//! use tabula_core::{Game, GameSpec, State, Turn};
//! let game = Clue::from_spec(&"clue(players=3,items=10,hidden=4)".parse::<GameSpec>().unwrap()).unwrap();
//! assert_eq!(game.num_actions(), 10 + 3 + 2);
//! let mut s = game.new_initial_state(7); // seed 7 deals the cards
//! // Player 1 asks player 2 about items 1 and 2.
//! for step in ["ask 2", "1", "2", "done"] {
//!     s.apply(s.string_to_action(step).unwrap()).unwrap();
//! }
//! // Player 2 shows one of them if it holds any, else player 2 moves next.
//! assert!(matches!(s.turn(), Turn::Player(1)));
//! ```

use crate::action::SubAction;
use crate::deal::Deal;
use crate::encode::{PLANES, write_observation};
use crate::params::Params;
use crate::rules::{ClueState, Event, Phase};
use std::fmt;
use tabula_core::{
    Action, ChanceMode, Game, GameSpec, IllegalAction, Information, NotationError, Player, RegistryEntry, SpecError,
    State, Turn, dynamic::build_erased, rng_from_seed,
};

/// The game of one set of parameters. Spec `clue(players=4,items=24,hidden=4,rounds=100)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Clue {
    params: Params,
}

impl Clue {
    pub fn new(params: Params) -> Result<Clue, String> {
        Ok(Clue { params: params.checked()? })
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The entry for tabula's game registry.
    pub fn registry_entry() -> RegistryEntry {
        RegistryEntry {
            name: "clue",
            about: "Generalized Clue: deduce the k hidden items of n from questions and answers (2-9 players)",
            example: "clue(players=4,items=24,hidden=4,rounds=100)",
            build: build_erased::<Clue>,
        }
    }
}

impl Game for Clue {
    type State = ClueState;

    fn spec(&self) -> String {
        let p = &self.params;
        format!("clue(players={},items={},hidden={},rounds={})", p.players, p.items, p.hidden, p.rounds)
    }
    fn name(&self) -> &'static str {
        "Generalized Clue"
    }
    fn num_players(&self) -> usize {
        self.params.players
    }
    fn num_actions(&self) -> usize {
        SubAction::count(&self.params)
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, self.params.players + 1, self.params.items]
    }
    fn chance_mode(&self) -> ChanceMode {
        // The deal comes from the seed; nothing is drawn afterwards.
        ChanceMode::Deterministic
    }
    fn information(&self) -> Information {
        Information::Imperfect
    }
    fn max_game_length(&self) -> usize {
        // Before the limit, at most `rounds * p` question turns (ask, up to n items, done, show);
        // then one guess each (guess and k items).
        let p = &self.params;
        p.rounds * p.players * (p.items + 3) + p.players * (p.hidden + 1)
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        const NAME: &str = "clue";
        spec.only(NAME, &["players", "items", "hidden", "rounds"])?;
        let d = Params::default();
        let params = Params {
            players: spec.get_or(NAME, "players", d.players)?,
            items: spec.get_or(NAME, "items", d.items)?,
            hidden: spec.get_or(NAME, "hidden", d.hidden)?,
            rounds: spec.get_or(NAME, "rounds", d.rounds)?,
        };
        Clue::new(params).map_err(|reason| SpecError::BadValue {
            game: NAME.into(),
            key: "items".into(),
            value: format!("players={} items={} hidden={}", params.players, params.items, params.hidden),
            reason,
        })
    }
    fn new_initial_state(&self, seed: u64) -> ClueState {
        ClueState::new(self.params, Deal::random(&self.params, &mut rng_from_seed(seed)))
    }
}

impl State for ClueState {
    fn turn(&self) -> Turn {
        self.whose_turn()
    }
    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.play(action)
    }
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }
    fn returns(&self) -> Vec<f64> {
        // Everything is paid at the end.
        self.utilities().unwrap_or_else(|| vec![0.0; self.params().players])
    }
    fn settled_return(&self, player: Player) -> Option<f64> {
        self.settled_utility(player)
    }
    fn observation(&self, player: Player, out: &mut [f32]) {
        write_observation(self, player, out);
    }
    fn resample(&self, player: Player, rng: &mut dyn rand::RngCore) -> Self {
        self.determinize(player, rng)
    }
    fn action_to_string(&self, action: Action) -> String {
        SubAction::from_action(action, self.params()).map_or_else(|| format!("?{action}"), |s| s.to_string())
    }
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        SubAction::parse(text, self.params()).map(|s| s.to_action(self.params()))
    }
    fn move_number(&self) -> usize {
        self.move_count()
    }
}

impl fmt::Display for ClueState {
    /// The whole state (every hand): for a referee's or a debugger's eyes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.params();
        writeln!(
            f,
            "Clue: {} players, items 1-{}, {} hidden; round {} of {}",
            p.players,
            p.items,
            p.hidden,
            (self.round() + 1).min(p.rounds),
            p.rounds
        )?;
        writeln!(f, "hidden:   {}", self.deal().hidden)?;
        for seat in 0..p.players {
            let status = if !self.is_active(seat) {
                "  (left)".to_string()
            } else if self.whose_turn() == Turn::Player(seat) {
                match self.phase() {
                    Phase::Choose => "  <- to ask or guess".into(),
                    Phase::Listing { target, list } => format!("  <- asking player {}: {list}", target + 1),
                    Phase::Guessing { guess } => format!("  <- guessing: {guess}"),
                    Phase::Showing { list, .. } => format!("  <- to show one of {list}"),
                    Phase::Over => String::new(),
                }
            } else {
                String::new()
            };
            writeln!(f, "player {}: {}{status}", seat + 1, self.deal().hands[seat])?;
        }
        if let Some(last) = self.history().last() {
            match last {
                Event::Asked { asker, target, list, shown } => writeln!(
                    f,
                    "last: player {} asked player {} about {list}: {}",
                    asker + 1,
                    target + 1,
                    shown.map_or("none".to_string(), |i| format!("showed {i}"))
                )?,
                Event::Departed { player, guess, .. } => writeln!(f, "last: player {} guessed {guess}", player + 1)?,
                Event::Removed { player, .. } => writeln!(f, "last: player {} was removed", player + 1)?,
            }
        }
        if let Some(ranking) = self.ranking() {
            let names: Vec<String> = ranking.iter().map(|s| format!("player {}", s + 1)).collect();
            writeln!(f, "ranking: {}", names.join(", "))?;
        }
        Ok(())
    }
}
