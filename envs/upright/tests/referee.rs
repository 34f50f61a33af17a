//! The referee with real processes: the random player, a person typing on the binary's stdin,
//! and misbehaving bots written as tiny shell scripts (`sh -c`): each fault loses the game with
//! a message saying why, and the referee neither hangs nor dies (the faults every referee must
//! survive are tabula's shared checks, [`tabula_core::referee::misbehaving`]).

use std::io::{Cursor, Write};
use std::process::{Command, Stdio};
use tabula_core::referee::misbehaving::{self, Referee, forfeit_by, only_game};
use upright::referee::{Ending, Keyboard, MatchConfig, MatchSummary, Seat, run_match};
use upright::{Side, Upright};

const RANDOM: &str = env!("CARGO_BIN_EXE_upright-random-player");
const REFEREE: &str = env!("CARGO_BIN_EXE_upright-referee");

/// A bot that answers `ok.` to everything and plays the given moves in turn (`_` separates the
/// squares of one move: `c1_c2`).
fn scripted_bot(moves: &str) -> String {
    format!(
        r#"sh -c 'set -- {moves}; while read -r l; do case "$l" in move*) echo "$1." | tr _ " "; shift;; *) echo ok.;; esac; done'"#
    )
}

fn play_sized(size: usize, first: &str, second: &str, typed: &str, timeout_ms: u64) -> (MatchSummary, String) {
    misbehaving::play(Upright::new(size, Default::default()).unwrap(), first, second, typed, timeout_ms)
}

fn play(first: &str, second: &str, typed: &str, timeout_ms: u64) -> (MatchSummary, String) {
    play_sized(6, first, second, typed, timeout_ms)
}

#[test]
fn bots_that_crash_hang_print_garbage_or_refuse_a_note_lose_and_a_person_can_quit() {
    let titles = ["Player 1", "Player 2"];
    let referee = Referee {
        game: Upright::default(),
        titles,
        first_move: "a1",
        first_note: "note: first plays a1;",
        name: "upright",
    };
    referee.check_misbehaving_bots();
}

#[test]
fn random_players_play_a_match_without_a_fault() {
    let mut config =
        MatchConfig::new(format!("{RANDOM} --seed 1").parse().unwrap(), format!("{RANDOM} --seed 2").parse().unwrap());
    config.games = 6;
    let mut out = Vec::new();
    let summary = run_match(&config, &mut Keyboard::none(), &mut out);
    let out = String::from_utf8_lossy(&out);
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 6);
    assert_eq!(summary.wins[0] + summary.wins[1] + summary.draws, 6);
    for (_, record) in &summary.games {
        assert!(matches!(record.ending, Ending::Scored { .. }));
        assert_eq!(record.moves.len() - record.phase_two_moves, 11, "phase 1 is 11 one-square moves");
        let squares: usize = record.moves.iter().map(|(_, m)| m.len()).sum();
        assert_eq!(squares, 36);
    }
    assert!(out.contains("Game over: Player 1 ("), "{out}");
    assert!(out.contains("Score after 6 game(s)"), "{out}");
    let most = summary.games.iter().map(|(_, g)| g.phase_two_moves).max().unwrap();
    assert!(out.contains(&format!(", at most {most}.")), "the phase-2 statistics line: {out}");
}

#[test]
fn a_person_plays_through_the_referee_binarys_stdin() {
    // Two people on 3x3: phase 1 a1 b1 b2 b3 c3; player 2 fills c1 c2 (the move ends by itself);
    // player 1 fills a2 a3, the last squares. Rows O X x / o O x / o X O: 2 + 2 + 1; columns
    // O o o / X O X / x x O: 3 + 1 + 2.
    let mut child = Command::new(REFEREE)
        .args(["--first", "human", "--second", "human", "--size", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let typed = b"a1\nb1\nc3\nb2\nb3\nc3\nhistory\nc1, c2\nA2 A3.\n";
    // A referee that has finished may have closed its input already; that is fine.
    let _ = child.stdin.take().unwrap().write_all(typed);
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("c3 is not a legal move: c3 is not immediately above or to the right of b1."), "{text}");
    assert!(text.contains("1. a1  2. b1  3. b2  4. b3  5. c3"), "{text}");
    assert!(text.contains("Player 2 plays c1 c2."), "{text}");
    // The board after the last move, with each row's product and each column's below.
    assert!(
        text.contains(" 3   o  X  O   1*1*1 = 1\n 2   o  O  x   2*1 = 2\n 1   O  X  x   1*2 = 2\n     3  1  2\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "Game over: Player 1 (human) scores 5 (rows), Player 2 (human) scores 6 (columns): Player 2 (human) wins."
        ),
        "{text}"
    );
}

#[test]
fn a_person_beats_or_loses_to_the_random_player_on_2x2() {
    // On 2x2 the person's a1 then b2 are legal whatever the bot does in between.
    let (summary, out) = play_sized(2, "human", &format!("{RANDOM} --seed 3"), "a1\nb2\n", 5000);
    assert!(matches!(only_game(&summary).ending, Ending::Scored { .. }), "{out}");
    assert!(out.contains("Player 1 plays b2."), "{out}");
}

#[test]
fn a_bot_that_plays_an_illegal_move_loses() {
    // Player 1 must start at a1.
    let (summary, _) = play(&scripted_bot("b2"), "human", "", 5000);
    forfeit_by(&summary, Side::First.index(), "made an illegal move: b2: b2 is not a1");
    // Player 2 goes on after its move has ended by itself (3x3: after c1 c2 nothing qualifies).
    let (summary, out) = play_sized(3, "human", &scripted_bot("b1 b3 c1_c2_a2"), "a1\nb2\nc3\n", 5000);
    forfeit_by(&summary, Side::Second.index(), "the move ended by itself after c2");
    assert!(out.contains("Player 1 (human) wins."), "{out}");
}

#[test]
fn restart_starts_the_game_again_and_matches_alternate_seats() {
    let mut config = MatchConfig::new(Seat::Human, format!("{RANDOM} --seed 4").parse().unwrap());
    config.game = Upright::new(2, Default::default()).unwrap();
    config.games = 2;
    // Game 1: the person (player 1) restarts after a1, then plays a1, b2. Game 2: the person is
    // player 2; the bot must start at a1, and on 2x2 the person's answer is b1 or a2: typing
    // both covers either (the wrong one is refused and asked again). Phase 2: the last square.
    let typed = "a1\nrestart\na1\nb2\nb1\na2\nb1\na2\n";
    let mut out = Vec::new();
    let summary = run_match(&config, &mut Keyboard::new(Cursor::new(typed)), &mut out);
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("Restarting the game."), "{out}");
    assert_eq!(summary.games.len(), 2, "{out}");
    assert_eq!(summary.games[0].0, 0, "the person is player 1 in game 1");
    assert_eq!(summary.games[1].0, 1, "the bot is player 1 in game 2");
    assert!(out.contains("Score after 2 game(s): human"), "{out}");
}
