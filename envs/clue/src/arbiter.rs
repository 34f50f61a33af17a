//! The arbitrator: p players (programs or people) play Generalized Clue over the line protocol
//! ([`crate::protocol`], `PROTOCOL.md`), and tournaments of many games with the seats rotated.
//!
//! * [`Contestant`]: someone the arbitrator talks to, one command and one answer at a time: a
//!   child process ([`Program`], with timeouts) or a person at the terminal ([`Human`]).
//! * [`play_game`]: one game. A contestant that crashes, hangs, lies (shows an item it does not
//!   hold, or none while holding a listed item), answers garbage or an illegal turn is removed
//!   with the reason ([`ClueState::remove`](crate::ClueState::remove): its hand is shown to all,
//!   it ranks last) and the game goes on. A person is asked again instead.
//! * [`ProgramAgent`]: such a program in one seat as an in-process [`tabula_core::Agent`] (the
//!   arena's `cmd:` players), told exactly what the arbitrator would tell it.
//! * [`run_tournament`]: games in blocks of p over one deal each, the programs rotated through
//!   the seats, with mean rank, utility and firsts per program.
//!
//! ```no_run
//! use clue::arbiter::{Seat, TournamentConfig, run_tournament};
//! let seats = vec![Seat::Program("clue-bot --agent deduce".into()), Seat::Program("clue-random-player".into()), Seat::Human];
//! let config = TournamentConfig::new(clue::Params::new(3, 13, 4).unwrap(), seats);
//! let summary = run_tournament(&config, &mut std::io::stdout());
//! println!("{}", summary.table());
//! ```

mod contestant;
mod game;
mod human;
mod program_agent;
mod tournament;

pub use contestant::{Contestant, Fault, Program, Seat, spawn_program};
pub use game::{GameResult, Removal, play_game};
pub use human::Human;
pub use program_agent::ProgramAgent;
pub use tournament::{ProgramStats, TournamentConfig, TournamentSummary, run_tournament};
