//! The `State` trait: one position of a game, the ids it speaks in (actions, players, turns),
//! and the errors of playing and reading its moves.

use rand::RngCore;
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::{Debug, Display};
use thiserror::Error;

/// An index into the game's fixed action space (the width of a policy head).
pub type Action = u32;

/// A seat at the table, `0..num_players`.
pub type Player = usize;

/// Who acts next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Turn {
    /// A player decides. One player may have several turns in a row.
    Player(Player),
    /// Nature decides: see [`State::chance_outcomes`] and [`State::sample_chance`].
    Chance,
    /// The game is over.
    Terminal,
}

impl Turn {
    pub fn player(self) -> Option<Player> {
        match self {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// An action that is not legal in the state it was applied to. The state is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal action {action}: {reason}")]
pub struct IllegalAction {
    pub action: Action,
    pub reason: String,
}

impl IllegalAction {
    pub fn new(action: Action, reason: impl Into<String>) -> Self {
        IllegalAction { action, reason: reason.into() }
    }
}

/// Text that does not name an action of the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read {text:?} as a move: {hint}")]
pub struct NotationError {
    pub text: String,
    pub hint: String,
}

impl NotationError {
    pub fn new(text: impl Into<String>, hint: impl Into<String>) -> Self {
        NotationError { text: text.into(), hint: hint.into() }
    }
}

/// One position of a game: everything needed to continue it.
///
/// Implementations must keep `apply` atomic: an illegal action returns an error and leaves the
/// state exactly as it was. The env checker ([`crate::checker`]) tests every rule stated here.
pub trait State: Clone + Debug + Display + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// The legal actions for the player to move, in increasing order; empty unless
    /// `turn()` is `Player(_)`.
    fn legal_actions(&self) -> Vec<Action>;

    /// Writes the legal actions as a mask of the whole action space (`mask.len()` equals the
    /// game's `num_actions`). Games override it when they have a faster way.
    fn action_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for a in self.legal_actions() {
            mask[a as usize] = true;
        }
    }

    /// Plays `action` for the player to move (or an explicit chance outcome at a chance node).
    fn apply(&mut self, action: Action) -> Result<(), IllegalAction>;

    /// Explicit chance outcomes and their probabilities at a chance node (they sum to 1).
    /// Empty for games whose chance is only sampled.
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        Vec::new()
    }

    /// Resolves a chance node by drawing from `rng`. The default draws from
    /// [`chance_outcomes`](State::chance_outcomes); games with huge outcome spaces override it.
    /// Games draw with `rng.next_u32()` only, so a harness can plug in an exact replica of
    /// another program's generator.
    fn sample_chance(&mut self, rng: &mut dyn RngCore) {
        let outcomes = self.chance_outcomes();
        assert!(!outcomes.is_empty(), "sample_chance called where there is no chance outcome");
        let u = rng.next_u32() as f64 / (u32::MAX as f64 + 1.0);
        let mut acc = 0.0;
        let mut pick = outcomes[outcomes.len() - 1].0;
        for &(a, p) in &outcomes {
            acc += p;
            if u < acc {
                pick = a;
                break;
            }
        }
        self.apply(pick).expect("chance outcome listed by the game must be legal");
    }

    /// Rewards of the last transition, one per player.
    fn rewards(&self) -> Vec<f64>;

    /// Totals of all rewards so far, one per player.
    fn returns(&self) -> Vec<f64>;

    /// `player`'s final return where the game already knows it before its end, whatever the
    /// players do from here (a Clue player out after its guess ranks where it is): `None` while
    /// the rest of the game decides it. Search takes it in place of an evaluator's guess, so a
    /// move that puts the mover out is valued by its outcome, not by what a network makes of the
    /// positions after it. At the end it is `None` or the final return; the env checker tests
    /// that a settled return never changes and is what the game pays.
    fn settled_return(&self, _player: Player) -> Option<f64> {
        None
    }

    /// The highest return `player` can end the game with from here, where the game bounds it (a
    /// win in a game of wins, draws and losses); `None` by default. A search that proves a move
    /// reaching it needs to look at no other move (`SearchConfig::solver`). The env checker tests
    /// that no game pays more.
    fn max_return(&self, _player: Player) -> Option<f64> {
        None
    }

    /// Writes what `player` may know of this state into `out` (length = product of the game's
    /// observation shape). Every value lies in [0, 1] (planes of 0/1, fractions): networks want
    /// it, and the Python bindings declare it as the observation space's bounds.
    fn observation(&self, player: Player, out: &mut [f32]);

    /// A full state consistent with what `player` knows (for determinizing search).
    /// Perfect-information games return a copy.
    fn resample(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }

    /// The game's own notation for `action` in this state (`B3`, `SWAP 1 2 3 4`, ...).
    fn action_to_string(&self, action: Action) -> String;

    /// Reads the game's notation (any case, surrounding space ignored).
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError>;

    /// Number of actions applied so far (player and chance), for truncation.
    fn move_number(&self) -> usize;

    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }
}
