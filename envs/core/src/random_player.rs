//! The options of the games' random protocol players (yardsticks and test partners for the
//! referees), flattened into each one's arguments (`#[command(flatten)]`).

use std::io::Write;

#[derive(clap::Args, Debug, Clone)]
pub struct RandomPlayerOptions {
    /// Seed of the random moves: the same seed and commands give the same answers. Without it
    /// every run draws a fresh seed (the referee starts a new process for every game, so a fixed
    /// seed replays the same game whenever the same position comes round).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write diagnostics to stderr.
    #[arg(short, long)]
    pub verbose: bool,
}

impl RandomPlayerOptions {
    /// The seed given, or a fresh one.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }

    /// Where diagnostics go: stderr with `--verbose`, else nowhere.
    pub fn log(&self) -> Box<dyn Write> {
        if self.verbose { Box::new(std::io::stderr()) } else { Box::new(std::io::sink()) }
    }
}
