//! The `tabula` binary, driven as a person would drive it.

use std::io::Write;
use std::process::{Command, Stdio};

fn tabula(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn games_lists_score4() {
    let (code, out, _) = tabula(&["games"], "");
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("score4 ")), "{out}");
}

#[test]
fn play_score4_through_stdin() {
    // Bad input, a good move, the list of moves, a restart, a move and quit.
    let (code, out, err) = tabula(&["play", "score4", "--seed", "5"], "E9\nhello\nB3\nmoves\nrestart\nA1\nquit\n");
    assert_eq!(code, 0, "stderr: {err}");
    assert!(out.contains("you are White"), "{out}");
    assert!(out.contains("cannot read \"E9\" as a move"), "{out}");
    assert!(out.contains("Legal moves: A1 B1 C1 D1"), "{out}");
    assert!(out.contains("Black (random) plays"), "{out}");
    assert!(out.contains("New game."), "{out}");
    // The board is drawn: after B3 the first level shows White's bead in row 3, column B.
    assert!(out.contains("  3   . W . ."), "{out}");
    assert!(out.contains("       A B C D     A B C D"), "{out}");
}

#[test]
fn play_as_second_player_and_finish_a_game_at_eof() {
    // Keep playing the first legal move; the game ends at some point or input runs out: both exit 0.
    let moves = "A1\nB1\nC1\nD1\nA2\nB2\nC2\nD2\nA3\nB3\nC3\nD3\nA4\nB4\nC4\nD4\n".repeat(4);
    let (code, out, _) = tabula(&["play", "score4", "--seat", "2", "--seed", "9"], &moves);
    assert_eq!(code, 0);
    assert!(out.contains("you are Black"));
    assert!(out.contains("White (random) plays"));
    assert!(out.contains("Game over"), "{out}");
}

#[test]
fn play_against_the_alphabeta_baseline() {
    let (code, out, err) = tabula(&["play", "score4", "--opponent", "alphabeta", "--seed", "1"], "A1\nA1\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Black (alphabeta"), "{out}");
    let (code, _, err) = tabula(&["play", "score4", "--opponent", "deep-blue"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown agent \"deep-blue\""), "{err}");
}

#[test]
fn bad_game_and_seat_are_clear_errors() {
    let (code, _, err) = tabula(&["play", "chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game \"chess\""), "{err}");
    assert!(err.contains("tabula games"), "{err}");
    let (code, _, err) = tabula(&["play", "score4", "--seat", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--seat must be between 1 and 2"), "{err}");
}

#[test]
fn check_runs_the_env_checker() {
    let (code, out, err) = tabula(&["check", "score4", "--playouts", "50"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score4: passed the env checker (50 playouts"), "{out}");
}
