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
use score4::Score4;
use score4::referee::{MatchConfig, Seat, run_match};
use tabula_core::referee::cli;

/// Referee for Score 4: a person or programs speaking the Casperson protocol.
#[derive(Parser, Debug)]
#[command(name = "score4-referee", version)]
struct Args {
    /// White in the first game: `human` or a bot's command line (split like a shell would).
    #[arg(long, default_value = "human")]
    white: Seat,
    /// Black in the first game: `human` or a bot's command line.
    #[arg(long, default_value = "score4-bot --agent alphabeta")]
    black: Seat,
    #[command(flatten)]
    options: cli::MatchOptions,
}

fn main() {
    let args = Args::parse();
    let config = MatchConfig {
        game: Score4,
        seats: [args.white, args.black],
        games: args.options.games,
        timeout: args.options.timeout(),
        verbose: args.options.verbose,
    };
    let greeting = "You play against the computer. Type a peg like B3; or history, board, restart, quit.";
    let mut keyboard = cli::keyboard_for(&config.seats, greeting);
    let summary = run_match(&config, &mut keyboard, &mut std::io::stdout());
    cli::report_forfeits("score4-referee", &summary.forfeits());
}
