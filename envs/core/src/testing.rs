//! Small games for documentation and tests: Nim, for testing the env checker itself, with
//! switchable bugs so the checker's tests can show that each check fails when it should; and
//! tic-tac-toe with an exact solver, for checking learning against perfect play; and a guessing
//! game of hidden information ([`HiddenCard`]) for searches that must not peek.

use crate::error::SpecError;
use crate::game::{ChanceMode, Game, Information};
use crate::spec::GameSpec;
use crate::state::{Action, Player, State, Turn};
use crate::state::{IllegalAction, NotationError};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};

mod hidden_card;
mod tictactoe;
pub use hidden_card::{HiddenCard, HiddenCardState};
pub use tictactoe::{TicTacToe, TicTacToeSolver, TicTacToeState};

/// A deliberate defect for the checker to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bug {
    None,
    /// `action_mask` disagrees with `legal_actions`.
    MaskDisagrees,
    /// `apply` accepts anything.
    AcceptsIllegal,
    /// `apply` panics on an illegal action.
    PanicsOnIllegal,
    /// `returns` forgets the rewards.
    WrongReturns,
    /// Chance probabilities sum to 1.1.
    BadProbabilities,
    /// Declares a max length far too small.
    MaxLengthTooSmall,
    /// `string_to_action` always answers 0.
    BadNotation,
    /// Part of the state is not serialized.
    LossySerde,
    /// Chance ignores the generator and uses a global counter (same seed, other episode).
    Nondeterministic,
    /// Chance ignores the generator and always picks the first outcome.
    IgnoresRng,
    /// Observations contain NaN.
    NanObservation,
    /// Declares imperfect information but shows every player the same thing.
    SameObservations,
    /// Declares imperfect information, and `resample` changes what the player sees.
    ResampleLeaks,
    /// Claims from the start that player 0 will win.
    WrongSettledReturn,
    /// Bounds every return at 0.5, below a win's 1.
    LowMaxReturn,
}

/// Nim: take 1 or 2 stones; whoever takes the last stone wins. With `chance`, nature may add a
/// stone after each move (at most twice per game).
#[derive(Debug, Clone, PartialEq)]
pub struct Nim {
    pub stones: u32,
    pub chance: bool,
    pub bug: Bug,
}

impl Nim {
    pub fn new(stones: u32) -> Self {
        Nim { stones, chance: false, bug: Bug::None }
    }
    pub fn with_chance(mut self) -> Self {
        self.chance = true;
        self
    }
    pub fn with_bug(mut self, bug: Bug) -> Self {
        self.bug = bug;
        self
    }
}

static GLOBAL_COUNTER: AtomicU32 = AtomicU32::new(0);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NimState {
    initial: u32,
    stones: u32,
    to_move: Player,
    chance: bool,
    chance_pending: bool,
    added: u32,
    moves: usize,
    winner: Option<Player>,
    rewards: [f64; 2],
    returns: [f64; 2],
    bug: Bug,
    #[serde(skip)]
    lost_on_save: u32,
}

impl Game for Nim {
    type State = NimState;

    fn spec(&self) -> String {
        format!("nim(stones={},chance={})", self.stones, self.chance)
    }
    fn name(&self) -> &'static str {
        "Nim"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        2
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    fn chance_mode(&self) -> ChanceMode {
        if self.chance { ChanceMode::Explicit } else { ChanceMode::Deterministic }
    }
    fn information(&self) -> Information {
        if matches!(self.bug, Bug::SameObservations | Bug::ResampleLeaks) {
            Information::Imperfect
        } else {
            Information::Perfect
        }
    }
    fn max_game_length(&self) -> usize {
        if self.bug == Bug::MaxLengthTooSmall { 1 } else { 2 * self.stones as usize + 4 }
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        spec.only("nim", &["stones", "chance"])?;
        let stones = spec.get_or("nim", "stones", 7u32)?;
        if stones == 0 {
            return Err(SpecError::BadValue {
                game: "nim".into(),
                key: "stones".into(),
                value: "0".into(),
                reason: "need at least one stone".into(),
            });
        }
        Ok(Nim { stones, chance: spec.get_or("nim", "chance", false)?, bug: Bug::None })
    }
    fn new_initial_state(&self, _seed: u64) -> NimState {
        NimState {
            initial: self.stones,
            stones: self.stones,
            to_move: 0,
            chance: self.chance,
            chance_pending: false,
            added: 0,
            moves: 0,
            winner: None,
            rewards: [0.0; 2],
            returns: [0.0; 2],
            bug: self.bug,
            lost_on_save: 0,
        }
    }
}

