//! A match of Upward-Rightward: tabula's shared match loop
//! ([`tabula_core::referee::run_match`]) told how this game introduces its sides, plays a game
//! of the configured size and variant, and sums up the phase-2 moves of a match.

use super::game::{Ending, GameRecord, Player, play_game};
use super::human::Keyboard;
use crate::game::Upright;
use crate::protocol::{Command, Reply};
use crate::side::Side;
use std::io::Write;
use tabula_core::keyboard::Interrupt;
use tabula_core::referee::{self, Outcome, RefereedGame};

pub use tabula_core::referee::{Seat, run_match};

/// What to play (`game`: the size and variant, 6 x 6 by default): the first seat is player 1
/// in the first game, the second player 2; they swap every game.
pub type MatchConfig = referee::MatchConfig<Upright>;

/// The result of a match.
pub type MatchSummary = referee::MatchSummary<GameRecord>;

impl RefereedGame for Upright {
    type Command = Command;
    type Reply = Reply;
    type Record = GameRecord;
    /// A whole phase-2 move fits many times over.
    const MAX_LINE: usize = 4096;

    fn quit_command() -> Command {
        Command::Quit
    }

    fn introduce(&self, first: &Seat, second: &Seat) -> String {
        format!("player 1 (o, rows) is {first}, player 2 (x, columns) is {second}")
    }

    fn play(&self, players: &mut [Player; 2], keyboard: &mut Keyboard, out: &mut dyn Write) -> GameRecord {
        play_game(self, players, keyboard, out)
    }

    fn report(&self, games: &[(usize, GameRecord)]) -> Vec<String> {
        let phase_two: Vec<usize> = games.iter().map(|(_, g)| g.phase_two_moves).collect();
        let Some(&most) = phase_two.iter().max() else { return Vec::new() };
        let mean = phase_two.iter().sum::<usize>() as f64 / phase_two.len() as f64;
        vec![format!("Phase-2 moves a game: mean {mean:.2}, at most {most}.")]
    }
}

impl Outcome for GameRecord {
    fn winner(&self) -> Option<usize> {
        self.ending.winner().map(Side::index)
    }

    fn forfeit(&self) -> Option<&str> {
        if let Ending::Forfeit { why, .. } = &self.ending { Some(why) } else { None }
    }

    fn interrupted(&self) -> Option<Interrupt> {
        Some(match self.ending {
            Ending::Quit => Interrupt::Quit,
            Ending::Restart => Interrupt::Restart,
            Ending::Scored { .. } | Ending::Forfeit { .. } => return None,
        })
    }
}
