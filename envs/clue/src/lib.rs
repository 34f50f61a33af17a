//! Generalized Clue (W4444, project 3): n items, k set aside, the rest dealt evenly to p players
//! who ask each other about lists of items and guess the hidden ones; ranked by who guesses right
//! first.
//!
//! - [`Item`], [`ItemSet`]: items `1..=n` and sets of them; [`Params`]: n, k, p and the turn limit.
//! - [`Deal`]: the hidden set and the hands.
//! - [`ClueState`] ([`rules`]): turns built from [`SubAction`]s (ask a player, list items, done;
//!   or guess and name k items; the asked player shows one), the public [`Event`]s, the ranking.
//! - [`Knowledge`]: what one player knows, closed under deduction, and deals drawn uniformly
//!   from those consistent with it (`resample` for information-set search).
//! - [`Clue`]: the game behind tabula's `Game`/`State` API, spec
//!   `clue(players=4,items=24,hidden=4,rounds=100)`; observations in [`encode`].
//!
//! ```
//! use clue::{Clue, Params};
//! use tabula_core::{Game, State, RandomAgent, Agent, rng_from_seed};
//! let game = Clue::new(Params::new(3, 13, 4).unwrap()).unwrap();
//! let mut state = game.new_initial_state(1);
//! let (mut agent, mut rng) = (RandomAgent, rng_from_seed(1));
//! while !state.is_terminal() {
//!     let action = agent.act(&state, &mut rng);
//!     state.apply(action).unwrap();
//! }
//! assert_eq!(state.returns().iter().sum::<f64>().round(), 0.0); // ranks from +1 to -1
//! ```

mod action;
pub mod arbiter;
mod deal;
pub mod encode;
mod game;
mod items;
mod knowledge;
mod params;
pub mod protocol;
pub mod rules;
mod seen;
mod view;

pub use action::SubAction;
pub use deal::Deal;
pub use encode::PLANES;
pub use game::Clue;
pub use items::{Item, ItemSet, MAX_ITEMS};
pub use knowledge::{Contradiction, DealSampler, Knowledge, MAX_COUNTING_STATES};
pub use params::{DEFAULT_ROUNDS, Params};
pub use rules::{ClueState, Event, Phase};
pub use seen::{Answer, Seen};
pub use view::{Shower, View, ViewSampler, shown_by, thrifty_item};
