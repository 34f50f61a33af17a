//! Upward-Rightward (Leroy Quet, 2010): two players fill an `n x n` grid with crooked lines of
//! squares that go only up and right; player 1 scores the rows, player 2 the columns, each line
//! worth the product of the lengths of its runs of one colour.
//!
//! - [`Board`], [`Square`], [`Side`], [`Colour`]: the grid and its names (`b3`: column b, row 3
//!   from the bottom).
//! - [`UprightState`] ([`rules`]): phase 1 (one square a turn from a1 to the upper-right
//!   corner), phase 2 (moves of one or more squares, [`SubAction`]s ending in `end`).
//! - [`moves`]: whole moves as written (`b3 b4 c4`), [`UprightState::play_move`].
//! - [`score`]: sums of products of run lengths; [`display::draw`] shows them.
//! - [`Upright`]: the game behind tabula's `Game`/`State` API, spec `upright(size=6)`, with the
//!   variants `reach=line` and `colour=free` ([`variant`]); observation planes in [`encode`]; the
//!   row/column symmetry in [`symmetry`].
//! - [`protocol`]: the referee's line protocol (`PROTOCOL.md`) and the bot's side of it
//!   ([`protocol::serve`]); [`referee`]: the referee (`upright-referee`).
//!
//! ```
//! use upright::{Board, score};
//! // The post's sample game: player 1 (rows) 24, player 2 (columns) 29.
//! let sample = Board::from_text(upright::SAMPLE_GAME).unwrap();
//! assert_eq!(score::scores(&sample), [24, 29]);
//! ```

mod action;
mod board;
pub mod display;
pub mod encode;
mod game;
pub mod moves;
pub mod protocol;
pub mod referee;
pub mod rules;
pub mod score;
mod side;
mod square;
pub mod symmetry;
pub mod variant;

pub use action::SubAction;
pub use board::{Board, Mask};
pub use encode::PLANES;
pub use game::{DEFAULT_SIZE, Upright};
pub use rules::{Phase, UprightState};
pub use side::{Colour, Side};
pub use square::{MAX_SIZE, MIN_SIZE, Square};
pub use variant::{ColourRule, Reach, Variant};

/// The completed 6x6 sample game from the post, top row first; capitals were drawn in phase 1.
pub const SAMPLE_GAME: &str = "\
x x x o X O
x x x o O x
o o o O X o
o X O X o o
o O o o o x
O X o o o o";
