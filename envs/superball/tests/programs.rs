//! sb-read and sb-analyze against the original programs' outputs, and their errors.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(bin: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may refuse its arguments and exit before reading: a closed pipe is
    // its answer (checked below), not a failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

const READ: &str = env!("CARGO_BIN_EXE_sb-read");
const ANALYZE: &str = env!("CARGO_BIN_EXE_sb-analyze");
const STD: [&str; 4] = ["8", "10", "5", "pbyrg"];

fn fixture(name: &str) -> Vec<u8> {
    // The directory at run time: a cached test binary may have been built in another clone.
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    std::fs::read(format!("{dir}/tests/fixtures/io/{name}")).unwrap()
}

#[test]
fn sb_read_matches_the_original_exactly() {
    for n in [1, 2] {
        let out = run(READ, &STD, &fixture(&format!("input-{n}.txt")));
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(fixture(&format!("input-{n}.sb-read.out"))).unwrap()
        );
    }
}

/// `(size, char)` of each set line.
type SetKeys = BTreeSet<(u32, char)>;

/// The sets of an sb-analyze output, and the goal cells named.
fn sets(text: &str) -> (SetKeys, Vec<(usize, usize)>) {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Scoring sets:"));
    let mut sets = BTreeSet::new();
    let mut cells = Vec::new();
    for line in lines {
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!((w[0], w[2], w[4], w[5]), ("Size:", "Char:", "Scoring", "Cell:"), "{line}");
        assert!(sets.insert((w[1].parse().unwrap(), w[3].chars().next().unwrap())), "a set twice: {line}");
        let (r, c) = w[6].split_once(',').unwrap();
        cells.push((r.parse().unwrap(), c.parse().unwrap()));
    }
    (sets, cells)
}

#[test]
fn sb_analyze_lists_the_same_sets_with_legal_goal_cells() {
    for n in [1, 2] {
        let board = fixture(&format!("input-{n}.txt"));
        let out = run(ANALYZE, &STD, &board);
        assert!(out.status.success());
        let ours = String::from_utf8(out.stdout).unwrap();
        let (got, cells) = sets(&ours);
        let (want, _) = sets(&String::from_utf8(fixture(&format!("input-{n}.sb-analyze.out"))).unwrap());
        assert_eq!(got, want);
        // Each named cell is a goal cell (upper case in the text) of the right colour.
        let rows: Vec<&[u8]> = board.split(|&b| b == b'\n').collect();
        for ((r, c), line) in cells.iter().zip(ours.lines().skip(1)) {
            let ch = rows[*r][*c];
            assert!(ch.is_ascii_uppercase(), "{line}: not a goal cell");
            assert!(line.contains(&format!("Char: {}", ch.to_ascii_lowercase() as char)), "{line}");
        }
    }
}

#[test]
fn malformed_boards_get_the_originals_messages() {
    let cases: [(&[u8], &str); 4] = [
        (b"..........\n..........\n", "Bad board: not enough rows on standard input\n"),
        (b"..........\n.........\n", "Bad board on row 1 - wrong number of characters.\n"),
        (b"..........\n..x.......\n", "Bad board row 1 - bad character x.\n"),
        (b"", "Bad board: not enough rows on standard input\n"),
    ];
    for bin in [READ, ANALYZE] {
        for (input, message) in cases {
            let out = run(bin, &STD, input);
            assert_eq!(out.status.code(), Some(1));
            assert!(out.stdout.is_empty());
            assert_eq!(String::from_utf8(out.stderr).unwrap(), message);
        }
    }
}

#[test]
fn bad_arguments_get_the_usage_line() {
    let name = |bin: &str| if bin == READ { "sb-read" } else { "sb-analyze" };
    for bin in [READ, ANALYZE] {
        for (args, message) in [
            (&["8", "10", "5"][..], ""),
            (&["0", "10", "5", "pbyrg"][..], "Bad rows\n"),
            (&["8", "x", "5", "pbyrg"][..], "Bad cols\n"),
            (&["8", "10", "-1", "pbyrg"][..], "Bad min-score-size\n"),
            (&["8", "10", "5", "pb1"][..], "Colors must be distinct letters\n"),
            (&["8", "10", "5", "pbB"][..], "Colors must be lowercase letters\n"),
            (&["8", "10", "5", "pbp"][..], "Duplicate color\n"),
        ] {
            let out = run(bin, args, b"");
            assert_eq!(out.status.code(), Some(1));
            let want = format!("usage: {} rows cols min-score-size colors\n{message}", name(bin));
            assert_eq!(String::from_utf8(out.stderr).unwrap(), want);
        }
    }
}
