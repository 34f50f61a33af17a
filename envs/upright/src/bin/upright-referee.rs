//! `upright-referee`: a person plays a computer opponent, or two programs play each other, at
//! Upward-Rightward over the line protocol (`PROTOCOL.md`).
//!
//! ```text
//! upright-referee --first human --second "upright-bot --agent greedy"
//! upright-referee --first "upright-bot --agent greedy" --second "upright-random-player" --games 100
//! upright-referee --size 8 --reach line --colour free --first human --second human
//! ```
//!
//! Every game starts fresh bot processes; see `upright::referee` for the rules it enforces.

use clap::Parser;
use tabula_core::referee::cli;
use upright::referee::{MatchConfig, Seat, run_match};
use upright::{ColourRule, Reach, Upright, Variant};

/// Referee for Upward-Rightward: a person or programs speaking the upright line protocol.
#[derive(Parser, Debug)]
#[command(name = "upright-referee", version)]
struct Args {
    /// Player 1 (o, scores the rows) in the first game: `human` or a bot's command line (split
    /// like a shell would).
    #[arg(long, default_value = "human")]
    first: Seat,
    /// Player 2 (x, scores the columns) in the first game: `human` or a bot's command line.
    #[arg(long, default_value = "upright-bot --agent greedy")]
    second: Seat,
    /// The board side, 2 to 11.
    #[arg(long, default_value_t = upright::DEFAULT_SIZE)]
    size: usize,
    /// Where a phase-2 square may be: `adjacent` (immediately above or right) or `line`
    /// (anywhere above in the column or right in the row).
    #[arg(long, default_value = "adjacent")]
    reach: Reach,
    /// Phase-2 colours: `own` (your pen) or `free` (either colour, square by square).
    #[arg(long, alias = "color", default_value = "own")]
    colour: ColourRule,
    #[command(flatten)]
    options: cli::MatchOptions,
}

fn main() {
    let args = Args::parse();
    let game = match Upright::new(args.size, Variant { reach: args.reach, colour: args.colour }) {
        Ok(game) => game,
        Err(why) => {
            eprintln!("upright-referee: {why}; choose --size between 2 and 11");
            std::process::exit(2);
        }
    };
    let config = MatchConfig {
        game,
        seats: [args.first, args.second],
        games: args.options.games,
        timeout: args.options.timeout(),
        verbose: args.options.verbose,
    };
    let greeting =
        "Upward-Rightward. Type your squares in order, like b3 or b3 b4 c4; or history, board, restart, quit.";
    let mut keyboard = cli::keyboard_for(&config.seats, greeting);
    let summary = run_match(&config, &mut keyboard, &mut std::io::stdout());
    cli::report_forfeits("upright-referee", &summary.forfeits());
}
