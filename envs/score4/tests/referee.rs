//! The referee against misbehaving bots, written as tiny shell scripts (`sh -c`): each fault
//! loses the game with a message saying why, and the referee neither hangs nor dies. The faults
//! every referee must survive are tabula's shared checks
//! ([`tabula_core::referee::misbehaving`]); Score 4's own cases follow.

use score4::referee::{Ending, Keyboard, MatchConfig, MatchSummary, Seat, run_match};
use score4::{Color, Score4};
use std::io::Cursor;
use std::process::{Command, Stdio};
use tabula_core::referee::misbehaving::{self, Referee, forfeit_by, only_game};

/// A bot that answers `ok.` to everything and plays the given pegs in turn.
fn scripted_bot(pegs: &str) -> String {
    format!(
        r#"sh -c 'set -- {pegs}; while read -r l; do case "$l" in move*) echo "$1."; shift;; *) echo ok.;; esac; done'"#
    )
}

fn play(white: &str, black: &str, typed: &str, timeout_ms: u64) -> (MatchSummary, String) {
    misbehaving::play(Score4, white, black, typed, timeout_ms)
}

#[test]
fn bots_that_crash_hang_print_garbage_or_refuse_a_note_lose_and_a_person_can_quit() {
    let referee = Referee {
        game: Score4,
        titles: ["White", "Black"],
        first_move: "B2",
        first_note: "note: white plays B2;",
        name: "score4",
    };
    referee.check_misbehaving_bots();
}

#[test]
fn a_person_beats_a_scripted_bot_that_floods_its_stderr() {
    // 1 MB on stderr would fill a pipe nobody reads and hang the bot: the referee discards it.
    let bot =
        format!("sh -c 'head -c 1000000 /dev/zero >&2; exec {}'", scripted_bot("D1 D2 D3").replace('\'', "'\\''"));
    let (summary, out) = play("human", &bot, "A1\nA2\nhistory\nA3\nA4\n", 5000);
    assert!(matches!(only_game(&summary).ending, Ending::Line { winner: Color::White, .. }), "{out}");
    assert!(out.contains("White (human) wins along A1 (level 1), A2 (level 1), A3 (level 1), A4 (level 1)."), "{out}");
    assert!(out.contains("1. A1 D1  2. A2 D2"), "{out}");
    assert!(out.contains("Black plays D3."));
    assert_eq!(summary.wins, [1, 0]);
}

#[test]
fn a_bot_that_plays_an_illegal_move_loses() {
    let bot = scripted_bot("A1 A1 A1");
    let (summary, out) = play(&bot, &bot, "", 5000);
    forfeit_by(&summary, Color::White.index(), "made an illegal move: peg A1 is full");
    assert!(out.contains("Black (sh -c"), "{out}");
}

#[test]
fn restart_starts_the_game_again_and_matches_alternate_colours() {
    let bot = scripted_bot("D1 D2 D3 D4 C4 C4 C4");
    // Game 1: the person is White, restarts after one move, then wins along A1..A4.
    // Game 2: the person is Black and the bot (White) plays D1 D2 D3 D4: a line of four.
    let mut config = MatchConfig::new(Seat::Human, bot.parse().unwrap());
    config.games = 2;
    let typed = "B3\nrestart\nA1\nA2\nA3\nA4\nA1\nA2\nA3\n";
    let mut out = Vec::new();
    let summary = run_match(&config, &mut Keyboard::new(Cursor::new(typed)), &mut out);
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("Restarting the game."), "{out}");
    assert_eq!(summary.games.len(), 2);
    assert_eq!(summary.games[0].0, 0, "the person is White in game 1");
    assert_eq!(summary.games[1].0, 1, "the bot is White in game 2");
    assert_eq!(summary.wins, [1, 1], "{out}");
    assert!(out.contains("Score after 2 game(s): human 1,"), "{out}");
}

#[test]
fn the_referee_binary_plays_a_person_against_a_bot() {
    let bot = scripted_bot("D1 D2 D3");
    let mut child = Command::new(env!("CARGO_BIN_EXE_score4-referee"))
        .args(["--white", "human", "--black", &bot, "--timeout-ms", "5000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"a1\nA2\nhistory\nA3\nA4\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(text.contains("White (human) wins along"), "{text}");
    assert!(text.contains("Black (sh -c"), "{text}");
}

#[test]
fn a_draw_is_declared_as_soon_as_no_line_can_be_completed() {
    // A full game without a line (from the board's tests), split between two scripted bots.
    const DRAWN_GAME: &str = "B1 A1 A1 C1 A1 C1 A1 C1 B1 B1 C1 B1 D1 C2 D1 D1 A2 D1 A2 D2 A2 A2 B2 B2 C2 B2 B2 C2 \
        A3 C2 C3 D2 D2 A3 D2 A3 A3 B3 C3 B3 C3 B3 B3 C3 D3 C4 D3 D3 A4 D3 B4 A4 A4 A4 C4 B4 C4 C4 D4 D4 B4 D4 B4 D4";
    let moves: Vec<&str> = DRAWN_GAME.split_whitespace().collect();
    let white: Vec<&str> = moves.iter().step_by(2).copied().collect();
    let black: Vec<&str> = moves.iter().skip(1).step_by(2).copied().collect();
    // Where the referee should stop: the first position in which every line holds both colours.
    let mut board = score4::Board::new();
    let mut dead_at = None;
    for (i, m) in moves.iter().enumerate() {
        board.play(m.parse().unwrap()).unwrap();
        if board.is_dead_draw() {
            dead_at = Some(i + 1);
            break;
        }
    }
    let dead_at = dead_at.expect("a full board without a line is a dead draw");
    let (summary, out) = play(&scripted_bot(&white.join(" ")), &scripted_bot(&black.join(" ")), "", 5000);
    let game = &summary.games[0].1;
    assert_eq!(game.moves.len(), dead_at, "{out}");
    assert_eq!(game.ending, Ending::Draw { early: dead_at < 64 });
    assert!(out.contains("Draw"), "{out}");
}
