//! The player's side of the protocol treats input as hostile: any bytes, split anywhere, give
//! well-formed answer lines (one per command) and never a panic; the same commands split over
//! reads answer the same.

use clue::protocol::{Reply, serve};
use proptest::prelude::*;
use rand::Rng;
use tabula_core::rng_from_seed;

fn random_serve(input: &[u8], chunk: usize) -> String {
    struct Chunked<'a>(&'a [u8], usize);
    impl std::io::Read for Chunked<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut rng = rng_from_seed(3);
    let choose = move |s: &clue::ClueState| {
        let legal = s.legal();
        legal[rng.random_range(0..legal.len())]
    };
    let mut out = Vec::new();
    serve(Chunked(input, chunk.max(1)), &mut out, choose, 1, clue::protocol::Pace::NONE, std::io::sink()).unwrap();
    String::from_utf8(out).unwrap()
}

const GAME: &str = "new players 3 items 13 hidden 4 seat 3 hand 1 2 3;\
    note: 1 asked 2: 4 5 showed; show 2: 1 9;\r\n NOTE 2 ASKED 3 : 1, 9 SHOWED 1; TURN ;\
    end: 3 2 1; quit;";

#[test]
fn a_scripted_game_is_answered_the_same_whatever_the_reads() {
    let whole = random_serve(GAME.as_bytes(), 4096);
    let lines: Vec<&str> = whole.lines().collect();
    assert_eq!(lines.len(), 7, "{whole}");
    assert_eq!(lines[..4], ["ok.", "ok.", "show 1.", "ok."], "{whole}");
    assert!(lines[4].starts_with("ask ") || lines[4].starts_with("guess:"), "{whole}");
    assert!(lines.iter().all(|l| Reply::is_well_formed(l)), "{whole}");
    for chunk in [1, 2, 7] {
        assert_eq!(random_serve(GAME.as_bytes(), chunk), whole);
    }
}

#[test]
fn commands_out_of_place_get_errors_that_change_nothing() {
    let out = random_serve(b"turn; new players 2 items 5 hidden 1 seat 1 hand 1 2; show 2: 3; note: 2 asked 1: 3 showed; note: 7 guessed holding 1; note: 2 asked 1: 1 showed 1; note: 2 guessed holding 1 2; show 2: 1 5; quit;", 64);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("error: no game"), "{out}");
    assert_eq!(lines[1], "ok.");
    assert_eq!(lines[2], "none.", "holding none of 3");
    assert!(lines[3].contains("which item"), "{out}");
    assert!(lines[4].starts_with("error"), "{out}");
    assert!(lines[5].starts_with("error"), "it is player 1's turn, not 2's: {out}");
    assert!(lines[6].starts_with("error"), "I cannot leave: {out}");
    assert!(lines[7].starts_with("error"), "not player 2's turn to ask: {out}");
    assert_eq!(lines[8], "ok.");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_get_well_formed_answers(bytes in proptest::collection::vec(any::<u8>(), 0..400), chunk in 1usize..50) {
        let out = random_serve(&bytes, chunk);
        let commands = bytes.split(|&b| b == b';').count();
        prop_assert!(out.lines().count() <= commands);
        for line in out.lines() {
            prop_assert!(Reply::is_well_formed(line), "{:?}", line);
        }
    }

    #[test]
    fn mangled_games_get_well_formed_answers(cut in 0usize..400, junk in proptest::collection::vec(any::<u8>(), 0..20), chunk in 1usize..30) {
        let mut bytes = GAME.as_bytes().to_vec();
        let at = cut.min(bytes.len());
        bytes.splice(at..at, junk);
        for line in random_serve(&bytes, chunk).lines() {
            prop_assert!(Reply::is_well_formed(line), "{:?}", line);
        }
    }
}

#[test]
fn the_game_in_protocol_md_plays_as_written() {
    let doc = include_str!("../PROTOCOL.md");
    let block = doc.split("## A game").nth(1).unwrap().split("```").nth(1).unwrap();
    let rows: Vec<(&str, &str)> = block
        .lines()
        .skip(2) // the language tag's empty rest and the header row
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (command, answer) = l.split_at(l.rfind("  ").unwrap());
            (command.trim(), answer.trim())
        })
        .collect();
    assert_eq!(rows.len(), 10, "{rows:?}");
    // The documented choices, one sub-action at a time.
    let params = clue::Params::new(3, 13, 4).unwrap();
    let mut script: std::collections::VecDeque<clue::SubAction> =
        ["ask 3", "7", "8", "done", "2", "guess", "7", "8", "12", "13"]
            .iter()
            .map(|s| clue::SubAction::parse(s, &params).unwrap())
            .collect();
    let choose = move |s: &clue::ClueState| script.pop_front().expect("a documented choice").to_action(s.params());
    let input: String = rows.iter().map(|(c, _)| format!("{c}\n")).collect();
    let mut out = Vec::new();
    serve(input.as_bytes(), &mut out, choose, 1, clue::protocol::Pace::NONE, std::io::sink()).unwrap();
    let answers: Vec<String> = String::from_utf8(out).unwrap().lines().map(str::to_string).collect();
    assert_eq!(answers, rows.iter().map(|(_, a)| a.to_string()).collect::<Vec<_>>());
}

#[test]
fn items_beyond_the_game_are_refused_not_believed() {
    // Found by examples/fuzz_readers.rs: a note naming item 70 of 13 once made the player's
    // deduction panic at its next turn.
    let out = random_serve(
        b"new players 3 items 13 hidden 4 seat 2 hand 1 2 3; note: 1 asked 3: 70 showed; show 1: 2 99; \
          note: 1 removed holding 4 5 600; turn; quit;",
        16,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[1].starts_with("error: item 70 is not in this game"), "{out}");
    assert!(lines[2].starts_with("error: item 99 is not in this game"), "{out}");
    assert!(lines[3].starts_with("error"), "{out}");
    // The turn draws a deal from what the player knows (where the panic was): player 1 is to
    // move, as before the refused notes.
    assert_eq!(lines[4], "error: it is player 1's turn.", "{out}");
    assert_eq!(lines[5], "ok.");
}