impl State for NimState {
    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Terminal
        } else if self.chance_pending {
            Turn::Chance
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.turn() {
            Turn::Player(_) if self.stones >= 2 => vec![0, 1],
            Turn::Player(_) => vec![0],
            _ => vec![],
        }
    }

    fn action_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for a in self.legal_actions() {
            mask[a as usize] = true;
        }
        if self.bug == Bug::MaskDisagrees && self.stones >= 2 {
            mask[1] = false;
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let legal = match self.turn() {
            Turn::Chance => action <= 1,
            _ => self.legal_actions().contains(&action),
        };
        if !legal {
            match self.bug {
                Bug::AcceptsIllegal => {}
                Bug::PanicsOnIllegal => panic!("nim: illegal action {action}"),
                _ => return Err(IllegalAction::new(action, "not a legal move here")),
            }
        }
        self.rewards = [0.0; 2];
        self.moves += 1;
        if self.bug == Bug::LossySerde {
            self.lost_on_save += 1;
        }
        if self.turn() == Turn::Chance {
            self.stones += action.min(1);
            self.added += action.min(1);
            self.chance_pending = false;
            return Ok(());
        }
        let take = (action.min(1) + 1).min(self.stones);
        self.stones -= take;
        if self.stones == 0 {
            let w = self.to_move;
            self.winner = Some(w);
            self.rewards[w] = 1.0;
            self.rewards[1 - w] = -1.0;
            if self.bug != Bug::WrongReturns {
                self.returns = self.rewards;
            }
        } else {
            self.to_move = 1 - self.to_move;
            self.chance_pending = self.chance && self.added < 2;
        }
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.turn() != Turn::Chance {
            return vec![];
        }
        if self.bug == Bug::BadProbabilities { vec![(0, 0.5), (1, 0.6)] } else { vec![(0, 0.5), (1, 0.5)] }
    }

    fn sample_chance(&mut self, rng: &mut dyn RngCore) {
        let pick = match self.bug {
            Bug::Nondeterministic => GLOBAL_COUNTER.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9E37_79B9) >> 31,
            Bug::IgnoresRng => 0,
            _ => rng.next_u32() % 2,
        };
        self.apply(pick).expect("chance outcomes are legal");
    }

    fn rewards(&self) -> Vec<f64> {
        self.rewards.to_vec()
    }

    fn returns(&self) -> Vec<f64> {
        self.returns.to_vec()
    }

    fn settled_return(&self, player: Player) -> Option<f64> {
        match (self.winner, self.bug) {
            (Some(_), _) => Some(self.returns[player]),
            (None, Bug::WrongSettledReturn) if player == 0 => Some(1.0),
            (None, _) => None,
        }
    }

    fn max_return(&self, _player: Player) -> Option<f64> {
        Some(if self.bug == Bug::LowMaxReturn { 0.5 } else { 1.0 })
    }

    fn resample(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        let mut other = self.clone();
        if self.bug == Bug::ResampleLeaks {
            other.stones += 1;
        }
        other
    }

    fn observation(&self, player: Player, out: &mut [f32]) {
        out[0] = self.stones as f32 / self.initial as f32;
        out[1] = if self.bug == Bug::SameObservations { 0.0 } else { player as f32 };
        if self.bug == Bug::NanObservation {
            out[0] = f32::NAN;
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        format!("take{}", action + 1)
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        if self.bug == Bug::BadNotation {
            return Ok(0);
        }
        match text.trim().to_ascii_lowercase().as_str() {
            "take1" => Ok(0),
            "take2" => Ok(1),
            _ => Err(NotationError::new(text, "write take1 or take2")),
        }
    }

    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for NimState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} stones; {:?}", self.stones, self.turn())
    }
}
