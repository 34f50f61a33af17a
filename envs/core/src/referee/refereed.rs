//! What a game tells the shared match loop about itself: its protocol, how it introduces the
//! sides, and how it plays one game.

use super::outcome::Outcome;
use super::player::Player;
use super::seat::Seat;
use crate::keyboard::Keyboard;
use crate::line_program::{self, Fault, Program};
use std::fmt;
use std::io::Write;
use std::time::Duration;

/// A two-player game a referee plays over its line protocol. `self` holds the game's
/// parameters (a board size, variants), if any.
pub trait RefereedGame {
    type Command: fmt::Display;
    type Reply: line_program::Reply;
    type Record: Outcome;
    /// Lines longer than this are not answers.
    const MAX_LINE: usize;
    /// The command that ends a bot.
    fn quit_command() -> Self::Command;
    /// Who plays which side in one game: `White is A, Black is B`.
    fn introduce(&self, first: &Seat, second: &Seat) -> String;
    /// Plays one game; `players[0]` moves first. Messages go to `out`.
    fn play(
        &self,
        players: &mut [Player<Self::Command, Self::Reply>; 2],
        keyboard: &mut Keyboard,
        out: &mut dyn Write,
    ) -> Self::Record;
    /// Lines for after a match's score, about its games (none by default).
    fn report(&self, _games: &[(usize, Self::Record)]) -> Vec<String> {
        Vec::new()
    }
}

/// Starts a bot for `G` (the command line split like a shell would, not run through one);
/// every answer must come within `timeout`.
pub fn spawn<G: RefereedGame>(
    command_line: &str,
    timeout: Duration,
    verbose: bool,
) -> Result<Program<G::Command, G::Reply>, Fault> {
    Program::spawn(command_line, G::MAX_LINE, timeout, verbose, G::quit_command())
}
