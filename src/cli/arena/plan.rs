//! An arena to run ([`Arena`]): what `tabula arena` parses and `tabula eval` builds, and the
//! progress bar its games tick.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use tabula::players::{BuildOptions, PlayerSpec};

/// An arena to run, its players parsed (also what `tabula eval` runs).
pub struct Arena {
    pub game: String,
    pub players: Vec<PlayerSpec>,
    pub gauntlet: Option<PlayerSpec>,
    pub games: usize,
    /// `None`: the game's own number ([`tabula::players::KnownGame::opening_plies`]).
    pub opening_plies: Option<usize>,
    pub seed: u64,
    pub build: BuildOptions,
    pub json: bool,
    pub records: Option<PathBuf>,
    /// Tabulate these records instead of playing.
    pub from_records: Vec<PathBuf>,
    pub plot: Option<PathBuf>,
    /// The plot's rows in the players' order rather than by rating.
    pub plot_in_order: bool,
    pub quiet: bool,
}

/// A progress bar of `total` games on stderr, or a hidden one when `quiet`.
pub(crate) fn progress(total: usize, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} games [{elapsed_precise}, ~{eta} left] {wide_bar} {msg}")
            .expect("a valid template"),
    );
    bar
}
