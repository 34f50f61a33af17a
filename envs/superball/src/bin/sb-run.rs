//! `sb-run rows cols min-score-size colors player runs start_seed [--json] [--jobs N]`: plays seeds
//! `start_seed ..` with `player` (a program, run per board exactly as sb-player runs it) on all
//! cores, then prints each seed's score and time and the mean ± standard error, median, min, max.
//!
//! Example: `SB_PLAY_AGENT=greedy sb-run 8 10 5 pbyrg target/release/sb-play 100 1`.
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;
use superball::harness::{self, End, Options, Program};
use superball::summary::Summary;
use superball::{Params, cli};

#[derive(Parser, Debug)]
#[command(name = "sb-run", about = "Play many Superball seeds in parallel and summarise the scores")]
struct Args {
    rows: String,
    cols: String,
    /// min-score-size
    mss: String,
    colors: String,
    /// The player program (as for sb-player); a command with spaces runs through `sh -c`.
    player: String,
    /// How many seeds to play.
    runs: u32,
    /// The first seed.
    start_seed: i64,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Games at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
}

#[derive(Debug, Clone, Serialize)]
struct Game {
    seed: i64,
    score: u64,
    moves: usize,
    seconds: f64,
    /// `game over`, `no output`, `gave up`, or the illegal move's message.
    end: String,
}

#[derive(Debug, Serialize)]
struct Report {
    params: Params,
    player: String,
    games: Vec<Game>,
    score: Summary,
    seconds_per_game: Summary,
}

fn play(params: &Params, player: &str, seed: i64) -> Game {
    let start = Instant::now();
    let mut program = Program::new(player, params);
    let options = Options { interactive: false, output: false, ..Options::default() };
    let outcome = harness::run_game(params, seed, &mut program, &options, &mut std::io::sink(), None);
    let seconds = start.elapsed().as_secs_f64();
    match outcome {
        Ok(o) => {
            let end = match o.end {
                End::GameOver => "game over".to_string(),
                End::NoOutput => "no output".to_string(),
                End::GaveUp => "gave up".to_string(),
                End::Illegal(e) => e.to_string(),
            };
            Game { seed, score: o.score, moves: o.moves, seconds, end }
        }
        Err(e) => Game { seed, score: 0, moves: 0, seconds, end: format!("error: {e}") },
    }
}

fn main() {
    let args = Args::parse();
    let four = [args.rows.clone(), args.cols.clone(), args.mss.clone(), args.colors.clone()];
    let params = cli::params_from_args("sb-run", &four).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(j) = args.jobs {
        pool = pool.num_threads(j.max(1));
    }
    let pool = pool.build().expect("a thread pool");
    let bar = ProgressBar::new(args.runs as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})  {msg}")
            .expect("a valid template"),
    );
    let seeds: Vec<i64> = (0..args.runs as i64).map(|k| args.start_seed + k).collect();
    let mut games: Vec<Game> = pool.install(|| {
        seeds
            .par_iter()
            .map(|&seed| {
                let g = play(&params, &args.player, seed);
                bar.set_message(format!("seed {seed}: {}", g.score));
                bar.inc(1);
                g
            })
            .collect()
    });
    bar.finish_and_clear();
    games.sort_by_key(|g| g.seed);
    let scores: Vec<f64> = games.iter().map(|g| g.score as f64).collect();
    let times: Vec<f64> = games.iter().map(|g| g.seconds).collect();
    let report = Report {
        params: params.clone(),
        player: args.player.clone(),
        score: Summary::of(&scores),
        seconds_per_game: Summary::of(&times),
        games,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).expect("the report serializes"));
        return;
    }
    println!("{:>8} {:>8} {:>7} {:>9}  end", "seed", "score", "moves", "seconds");
    for g in &report.games {
        println!("{:>8} {:>8} {:>7} {:>9.2}  {}", g.seed, g.score, g.moves, g.seconds, g.end);
    }
    let s = &report.score;
    let t = &report.seconds_per_game;
    println!(
        "{} games: mean {:.1} ± {:.1} (s.e.), median {:.1}, min {}, max {}; {:.2} s/game (max {:.2}); {:.2} s per 1000 points",
        s.n,
        s.mean,
        s.std_error,
        s.median,
        s.min,
        s.max,
        t.mean,
        t.max,
        if s.mean > 0.0 { t.mean * 1000.0 / s.mean } else { 0.0 }
    );
}
