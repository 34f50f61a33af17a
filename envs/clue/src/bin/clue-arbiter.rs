//! `clue-arbiter`: p players (programs speaking `PROTOCOL.md`, or people at this terminal) play
//! Generalized Clue; `--games N` plays a tournament with the seats rotated.
//!
//! ```text
//! clue-arbiter --items 13 --hidden 4 "clue-bot --agent deduce" clue-random-player human
//! clue-arbiter --games 400 --seed 1 "clue-bot --agent deduce" "clue-bot --agent deduce" "clue-bot --agent random"
//! ```
//!
//! The number of players is the number of seats given. See `clue::arbiter` for what a faulty
//! program (crash, hang, lie, garbage) gets: removed, ranked last, the game goes on.

use clap::Parser;
use clue::Params;
use clue::arbiter::{Seat, TournamentConfig, run_tournament};
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "clue-arbiter",
    version,
    about = "Arbitrator for Generalized Clue: programs speaking the clue line protocol, or people, 2 to 9 seats.",
    long_about = "Arbitrator for Generalized Clue: programs speaking the clue line protocol \
        (envs/clue/PROTOCOL.md), or people at this terminal, 2 to 9 seats.\n\n\
        Items 1..N, K of them set aside, the rest dealt evenly (N - K must be a multiple of the \
        number of seats). With --games, games come in blocks of one deal each, the programs \
        rotated one seat further every game; at the end a table gives each program's mean rank, \
        utility (+1 first to -1 last), firsts, right guesses and removals."
)]
struct Args {
    /// Who plays, in seat order for the first game: `human` or a program's command line (split
    /// like a shell would). Their number is the number of players.
    #[arg(required = true, num_args = 2..=9, value_name = "SEAT")]
    seats: Vec<Seat>,
    /// Items in the game (N).
    #[arg(long, default_value_t = 24)]
    items: usize,
    /// Items set aside (K).
    #[arg(long, default_value_t = 4)]
    hidden: usize,
    /// Rounds before every remaining player must guess.
    #[arg(long, default_value_t = clue::DEFAULT_ROUNDS)]
    rounds: usize,
    /// Games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The deals' seed: the same seed deals the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A program that takes longer than this to answer any command is removed.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// Print only the final table (not every event).
    #[arg(short, long)]
    quiet: bool,
    /// Let the programs' stderr through (otherwise it is discarded).
    #[arg(short, long)]
    verbose: bool,
}

fn main() {
    let args = Args::parse();
    let params = Params { players: args.seats.len(), items: args.items, hidden: args.hidden, rounds: args.rounds }
        .checked()
        .unwrap_or_else(|why| {
            eprintln!("clue-arbiter: {why}; choose --items and --hidden to suit {} seats", args.seats.len());
            std::process::exit(2);
        });
    let config = TournamentConfig {
        params,
        seats: args.seats,
        games: args.games as usize,
        seed: args.seed,
        timeout: Duration::from_millis(args.timeout_ms.max(1)),
        verbose: args.verbose,
    };
    if config.seats.contains(&Seat::Human) && args.quiet {
        eprintln!("clue-arbiter: --quiet hides the game from the person playing; drop one of them");
        std::process::exit(2);
    }
    let mut sink = std::io::sink();
    let mut stdout = std::io::stdout();
    let out: &mut dyn std::io::Write = if args.quiet { &mut sink } else { &mut stdout };
    let progress = (args.quiet && config.games > 1).then(|| {
        let bar = indicatif::ProgressBar::new(config.games as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
                .expect("a valid template"),
        );
        bar
    });
    let summary = run_tournament(&config, &mut ProgressWriter { out, progress: progress.as_ref() });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    println!("{}", summary.table().trim_end());
    if !summary.questions.is_empty() {
        let mean = summary.questions.iter().sum::<usize>() as f64 / summary.questions.len() as f64;
        println!("{} games, {mean:.1} questions a game", summary.questions.len());
    }
}

/// Passes output through and ticks the progress bar at every game's ranking line.
struct ProgressWriter<'a> {
    out: &'a mut dyn std::io::Write,
    progress: Option<&'a indicatif::ProgressBar>,
}

impl std::io::Write for ProgressWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Some(bar) = self.progress
            && buf.starts_with(b"ranking:")
        {
            bar.inc(1);
        }
        self.out.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
