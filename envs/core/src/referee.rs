//! What every two-player referee over a line protocol shares, so a game's referee keeps only
//! its rules and messages: who sits where ([`Seat`]), a side in play ([`Player`]: a person, a
//! bot process, or a bot that would not start), a person's turn at the keyboard
//! ([`AskPerson`]), a match of several games with the seats swapping sides and its score
//! ([`run_match`] over a [`RefereedGame`]), what a referee's `main` does with a terminal
//! ([`cli`]), and the checks every referee must pass against misbehaving bots
//! ([`misbehaving`]). Bots are driven by [`crate::line_program`].

pub mod cli;
pub mod misbehaving;
mod outcome;
mod person;
mod player;
mod refereed;
mod seat;
mod tally;

pub use outcome::Outcome;
pub use person::AskPerson;
pub use player::{Player, Stop};
pub use refereed::{RefereedGame, spawn};
pub use seat::Seat;
pub use tally::{MatchConfig, MatchSummary, run_match};
