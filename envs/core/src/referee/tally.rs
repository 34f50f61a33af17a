//! A match: several games with the seats swapping sides every game, and the score. Every game
//! starts fresh bot processes (and says goodbye to them and reaps them at its end) rather than
//! restarting them: a bot that misbehaved in one game cannot spoil the next.

use super::outcome::Outcome;
use super::player::Player;
use super::refereed::{RefereedGame, spawn};
use super::seat::Seat;
use crate::keyboard::{Interrupt, Keyboard};
use std::io::Write;
use std::time::Duration;

/// What to play: `game` holds the game's parameters.
#[derive(Debug, Clone)]
pub struct MatchConfig<G> {
    pub game: G,
    /// The first seat moves first in the first game, the second second; they swap every game.
    pub seats: [Seat; 2],
    pub games: u32,
    /// How long a bot may take to answer any command.
    pub timeout: Duration,
    /// Let bots' stderr through to ours (otherwise it goes to /dev/null).
    pub verbose: bool,
}

impl<G: Default> MatchConfig<G> {
    /// One game of the default variant, 10 s per answer.
    pub fn new(first: Seat, second: Seat) -> Self {
        MatchConfig {
            game: G::default(),
            seats: [first, second],
            games: 1,
            timeout: Duration::from_secs(10),
            verbose: false,
        }
    }
}

/// The result of a match; `R` is the game's record of one game.
#[derive(Debug, Clone)]
pub struct MatchSummary<R> {
    /// Games won by the first and the second seat.
    pub wins: [u32; 2],
    pub draws: u32,
    /// Every game played out, with the seat that moved first.
    pub games: Vec<(usize, R)>,
    /// The person quit before the end.
    pub quit: bool,
}

impl<R> Default for MatchSummary<R> {
    fn default() -> Self {
        MatchSummary { wins: [0; 2], draws: 0, games: Vec::new(), quit: false }
    }
}

impl<R: Outcome> MatchSummary<R> {
    /// The games lost by forfeit, with the reason.
    pub fn forfeits(&self) -> Vec<String> {
        self.games.iter().filter_map(|(_, g)| g.forfeit().map(str::to_string)).collect()
    }
}

fn start<G: RefereedGame>(seat: &Seat, config: &MatchConfig<G>) -> Player<G::Command, G::Reply> {
    match seat {
        Seat::Human => Player::Human,
        Seat::Program(cmd) => match spawn::<G>(cmd, config.timeout, config.verbose) {
            Ok(p) => Player::Program(p, cmd.clone()),
            Err(fault) => Player::Broken(fault, cmd.clone()),
        },
    }
}

/// Plays the match, writing boards and results to `out`. `keyboard` is read only where a
/// person sits (and for `quit`/`restart` while bots think).
pub fn run_match<G: RefereedGame>(
    config: &MatchConfig<G>,
    keyboard: &mut Keyboard,
    out: &mut dyn Write,
) -> MatchSummary<G::Record> {
    let mut summary = MatchSummary::default();
    let mut game = 0;
    while game < config.games {
        // The seat of the side moving first and of the other in this game.
        let order = if game % 2 == 0 { [0, 1] } else { [1, 0] };
        let [first, second] = order.map(|i| &config.seats[i]);
        let _ = writeln!(out, "Game {} of {}: {}.", game + 1, config.games, config.game.introduce(first, second));
        let mut players = [start(first, config), start(second, config)];
        let record = config.game.play(&mut players, keyboard, out);
        players.into_iter().for_each(Player::leave);
        match record.interrupted() {
            Some(Interrupt::Quit) => {
                let _ = writeln!(out, "Quit.");
                summary.quit = true;
                break;
            }
            Some(Interrupt::Restart) => {
                let _ = writeln!(out, "Restarting the game.");
                continue;
            }
            None => {
                match record.winner() {
                    Some(side) => summary.wins[order[side]] += 1,
                    None => summary.draws += 1,
                }
                summary.games.push((order[0], record));
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
        for line in config.game.report(&summary.games) {
            let _ = writeln!(out, "{line}");
        }
    }
    let _ = out.flush();
    summary
}
