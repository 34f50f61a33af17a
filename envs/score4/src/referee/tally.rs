//! A match of Score 4: tabula's shared match loop ([`tabula_core::referee::run_match`]) told how
//! Score 4 introduces its sides and plays a game.

use super::game::{Ending, GameRecord, Player, play_game};
use super::human::Keyboard;
use crate::color::Color;
use crate::game::Score4;
use crate::protocol::{Command, Reply};
use std::io::Write;
use tabula_core::keyboard::Interrupt;
use tabula_core::referee::{self, Outcome, RefereedGame};

pub use tabula_core::referee::{Seat, run_match};

/// What to play: the first seat plays White in the first game, the second Black; they swap
/// every game.
pub type MatchConfig = referee::MatchConfig<Score4>;

/// The result of a match.
pub type MatchSummary = referee::MatchSummary<GameRecord>;

impl RefereedGame for Score4 {
    type Command = Command;
    type Reply = Reply;
    type Record = GameRecord;
    /// A reply is a few bytes; anything near this long is garbage.
    const MAX_LINE: usize = 1024;

    fn quit_command() -> Command {
        Command::Quit
    }

    fn introduce(&self, white: &Seat, black: &Seat) -> String {
        format!("White is {white}, Black is {black}")
    }

    fn play(&self, players: &mut [Player; 2], keyboard: &mut Keyboard, out: &mut dyn Write) -> GameRecord {
        play_game(players, keyboard, out)
    }
}

impl Outcome for GameRecord {
    fn winner(&self) -> Option<usize> {
        self.ending.winner().map(Color::index)
    }

    fn forfeit(&self) -> Option<&str> {
        match &self.ending {
            Ending::Forfeit { why, .. } => Some(why),
            _ => None,
        }
    }

    fn interrupted(&self) -> Option<Interrupt> {
        match self.ending {
            Ending::Quit => Some(Interrupt::Quit),
            Ending::Restart => Some(Interrupt::Restart),
            _ => None,
        }
    }
}
