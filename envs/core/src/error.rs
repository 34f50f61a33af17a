//! Errors shared by all games that are not about a position: a game spec that names no game,
//! or gives it bad parameters. A position's own errors ([`IllegalAction`](crate::IllegalAction),
//! [`NotationError`](crate::NotationError)) live with [`State`](crate::State).

use thiserror::Error;

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
