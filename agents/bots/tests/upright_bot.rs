//! `upright-bot` through the referee (library) with real processes, and alone on its stdin.

mod common;

use common::alone;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;
use upright::referee::{Keyboard, MatchConfig, Seat, run_match};

const BOT: &str = env!("CARGO_BIN_EXE_upright-bot");

fn bot(args: &str) -> Seat {
    Seat::Program(format!("{BOT} {args}"))
}

#[test]
fn greedy_beats_random_through_the_referee_without_a_fault() {
    let mut config = MatchConfig::new(bot("--agent greedy"), bot("--agent random"));
    config.games = 20;
    config.timeout = Duration::from_secs(20);
    let summary = run_match(&config, &mut Keyboard::none(), &mut std::io::sink());
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 20);
    // Seats alternate: greedy is player 1 in half the games.
    assert_eq!(summary.games.iter().filter(|(first, _)| *first == 0).count(), 10);
    assert!(summary.wins[0] >= 17, "greedy won only {:?} (draws {})", summary.wins, summary.draws);
}

#[test]
fn the_bot_answers_hostile_input_and_ends_quietly() {
    let mut child = Command::new(BOT)
        .args(["--agent", "random", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Garbage, upper case, CR/LF, a command split over two lines, two on one line; then EOF.
    let input: &[u8] = b"\xff\xfe garbage;\r\nNEW 6\r\n  FIRST; move;\n";
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "stderr without -v: {:?}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("error"), "{text}");
    assert_eq!(lines[1], "ok.");
    assert_eq!(lines[2], "a1.", "player 1's first square is forced");
}

#[test]
fn a_trained_agent_needs_a_model_and_says_which_file() {
    let out = Command::new(BOT)
        .args(["--agent", "az", "--checkpoint", "/nonexistent/run"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/run"), "{err}");
}

#[test]
fn with_no_arguments_the_shipped_agent_plays_from_an_empty_directory_and_beats_random() {
    // The binary copied alone: the model it plays is compiled into it.
    let (dir, copy) = alone(BOT);
    assert!(copy.exists());
    let shipped = Seat::Program(format!("sh -c 'cd {} && ./upright-bot'", dir.path().display()));
    let mut config = MatchConfig::new(shipped, bot("--agent random --seed 3"));
    config.games = 2;
    config.timeout = Duration::from_secs(20);
    let summary = run_match(&config, &mut Keyboard::none(), &mut std::io::sink());
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 2);
    assert_eq!(summary.wins[0], 2, "the shipped agent lost to random: {:?} (draws {})", summary.wins, summary.draws);
}
