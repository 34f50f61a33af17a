//! `sb-player rows cols min-score-size colors player interactive(y|n) output(y|n) seed`: the lab's
//! harness, output byte for byte as the original's. `player` is a program run once per board
//! (`-` lets a person type the moves); `seed` is a number or `-` for the current time.
//!
//! Testing hook: with `SB_PLAYER_REPLAY=FILE` the moves are the lines of FILE, in order, instead
//! of the player's output (the player argument is then ignored).
use std::io::{self, BufRead, Write};
use superball::harness::{self, End, Human, MoveSource, Options, Program, Replay};
use superball::{Params, cli};

const USAGE: &str = "usage: sb-player rows cols min-score-size colors player interactive(y|n) output(y|n) seed";

fn fail(message: &str) -> ! {
    eprintln!("{USAGE}");
    if !message.is_empty() {
        eprintln!("{message}");
    }
    std::process::exit(1)
}

fn yes_no(arg: &str, what: &str) -> bool {
    match arg {
        "y" => true,
        "n" => false,
        _ => fail(&format!("Bad {what}: give y or n")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 8 {
        fail("");
    }
    let params: Params =
        cli::params_from_args("sb-player", &args[..4]).unwrap_or_else(|e| fail(e.lines().nth(1).unwrap_or_default()));
    let options = Options {
        interactive: yes_no(&args[5], "interactive"),
        output: yes_no(&args[6], "output"),
        ..Options::default()
    };
    let seed = harness::parse_seed(&args[7]).unwrap_or_else(|| fail("Bad seed"));

    let stdin = io::stdin();
    let mut player: Box<dyn MoveSource> = match std::env::var_os("SB_PLAYER_REPLAY") {
        Some(path) => {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("SB_PLAYER_REPLAY: {e}")));
            Box::new(Replay::new(text.lines().map(str::to_string).collect()))
        }
        None if args[4] == "-" => Box::new(Human::new(stdin.lock())),
        None => Box::new(Program::new(&args[4], &params)),
    };
    let human = player.is_human();
    let mut keyboard = io::BufReader::new(io::stdin());
    let keyboard: Option<&mut dyn BufRead> = if human { None } else { Some(&mut keyboard) };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let outcome = harness::run_game(&params, seed, player.as_mut(), &options, &mut out, keyboard);
    let _ = out.flush();
    match outcome {
        Ok(outcome) => {
            if outcome.end == End::GaveUp {
                eprintln!(
                    "sb-player: the player printed {} lines in a row that are not moves; giving up (score {})",
                    options.max_reasks + 1,
                    outcome.score
                );
            }
            std::process::exit(outcome.exit_code());
        }
        Err(e) => {
            eprintln!("sb-player: {e}");
            std::process::exit(1);
        }
    }
}
