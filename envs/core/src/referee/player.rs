//! One side of a game in progress, and the two things a referee does with it: tell it a
//! command that wants `ok.`, and ask it for a move (a person at the keyboard or a bot, which
//! a person may interrupt with `quit` or `restart`).

use crate::keyboard::{Interrupt, Keyboard};
use crate::line_program::{self, Fault, Program};
use crate::protocol::{MoveReply, Notation};
use std::fmt;

/// A side: `C` and `R` are the game's commands and replies.
pub enum Player<C, R> {
    Human,
    /// A running bot and the command line that started it.
    Program(Program<C, R>, String),
    /// A bot that could not be started: it loses at once.
    Broken(Fault, String),
}

/// Why no move came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The person typed `quit` or `restart` (or the keyboard's input ended: quit).
    Interrupted(Interrupt),
    /// The bot failed; it loses the game.
    Fault(Fault),
}

impl<C, R> Player<C, R> {
    pub fn name(&self) -> &str {
        match self {
            Player::Human => "human",
            Player::Program(_, name) | Player::Broken(_, name) => name,
        }
    }

    /// `White (human)`: the side's title and who plays it, as messages name a side.
    pub fn label(&self, title: &str) -> String {
        format!("{title} ({})", self.name())
    }
}

impl<C: fmt::Display, R: line_program::Reply> Player<C, R> {
    /// Tells a bot a command it must answer `ok.`; a person needs no telling, and a bot that
    /// never started fails it.
    pub fn tell(&mut self, command: &C) -> Result<(), Fault> {
        match self {
            Player::Human => Ok(()),
            Player::Program(program, _) => program.expect_ok(command),
            Player::Broken(fault, _) => Err(fault.clone()),
        }
    }

    /// Says goodbye to a bot (its quit command) and reaps it.
    pub fn leave(self) {
        if let Player::Program(program, _) = self {
            program.shutdown();
        }
    }
}

impl<C: fmt::Display, N: Notation> Player<C, MoveReply<N>> {
    /// Asks for a move: a person through `person`; a bot with `command`, its answer checked by
    /// `legal` (the error is why the move is illegal), while the keyboard is watched for `quit`
    /// and `restart`.
    pub fn ask_move(
        &mut self,
        command: &C,
        keyboard: &mut Keyboard,
        legal: impl FnOnce(&N::Move) -> Result<(), String>,
        person: impl FnOnce(&mut Keyboard) -> Result<N::Move, Interrupt>,
    ) -> Result<N::Move, Stop> {
        let program = match self {
            Player::Human => return person(keyboard).map_err(Stop::Interrupted),
            Player::Broken(fault, _) => return Err(Stop::Fault(fault.clone())),
            Player::Program(program, _) => program,
        };
        let mut typed = None;
        let answer = program.ask_interruptible(command, || {
            typed = keyboard.interrupt();
            typed.is_some()
        });
        match answer.map_err(Stop::Fault)? {
            None => Err(Stop::Interrupted(typed.unwrap_or(Interrupt::Quit))),
            Some(reply) => {
                let m = reply.into_move(command).map_err(Stop::Fault)?;
                legal(&m).map_err(|why| Stop::Fault(Fault::Illegal(why)))?;
                Ok(m)
            }
        }
    }
}
