//! A paired comparison: one player's results minus another's, game by game on the same seeds (and
//! seats), so the luck of the deal cancels.

use serde::Serialize;
use tabula_core::summary::Summary;

/// A player's result minus the reference player's, game by game on the same seeds (and, with
/// three or more players, the same seats): the luck of the deal cancels.
#[derive(Debug, Serialize)]
pub(crate) struct PairedDiff {
    /// The games both played.
    pub(crate) games: usize,
    pub(crate) mean: f64,
    pub(crate) std_error: f64,
}

impl PairedDiff {
    /// The mean and standard error of `diffs`, one a game.
    pub(crate) fn of(diffs: &[f64]) -> PairedDiff {
        let d = Summary::of(diffs);
        PairedDiff { games: diffs.len(), mean: d.mean, std_error: d.std_error }
    }
}
