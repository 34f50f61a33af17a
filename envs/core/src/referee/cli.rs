//! What a referee's `main` does around the match: a keyboard only where a person sits, and a
//! word on stderr about forfeits (so a script running bot against bot notices a broken bot).

use super::seat::Seat;
use crate::keyboard::Keyboard;
use std::io::IsTerminal;

/// Stdin where a person sits (greeted with `greeting` when it is a terminal), else a keyboard
/// nobody types on.
pub fn keyboard_for(seats: &[Seat], greeting: &str) -> Keyboard {
    if !seats.contains(&Seat::Human) {
        return Keyboard::none();
    }
    if std::io::stdin().is_terminal() {
        println!("{greeting}");
    }
    Keyboard::new(std::io::BufReader::new(std::io::stdin()))
}

/// `NAME: 2 game(s) lost by forfeit; the first: ...` on stderr, if any game was.
pub fn report_forfeits(name: &str, forfeits: &[String]) {
    if let Some(first) = forfeits.first() {
        eprintln!("{name}: {} game(s) lost by forfeit; the first: {first}", forfeits.len());
    }
}

/// The options every referee takes beside its seats, flattened into its arguments
/// (`#[command(flatten)]`).
#[derive(clap::Args, Debug, Clone)]
pub struct MatchOptions {
    /// Games to play; the seats swap sides after every game.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// A bot that takes longer than this to answer any command loses the game.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Let the bots' stderr through (otherwise it is discarded).
    #[arg(short, long)]
    pub verbose: bool,
}

impl MatchOptions {
    /// The answer timeout, at least a millisecond.
    pub fn timeout(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.timeout_ms.max(1))
    }
}
