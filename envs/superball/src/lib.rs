//! Superball, the game of Plank's CS302 lab: rules, the exact `lrand48` harness generator, the
//! board text format, and the lab's programs (`sb-read`, `sb-analyze`, `sb-player`, and
//! `sb-run` for many games at once).
//!
//! * [`Params`] — rows, cols, min-score-size, colour letters; goal cells and point values.
//! * [`Superball`] / [`SuperballState`] — the [`tabula_core::Game`] and [`tabula_core::State`].
//! * [`action`] — the fixed action space (every swap of two cells, every SCORE of a goal cell)
//!   and the `SWAP r1 c1 r2 c2` / `SCORE r c` notation.
//! * [`groups`] — same-coloured groups (flood fill with reusable scratch).
//! * [`rules`] — move checks, scoring, and the harness's way of adding random cells.
//! * [`text`] — reading and writing boards as text.
//! * [`Lrand48`] — C's `lrand48`, so the harness replays the original games exactly.
//! * [`harness`] — the sb-player game loop and player programs, shared by sb-player and sb-run.
//! * [`analysis`], [`cli`], [`summary`] — what sb-read/sb-analyze print, the original argument
//!   checks, and sb-run's statistics.
//!
//! The programs (`src/bin/`), with the original command lines and output:
//!
//! ```text
//! sb-read    rows cols min-score-size colors            < board
//! sb-analyze rows cols min-score-size colors            < board
//! sb-player  rows cols min-score-size colors player interactive(y|n) output(y|n) seed
//! sb-run     rows cols min-score-size colors player runs start_seed [--json] [--jobs N]
//! ```
//!
//! The player program (e.g. tabula-bots' `sb-play`) is run once per turn as
//! `player rows cols mss colors` with the board on its standard input; its first line is the move.
//!
//! ```
//! use superball::{Lrand48, Superball};
//! use tabula_core::{Game, State};
//! let game = Superball::default();
//! let mut s = game.new_initial_state(0);
//! s.sample_chance(&mut Lrand48::new(1)); // the first board of `sb-player 8 10 5 pbyrg P n y 1`
//! assert_eq!(s.to_string().lines().count(), 8);
//! ```

pub mod action;
pub mod analysis;
pub mod cli;
pub mod game;
pub mod groups;
pub mod harness;
pub mod lrand48;
pub mod params;
pub mod rules;
pub mod state;
pub use tabula_core::summary;
pub mod text;

pub use game::Superball;
pub use lrand48::Lrand48;
pub use params::{ParamError, Params};
pub use state::SuperballState;

/// The registry entry of Superball (`superball(rows=8,cols=10,mss=5,colors=pbyrg)`).
pub fn registry_entry() -> tabula_core::RegistryEntry {
    tabula_core::RegistryEntry {
        name: "superball",
        about: "Plank's Superball: one player swaps and scores coloured cells on a board that fills at random",
        example: "superball(rows=8,cols=10,mss=5,colors=pbyrg)",
        build: tabula_core::dynamic::build_erased::<Superball>,
    }
}
