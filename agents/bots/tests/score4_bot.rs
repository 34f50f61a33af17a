//! `score4-bot` as a process: transcripts in every dialect a referee might speak, reads split
//! anywhere, the end of input, a referee that goes away, and arbitrary bytes.

use rand::Rng;
use score4::protocol::Reply;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BOT: &str = env!("CARGO_BIN_EXE_score4-bot");

fn start(args: &[&str]) -> Child {
    Command::new(BOT)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("score4-bot starts")
}

/// Runs the bot on `input` (then end of input); returns (status, stdout lines, stderr).
fn transcript(args: &[&str], input: &[u8]) -> (std::process::ExitStatus, Vec<String>, String) {
    let mut child = start(args);
    let mut stdin = child.stdin.take().unwrap();
    // The bot may exit (on quit) before reading everything: a broken pipe here is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = wait_with_deadline(child, Duration::from_secs(20));
    let lines = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
    (out.status, lines, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn wait_with_deadline(mut child: Child, limit: Duration) -> std::process::Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("score4-bot did not exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

fn is_location(line: &str) -> bool {
    matches!(Reply::parse(line), Ok(Reply::Move(_))) && Reply::is_well_formed(line)
}

fn check_standard_transcript(args: &[&str], input: &str) {
    let (status, lines, stderr) = transcript(args, input.as_bytes());
    assert!(status.success(), "{status:?}: {stderr}");
    assert_eq!(lines.len(), 5, "{input:?} -> {lines:?}");
    assert_eq!(lines[0], "ok.");
    assert!(is_location(&lines[1]), "{lines:?}");
    assert_eq!(lines[2], "ok.");
    assert!(is_location(&lines[3]), "{lines:?}");
    assert_eq!(lines[4], "ok.");
    assert!(stderr.is_empty(), "the bot wrote to stderr without -v: {stderr}");
}

const STANDARD: &str = "play white;\nmove;\nnote: black plays A1;\nmove;\nquit;\n";

#[test]
fn the_handout_transcript_in_every_dialect() {
    for agent in ["random", "greedy", "alphabeta", "mcts"] {
        let args = ["--agent", agent, "--movetime-ms", "30", "--seed", "7"];
        // If the bot's first move was A1, Black's A1 lands on top of it: still legal.
        let (_, lines, _) = transcript(&args, STANDARD.as_bytes());
        assert_eq!(lines.len(), 5, "{agent}: {lines:?}");
        for input in [
            STANDARD.to_string(),
            STANDARD.replace('\n', " "),
            STANDARD.replace('\n', "\r\n"),
            STANDARD.to_uppercase(),
            "  PLAY   White ;move;\r\nnote:  BLACK plays a1 ;  Move ; QUIT;".to_string(),
        ] {
            let (status, lines, stderr) = transcript(&args, input.as_bytes());
            assert!(status.success());
            assert_eq!(lines.len(), 5, "{agent} {input:?} -> {lines:?}");
            assert_eq!([&lines[0], &lines[2], &lines[4]], ["ok.", "ok.", "ok."]);
            assert!(is_location(&lines[1]) && is_location(&lines[3]), "{lines:?}");
            assert!(stderr.is_empty(), "{stderr}");
        }
    }
}

#[test]
fn the_standard_transcript_with_the_default_agent() {
    check_standard_transcript(&["--movetime-ms", "50"], STANDARD);
}

#[test]
fn a_command_split_over_two_reads_is_answered_once_whole() {
    let mut child = start(&["--agent", "greedy"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"play bl").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    stdin.write_all(b"ack;\nnote: white plays B").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    stdin.write_all(b"2;\r\nmove;").unwrap();
    stdin.flush().unwrap();
    let mut got = String::new();
    let mut buf = [0u8; 64];
    while got.lines().count() < 3 {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "the bot closed its output early: {got:?}");
        got.push_str(std::str::from_utf8(&buf[..n]).unwrap());
    }
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(&lines[..2], ["ok.", "ok."]);
    assert!(is_location(lines[2]));
    drop(stdin); // end of input: the bot leaves quietly
    let out = wait_with_deadline(child, Duration::from_secs(10));
    assert!(out.status.success());
}

#[test]
fn no_restart_no_quit_just_end_of_input() {
    let (status, lines, stderr) = transcript(&["--agent", "random"], b"play black;\nnote: white plays C3;\nmove;\n");
    assert!(status.success());
    assert_eq!(lines.len(), 3);
    assert!(stderr.is_empty());
}

#[test]
fn bad_commands_get_one_error_line_each_and_change_nothing() {
    let input = b"move;\nplay purple;\nnote: white plays B1;\nnote: white plays B1;\nnote: black plays B1;\nnote: black plays E7;\n\
        note: white plays B1; note: black plays B1; note: white plays B1; note: black plays B1;\nfly;\nrestart;\nplay white;\nmove;\nquit;\n";
    let (status, lines, _) = transcript(&["--agent", "greedy"], input);
    assert!(status.success());
    // move (no colour: it plays White), a bad colour, two notes for White while Black is to
    // move, four legal notes filling B1, a fifth for the full peg, a bad location, ...
    assert!(is_location(&lines[0]), "{lines:?}");
    assert!(lines[1].starts_with("error") && lines[1].contains("colour"), "{lines:?}");
    assert!(lines.iter().all(|l| Reply::is_well_formed(l)), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("is full")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("unknown command")), "{lines:?}");
    assert_eq!(lines.len(), 15, "{lines:?}");
    assert!(lines[9].contains("peg B1 is full"), "{lines:?}");
    assert!(is_location(&lines[13]), "{lines:?}");
    assert_eq!(lines[14], "ok.");
}

#[test]
fn verbose_explains_on_stderr_and_only_then() {
    let (_, lines, stderr) = transcript(&["--agent", "random", "-v"], b"move;\nquit;\n");
    assert_eq!(lines.len(), 2);
    assert!(stderr.contains("colour is unknown"), "{stderr}");
}

#[test]
fn a_referee_that_quits_without_reading_or_closes_the_pipe() {
    // quit; and then the referee closes our stdout without reading: no panic, status 0.
    let mut child = start(&["--agent", "random"]);
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"play white; move; move; quit;\n");
    drop(stdin);
    let out = wait_with_deadline(child, Duration::from_secs(10));
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty());
}

#[test]
fn arbitrary_bytes_get_only_well_formed_lines() {
    let mut rng = tabula_core::rng_from_seed(2024);
    let words: [&[u8]; 8] = [b"play white", b"move", b"note: black plays ", b"A1", b";", b"\r\n", b"restart", b"d4"];
    for round in 0..12 {
        let mut input = Vec::new();
        for _ in 0..rng.random_range(0..400) {
            if round % 2 == 0 && rng.random_bool(0.5) {
                input.extend_from_slice(words[rng.random_range(0..words.len())]);
            } else {
                input.push(rng.random());
            }
        }
        let (status, lines, stderr) = transcript(&["--agent", "greedy", "--movetime-ms", "5"], &input);
        assert!(status.success(), "round {round}: {status:?}");
        assert!(stderr.is_empty(), "round {round}: {stderr}");
        for line in lines {
            assert!(Reply::is_well_formed(&line), "round {round}: {line:?}");
        }
    }
}
