//! A match: several games with colours alternating, and the score.

use super::game::{Ending, GameRecord, Player, play_game};
use super::human::Keyboard;
use super::program;
use crate::color::Color;
use std::fmt;
use std::io::Write;
use std::str::FromStr;
use std::time::Duration;

/// Who sits on a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// The person at the keyboard.
    Human,
    /// A program speaking the protocol, as a command line.
    Program(String),
}

impl FromStr for Seat {
    type Err = String;

    /// `human` (any case) or a command line.
    fn from_str(s: &str) -> Result<Seat, String> {
        let s = s.trim();
        if s.is_empty() {
            Err("a seat is `human` or a command line such as \"score4-bot --agent alphabeta\"".into())
        } else if s.eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Program(s.to_string()))
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Program(cmd) => f.write_str(cmd),
        }
    }
}

/// What to play.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The first seat plays White in the first game, the second Black; they swap every game.
    pub seats: [Seat; 2],
    pub games: u32,
    /// How long a bot may take to answer any command.
    pub timeout: Duration,
    /// Let bots' stderr through to ours (otherwise it goes to /dev/null).
    pub verbose: bool,
}

impl MatchConfig {
    /// One game, 10 s per answer.
    pub fn new(white: Seat, black: Seat) -> MatchConfig {
        MatchConfig { seats: [white, black], games: 1, timeout: Duration::from_secs(10), verbose: false }
    }
}

/// The result of a match.
#[derive(Debug, Clone, Default)]
pub struct MatchSummary {
    /// Games won by the first and the second seat.
    pub wins: [u32; 2],
    pub draws: u32,
    /// Every game played out, with which seat played White.
    pub games: Vec<(usize, GameRecord)>,
    /// The person quit before the end.
    pub quit: bool,
}

impl MatchSummary {
    /// The games lost by forfeit, with the reason.
    pub fn forfeits(&self) -> Vec<String> {
        self.games
            .iter()
            .filter_map(|(_, g)| match &g.ending {
                Ending::Forfeit { why, .. } => Some(why.clone()),
                _ => None,
            })
            .collect()
    }
}

fn start(seat: &Seat, config: &MatchConfig) -> Player {
    match seat {
        Seat::Human => Player::Human,
        Seat::Program(cmd) => match program::spawn(cmd, config.timeout, config.verbose) {
            Ok(p) => Player::Program(p, cmd.clone()),
            Err(fault) => Player::Broken(fault, cmd.clone()),
        },
    }
}

fn stop(players: [Player; 2]) {
    for p in players {
        if let Player::Program(program, _) = p {
            program.shutdown();
        }
    }
}

/// Plays the match, writing boards and results to `out`. `keyboard` is read only where a
/// person sits (and for `quit`/`restart` while bots think).
pub fn run_match(config: &MatchConfig, keyboard: &mut Keyboard, out: &mut dyn Write) -> MatchSummary {
    let mut summary = MatchSummary::default();
    let mut game = 0;
    while game < config.games {
        // Seat index of White and of Black in this game.
        let order = if game % 2 == 0 { [0, 1] } else { [1, 0] };
        let _ = writeln!(
            out,
            "Game {} of {}: White is {}, Black is {}.",
            game + 1,
            config.games,
            config.seats[order[0]],
            config.seats[order[1]]
        );
        let mut players = [start(&config.seats[order[0]], config), start(&config.seats[order[1]], config)];
        let record = play_game(&mut players, keyboard, out);
        stop(players);
        match &record.ending {
            Ending::Quit => {
                let _ = writeln!(out, "Quit.");
                summary.quit = true;
                break;
            }
            Ending::Restart => {
                let _ = writeln!(out, "Restarting the game.");
                continue;
            }
            ending => {
                match ending.winner() {
                    Some(c) => summary.wins[order[c.index()]] += 1,
                    None => summary.draws += 1,
                }
                summary.games.push((order[Color::White.index()], record));
                game += 1;
            }
        }
    }
    if config.games > 1 || summary.quit {
        let _ = writeln!(
            out,
            "Score after {} game(s): {} {}, {} {}, draws {}.",
            summary.games.len(),
            config.seats[0],
            summary.wins[0],
            config.seats[1],
            summary.wins[1],
            summary.draws
        );
    }
    let _ = out.flush();
    summary
}
