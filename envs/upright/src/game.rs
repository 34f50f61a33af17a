//! Upward-Rightward behind tabula's `Game`/`State` API.
//!
//! ```
//! use upright::Upright;
//! use tabula_core::{Game, GameSpec, State, Turn};
//! let game = Upright::from_spec(&"upright(size=3)".parse::<GameSpec>().unwrap()).unwrap();
//! assert_eq!((game.num_actions(), game.spec()), (10, "upright(size=3)".to_string()));
//! let mut s = game.new_initial_state(0);
//! for square in ["a1", "a2", "b2", "c2", "c3"] { // phase 1, alternately
//!     s.apply(s.string_to_action(square).unwrap()).unwrap();
//! }
//! assert_eq!(s.turn(), Turn::Player(1)); // player 2 opens phase 2
//! // Player 2 fills b1 and stops; player 1 fills c1 (nothing qualifies after it, so the move
//! // ends by itself); player 2 fills a3 and stops; player 1 fills the last square.
//! for text in ["b1", "end", "c1", "a3", "end", "b3"] {
//!     s.apply(s.string_to_action(text).unwrap()).unwrap();
//! }
//! assert_eq!(s.turn(), Turn::Terminal);
//! // Top row first: x o O / X O X / O x o. Rows: 1*2 + 1*1*1 + 1*1*1; columns (a, b, c, bottom
//! // up: O X x, x O o, o X O): 1*2 + 1*2 + 1*1*1.
//! assert_eq!(s.scores(), [4, 5]);
//! assert_eq!(s.returns(), vec![-1.0, 1.0]);
//! ```

use crate::action::SubAction;
use crate::encode::{PLANES, write_observation};
use crate::rules::UprightState;
use crate::score;
use crate::side::Side;
use crate::square::Square;
use crate::symmetry;
use crate::variant::{ColourRule, Variant};
use tabula_core::{
    Action, ChanceMode, Game, GameSpec, IllegalAction, Information, NotationError, Player, RegistryEntry, SpecError,
    State, Turn, dynamic::build_erased,
};

/// The default board side.
pub const DEFAULT_SIZE: usize = 6;

/// The game: board side and variant. Spec `upright(size=6)`, with `reach=line` and/or
/// `colour=free` for the variants (see [`crate::variant`]); actions as in [`crate::action`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Upright {
    size: usize,
    variant: Variant,
}

impl Default for Upright {
    fn default() -> Self {
        Upright { size: DEFAULT_SIZE, variant: Variant::default() }
    }
}

impl Upright {
    /// A variant; an error for a side outside `2..=11`.
    pub fn new(size: usize, variant: Variant) -> Result<Upright, String> {
        crate::board::Board::new(size)?;
        Ok(Upright { size, variant })
    }

    /// The entry for tabula's game registry.
    pub fn registry_entry() -> RegistryEntry {
        RegistryEntry {
            name: "upright",
            about: "Upward-Rightward: crooked lines of squares up and right; rows against columns (two players)",
            example: "upright(size=6,reach=adjacent,colour=own)",
            build: build_erased::<Upright>,
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The `end` action, `n²`.
    pub fn end_action(&self) -> Action {
        (self.size * self.size) as Action
    }
}

impl Game for Upright {
    type State = UprightState;

    fn spec(&self) -> String {
        let mut items = vec![format!("size={}", self.size)];
        items.extend(self.variant.spec_items());
        format!("upright({})", items.join(","))
    }
    fn name(&self) -> &'static str {
        "Upward-Rightward"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        let squares = self.size * self.size;
        match self.variant.colour {
            ColourRule::Own => squares + 1,
            ColourRule::Free => 2 * squares + 1,
        }
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, self.size, self.size]
    }
    fn chance_mode(&self) -> ChanceMode {
        ChanceMode::Deterministic
    }
    fn information(&self) -> Information {
        Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        // Phase 1 fills 2n - 1 squares; each of the (n - 1)² others may be a move of its own,
        // square and `end`.
        let n = self.size;
        2 * n - 1 + 2 * (n - 1) * (n - 1)
    }
    fn player_name(&self, player: Player) -> String {
        Side::from_index(player).map_or_else(
            || format!("Player {}", player + 1),
            |s| format!("{} ({}, {})", s.title(), s.pen(), s.scores()),
        )
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        const NAME: &str = "upright";
        spec.only(NAME, &["size", "reach", "colour", "color"])?;
        let size = spec.get_or(NAME, "size", DEFAULT_SIZE)?;
        let mut variant = Variant {
            reach: spec.get_or(NAME, "reach", Default::default())?,
            colour: spec.get_or(NAME, "colour", Default::default())?,
        };
        if spec.raw("color").is_some() {
            variant.colour = spec.get_or(NAME, "color", variant.colour)?;
        }
        Upright::new(size, variant).map_err(|reason| SpecError::BadValue {
            game: NAME.into(),
            key: "size".into(),
            value: size.to_string(),
            reason,
        })
    }
    fn new_initial_state(&self, _seed: u64) -> UprightState {
        UprightState::new(self.size, self.variant).expect("the size was checked")
    }
    fn symmetry_count(&self) -> usize {
        symmetry::COUNT
    }
    fn transform_observation(&self, k: usize, observation: &[f32], out: &mut [f32]) {
        symmetry::map_observation(k, self.size, observation, out);
    }
    fn transform_action(&self, k: usize, action: Action) -> Action {
        symmetry::map_action(k, self.size, action)
    }
}

