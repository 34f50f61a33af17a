//! `score4-referee`: a person plays a computer opponent, or two programs play each other, over
//! the Casperson protocol.
//!
//! ```text
//! score4-referee --white human --black "score4-bot --agent alphabeta"
//! score4-referee --white "score4-bot --agent alphabeta" --black "score4-bot --agent greedy" --games 20
//! ```
//!
//! Every game starts fresh bot processes; see `score4::referee` for the rules it enforces.

use clap::Parser;
use score4::referee::{Keyboard, MatchConfig, Seat, run_match};
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "score4-referee",
    version,
    about = "Referee for Score 4: a person or programs speaking the Casperson protocol."
)]
struct Args {
    /// White in the first game: `human` or a bot's command line (split like a shell would).
    #[arg(long, default_value = "human")]
    white: Seat,
    /// Black in the first game: `human` or a bot's command line.
    #[arg(long, default_value = "score4-bot --agent alphabeta")]
    black: Seat,
    /// Games to play; the seats swap colours after every game.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// A bot that takes longer than this to answer any command loses the game.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// Let the bots' stderr through (otherwise it is discarded).
    #[arg(short, long)]
    verbose: bool,
}

fn main() {
    let args = Args::parse();
    let config = MatchConfig {
        seats: [args.white, args.black],
        games: args.games,
        timeout: Duration::from_millis(args.timeout_ms.max(1)),
        verbose: args.verbose,
    };
    let mut keyboard = if config.seats.contains(&Seat::Human) {
        if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            println!("You play against the computer. Type a peg like B3; or history, board, restart, quit.");
        }
        Keyboard::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Keyboard::none()
    };
    let summary = run_match(&config, &mut keyboard, &mut std::io::stdout());
    let forfeits = summary.forfeits();
    if !forfeits.is_empty() {
        eprintln!("score4-referee: {} game(s) lost by forfeit; the first: {}", forfeits.len(), forfeits[0]);
    }
}
