//! [`NetError`]: what can go wrong building, loading and saving networks. Every file error names
//! the file, and every mismatch says what was expected and what the file holds.

use std::path::PathBuf;

/// Errors of this crate.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The [`NetConfig`](crate::NetConfig) cannot be built.
    #[error("bad network config: {0}")]
    Config(String),

    /// A file that should be there is not.
    #[error("{}: file not found", path.display())]
    Missing { path: PathBuf },

    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// The file exists but cannot be decoded (truncated, not a burnpack / JSON file).
    #[error("{}: unreadable ({reason})", path.display())]
    Corrupt { path: PathBuf, reason: String },

    /// The model was trained for another game.
    #[error("{}: expected game {expected}, file holds {found}", path.display())]
    GameMismatch { path: PathBuf, expected: String, found: String },

    /// The model's shapes or architecture differ from what the caller needs.
    #[error("{}: expected {what} {expected}, file has {found}", path.display())]
    ShapeMismatch { path: PathBuf, what: &'static str, expected: String, found: String },

    /// The weights do not fit the network the card describes (another architecture's weights).
    #[error("{}: weights do not match the card's network ({reason})", path.display())]
    Weights { path: PathBuf, reason: String },

    /// Serialising weights or optimizer state in memory failed.
    #[error("record error: {0}")]
    Record(String),

    /// The batch passed to `infer` or `train_step` has the wrong size.
    #[error("bad batch: {0}")]
    Batch(String),

    /// The learner's device cannot be used (not built in, no driver, no such GPU).
    #[error("learner device: {0}")]
    Device(String),
}

impl NetError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        let path = path.into();
        if source.kind() == std::io::ErrorKind::NotFound {
            NetError::Missing { path }
        } else {
            NetError::Io { path, source }
        }
    }
}
