//! The referee: a person against a program, two programs, or two people, over the line
//! protocol ([`crate::protocol`], `PROTOCOL.md`).
//!
//! * [`Seat`] says who sits on a side: `human` or a command line such as
//!   `upright-bot --agent greedy` (split like a shell would and started as a child process).
//! * [`Program`] talks to a bot with timeouts: a bot that crashes, exits, hangs, answers garbage
//!   or an illegal move loses the game with a message saying why ([`Fault`]).
//! * [`play_game`] plays one game, drawing the board after every move with each row's and
//!   column's product of run lengths; at the end it tells the bots both scores.
//! * [`ProgramAgent`] seats such a program as an in-process [`tabula_core::Agent`] (the arena's
//!   `cmd:` players).
//! * [`run_match`] plays `games` games, alternating seats, and keeps the score. Every game starts
//!   fresh bot processes (the referee says `quit;` and reaps them at its end), so a bot that
//!   misbehaved in one game cannot spoil the next.
//!
//! ```no_run
//! use upright::referee::{Keyboard, MatchConfig, Seat, run_match};
//! let config = MatchConfig::new(Seat::Human, Seat::Program("upright-bot --agent greedy".into()));
//! let summary = run_match(&config, &mut Keyboard::new(std::io::BufReader::new(std::io::stdin())), &mut std::io::stdout());
//! println!("{:?}", summary.wins);
//! ```

mod game;
mod human;
mod program;
mod program_agent;
mod tally;

pub use game::{Ending, GameRecord, Player, play_game};
pub use human::{Interrupt, Keyboard, Typed, typed};
pub use program::{Fault, Program, spawn as spawn_program};
pub use program_agent::{ProgramAgent, moves_between};
pub use tabula_core::argv::split_words;
pub use tally::{MatchConfig, MatchSummary, Seat, run_match};