impl UprightState {
    /// The scores so far, player 1's (rows) first; on a full board the game's result.
    pub fn scores(&self) -> [u64; 2] {
        score::scores(&self.board)
    }

    /// Player 1's score minus player 2's (the margin behind the win/draw/loss returns).
    pub fn score_difference(&self) -> i64 {
        score::margin(&self.board, Side::First)
    }

    /// The winner of a finished game; `None` for a draw or a game in progress.
    pub fn winner(&self) -> Option<Side> {
        if !self.is_over() {
            return None;
        }
        match self.score_difference() {
            d if d > 0 => Some(Side::First),
            d if d < 0 => Some(Side::Second),
            _ => None,
        }
    }

    /// +1 / -1 for a win / loss, 0 for a draw or a game in progress.
    fn outcome(&self) -> [f64; 2] {
        if !self.is_over() {
            return [0.0, 0.0];
        }
        let d = self.score_difference().signum() as f64;
        [d, -d]
    }

    /// The sub-action an action number stands for in this state.
    pub fn sub_action(&self, action: Action) -> Option<SubAction> {
        SubAction::from_action(action, self.size(), self.to_move)
    }

    /// The action number of a sub-action in this state.
    pub fn action_of(&self, sub: SubAction) -> Action {
        sub.action(self.size(), self.to_move)
    }
}

impl State for UprightState {
    fn turn(&self) -> Turn {
        if self.is_over() { Turn::Terminal } else { Turn::Player(self.to_move.index()) }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        let n = self.size();
        let squares = n * n;
        let fillable = self.fillable();
        let own = (0..squares).filter(|&i| fillable >> i & 1 == 1);
        let mut legal: Vec<Action> = own.clone().map(|i| i as Action).collect();
        if self.move_started() {
            legal.push(squares as Action);
        }
        if self.may_use_other_colour() {
            legal.extend(own.map(|i| (squares + 1 + i) as Action));
        }
        legal
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let sub = self.sub_action(action).ok_or_else(|| {
            IllegalAction::new(action, format!("the {n} x {n} game has no action {action}", n = self.size()))
        })?;
        self.play(sub).map_err(|why| IllegalAction::new(action, why))
    }

    fn rewards(&self) -> Vec<f64> {
        // Only the sub-action that fills the board earns anything, and it ends the game.
        self.outcome().to_vec()
    }

    fn returns(&self) -> Vec<f64> {
        self.outcome().to_vec()
    }

    /// 1: a win, whatever the score.
    fn max_return(&self, _player: Player) -> Option<f64> {
        Some(1.0)
    }

    fn observation(&self, player: Player, out: &mut [f32]) {
        let observer = Side::from_index(player).expect("Upward-Rightward has players 0 and 1");
        write_observation(self, observer, out);
    }

    fn action_to_string(&self, action: Action) -> String {
        match self.sub_action(action) {
            Some(sub) => sub.notation(self.to_move),
            None => format!("?{action}"),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let sub = SubAction::parse(text, self.to_move).map_err(|hint| NotationError::new(text, hint))?;
        if let SubAction::Fill(square, _) = sub
            && !square.on(self.size())
        {
            let corner = last_square(self.size());
            return Err(NotationError::new(text, format!("the board's squares run from a1 to {corner}")));
        }
        Ok(self.action_of(sub))
    }

    fn move_number(&self) -> usize {
        self.actions
    }
}

/// The upper-right square's name, e.g. `f6`.
fn last_square(size: usize) -> Square {
    Square::at(size - 1, size - 1).expect("the board fits")
}
