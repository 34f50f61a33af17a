//! Replays every recorded game of the original sb-player through ours and requires the same
//! bytes, and checks the originals' behaviour with bad players (io/illegal-*.out).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PLAYER: &str = env!("CARGO_BIN_EXE_sb-player");

fn fixtures() -> PathBuf {
    // The directory at run time: a cached test binary may have been built in another clone.
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    Path::new(&dir).join("tests/fixtures")
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sb-replay-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `exit=N` appended as the recorded files do.
fn with_exit(out: Output) -> String {
    let code = out.status.code().expect("sb-player exits normally");
    format!("{}exit={code}\n", String::from_utf8(out.stdout).unwrap())
}

/// `(rows, cols, mss, colors, seed)` from `PLAYER-ROWSxCOLS-MSS-COLORS-seedN.txt`.
fn trace_args(name: &str) -> [String; 5] {
    let parts: Vec<&str> = name.trim_end_matches(".txt").split('-').collect();
    let (rows, cols) = parts[1].split_once('x').unwrap();
    [rows.into(), cols.into(), parts[2].into(), parts[3].into(), parts[4].trim_start_matches("seed").into()]
}

fn recorded_moves(trace: &str) -> String {
    trace.lines().filter_map(|l| l.strip_prefix("Move is: ")).map(|m| format!("{m}\n")).collect()
}

#[test]
fn every_trace_replays_byte_for_byte() {
    let dir = scratch("all");
    let mut names: Vec<String> = std::fs::read_dir(fixtures().join("traces"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 14, "the trace fixtures are missing");
    for name in &names {
        let trace = std::fs::read_to_string(fixtures().join("traces").join(name)).unwrap();
        let moves = dir.join(format!("{name}.moves"));
        std::fs::write(&moves, recorded_moves(&trace)).unwrap();
        let [rows, cols, mss, colors, seed] = trace_args(name);
        let out = Command::new(PLAYER)
            .args([&rows, &cols, &mss, &colors, "unused-player", "n", "y", &seed])
            .env("SB_PLAYER_REPLAY", &moves)
            .output()
            .unwrap();
        assert!(with_exit(out) == trace, "{name} differs from the original's output");
    }
    std::fs::remove_dir_all(dir).ok();
}

/// A player script that prints line `n` of `moves` on its `n`-th run.
fn replay_script(dir: &Path, moves: &str) -> PathBuf {
    std::fs::write(dir.join("moves"), moves).unwrap();
    std::fs::write(dir.join("count"), "0\n").unwrap();
    let script = dir.join("player.sh");
    let body = format!(
        "#!/bin/sh\ncat > /dev/null\nn=$(( $(cat {d}/count) + 1 ))\necho $n > {d}/count\nsed -n \"${{n}}p\" {d}/moves\n",
        d = dir.display()
    );
    write_script(&script, &body);
    script
}

fn write_script(path: &Path, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, body).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_player_program_replays_a_trace_and_sees_the_board() {
    let name = "sbplay3-8x10-5-pbyrg-seed4.txt";
    let trace = std::fs::read_to_string(fixtures().join("traces").join(name)).unwrap();
    let dir = scratch("program");
    let script = replay_script(&dir, &recorded_moves(&trace));
    let [rows, cols, mss, colors, seed] = trace_args(name);
    let out = Command::new(PLAYER)
        .args([&rows, &cols, &mss, &colors, script.to_str().unwrap(), "n", "y", &seed])
        .output()
        .unwrap();
    assert_eq!(with_exit(out), trace);

    // Output off: only the last line.
    std::fs::write(dir.join("count"), "0\n").unwrap();
    let out = Command::new(PLAYER)
        .args([&rows, &cols, &mss, &colors, script.to_str().unwrap(), "n", "n", &seed])
        .output()
        .unwrap();
    assert_eq!(with_exit(out), "Game over.  Final score = 424\nexit=0\n");
    std::fs::remove_dir_all(dir).ok();
}

fn bad_player(name: &str, body: &str, seed: &str) -> Output {
    let dir = scratch(name);
    let script = dir.join("player.sh");
    write_script(&script, body);
    let out = Command::new(PLAYER)
        .args(["8", "10", "5", "pbyrg", script.to_str().unwrap(), "n", "y", seed])
        .output()
        .unwrap();
    std::fs::remove_dir_all(dir).ok();
    out
}

fn illegal(n: usize) -> String {
    std::fs::read_to_string(fixtures().join(format!("io/illegal-{n}.out"))).unwrap()
}

#[test]
fn illegal_moves_and_silent_players_end_as_in_the_original() {
    let out = bad_player("score", "#!/bin/sh\necho 'SCORE 0 0'\n", "1");
    assert_eq!(with_exit(out), illegal(1));
    let out = bad_player("swap", "#!/bin/sh\necho 'SWAP 0 0 0 1'\n", "1");
    assert_eq!(with_exit(out), illegal(2));
    let out = bad_player("silent", "#!/bin/sh\ntrue\n", "1");
    assert_eq!(with_exit(out), illegal(4));
}

#[test]
fn a_player_that_never_moves_is_asked_again_then_given_up_on() {
    let out = bad_player("hello", "#!/bin/sh\necho hello\n", "1");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    // The recorded original repeats the same turn; it was killed mid-way, so compare up to there.
    let recorded = illegal(3);
    let cut = recorded.find("...\n[...").unwrap();
    assert!(text.starts_with(&recorded[..cut]));
    let turn = recorded.split("Move is: hello\n\n").next().unwrap().to_string() + "Move is: hello\n\n";
    assert_eq!(text, turn.repeat(1001), "1 ask + 1000 re-asks, then it gives up");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("giving up"), "{err}");
}

#[test]
fn interactive_games_wait_for_return_and_people_can_type_moves() {
    use std::io::Write;
    let run = |player: &str, input: &str| {
        let mut child = Command::new(PLAYER)
            .args(["8", "10", "5", "pbyrg", player, "y", "y", "1"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The program may refuse its arguments and exit before reading: a closed pipe is
        // its answer (checked below), not a failure of the test.
        if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        let out = child.wait_with_output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let dir = scratch("interactive");
    let script = dir.join("player.sh");
    write_script(&script, "#!/bin/sh\necho 'SCORE 0 0'\n");
    let (code, text) = run(script.to_str().unwrap(), "\n");
    assert_eq!(code, Some(1));
    assert!(text.contains("..........\n\nType Return for the next play\nMove is: SCORE 0 0\n"), "{text}");
    std::fs::remove_dir_all(dir).ok();

    // A person: a line that is not a move is asked again; an illegal move ends the game.
    let (code, text) = run("-", "what\nswap 0 1 0 4\nSCORE 2 0\n");
    assert_eq!(code, Some(1));
    assert_eq!(text.matches("Your Move: ").count(), 3);
    assert!(text.contains("Empty Cells: 70     Score: 0"), "{text}");
    assert!(text.ends_with("SCORE r c -- cell 2,0 is empty\n\n"), "{text}");
}

#[test]
fn bad_command_lines_get_the_usage_line() {
    for args in [&["8", "10", "5", "pbyrg", "p", "n", "y"][..], &["8", "10", "5", "pbyrg", "p", "x", "y", "1"][..]] {
        let out = Command::new(PLAYER).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(
            String::from_utf8(out.stderr)
                .unwrap()
                .starts_with("usage: sb-player rows cols min-score-size colors player")
        );
    }
}
