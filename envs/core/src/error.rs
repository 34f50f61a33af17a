//! Errors shared by all games.

use crate::state::Action;
use thiserror::Error;

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

/// A game spec string that names no game, or gives it bad parameters.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("bad game spec {spec:?}: {reason}")]
    Syntax { spec: String, reason: String },
    #[error("unknown game {name:?}; known games: {known}")]
    UnknownGame { name: String, known: String },
    #[error("game {game}: unknown parameter {key:?}; it takes: {allowed}")]
    UnknownParameter { game: String, key: String, allowed: String },
    #[error("game {game}: parameter {key}={value:?} is invalid: {reason}")]
    BadValue { game: String, key: String, value: String, reason: String },
}
